import Foundation
import GRDB
import GRDBSQLite

/// Keeping the snapshot up to date with the files: the walk's changes recorded, files the tool wrote,
/// a clone's checkout, racy files settled.
extension EntryIndex {
    // MARK: Keeping up with the files

    /// A look at some folders only cannot be made on an empty snapshot: the whole walk is the way.
    struct NeedsWholeWalk: Error {}

    /// What a refresh found changed since the last one.
    struct Changes {
        /// Files added, changed or deleted since the last refresh, plus those not yet known to be committed.
        var uncommitted: [String] = []
        var reread = 0
        var rebuilt = false
    }

    /// How the index reads a file: safe to call from several threads at once.
    typealias Reader = @Sendable (String) -> (Entry, UInt64)?

    private struct Known {
        var hash: Int64
        var dirty: Bool
    }

    /// Brings the snapshot up to date with the files: a stat walk, then only changed files are read,
    /// on every core. `progress` hears (done, total) during a long rebuild.
    /// `settle` finishes, one at a time, entries whose date could not come from their file.
    /// `onlyFolders`: a watcher saw only these folders change (relative to the journal, "" for its own files):
    /// only they are looked at, every other one is taken to be as the snapshot has it, and the scan time stays.
    func refresh(
        root: String, read: @escaping Reader, settle: (inout Entry) -> Void, progress: ((Int, Int) -> Void)? = nil,
        onlyFolders: Set<String>? = nil
    ) throws(JournalError) -> Changes {
        try writing { try refreshOrThrow(root: root, read: read, settle: settle, progress: progress, onlyFolders: onlyFolders) }
    }

