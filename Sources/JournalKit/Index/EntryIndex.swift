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
    private(set) var database: DatabaseQueue
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
    func writing<T>(_ body: () throws -> T) throws(JournalError) -> T {
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

    func translated(_ error: any Error) -> JournalError {
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

    /// SQLite's own message, on one line.
    static func describe(_ error: any Error) -> String {
        (error as? DatabaseError)?.message ?? String(describing: error).replacingOccurrences(of: "\n", with: " ")
    }
}
