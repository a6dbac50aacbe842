import Foundation
import Testing
@testable import JournalKit

@Suite struct TimestampTests {
    static let seoul = TimeZone(identifier: "Asia/Seoul")!
    static let newYork = TimeZone(identifier: "America/New_York")!
    static let utc = TimeZone(identifier: "UTC")!

    /// 2026-11-21T13:44:55Z
    static let instant: Double = 1_795_268_695

    // MARK: Parse and format

    @Test(arguments: [
        ("2026-11-21T22:44:55+09:00", 9 * 3600),
        ("2026-11-21T08:14:55-05:30", -(5 * 3600 + 1800)),
        ("2026-11-21T13:44:55+00:00", 0),
        ("2026-11-21T19:29:55+05:45", 5 * 3600 + 2700),
        ("2026-11-22T03:44:55+14:00", 14 * 3600),
        ("2026-11-21T01:44:55-12:00", -12 * 3600),
    ] as [(String, Int)])
    func roundTripWithOffset(_ text: String, _ offset: Int) throws {
        // The zone given must not matter when the text has an offset.
        for zone in [Self.seoul, Self.newYork, Self.utc] {
            let stamp = try #require(Timestamp.parse(text, zone: zone))
            #expect(stamp.offsetSeconds == offset)
            #expect(stamp.date.timeIntervalSince1970 == Self.instant)
            #expect(stamp.rfc3339 == text)
            #expect(Timestamp.parse(stamp.rfc3339, zone: zone) == stamp)
        }
    }

