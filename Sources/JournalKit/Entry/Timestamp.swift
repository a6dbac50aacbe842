import Foundation

/// An instant together with the UTC offset it was written in, so the writer's
/// own local date and the text (`2026-11-21T22:44:55+09:00`) survive a round trip.
public struct Timestamp: Equatable, Hashable, Sendable, Comparable, Codable {
    public var date: Date
    /// Seconds east of UTC of the local time the writer lived.
    public var offsetSeconds: Int

    public init(date: Date, offsetSeconds: Int) {
        self.date = date
        self.offsetSeconds = offsetSeconds
    }

    /// The instant as lived in `timeZone`.
    public init(date: Date, timeZone: TimeZone) {
        self.init(date: date, offsetSeconds: timeZone.secondsFromGMT(for: date))
    }

    public static func < (a: Timestamp, b: Timestamp) -> Bool { a.date < b.date }

    /// RFC 3339 with the offset: `2026-11-21T22:44:55+09:00`.
    public var rfc3339: String {
        let p = parts
        let sign = offsetSeconds < 0 ? "-" : "+"
        let offset = abs(offsetSeconds)
        return "\(p.year.zeroPadded(4))-\(p.month.zeroPadded(2))-\(p.day.zeroPadded(2))T\(p.hour.zeroPadded(2)):"
            + "\(p.minute.zeroPadded(2)):\(p.second.zeroPadded(2))\(sign)\((offset / 3600).zeroPadded(2)):\((offset % 3600 / 60).zeroPadded(2))"
    }

    /// The writer's local hour and minute: `22:44`.
    public var hourMinute: String {
        let p = parts
        return "\(p.hour.zeroPadded(2)):\(p.minute.zeroPadded(2))"
    }

    /// The writer's local calendar day.
    public var localDay: LocalDay {
        LocalDay(unchecked: Int((Double(wallSeconds) / 86400).rounded(.down)))
    }

    /// Seconds since 1970-01-01 00:00 on the writer's wall clock.
    private var wallSeconds: Int { Int(date.timeIntervalSince1970.rounded(.down)) + offsetSeconds }

    /// Local wall-clock fields, computed without Calendar (cheap enough for 100,000 rows).
    public var parts: (year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int) {
        let day = localDay
        let secondOfDay = wallSeconds - day.daysSinceEpoch * 86400
        return (day.year, day.month, day.day, secondOfDay / 3600, secondOfDay % 3600 / 60, secondOfDay % 60)
    }

    /// Reads `2026-11-21T22:44:55+09:00`, `2026-11-21 22:44`, `2026-11-21T13:44:55.5Z` or a bare
    /// `2026-11-21` (noon); text without an offset is read in `zone`. Nil when it is not a real moment.
    public static func parse(_ text: String, zone: TimeZone) -> Timestamp? {
        // Foundation's trim (through NSString) only where an end could be white space: it was a twentieth of a rebuild.
        func plain(_ byte: UInt8?) -> Bool { byte.map { $0 > 32 && $0 < 128 } ?? true }
        let s = Array((plain(text.utf8.first) && plain(text.utf8.last) ? text : text.trimmingCharacters(in: .whitespaces)).utf8)
        var i = 0
        func number(_ count: Int) -> Int? {
            guard i + count <= s.count else { return nil }
            var value = 0
            for k in i..<(i + count) {
                guard s[k] >= 48, s[k] <= 57 else { return nil }
                value = value * 10 + Int(s[k] - 48)
            }
            i += count
            return value
        }
        func expect(_ c: UInt8) -> Bool {
            guard i < s.count, s[i] == c else { return false }
            i += 1
            return true
        }
        guard let year = number(4), expect(45), let month = number(2), expect(45), let day = number(2),
            let localDay = LocalDay(year: year, month: month, day: day)
        else { return nil }
        var hour = 12, minute = 0, second = 0
        var fraction = 0.0
        var offset: Int?
        if i < s.count {
            guard s[i] == 84 || s[i] == 116 || s[i] == 32 else { return nil }  // T, t or space
            i += 1
            guard let h = number(2), expect(58), let m = number(2), h < 24, m < 60 else { return nil }
            hour = h
            minute = m
            if expect(58) {
                guard let sec = number(2), sec < 61 else { return nil }
                second = min(sec, 59)
                if expect(46) {
                    var scale = 0.1
                    while i < s.count, s[i] >= 48, s[i] <= 57 {
                        fraction += Double(s[i] - 48) * scale
                        scale /= 10
                        i += 1
                    }
                }
            }
            if i < s.count, s[i] == 32 { i += 1 }
            if i < s.count {
                if s[i] == 90 || s[i] == 122 {  // Z
                    i += 1
                    offset = 0
                } else if s[i] == 43 || s[i] == 45 {  // + -
                    let negative = s[i] == 45
                    i += 1
                    guard let oh = number(2), oh <= 23 else { return nil }
                    _ = expect(58)
                    let om = number(2) ?? 0
                    guard om < 60 else { return nil }
                    offset = (negative ? -1 : 1) * (oh * 3600 + om * 60)
                } else {
                    return nil
                }
            }
            guard i == s.count else { return nil }
        }
        let localSeconds = localDay.daysSinceEpoch * 86400 + hour * 3600 + minute * 60 + second
        if let offset {
            return Timestamp(
                date: Date(timeIntervalSince1970: Double(localSeconds - offset) + fraction), offsetSeconds: offset)
        }
        // No offset: the wall time in `zone`, placed by the one wall-clock policy (WallClock).
        return Timestamp(date: WallClock(zone).placed(localSeconds, fraction: fraction), timeZone: zone)
    }
}

extension Timestamp {
    /// `rfc3339`, with milliseconds (`2026-11-21T22:44:55.001+09:00`) when the instant is not on a
    /// whole second: what a new entry's `created_at` says.
    public var rfc3339Milliseconds: String {
        let seconds = date.timeIntervalSince1970
        let milliseconds = min(999, Int(((seconds - seconds.rounded(.down)) * 1000).rounded()))
        guard milliseconds > 0 else { return rfc3339 }
        let text = rfc3339
        // The offset starts after the 19 characters of the date and time.
        let cut = text.index(text.startIndex, offsetBy: 19)
        return String(text[..<cut]) + "." + milliseconds.zeroPadded(3) + text[cut...]
    }
}
