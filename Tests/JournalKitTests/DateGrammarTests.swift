import Foundation
import Testing
@testable import JournalKit

/// Tests of `DateGrammar`, `LocalDay` and `DayRange`. Fixtures live on this type so that
/// the nested suites find them before any like-named helper elsewhere in the test target.
@Suite struct DateGrammarTests {
    static let seoul = TimeZone(identifier: "Asia/Seoul")!
    static let newYork = TimeZone(identifier: "America/New_York")!
    static let utc = TimeZone(identifier: "UTC")!

    /// 2026-11-22T09:15:00+09:00: Sunday morning in Seoul, Sunday 00:15 in UTC,
    /// and still Saturday evening (19:15) in New York.
    static let fixedNow = instantUTC("2026-11-22T00:15:00Z")

    static let inSeoul = DateGrammar(now: fixedNow, timeZone: seoul)
    static let inNewYork = DateGrammar(now: fixedNow, timeZone: newYork)
    static let inUTC = DateGrammar(now: fixedNow, timeZone: utc)

    /// An exact instant from RFC 3339 text, e.g. "2026-11-20T03:00:00Z" or "...00.250Z".
    static func instantUTC(_ text: String) -> Date {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = text.contains(".")
            ? [.withInternetDateTime, .withFractionalSeconds] : [.withInternetDateTime]
        guard let date = formatter.date(from: text) else { fatalError("bad fixture \(text)") }
        return date
    }

    static func day(_ iso: String) -> LocalDay {
        guard let day = LocalDay(iso: iso) else { fatalError("bad fixture \(iso)") }
        return day
    }

    static func range(_ first: String, _ last: String) -> DayRange {
        DayRange(first: day(first), last: day(last))
    }

    /// The error `body` throws, failing the test when it throws none.
    static func failure<T>(
        _ body: @autoclosure () throws(DateGrammarError) -> T, sourceLocation: SourceLocation = #_sourceLocation
    ) -> DateGrammarError? {
        do {
            _ = try body()
            Issue.record("expected an error", sourceLocation: sourceLocation)
            return nil
        } catch {
            return error
        }
    }

    static func gregorian(_ zone: TimeZone) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        return calendar
    }
}

extension DateGrammarTests {
    // MARK: - LocalDay


    @Suite struct LocalDayTests {
        @Test(arguments: [
            (2026, 11, 21), (2024, 2, 29), (2000, 2, 29), (2026, 4, 30), (2026, 12, 31), (1, 1, 1), (9999, 12, 31),
        ])
        func possibleDays(year: Int, month: Int, day: Int) throws {
            let local = try #require(LocalDay(year: year, month: month, day: day))
            #expect(local.year == year && local.month == month && local.day == day)
        }

        @Test(arguments: [
            (2019, 2, 29), (2100, 2, 29), (2026, 13, 1), (2026, 0, 1), (2026, 4, 31), (2026, 11, 31), (2026, 1, 0),
            (2026, 1, 32), (0, 1, 1), (10000, 1, 1), (2026, -1, 1),
        ])
        func impossibleDays(year: Int, month: Int, day: Int) {
            #expect(LocalDay(year: year, month: month, day: day) == nil)
        }

        @Test func isoTextIsStrict() {
            #expect(LocalDay(iso: "2026-11-21") == LocalDay(year: 2026, month: 11, day: 21))
            #expect(LocalDay(iso: "2024-02-29") != nil)
            for text in ["2026-1-21", "2026-11-1", "26-11-21", "2026-11-21T00:00", " 2026-11-21", "2026-11-21 ",
                         "2026/11/21", "２０２６-11-21", "2019-02-29", "2026-13-01", "", "today", "+026-11-21"] {
                #expect(LocalDay(iso: text) == nil, "\(text)")
            }
        }

        @Test func descriptionIsZeroPaddedISO() {
            #expect(day("2026-11-21").description == "2026-11-21")
            #expect(LocalDay(year: 9, month: 1, day: 5)?.description == "0009-01-05")
            #expect("\(day("2026-03-08"))" == "2026-03-08")
        }

        @Test func ordersByCalendar() {
            let days = ["2026-11-21", "2025-12-31", "2026-01-01", "2026-11-03", "2026-02-28"].map(day)
            #expect(days.sorted().map(\.description) == ["2025-12-31", "2026-01-01", "2026-02-28", "2026-11-03", "2026-11-21"])
            #expect(day("2026-11-21") < day("2026-11-22"))
            #expect(!(day("2026-11-21") < day("2026-11-21")))
            #expect(Set([day("2026-11-21"), day("2026-11-21")]).count == 1)
        }

