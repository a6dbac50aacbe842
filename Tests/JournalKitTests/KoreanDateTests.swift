import Foundation
import Testing
@testable import JournalKit

/// Korean dates and the English forms added with them. Every expectation is computed from the clock:
/// the suite's own list of awkward moments plus `JOURNAL_TEST_NOW`/`JOURNAL_TEST_TZ`, which
/// scripts/clock-suites.sh sets to other days and zones.
@Suite struct KoreanDates {
    /// (now, zone) pairs: the environment's clock, a leap day, a year's last evening west of UTC, a DST morning.
    static let clocks: [(Date, TimeZone)] = {
        var clocks: [(String, String)] = [
            ("2028-02-29T00:10:00+13:00", "Pacific/Auckland"),
            ("2026-12-31T23:30:00-10:00", "Pacific/Honolulu"),
            ("2027-03-14T01:30:00-08:00", "America/Los_Angeles"),
            ("2026-11-22T09:15:00+09:00", "Asia/Seoul"),
        ]
        let environment = ProcessInfo.processInfo.environment
        if let now = environment["JOURNAL_TEST_NOW"] { clocks.insert((now, environment["JOURNAL_TEST_TZ"] ?? "UTC"), at: 0) }
        let formatter = ISO8601DateFormatter()
        return clocks.compactMap { text, zone in
            guard let date = formatter.date(from: text), let zone = TimeZone(identifier: zone) else { return nil }
            return (date, zone)
        }
    }()

