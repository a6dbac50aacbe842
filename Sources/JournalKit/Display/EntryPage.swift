/// One entry in full: a line of metadata, weather and place, the path, then the text as written
/// (its title line in bold on a terminal; the title is not printed twice). `show`, `list --full`, `export txt`.
public struct EntryPage {
    public let style: Style
    public let settings: Settings
    public let dates: DateText
    public let units: Units
    /// The terminal's width: a facts line that would reach past it is broken between its parts.
    public var width: Int

    public init(style: Style, settings: Settings, dates: DateText, units: Units, width: Int = 80) {
        self.style = style
        self.settings = settings
        self.dates = dates
        self.units = units
        self.width = width
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

    /// `parts` joined by ` · `, a new line begun before a part that would reach past `width` cells (a Korean
    /// date, a full id and many tags take more than 80 cells); `plain` are the parts without colour.
    public static func fitted(_ parts: [String], plain: [String], width: Int) -> String {
        var out = ""
        var used = 0
        for (part, text) in zip(parts, plain) {
            let cells = displayWidth(text)
            if used > 0, used + 3 + cells > width {
                out += "\n"
                used = 0
            } else if used > 0 {
                out += " · "
                used += 3
            }
            out += part
            used += cells
        }
        return out
    }

    public func render(_ entry: Entry) -> String {
        let facts = facts(entry)
        let plain = EntryFacts(entry, settings: settings, dates: dates, units: units)
        var out = EntryPage.fitted(facts.first, plain: plain.firstLine(withID: true), width: width) + "\n"
        if !facts.place.isEmpty { out += EntryPage.fitted(facts.place, plain: facts.place, width: width) + "\n" }
        if let original = entry.conflictOf { out += style.yellow(Say.conflictCopyOf(Entry.shortID(of: original))) + "\n" }
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
