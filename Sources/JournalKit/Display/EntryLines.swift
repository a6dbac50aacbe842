/// One line per entry, in aligned columns: date, short id, category, title, tags; each line fits in
/// `width` cells (the command line passes the terminal's, else $COLUMNS, else 80), its title cut by display
/// cells to make room. `list`, `search`, `today`, `on-this-day`.
public struct EntryLines {
    public let style: Style
    public let settings: Settings
    public let dates: DateText
    public let units: Units
    public var width: Int

    public init(style: Style, settings: Settings, dates: DateText, units: Units, width: Int) {
        self.style = style
        self.settings = settings
        self.dates = dates
        self.units = units
        self.width = width
    }

    /// The lines of `entries`, each with its preview (`previews`, when given) under it, dimmed and cut to
    /// the width, under the title's column.
    public func render(_ entries: [Entry], previews: [String?] = []) -> String {
        let lines = lines(entries)
        // Joined by hand: the first `joined` of a process asks the runtime whether `[String]` is a `Collection`,
        // which searches every protocol conformance in the binary (0.15 ms of a `list`).
        var out = ""
        guard previews.count == entries.count else {
            for line in lines { out += line + "\n" }
            return out
        }
        // Under the title, unless that leaves too little room.
        let lead = width - leadWidth(entries) >= 24 ? leadWidth(entries) : 4
        for (line, preview) in zip(lines, previews) {
            out += line + "\n"
            if let preview { out += String(repeating: " ", count: lead) + style.dim(clipped(preview, toWidth: max(10, width - 1 - lead))) + "\n" }
        }
        return out
    }

    /// The cells before the title on every line: date, id, category and weather with the gaps after them.
    public func leadWidth(_ entries: [Entry]) -> Int {
        let dateWidth = entries.map { displayWidth(dates.format($0.createdAt)) }.max() ?? 0
        let categoryWidth = entries.map { displayWidth(categoryText($0)) }.max() ?? 0
        let weatherWidth = entries.map { $0.weather.map { displayWidth(WeatherText.column($0, units: units)) } ?? 0 }.max() ?? 0
        return [dateWidth, 8, categoryWidth, weatherWidth].filter { $0 > 0 }.map { $0 + 2 }.reduce(0, +)
    }

    /// One line per entry, in columns aligned across all of them.
    public func lines(_ entries: [Entry]) -> [String] {
        let dateTexts = entries.map { dates.format($0.createdAt) }
        let categories = entries.map(categoryText)
        let dateWidth = dateTexts.map(displayWidth).max() ?? 0
        let categoryWidth = categories.map(displayWidth).max() ?? 0
        let weathers = entries.map { $0.weather.map { WeatherText.column($0, units: units) } ?? "" }
        let weatherWidth = weathers.map(displayWidth).max() ?? 0
        var out: [String] = []
        // The cells before the title, the same on every line.
        let lead = leadWidth(entries)
        for (i, entry) in entries.enumerated() {
            var line = style.dim(padded(dateTexts[i], to: dateWidth)) + "  " + style.yellow(entry.shortID) + "  "
            if categoryWidth > 0 {
                let name = padded(categories[i], to: categoryWidth)
                line += style.color(entry.category.flatMap { settings.category(named: $0)?.color }, name) + "  "
            }
            if weatherWidth > 0 { line += padded(weathers[i], to: weatherWidth) + "  " }
            if let problem = entry.problem {
                line += style.red(Say.brokenEntry(entry.path, line: problem.line, reason: problem.reason))
            } else {
                // The title, its star and its tags are cut, between characters, so that a line stays one
                // terminal row (`show` has them whole): the title first, the tags get what it leaves, or a
                // third of the room when the title alone would fill it.
                let room = max(10, width - 1 - lead) - (entry.starred ? 2 : 0)
                let title = entry.title.isEmpty ? Say.untitledDisplay : entry.title
                // A #tag the title shows is not shown twice. (Joined by hand, as in `render`.)
                var tags = ""
                for tag in entry.tagsBesidesTitle { tags += (tags.isEmpty ? "#" : " #") + tag }
                let tagRoom = tags.isEmpty ? 0 : max(room - 2 - displayWidth(title), min(displayWidth(tags), room / 3))
                let tagText = tagRoom < 4 ? "" : clipped(tags, toWidth: tagRoom)
                line += style.bold(clipped(title, toWidth: room - (tagText.isEmpty ? 0 : 2 + displayWidth(tagText))))
                if entry.starred { line += " " + style.yellow("★") }
                if !tagText.isEmpty { line += "  " + style.green(tagText) }
            }
            out.append(line)
        }
        return out
    }

    private func categoryText(_ entry: Entry) -> String {
        guard let name = entry.category else { return "" }
        if let emoji = settings.category(named: name)?.emoji { return "\(emoji) \(Say.categoryName(name))" }
        return Say.categoryName(name)
    }
}
