import Foundation

/// The title rule of DESIGN.md, in one place: the header's `title:` when there is one, else the first line
/// of the text that is text — not blank, not an HTML comment, a Hugo shortcode (`{{< … >}}`, `{{% … %}}`),
/// a link reference definition, a Logseq property (`tags:: work`) or a line of nothing but images — without
/// a leading `#`. The body is the text less that line (and the blank lines after it); what the title skipped
/// stays in the body, where it stood.
extension Entry {
    /// The title derived from a text (when the header names none).
    static func title(of text: String) -> String {
        guard let place = titlePlace(in: text) else { return "" }
        var title = text[place.line].drop { $0 == " " || $0 == "\t" }
        if title.first == "#" { title = title.drop { $0 == "#" }.drop { $0 == " " } }
        while let last = title.unicodeScalars.last, last == " " || last == "\t" || last == "\r" {
            title = title.dropLast()
        }
        return String(title)
    }

    /// A header's `title:` as a title: its white space (line breaks of a folded value too) made single
    /// spaces; nil when nothing is left.
    static func headerTitle(_ value: String) -> String? {
        let words = value.split(whereSeparator: { $0.isWhitespace })
        return words.isEmpty ? nil : words.joined(separator: " ")
    }

    /// Where the title line of a text stands: the first line that is not blank, the title line (without its
    /// line break) and where the line after it starts.
    struct TitlePlace {
        var firstLine: String.Index
        var line: Range<String.Index>
        var next: String.Index
    }

    /// The line the title is taken from; when no line is text (a note of only a picture), the first line
    /// that is not blank, as before these lines were skipped. Nil for a blank text.
    static func titlePlace(in text: String) -> TitlePlace? {
        var lines = Entry.lines(of: text)
        var first: TitlePlace?
        /// The end of the comment or shortcode being skipped.
        var closing: String?
        while true {
            let start = lines.position
            guard let line = lines.next() else { break }
            if isBlank(line) { continue }
            let here = TitlePlace(firstLine: first?.firstLine ?? start, line: start..<line.endIndex, next: lines.position)
            if first == nil { first = here }
            if let end = closing {
                if line.contains(end) { closing = nil }
                continue
            }
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            if let (opening, end) = [("<!--", "-->"), ("{{<", ">}}"), ("{{%", "%}}")].first(where: { trimmed.hasPrefix($0.0) }) {
                if !trimmed.dropFirst(opening.count).contains(end) { closing = end }
                continue
            }
            if isLinkDefinition(trimmed) || isProperty(trimmed) || MarkdownImages.onlyImages(trimmed) { continue }
            return here
        }
        return first
    }

    /// `[label]: destination` (a footnote's `[^1]: text` too).
    private static func isLinkDefinition(_ line: Substring) -> Bool {
        guard line.first == "[", let close = line.firstIndex(of: "]"), line.index(after: line.startIndex) < close else { return false }
        let after = line[close...].dropFirst()
        return after.first == ":" && !line[line.index(after: line.startIndex)..<close].contains("[")
    }

    /// A Logseq property line: `tags:: work, ideas`.
    private static func isProperty(_ line: Substring) -> Bool {
        guard let first = line.unicodeScalars.first, first.properties.isAlphabetic, let colons = line.range(of: "::") else { return false }
        let name = line[..<colons.lowerBound]
        let rest = line[colons.upperBound...]
        return name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" } && (rest.isEmpty || rest.first == " ")
    }

    /// The text below the title: one range of `text`, or two when lines the title skipped (a comment, a
    /// picture) stand before it; none when there is no body. Without final line breaks.
    public var bodyRanges: [Range<String.Index>] {
        let utf8 = text.utf8
        var end = text.endIndex
        while end > text.startIndex {
            let before = utf8.index(before: end)
            guard utf8[before] == 10 || utf8[before] == 13 else { break }
            end = before
        }
        var lines = Entry.lines(of: text)
        if titleFromHeader {
            var start = lines.position
            while let line = lines.next(), Entry.isBlank(line) { start = lines.position }
            return start < end ? [start..<end] : []
        }
        guard let place = Entry.titlePlace(in: text) else { return [] }
        lines.position = place.next
        var rest = place.next
        while let line = lines.next(), Entry.isBlank(line) { rest = lines.position }
        var ranges: [Range<String.Index>] = []
        if place.firstLine < place.line.lowerBound {
            var before = place.line.lowerBound
            if rest >= end {
                while before > place.firstLine, utf8[utf8.index(before: before)] == 10 || utf8[utf8.index(before: before)] == 13 {
                    before = utf8.index(before: before)
                }
            }
            ranges.append(place.firstLine..<before)
        }
        if rest < end { ranges.append(rest..<end) }
        return ranges
    }

