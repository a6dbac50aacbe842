/// One line of Markdown as a reader sees it, for a one-line preview (a list's row, a search's match on a
/// page): a link shows its text, a picture its description, code its letters, emphasis and strike-through
/// lose their marks, a backslash escape its backslash, an entity (`&amp;`) is its character (never a
/// control character). What is not a pair of marks, or an entity, stays as written
/// (`2 * 3 * 4`, `snake_case_name`, an unclosed `**`).
public enum MarkdownInline {
    public static func plain(_ line: some StringProtocol) -> String {
        let s = Array(String(line).unicodeScalars)
        guard s.contains(where: { "*_~`[!<\\&".unicodeScalars.contains($0) }) else { return String(line) }
        // First the pieces whose insides are not Markdown (code, links' destinations), then emphasis among
        // what is left: each kept scalar remembers whether it can be a mark.
        var kept: [(scalar: Unicode.Scalar, mark: Bool)] = []
        var i = 0
        while i < s.count {
            let c = s[i]
            switch c {
            case "\\" where i + 1 < s.count && isPunctuation(s[i + 1]):
                kept.append((s[i + 1], false))
                i += 2
                continue
            case "`":
                var run = 0
                while i + run < s.count && s[i + run] == "`" { run += 1 }
                if let close = closingTicks(s, from: i + run, run: run) {
                    var inside = Array(s[(i + run)..<close])
                    if inside.count > 2, inside.first == " ", inside.last == " " { inside = Array(inside.dropFirst().dropLast()) }
                    kept += inside.map { ($0, false) }
                    i = close + run
                } else {
                    kept += s[i..<(i + run)].map { ($0, false) }
                    i += run
                }
                continue
            case "!", "[":
                let start = c == "!" ? i + 1 : i
                if start < s.count, s[start] == "[", let close = MarkdownImages.bracketEnd(s, from: start) {
                    let label = plain(String(String.UnicodeScalarView(s[(start + 1)..<close])))
                    if let end = MarkdownImages.parenthesized(s, from: close + 1) {
                        kept += label.unicodeScalars.map { ($0, false) }
                        i = end
                        continue
                    }
                    if close + 1 < s.count, s[close + 1] == "[", let end = MarkdownImages.bracketEnd(s, from: close + 1) {
                        kept += label.unicodeScalars.map { ($0, false) }
                        i = end + 1
                        continue
                    }
                }
            case "&":
                // An entity, as a page shows it (`&amp;` is &, `&#39;` is ').
                if let close = s[i...].prefix(10).firstIndex(of: ";"), let shown = entity(String(String.UnicodeScalarView(s[(i + 1)..<close]))) {
                    kept.append((shown, false))
                    i = close + 1
                    continue
                }
            case "<":
                if let close = s[i...].firstIndex(of: ">") {
                    let inside = String(String.UnicodeScalarView(s[(i + 1)..<close]))
                    if inside.hasPrefix("http://") || inside.hasPrefix("https://") || inside.hasPrefix("mailto:"),
                       !inside.contains(" ") {
                        kept += inside.unicodeScalars.map { ($0, false) }
                        i = close + 1
                        continue
                    }
                }
            default: break
            }
            kept.append((c, c == "*" || c == "_" || c == "~"))
            i += 1
        }
        return String(String.UnicodeScalarView(withoutEmphasis(kept)))
    }

    /// `kept` without the runs of `*`, `_` and `~` that open and close a span (the same letter, the same
    /// length; `_` not inside a word; `~` in twos).
    private static func withoutEmphasis(_ kept: [(scalar: Unicode.Scalar, mark: Bool)]) -> [Unicode.Scalar] {
        var runs: [(start: Int, count: Int, letter: Unicode.Scalar, opens: Bool, closes: Bool)] = []
        var i = 0
        while i < kept.count {
            guard kept[i].mark else {
                i += 1
                continue
            }
            var end = i
            while end < kept.count && kept[end].mark && kept[end].scalar == kept[i].scalar { end += 1 }
            let before = i > 0 ? kept[i - 1].scalar : nil
            let after = end < kept.count ? kept[end].scalar : nil
            let letter = kept[i].scalar
            var opens = after.map { !isSpace($0) } ?? false
            var closes = before.map { !isSpace($0) } ?? false
            if letter == "_" {
                if let before, isWordy(before) { opens = false }
                if let after, isWordy(after) { closes = false }
            }
            if letter == "~" && end - i != 2 { opens = false; closes = false }
            runs.append((i, end - i, letter, opens, closes))
            i = end
        }
        var removed = Set<Int>()
        var open: [Int] = []  // indexes into runs
        for (index, run) in runs.enumerated() {
            if run.closes, let place = open.lastIndex(where: { runs[$0].letter == run.letter && runs[$0].count == run.count }) {
                let opener = runs[open[place]]
                open.removeSubrange(place...)
                for k in 0..<run.count {
                    removed.insert(opener.start + k)
                    removed.insert(run.start + k)
                }
            } else if run.opens {
                open.append(index)
            }
        }
        return kept.indices.filter { !removed.contains($0) }.map { kept[$0].scalar }
    }

    private static func closingTicks(_ s: [Unicode.Scalar], from start: Int, run: Int) -> Int? {
        var j = start
        while j < s.count {
            if s[j] == "`" {
                var count = 0
                while j + count < s.count && s[j + count] == "`" { count += 1 }
                if count == run { return j }
                j += count
            } else {
                j += 1
            }
        }
        return nil
    }

    /// The character an entity's name (between `&` and `;`) stands for: the common named ones and numbers.
    private static func entity(_ name: String) -> Unicode.Scalar? {
        switch name {
        case "amp": return "&"
        case "lt": return "<"
        case "gt": return ">"
        case "quot": return "\""
        case "apos": return "'"
        case "nbsp": return "\u{A0}"
        default:
            guard name.hasPrefix("#") else { return nil }
            let digits = name.dropFirst()
            let value = digits.first == "x" || digits.first == "X" ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
            guard let value, value >= 0x20, value != 0x7F, !(0x80...0x9F).contains(value) else { return nil }
            return Unicode.Scalar(value)
        }
    }

    private static func isSpace(_ c: Unicode.Scalar) -> Bool { c.properties.isWhitespace }

    private static func isWordy(_ c: Unicode.Scalar) -> Bool { c.properties.isAlphabetic || c.properties.numericType != nil }

    private static func isPunctuation(_ c: Unicode.Scalar) -> Bool {
        c.isASCII && "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~".unicodeScalars.contains(c)
    }
}