        @Test func arithmeticMatchesFoundationsGregorianCalendar() throws {
            let calendar = gregorian(utc)
            // Every 13th day from 1900 to 2100: same date and weekday as Foundation's calendar.
            var dayNumber = try #require(LocalDay(year: 1900, month: 1, day: 1)).daysSinceEpoch
            let end = try #require(LocalDay(year: 2100, month: 12, day: 31)).daysSinceEpoch
            while dayNumber <= end {
                let local = LocalDay(unchecked: dayNumber)
                let date = Date(timeIntervalSince1970: Double(dayNumber) * 86_400)
                let parts = calendar.dateComponents([.year, .month, .day, .weekday], from: date)
                #expect(parts.year == local.year && parts.month == local.month && parts.day == local.day)
                #expect(parts.weekday.map { ($0 + 5) % 7 + 1 } == local.isoWeekday)  // Foundation: 1 = Sunday
                #expect(local.daysSinceEpoch == dayNumber)
                dayNumber += 13
            }
            #expect(day("1970-01-01").daysSinceEpoch == 0)
            #expect(day("1970-01-01").isoWeekday == 4)
            #expect(day("2026-11-22").isoWeekday == 7)
            #expect(day("2026-11-16").isoWeekday == 1)
        }

        @Test func addingDaysCrossesMonthsYearsAndLeapDays() {
            #expect(day("2024-02-28").adding(days: 1) == day("2024-02-29"))
            #expect(day("2100-02-28").adding(days: 1) == day("2100-03-01"))
            #expect(day("2026-12-31").adding(days: 1) == day("2027-01-01"))
            #expect(day("2026-03-01").adding(days: -1) == day("2026-02-28"))
            #expect(day("0001-01-01").adding(days: -1) == nil)
            #expect(day("9999-12-31").adding(days: 1) == nil)
        }

        @Test func dayOfAnInstantFollowsTheZoneAcrossDST() {
            // Every 20 minutes through March and November 2026 in New York, compared with Foundation.
            let calendar = gregorian(newYork)
            for start in ["2026-03-07T00:00:00Z", "2026-10-31T00:00:00Z"] {
                var date = instantUTC(start)
                for _ in 0..<(3 * 72) {
                    let parts = calendar.dateComponents([.year, .month, .day], from: date)
                    let local = LocalDay(date, in: newYork)
                    #expect(parts.year == local.year && parts.month == local.month && parts.day == local.day, "\(date)")
                    date += 20 * 60
                }
            }
            #expect(LocalDay(fixedNow, in: seoul) == day("2026-11-22"))
            #expect(LocalDay(fixedNow, in: newYork) == day("2026-11-21"))
            #expect(LocalDay(fixedNow, in: utc) == day("2026-11-22"))
        }

        @Test func dayRangeContainsItsEnds() {
            let week = range("2026-11-16", "2026-11-22")
            #expect(week.contains(day("2026-11-16")))
            #expect(week.contains(day("2026-11-19")))
            #expect(week.contains(day("2026-11-22")))
            #expect(!week.contains(day("2026-11-15")))
            #expect(!week.contains(day("2026-11-23")))
            #expect(DayRange(day("2026-11-20")) == range("2026-11-20", "2026-11-20"))
        }
    }

    // MARK: - instant

    @Suite struct InstantTests {
        /// (text, expected instant, hadTime): all in Seoul, `now` = Sunday 2026-11-22 09:15 KST.
        @Test(arguments: [
            // ISO dates and date-times.
            ("2026-11-20", "2026-11-20T03:00:00Z", false),
            ("2026-11-20T08:00", "2026-11-19T23:00:00Z", true),
            ("2026-11-20 08:00", "2026-11-19T23:00:00Z", true),
            ("2026-11-20T08:00:30", "2026-11-19T23:00:30Z", true),
            ("2026-11-20T08:00:30.250", "2026-11-19T23:00:30.250Z", true),
            ("2026-11-20T08:00:30,5", "2026-11-19T23:00:30.500Z", true),
            ("2026-11-20 9pm", "2026-11-20T12:00:00Z", true),
            ("2026-11-20 at 21:30", "2026-11-20T12:30:00Z", true),
            ("2026-3-8", "2026-03-08T03:00:00Z", false),
            // Day words.
            ("yesterday", "2026-11-21T03:00:00Z", false),
            ("tomorrow", "2026-11-23T03:00:00Z", false),
            ("yesterday 21:30", "2026-11-21T12:30:00Z", true),
            ("today 9:05", "2026-11-22T00:05:00Z", true),
            ("tomorrow 9pm", "2026-11-23T12:00:00Z", true),
            ("yesterday 9:30am", "2026-11-21T00:30:00Z", true),
            ("today 21:30:15", "2026-11-22T12:30:15Z", true),
            ("now 21:30", "2026-11-22T12:30:00Z", true),
            ("today 12am", "2026-11-21T15:00:00Z", true),
            ("today 12pm", "2026-11-22T03:00:00Z", true),
            ("today 12:30am", "2026-11-21T15:30:00Z", true),
            ("yesterday at 9 PM", "2026-11-21T12:00:00Z", true),
            ("Yesterday 9:30 p.m.", "2026-11-21T12:30:00Z", true),
            // Weekdays: the latest on or before today; `last` strictly before today.
            ("last sunday", "2026-11-15T03:00:00Z", false),
            ("saturday", "2026-11-21T03:00:00Z", false),
            ("sat", "2026-11-21T03:00:00Z", false),
            ("mon", "2026-11-16T03:00:00Z", false),
            ("monday", "2026-11-16T03:00:00Z", false),
            ("last monday", "2026-11-16T03:00:00Z", false),
            ("wednesday", "2026-11-18T03:00:00Z", false),
            ("Friday 21:30", "2026-11-20T12:30:00Z", true),
            ("last fri 9pm", "2026-11-20T12:00:00Z", true),
            ("last sunday 08:00", "2026-11-14T23:00:00Z", true),
            ("sunday 8am", "2026-11-21T23:00:00Z", true),
            // Bare times: today.
            ("21:30", "2026-11-22T12:30:00Z", true),
            ("9pm", "2026-11-22T12:00:00Z", true),
            ("9 pm", "2026-11-22T12:00:00Z", true),
            ("7:05am", "2026-11-21T22:05:00Z", true),
            ("00:00", "2026-11-21T15:00:00Z", true),
            ("23:59:59", "2026-11-22T14:59:59Z", true),
        ])
        func namesAnInstantInTheLocalZone(text: String, expected: String, hadTime: Bool) throws {
            let named = try inSeoul.instant(text)
            #expect(named.date == instantUTC(expected))
            #expect(named.hadTime == hadTime)
            #expect(named.timeZone == seoul)
        }

