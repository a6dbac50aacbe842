import Foundation

/// An entry as a Markdown section: its title as a heading, its facts in one line, then its text after the title.
public struct EntryMarkdown {
    let settings: Settings
    var dates = DateText(locale: nil)
    var units = Units.metric
    var heading = "##"
    var withID = true

    public init(settings: Settings, dates: DateText = DateText(locale: nil), units: Units = .metric, heading: String = "##",
                withID: Bool = true) {
        self.settings = settings
        self.dates = dates
        self.units = units
        self.heading = heading
        self.withID = withID
    }

    public func render(_ entry: Entry) -> String {
        let all = EntryFacts(entry, settings: settings, dates: dates, units: units)
        let facts = (first: all.firstLine(withID: withID), place: all.placeLine)
        var out = heading + " " + (entry.title.isEmpty ? Say.untitledDisplay : entry.title) + "\n\n"
        out += "*" + facts.first.joined(separator: " · ") + "*"
        if !facts.place.isEmpty { out += "  \n*" + facts.place.joined(separator: " · ") + "*" }
        out += "\n"
        let body = entry.body
        if !body.isEmpty { out += "\n" + body + "\n" }
        return out
    }
}
