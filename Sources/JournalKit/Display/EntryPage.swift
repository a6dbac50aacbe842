/// One entry in full: a line of metadata, weather and place, the path, then the text as written
/// (its title line in bold on a terminal; the title is not printed twice). `show`, `list --full`, `export txt`.
public struct EntryPage {
    public let style: Style
    public let settings: Settings
    public let dates: DateText
    public let units: Units

    public init(style: Style, settings: Settings, dates: DateText, units: Units) {
        self.style = style
        self.settings = settings
        self.dates = dates
        self.units = units
    }

    /// What is known of an entry besides its text, as `show` prints it: date, id, category, tags, star on the
    /// first line; weather and place on the second.
    public func facts(_ entry: Entry, withID: Bool = true) -> (first: [String], place: [String]) {
        let facts = EntryFacts(entry, settings: settings, dates: dates, units: units)
        var first = [facts.date]
        if withID { first.append(style.yellow(facts.id)) }
        if let category = facts.category { first.append(style.color(category.color, category.label)) }
        if let tags = facts.tags { first.append(style.green(tags)) }
        if facts.starred { first.append(style.yellow("★")) }
        return (first, facts.placeLine)
    }

    public func render(_ entry: Entry) -> String {
        let facts = facts(entry)
        var out = facts.first.joined(separator: " · ") + "\n"
        if !facts.place.isEmpty { out += facts.place.joined(separator: " · ") + "\n" }
        if let original = entry.conflictOf { out += style.yellow(Say.conflictCopyOf(String(original.prefix(8)))) + "\n" }
        out += style.dim(entry.path) + "\n\n"
        if entry.titleFromHeader {
            // The header's title, then the text, which holds none.
            out += style.bold(entry.title) + "\n\n" + entry.text.drop { $0 == "\n" }
        } else if let title = entry.titleLine {
            out += entry.text[..<title.lowerBound] + style.bold(String(entry.text[title])) + entry.text[title.upperBound...]
        } else {
            out += style.dim(Say.untitledDisplay)
        }
        if !out.hasSuffix("\n") { out += "\n" }
        return out
    }
}