        @Test(arguments: ["now", "NOW", "  now\t"])
        func nowIsNowWithTime(text: String) throws {
            #expect(try inSeoul.instant(text) == NamedInstant(date: fixedNow, timeZone: seoul, hadTime: true))
        }

        /// A day-only text naming today is `now` itself, without time; other days are at noon.
        @Test(arguments: ["today", "Today", " TODAY ", "sunday", "Sun", "2026-11-22"])
        func todayIsNowWithoutTime(text: String) throws {
            #expect(try inSeoul.instant(text) == NamedInstant(date: fixedNow, timeZone: seoul, hadTime: false))
        }

        @Test func caseAndSurroundingWhitespaceAreIgnored() throws {
            let lower = try inSeoul.instant("2026-11-20t08:00z")
            let upper = try inSeoul.instant("  2026-11-20T08:00Z \n")
            #expect(lower == upper)
            #expect(try inSeoul.instant("YESTERDAY 9PM") == inSeoul.instant("yesterday 9pm"))
            #expect(try inSeoul.instant("  FrIdAy  ") == inSeoul.instant("friday"))
            #expect(try inSeoul.instant("yesterday   21:30") == inSeoul.instant("yesterday 21:30"))
        }

        // MARK: Offsets

        @Test func offsetZIsUTCAsAFixedZone() throws {
            let named = try inSeoul.instant("2026-11-20T08:00Z")
            #expect(named.date == instantUTC("2026-11-20T08:00:00Z"))
            #expect(named.timeZone.secondsFromGMT(for: named.date) == 0)
            #expect(named.timeZone != seoul)
            #expect(named.hadTime)
        }

        @Test(arguments: ["2026-11-20T08:00+09:00", "2026-11-20T08:00+0900", "2026-11-20T08:00+09", "2026-11-20 08:00 +09:00"])
        func offsetEqualToTheLocalOneKeepsTheLocalZone(text: String) throws {
            let named = try inSeoul.instant(text)
            #expect(named.date == instantUTC("2026-11-19T23:00:00Z"))
            #expect(named.timeZone == seoul)
        }

        @Test(arguments: [
            ("2026-11-20T08:00-05:00", "2026-11-20T13:00:00Z", -5 * 3600),
            ("2026-11-20T08:00-0500", "2026-11-20T13:00:00Z", -5 * 3600),
            ("2026-11-20T08:00:00.5+05:30", "2026-11-20T02:30:00.500Z", 19_800),
            ("2026-11-20T23:00+14:00", "2026-11-20T09:00:00Z", 14 * 3600),
            ("2026-11-20T08:00+00:00", "2026-11-20T08:00:00Z", 0),
        ])
        func otherOffsetsGiveAFixedOffsetZone(text: String, expected: String, offset: Int) throws {
            let named = try inSeoul.instant(text)
            #expect(named.date == instantUTC(expected))
            #expect(named.timeZone == TimeZone(secondsFromGMT: offset))
            #expect(named.hadTime)
        }

        @Test func localOffsetIsJudgedAtThatInstant() throws {
            // New York is -05:00 in November and -04:00 in July.
            #expect(try inNewYork.instant("2026-11-20T08:00-05:00").timeZone == newYork)
            #expect(try inNewYork.instant("2026-07-20T08:00-04:00").timeZone == newYork)
            let summerOffsetInWinter = try inNewYork.instant("2026-11-20T08:00-04:00")
            #expect(summerOffsetInWinter.date == instantUTC("2026-11-20T12:00:00Z"))
            #expect(summerOffsetInWinter.timeZone == TimeZone(secondsFromGMT: -4 * 3600))
            #expect(try inUTC.instant("2026-11-20T08:00Z").timeZone == utc)
        }

        // MARK: Zones

