import Foundation

extension DateGrammar {
    struct Parser {
        enum Context { case instant, days }

        /// The text as typed, trimmed: what error messages quote.
        let original: String
        /// Lowercased, for matching.
        let lower: String
        let tokens: [String]
        let today: LocalDay
        let now: Date
        let timeZone: TimeZone
        let context: Context

        init(text: String, today: LocalDay, now: Date, timeZone: TimeZone, context: Context) {
            original = text.trimmingCharacters(in: .whitespacesAndNewlines)
            lower = KoreanDates.canonical(original.lowercased(), year: today.year)
            tokens = lower.split(whereSeparator: \.isWhitespace).map(String.init)
            self.today = today
            self.now = now
            self.timeZone = timeZone
            self.context = context
        }

        /// `seconds` from now, as a phrase.
        private func fromNow(_ seconds: Int) -> Phrase {
            let date = now.addingTimeInterval(TimeInterval(seconds))
            return Phrase(day: LocalDay(date, in: timeZone), exact: date)
        }

        func fail(_ reason: String) -> DateGrammarError {
            DateGrammarError(text: original, reason: reason)
        }

        func notUnderstood() -> DateGrammarError {
            fail(context == .days ? Say.daysNotUnderstood() : Say.dateNotUnderstood())
        }

        // MARK: Phrases (both grammars)

        func phrase() throws(DateGrammarError) -> Phrase {
            guard let first = tokens.first else { throw fail(Say.dateIsEmpty()) }

            if let (day, rest) = try isoDatePrefix() {
                var rest = Substring(rest)
                if rest.isEmpty { return Phrase(day: day) }
                if rest.first == "t" {
                    rest = rest.dropFirst()
                } else {
                    rest = rest.drop(while: \.isWhitespace)
                    if rest.hasPrefix("at "), !rest.dropFirst(2).allSatisfy(\.isWhitespace) {
                        rest = rest.dropFirst(3).drop(while: \.isWhitespace)
                    }
                }
                guard let clock = try parseClock(String(rest), allowOffset: true) else { throw notUnderstood() }
                return Phrase(day: day, clock: clock)
            }

            var day: LocalDay
            var isNow = false
            var used = 1
            switch first {
            case "now":
                day = today
                isNow = true
            case "today":
                day = today
            case "yesterday":
                day = try shift(today, by: -1)
            case "tomorrow":
                day = try shift(today, by: 1)
            case _ where ["last", "this", "next"].contains(first) && tokens.count > 2 && tokens[1] == "week"
                && Words.weekday(tokens[2]) != nil:
                // `last week tuesday` (`지난주 화요일`): that day of the week before (after, this) this one.
                let monday = try shift(today, by: -(today.isoWeekday - 1) + ["last": -7, "next": 7][first, default: 0])
                day = try shift(monday, by: (Words.weekday(tokens[2]) ?? 1) - 1)
                used = 3
            case "next":
                guard tokens.count > 1 else { throw notUnderstood() }
                if let weekday = Words.weekday(tokens[1]) {
                    day = try shift(today, by: (weekday - today.isoWeekday + 6) % 7 + 1)
                } else if let unit = Words.unit(tokens[1]) {
                    day = try distance(1, unit)
                } else {
                    throw notUnderstood()
                }
                used = 2
            case "last":
                guard tokens.count > 1 else { throw notUnderstood() }
                if let weekday = Words.weekday(tokens[1]) {
                    day = try latest(weekday, strictlyBeforeToday: true)
                } else if let unit = Words.unit(tokens[1]) {
                    // `last week` as one moment (jrnl's): a week before today.
                    day = try distance(-1, unit)
                } else {
                    throw notUnderstood()
                }
                used = 2
            case "in":
                // `in 2 days`, `in 10 minutes`
                guard tokens.count > 2, let count = Self.count(tokens[1]) else { throw notUnderstood() }
                if tokens.count == 3, let seconds = Words.clockUnit(tokens[2]) { return fromNow(count * seconds) }
                guard let unit = Words.unit(tokens[2]) else { throw notUnderstood() }
                day = try distance(count, unit)
                used = 3
            default:
                if let weekday = Words.weekday(first) {
                    day = try latest(weekday, strictlyBeforeToday: false)
                } else if tokens.count == 3, tokens[2] == "ago", let count = Self.count(first), let seconds = Words.clockUnit(tokens[1]) {
                    // `10 minutes ago`: that long before now.
                    return fromNow(-count * seconds)
                } else if tokens.count > 2, tokens[2] == "ago", let count = Self.count(first), let unit = Words.unit(tokens[1]) {
                    // `3 weeks ago`
                    day = try distance(-count, unit)
                    used = 3
                } else if let (named, count) = try monthAndDay() {
                    day = named
                    used = count
                } else {
                    // A bare time: today at that time.
                    return Phrase(day: today, clock: try timeAfterDay(tokens[...]))
                }
            }
            let rest = tokens[used...]
            if rest.isEmpty { return Phrase(day: day, isNow: isNow) }
            return Phrase(day: day, clock: try timeAfterDay(rest))
        }

