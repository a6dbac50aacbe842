import Foundation

/// The entries a command asks its running server for, instead of opening the snapshot itself: the query
/// goes over the socket (`ServeSocket.askRows`), the server runs it on the snapshot it keeps exact and sends
/// the rows back as SQLite holds them, and the command reads each with the same `EntryIndex.entry(from:)`
/// that reads a row of its own. Opening the snapshot (GRDB's connection, the schema) was the largest part of
/// a `list -n 20` that a server had already vouched for.
///
/// Both sides write the same plain values: a tag byte, then `n` nothing (NULL), `i` an Int64 or `d` a
/// Double (eight bytes, little-endian, a double by its bits), `t` a UInt32 length and that much UTF-8.
/// A request is `rows 1 LENGTH` and the query's values; an answer is `ok COUNT LENGTH` and COUNT rows of
/// `EntryIndex.entryColumns`, or `walk` (the server cannot vouch for its snapshot) or `dirty` (files wait
/// to be committed, which only a command does). Anything else, or nothing in time: the command's own path.
enum ServedRows {
    static let version = 1
    /// The columns of each row (`EntryIndex.entryColumns`).
    static let columnCount = 25
    /// The most rows a command takes from a server: a list with no limit is asked for one more, and when that
    /// many come the command reads the snapshot itself (copying a whole large journal through the socket
    /// would cost more than it saves).
    static let mostRows = 2_000
    /// The largest query a server reads.
    static let largestRequest = 1 << 20
    /// The largest answer a command takes (its rows, at most `mostRows` and one): a longer one announced is a
    /// server gone wrong, and the command walks the files instead of making room for it.
    static let largestAnswer = 64 << 20

    enum Value: Equatable {
        case null
        case int(Int64)
        case double(Double)
        case text(String)
    }

    struct Writer {
        var bytes: [UInt8] = []

        mutating func put(_ value: Value) {
            switch value {
            case .null: bytes.append(UInt8(ascii: "n"))
            case let .int(number): word(UInt8(ascii: "i"), UInt64(bitPattern: number))
            case let .double(number): word(UInt8(ascii: "d"), number.bitPattern)
            case let .text(text):
                bytes.append(UInt8(ascii: "t"))
                let utf8 = text.utf8
                withUnsafeBytes(of: UInt32(utf8.count).littleEndian) { bytes.append(contentsOf: $0) }
                bytes.append(contentsOf: utf8)
            }
        }

        mutating func put(_ text: String?) { put(text.map(Value.text) ?? .null) }
        mutating func put(_ number: Int?) { put(number.map { Value.int(Int64($0)) } ?? .null) }
        mutating func put(_ flag: Bool) { put(.int(flag ? 1 : 0)) }

        mutating func put(_ texts: [String]) {
            put(texts.count)
            for text in texts { put(text) }
        }

        private mutating func word(_ tag: UInt8, _ bits: UInt64) {
            bytes.append(tag)
            withUnsafeBytes(of: bits.littleEndian) { bytes.append(contentsOf: $0) }
        }
    }

    /// Reads what a `Writer` wrote; nil for anything else (a short or unknown value).
    struct Reader {
        let bytes: [UInt8]
        var offset = 0

        var atEnd: Bool { offset == bytes.count }

        mutating func value() -> Value? {
            guard offset < bytes.count else { return nil }
            let tag = bytes[offset]
            offset += 1
            switch tag {
            case UInt8(ascii: "n"): return .null
            case UInt8(ascii: "i"): return word().map { .int(Int64(bitPattern: $0)) }
            case UInt8(ascii: "d"): return word().map { .double(Double(bitPattern: $0)) }
            case UInt8(ascii: "t"):
                guard let length = number(4).map(Int.init), bytes.count - offset >= length else { return nil }
                defer { offset += length }
                return .text(String(decoding: bytes[offset..<offset + length], as: UTF8.self))
            default: return nil
            }
        }

        mutating func text() -> String?? {
            switch value() {
            case .null?: return .some(nil)
            case let .text(text)?: return .some(text)
            default: return nil
            }
        }

        mutating func int() -> Int?? {
            switch value() {
            case .null?: return .some(nil)
            case let .int(number)?: return .some(Int(number))
            default: return nil
            }
        }

        mutating func flag() -> Bool? {
            guard case let .int(number)? = value(), number == 0 || number == 1 else { return nil }
            return number == 1
        }