    private func refreshOrThrow(
        root: String, read: @escaping Reader, settle: (inout Entry) -> Void, progress: ((Int, Int) -> Void)?,
        onlyFolders: Set<String>?
    ) throws -> Changes {
        let scanStart = Scan.clock()
        // The stat walk runs on other threads while the snapshot's picture of the folders is read here.
        let walking = onlyFolders == nil ? Scan.start(root: root) : nil
        var lastScan: Int64 = 0
        var changes = Changes()
        // Files whose stamp changed, plus "racy" ones written so close to the last scan that a
        // same-size edit in the same clock tick could hide: those are re-read and compared by content.
        var suspects: [(path: String, key: UInt64, stamp: FileStamp)] = []
        var known: [UInt64: Known] = [:]  // what the snapshot says of the suspects and the removed only
        // Whether every suspect is one only for being racy, in a folder whose stamps all match the snapshot's.
        var onlyRacy = true
        var removed: [UInt64] = []
        // After a rebuild, `folder` holds what the walk found: every file was put with the stamp it found.
        var rebuiltFolders: [(path: String, stamps: Data)] = []
        // The folders' stamps (4 MB at 100,000 entries) are read from the file mapped, not copied in by read(2):
        // 3-6 ms of the kernel's copying against 1, on a core the walk wants.
        try readMapped { db in
            lastScan = Int64(try String.fetchOne(db, sql: "SELECT value FROM meta WHERE key = 'scanned'") ?? "0") ?? 0
            var stored: [PathBytes: Data] = [:]
            var folders = RawStatement(try db.makeStatement(sql: "SELECT path, stamps FROM folder"))
            try folders.forEachRow(db) { raw in
                let path = String(cString: sqlite3_column_text(raw, 0))
                let count = Int(sqlite3_column_bytes(raw, 1))
                stored[PathBytes(path)] = count == 0 ? Data() : Data(bytes: sqlite3_column_blob(raw, 1), count: count)
            }
            changes.rebuilt = stored.isEmpty
            changes.uncommitted = try String.fetchAll(db, sql: "SELECT path FROM file WHERE dirty = 1")
            if let onlyFolders {
                // Only what a watcher saw change; a snapshot with nothing in it is not a picture to patch.
                guard !changes.rebuilt else { throw EntryIndex.NeedsWholeWalk() }
                stored = stored.filter { onlyFolders.contains($0.key.path) }
            }
            let scan = walking?.finish() ?? Scan.walk(root: root, only: onlyFolders ?? [])
            if changes.rebuilt { rebuiltFolders = scan.folders.map { ($0.path, PackedStamp.pack($0.stamps)) } }
            let racy = lastScan - 1_000_000_000
            var seen = Set<PathBytes>()
            seen.reserveCapacity(stored.count)
            for folder in scan.folders {
                seen.insert(PathBytes(folder.path))
                let before = stored[PathBytes(folder.path)]
                if folder.same(as: before) {
                    // No file of the folder changed its stamp: only the racy ones are read again.
                    for (index, file) in folder.stamps.enumerated() where file.stamp.mtime >= racy {
                        suspects.append((folder.path(of: index), UInt64(bitPattern: file.key), file.stamp))
                    }
                    continue
                }
                // Both in key order: new files, changed or racy ones, and files gone.
                onlyRacy = false
                let old = before.map(PackedStamp.unpack) ?? []
                var next = old.startIndex
                for (index, file) in folder.stamps.enumerated() {
                    while next < old.endIndex, old[next].key < file.key {
                        removed.append(UInt64(bitPattern: old[next].key))
                        next += 1
                    }
                    if next < old.endIndex, old[next].key == file.key {
                        let same = old[next].stamp == file.stamp
                        next += 1
                        if same && file.stamp.mtime < racy { continue }
                    }
                    suspects.append((folder.path(of: index), UInt64(bitPattern: file.key), file.stamp))
                }
                removed += old[next...].map { UInt64(bitPattern: $0.key) }
            }
            for (folder, stamps) in stored where !seen.contains(folder) {
                removed += PackedStamp.unpack(stamps).map { UInt64(bitPattern: $0.key) }
            }
            // What the snapshot knew of the suspects and the removed (none after a rebuild).
            guard !changes.rebuilt, !(suspects.isEmpty && removed.isEmpty) else { return }
            let lookup = try db.makeStatement(sql: "SELECT hash, dirty FROM file WHERE key = ?")
            for key in suspects.map(\.key) + removed {
                if let row = try Row.fetchOne(lookup, arguments: [Int64(bitPattern: key)]) {
                    known[key] = Known(hash: row[0], dirty: row[1])
                }
            }
        }
        // Nothing changed: nothing is written, so a command that only reads never writes the snapshot (a
        // write cost every read a WAL checkpoint with two fsyncs at exit). The scan time stays as it was:
        // with no racy file now, a file changed later differs in its stamp or is racy against the old time.
        if suspects.isEmpty && removed.isEmpty {
            changes.uncommitted.sort()
            return changes
        }
        // Only racy files (one just written by the last command, or the many a clone just wrote): they are
        // hashed on every core, not parsed, and only those whose bytes changed are read (the others were read
        // after this scan began). With none changed, only the scan time moves, so that those written over a
        // second before this scan stop being racy. When every one of them is still racy against this scan
        // (the one file the last command just wrote), writing would gain nothing: they would be read again
        // next time all the same, so nothing is written, as above.
        if onlyRacy, removed.isEmpty, !changes.rebuilt {
            let hashes = EntryIndex.hashes(of: suspects.map { root + "/" + $0.path })
            let settles = suspects.contains { $0.stamp.mtime < scanStart - 1_000_000_000 }
            suspects = zip(suspects, hashes).filter { known[$0.key]?.hash != $1 }.map(\.0)
            if suspects.isEmpty {
                if settles, onlyFolders == nil {
                    try database.write { db in
                        try db.execute(sql: "INSERT OR REPLACE INTO meta VALUES ('scanned', ?)", arguments: [String(scanStart)])
                    }
                }
                changes.uncommitted.sort()
                return changes
            }
        }
        suspects.sort { $0.path < $1.path }
        // A few files are indexed whole at once.
        let bulk = EntryIndex.isBulk(suspects.count)
        // Files are read and parsed on other threads while SQLite inserts the ones before them.
        let parsed = ReadAhead(paths: suspects.map(\.path), read: read, withText: !bulk)
        try database.write { db in
            // A big load merges the text index's segments once at the end, not on every insert.
            let dropped = bulk ? try EntryIndex.beginBulk(db, dropIndexes: changes.rebuilt) : []
            let writer = try Writer(db)
            var touched = Set<PathBytes>()
            for (index, suspect) in suspects.enumerated() {
                let isEntry = Journal.isEntryPath(suspect.path)
                touched.insert(PathBytes(Writer.folder(of: suspect.path)))
                let result = parsed.take(index)
                if index % 2000 == 1999 { progress?(index + 1, suspects.count) }
                let hash = result.map { Int64(bitPattern: $0.1) } ?? EntryIndex.hash(ofFileAt: root + "/" + suspect.path)
                let old = known[suspect.key]
                let contentChanged = old?.hash != hash
                let dirty = contentChanged || old?.dirty == true
                try writer.putFile(suspect.key, suspect.path, suspect.stamp, hash: hash, dirty: dirty)
                guard contentChanged else { continue }
                changes.reread += 1
                if old?.dirty != true { changes.uncommitted.append(suspect.path) }
                if isEntry {
                    try writer.deleteEntry(suspect.path)  // another process may have indexed it meanwhile
                    if let entry = result?.0 { try writer.insert(entry, text: bulk ? nil : result?.2, settle: settle) }
                }
            }
            for key in removed {
                guard let path = try String.fetchOne(db, sql: "SELECT path FROM file WHERE key = ?", arguments: [Int64(bitPattern: key)]) else { continue }
                try db.execute(sql: "DELETE FROM file WHERE key = ?", arguments: [Int64(bitPattern: key)])
                try writer.deleteEntry(path)
                touched.insert(PathBytes(Writer.folder(of: path)))
                // Its row is gone; that the deletion waits for a commit is kept (see `dirtyPaths`).
                try db.execute(sql: "INSERT OR REPLACE INTO meta VALUES (?, '')", arguments: [EntryIndex.gone + path])
                if known[key]?.dirty != true { changes.uncommitted.append(path) }
            }
            if changes.rebuilt {
                try writer.putFolders(rebuiltFolders)
            } else {
                try writer.rewriteFolders(touched)
            }
            // A watcher's look at some folders says nothing of the others' racy files: the scan time stays.
            if onlyFolders == nil {
                try db.execute(sql: "INSERT OR REPLACE INTO meta VALUES ('scanned', ?)", arguments: [String(scanStart)])
            }
            if bulk { try EntryIndex.endBulk(db, recreate: dropped) }
        }
        if suspects.count >= 2000 { progress?(suspects.count, suspects.count) }
        // Already in order and without repeats after a rebuild (the suspects, sorted): 100,000 paths need no set.
        if !zip(changes.uncommitted, changes.uncommitted.dropFirst()).allSatisfy({ $0 < $1 }) {
            changes.uncommitted = Array(Set(changes.uncommitted.map(PathBytes.init))).map(\.path).sorted()
        }
        return changes
    }

