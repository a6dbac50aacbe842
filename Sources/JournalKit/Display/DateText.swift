import Foundation

/// Dates as the user reads them: their locale's medium style, or ISO 8601 under C/POSIX or no locale;
/// always in the entry's own local time, as the writer lived it. When messages are in another language
/// than English, its catalogue's `dateTime` form is used instead, written by hand (no ICU).
public struct DateText: Sendable {
    private let formatter: DateFormatter?
    /// The locale's style without ICU, when one could be taken (`LocaleDateStyle`); else `formatter`.
    private let style: LocaleDateStyle?
    private let catalogued: Bool
    private let language: String
    private let localeIdentifier: String?

    /// `language`: the one the catalogue's form is taken from (a page's, which may not be the process's).
    public init(locale: Locale?, language: String = Say.current) {
        self.init(localeIdentifier: locale?.identifier, language: language)
    }

    /// The locale by its identifier (`en_US`): no `Locale` is made (which starts ICU) when its style is kept.
    public init(localeIdentifier: String?, language: String = Say.current) {
        self.language = language
        self.localeIdentifier = localeIdentifier
        catalogued = language != "en"
        guard let localeIdentifier, !catalogued else {
            (formatter, style) = (nil, nil)
            return
        }
        style = LocaleDateStyle.of(localeIdentifier)
        formatter = style == nil ? LocaleDateStyle.formatter(Locale(identifier: localeIdentifier)) : nil
    }

    public func format(_ stamp: Timestamp) -> String {
        if catalogued {
            let p = stamp.parts
            return Say.dateTime(year: p.year, month: p.month, day: p.day, hour: p.hour, minute: p.minute, in: language)
        }
        if let style, LocaleDateStyle.writes(stamp) { return style.format(stamp) }
        // A date the style does not write (see `writes`) is the formatter's, made for it.
        let formatter = formatter ?? (style == nil ? nil : localeIdentifier.map { LocaleDateStyle.formatter(Locale(identifier: $0)) })
        guard let formatter, let zone = TimeZone(secondsFromGMT: stamp.offsetSeconds) else {
            return "\(stamp.localDay) \(stamp.hourMinute)"
        }
        formatter.timeZone = zone
        return formatter.string(from: stamp.date)
    }
}
