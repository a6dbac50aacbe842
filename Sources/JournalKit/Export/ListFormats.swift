import Foundation

/// `journal list --format NAME`: jrnl's names for the ways a list of entries is shown.
public enum ListFormat: String, Sendable, CaseIterable {
    /// One line each: date, time, title (jrnl's `--short`).
    case short
    /// Every entry whole (`list --full`).
    case pretty
    case json
    /// One Markdown document, an entry per section (`export markdown`).
    case md
    /// jrnl's journal file (`export jrnl`).
    case txt
    case yaml
    case xml
    /// A year of months with the days that have entries marked.
    case calendar

    /// jrnl's other spellings.
    public init?(name: String) {
        switch name.lowercased() {
        case "markdown": self = .md
        case "text": self = .txt
        case "heatmap": self = .calendar
        case "fancy", "boxed": self = .pretty
        default: self.init(rawValue: name.lowercased())
        }
    }
}

/// Entries as YAML and XML, for `list --format yaml|xml`.
public enum ListText {
    /// A YAML list: each entry's id, date, title, tags, star and text (a literal block, as written).
    public static func yaml(_ entries: [Entry]) -> String {
        var out = ""
        for entry in entries {
            out += "- id: \(entry.id)\n"
            out += "  date: \(entry.createdAt.rfc3339Milliseconds)\n"
            if let zone = entry.timeZone { out += "  time_zone: \(YAMLWriter.scalar(zone))\n" }
            out += "  title: \(YAMLWriter.scalar(entry.title))\n"
            if let category = entry.category { out += "  category: \(YAMLWriter.scalar(category))\n" }
            out += "  tags: \(YAMLWriter.flowList(entry.allTags))\n"
            out += "  starred: \(entry.starred)\n"
            out += "  text: " + block(entry.text) + "\n"
        }
        return out.isEmpty ? "[]\n" : out
    }

    /// The text as a YAML literal block (`|`), or a quoted scalar where a block cannot hold it.
    private static func block(_ text: String) -> String {
        let body = text.hasSuffix("\n") ? String(text.dropLast()) : text
        let lines = body.split(separator: "\n", omittingEmptySubsequences: false)
        let plainLines = lines.allSatisfy { line in !line.unicodeScalars.contains(where: YAMLWriter.needsEscape) }
        guard plainLines, !body.isEmpty, lines.first.map({ !$0.hasPrefix(" ") }) == true else {
            return YAMLWriter.quoted(text)
        }
        let chomp = text.hasSuffix("\n") ? "" : "-"
        return "|" + chomp + "\n" + lines.map { $0.isEmpty ? "" : "    " + $0 }.joined(separator: "\n")
    }

    /// jrnl's XML: `<journal><entries><entry date="…" starred="…"><tag name="…"/>text</entry>…</entries>
    /// <tags><tag name="…">count</tag>…</tags></journal>`, everything from the entries escaped.
    public static func xml(_ entries: [Entry]) -> String {
        var counts: [String: Int] = [:]
        var out = "<?xml version=\"1.0\" ?>\n<journal>\n  <entries>\n"
        for entry in entries {
            out += "    <entry date=\"\(entry.createdAt.rfc3339)\" id=\"\(entry.id)\" starred=\"\(entry.starred)\">\n"
            for tag in entry.allTags {
                counts[tag.lowercased(), default: 0] += 1
                out += "      <tag name=\"\(MarkupText.escaped(tag))\"/>\n"
            }
            out += "      " + MarkupText.escaped(entry.text.hasSuffix("\n") ? String(entry.text.dropLast()) : entry.text) + "\n"
            out += "    </entry>\n"
        }
        out += "  </entries>\n  <tags>\n"
        for (tag, count) in counts.sorted(by: { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }) {
            out += "    <tag name=\"\(MarkupText.escaped(tag))\">\(count)</tag>\n"
        }
        return out + "  </tags>\n</journal>\n"
    }

}

/// Text for HTML and XML: shown, never run.
public enum MarkupText {
    /// Markup characters and quotes as entities, and control characters (which neither can carry) as U+FFFD
    /// (C0 but tab and line feed, DEL, C1, U+FFFE and U+FFFF). Worked on the UTF-8 bytes (every list page
    /// escapes each row's fields: by scalar it was 14% of a page), the text returned as it is when nothing
    /// needs a change. `MarkupTextTests` holds it to the rule by scalar.
    public static func escaped(_ text: String) -> String {
        var text = text
        return text.withUTF8 { bytes -> String in
            guard let first = bytes.firstIndex(where: needsLook) else { return String(decoding: bytes, as: UTF8.self) }
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count + 16)
            out.append(contentsOf: bytes[..<first])
            var i = first
            while i < bytes.count {
                let byte = bytes[i]
                switch byte {
                case 0x26: out.append(contentsOf: "&amp;".utf8)
                case 0x3C: out.append(contentsOf: "&lt;".utf8)
                case 0x3E: out.append(contentsOf: "&gt;".utf8)
                case 0x22: out.append(contentsOf: "&quot;".utf8)
                case 0x27: out.append(contentsOf: "&#39;".utf8)
                case 0x09, 0x0A: out.append(byte)
                case 0x00..<0x20, 0x7F: out.append(contentsOf: replacement)
                case 0xC2 where i + 1 < bytes.count && (0x80...0x9F).contains(bytes[i + 1]):
                    out.append(contentsOf: replacement)  // C1: U+0080 to U+009F
                    i += 1
                case 0xEF where i + 2 < bytes.count && bytes[i + 1] == 0xBF && (bytes[i + 2] == 0xBE || bytes[i + 2] == 0xBF):
                    out.append(contentsOf: replacement)  // U+FFFE, U+FFFF
                    i += 2
                default: out.append(byte)
                }
                i += 1
            }
            return String(decoding: out, as: UTF8.self)
        }
    }

    /// U+FFFD in UTF-8.
    private static let replacement: [UInt8] = [0xEF, 0xBF, 0xBD]

    /// A byte that may start something to change: markup, a quote, a control character, or the lead byte
    /// of a C1 control or of U+FFFE/U+FFFF.
    private static func needsLook(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x26, 0x3C, 0x3E, 0x22, 0x27, 0x7F, 0xC2, 0xEF: true
        case 0x09, 0x0A: false
        default: byte < 0x20
        }
    }
}