    /// `body` in a read transaction that reads the snapshot's file through a mapping (PRAGMA mmap_size), not
    /// read(2); later reads copy again. Only for a read that wants many pages once: a search reading its pages
    /// mapped would count each one as the process's memory (92 MB for a common word at 100,000 entries).
    private func readMapped(_ body: (Database) throws -> Void) throws {
        try database.inDatabase { db in try db.execute(sql: "PRAGMA mmap_size = 1073741824") }
        defer { try? database.inDatabase { db in try db.execute(sql: "PRAGMA mmap_size = 0") } }
        try database.read(body)
    }

    /// What the full-text index holds of an entry, worked out on the parsing threads.
    struct TextColumns {
        var title: String
        var body: String
        var tags: String
        var grams: String

        init(_ entry: Entry) {
            title = entry.title
            body = entry.body
            tags = entry.allTags.joined(separator: " ")
            grams = Hangul.grams(title + "\n" + body + "\n" + tags)
        }
    }

    /// A file read ahead: its entry, the hash of its bytes, and (when asked for) its text columns.
    typealias Parsed = (Entry, UInt64, TextColumns?)

    /// Entry files read and parsed ahead of the writer, in order, on every core, a bounded
    /// distance ahead so a rebuild never holds every entry in memory.
    final class ReadAhead: @unchecked Sendable {
        private let condition = NSCondition()
        /// Only the files read and not yet taken: a slot per file would be 40 MB at 100,000 files.
        private var values: [Int: Parsed] = [:]
        private var ready = 0
        private var taken = 0
        private static let chunk = 256
        private static let lead = 2048

