import Foundation

/// An entry as a Markdown section: its title as a heading, its facts in one line, then its text after the title,
/// the text's own headings demoted below the title's.
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
        let body = EntryMarkdown.demoted(entry.body, by: heading.count)
        if !body.isEmpty { out += "\n" + body + "\n" }
        return out
    }

    /// `markdown` with each of its headings `levels` deeper (at most 6, the deepest Markdown has), as jrnl's
    /// Markdown export does: under an entry's `## Title`, the entry's `# Section` is `### Section`. An
    /// underlined heading (`Section` over `===` or `---`) becomes a `#` one; code blocks are left alone.
    static func demoted(_ markdown: String, by levels: Int) -> String {
        guard levels > 0, markdown.contains("#") || markdown.contains("==") || markdown.contains("--") else { return markdown }
        // By scalars: a CRLF is one Character, which "\n" would not split.
        var lines = markdown.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map { String($0) }
        var fence: Substring?
        var previousIsText = false  // the line before is a paragraph's: an underline below it makes a heading
        for index in lines.indices {
            let line = lines[index]
            let indent = line.prefix { $0 == " " }.count
            let trimmed = line.dropFirst(indent)
            if let open = fence {
                if trimmed.hasPrefix(open) { fence = nil }
                continue
            }
            guard indent <= 3 else {
                previousIsText = previousIsText && !trimmed.isEmpty
                continue
            }
            if trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") {
                fence = trimmed.prefix(3)
                previousIsText = false
                continue
            }
            let content = trimmed.hasSuffix("\r") ? trimmed.dropLast() : trimmed
            let hashes = content.prefix { $0 == "#" }.count
            if (1...6).contains(hashes), content.count == hashes || content.dropFirst(hashes).first.map({ $0 == " " || $0 == "\t" }) == true {
                lines[index] = String(repeating: "#", count: min(6, hashes + levels)) + trimmed.dropFirst(hashes)
                previousIsText = false
                continue
            }
            let underline = content.trimmingCharacters(in: .whitespaces)
            if previousIsText, !underline.isEmpty, underline.allSatisfy({ $0 == "=" }) || underline.allSatisfy({ $0 == "-" }) {
                let level = underline.first == "=" ? 1 : 2
                let title = lines[index - 1].trimmingCharacters(in: .whitespaces)
                lines[index - 1] = String(repeating: "#", count: min(6, level + levels)) + " " + title
                lines[index] = line.hasSuffix("\r") ? "\r" : ""
                previousIsText = false
                continue
            }
            previousIsText = !content.trimmingCharacters(in: .whitespaces).isEmpty && !Self.startsBlock(content)
        }
        return lines.joined(separator: "\n")
    }

    /// A line that starts a list item, a quote, a table row or a rule: a line under it is not an underline.
    private static func startsBlock(_ line: Substring) -> Bool {
        if let first = line.first, "-*+>|".contains(first) { return true }
        let digits = line.prefix { $0.isASCII && $0.isNumber }
        return !digits.isEmpty && (line.dropFirst(digits.count).first == "." || line.dropFirst(digits.count).first == ")")
    }
}
