import Foundation
import GRDB
import GRDBSQLite

/// The snapshot under `.git/journal/index.sqlite`: the parsed picture of every entry file plus a
/// full-text index, so a command answers without parsing every file. The files stay the truth:
/// each process first brings the snapshot up to date with them (`refresh`), and a missing, old or
/// corrupt snapshot is rebuilt.
final class EntryIndex {
    /// Bump when the schema or what is stored changes: older snapshots are then rebuilt.
    static let formatVersion = 10

    let path: String
    private var database: DatabaseQueue
    /// Why the snapshot is kept in memory rather than on disk, when it is: its disk is full, or its file
    /// system read-only. It was copied from the file as that stands (or made empty, when there was none), and
    /// brought up to date with the files there, so every question is answered as it would be; nothing is
    /// written to the disk.
    private(set) var cannotWrite: JournalError?
    /// Hears `cannotWrite` once, when it is found.
    private let keptInMemory: (JournalError) -> Void

    init(path: String, keptInMemory: @escaping (JournalError) -> Void = { _ in }) throws(JournalError) {
        self.path = path
        self.keptInMemory = keptInMemory
        do {
            database = try EntryIndex.openOrCreate(path)
            return
        } catch {
            // A disk that takes no write: the snapshot is read as it is, not deleted.
            if let problem = EntryIndex.writeProblem(error, at: path) {
                database = try EntryIndex.memoryCopy(of: path)
                cannotWrite = problem
                keptInMemory(problem)
                return
            }
        }
        // Corrupt or unreadable: the snapshot is never the truth, so start again.
        EntryIndex.removeFiles(path)
        do {
            database = try EntryIndex.openOrCreate(path)
        } catch {
            guard let problem = EntryIndex.writeProblem(error, at: path) else { throw .index(path, EntryIndex.describe(error)) }
            database = try EntryIndex.memoryCopy(of: path)
            cannotWrite = problem
            keptInMemory(problem)
        }
    }

    /// Runs `body`, a step that writes the snapshot; when the disk takes no write (full, read-only), the
    /// snapshot goes on in memory and `body` runs again there. `body` must be whole steps (reading ahead
    /// included), so that it can run twice.
    private func writing<T>(_ body: () throws -> T) throws(JournalError) -> T {
        do {
            return try body()
        } catch {
            guard cannotWrite == nil, let problem = EntryIndex.writeProblem(error, at: path) else { throw translated(error) }
            database = try EntryIndex.memoryCopy(of: path)
            cannotWrite = problem
            keptInMemory(problem)
            do {
                return try body()
            } catch {
                throw translated(error)
            }
        }
    }

    private func translated(_ error: any Error) -> JournalError {
        (error as? JournalError) ?? .index(path, EntryIndex.describe(error))
    }

    /// Why a write of the snapshot at `path` failed, when the disk is the reason: no space (SQLite's "full", or
    /// an I/O error on a disk with none left), a read-only file system, a folder this user cannot write. nil for
    /// anything else (a damaged file, which is rebuilt).
    static func writeProblem(_ error: any Error, at path: String) -> JournalError? {
        if let error = error as? JournalError {
            switch error {
            case .noSpace, .readOnly: return error
            default: return nil
            }
        }
        guard let error = error as? DatabaseError else { return nil }
        let folder = (path as NSString).deletingLastPathComponent
        switch error.resultCode {
        case .SQLITE_FULL:
            return .noSpace(path)
        case .SQLITE_READONLY, .SQLITE_CANTOPEN, .SQLITE_IOERR:
            if let problem = FileSystem.writeProblem(under: folder) { return problem }
            if access(FileSystem.exists(folder) ? folder : (folder as NSString).deletingLastPathComponent, W_OK) != 0, errno == EACCES {
                return .io(path, FileSystem.errnoText())
            }
            return nil
        default:
            return nil
        }
    }