    /// The text below the title (see `bodyRanges`).
    public var body: String {
        let ranges = bodyRanges
        return ranges.count == 1 ? String(text[ranges[0]]) : ranges.map { text[$0] }.joined()
    }

    /// The first line of the body as a list's preview shows it: trimmed, without a heading's `#`s or a
    /// list's or quote's mark, its inline Markdown as a reader sees it (`MarkdownInline`); pictures and
    /// comments passed over. Nil for an entry with no such line.
    /// Lines are looked at one by one from the start: the rest of the body is never split (a list page shows
    /// this for every row).
    public var preview: String? {
        let body = body
        var rest = Substring(body)
        while !rest.isEmpty {
            let end = rest.utf8.firstIndex { $0 == 10 || $0 == 13 } ?? rest.endIndex
            let line = rest[..<end]
            rest = end == rest.endIndex ? "" : rest[rest.utf8.index(after: end)...]
            var text = line.trimmingSpaces()
            if text.isEmpty || MarkdownImages.onlyImages(Substring(text)) || text.hasPrefix("<!--") || text.hasPrefix("```") { continue }
            for mark in ["#", "- ", "* ", "> "] where text.hasPrefix(mark) {
                text = text.drop { mark.contains($0) }.trimmingSpaces()
            }
            text = MarkdownInline.plain(text).trimmingSpaces()
            if !text.isEmpty { return text }
        }
        return nil
    }

    /// The title's line in `text`, without its line break; nil when the title is the header's, or there is none.
    public var titleLine: Range<String.Index>? {
        titleFromHeader ? nil : Entry.titlePlace(in: text)?.line
    }
}

/// Markdown's and Obsidian's pictures as they stand on a line: `![alt](path)`, `![[photo.png]]` and a linked
/// picture `[![alt](path)](link)`.
enum MarkdownImages {
    /// Whether the line holds pictures and nothing else but spaces.
    static func onlyImages(_ line: Substring) -> Bool {
        guard line.hasPrefix("![") || line.hasPrefix("[![") else { return false }
        let scalars = Array(line.unicodeScalars)
        var i = 0
        var found = false
        while i < scalars.count {
            if scalars[i] == " " || scalars[i] == "\t" || scalars[i] == "\r" {
                i += 1
                continue
            }
            guard let end = imageEnd(scalars, from: i) else { return false }
            found = true
            i = end
        }
        return found
    }

    /// Where a picture starting at `i` ends (one past it), nil when none starts there.
    static func imageEnd(_ s: [Unicode.Scalar], from i: Int) -> Int? {
        if s[i] == "[", i + 1 < s.count, s[i + 1] == "!" {
            // A linked picture: the picture, then `](link)`.
            guard let inner = imageEnd(s, from: i + 1), inner < s.count, s[inner] == "]" else { return nil }
            return parenthesized(s, from: inner + 1)
        }
        guard s[i] == "!", i + 1 < s.count, s[i + 1] == "[" else { return nil }
        if i + 2 < s.count, s[i + 2] == "[" {
            var j = i + 3
            while j + 1 < s.count {
                if s[j] == "]" && s[j + 1] == "]" { return j + 2 }
                j += 1
            }
            return nil
        }
        guard let close = bracketEnd(s, from: i + 1) else { return nil }
        return parenthesized(s, from: close + 1)
    }

    /// The index of the `]` closing the `[` at `i`, nested brackets and escapes counted.
    static func bracketEnd(_ s: [Unicode.Scalar], from i: Int) -> Int? {
        var depth = 0
        var j = i
        while j < s.count {
            switch s[j] {
            case "\\": j += 1
            case "[": depth += 1
            case "]":
                depth -= 1
                if depth == 0 { return j }
            default: break
            }
            j += 1
        }
        return nil
    }

    /// One past the `)` closing the `(` at `i` (nil when `i` is no `(`): `<…>` destinations and nested
    /// parentheses counted.
    static func parenthesized(_ s: [Unicode.Scalar], from i: Int) -> Int? {
        guard i < s.count, s[i] == "(" else { return nil }
        var depth = 0
        var j = i
        var angled = false
        while j < s.count {
            switch s[j] {
            case "\\": j += 1
            case "<" where j == i + 1: angled = true
            case ">" where angled: angled = false
            case "(" where !angled: depth += 1
            case ")" where !angled:
                depth -= 1
                if depth == 0 { return j + 1 }
            default: break
            }
            j += 1
        }
        return nil
    }
}