        init(paths: [String], read: @escaping Reader, withText: Bool) {
            Thread.detachNewThread { [self] in
                var start = 0
                while start < paths.count {
                    let end = min(start + ReadAhead.chunk * 4, paths.count)
                    condition.lock()
                    while start - taken > ReadAhead.lead { condition.wait() }
                    condition.unlock()
                    let parts = (end - start + ReadAhead.chunk - 1) / ReadAhead.chunk
                    let batch = Batch(count: end - start)
                    let first = start
                    DispatchQueue.concurrentPerform(iterations: parts) { part in
                        let from = first + part * ReadAhead.chunk
                        for index in from..<min(from + ReadAhead.chunk, end) where Journal.isEntryPath(paths[index]) {
                            // The text columns are made here, not on the thread that feeds SQLite.
                            batch.set(index - first, read(paths[index]).map { ($0.0, $0.1, withText ? TextColumns($0.0) : nil) })
                        }
                    }
                    condition.lock()
                    for (offset, value) in batch.values.enumerated() where value != nil { values[start + offset] = value }
                    ready = end
                    condition.broadcast()
                    condition.unlock()
                    start = end
                }
            }
        }

        /// The parsed file at `index` (nil for a file that is not an entry), once it is ready.
        func take(_ index: Int) -> Parsed? {
            condition.lock()
            defer { condition.unlock() }
            while ready <= index { condition.wait() }
            let value = values.removeValue(forKey: index)
            taken = index + 1
            if taken % ReadAhead.chunk == 0 { condition.broadcast() }
            return value
        }
    }

    private final class Batch: @unchecked Sendable {
        private let lock = NSLock()
        private(set) var values: [Parsed?]
        init(count: Int) { values = Array(repeating: nil, count: count) }
        func set(_ index: Int, _ value: Parsed?) {
            lock.lock()
            values[index] = value
            lock.unlock()
        }
    }

    /// Records files the tool itself just wrote (or deleted, when absent), and whether they are committed.
    func record(_ paths: [String], root: String, committed: Bool, read: (String) -> (Entry, UInt64)?) throws(JournalError) {
        try writing {
            try database.write { db in
                let writer = try Writer(db)
                for path in paths {
                    let key = Int64(bitPattern: Scan.key(path))
                    try writer.deleteEntry(path)
                    guard let stamp = Scan.stamp(of: root + "/" + path) else {
                        try db.execute(sql: "DELETE FROM file WHERE key = ?", arguments: [key])
                        continue
                    }
                    let parsed = Journal.isEntryPath(path) ? read(path) : nil
                    let hash = parsed.map { Int64(bitPattern: $0.1) } ?? EntryIndex.hash(ofFileAt: root + "/" + path)
                    try writer.putFile(Scan.key(path), path, stamp, hash: hash, dirty: !committed)
                    if let entry = parsed?.0 { try writer.insert(entry, text: TextColumns(entry)) }
                }
                try writer.rewriteFolders(Set(paths.map { PathBytes(Writer.folder(of: $0)) }))
            }
        }
    }

    /// Records many files the tool itself just wrote and committed (an import): read and parsed on every
    /// core while SQLite takes the ones before them, in one transaction tuned for a bulk load.
    /// Their text is left to the first search, as a rebuild's is.
    func recordMany(_ paths: [String], root: String, read: @escaping Reader, settle: (inout Entry) -> Void) throws(JournalError) {
        // Before any file is read: one changed after this is racy against it, whatever was read of it.
        let recordStart = Scan.clock()
        try writing {
            let parsed = ReadAhead(paths: paths, read: read, withText: false)
            try database.write { db in
                let settled = try EntryIndex.racyFilesSettle(db, besides: Set(paths.map(PathBytes.init)), before: recordStart, root: root)
                let dropped = try EntryIndex.beginBulk(db, dropIndexes: paths.count > 500)
                let writer = try Writer(db)
                for (index, path) in paths.enumerated() {
                    let result = parsed.take(index)
                    let key = Scan.key(path)
                    try writer.deleteEntry(path)
                    guard let stamp = Scan.stamp(of: root + "/" + path) else {
                        try db.execute(sql: "DELETE FROM file WHERE key = ?", arguments: [Int64(bitPattern: key)])
                        continue
                    }
                    let hash = result.map { Int64(bitPattern: $0.1) } ?? EntryIndex.hash(ofFileAt: root + "/" + path)
                    try writer.putFile(key, path, stamp, hash: hash, dirty: false)
                    if let entry = result?.0 { try writer.insert(entry, text: nil, settle: settle) }
                }
                try writer.rewriteFolders(Set(paths.map { PathBytes(Writer.folder(of: $0)) }))
                // These files were read and stamped after `recordStart`: as of then, the snapshot is as good as a
                // scan's, unless another file was racy (it must still be read again), so the next command does
                // not read every file just written as racy (the first `list` after importing 100,000 entries
                // took 2.9 s).
                if settled {
                    try db.execute(sql: "INSERT OR REPLACE INTO meta VALUES ('scanned', ?)", arguments: [String(recordStart)])
                }
                try EntryIndex.endBulk(db, recreate: dropped)
            }
        }
    }