        @Test func theSameWordsMeanDifferentInstantsInDifferentZones() throws {
            #expect(try inSeoul.instant("2026-11-20 08:00").date == instantUTC("2026-11-19T23:00:00Z"))
            #expect(try inNewYork.instant("2026-11-20 08:00").date == instantUTC("2026-11-20T13:00:00Z"))
            #expect(try inUTC.instant("2026-11-20 08:00").date == instantUTC("2026-11-20T08:00:00Z"))
            #expect(try inNewYork.instant("2026-11-20 08:00").timeZone == newYork)
            #expect(try inUTC.instant("2026-11-20 08:00").timeZone == utc)

            // At the same `now` it is Sunday in Seoul and UTC but still Saturday in New York.
            #expect(try inSeoul.instant("yesterday 21:30").date == instantUTC("2026-11-21T12:30:00Z"))
            #expect(try inUTC.instant("yesterday 21:30").date == instantUTC("2026-11-21T21:30:00Z"))
            #expect(try inNewYork.instant("yesterday 21:30").date == instantUTC("2026-11-21T02:30:00Z"))
            #expect(try inNewYork.instant("tomorrow").date == instantUTC("2026-11-22T17:00:00Z"))
            #expect(try inNewYork.instant("saturday") == NamedInstant(date: fixedNow, timeZone: newYork, hadTime: false))
            #expect(try inNewYork.instant("sunday").date == instantUTC("2026-11-15T17:00:00Z"))
            #expect(try inNewYork.instant("last saturday").date == instantUTC("2026-11-14T17:00:00Z"))
            #expect(try inNewYork.instant("9pm").date == instantUTC("2026-11-22T02:00:00Z"))
        }

        @Test(arguments: ["Asia/Seoul", "America/New_York", "UTC", "Europe/London", "Australia/Lord_Howe", "Asia/Kathmandu"])
        func noonAndTimesAgreeWithFoundationsCalendar(zone: String) throws {
            let timeZone = try #require(TimeZone(identifier: zone))
            let grammar = DateGrammar(now: fixedNow, timeZone: timeZone)
            let calendar = gregorian(timeZone)
            for (text, parts) in [
                ("2026-01-15", (2026, 1, 15, 12, 0)), ("2026-07-04", (2026, 7, 4, 12, 0)),
                ("2024-02-29 23:45", (2024, 2, 29, 23, 45)), ("2026-10-04 06:10", (2026, 10, 4, 6, 10)),
            ] {
                let expected = calendar.date(from: DateComponents(
                    year: parts.0, month: parts.1, day: parts.2, hour: parts.3, minute: parts.4))
                #expect(try grammar.instant(text).date == expected, "\(text) in \(zone)")
            }
        }

        // MARK: Daylight saving

        /// Skipped wall times are errors; see the DST notes on `DateGrammar`.
        @Test(arguments: ["2026-03-08 02:30", "2026-03-08T02:00", "2026-03-08 2:59:59am"])
        func aSkippedWallTimeIsAnError(text: String) throws {
            let error = try #require(failure(try inNewYork.instant(text)))
            #expect(error.text == text)
            #expect(error.reason.contains("2026-03-08"))
            #expect(error.reason.contains("America/New_York"))
            #expect(error.description.hasPrefix("invalid date '\(text)': "))
        }

        @Test func skippedTimeMessageNamesTheTime() throws {
            let error = try #require(failure(try inNewYork.instant("2026-03-08 02:30")))
            #expect(error.reason == Say.timeSkipped(time: "02:30", day: "2026-03-08", zone: "America/New_York"))
            #expect(error.description
                == "invalid date '2026-03-08 02:30': 02:30 on 2026-03-08 does not exist in America/New_York: the clocks jump forward past it")
        }

        @Test func aroundTheSpringGap() throws {
            #expect(try inNewYork.instant("2026-03-08 01:59").date == instantUTC("2026-03-08T06:59:00Z"))
            #expect(try inNewYork.instant("2026-03-08 03:00").date == instantUTC("2026-03-08T07:00:00Z"))
            #expect(try inNewYork.instant("2026-03-08 03:30").date == instantUTC("2026-03-08T07:30:00Z"))
            #expect(try inNewYork.instant("2026-03-08").date == instantUTC("2026-03-08T16:00:00Z"))
            #expect(try inNewYork.instant("2026-03-07").date == instantUTC("2026-03-07T17:00:00Z"))
            // With an explicit offset nothing is skipped; -05:00 is no longer New York's offset then.
            let withOffset = try inNewYork.instant("2026-03-08T02:30-05:00")
            #expect(withOffset.date == instantUTC("2026-03-08T07:30:00Z"))
            #expect(withOffset.timeZone == TimeZone(secondsFromGMT: -5 * 3600))
            #expect(try inNewYork.instant("2026-03-08T03:30-04:00").timeZone == newYork)
            // Seoul has no DST: the same wall time is fine there.
            #expect(try inSeoul.instant("2026-03-08 02:30").date == instantUTC("2026-03-07T17:30:00Z"))
        }