        mutating func texts() -> [String]? {
            guard case let count?? = int(), (0...10_000).contains(count) else { return nil }
            var texts: [String] = []
            for _ in 0..<count {
                guard case let text?? = text() else { return nil }
                texts.append(text)
            }
            return texts
        }

        private mutating func word() -> UInt64? { number(8) }

        /// A little-endian number of `width` bytes.
        private mutating func number(_ width: Int) -> UInt64? {
            guard bytes.count - offset >= width else { return nil }
            var value: UInt64 = 0
            for index in (0..<width).reversed() { value = value << 8 | UInt64(bytes[offset + index]) }
            offset += width
            return value
        }
    }

    /// A row a server sent, read by position as a row of SQLite's is.
    struct Columns: EntryColumns {
        let values: ArraySlice<Value>

        private func value(_ column: Int32) -> Value { values[values.startIndex + Int(column)] }

        func text(_ column: Int32) -> String? {
            if case let .text(text) = value(column) { return text }
            return nil
        }

        func double(_ column: Int32) -> Double? {
            switch value(column) {
            case let .double(number): number
            case let .int(number): Double(number)
            default: nil
            }
        }

        func int(_ column: Int32) -> Int? {
            switch value(column) {
            case let .int(number): Int(number)
            case let .double(number): Int(number)
            default: nil
            }
        }
    }

    // MARK: The query, both ways

    static func request(_ query: EntryQuery) -> [UInt8] {
        var writer = Writer()
        writer.put(query.from?.description)
        writer.put(query.to?.description)
        writer.put(query.category)
        writer.put(query.categoryNames)
        writer.put(query.tags)
        writer.put(query.anyTag)
        writer.put(query.notTags)
        writer.put(query.starred)
        writer.put(query.contains)
        writer.put(query.monthDay)
        writer.put(query.limit)
        writer.put(query.oldestFirst)
        writer.put(query.broken)
        return writer.bytes
    }

    /// The query a command sent; nil unless it is exactly one `request` wrote.
    static func query(from bytes: [UInt8]) -> EntryQuery? {
        var reader = Reader(bytes: bytes)
        guard let from = reader.text(), let to = reader.text(), let category = reader.text(),
              let categoryNames = reader.texts(), let tags = reader.texts(), let anyTag = reader.flag(),
              let notTags = reader.texts(), let starred = reader.flag(), let contains = reader.text(),
              let monthDay = reader.text(), let limit = reader.int(), let oldestFirst = reader.flag(),
              let broken = reader.flag(), reader.atEnd
        else { return nil }
        var query = EntryQuery(tags: tags, category: category, broken: broken, limit: limit)
        guard let from = day(from), let to = day(to) else { return nil }
        query.from = from
        query.to = to
        query.categoryNames = categoryNames
        query.anyTag = anyTag
        query.notTags = notTags
        query.starred = starred
        query.contains = contains
        query.monthDay = monthDay
        query.oldestFirst = oldestFirst
        return query
    }

    /// A day as `request` wrote it: nil inside for none, nil outside for a bad one.
    private static func day(_ text: String?) -> LocalDay?? {
        guard let text else { return .some(nil) }
        return LocalDay(iso: text).map { .some($0) }
    }

    // MARK: The rows, both ways

    /// The rows of `query` from `index`, as the server sends them: their count and their bytes.
    static func rows(of query: EntryQuery, in index: EntryIndex) throws(JournalError) -> (count: Int, bytes: [UInt8]) {
        var writer = Writer()
        var count = 0
        try index.forEachRow(query) { row in
            count += 1
            for column in 0..<Int32(columnCount) { writer.put(row.value(column)) }
        }
        return (count, writer.bytes)
    }

    /// The entries of `count` rows a server sent; nil unless the bytes are exactly that many rows.
    static func entries(count: Int, from bytes: [UInt8]) -> [Entry]? {
        var reader = Reader(bytes: bytes)
        var values: [Value] = []
        values.reserveCapacity(count * columnCount)
        while !reader.atEnd {
            guard let value = reader.value() else { return nil }
            values.append(value)
        }
        guard values.count == count * columnCount else { return nil }
        return (0..<count).map { row in
            EntryIndex.entry(from: Columns(values: values[row * columnCount..<(row + 1) * columnCount]))
        }
    }
}
