import Foundation

/// Dates as the user reads them: their locale's medium style, or ISO 8601 under C/POSIX or no locale;
/// always in the entry's own local time, as the writer lived it. When messages are in another language
/// than English, its catalogue's `dateTime` form is used instead, written by hand (no ICU).
public struct DateText: Sendable {
    private let formatter: DateFormatter?
    private let catalogued: Bool
    private let language: String

    /// `language`: the one the catalogue's form is taken from (a page's, which may not be the process's).
    public init(locale: Locale?, language: String = Say.current) {
        self.language = language
        catalogued = language != "en"
        guard let locale, !catalogued else {
            formatter = nil
            return
        }
        let formatter = DateFormatter()
        formatter.locale = locale
        formatter.dateStyle = .medium
        formatter.timeStyle = .short
        self.formatter = formatter
    }

    public func format(_ stamp: Timestamp) -> String {
        if catalogued {
            let p = stamp.parts
            return Say.dateTime(year: p.year, month: p.month, day: p.day, hour: p.hour, minute: p.minute, in: language)
        }
        guard let formatter, let zone = TimeZone(secondsFromGMT: stamp.offsetSeconds) else {
            return "\(stamp.localDay) \(stamp.hourMinute)"
        }
        formatter.timeZone = zone
        return formatter.string(from: stamp.date)
    }
}
