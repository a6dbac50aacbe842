import Foundation

// The one home of calendar arithmetic: civil days (proleptic Gregorian, Howard Hinnant's algorithms),
// weekdays, and how a wall-clock time becomes an instant in a zone (daylight saving included).
// Timestamp, DateGrammar, history and templates all ask here.

/// A calendar day as the writer lived it: no time zone attached.
///
/// Days are proleptic Gregorian (no Julian cutover in 1582), years 1 to 9999.
public struct LocalDay: Comparable, Hashable, Sendable, CustomStringConvertible {
    public var year: Int
    public var month: Int
    public var day: Int

    /// Nil for impossible dates (2019-02-29, 2026-13-01, 2026-04-31) and years outside 1...9999.
    public init?(year: Int, month: Int, day: Int) {
        guard LocalDay.years.contains(year), (1...12).contains(month),
              day >= 1, day <= LocalDay.daysIn(month: month, year: year)
        else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// Exactly `YYYY-MM-DD` ("2026-11-21"); nothing else.
    public init?(iso: String) {
        let scalars = Array(iso.unicodeScalars)
        guard scalars.count == 10, scalars[4] == "-", scalars[7] == "-" else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for index in range {
                guard ("0"..."9").contains(scalars[index]) else { return nil }
                value = value * 10 + Int(scalars[index].value - 48)
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10) else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// The day `date` falls on, as read on a wall clock in `timeZone`.
    public init(_ date: Date, in timeZone: TimeZone) {
        let local = date.timeIntervalSince1970 + Double(timeZone.secondsFromGMT(for: date))
        self.init(unchecked: Int((local / 86_400).rounded(.down)))
    }

    public var description: String {
        "\(year.zeroPadded(4))-\(month.zeroPadded(2))-\(day.zeroPadded(2))"
    }

    public static func < (lhs: LocalDay, rhs: LocalDay) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    // MARK: Arithmetic (internal)

    static let years = 1...9999

    static func isLeap(_ year: Int) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days since 1970-01-01 (H. Hinnant's `days_from_civil`).
    var daysSinceEpoch: Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The day `days` after 1970-01-01, without the 1...9999 year check (`civil_from_days`).
    init(unchecked days: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        day = dayOfYear - (153 * mp + 2) / 5 + 1
        month = mp < 10 ? mp + 3 : mp - 9
        year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    }

    /// `count` days later (earlier when negative); nil when that leaves years 1...9999.
    func adding(days count: Int) -> LocalDay? {
        let result = LocalDay(unchecked: daysSinceEpoch + count)
        return LocalDay.years.contains(result.year) ? result : nil
    }

    /// ISO weekday: 1 = Monday ... 7 = Sunday.
    public var isoWeekday: Int {
        // 1970-01-01 was a Thursday (4).
        ((daysSinceEpoch % 7 + 7) % 7 + 3) % 7 + 1
    }
}

/// How a zone's wall clock maps to instants. One policy for every caller:
/// - a wall time that happens twice (clocks going back) means the **earlier** instant;
/// - a wall time the clocks skip has no instant (`instant` is nil); where a caller must still place it
///   (a file written by hand, a day's noon or midnight), `skippedForward` puts it as far past the jump
///   as it was past the jump's start. Only what the user types is refused for it (DateGrammar).
public struct WallClock: Sendable {
    public let timeZone: TimeZone

    public init(_ timeZone: TimeZone) {
        self.timeZone = timeZone
    }

    /// The instant the wall clock reads `wall` (seconds since 1970-01-01 00:00 on the wall clock), plus `fraction`;
    /// the earlier one when that happens twice, nil when the clocks skip it.
    public func instant(_ wall: Int, fraction: Double = 0) -> Date? {
        let candidates = probeOffsets(wall)
            .map { wall - $0 }
            .filter { timeZone.secondsFromGMT(for: date($0)) == wall - $0 }
        guard let earliest = candidates.min() else { return nil }
        return Date(timeIntervalSince1970: Double(earliest) + fraction)
    }

    /// For a skipped wall time: read it with the offset from before the jump, which lands the
    /// same distance past the jump as the wall time was past its start.
    public func skippedForward(_ wall: Int, fraction: Double = 0) -> Date {
        let before = probeOffsets(wall).min() ?? timeZone.secondsFromGMT(for: date(wall))
        return Date(timeIntervalSince1970: Double(wall - before) + fraction)
    }

    /// `instant`, else `skippedForward`: a place for every wall time.
    public func placed(_ wall: Int, fraction: Double = 0) -> Date {
        instant(wall, fraction: fraction) ?? skippedForward(wall, fraction: fraction)
    }

    /// Every UTC offset the zone uses within two days of `wall` (read as if it were UTC).
    /// Real instants for a wall time lie within ±18 hours of it, and zones do not change offset
    /// twice in four days, so these cover both sides of any transition near it.
    private func probeOffsets(_ wall: Int) -> Set<Int> {
        Set([-172_800, -86_400, 0, 86_400, 172_800].map { timeZone.secondsFromGMT(for: date(wall + $0)) })
    }

    private func date(_ seconds: Int) -> Date {
        Date(timeIntervalSince1970: Double(seconds))
    }
}

extension Int {
    /// At least `width` digits, zeros in front, a minus sign before them (`%0Nd` without Foundation's cost,
    /// for dates written per entry).
    func zeroPadded(_ width: Int) -> String {
        let digits = String(magnitude)
        let padded = digits.utf8.count < width ? String(repeating: "0", count: width - digits.utf8.count) + digits : digits
        return self < 0 ? "-" + padded : padded
    }
}