    /// The snapshot at `path` copied into memory, read without writing a byte there; an empty one when it
    /// cannot be read or is of another format (the files fill it in, as after a rebuild).
    private static func memoryCopy(of path: String) throws(JournalError) -> DatabaseQueue {
        var configuration = Configuration()
        configuration.readonly = true
        if FileSystem.exists(path), let disk = try? DatabaseQueue(path: path, configuration: configuration),
            (try? disk.read({ db in try Int.fetchOne(db, sql: "PRAGMA user_version") })) == formatVersion,
            let memory = try? DatabaseQueue(), (try? disk.backup(to: memory)) != nil
        {
            return memory
        }
        do {
            let memory = try DatabaseQueue()
            try memory.write { db in
                try db.execute(sql: schema)
                try db.execute(sql: "PRAGMA user_version = \(formatVersion)")
            }
            return memory
        } catch {
            throw .index(path, describe(error))
        }
    }

    static func removeFiles(_ path: String) {
        for suffix in ["", "-wal", "-shm", "-journal"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    }

    private static func openOrCreate(_ path: String) throws -> DatabaseQueue {
        var configuration = Configuration()
        configuration.busyMode = .timeout(10)
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA synchronous = NORMAL; PRAGMA cache_size = -2000; PRAGMA temp_store = MEMORY")
            // The write-ahead log and its shared memory stay between commands, the log emptied when the last
            // connection closes: no command creates and deletes both files.
            var persist: Int32 = 1
            sqlite3_file_control(db.sqliteConnection, "main", SQLITE_FCNTL_PERSIST_WAL, &persist)
            try db.execute(sql: "PRAGMA journal_size_limit = 0")
        }
        let queue = try DatabaseQueue(path: path, configuration: configuration)
        let version = try queue.read { db in try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0 }
        if version == formatVersion {
            try queue.read { db in _ = try Int.fetchOne(db, sql: "SELECT count(*) FROM meta") }
            return queue
        }
        try queue.close()
        removeFiles(path)
        let fresh = try DatabaseQueue(path: path, configuration: configuration)
        try fresh.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA journal_mode = WAL")
            try db.inTransaction {
                try db.execute(sql: schema)
                try db.execute(sql: "PRAGMA user_version = \(formatVersion)")
                return .commit
            }
        }
        return fresh
    }

    private static let schema = """
        CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);
        CREATE TABLE file(
          key INTEGER PRIMARY KEY, path TEXT NOT NULL, folder TEXT NOT NULL, size INTEGER NOT NULL, mtime INTEGER NOT NULL,
          ctime INTEGER NOT NULL, inode INTEGER NOT NULL, hash INTEGER NOT NULL, dirty INTEGER NOT NULL
        );
        CREATE INDEX file_dirty ON file(dirty) WHERE dirty = 1;
        CREATE INDEX file_folder ON file(folder);
        -- Each folder's files as `file` has them, key and stamp packed in key order (`PackedStamp`): what every
        -- command compares its walk with, a folder at a time, without reading 100,000 rows of `file`.
        CREATE TABLE folder(path TEXT PRIMARY KEY, stamps BLOB NOT NULL) WITHOUT ROWID;
        CREATE TABLE entry(
          n INTEGER PRIMARY KEY AUTOINCREMENT, path TEXT NOT NULL UNIQUE, id TEXT NOT NULL, created REAL NOT NULL,
          offset INTEGER NOT NULL, day TEXT NOT NULL, source TEXT NOT NULL, tz TEXT, category TEXT,
          title TEXT NOT NULL, starred INTEGER NOT NULL, tags TEXT NOT NULL, all_tags TEXT NOT NULL,
          updated REAL, updated_offset INTEGER,
          weather TEXT, temperature REAL, weather_provider TEXT, weather_code TEXT, weather_text TEXT,
          humidity REAL, wind REAL, place TEXT, latitude REAL, longitude REAL,
          problem_line INTEGER, problem TEXT
        );
        CREATE INDEX entry_created ON entry(created, path);
        CREATE INDEX entry_id ON entry(id);
        CREATE INDEX entry_day ON entry(day);
        CREATE TABLE tag(key TEXT NOT NULL, n INTEGER NOT NULL, name TEXT NOT NULL, PRIMARY KEY(key, n)) WITHOUT ROWID;
        CREATE INDEX tag_n ON tag(n);
        -- Contentless: the text stays in the files. Rows of `entry` are never reused (AUTOINCREMENT), so a
        -- replaced entry's old words, which a contentless table cannot delete, match only a row that is
        -- gone, and queries join on `entry` to drop them; `stale` in meta counts them for a clean-up.
        -- `grams` holds the Korean of title, body and tags as two-syllable grams, so Korean is found inside words, and emoji as tokens (Hangul).
        CREATE VIRTUAL TABLE text USING fts5(title, body, tags, grams, content = '', tokenize = 'unicode61 remove_diacritics 2');
        -- The terms of `text` by column, read by a search for consonants typed alone (`ㄸㅂㅇ`).
        CREATE VIRTUAL TABLE text_terms USING fts5vocab(text, col);
        -- Entries whose text is not in `text` yet: a bulk load (a rebuild, an import, a clone, a checkout of many
        -- files) leaves the full-text index to the first command that searches (`completeText`).
        CREATE TABLE untexted(n INTEGER PRIMARY KEY);
        """

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
    private typealias Parsed = (Entry, UInt64, TextColumns?)

    /// Entry files read and parsed ahead of the writer, in order, on every core, a bounded
    /// distance ahead so a rebuild never holds every entry in memory.
    private final class ReadAhead: @unchecked Sendable {
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

    /// How many entries wait for their text to be indexed.
    func untextedCount() throws(JournalError) -> Int {
        try read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM untexted") ?? 0 }
    }

    /// Puts the text of the entries a bulk load left out into the full-text index: their files read and parsed on
    /// every core while SQLite takes the ones before them, a few thousand to a transaction (other commands write
    /// in between; a kill loses one batch, which the next search does again). `progress` hears (done, total).
    func completeText(root: String, read: @escaping Reader, progress: ((Int, Int) -> Void)? = nil) throws(JournalError) {
        try writing {
            let waiting = try database.read { db in
                // CROSS JOIN keeps `untexted` (nearly always empty) the outer loop: left to itself, SQLite
                // walked all of entry's path index to skip the sort, 1,300 pages at 100,000 entries on every search.
                try Row.fetchAll(db, sql: "SELECT entry.n, entry.path FROM untexted CROSS JOIN entry USING (n) ORDER BY entry.path")
                    .map { (n: $0["n"] as Int64, path: $0["path"] as String) }
            }
            guard !waiting.isEmpty else { return }
            let parsed = ReadAhead(paths: waiting.map(\.path), read: read, withText: true)
            let batch = 4000
            for start in stride(from: 0, to: waiting.count, by: batch) {
                let end = min(start + batch, waiting.count)
                try database.write { db in
                    // Segments wait for one merge at the end; each batch puts the usual settings back, so that
                    // a kill in between leaves none of the bulk ones behind.
                    try db.execute(sql: "INSERT INTO text(text, rank) VALUES ('automerge', 0)")
                    let writer = try Writer(db)
                    let done = try db.cachedStatement(sql: "DELETE FROM untexted WHERE n = ?")
                    for index in start..<end {
                        let (n, _) = waiting[index]
                        // The file as it is now: changed since its row was made, the next refresh replaces the row
                        // (and its text) anyway.
                        if let text = parsed.take(index)?.2 { try writer.insertText(n, text) }
                        try done.execute(arguments: [n])
                    }
                    if end == waiting.count { try db.execute(sql: "INSERT INTO text(text) VALUES ('optimize')") }
                    try db.execute(sql: "INSERT INTO text(text, rank) VALUES ('automerge', 4)")
                }
                progress?(end, waiting.count)
            }
        }
    }

    /// Before thousands of inserts in one transaction: the text index merges its segments once at the end,
    /// not while it grows (up to 64 segments a level wait instead of 16), and SQLite keeps more pages in
    /// memory. With `dropIndexes` (a load into a near-empty snapshot), the secondary indexes of `entry` go
    /// and come back, sorted once, in `endBulk`: cheaper than growing them row by row (entry_id is random).
    /// Returns the statements that make them again.
    private static func beginBulk(_ db: Database, dropIndexes: Bool = false) throws -> [String] {
        try db.execute(
            sql: """
                INSERT INTO text(text, rank) VALUES ('automerge', 0); INSERT INTO text(text, rank) VALUES ('crisismerge', 64);
                PRAGMA cache_size = -16000
                """)
        guard dropIndexes else { return [] }
        // `tag_n` stays: deleting an entry's tags looks them up by it.
        let indexes = try Row.fetchAll(
            db, sql: "SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'entry' AND sql IS NOT NULL")
        for index in indexes {
            let name: String = index["name"]
            try db.execute(sql: "DROP INDEX \"\(name)\"")
        }
        return indexes.map { $0["sql"] }
    }

    private static func endBulk(_ db: Database, recreate indexes: [String] = []) throws {
        for sql in indexes { try db.execute(sql: sql) }
        try db.execute(
            sql: """
                INSERT INTO text(text) VALUES ('optimize'); INSERT INTO text(text, rank) VALUES ('automerge', 4);
                INSERT INTO text(text, rank) VALUES ('crisismerge', 16)
                """)
    }

    /// Marks files as matching the last commit (or not).
    func markCommitted(_ paths: [String], _ committed: Bool = true) throws(JournalError) {
        guard !paths.isEmpty else { return }
        try writing {
            try database.write { db in
                var update = RawStatement(try db.cachedStatement(sql: "UPDATE file SET dirty = ? WHERE key = ?"))
                // In key order, the rows are visited as they are stored.
                for key in paths.map({ Int64(bitPattern: Scan.key($0)) }).sorted() {
                    update.bind(!committed)
                    update.bind(key)
                    try update.run(db)
                }
                if committed {
                    for path in paths { try db.execute(sql: "DELETE FROM meta WHERE key = ?", arguments: [EntryIndex.gone + path]) }
                }
            }
        }
    }

    func entryCount() throws(JournalError) -> Int {
        try read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM entry") ?? 0 }
    }

    /// Files changed since their last commit, as far as the snapshot knows.
    /// The mark a serving process left on this snapshot (`Resident`): a command compares it with the
    /// server's answer, to know that the server's word is for this very snapshot.
    func servedGeneration() throws(JournalError) -> String? {
        do { return try database.read { db in try String.fetchOne(db, sql: "SELECT value FROM meta WHERE key = 'served'") } } catch {
            throw translated(error)
        }
    }

    func markServed(_ generation: String) throws(JournalError) {
        try writing {
            try database.write { db in
                try db.execute(sql: "INSERT OR REPLACE INTO meta VALUES ('served', ?)", arguments: [generation])
            }
        }
    }

    /// Which file a path names now: its device and inode.
    struct Identity: Equatable {
        var device: UInt64
        var inode: UInt64
    }

    static func identity(of path: String) -> Identity? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return Identity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
    }

    /// Files the snapshot knows to differ from the last commit: those changed, and those deleted (kept in
    /// `meta` under `gone:`, the file row being gone), until a commit settles them.
    func dirtyPaths() throws(JournalError) -> [String] {
        try read { db in
            try String.fetchAll(db, sql: """
                SELECT path FROM file WHERE dirty = 1
                UNION SELECT substr(key, \(EntryIndex.gone.count + 1)) FROM meta WHERE key >= 'gone:' AND key < 'gone;'
                ORDER BY 1
                """)
        }
    }

    /// The prefix of a deleted file's key in `meta` while its deletion is not committed.
    static let gone = "gone:"


    /// The statements a write transaction uses, prepared once.
    private struct Writer {
        let db: Database
        let putFile: Statement
        let findEntry: Statement
        let deleteRow: Statement
        let deleteTags: Statement
        let insertEntry: Statement
        let insertTag: Statement
        let insertText: Statement
        let insertUntexted: Statement

        init(_ db: Database) throws {
            self.db = db
            putFile = try db.cachedStatement(sql: "INSERT OR REPLACE INTO file VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)")
            findEntry = try db.cachedStatement(sql: "SELECT n FROM entry WHERE path = ?")
            deleteRow = try db.cachedStatement(sql: "DELETE FROM entry WHERE n = ?")
            deleteTags = try db.cachedStatement(sql: "DELETE FROM tag WHERE n = ?")
            insertEntry = try db.cachedStatement(
                sql: """
                    INSERT INTO entry(path, id, created, offset, day, source, tz, category, title, starred, tags, all_tags,
                      updated, updated_offset, weather, temperature, weather_provider, weather_code, weather_text, humidity,
                      wind, place, latitude, longitude, problem_line, problem)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """)
            insertTag = try db.cachedStatement(sql: "INSERT OR IGNORE INTO tag VALUES (?, ?, ?)")
            insertText = try db.cachedStatement(sql: "INSERT INTO text(rowid, title, body, tags, grams) VALUES (?, ?, ?, ?, ?)")
            insertUntexted = try db.cachedStatement(sql: "INSERT OR IGNORE INTO untexted VALUES (?)")
        }

        func putFile(_ key: UInt64, _ path: String, _ stamp: FileStamp, hash: Int64, dirty: Bool) throws {
            var put = RawStatement(putFile)
            put.bind(Int64(bitPattern: key))
            put.bind(path)
            put.bind(Writer.folder(of: path))
            put.bind(stamp.size)
            put.bind(stamp.mtime)
            put.bind(stamp.ctime)
            put.bind(stamp.inode)
            put.bind(hash)
            put.bind(dirty)
            try put.run(db)
        }

        /// The folder a path is in ("" for the journal's own folder), as the walk names it.
        static func folder(of path: String) -> String {
            path.utf8.lastIndex(of: UInt8(ascii: "/")).map { String(path[..<$0]) } ?? ""
        }

        /// Folders' packed stamps as they are (a rebuild's, from the walk: 100,000 rows of `file` not read back).
        func putFolders(_ folders: [(path: String, stamps: Data)]) throws {
            let put = try db.cachedStatement(sql: "INSERT OR REPLACE INTO folder VALUES (?, ?)")
            for folder in folders { try put.execute(arguments: [folder.path, folder.stamps]) }
        }

        /// Makes the `folder` rows of `folders` agree with `file` again, after its rows changed.
        func rewriteFolders(_ folders: Set<PathBytes>) throws {
            let select = try db.cachedStatement(sql: "SELECT key, size, mtime, ctime, inode FROM file WHERE folder = ? ORDER BY key")
            let put = try db.cachedStatement(sql: "INSERT OR REPLACE INTO folder VALUES (?, ?)")
            let drop = try db.cachedStatement(sql: "DELETE FROM folder WHERE path = ?")
            for folder in folders.map(\.path) {
                var stamps: [PackedStamp] = []
                var rows = RawStatement(select)
                rows.bind(folder)
                try rows.forEachRow(db) { raw in
                    let column = { sqlite3_column_int64(raw, $0) }
                    stamps.append(PackedStamp(key: column(0), stamp: FileStamp(size: column(1), mtime: column(2), ctime: column(3), inode: column(4))))
                }
                if stamps.isEmpty {
                    try drop.execute(arguments: [folder])
                } else {
                    try put.execute(arguments: [folder, PackedStamp.pack(stamps)])
                }
            }
        }

        /// Drops an entry's row and tags; its words stay in the contentless text index, orphaned.
        func deleteEntry(_ path: String) throws {
            var find = RawStatement(findEntry)
            find.bind(path)
            guard let n = try find.int64(db) else { return }
            try deleteRow.execute(arguments: [n])
            try deleteTags.execute(arguments: [n])
            try db.execute(sql: "DELETE FROM untexted WHERE n = ?", arguments: [n])
            try db.execute(
                sql: "INSERT INTO meta VALUES ('stale', '1') ON CONFLICT(key) DO UPDATE SET value = value + 1")
        }

        /// `insert`, once `settle` has dated an entry whose file names no date.
        func insert(_ entry: Entry, text: TextColumns?, settle: (inout Entry) -> Void) throws {
            var entry = entry
            if entry.dateSource == .modificationTime { settle(&entry) }
            try insert(entry, text: text)
        }

        /// With `text`, the entry is in the full-text index at once; without, it waits in `untexted`.
        func insert(_ entry: Entry, text: TextColumns?) throws {
            let tags = entry.allTags
            var row = RawStatement(insertEntry)
            row.bind(entry.path)
            row.bind(entry.id)
            row.bind(entry.createdAt.date.timeIntervalSince1970)
            row.bind(entry.createdAt.offsetSeconds)
            row.bind(entry.createdAt.localDay.description)
            row.bind(entry.dateSource.rawValue)
            row.bind(entry.timeZone)
            row.bind(entry.category)
            row.bind(entry.title)
            row.bind(entry.starred)
            row.bind(entry.tags.joined(separator: "\n"))
            row.bind(tags.joined(separator: "\n"))
            row.bind(entry.updatedAt?.date.timeIntervalSince1970)
            row.bind(entry.updatedAt?.offsetSeconds)
            row.bind(entry.weather?.condition)
            row.bind(entry.weather?.temperatureC)
            row.bind(entry.weather?.provider)
            row.bind(entry.weather?.code)
            row.bind(entry.weather?.description)
            row.bind(entry.weather?.humidity)
            row.bind(entry.weather?.windKph)
            row.bind(entry.location?.name)
            row.bind(entry.location?.latitude)
            row.bind(entry.location?.longitude)
            row.bind(entry.problem?.line)
            row.bind(entry.problem?.reason)
            try row.run(db)
            let n = db.lastInsertedRowID
            var tag = RawStatement(insertTag)
            for name in tags {
                tag.bind(Tag.key(name))
                tag.bind(n)
                tag.bind(name)
                try tag.run(db)
            }
            if let text {
                try insertText(n, text)
            } else {
                var untexted = RawStatement(insertUntexted)
                untexted.bind(n)
                try untexted.run(db)
            }
        }

        func insertText(_ n: Int64, _ text: TextColumns) throws {
            var row = RawStatement(insertText)
            row.bind(n)
            row.bind(text.title)
            row.bind(text.body)
            row.bind(text.tags)
            row.bind(text.grams)
            try row.run(db)
        }
    }

    /// SQLite's own message, on one line.
    static func describe(_ error: any Error) -> String {
        (error as? DatabaseError)?.message ?? String(describing: error).replacingOccurrences(of: "\n", with: " ")
    }

    /// `hash(ofFileAt:)` of each file, on every core.
    static func hashes(of paths: [String]) -> [Int64] {
        guard paths.count > 64 else { return paths.map { hash(ofFileAt: $0) } }
        let results = Slots<Int64>(count: paths.count)
        Journal.inParallel(paths.count) { results.set($0, hash(ofFileAt: paths[$0])) }
        return paths.indices.map { results.take($0) ?? 0 }
    }

    /// FNV-1a of a file's bytes: enough to tell a real change from a touch.
    static func hash(ofFileAt path: String) -> Int64 {
        guard let data = FileSystem.contents(path) else { return 0 }
        return Int64(bitPattern: hash(data))
    }

    static func hash(_ data: Data) -> UInt64 {
        data.withUnsafeBytes { hash($0) }
    }

    @Sendable static func hash(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var hash = Scan.fnvBasis
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* Scan.fnvPrime }
        return hash
    }

    // MARK: Reading

    func read<T>(_ body: (Database) throws -> T) throws(JournalError) -> T {
        do {
            return try database.read(body)
        } catch let error as JournalError {
            throw error
        } catch {
            throw .index(path, EntryIndex.describe(error))
        }
    }

    /// The columns `entry(from:)` reads, by position.
    static let entryColumns = [
        "id", "path", "created", "offset", "source", "tz", "category", "tags", "starred", "title", "all_tags", "updated",
        "updated_offset", "problem_line", "problem", "weather", "temperature", "weather_provider", "weather_code",
        "weather_text", "humidity", "wind", "place", "latitude", "longitude",
    ].map { "entry." + $0 }.joined(separator: ", ")

    /// Runs `sql` (selecting `entryColumns`) and hands each entry, without its text, to `visit` until it
    /// returns false. The columns are read through SQLite's C API: GRDB's `Row`, looking each name up
    /// without regard to case and decoding through existentials, was most of a full `list`.
    static func forEachEntry(
        _ db: Database, sql: String, arguments: StatementArguments, _ visit: (Entry) throws -> Bool
    ) throws {
        // Kept prepared by the connection: a long-lived process (the web view) asks the same questions again.
        // No `visit` runs a query of its own, so the statement is never in use twice at once.
        let statement = try db.cachedStatement(sql: sql)
        try statement.setArguments(arguments)
        var raw = RawStatement(statement)
        try raw.forEachRow(db) { row in try visit(entry(from: RawStatement.Columns(row))) }
    }

    static func entries(_ db: Database, sql: String, arguments: StatementArguments = []) throws -> [Entry] {
        var entries: [Entry] = []
        try forEachEntry(db, sql: sql, arguments: arguments) { entries.append($0); return true }
        return entries
    }

    /// An entry as the snapshot holds it; its text is read from the file only when asked for.
    private static func entry(from row: RawStatement.Columns) -> Entry {
        let tags = row.text(7) ?? ""
        var entry = Entry(
            id: row.text(0) ?? "", path: row.text(1) ?? "",
            createdAt: Timestamp(date: Date(timeIntervalSince1970: row.double(2) ?? 0), offsetSeconds: row.int(3) ?? 0),
            dateSource: row.text(4).flatMap(Entry.DateSource.init(rawValue:)) ?? .header, timeZone: row.text(5),
            category: row.text(6), tags: tags.isEmpty ? [] : tags.components(separatedBy: "\n"),
            starred: (row.int(8) ?? 0) != 0, weather: nil, location: nil, updatedAt: nil, title: row.text(9) ?? "", text: "",
            problem: nil)
        let allTags = row.text(10) ?? ""
        entry.inlineTags = allTags.isEmpty ? [] : Array(allTags.components(separatedBy: "\n").dropFirst(entry.tags.count))
        if let updated = row.double(11) {
            entry.updatedAt = Timestamp(date: Date(timeIntervalSince1970: updated), offsetSeconds: row.int(12) ?? 0)
        }
        if let line = row.int(13) { entry.problem = HeaderProblem(line: line, reason: row.text(14) ?? "") }
        let condition = row.text(15)
        let temperature = row.double(16)
        if condition != nil || temperature != nil {
            entry.weather = Weather(
                condition: condition, temperatureC: temperature, provider: row.text(17), code: row.text(18),
                description: row.text(19), humidity: row.double(20), windKph: row.double(21))
        }
        let place = row.text(22)
        let latitude = row.double(23)
        if place != nil || latitude != nil {
            entry.location = Location(name: place, latitude: latitude, longitude: row.double(24))
        }
        return entry
    }
}

/// The tag filter's piece of the snapshot's query (tags compare by `Tag.key`).
enum Tags {
    /// The `tag` table's condition for entries carrying any of these tags (keys), or a tag nested under one:
    /// `work` is found in `work/meeting` (as Obsidian's tag search finds it), not in `workshop`. A range
    /// of the key's index, `work/` up to `work0` (`0` is the byte after `/`).
    static func condition(_ keys: [String]) -> (sql: String, arguments: [String]) {
        let sql = keys.map { _ in "key = ? OR (key >= ? AND key < ?)" }.joined(separator: " OR ")
        return (sql, keys.flatMap { [$0, $0 + "/", $0 + "0"] })
    }
}

/// A path compared by its bytes, as the file system and SQLite compare names: Swift's String equality is
/// canonical equivalence, which would take two folders the file system keeps apart (`café` written as
/// one character and as `e` with a combining accent) for one, and lose the files of one of them.
struct PathBytes: Hashable {
    let path: String

    init(_ path: String) { self.path = path }

    static func == (a: PathBytes, b: PathBytes) -> Bool { a.path.utf8.elementsEqual(b.path.utf8) }

    func hash(into hasher: inout Hasher) {
        var path = path
        path.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}
