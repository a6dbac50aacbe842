import Foundation
import Testing
@testable import JournalKit

/// What a command and its server send each other for `list` (`ServedRows`): a query arrives as it was
/// sent, every field of it; rows are read as SQLite's own columns would be; anything cut short or unknown
/// is no answer (the command then reads the snapshot itself), never a crash or a wrong entry.
@Suite struct ServedRowsTests {
    static var query: EntryQuery {
        var query = EntryQuery(tags: ["work/meeting", "여행"], category: "travel", broken: false, limit: 20)
        query.from = LocalDay(year: 2026, month: 1, day: 31)
        query.to = LocalDay(year: 2026, month: 11, day: 27)
        query.categoryNames = ["travel", "여행"]
        query.anyTag = true
        query.notTags = ["draft\u{1F4D3}"]
        query.starred = true
        query.monthDay = "02-29"
        query.oldestFirst = true
        return query
    }

    @Test func aQueryArrivesAsItWasSent() {
        for query in [Self.query, EntryQuery(), EntryQuery(broken: true, limit: 0)] {
            #expect(ServedRows.query(from: ServedRows.request(query)) == query)
        }
    }

    @Test func aQueryCutShortOrWithMoreIsNone() {
        let request = ServedRows.request(Self.query)
        for length in 0..<request.count {
            #expect(ServedRows.query(from: Array(request[..<length])) == nil, "cut at \(length)")
        }
        #expect(ServedRows.query(from: request + [UInt8(ascii: "n")]) == nil)
        var wrongTag = request
        wrongTag[0] = UInt8(ascii: "x")
        #expect(ServedRows.query(from: wrongTag) == nil)
        // A day that is no day, a flag that is neither 0 nor 1.
        var writer = ServedRows.Writer()
        writer.put("2026-02-30")
        #expect(ServedRows.query(from: writer.bytes + Array(request.dropFirst(1 + 4 + 10))) == nil)
    }

    /// Rows as a server writes them: one entry's 25 columns, each kind of value.
    static var row: [ServedRows.Value] {
        var values: [ServedRows.Value] = [
            .text("a1b2c3d4"), .text("entries/2026/11/a1b2c3d4.md"), .double(1_795_000_000.25), .int(32_400),
            .text("header"), .text("Asia/Seoul"), .text("travel"), .text("여행\nwork"), .int(1), .text("부산 바다"),
            .text("여행\nwork\n#inline"), .double(1_795_000_100.5), .int(-18_000), .null, .null,
            .text("☀️"), .double(-3.5), .text("open-meteo"), .text("0"), .text("clear"), .double(40), .double(12.5),
            .text("부산"), .double(35.1), .double(129.0),
        ]
        values[13] = .null
        return values
    }

    @Test func rowsAreReadAsTheSnapshotsOwn() throws {
        var writer = ServedRows.Writer()
        for value in Self.row + Self.row { writer.put(value) }
        let entries = try #require(ServedRows.entries(count: 2, from: writer.bytes))
        #expect(entries.count == 2)
        let entry = try #require(entries.first)
        #expect(entry.id == "a1b2c3d4" && entry.path == "entries/2026/11/a1b2c3d4.md" && entry.title == "부산 바다")
        #expect(entry.createdAt.date.timeIntervalSince1970 == 1_795_000_000.25 && entry.createdAt.offsetSeconds == 32_400)
        #expect(entry.tags == ["여행", "work"] && entry.inlineTags == ["#inline"] && entry.starred)
        #expect(entry.weather?.temperatureC == -3.5 && entry.location?.name == "부산" && entry.location?.longitude == 129.0)
        #expect(entry.updatedAt?.offsetSeconds == -18_000 && entry.problem == nil)
        #expect(entries[0] == entries[1])
    }

    @Test func rowsCutShortOrMiscountedAreNone() {
        var writer = ServedRows.Writer()
        for value in Self.row { writer.put(value) }
        let bytes = writer.bytes
        for length in 0..<bytes.count {
            #expect(ServedRows.entries(count: 1, from: Array(bytes[..<length])) == nil, "cut at \(length)")
        }
        #expect(ServedRows.entries(count: 2, from: bytes) == nil)
        #expect(ServedRows.entries(count: 0, from: bytes) == nil)
        #expect(ServedRows.entries(count: 0, from: [])?.isEmpty == true)
        // A text longer than what follows it.
        #expect(ServedRows.entries(count: 1, from: [UInt8(ascii: "t"), 0xFF, 0xFF, 0xFF, 0xFF, 65]) == nil)
    }
}