    /// A file a clone's checkout wrote, as the snapshot takes it: its stamp right after the write, the hash of
    /// the bytes written, the entry parsed from them, and its text columns (a few files only, as a refresh).
    struct Written {
        var stamp: FileStamp
        var hash: Int64
        var entry: Entry?
        var text: TextColumns?
    }

    /// Whether loading `count` files is a bulk load: their text left to the first search (FTS5 is most of a
    /// rebuild's time, and listing needs none of it), the secondary indexes made once at the end.
    static func isBulk(_ count: Int) -> Bool { count > 500 }

    /// Records, into an empty snapshot, the files of `paths` a clone's checkout writes meanwhile: `take(i)`
    /// waits for the i-th (nil: one the walk would not list). Each folder with files gets their stamps packed
    /// as the walk packs them, so the next command's walk finds every folder as recorded. `started` (before the
    /// first file was written) is the scan time: every file written since is racy until a command has hashed
    /// it again.
    func recordCheckout(_ paths: [String], bulk: Bool, started: Int64, take: (Int) throws -> Written?,
                        settle: (inout Entry) -> Void) throws(JournalError) {
        do {
            try database.write { db in
                let dropped = bulk ? try EntryIndex.beginBulk(db, dropIndexes: true) : []
                let writer = try Writer(db)
                var stamps: [PathBytes: [PackedStamp]] = [:]
                for (i, path) in paths.enumerated() {
                    guard let file = try take(i) else { continue }
                    let key = Scan.key(path)
                    try writer.putFile(key, path, file.stamp, hash: file.hash, dirty: false)
                    stamps[PathBytes(Writer.folder(of: path)), default: []].append(PackedStamp(key: Int64(bitPattern: key), stamp: file.stamp))
                    if let entry = file.entry { try writer.insert(entry, text: file.text, settle: settle) }
                }
                try writer.putFolders(stamps.map { ($0.key.path, PackedStamp.pack($0.value.sorted { $0.key < $1.key })) })
                try db.execute(sql: "INSERT OR REPLACE INTO meta VALUES ('scanned', ?)", arguments: [String(started)])
                if bulk { try EntryIndex.endBulk(db, recreate: dropped) }
            }
        } catch let error as JournalError {
            throw error
        } catch {
            throw .index(path, EntryIndex.describe(error))
        }
    }

    /// Whether every file of the snapshot (but `paths`) that was racy against the last scan is settled as of
    /// `time`: written more than a second before it, same stamp, and read again now, same content. Then no
    /// edit of them can hide behind an unchanged stamp, and the scan time may move on to `time`.
    private static func racyFilesSettle(_ db: Database, besides paths: Set<PathBytes>, before time: Int64, root: String) throws -> Bool {
        let second: Int64 = 1_000_000_000
        let lastScan = Int64(try String.fetchOne(db, sql: "SELECT value FROM meta WHERE key = 'scanned'") ?? "0") ?? 0
        let rows = try Row.fetchAll(
            db, sql: "SELECT path, size, mtime, ctime, inode, hash FROM file WHERE mtime >= ?", arguments: [lastScan - second])
        for row in rows {
            let path: String = row["path"]
            if paths.contains(PathBytes(path)) { continue }
            let stored = FileStamp(size: row["size"], mtime: row["mtime"], ctime: row["ctime"], inode: row["inode"])
            // Stamp first, then content: an edit after the stamp changes the stamp.
            guard stored.mtime < time - second, Scan.stamp(of: root + "/" + path) == stored,
                EntryIndex.hash(ofFileAt: root + "/" + path) == row["hash"] as Int64
            else { return false }
        }
        return true
    }
}
