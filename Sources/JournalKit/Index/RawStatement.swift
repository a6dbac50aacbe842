import Foundation
import GRDB
import GRDBSQLite

/// A row's columns read by position, NULL as nil: a row SQLite stands on, or one a server sent
/// (`ServedRows`). `EntryIndex.entry(from:)` reads an entry from either.
protocol EntryColumns {
    func text(_ column: Int32) -> String?
    func double(_ column: Int32) -> Double?
    func int(_ column: Int32) -> Int?
}

/// Runs a prepared statement with values bound through SQLite's C API. GRDB's `StatementArguments`
/// box every value in an array of existentials: in a rebuild of 100,000 entries that was most of the
/// thread that feeds SQLite, which every other core waits for.
struct RawStatement {
    private let statement: Statement
    private var index: Int32 = 0

    init(_ statement: Statement) {
        self.statement = statement
    }

    private var raw: OpaquePointer { statement.sqliteStatement }

    mutating func bind(_ value: Int64?) {
        index += 1
        if let value { sqlite3_bind_int64(raw, index, value) } else { sqlite3_bind_null(raw, index) }
    }

    mutating func bind(_ value: Int?) { bind(value.map(Int64.init)) }

    mutating func bind(_ value: Bool) { bind(value ? 1 : 0 as Int64) }

    mutating func bind(_ value: Double?) {
        index += 1
        if let value { sqlite3_bind_double(raw, index, value) } else { sqlite3_bind_null(raw, index) }
    }

    mutating func bind(_ value: String?) {
        index += 1
        guard var value else {
            sqlite3_bind_null(raw, index)
            return
        }
        // The whole UTF-8, interior NUL included, copied by SQLite before this returns.
        value.withUTF8 { bytes in
            if let start = bytes.baseAddress, !bytes.isEmpty {
                _ = start.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
                    sqlite3_bind_text(raw, index, $0, Int32(bytes.count), RawStatement.transient)
                }
            } else {
                _ = sqlite3_bind_text(raw, index, "", 0, RawStatement.transient)
            }
        }
    }

    /// Steps the statement once with the values bound so far, then makes it ready for the next ones.
    mutating func run(_ db: Database) throws {
        _ = try step(db) { _ in () }
    }

    /// The first column of the first row, as an integer (nil when there is no row).
    mutating func int64(_ db: Database) throws -> Int64? {
        try step(db) { sqlite3_column_int64($0, 0) }
    }

    /// Steps through every row, handing each to `body` (read its columns there), then makes the statement
    /// ready for the next values.
    mutating func forEachRow(_ db: Database, _ body: (OpaquePointer) throws -> Void) throws {
        defer {
            sqlite3_reset(raw)
            sqlite3_clear_bindings(raw)
            index = 0
        }
        while true {
            let code = sqlite3_step(raw)
            if code == SQLITE_DONE { return }
            guard code == SQLITE_ROW else { throw failure(db, code) }
            try body(raw)
        }
    }

    /// The columns of the row a statement stands on, read by position; NULL reads as nil.
    struct Columns: EntryColumns {
        let row: OpaquePointer

        init(_ row: OpaquePointer) { self.row = row }

        private func isNull(_ column: Int32) -> Bool { sqlite3_column_type(row, column) == SQLITE_NULL }

        func text(_ column: Int32) -> String? {
            guard !isNull(column), let bytes = sqlite3_column_text(row, column) else { return nil }
            return String(decoding: UnsafeBufferPointer(start: bytes, count: Int(sqlite3_column_bytes(row, column))), as: UTF8.self)
        }

        func double(_ column: Int32) -> Double? { isNull(column) ? nil : sqlite3_column_double(row, column) }

        func int(_ column: Int32) -> Int? { isNull(column) ? nil : Int(sqlite3_column_int64(row, column)) }

        /// The value of `column` as SQLite holds it, for a server that sends the row on (`ServedRows`).
        func value(_ column: Int32) -> ServedRows.Value {
            switch sqlite3_column_type(row, column) {
            case SQLITE_NULL: .null
            case SQLITE_INTEGER: .int(sqlite3_column_int64(row, column))
            case SQLITE_FLOAT: .double(sqlite3_column_double(row, column))
            default: .text(text(column) ?? "")
            }
        }
    }

    private func failure(_ db: Database, _ code: Int32) -> DatabaseError {
        DatabaseError(resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(db.sqliteConnection)), sql: statement.sql)
    }

    private mutating func step<T>(_ db: Database, _ read: (OpaquePointer) -> T) throws -> T? {
        let code = sqlite3_step(raw)
        let value = code == SQLITE_ROW ? read(raw) : nil
        sqlite3_reset(raw)
        sqlite3_clear_bindings(raw)
        index = 0
        guard code == SQLITE_DONE || code == SQLITE_ROW else { throw failure(db, code) }
        return value
    }

    /// SQLite copies a value bound with this destructor.
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
}