        /// A repeated wall time means the earlier instant.
        @Test func aroundTheAutumnOverlap() throws {
            #expect(try inNewYork.instant("2026-11-01 00:59").date == instantUTC("2026-11-01T04:59:00Z"))
            #expect(try inNewYork.instant("2026-11-01 01:30").date == instantUTC("2026-11-01T05:30:00Z"))
            #expect(try inNewYork.instant("2026-11-01 1:30am").date == instantUTC("2026-11-01T05:30:00Z"))
            #expect(try inNewYork.instant("2026-11-01 02:00").date == instantUTC("2026-11-01T07:00:00Z"))
            #expect(try inNewYork.instant("2026-11-01").date == instantUTC("2026-11-01T17:00:00Z"))
            // The later 01:30 can still be named with its offset, and is New York's own.
            let later = try inNewYork.instant("2026-11-01T01:30-05:00")
            #expect(later.date == instantUTC("2026-11-01T06:30:00Z"))
            #expect(later.timeZone == newYork)
            #expect(try inNewYork.instant("2026-11-01T01:30-04:00").timeZone == newYork)
        }

        @Test func aSkippedDayMovesNoonForward() throws {
            // Samoa skipped 2011-12-30 entirely when it crossed the date line.
            let apia = try #require(TimeZone(identifier: "Pacific/Apia"))
            let grammar = DateGrammar(now: fixedNow, timeZone: apia)
            let named = try grammar.instant("2011-12-30")
            #expect(!named.hadTime)
            #expect(LocalDay(named.date, in: apia) == day("2011-12-31"))
            #expect(failure(try grammar.instant("2011-12-30 09:00")) != nil)
            #expect(try grammar.days("2011-12-30") == DayRange(day("2011-12-30")))
            #expect(LocalDay(try grammar.instant("2011-12-29").date, in: apia) == day("2011-12-29"))
            #expect(LocalDay(try grammar.instant("2011-12-31").date, in: apia) == day("2011-12-31"))
        }

        // MARK: Leap years

