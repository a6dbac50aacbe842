import Foundation

// MARK: - Values

/// A moment the user named, with the zone it is to be recorded in.
public struct NamedInstant: Equatable, Sendable {
    public var date: Date
    /// The local zone, or a fixed-offset zone when the text carried an offset like `+09:00` / `Z`
    /// that the local zone did not have at that instant.
    public var timeZone: TimeZone
    /// False when the user gave a day only.
    public var hadTime: Bool

    public init(date: Date, timeZone: TimeZone, hadTime: Bool) {
        self.date = date
        self.timeZone = timeZone
        self.hadTime = hadTime
    }
}

/// A span of local calendar days, inclusive, for list filters.
public struct DayRange: Equatable, Sendable {
    public var first: LocalDay
    public var last: LocalDay

    public init(first: LocalDay, last: LocalDay) {
        self.first = first
        self.last = last
    }

    /// The range holding exactly one day.
    public init(_ day: LocalDay) {
        self.init(first: day, last: day)
    }

    public func contains(_ day: LocalDay) -> Bool {
        first <= day && day <= last
    }
}

/// Why a date the user typed was refused. `description` is the one line to show them.
public struct DateGrammarError: ReaderError, Equatable, Sendable {
    /// The text as the user typed it (surrounding whitespace trimmed).
    public let text: String
    /// What was wrong with it, e.g. "February 2019 has 28 days".
    public let reason: String

    public init(text: String, reason: String) {
        self.text = text
        self.reason = reason
    }

    public var description: String {
        Say.invalidDate(text, reason: reason)
    }
}

// MARK: - Grammar

/// Reads the dates people type: `2026-11-20T08:00+09:00`, `yesterday 21:30`, `last friday`,
/// `9pm`, and for list filters also `2025`, `2025-03`, `june 2013`, `march`, `last week`.
///
/// Words are case-insensitive and surrounding whitespace is ignored. Relative words resolve
/// against `now` as seen in `timeZone`.
///
/// Calendar arithmetic: days are proleptic Gregorian (`LocalDay`, the same rules as
/// `Calendar(identifier: .gregorian)` for every year after 1582), and a wall-clock time on a day
/// becomes an instant through `timeZone`'s UTC offset at that instant, so daylight saving is
/// honoured exactly:
/// - A wall time that the clocks skip (in America/New_York, 02:30 on 2026-03-08) is an
///   **error**: a journal should not silently record a time that never happened. A day given
///   without a time is placed at 12:00; should even noon be skipped (Pacific/Apia, 2011-12-30),
///   it moves forward by the length of the gap.
/// - A wall time that happens twice (01:30 on 2026-11-01 in New York) means the **earlier**
///   of the two instants.
public struct DateGrammar: Sendable {
    public let now: Date
    public let timeZone: TimeZone

    public init(now: Date, timeZone: TimeZone) {
        self.now = now
        self.timeZone = timeZone
    }

    /// For `journal add --date WHEN`.
    ///
    /// A day without a time is 12:00 local that day, except today, which is `now` itself;
    /// either way `hadTime` is false. `now` alone is `now` with `hadTime` true.
    ///
    /// A span that is no one moment (`this month`, `이번 달`, `2025`, `재작년`) means its first day. A year
    /// outside `entryYears` is refused: no diary is written then.
    public func instant(_ text: String) throws(DateGrammarError) -> NamedInstant {
        let parser = Parser(text: text, today: today, now: now, timeZone: timeZone, context: .instant)
        let phrase: Phrase
        do { phrase = try parser.phrase() } catch {
            guard let span = try parser.span() else { throw error }
            phrase = Phrase(day: span.first)
        }
        let year = phrase.exact.map { LocalDay($0, in: timeZone).year } ?? phrase.day.year
        guard DateGrammar.entryYears.contains(year) else {
            throw parser.fail(Say.entryYearOutOfRange(year, first: DateGrammar.entryYears.lowerBound,
                                                      last: DateGrammar.entryYears.upperBound))
        }
        if let exact = phrase.exact { return NamedInstant(date: exact, timeZone: timeZone, hadTime: true) }
        guard let clock = phrase.clock else {
            if phrase.isNow { return NamedInstant(date: now, timeZone: timeZone, hadTime: true) }
            if phrase.day == today { return NamedInstant(date: now, timeZone: timeZone, hadTime: false) }
            let noon = TimeOfDay(hour: 12, minute: 0, second: 0, fraction: 0, offset: nil)
            let date = wallClock(phrase.day, noon) ?? skippedForward(phrase.day, noon)
            return NamedInstant(date: date, timeZone: timeZone, hadTime: false)
        }
        if let offset = clock.offset {
            let date = Date(timeIntervalSince1970: Double(clock.wallSeconds(on: phrase.day) - offset) + clock.fraction)
            if timeZone.secondsFromGMT(for: date) == offset {
                return NamedInstant(date: date, timeZone: timeZone, hadTime: true)
            }
            guard let fixed = TimeZone(secondsFromGMT: offset) else {
                throw parser.fail(Say.offsetOutOfRange(TimeOfDay.offsetText(offset)))
            }
            return NamedInstant(date: date, timeZone: fixed, hadTime: true)
        }
        guard let date = wallClock(phrase.day, clock) else {
            throw parser.fail(Say.timeSkipped(time: clock.text, day: phrase.day.description, zone: timeZone.identifier))
        }
        return NamedInstant(date: date, timeZone: timeZone, hadTime: true)
    }

