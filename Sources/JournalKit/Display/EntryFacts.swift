import Foundation

/// What is known of an entry besides its text, as a reader sees it: its date in its own local time (and
/// zone), its id, its category with emoji and colour, its tags, its star; then its weather and place. The
/// terminal, the pages, shared text and exports all show these, each in its own dress.
public struct EntryFacts: Sendable {
    public var date: String
    public var id: String
    /// `💼 업무`, and the colour journal.yml gives it (a colour name or `#rrggbb`).
    public var category: (label: String, color: String?)?
    /// `#a #b`, header tags and hashtags of the text.
    public var tags: String?
    public var starred: Bool
    /// `☀️ clear 12.5°C, humidity 60%`, in the reader's units.
    public var weather: String?
    /// `Busan (35.1796, 129.0756)`.
    public var place: String?

    /// `language`: the one a built-in category and the weather are named in (a page's, which may not be the
    /// process's).
    public init(_ entry: Entry, settings: Settings, dates: DateText, units: Units, language: String = Say.current) {
        date = dates.format(entry.createdAt) + (entry.timeZone.map { " (\($0))" } ?? "")
        id = entry.id
        if let name = entry.category {
            let known = settings.category(named: name)
            category = ([known?.emoji, Say.categoryName(name, in: language)].compactMap { $0 }.joined(separator: " "), known?.color)
        }
        tags = entry.allTags.isEmpty ? nil : entry.allTags.map { "#" + $0 }.joined(separator: " ")
        starred = entry.starred
        weather = entry.weather.map { WeatherText.full($0, units: units, language: language) }
        place = entry.location.map(EntryFacts.placeText)
    }

    /// The facts as a page shows them to a reader whose clock is in `readerZone`: the date as a diary reads it
    /// (`Say.pageDateTime`, the weekday with it), the entry's zone only when it is not the reader's, a place by
    /// its name (its coordinates only when it has none).
    public init(_ entry: Entry, settings: Settings, readerZone: TimeZone, now: Date, units: Units, language: String) {
        self.init(entry, settings: settings, dates: DateText(locale: nil, language: language), units: units, language: language)
        date = EntryFacts.pageDate(entry, readerZone: readerZone, now: now, language: language)
        place = entry.location.map(EntryFacts.placeName)
    }

    /// An entry's date on a page (a row of the list, the entry's facts): `11월 28일 (토) 오후 6:22`, and
    /// `(Europe/Paris)` after it when the entry was written in another zone than the reader's.
    public static func pageDate(_ entry: Entry, readerZone: TimeZone, now: Date, language: String) -> String {
        let thisYear = LocalDay(now, in: readerZone).year
        var text = Say.pageDateTime(entry.createdAt, thisYear: thisYear, in: language)
        if let zone = entry.timeZone, zone != readerZone.identifier,
           TimeZone(identifier: zone).map({ $0.secondsFromGMT(for: entry.createdAt.date) != readerZone.secondsFromGMT(for: entry.createdAt.date) }) ?? true {
            text += " (\(zone))"
        }
        return text
    }

    /// A place as a page names it: its name, else its coordinates.
    public static func placeName(_ location: Location) -> String {
        if let name = location.name?.trimmingCharacters(in: .whitespaces), !name.isEmpty { return name }
        return placeText(location)
    }

    /// The first line's parts, plain: date, id (`withID`), category, tags, star.
    public func firstLine(withID: Bool) -> [String] {
        [date] + (withID ? [id] : []) + [category?.label, tags, starred ? "★" : nil].compactMap { $0 }
    }

    /// The second line's parts: weather and place.
    public var placeLine: [String] { [weather, place].compactMap { $0 } }

    /// `Busan (35.1796, 129.0756)`: a place's name and coordinates, whichever it has.
    public static func placeText(_ location: Location) -> String {
        var text = location.name ?? ""
        if let lat = location.latitude, let lon = location.longitude {
            text += (text.isEmpty ? "" : " ") + "(\(YAMLWriter.number(lat)), \(YAMLWriter.number(lon)))"
        }
        return text
    }
}
