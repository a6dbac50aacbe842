import Foundation
import GRDB
import GRDBSQLite

/// What the snapshot knows besides the entries: which files match the last commit, which were deleted,
/// the serving process's mark, the snapshot file's identity.
extension EntryIndex {
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
        do {
            return try EntryIndex.isolatedRead(database) { db in
                try String.fetchOne(db.cachedStatement(sql: "SELECT value FROM meta WHERE key = 'served'"))
            }
        } catch {
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

    /// Whether `dirtyPaths` would name any (a server asks before every list it answers).
    func hasDirtyPaths() throws(JournalError) -> Bool {
        try read { db in
            try Bool.fetchOne(db.cachedStatement(sql: """
                SELECT EXISTS (SELECT 1 FROM file WHERE dirty = 1) OR EXISTS (SELECT 1 FROM meta WHERE key >= 'gone:' AND key < 'gone;')
                """)) ?? true
        }
    }

    /// The prefix of a deleted file's key in `meta` while its deletion is not committed.
    static let gone = "gone:"
}