    /// The years an entry may be dated in.
    public static let entryYears = 1900...2200

    /// For `journal list --on/--from/--to WHEN`: the days the text names.
    ///
    /// Anything `instant` accepts names its one day: the local day, or for a date-time with an
    /// explicit offset the day as written in that offset. A time, if given, is checked for
    /// form but otherwise ignored (so a time skipped by daylight saving is no error here).
    public func days(_ text: String) throws(DateGrammarError) -> DayRange {
        let parser = Parser(text: text, today: today, now: now, timeZone: timeZone, context: .days)
        if let range = try parser.span() { return range }
        return DayRange(try parser.phrase().day)
    }

    /// Which bound of a span a text was typed for.
    public enum Bound: Sendable, Equatable { case on, from, to }

    /// Why `span` refused its bounds: a text that names no day, or a first day after the last.
    public enum SpanError: Error, Sendable, Equatable {
        case badDate(Bound, DateGrammarError)
        case empty(first: LocalDay, last: LocalDay)
    }

    /// The days from the first one `from` names to the last one `to` names, within `on`'s days when
    /// given; nil for a side nothing bounds. The one rule of every range a user types (list's
    /// `--on`/`--from`/`--to`, the history's `--since`/`--until`): a first day after the last is an error.
    public func span(on: String? = nil, from: String?, to: String?) throws(SpanError) -> (first: LocalDay?, last: LocalDay?) {
        func days(_ text: String, _ bound: Bound) throws(SpanError) -> DayRange {
            do { return try self.days(text) } catch { throw .badDate(bound, error) }
        }
        let within = try on.map { text throws(SpanError) in try days(text, .on) }
        var first = within?.first, last = within?.last
        if let from {
            let day = try days(from, .from).first
            first = first.map { max($0, day) } ?? day
        }
        if let to {
            let day = try days(to, .to).last
            last = last.map { min($0, day) } ?? day
        }
        if let first, let last, first > last { throw .empty(first: first, last: last) }
        return (first, last)
    }

    /// A date before the first `: ` of a new entry's first line, as jrnl reads one (`yesterday 9pm: Dinner`,
    /// `nov 3: Text`): the moment and the text after it. Nil when there is no such prefix or it is no date
    /// (then the colon is just text).
    public func leadingDate(in text: String) -> (instant: NamedInstant, rest: String)? {
        let firstLine = text.prefix { $0 != "\n" }
        guard let colon = firstLine.range(of: ": "), colon.lowerBound > firstLine.startIndex else { return nil }
        let prefix = String(text[..<colon.lowerBound])
        guard prefix.count <= 40, let instant = try? instant(prefix) else { return nil }
        let rest = text[colon.upperBound...].drop { $0 == " " }
        return (instant, String(rest))
    }

    /// Today as the wall clock in `timeZone` reads it at `now`.
    var today: LocalDay {
        LocalDay(now, in: timeZone)
    }

    /// The instant the wall clock in `timeZone` reads `clock` on `day`; the earlier one when
    /// that happens twice, nil when the clocks skip it.
    func wallClock(_ day: LocalDay, _ clock: TimeOfDay) -> Date? {
        WallClock(timeZone).instant(clock.wallSeconds(on: day), fraction: clock.fraction)
    }

    /// For a skipped wall time: the same distance past the jump as the wall time was past its start.
    func skippedForward(_ day: LocalDay, _ clock: TimeOfDay) -> Date {
        WallClock(timeZone).skippedForward(clock.wallSeconds(on: day), fraction: clock.fraction)
    }
}

// MARK: - Parsing

extension DateGrammar {
    /// A time of day as typed, already checked for range.
    struct TimeOfDay: Equatable, Sendable {
        var hour: Int
        var minute: Int
        var second: Int
        var fraction: Double
        /// Seconds east of UTC, when the text carried an offset.
        var offset: Int?

        /// `02:30` or `02:30:15`, for messages.
        var text: String {
            let hm = "\(TimeOfDay.two(hour)):\(TimeOfDay.two(minute))"
            return second == 0 && fraction == 0 ? hm : "\(hm):\(TimeOfDay.two(second))"
        }

        /// Seconds since 1970-01-01T00:00 on a clock that reads UTC.
        func wallSeconds(on day: LocalDay) -> Int {
            day.daysSinceEpoch * 86_400 + hour * 3600 + minute * 60 + second
        }

        static func offsetText(_ offset: Int) -> String {
            "\(offset < 0 ? "-" : "+")\(two(abs(offset) / 3600)):\(two(abs(offset) % 3600 / 60))"
        }

        private static func two(_ value: Int) -> String {
            value < 10 ? "0\(value)" : "\(value)"
        }
    }

    /// A day, perhaps with a time: everything `instant` understands.
    struct Phrase: Sendable {
        var day: LocalDay
        var clock: TimeOfDay?
        /// The word `now` with no time after it.
        var isNow: Bool = false
        /// A moment counted from now (`10 minutes ago`, `in 2 hours`).
        var exact: Date? = nil
    }
}