        /// `21:30`, `at 9pm`, `9 pm`: the tokens after a day word.
        private func timeAfterDay(_ tokens: ArraySlice<String>) throws(DateGrammarError) -> TimeOfDay {
            var tokens = tokens
            if tokens.first == "at", tokens.count > 1 { tokens = tokens.dropFirst() }
            guard let clock = try parseClock(tokens.joined(separator: " "), allowOffset: false) else {
                throw notUnderstood()
            }
            return clock
        }

        /// `YYYY-M-D` at the start of the text, checked, and whatever follows it; nil when the
        /// text does not start like that (or runs on into more digits or dashes).
        private func isoDatePrefix() throws(DateGrammarError) -> (LocalDay, Substring)? {
            var cursor = Cursor(lower)
            // `2025-06-01`, or `2025/06/01` (one separator throughout).
            guard let year = cursor.number(digits: 4...4), let separator = ["-", "/"].first(where: { cursor.take($0) }),
                  let month = cursor.number(digits: 1...2), cursor.take(separator),
                  let day = cursor.number(digits: 1...2)
            else { return nil }
            let rest = cursor.rest
            if let next = rest.first, next != "t", !next.isWhitespace { return nil }
            return (try checkedDay(year: year, month: month, day: day), rest)
        }

        /// A time of day: `H:MM`, `HH:MM:SS`, `HH:MM:SS.fff`, each optionally with `am`/`pm`, or
        /// `9pm`; and with `allowOffset`, optionally followed by `Z`, `+09:00`, `+0900` or `+09`.
        /// Nil when the text is not shaped like a time; an error when it is, but impossible.
        private func parseClock(_ text: String, allowOffset: Bool) throws(DateGrammarError) -> TimeOfDay? {
            if text == "noon" || text == "midnight" {
                return TimeOfDay(hour: text == "noon" ? 12 : 0, minute: 0, second: 0, fraction: 0, offset: nil)
            }
            var cursor = Cursor(text)
            guard let hour = cursor.number(digits: 1...2) else { return nil }
            var minute = 0, second = 0, fraction = 0.0, hasMinutes = false
            if cursor.take(":") {
                guard let value = cursor.number(digits: 2...2) else { return nil }
                minute = value
                hasMinutes = true
                if cursor.take(":") {
                    guard let value = cursor.number(digits: 2...2) else { return nil }
                    second = value
                    if cursor.take(".") || cursor.take(",") {
                        guard let digits = cursor.digits(1...9), let value = Double("0." + digits) else { return nil }
                        fraction = value
                    }
                }
            }
            cursor.skipWhitespace()
            var meridiem: String?
            for word in ["am", "pm", "a.m.", "p.m."] where cursor.take(word) {
                meridiem = word
                break
            }
            if meridiem == nil && !hasMinutes { return nil }  // "9" alone is not a time
            cursor.skipWhitespace()
            var offset: Int?
            var offsetText = ""
            if allowOffset, let sign = cursor.peek, sign == "z" || sign == "+" || sign == "-" {
                let start = cursor.index
                cursor.advance()
                if sign == "z" {
                    offset = 0
                } else {
                    guard let hours = cursor.twoDigits() else { return nil }
                    var minutes = 0
                    if cursor.take(":") {
                        guard let value = cursor.twoDigits() else { return nil }
                        minutes = value
                    } else if let value = cursor.twoDigits() {
                        minutes = value
                    }
                    offsetText = cursor.text(from: start)
                    guard minutes < 60, hours * 3600 + minutes * 60 <= 18 * 3600 else {
                        throw fail(Say.offsetOutOfRange(offsetText))
                    }
                    offset = (sign == "-" ? -1 : 1) * (hours * 3600 + minutes * 60)
                }
            }
            guard cursor.atEnd else { return nil }

            var hour24 = hour
            if let meridiem {
                guard (1...12).contains(hour) else {
                    throw fail(Say.notTwelveHourTime("\(hour)\(meridiem)"))
                }
                hour24 = hour % 12 + (meridiem.hasPrefix("p") ? 12 : 0)
            } else if hour > 23 {
                throw fail(Say.noSuchHour(hour))
            }
            guard minute < 60 else { throw fail(Say.noSuchMinute(minute)) }
            guard second < 60 else { throw fail(Say.noSuchSecond(second)) }
            return TimeOfDay(hour: hour24, minute: minute, second: second, fraction: fraction, offset: offset)
        }

