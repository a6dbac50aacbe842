import Foundation
import GRDB

/// The snapshot under `.git/journal/index.sqlite`: the parsed picture of every entry file plus a
/// full-text index, so a command answers without parsing every file. The files stay the truth:
/// each process first brings the snapshot up to date with them (`refresh`), and a missing, old or
/// corrupt snapshot is rebuilt.
final class EntryIndex {
    /// Bump when the schema or what is stored changes: older snapshots are then rebuilt.
    static let formatVersion = 3

    let path: String
    private var database: DatabaseQueue

    init(path: String) throws(JournalError) {
        self.path = path
        do {
            database = try EntryIndex.openOrCreate(path)
        } catch {
            // Corrupt or unreadable: the snapshot is never the truth, so start again.
            EntryIndex.removeFiles(path)
            do {
                database = try EntryIndex.openOrCreate(path)
            } catch {
                throw .index(path, String(describing: error))
            }
        }
    }

    private static func removeFiles(_ path: String) {
        for suffix in ["", "-wal", "-shm", "-journal"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    }

    private static func openOrCreate(_ path: String) throws -> DatabaseQueue {
        var configuration = Configuration()
        configuration.busyMode = .timeout(10)
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA synchronous = NORMAL; PRAGMA cache_size = -8000; PRAGMA temp_store = MEMORY")
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
          path TEXT PRIMARY KEY, size INTEGER NOT NULL, mtime INTEGER NOT NULL, ctime INTEGER NOT NULL,
          inode INTEGER NOT NULL, hash INTEGER NOT NULL, dirty INTEGER NOT NULL
        ) WITHOUT ROWID;
        CREATE TABLE entry(
          n INTEGER PRIMARY KEY, path TEXT NOT NULL UNIQUE, id TEXT NOT NULL, created REAL NOT NULL,
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
        CREATE VIRTUAL TABLE text USING fts5(title, body, tokenize = 'unicode61 remove_diacritics 2');
        """

    // MARK: Keeping up with the files

    /// What a refresh found changed since the last one.
    struct Changes {
        /// Files added, changed or deleted since the last refresh, plus those not yet known to be committed.
        var uncommitted: [String] = []
        var reread = 0
        var rebuilt = false
    }

    /// Brings the snapshot up to date with the files: a stat walk, then only changed files are read.
    /// `read` parses one entry file; `progress` hears (done, total) during a long rebuild.
    func refresh(
        root: String, read: (String) -> (Entry, UInt64)?, progress: ((Int, Int) -> Void)? = nil
    ) throws(JournalError) -> Changes {
        do {
            return try refreshOrThrow(root: root, read: read, progress: progress)
        } catch let error as JournalError {
            throw error
        } catch {
            throw .index(path, String(describing: error))
        }
    }

    private func refreshOrThrow(
        root: String, read: (String) -> (Entry, UInt64)?, progress: ((Int, Int) -> Void)?
    ) throws -> Changes {
        let scanStart = Scan.clock()
        let onDisk = Scan.walk(root: root)
        var known: [String: (stamp: FileStamp, hash: Int64, dirty: Bool)] = [:]
        var lastScan: Int64 = 0
        try database.read { db in
            lastScan = Int64(try String.fetchOne(db, sql: "SELECT value FROM meta WHERE key = 'scanned'") ?? "0") ?? 0
            let rows = try Row.fetchCursor(db, sql: "SELECT path, size, mtime, ctime, inode, hash, dirty FROM file")
            while let row = try rows.next() {
                known[row[0]] = (FileStamp(size: row[1], mtime: row[2], ctime: row[3], inode: row[4]), row[5], row[6] != 0)
            }
        }
        var changes = Changes()
        changes.rebuilt = known.isEmpty && !onDisk.isEmpty
        // Files whose stamp changed, plus "racy" ones written so close to the last scan that a
        // same-size edit in the same clock tick could hide: those are re-read and compared by content.
        var suspects: [String] = []
        for (path, stamp) in onDisk {
            guard let old = known[path] else {
                suspects.append(path)
                continue
            }
            if old.dirty { changes.uncommitted.append(path) }
            if old.stamp != stamp || stamp.mtime >= lastScan - 1_000_000_000 { suspects.append(path) }
        }
        let removed = known.keys.filter { onDisk[$0] == nil }
        if suspects.isEmpty && removed.isEmpty {
            if lastScan < scanStart - 1_000_000_000 { try saveScanTime(scanStart) }
            return changes
        }
        suspects.sort()
        try database.write { db in
            var done = 0
            for path in suspects {
                guard let stamp = onDisk[path] else { continue }
                let isEntry = path.hasPrefix("entries/")
                let parsed = isEntry ? read(path) : nil
                let hash = parsed.map { Int64(bitPattern: $0.1) } ?? EntryIndex.hash(ofFileAt: root + "/" + path)
                let old = known[path]
                let contentChanged = old?.hash != hash
                let dirty = contentChanged || old?.dirty == true
                try db.execute(
                    sql: "INSERT OR REPLACE INTO file VALUES (?, ?, ?, ?, ?, ?, ?)",
                    arguments: [path, stamp.size, stamp.mtime, stamp.ctime, stamp.inode, hash, dirty])
                if contentChanged {
                    changes.reread += 1
                    if old?.dirty != true { changes.uncommitted.append(path) }
                    if isEntry {
                        try EntryIndex.delete(path, in: db)
                        if let entry = parsed?.0 { try EntryIndex.insert(entry, in: db) }
                    }
                }
                done += 1
                if done % 2000 == 0 { progress?(done, suspects.count) }
            }
            for path in removed {
                try db.execute(sql: "DELETE FROM file WHERE path = ?", arguments: [path])
                try EntryIndex.delete(path, in: db)
                if known[path]?.dirty != true { changes.uncommitted.append(path) }
            }
            try db.execute(sql: "INSERT OR REPLACE INTO meta VALUES ('scanned', ?)", arguments: [String(scanStart)])
        }
        progress?(suspects.count, suspects.count)
        changes.uncommitted.sort()
        return changes
    }

    private func saveScanTime(_ time: Int64) throws {
        try database.write { db in
            try db.execute(sql: "INSERT OR REPLACE INTO meta VALUES ('scanned', ?)", arguments: [String(time)])
        }
    }

    /// Records files the tool itself just wrote (or deleted, when absent), and whether they are committed.
    func record(_ paths: [String], root: String, committed: Bool, read: (String) -> (Entry, UInt64)?) throws(JournalError) {
        do {
            try database.write { db in
                for path in paths {
                    try EntryIndex.delete(path, in: db)
                    guard let stamp = Scan.stamp(of: root + "/" + path) else {
                        try db.execute(sql: "DELETE FROM file WHERE path = ?", arguments: [path])
                        continue
                    }
                    let parsed = path.hasPrefix("entries/") ? read(path) : nil
                    let hash = parsed.map { Int64(bitPattern: $0.1) } ?? EntryIndex.hash(ofFileAt: root + "/" + path)
                    try db.execute(
                        sql: "INSERT OR REPLACE INTO file VALUES (?, ?, ?, ?, ?, ?, ?)",
                        arguments: [path, stamp.size, stamp.mtime, stamp.ctime, stamp.inode, hash, !committed])
                    if let entry = parsed?.0 { try EntryIndex.insert(entry, in: db) }
                }
            }
        } catch {
            throw .index(path, String(describing: error))
        }
    }

    /// Marks files as matching the last commit (or not).
    func markCommitted(_ paths: [String], _ committed: Bool = true) throws(JournalError) {
        guard !paths.isEmpty else { return }
        do {
            try database.write { db in
                for path in paths {
                    try db.execute(sql: "UPDATE file SET dirty = ? WHERE path = ?", arguments: [!committed, path])
                }
            }
        } catch {
            throw .index(path, String(describing: error))
        }
    }

    /// Files changed since their last commit, as far as the snapshot knows.
    func dirtyPaths() throws(JournalError) -> [String] {
        try read { db in try String.fetchAll(db, sql: "SELECT path FROM file WHERE dirty = 1 ORDER BY path") }
    }

    private static func delete(_ path: String, in db: Database) throws {
        guard let n = try Int64.fetchOne(db, sql: "SELECT n FROM entry WHERE path = ?", arguments: [path]) else { return }
        try db.execute(sql: "DELETE FROM entry WHERE n = ?", arguments: [n])
        try db.execute(sql: "DELETE FROM tag WHERE n = ?", arguments: [n])
        try db.execute(sql: "DELETE FROM text WHERE rowid = ?", arguments: [n])
    }

    private static func insert(_ entry: Entry, in db: Database) throws {
        let tags = entry.allTags
        try db.execute(
            sql: """
                INSERT INTO entry(path, id, created, offset, day, source, tz, category, title, starred, tags, all_tags,
                  updated, updated_offset, weather, temperature, weather_provider, weather_code, weather_text, humidity,
                  wind, place, latitude, longitude, problem_line, problem)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
            arguments: [
                entry.path, entry.id, entry.createdAt.date.timeIntervalSince1970, entry.createdAt.offsetSeconds,
                entry.createdAt.localDay.description, entry.dateSource.rawValue, entry.timeZone, entry.category,
                entry.title, entry.starred, entry.tags.joined(separator: "\n"), tags.joined(separator: "\n"),
                entry.updatedAt?.date.timeIntervalSince1970, entry.updatedAt?.offsetSeconds,
                entry.weather?.condition, entry.weather?.temperatureC, entry.weather?.provider, entry.weather?.code,
                entry.weather?.description, entry.weather?.humidity, entry.weather?.windKph,
                entry.location?.name, entry.location?.latitude, entry.location?.longitude,
                entry.problem?.line, entry.problem?.reason,
            ])
        let n = db.lastInsertedRowID
        for tag in tags {
            try db.execute(
                sql: "INSERT OR IGNORE INTO tag VALUES (?, ?, ?)", arguments: [Tags.key(tag), n, tag])
        }
        try db.execute(
            sql: "INSERT INTO text(rowid, title, body) VALUES (?, ?, ?)", arguments: [n, entry.title, entry.body])
    }

