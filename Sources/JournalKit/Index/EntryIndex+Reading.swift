import Foundation
import GRDB
import GRDBSQLite

/// Reading entries out of the snapshot.
extension EntryIndex {
    // MARK: Reading

    func read<T>(_ body: (Database) throws -> T) throws(JournalError) -> T {
        do {
            return try EntryIndex.isolatedRead(database, body)
        } catch let error as JournalError {
            throw error
        } catch {
            throw .index(path, EntryIndex.describe(error))
        }
    }

    /// What GRDB's `read` does (`body` in a deferred transaction), with the transaction's own statements
    /// kept prepared: GRDB prepares BEGIN and COMMIT anew for every read, and its authorizer made that 6% of
    /// a list page's time. Nor does it set `PRAGMA query_only` around `body`, as GRDB's `readOnly` does:
    /// setting a flag pragma expires every prepared statement of the connection, so that each read of a
    /// long-lived connection (the server's) parsed all its statements again, 13% of the server's time
    /// answering `list`. A read that writes is caught by the debug build's assertion instead.
    static func isolatedRead<T>(_ database: DatabaseQueue, _ body: (Database) throws -> T) throws -> T {
        try database.inDatabase { db in
            try db.cachedStatement(sql: "BEGIN DEFERRED TRANSACTION").execute()
            do {
                let changes = sqlite3_total_changes64(db.sqliteConnection)
                let result = try body(db)
                assert(sqlite3_total_changes64(db.sqliteConnection) == changes, "a read of the snapshot wrote to it")
                try db.cachedStatement(sql: "COMMIT TRANSACTION").execute()
                return result
            } catch {
                try? db.cachedStatement(sql: "ROLLBACK TRANSACTION").execute()
                throw error
            }
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
    static func entry(from row: some EntryColumns) -> Entry {
        let tags = row.text(7) ?? ""
        var entry = Entry(
            id: row.text(0) ?? "", path: row.text(1) ?? "",
            createdAt: Timestamp(date: Date(timeIntervalSince1970: row.double(2) ?? 0), offsetSeconds: row.int(3) ?? 0),
            dateSource: row.text(4).flatMap(Entry.DateSource.init(rawValue:)) ?? .header, timeZone: row.text(5),
            category: row.text(6), tags: lines(tags),
            starred: (row.int(8) ?? 0) != 0, weather: nil, location: nil, updatedAt: nil, title: row.text(9) ?? "", text: "",
            problem: nil)
        let allTags = row.text(10) ?? ""
        entry.inlineTags = Array(lines(allTags).dropFirst(entry.tags.count))
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

    /// The tags a column holds, one per line (none for an empty one): cut at each LF byte, as
    /// `components(separatedBy: "\n")` cuts (a CR before it stays with its tag; a `Character` split would not
    /// cut a CRLF).
    private static func lines(_ text: String) -> [String] {
        text.isEmpty ? [] : text.utf8.split(separator: 10, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
    }
}

extension EntryIndex {
    /// The size in bytes of each of `paths` as the last walk's `stat` found it (the `file` table, looked up by
    /// its key, the FNV-1a hash of the path): no file is read. A path the snapshot has no file for is left out.
    func fileSizes(_ paths: [String]) throws(JournalError) -> [String: Int] {
        try read { db in
            let statement = try db.cachedStatement(sql: "SELECT size FROM file WHERE key = ? AND path = ?")
            var sizes: [String: Int] = [:]
            for path in paths {
                if let size = try Int.fetchOne(statement, arguments: [Int64(bitPattern: Scan.key(path)), path]) { sizes[path] = size }
            }
            return sizes
        }
    }
}