        // MARK: Spans (`days` only)

        /// `2025`, `2025-03`, `june 2013`, `2013 june`, `march`, `this/last week|month|year`;
        /// nil for anything else.
        func span() throws(DateGrammarError) -> DayRange? {
            switch tokens.count {
            case 1:
                let token = tokens[0]
                var cursor = Cursor(token)
                if let year = cursor.number(digits: 4...4) {
                    if cursor.atEnd { return try wholeYear(year) }
                    if cursor.take("-"), let month = cursor.number(digits: 1...2), cursor.atEnd {
                        return try wholeMonth(month, of: year)
                    }
                    return nil
                }
                if let month = Words.month(token) {
                    let year = month <= today.month ? today.year : today.year - 1
                    return try wholeMonth(month, of: year)
                }
                return nil
            case 2:
                let (a, b) = (tokens[0], tokens[1])
                if a == "this" || a == "last" || a == "next" {
                    let back = ["last": 1, "next": -1][a, default: 0]
                    switch b {
                    case "week":
                        let monday = try shift(today, by: -(today.isoWeekday - 1) - 7 * back)
                        return DayRange(first: monday, last: try shift(monday, by: 6))
                    case "month":
                        let months = today.year * 12 + (today.month - 1) - back
                        return try wholeMonth(months % 12 + 1, of: months / 12)
                    case "year":
                        return try wholeYear(today.year - back)
                    default:
                        return nil
                    }
                }
                if let month = Words.month(a), let year = Self.year(b) { return try wholeMonth(month, of: year) }
                if let year = Self.year(a), let month = Words.month(b) { return try wholeMonth(month, of: year) }
                return nil
            default:
                return nil
            }
        }

