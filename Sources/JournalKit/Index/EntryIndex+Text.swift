import Foundation
import GRDB
import GRDBSQLite

/// The full-text index: the entries a bulk load left out of it, and the bulk mode of a large write.
extension EntryIndex {
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
    static func beginBulk(_ db: Database, dropIndexes: Bool = false) throws -> [String] {
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

    static func endBulk(_ db: Database, recreate indexes: [String] = []) throws {
        for sql in indexes { try db.execute(sql: sql) }
        try db.execute(
            sql: """
                INSERT INTO text(text) VALUES ('optimize'); INSERT INTO text(text, rank) VALUES ('automerge', 4);
                INSERT INTO text(text, rank) VALUES ('crisismerge', 16)
                """)
    }
}