        @Test func leapDays() throws {
            #expect(try inSeoul.instant("2024-02-29").date == instantUTC("2024-02-29T03:00:00Z"))
            #expect(try inSeoul.instant("2000-02-29 23:00").date == instantUTC("2000-02-29T14:00:00Z"))
            #expect(failure(try inSeoul.instant("2100-02-29"))?.reason == "February 2100 has 28 days")
            #expect(failure(try inSeoul.instant("2019-02-29"))?.reason == "February 2019 has 28 days")
            #expect(failure(try inSeoul.instant("2024-02-30"))?.reason == "February 2024 has 29 days")
        }
    }

    // MARK: - Errors

    @Suite struct DateGrammarErrorTests {
        /// (text, reason) for `instant`.
        @Test(arguments: [
            ("2019-02-29", Say.monthHasDays(month: 2, year: 2019, days: 28)),
            ("2026-13-01", Say.noSuchMonth(13)),
            ("2026-00-10", Say.noSuchMonth(0)),
            ("2026-11-31", Say.monthHasDays(month: 11, year: 2026, days: 30)),
            ("2026-04-31 10:00", Say.monthHasDays(month: 4, year: 2026, days: 30)),
            ("2026-04-00", Say.noSuchDay(0)),
            ("0000-01-01", Say.yearOutOfRange(0)),
            ("25:00", Say.noSuchHour(25)),
            ("24:00", Say.noSuchHour(24)),
            ("12:61", Say.noSuchMinute(61)),
            ("yesterday 25:00", Say.noSuchHour(25)),
            ("2026-11-20T08:60", Say.noSuchMinute(60)),
            ("today 12:30:60", Say.noSuchSecond(60)),
            ("13pm", Say.notTwelveHourTime("13pm")),
            ("friday 0am", Say.notTwelveHourTime("0am")),
            ("2026-11-20T08:00+19:00", Say.offsetOutOfRange("+19:00")),
            ("2026-11-20T08:00+09:60", Say.offsetOutOfRange("+09:60")),
            ("next blursday", Say.dateNotUnderstood()),
            ("blursday", Say.dateNotUnderstood()),
            ("yesterday 9", Say.dateNotUnderstood()),
            ("yesterday evening", Say.dateNotUnderstood()),
            ("last", Say.dateNotUnderstood()),
            ("last tomorrow", Say.dateNotUnderstood()),
            ("10 lightyears ago", Say.dateNotUnderstood()),
            ("2026-11-20T", Say.dateNotUnderstood()),
            ("2026-11-201", Say.dateNotUnderstood()),
            ("2026-11-20 08:00 tomorrow", Say.dateNotUnderstood()),
            ("9:5", Say.dateNotUnderstood()),
            ("21:30+09:00", Say.dateNotUnderstood()),
            ("2026/11-20", Say.dateNotUnderstood()),  // one separator throughout (2026/11/20 is a date)
            ("２０２６-11-20", Say.dateNotUnderstood()),
        ])
        func instantRejects(text: String, reason: String) throws {
            let error = try #require(failure(try inSeoul.instant(text)))
            #expect(error.text == text)
            #expect(error.reason == reason)
            #expect(error.description == "invalid date '\(text)': \(reason)")
            #expect(!error.description.contains("\n"))
        }

        @Test func theMessagesReadWell() throws {
            #expect(failure(try inSeoul.instant("2019-02-29"))?.description
                == "invalid date '2019-02-29': February 2019 has 28 days")
            #expect(failure(try inSeoul.instant("next blursday"))?.description
                == "invalid date 'next blursday': not a date I understand (try 2026-11-20, yesterday 21:30, or friday)")
            #expect(failure(try inSeoul.instant("25:00"))?.description
                == "invalid date '25:00': there is no hour 25 (hours run 0 to 23)")
            #expect(failure(try inSeoul.days("2025-13"))?.description
                == "invalid date '2025-13': there is no month 13 (months run 1 to 12)")
        }

        @Test func theErrorQuotesTheTextAsTypedTrimmedAndOnOneLine() throws {
            let error = try #require(failure(try inSeoul.instant("  Next Blursday \n")))
            #expect(error.text == "Next Blursday")
            #expect(error.description.hasPrefix("invalid date 'Next Blursday': "))

            let multiline = try #require(failure(try inSeoul.instant("next\nblursday")))
            #expect(!multiline.description.contains("\n"))
            #expect(multiline.description.hasPrefix("invalid date 'next\\nblursday': "))
        }

        @Test(arguments: ["", "   ", "\n\t"])
        func emptyTextIsAnError(text: String) throws {
            let instantError = try #require(failure(try inSeoul.instant(text)))
            #expect(instantError == DateGrammarError(text: "", reason: Say.dateIsEmpty()))
            let daysError = try #require(failure(try inSeoul.days(text)))
            #expect(daysError == DateGrammarError(text: "", reason: Say.dateIsEmpty()))
        }

        /// (text, reason) for `days`.
        @Test(arguments: [
            ("2025-13", Say.noSuchMonth(13)),
            ("2025-0", Say.noSuchMonth(0)),
            ("0000", Say.yearOutOfRange(0)),
            ("june 0000", Say.yearOutOfRange(0)),
            ("2019-02-29", Say.monthHasDays(month: 2, year: 2019, days: 28)),
            ("2100-02-29", Say.monthHasDays(month: 2, year: 2100, days: 28)),
            ("25:00", Say.noSuchHour(25)),
            ("june 32", Say.monthHasAtMost(month: 6, days: 30)),
            ("blursday", Say.daysNotUnderstood()),
            ("this decade", Say.daysNotUnderstood()),
            ("last june", Say.daysNotUnderstood()),
            ("2025-", Say.daysNotUnderstood()),
            ("20255", Say.daysNotUnderstood()),
            ("june 2013 2014", Say.daysNotUnderstood()),
        ])
        func daysRejects(text: String, reason: String) throws {
            let error = try #require(failure(try inSeoul.days(text)))
            #expect(error.text == text)
            #expect(error.reason == reason)
            #expect(error.description.hasPrefix("invalid date '\(text)': "))
        }

        @Test func daysSuggestsItsOwnForms() {
            #expect(Say.daysNotUnderstood().contains("last week"))
            #expect(Say.dateNotUnderstood().contains("yesterday 21:30"))
        }
    }

    // MARK: - days

    @Suite struct DaysTests {
        /// Everything `instant` accepts names one day. (Seoul, Sunday 2026-11-22.)
        @Test(arguments: [
            ("2026-11-20", "2026-11-20"),
            ("2026-11-20T08:00", "2026-11-20"),
            ("2026-11-20 23:30", "2026-11-20"),
            ("today", "2026-11-22"),
            ("now", "2026-11-22"),
            ("yesterday", "2026-11-21"),
            ("yesterday 21:30", "2026-11-21"),
            ("tomorrow 9pm", "2026-11-23"),
            ("friday", "2026-11-20"),
            ("sunday", "2026-11-22"),
            ("last sunday", "2026-11-15"),
            ("last mon 8am", "2026-11-16"),
            ("9pm", "2026-11-22"),
            ("2024-02-29", "2024-02-29"),
            // With an explicit offset: the day as written in that offset, not in Seoul.
            ("2026-11-20T23:00Z", "2026-11-20"),
            ("2026-11-20T23:00-05:00", "2026-11-20"),
            ("2026-11-21T00:30+14:00", "2026-11-21"),
        ])
        func oneDay(text: String, expected: String) throws {
            #expect(try inSeoul.days(text) == DayRange(day(expected)))
        }

        @Test func oneDayMatchesTheInstantsDay() throws {
            for text in ["2026-11-20T23:00Z", "2026-11-20T08:00-05:00", "yesterday 23:59", "last friday 1am", "today"] {
                for grammar in [inSeoul, inNewYork, inUTC] {
                    let named = try grammar.instant(text)
                    #expect(try grammar.days(text) == DayRange(LocalDay(named.date, in: named.timeZone)), "\(text)")
                }
            }
        }

        @Test(arguments: [
            ("2025", "2025-01-01", "2025-12-31"),
            ("2024", "2024-01-01", "2024-12-31"),
            ("2025-03", "2025-03-01", "2025-03-31"),
            ("2025-3", "2025-03-01", "2025-03-31"),
            ("2026-04", "2026-04-01", "2026-04-30"),
            ("2024-02", "2024-02-01", "2024-02-29"),
            ("2100-02", "2100-02-01", "2100-02-28"),
            ("2000-02", "2000-02-01", "2000-02-29"),
            ("june 2013", "2013-06-01", "2013-06-30"),
            ("Jun 2013", "2013-06-01", "2013-06-30"),
            ("2013 june", "2013-06-01", "2013-06-30"),
            ("JUNE   2013", "2013-06-01", "2013-06-30"),
            ("sept 2013", "2013-09-01", "2013-09-30"),
            ("feb 2024", "2024-02-01", "2024-02-29"),
            ("2023 Feb", "2023-02-01", "2023-02-28"),
            // A month alone: the latest on or before this month (November 2026).
            ("march", "2026-03-01", "2026-03-31"),
            ("november", "2026-11-01", "2026-11-30"),
            ("nov", "2026-11-01", "2026-11-30"),
            ("december", "2025-12-01", "2025-12-31"),
            ("Dec", "2025-12-01", "2025-12-31"),
            ("january", "2026-01-01", "2026-01-31"),
            // Weeks start on Monday; today (Sunday) ends this week.
            ("this week", "2026-11-16", "2026-11-22"),
            ("last week", "2026-11-09", "2026-11-15"),
            ("this month", "2026-11-01", "2026-11-30"),
            ("last month", "2026-10-01", "2026-10-31"),
            ("this year", "2026-01-01", "2026-12-31"),
            ("last year", "2025-01-01", "2025-12-31"),
            ("  THIS   Week ", "2026-11-16", "2026-11-22"),
        ])
        func spans(text: String, first: String, last: String) throws {
            #expect(try inSeoul.days(text) == range(first, last))
        }

        @Test func spansFollowTheZonesToday() throws {
            // In New York it is still Saturday 2026-11-21 — the same week, but a different today.
            #expect(try inNewYork.days("today") == DayRange(day("2026-11-21")))
            #expect(try inNewYork.days("this week") == range("2026-11-16", "2026-11-22"))
            #expect(try inNewYork.days("saturday") == DayRange(day("2026-11-21")))
            #expect(try inNewYork.days("sunday") == DayRange(day("2026-11-15")))
            #expect(try inUTC.days("today") == DayRange(day("2026-11-22")))

            // Monday 00:30 in Seoul is Sunday afternoon in New York: different weeks.
            let mondayMorning = instantUTC("2026-11-22T15:30:00Z")
            #expect(try DateGrammar(now: mondayMorning, timeZone: seoul).days("this week") == range("2026-11-23", "2026-11-29"))
            #expect(try DateGrammar(now: mondayMorning, timeZone: newYork).days("this week") == range("2026-11-16", "2026-11-22"))

            // On the last evening of October in New York, it is already November in Seoul.
            let halloween = instantUTC("2026-10-31T23:00:00Z")
            #expect(try DateGrammar(now: halloween, timeZone: newYork).days("this month") == range("2026-10-01", "2026-10-31"))
            #expect(try DateGrammar(now: halloween, timeZone: seoul).days("this month") == range("2026-11-01", "2026-11-30"))
        }

        @Test func spansAcrossTheNewYear() throws {
            // Saturday 2027-01-02.
            let grammar = DateGrammar(now: instantUTC("2027-01-02T12:00:00Z"), timeZone: utc)
            #expect(try grammar.days("this week") == range("2026-12-28", "2027-01-03"))
            #expect(try grammar.days("last week") == range("2026-12-21", "2026-12-27"))
            #expect(try grammar.days("this month") == range("2027-01-01", "2027-01-31"))
            #expect(try grammar.days("last month") == range("2026-12-01", "2026-12-31"))
            #expect(try grammar.days("this year") == range("2027-01-01", "2027-12-31"))
            #expect(try grammar.days("last year") == range("2026-01-01", "2026-12-31"))
            #expect(try grammar.days("january") == range("2027-01-01", "2027-01-31"))
            #expect(try grammar.days("december") == range("2026-12-01", "2026-12-31"))
            #expect(try grammar.days("friday") == DayRange(day("2027-01-01")))
            #expect(try grammar.days("last saturday") == DayRange(day("2026-12-26")))
            #expect(try grammar.days("yesterday") == DayRange(day("2027-01-01")))
            #expect(try grammar.instant("sunday").date == instantUTC("2026-12-27T12:00:00Z"))
        }

        @Test func aLeapYearMarch() throws {
            // "last month" from March in a leap year is a 29-day February.
            let grammar = DateGrammar(now: instantUTC("2024-03-15T12:00:00Z"), timeZone: utc)
            #expect(try grammar.days("last month") == range("2024-02-01", "2024-02-29"))
            #expect(try grammar.days("february") == range("2024-02-01", "2024-02-29"))
            #expect(try grammar.days("april") == range("2023-04-01", "2023-04-30"))
        }

        @Test func aSkippedTimeStillNamesItsDay() throws {
            #expect(try inNewYork.days("2026-03-08 02:30") == DayRange(day("2026-03-08")))
        }
    }

    // MARK: - Concurrency

    @Suite struct ConcurrencyTests {
        @Test func grammarAndResultsCrossConcurrencyDomains() async throws {
            let grammar = inSeoul
            let named = try await Task.detached { try grammar.instant("yesterday 21:30") }.value
            #expect(named.date == instantUTC("2026-11-21T12:30:00Z"))
            let span = try await Task.detached { try grammar.days("last week") }.value
            #expect(span == range("2026-11-09", "2026-11-15"))
        }
    }

    /// The dates jrnl users type (issue 32): a month and day without a year, `last week` as one moment,
    /// and minutes or hours counted from now.
    @Test func datesJrnlUsersType() throws {
        let grammar = Self.inSeoul  // 2026-11-22 09:15 in Seoul
        #expect(try grammar.days("nov 3") == DayRange(Self.day("2026-11-03")))
        #expect(try grammar.days("3 november") == DayRange(Self.day("2026-11-03")))
        // The latest such day on or before today: a diary's days are behind it.
        #expect(try grammar.days("december 24") == DayRange(Self.day("2025-12-24")))
        #expect(try grammar.instant("dec 24 9pm").date == Self.instantUTC("2025-12-24T12:00:00Z"))
        #expect(try grammar.instant("nov 3").hadTime == false)
        #expect(try grammar.instant("last week").date == Self.instantUTC("2026-11-15T03:00:00Z"))  // noon, a week ago
        #expect(try grammar.days("last week") == Self.range("2026-11-09", "2026-11-15"))  // a span for filters
        #expect(try grammar.instant("last month").date == Self.instantUTC("2026-10-22T03:00:00Z"))
        #expect(try grammar.instant("10 minutes ago").date == Self.instantUTC("2026-11-22T00:05:00Z"))
        #expect(try grammar.instant("2 hours ago").date == Self.instantUTC("2026-11-21T22:15:00Z"))
        #expect(try grammar.instant("in 30 mins").date == Self.instantUTC("2026-11-22T00:45:00Z"))
        #expect(try grammar.instant("10분 전").date == Self.instantUTC("2026-11-22T00:05:00Z"))
        #expect(try grammar.instant("3시간 전").date == Self.instantUTC("2026-11-21T21:15:00Z"))
        #expect(try grammar.days("10 hours ago") == DayRange(Self.day("2026-11-21")))
    }

    /// `yesterday 9pm: Dinner` — a date before the first `: ` of the first line, as jrnl reads one.
    @Test func aLeadingDateBeforeTheColon() throws {
        let grammar = Self.inSeoul
        let dinner = try #require(grammar.leadingDate(in: "yesterday 9pm: Dinner with Minji"))
        #expect(dinner.instant.date == Self.instantUTC("2026-11-21T12:00:00Z"))
        #expect(dinner.rest == "Dinner with Minji")
        #expect(grammar.leadingDate(in: "nov 3: Text\nmore")?.rest == "Text\nmore")
        // Not a date: the colon is text.
        #expect(grammar.leadingDate(in: "Note to self: buy milk") == nil)
        #expect(grammar.leadingDate(in: "yesterday:no space") == nil)
        #expect(grammar.leadingDate(in: "First line\nyesterday: second") == nil)
    }

    /// One rule for every range a user types (list's `--on`/`--from`/`--to`, the history's
    /// `--since`/`--until`): `on` bounds both sides, the narrower bound wins, and a first day after
    /// the last is an error carrying both days.
    @Test func aSpanOfDays() throws {
        let grammar = Self.inSeoul
        #expect(try grammar.span(from: nil, to: nil) == (nil, nil))
        let week = try grammar.span(from: "2026-11-16", to: "sunday")
        #expect(week.first == Self.day("2026-11-16") && week.last == Self.day("2026-11-22"))
        let month = try grammar.span(on: "2026-11", from: "2026-10-01", to: "2026-11-10")
        #expect(month.first == Self.day("2026-11-01") && month.last == Self.day("2026-11-10"))
        let open = try grammar.span(from: "yesterday", to: nil)
        #expect(open.first == Self.day("2026-11-21") && open.last == nil)
        #expect(throws: DateGrammar.SpanError.empty(first: Self.day("2026-11-22"), last: Self.day("2026-11-21"))) {
            try grammar.span(from: "today", to: "yesterday")
        }
        #expect(throws: DateGrammar.SpanError.empty(first: Self.day("2026-12-01"), last: Self.day("2026-11-30"))) {
            try grammar.span(on: "2026-11", from: "2026-12-01", to: nil)
        }
        do {
            _ = try grammar.span(from: "2026-11-01", to: "2026-02-30")
            Issue.record("no error for February 30")
        } catch {
            guard case .badDate(.to, let reason) = error else { Issue.record("wrong error \(error)"); return }
            #expect(reason.text == "2026-02-30")
        }
    }
}