    static func calendar(_ zone: TimeZone) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        return calendar
    }

    /// The local day `count` `unit`s from `now`, by Foundation's calendar (an independent computation).
    static func day(_ now: Date, _ zone: TimeZone, _ unit: Calendar.Component = .day, _ count: Int = 0) -> LocalDay {
        let calendar = calendar(zone)
        let parts = calendar.dateComponents([.year, .month, .day], from: now)
        var start = DateComponents()
        (start.year, start.month, start.day, start.hour) = (parts.year, parts.month, parts.day, 12)
        let noon = calendar.date(from: start) ?? now
        let moved = calendar.dateComponents([.year, .month, .day], from: calendar.date(byAdding: unit, value: count, to: noon) ?? noon)
        return LocalDay(year: moved.year ?? 0, month: moved.month ?? 0, day: moved.day ?? 0) ?? LocalDay(unchecked: 0)
    }

    static func failure(_ body: () throws -> some Any) -> String? {
        do {
            _ = try body()
            return nil
        } catch {
            return "\(error)"
        }
    }

    @Test func relativeDaysInKorean() throws {
        for (now, zone) in Self.clocks {
            let grammar = DateGrammar(now: now, timeZone: zone)
            func on(_ text: String) throws -> LocalDay {
                let range = try grammar.days(text)
                #expect(range.first == range.last, "\(text)")
                return range.first
            }
            let expected: [(String, LocalDay)] = [
                ("오늘", Self.day(now, zone)), ("어제", Self.day(now, zone, .day, -1)),
                ("그저께", Self.day(now, zone, .day, -2)), ("그제", Self.day(now, zone, .day, -2)),
                ("내일", Self.day(now, zone, .day, 1)), ("모레", Self.day(now, zone, .day, 2)),
                ("3일 전", Self.day(now, zone, .day, -3)), ("3일전", Self.day(now, zone, .day, -3)),
                ("2주 전", Self.day(now, zone, .day, -14)), ("2주전", Self.day(now, zone, .day, -14)),
                ("3개월 전", Self.day(now, zone, .month, -3)), ("3달 전", Self.day(now, zone, .month, -3)),
                ("1년 전", Self.day(now, zone, .year, -1)), ("2일 후", Self.day(now, zone, .day, 2)),
                ("3 weeks ago", Self.day(now, zone, .day, -21)), ("1 day ago", Self.day(now, zone, .day, -1)),
                ("2 months ago", Self.day(now, zone, .month, -2)), ("1 year ago", Self.day(now, zone, .year, -1)),
                ("in 2 days", Self.day(now, zone, .day, 2)),
            ]
            for (text, day) in expected {
                #expect(try on(text) == day, "\(text) at \(now) in \(zone.identifier)")
            }
            // Weekdays: the latest on or before today; `지난` strictly before.
            let today = Self.day(now, zone)
            for (korean, english) in [("월요일", "monday"), ("금요일", "friday"), ("일요일", "sunday")] {
                let latest = try on(korean)
                #expect(latest == (try on(english)))
                #expect(latest <= today && latest > (today.adding(days: -7) ?? today))
                let last = try on("지난 " + korean)
                #expect(last == (try on("last " + english)))
                #expect(last < today && last >= (today.adding(days: -7) ?? today))
                #expect(try on("지난" + korean) == last)
            }
        }
    }

    @Test func spansInKorean() throws {
        for (now, zone) in Self.clocks {
            let grammar = DateGrammar(now: now, timeZone: zone)
            let today = Self.day(now, zone)
            for (korean, english) in [
                ("지난주", "last week"), ("지난 주", "last week"), ("이번 주", "this week"), ("이번주", "this week"),
                ("이번 달", "this month"), ("이번달", "this month"), ("지난달", "last month"), ("지난 달", "last month"),
                ("올해", "this year"), ("작년", "last year"), ("지난해", "last year"),
                ("2025년", "2025"), ("2025년 3월", "2025-03"), ("2025년3월", "2025-03"), ("3월", "march"),
            ] {
                #expect(try grammar.days(korean) == grammar.days(english), "\(korean)")
            }
            let thisMonth = try grammar.days("이번 달")
            #expect(thisMonth.first == LocalDay(year: today.year, month: today.month, day: 1))
            #expect(try grammar.days("올해").first == LocalDay(year: today.year, month: 1, day: 1))
            let week = try grammar.days("이번 주")
            #expect(week.first.isoWeekday == 1 && week.contains(today))
        }
    }

    @Test func calendarDatesInKoreanAndEnglish() throws {
        for (now, zone) in Self.clocks {
            let grammar = DateGrammar(now: now, timeZone: zone)
            let today = Self.day(now, zone)
            let march1 = try #require(LocalDay(year: 2025, month: 3, day: 1))
            for text in [
                "2025년 3월 1일", "2025년3월1일", "2025. 3. 1.", "2025/03/01", "2025/3/1", "1 March 2025", "March 1, 2025",
                "march 1 2025",
            ] {
                #expect(try grammar.days(text) == DayRange(march1), "\(text)")
                #expect(try grammar.instant(text).hadTime == false)
            }
            // Without a year: the latest 1 March on or before today.
            let year = today >= (LocalDay(year: today.year, month: 3, day: 1) ?? today) ? today.year : today.year - 1
            #expect(try grammar.days("3월 1일") == DayRange(try #require(LocalDay(year: year, month: 3, day: 1))))
            #expect(try grammar.days("3월1일") == grammar.days("3월 1일"))
            // English may leave it out too (`nov 3`, as jrnl users type it).
            #expect(try grammar.days("march 1") == grammar.days("3월 1일"))
            #expect(try grammar.instant("3월 1일 오후 9시") == grammar.instant("\(year)-03-01 21:00"))
        }
    }

    @Test func timesInKorean() throws {
        for (now, zone) in Self.clocks {
            let grammar = DateGrammar(now: now, timeZone: zone)
            for (korean, english) in [
                ("2025년 3월 1일 오후 9시", "2025-03-01 21:00"),
                ("어제 오후 9시 30분", "yesterday 21:30"), ("어제 저녁 9시 반", "yesterday 21:30"),
                ("2주 전 오전 10시", "2 weeks ago 10am"), ("지난 금요일 21시", "last friday 21:00"),
                ("어제 정오", "yesterday noon"), ("어제 정오", "yesterday 12:00"), ("어제 자정", "yesterday 00:00"),
                ("어제 오후 9:30", "yesterday 9:30pm"), ("어제 21:30", "yesterday 21:30"),
                ("2025. 3. 1. 오후 9:30", "2025-03-01 21:30"),
            ] {
                #expect(try grammar.instant(korean) == grammar.instant(english), "\(korean) at \(now) in \(zone.identifier)")
            }
            // A bare time is today at that time (unless the clocks skip it today).
            for (korean, english) in [("오전 8시 30분", "8:30am"), ("정오", "noon"), ("noon", "12:00"), ("오후 1시", "13:00")] {
                let expected = Self.failure { try grammar.instant(english) }
                #expect(Self.failure { try grammar.instant(korean) } == expected)
                if expected == nil {
                    #expect(try grammar.instant(korean) == grammar.instant(english))
                    #expect(try grammar.instant(korean).hadTime)
                    #expect(try grammar.days(korean) == DayRange(Self.day(now, zone)))
                }
            }
        }
    }

    @Test func impossibleKoreanDatesGetTheEnglishError() {
        let grammar = DateGrammar(now: Self.clocks[0].0, timeZone: Self.clocks[0].1)
        #expect(Self.failure { try grammar.days("2019년 2월 29일") } == "invalid date '2019년 2월 29일': February 2019 has 28 days")
        #expect(Self.failure { try grammar.instant("2019년2월29일") } == "invalid date '2019년2월29일': February 2019 has 28 days")
        #expect(Self.failure { try grammar.days("2025년 13월") } == "invalid date '2025년 13월': there is no month 13 (months run 1 to 12)")
        #expect(Self.failure { try grammar.instant("어제 오후 25시") } == "invalid date '어제 오후 25시': there is no hour 25 (hours run 0 to 23)")
        #expect(Self.failure { try grammar.instant("오전 15시") }?.hasPrefix("invalid date '오전 15시': not a date I understand") == true)
        #expect(Self.failure { try grammar.instant("어제 9시 75분") } == "invalid date '어제 9시 75분': there is no minute 75 (minutes run 0 to 59)")
        #expect(Self.failure { try grammar.days("2월 30일") } == "invalid date '2월 30일': February has at most 29 days")
        #expect(Self.failure { try grammar.days("June 31, 2025") } == "invalid date 'June 31, 2025': June 2025 has 30 days")
        #expect(Self.failure { try grammar.instant("3000년 1월 1일") } == "invalid date '3000년 1월 1일': an entry is dated in the years 1900 to 2200, not 3000")
        #expect(Self.failure { try grammar.instant("1899-12-31 23:00") } == "invalid date '1899-12-31 23:00': an entry is dated in the years 1900 to 2200, not 1899")
        #expect(Self.failure { try grammar.instant("1900-01-01") } == nil)
        #expect(Self.failure { try grammar.instant("2200-12-31") } == nil)
        #expect(Self.failure { try grammar.days("1850") } == nil, "a list filter may name any year")
        #expect(Self.failure { try grammar.days("언젠가") }?.hasPrefix("invalid date '언젠가': not a date I understand") == true)
        #expect(Self.failure { try grammar.days("3시 전") }?.hasPrefix("invalid date '3시 전': not a date I understand") == true)
    }

    /// The phrases of issue 31, each against Foundation's calendar.
    @Test func phrasesPeopleSay() throws {
        for (now, zone) in Self.clocks {
            let grammar = DateGrammar(now: now, timeZone: zone)
            let today = Self.day(now, zone)
            func on(_ text: String) throws -> LocalDay {
                let range = try grammar.days(text)
                #expect(range.first == range.last, "\(text)")
                #expect(try LocalDay(grammar.instant(text).date, in: zone) == range.first, "\(text)")
                return range.first
            }
            let monday = try #require(today.adding(days: 1 - today.isoWeekday))
            let expected: [(String, LocalDay)] = [
                ("한 달 전", Self.day(now, zone, .month, -1)), ("두 달 전", Self.day(now, zone, .month, -2)),
                ("한달전", Self.day(now, zone, .month, -1)), ("세 달 후", Self.day(now, zone, .month, 3)),
                ("일주일 전", Self.day(now, zone, .day, -7)), ("한 주 전", Self.day(now, zone, .day, -7)),
                ("하루 전", Self.day(now, zone, .day, -1)), ("이틀 전", Self.day(now, zone, .day, -2)),
                ("사흘 전", Self.day(now, zone, .day, -3)), ("열흘 전", Self.day(now, zone, .day, -10)),
                ("그저께", Self.day(now, zone, .day, -2)), ("한 해 전", Self.day(now, zone, .year, -1)),
                ("어제 저녁", Self.day(now, zone, .day, -1)), ("오늘 아침", today), ("어제 밤 11시", Self.day(now, zone, .day, -1)),
                ("지난주 화요일", try #require(monday.adding(days: -6))), ("지난 주 일요일", try #require(monday.adding(days: -1))),
                ("다음 주 월요일", try #require(monday.adding(days: 7))), ("이번 주 수요일", try #require(monday.adding(days: 2))),
                ("last week tuesday", try #require(monday.adding(days: -6))), ("next week monday", try #require(monday.adding(days: 7))),
                ("작년 12월 31일", try #require(LocalDay(year: today.year - 1, month: 12, day: 31))),
                ("올해 1월 1일", try #require(LocalDay(year: today.year, month: 1, day: 1))),
            ]
            for (text, day) in expected {
                #expect(try on(text) == day, "\(text) at \(now) in \(zone.identifier)")
            }
            let next = try on("다음 금요일")
            #expect(next == (try on("next friday")) && next > today && next <= (today.adding(days: 7) ?? today))
            // Calendar years and months are spans for a filter, and their first day for an entry's date.
            for (text, first, last) in [
                ("재작년", LocalDay(year: today.year - 2, month: 1, day: 1), LocalDay(year: today.year - 2, month: 12, day: 31)),
                ("작년", LocalDay(year: today.year - 1, month: 1, day: 1), LocalDay(year: today.year - 1, month: 12, day: 31)),
                ("올해 3월", LocalDay(year: today.year, month: 3, day: 1), LocalDay(year: today.year, month: 3, day: 31)),
                ("이번 달", LocalDay(year: today.year, month: today.month, day: 1),
                 LocalDay(year: today.year, month: today.month, day: LocalDay.daysIn(month: today.month, year: today.year))),
                ("this month", LocalDay(year: today.year, month: today.month, day: 1),
                 LocalDay(year: today.year, month: today.month, day: LocalDay.daysIn(month: today.month, year: today.year))),
            ] {
                let range = try grammar.days(text)
                #expect(range.first == first && range.last == last, "\(text)")
                let instant = try grammar.instant(text)
                #expect(LocalDay(instant.date, in: zone) == first && !instant.hadTime, "\(text)")
            }
        }
    }

    /// Hours said with a part of the day, on the 24-hour clock, and the parts alone.
    @Test func partsOfTheDay() throws {
        let now = try #require(ISO8601DateFormatter().date(from: "2026-11-22T09:15:00+09:00"))
        let zone = try #require(TimeZone(identifier: "Asia/Seoul"))
        let grammar = DateGrammar(now: now, timeZone: zone)
        func wall(_ text: String) throws -> String {
            let instant = try grammar.instant(text)
            #expect(instant.hadTime, "\(text)")
            let stamp = Timestamp(date: instant.date, timeZone: zone)
            return "\(stamp.localDay) \(stamp.hourMinute)"
        }
        for (text, expected) in [
            ("밤 12시", "2026-11-22 00:00"), ("오전 0시 10분", "2026-11-22 00:10"), ("오전 12시", "2026-11-22 00:00"),
            ("오후 0시", "2026-11-22 12:00"), ("오후 12시", "2026-11-22 12:00"), ("밤 1시", "2026-11-22 01:00"),
            ("어제 밤 11시", "2026-11-21 23:00"), ("어제 밤 12시", "2026-11-21 00:00"), ("새벽 2시", "2026-11-22 02:00"),
            ("새벽 5시 30분", "2026-11-22 05:30"), ("아침 7시", "2026-11-22 07:00"), ("점심 1시", "2026-11-22 13:00"),
            ("점심 12시 반", "2026-11-22 12:30"), ("저녁 7시", "2026-11-22 19:00"), ("밤 9:30", "2026-11-22 21:30"),
            ("오후 세 시", "2026-11-22 15:00"), ("밤 열두 시", "2026-11-22 00:00"), ("0시 10분", "2026-11-22 00:10"),
            ("어제 새벽", "2026-11-21 05:00"), ("어제 아침", "2026-11-21 08:00"), ("어제 점심", "2026-11-21 12:00"),
            ("어제 저녁", "2026-11-21 19:00"), ("어제 밤", "2026-11-21 22:00"), ("오늘 아침", "2026-11-22 08:00"),
            ("그저께 저녁 8시", "2026-11-20 20:00"), ("지난주 화요일 저녁", "2026-11-10 19:00"),
        ] {
            #expect(try wall(text) == expected, "\(text)")
        }
        // A span on an entry's date is its first day; `next week`, like `last week`, is a week from today.
        for (text, first) in [("2025", "2025-01-01"), ("june 2013", "2013-06-01"), ("next week", "2026-11-29")] {
            #expect(LocalDay(try grammar.instant(text).date, in: zone).description == first, "\(text)")
        }
    }
}