    /// FNV-1a of a file's bytes: enough to tell a real change from a touch.
    static func hash(ofFileAt path: String) -> Int64 {
        guard let data = FileManager.default.contents(atPath: path) else { return 0 }
        return Int64(bitPattern: hash(data))
    }

    static func hash(_ data: Data) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in data {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return hash
    }

    // MARK: Reading

    func read<T>(_ body: (Database) throws -> T) throws(JournalError) -> T {
        do {
            return try database.read(body)
        } catch let error as JournalError {
            throw error
        } catch {
            throw .index(path, String(describing: error))
        }
    }

    /// An entry as the snapshot holds it; its text is read from the file only when asked for.
    static func entry(from row: Row) -> Entry {
        let tags: String = row["tags"]
        var entry = Entry(
            id: row["id"], path: row["path"],
            createdAt: Timestamp(date: Date(timeIntervalSince1970: row["created"]), offsetSeconds: row["offset"]),
            dateSource: Entry.DateSource(rawValue: row["source"]) ?? .header, timeZone: row["tz"],
            category: row["category"], tags: tags.isEmpty ? [] : tags.components(separatedBy: "\n"),
            starred: row["starred"], weather: nil, location: nil, updatedAt: nil, title: row["title"], text: "",
            problem: nil)
        let allTags: String = row["all_tags"]
        entry.inlineTags = allTags.isEmpty ? [] : Array(allTags.components(separatedBy: "\n").dropFirst(entry.tags.count))
        if let updated: Double = row["updated"] {
            entry.updatedAt = Timestamp(date: Date(timeIntervalSince1970: updated), offsetSeconds: row["updated_offset"] ?? 0)
        }
        if let line: Int = row["problem_line"] { entry.problem = HeaderProblem(line: line, reason: row["problem"] ?? "") }
        let condition: String? = row["weather"]
        let temperature: Double? = row["temperature"]
        if condition != nil || temperature != nil {
            entry.weather = Weather(
                condition: condition, temperatureC: temperature, provider: row["weather_provider"], code: row["weather_code"],
                description: row["weather_text"], humidity: row["humidity"], windKph: row["wind"])
        }
        let place: String? = row["place"]
        let latitude: Double? = row["latitude"]
        if place != nil || latitude != nil {
            entry.location = Location(name: place, latitude: latitude, longitude: row["longitude"])
        }
        return entry
    }
}

/// Tags compare without regard to case or a leading `#`.
enum Tags {
    static func key(_ tag: String) -> String {
        (tag.hasPrefix("#") ? String(tag.dropFirst()) : tag).lowercased()
    }
}