    @Test(arguments: ["2026-11-21T13:44:55Z", "2026-11-21t13:44:55z", "2026-11-21 13:44:55Z", "2026-11-21T13:44:55 +00:00",
                      "2026-11-21T13:44:55+0000", "2026-11-21T22:44:55+0900", "  2026-11-21T13:44:55Z  ",
                      "\t2026-11-21T13:44:55Z", "2026-11-21T13:44:55Z\u{3000}", "\u{A0}2026-11-21T13:44:55Z"])
    func otherSpellingsOfTheSameInstant(_ text: String) throws {
        let stamp = try #require(Timestamp.parse(text, zone: Self.newYork))
        #expect(stamp.date.timeIntervalSince1970 == Self.instant)
        if stamp.offsetSeconds == 0 { #expect(stamp.rfc3339 == "2026-11-21T13:44:55+00:00") }
    }

    /// White space is trimmed as Foundation's `.whitespaces` does, no more: a line break or a control stays.
    @Test(arguments: ["\n2026-11-21T13:44:55Z", "2026-11-21T13:44:55Z\r", "\u{1}2026-11-21T13:44:55Z"])
    func onlyWhiteSpaceIsTrimmed(_ text: String) {
        #expect(Timestamp.parse(text, zone: Self.newYork) == nil)
    }

    @Test func fractionalSeconds() throws {
        let stamp = try #require(Timestamp.parse("2026-11-21T13:44:55.250Z", zone: Self.seoul))
        #expect(stamp.date.timeIntervalSince1970 == Self.instant + 0.25)
        #expect(stamp.rfc3339 == "2026-11-21T13:44:55+00:00")
        #expect(stamp.parts.second == 55)
        let fine = try #require(Timestamp.parse("2026-11-21T22:44:55.123456+09:00", zone: Self.utc))
        #expect(abs(fine.date.timeIntervalSince1970 - (Self.instant + 0.123456)) < 1e-6)
        #expect(fine.rfc3339 == "2026-11-21T22:44:55+09:00")
        // Before 1970 a fraction still belongs to its own second.
        let early = try #require(Timestamp.parse("1969-12-31T23:59:59.5Z", zone: Self.utc))
        #expect(early.date.timeIntervalSince1970 == -0.5)
        #expect(early.rfc3339 == "1969-12-31T23:59:59+00:00")
    }

    @Test func noOffsetIsReadInTheGivenZone() throws {
        let seoul = try #require(Timestamp.parse("2026-11-21T22:44:55", zone: Self.seoul))
        #expect(seoul.date.timeIntervalSince1970 == Self.instant)
        #expect(seoul.offsetSeconds == 9 * 3600)
        #expect(seoul.rfc3339 == "2026-11-21T22:44:55+09:00")

        let short = try #require(Timestamp.parse("2026-11-21 22:44", zone: Self.seoul))
        #expect(short.rfc3339 == "2026-11-21T22:44:00+09:00")

        // Summer and winter in New York.
        let summer = try #require(Timestamp.parse("2026-07-01T12:00:00", zone: Self.newYork))
        #expect(summer.offsetSeconds == -4 * 3600)
        #expect(summer.date.timeIntervalSince1970 == 1_782_921_600)
        let winter = try #require(Timestamp.parse("2026-01-15T12:00:00", zone: Self.newYork))
        #expect(winter.offsetSeconds == -5 * 3600)
        #expect(winter.date.timeIntervalSince1970 == 1_768_496_400)

        // The hour before the clocks go back (01:30 happens twice): either reading keeps the wall time.
        let ambiguous = try #require(Timestamp.parse("2026-11-01T01:30:00", zone: Self.newYork))
        #expect(ambiguous.parts.hour == 1 && ambiguous.parts.minute == 30)
        #expect(ambiguous.offsetSeconds == -4 * 3600 || ambiguous.offsetSeconds == -5 * 3600)
        // Right after the clocks went forward and right after they went back.
        let afterSpring = try #require(Timestamp.parse("2026-03-08T03:30:00", zone: Self.newYork))
        #expect(afterSpring.offsetSeconds == -4 * 3600)
        #expect(afterSpring.rfc3339 == "2026-03-08T03:30:00-04:00")
        let afterFall = try #require(Timestamp.parse("2026-11-01T02:30:00", zone: Self.newYork))
        #expect(afterFall.offsetSeconds == -5 * 3600)
        #expect(afterFall.rfc3339 == "2026-11-01T02:30:00-05:00")
        // A wall time the clocks skip still gives some moment, with the offset then in force.
        let gap = try #require(Timestamp.parse("2026-03-08T02:30:00", zone: Self.newYork))
        #expect(gap.offsetSeconds == Self.newYork.secondsFromGMT(for: gap.date))
    }

    @Test func noOffsetMatchesFoundationForEveryHourOfAYear() throws {
        // Every whole hour of 2026 in zones with DST and odd offsets, where the wall time exists once.
        for zone in ["America/New_York", "Europe/London", "Australia/Lord_Howe", "Asia/Kathmandu"].compactMap(TimeZone.init(identifier:)) {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = zone
            var date = try #require(calendar.date(from: DateComponents(year: 2026, month: 1, day: 1, hour: 0)))
            let end = try #require(calendar.date(from: DateComponents(year: 2027, month: 1, day: 1, hour: 0)))
            var ambiguous = 0
            while date < end {
                let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
                let text = String(format: "%04d-%02d-%02dT%02d:%02d:%02d", c.year!, c.month!, c.day!, c.hour!, c.minute!, c.second!)
                let stamp = try #require(Timestamp.parse(text, zone: zone))
                // The wall time is kept, with the offset in force at that instant; only a repeated
                // (ambiguous) wall time may land on another instant than the one it came from.
                #expect(stamp.parts == (c.year!, c.month!, c.day!, c.hour!, c.minute!, c.second!), "\(zone.identifier) \(text)")
                #expect(stamp.offsetSeconds == zone.secondsFromGMT(for: stamp.date), "\(zone.identifier) \(text)")
                if stamp.date != date {
                    #expect(abs(stamp.date.timeIntervalSince(date)) <= 3600, "\(zone.identifier) \(text)")
                    ambiguous += 1
                }
                date += 3600
            }
            #expect(ambiguous <= 2, "\(zone.identifier): \(ambiguous) wall times read as another instant")
        }
    }

    @Test func dateOnlyIsNoon() throws {
        let stamp = try #require(Timestamp.parse("2026-11-21", zone: Self.seoul))
        #expect(stamp.rfc3339 == "2026-11-21T12:00:00+09:00")
        #expect(stamp.localDay == LocalDay(year: 2026, month: 11, day: 21))
        let newYork = try #require(Timestamp.parse("2026-07-04", zone: Self.newYork))
        #expect(newYork.rfc3339 == "2026-07-04T12:00:00-04:00")
        let leap = try #require(Timestamp.parse("2024-02-29", zone: Self.utc))
        #expect(leap.rfc3339 == "2024-02-29T12:00:00+00:00")
    }

    @Test(arguments: [
        "2019-02-29", "2019-02-29T10:00:00+09:00", "2026-11-21T25:00:00+09:00", "2026-11-21T24:00:00Z",
        "2026-11-21T22:60:00Z", "2026-11-21T22:44:61Z", "2026-13-01", "2026-00-10", "2026-11-00", "2026-04-31",
        "garbage", "", "   ", "2026-11-21T", "2026-11-21T22", "2026-11-21T22:4", "2026-11-21X22:44:55",
        "2026-11-21T22:44:55+24:00", "2026-11-21T22:44:55+09:60", "2026-11-21T22:44:55+9:00",
        "2026-11-21T22:44:55+09:00x", "2026-11-21T22:44:55 junk", "26-11-21", "2026/11/21", "2026-11-21-",
        "0000-01-01", "２０２６-11-21",
    ])
    func invalidTextIsNil(_ text: String) {
        #expect(Timestamp.parse(text, zone: Self.seoul) == nil)
    }

    // MARK: Local fields

    @Test(arguments: [
        // offset, then the local fields of 2026-11-21T11:30:00Z there
        (14 * 3600, 2026, 11, 22, 1, 30),
        (12 * 3600 + 2700, 2026, 11, 22, 0, 15),
        (12 * 3600, 2026, 11, 21, 23, 30),
        (9 * 3600, 2026, 11, 21, 20, 30),
        (0, 2026, 11, 21, 11, 30),
        (-11 * 3600, 2026, 11, 21, 0, 30),
        (-11 * 3600 - 1800, 2026, 11, 21, 0, 0),
        (-12 * 3600, 2026, 11, 20, 23, 30),
    ] as [(Int, Int, Int, Int, Int, Int)])
    func partsAcrossTheDateLine(_ offset: Int, _ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int) {
        let stamp = Timestamp(date: Date(timeIntervalSince1970: 1_795_260_600), offsetSeconds: offset)
        let p = stamp.parts
        #expect(p == (year, month, day, hour, minute, 0))
        #expect(stamp.localDay == LocalDay(year: year, month: month, day: day))
        #expect(stamp.localDay == LocalDay(stamp.date, in: TimeZone(secondsFromGMT: offset)!))
    }

    @Test func partsBeforeAndAround1970() {
        let cases: [(Double, Int, (Int, Int, Int, Int, Int, Int))] = [
            (0, 0, (1970, 1, 1, 0, 0, 0)),
            (-1, 0, (1969, 12, 31, 23, 59, 59)),
            (-0.5, 0, (1969, 12, 31, 23, 59, 59)),
            (-86400, 0, (1969, 12, 31, 0, 0, 0)),
            (-86401, 0, (1969, 12, 30, 23, 59, 59)),
            (0, -1, (1969, 12, 31, 23, 59, 59)),
            (-2_208_988_800, 0, (1900, 1, 1, 0, 0, 0)),
            (951_782_400, 0, (2000, 2, 29, 0, 0, 0)),
            (4_107_542_399, 0, (2100, 2, 28, 23, 59, 59)),
        ]
        for (seconds, offset, expected) in cases {
            let p = Timestamp(date: Date(timeIntervalSince1970: seconds), offsetSeconds: offset).parts
            #expect(p == expected, "\(seconds) \(offset)")
        }
    }

    @Test func partsMatchFoundationOnRandomInstants() {
        var state: UInt64 = 2026
        func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        var calendar = Calendar(identifier: .gregorian)
        // 1900-01-01 to 2100-12-31, offsets from -12:00 to +14:00 in quarter hours.
        for _ in 0..<3000 {
            let seconds = -2_208_988_800 + Int(next() % 6_342_480_000)
            let offset = (Int(next() % 105) - 48) * 900
            let date = Date(timeIntervalSince1970: Double(seconds))
            calendar.timeZone = TimeZone(secondsFromGMT: offset)!
            let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
            let stamp = Timestamp(date: date, offsetSeconds: offset)
            #expect(stamp.parts == (c.year!, c.month!, c.day!, c.hour!, c.minute!, c.second!), "\(seconds) \(offset)")
            #expect(Timestamp.parse(stamp.rfc3339, zone: Self.utc) == stamp, "\(stamp.rfc3339)")
        }
    }

    // MARK: One wall-clock policy (WallClock), the same as the date grammar's

    @Test func aFileTimeWithoutOffsetFollowsTheGrammarsDaylightSavingPolicy() throws {
        // 01:30 happens twice on 2026-11-01 in New York: the earlier one (EDT), as `--date` reads it.
        let twice = try #require(Timestamp.parse("2026-11-01T01:30:00", zone: Self.newYork))
        #expect(twice.offsetSeconds == -4 * 3600)
        let grammar = DateGrammar(now: twice.date, timeZone: Self.newYork)
        #expect(try grammar.instant("2026-11-01 01:30").date == twice.date)
        // 02:30 on 2026-03-08 never happens: the grammar refuses it, a file's time is placed 30 min past the jump.
        #expect(throws: DateGrammarError.self) { try grammar.instant("2026-03-08 02:30") }
        let skipped = try #require(Timestamp.parse("2026-03-08T02:30:00", zone: Self.newYork))
        #expect(skipped.rfc3339 == "2026-03-08T03:30:00-04:00")
    }

    // MARK: Civil days (LocalDay's arithmetic, the one home of it)

    func civilDays(_ year: Int, _ month: Int, _ day: Int) -> Int {
        var local = LocalDay(unchecked: 0)
        (local.year, local.month, local.day) = (year, month, day)
        return local.daysSinceEpoch
    }

    func civil(fromDays days: Int) -> (Int, Int, Int) {
        let day = LocalDay(unchecked: days)
        return (day.year, day.month, day.day)
    }

    @Test func civilDaysKnownValues() {
        #expect(civilDays(1970, 1, 1) == 0)
        #expect(civilDays(1900, 1, 1) == -25567)
        #expect(civilDays(2000, 3, 1) == 11017)
        #expect(civilDays(2100, 12, 31) == 47846)
        #expect(civilDays(1, 1, 1) == -719162)
        #expect(civil(fromDays: -719162) == (1, 1, 1))
        #expect(civil(fromDays: -1) == (1969, 12, 31))
    }

    @Test func civilRoundTripEveryDayFrom1900To2100() {
        func daysIn(_ month: Int, _ year: Int) -> Int {
            switch month {
            case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
            case 4, 6, 9, 11: return 30
            default: return 31
            }
        }
        var n = civilDays(1900, 1, 1)
        var mismatches: [String] = []
        for year in 1900...2100 {
            for month in 1...12 {
                for day in 1...daysIn(month, year) {
                    let days = civilDays(year, month, day)
                    let back = civil(fromDays: n)
                    if days != n || back != (year, month, day) {
                        mismatches.append("\(year)-\(month)-\(day): \(days) vs \(n), \(back)")
                    }
                    n += 1
                }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
        #expect(n == civilDays(2101, 1, 1))
    }

    @Test func civilRoundTripFarAway() {
        for n in stride(from: -3_000_000, through: 3_000_000, by: 997) {
            let (y, m, d) = civil(fromDays: n)
            #expect(civilDays(y, m, d) == n)
            #expect((1...12).contains(m) && (1...31).contains(d))
        }
    }

    // MARK: Name-based UUIDs

    @Test func nameUUIDsMatchPython() {
        // python3 -c 'import uuid; print(uuid.uuid5(uuid.NAMESPACE_URL, "journal-entry-path"))'
        #expect(NameUUID.urlNamespace.uuidString.lowercased() == "6ba7b811-9dad-11d1-80b4-00c04fd430c8")
        #expect(NameUUID.pathNamespace.uuidString.lowercased() == "aae588bd-8716-52db-9b91-b96fa8972c8b")
        // uuid.uuid5(ns, path) for the namespace above.
        #expect(NameUUID.forPath("entries/2026/11/2026-11-21-notes.md").uuidString.lowercased()
                == "03e096e8-741d-5495-a8d4-d6cfccbb21ef")
        #expect(NameUUID.forPath("entries/hand/메모 2026-11-21.md").uuidString.lowercased()
                == "fcc5265c-6296-53fe-bdfa-2073bbe243cc")
        #expect(NameUUID.forPath("").uuidString.lowercased() == "59c3bb47-d794-5e68-b86f-02f1dcd1f177")
        let id = NameUUID.forPath("x").uuidString
        #expect(Array(id)[14] == "5", "version 5")
        #expect("89AB".contains(Array(id)[19]), "RFC variant")
        #expect(NameUUID.forPath("x") == NameUUID.forPath("x"))
    }
}