/// Years of months, days with entries marked, as jrnl 4's calendar heatmap draws it: each year with entries
/// from the month of the first entry, months side by side as the width allows.
public struct YearCalendar: Sendable {
    /// Entries per local day.
    public var counts: [LocalDay: Int]
    public var today: LocalDay
    /// Terminal columns.
    public var width: Int
    /// Weeks start on Sunday (Korean calendars, and American ones) or Monday.
    public var weekStartsOnSunday: Bool

    public init(counts: [LocalDay: Int], today: LocalDay, width: Int, weekStartsOnSunday: Bool) {
        self.counts = counts
        self.today = today
        self.width = width
        self.weekStartsOnSunday = weekStartsOnSunday
    }

    /// Each month is seven cells of three columns (a marker, then the day's number); 2 between months.
    static let monthWidth = 21
    static let gap = 2

    /// The lines. With `style`, a day with entries shows its number styled (colour); without, with a `*`
    /// before it, so that the marks survive a pipe.
    public func render(style: ((String) -> String)? = nil) -> String {
        // As jrnl draws it: each year that has entries, whole, from the month of the first entry on, and
        // the current year up to this month (or the last entry's).
        let days = counts.keys.sorted()
        guard let first = days.first else { return "" }
        var months: [(year: Int, month: Int)] = []
        for year in Set(days.map(\.year)).sorted() {
            let start = year == first.year ? first.month : 1
            let latest = days.last { $0.year == year }?.month ?? 12
            let end = year == today.year ? max(today.month, latest) : 12
            for month in start...max(start, end) { months.append((year, month)) }
        }
        let perRow = max(1, min(4, (width + YearCalendar.gap) / (YearCalendar.monthWidth + YearCalendar.gap)))
        var out: [String] = []
        var index = 0
        while index < months.count {
            // A new year starts a new row, under its own heading.
            let rowYear = months[index].year
            if index == 0 || months[index - 1].year != rowYear {
                if !out.isEmpty { out.append("") }
                out.append(String(rowYear))
                out.append("")
            }
            var row: [(year: Int, month: Int)] = []
            while index < months.count, row.count < perRow, months[index].year == rowYear {
                row.append(months[index])
                index += 1
            }
            let blocks = row.map { block($0.year, $0.month, style: style) }
            let height = blocks.map(\.count).max() ?? 0
            for line in 0..<height {
                let cells = blocks.map { block in
                    let (text, width) = line < block.count ? block[line] : ("", 0)
                    return text + String(repeating: " ", count: max(0, YearCalendar.monthWidth - width))
                }
                var text = cells.joined(separator: String(repeating: " ", count: YearCalendar.gap))
                while text.hasSuffix(" ") { text.removeLast() }
                out.append(text)
            }
            out.append("")
        }
        while out.last == "" { out.removeLast() }
        return out.joined(separator: "\n") + "\n"
    }

    /// One month: its name, its number of entries, the weekdays, then its weeks; each line with its width.
    private func block(_ year: Int, _ month: Int, style: ((String) -> String)?) -> [(String, Int)] {
        let lengths = 1...LocalDay.daysIn(month: month, year: year)
        let count = { (day: Int) in LocalDay(year: year, month: month, day: day).flatMap { counts[$0] } ?? 0 }
        let title = Say.text("monthYear", Say.monthName(month), year)
        let total = Say.calendarEntries(lengths.reduce(0) { $0 + count($1) })
        var lines = [(title, displayWidth(title)), (total, displayWidth(total))]
        guard let grid = MonthGrid(year: year, month: month, startingOnSunday: weekStartsOnSunday) else { return lines }
        let header = grid.weekdays.map { Say.weekdayShort($0) }.map { String(repeating: " ", count: max(0, 3 - displayWidth($0))) + $0 }.joined()
        lines.append((header, displayWidth(header)))
        for week in grid.weeks {
            // A last week ends at the month's last day: no empty cells after it.
            guard let last = week.lastIndex(where: { $0 != nil }) else { continue }
            let drawn = week[...last].map { cell -> String in
                guard let day = cell else { return "   " }
                let number = day.day < 10 ? " \(day.day)" : "\(day.day)"
                if count(day.day) == 0 { return " " + number }
                if let style { return " " + style(number) }
                return "*" + number
            }
            lines.append((drawn.joined(), drawn.count * 3))
        }
        return lines
    }
}