        /// `june 1, 2025`, `1 june 2025` at the start, and how many tokens that took; nil when the text
        /// does not start like that. The year may be left out (`nov 3`, `december 24`, `3월 1일`): then the
        /// latest such day on or before today (a diary's days are behind it).
        private func monthAndDay() throws(DateGrammarError) -> (LocalDay, Int)? {
            guard tokens.count >= 2 else { return nil }
            let month: Int, dayToken: String
            if let named = Words.month(tokens[0]) {
                (month, dayToken) = (named, tokens[1])
            } else if let named = Words.month(tokens[1]) {
                (month, dayToken) = (named, tokens[0])
            } else {
                return nil
            }
            var cursor = Cursor(dayToken.hasSuffix(",") ? String(dayToken.dropLast()) : dayToken)
            guard let day = cursor.number(digits: 1...2), cursor.atEnd else { return nil }
            if tokens.count > 2, let year = Self.year(tokens[2]) {
                return (try checkedDay(year: year, month: month, day: day), 3)
            }
            guard day >= 1, day <= LocalDay.daysIn(month: month, year: 2000) else {
                throw fail(day < 1 ? Say.noSuchDay(day) : Say.monthHasAtMost(month: month, days: LocalDay.daysIn(month: month, year: 2000)))
            }
            // A 29 February without a year: the latest one.
            var year = today.year
            while true {
                if let candidate = LocalDay(year: year, month: month, day: day), candidate <= today { return (candidate, 2) }
                year -= 1
                guard LocalDay.years.contains(year) else { throw fail(Say.yearOutOfRange(year)) }
            }
        }

        /// A count before a unit: `3` in `3 weeks ago`.
        private static func count(_ token: String) -> Int? {
            var cursor = Cursor(token)
            guard let count = cursor.number(digits: 1...6), cursor.atEnd else { return nil }
            return count
        }

        /// `count` units from today (back, when negative); months and years keep the day of the month,
        /// or the month's last day when it is shorter.
        private func distance(_ count: Int, _ unit: Words.Unit) throws(DateGrammarError) -> LocalDay {
            switch unit {
            case .day: return try shift(today, by: count)
            case .week: return try shift(today, by: 7 * count)
            case .month, .year:
                let months = today.year * 12 + (today.month - 1) + count * (unit == .year ? 12 : 1)
                let (year, month) = (months / 12, months % 12 + 1)
                guard months >= 0, LocalDay.years.contains(year) else { throw fail(Say.yearOutOfRange(months / 12)) }
                return try checkedDay(year: year, month: month, day: min(today.day, LocalDay.daysIn(month: month, year: year)))
            }
        }

        private static func year(_ token: String) -> Int? {
            var cursor = Cursor(token)
            guard let year = cursor.number(digits: 4...4), cursor.atEnd else { return nil }
            return year
        }

        private func wholeYear(_ year: Int) throws(DateGrammarError) -> DayRange {
            DayRange(first: try checkedDay(year: year, month: 1, day: 1),
                     last: try checkedDay(year: year, month: 12, day: 31))
        }

        private func wholeMonth(_ month: Int, of year: Int) throws(DateGrammarError) -> DayRange {
            let first = try checkedDay(year: year, month: month, day: 1)
            return DayRange(first: first,
                            last: try checkedDay(year: year, month: month, day: LocalDay.daysIn(month: month, year: year)))
        }

        // MARK: Days

        private func checkedDay(year: Int, month: Int, day: Int) throws(DateGrammarError) -> LocalDay {
            guard LocalDay.years.contains(year) else { throw fail(Say.yearOutOfRange(year)) }
            guard (1...12).contains(month) else { throw fail(Say.noSuchMonth(month)) }
            guard day >= 1 else { throw fail(Say.noSuchDay(day)) }
            guard let result = LocalDay(year: year, month: month, day: day) else {
                throw fail(Say.monthHasDays(month: month, year: year, days: LocalDay.daysIn(month: month, year: year)))
            }
            return result
        }

        private func shift(_ day: LocalDay, by count: Int) throws(DateGrammarError) -> LocalDay {
            guard let result = day.adding(days: count) else {
                throw fail(Say.yearOutOfRange(LocalDay(unchecked: day.daysSinceEpoch + count).year))
            }
            return result
        }

        /// The latest `weekday` on or before today (strictly before, for `last monday`).
        private func latest(_ weekday: Int, strictlyBeforeToday: Bool) throws(DateGrammarError) -> LocalDay {
            var back = (today.isoWeekday - weekday + 7) % 7
            if strictlyBeforeToday && back == 0 { back = 7 }
            return try shift(today, by: -back)
        }
    }
}
