import Foundation
import Ink

extension HTMLSanitizer {
    /// An entry's Markdown as safe HTML: rendered by Ink from the text as `prepare` hides its markup, then
    /// written again tag by tag by `clean`. `attachments` maps the entry's own links to the URLs to use.
    public static func render(_ markdown: String, attachments: [String: String] = [:]) -> String {
        // Hidden characters shown as the terminal shows them (`\u{202E}`): a bidi override from another
        // machine cannot reorder what the page shows.
        clean(MarkdownParser().html(from: "---\n---\n" + prepare(ControlCharacters.visible(markdown))), attachments: attachments)
    }
}

/// Makes Ink's HTML safe: Ink copies raw HTML from the Markdown through, and writes link targets into attributes
/// unescaped, so its output is untrusted. This re-writes it from scratch: every tag is parsed, and only tags of
/// an allow-list are written again, with only their allowed attributes, each value escaped by us and each URL
/// checked. Anything else that starts with `<` (a `<script>`, an `<img onerror=…>`, a comment) is written as text
/// (`&lt;`), so the reader sees what the entry says and nothing of it runs. The output holds no `<` we did not
/// write, no attribute we did not choose, and no URL with a scheme other than http, https or mailto.
///
/// Before Ink, `hideMarkup` turns every `<` of the entry into a private-use character, so Ink sees no raw HTML
/// at all (a raw `<img …>` would otherwise swallow the Markdown after it) and copies the character as text,
/// into code spans too; `clean` writes it as `&lt;`. Escaping `<` as `&lt;` before Ink instead would show
/// `&lt;` in code, where Ink escapes the `&` again.
public enum HTMLSanitizer {
    static let hiddenLess: Unicode.Scalar = "\u{E000}"
    /// A backslash Markdown shows as written (`C:\Users`, `\backslash\`, the one `\\` stands for): Ink drops
    /// every backslash, so these are hidden from it and written back by `clean`.
    static let hiddenBackslash: Unicode.Scalar = "\u{E001}"
    /// A `[` Ink must not read as markup (a footnote's definition, which it would drop as a link's).
    static let hiddenBracket: Unicode.Scalar = "\u{E002}"
    /// A line break the text has inside a paragraph, a list item or a quote: `clean` writes it as `<br>`.
    static let hiddenBreak: Unicode.Scalar = "\u{E003}"

    /// The entry's Markdown as Ink is to read it, where Ink differs from CommonMark (and GitHub's Markdown,
    /// which diaries are written in):
    /// - `<` hidden (`hideMarkup`); outside code, each backslash that escapes nothing (only ASCII punctuation
    ///   can be escaped) and each `\\` kept as a backslash;
    /// - a blank line where a list of another kind begins (`1. one` right after `- item` starts its own list,
    ///   where Ink would run it into the item before), and where a quote or a list interrupts a paragraph
    ///   (`Today:` then `- eggs`: Ink ran the item into the paragraph's text);
    /// - a footnote (`[^1]: …`) shown as written, where Ink took it for a link's definition and dropped it;
    /// - a task's box (`- [ ]`, `- [x]`) as ☐ and ☑;
    /// - a web address written bare (`https://…`) or in angle brackets made a link;
    /// - a single line break inside a paragraph, a list item (a plain line under `- item` too) or a quote
    ///   kept as a line break (`hiddenBreak`, `<br>`), as Obsidian, GitHub's comments and the diary apps show
    ///   it, where Markdown would join the lines: `바다 소리` / `다리 불빛` stay two lines. Not in code.
    public static func prepare(_ markdown: String) -> String {
        var out: [String] = []
        var fence: Substring?
        var listKind: Character?  // "-" for a bullet list, "1" for an ordered one, of the lines just before
        var paragraph = false  // the line before is a paragraph's (not a list's, a quote's or a heading's)
        var quote = false  // the line before is a quote's
        var breakable = false  // the line before is text that a line break may end (`hiddenBreak`)
        for whole in hideMarkup(markdown).split(separator: "\n", omittingEmptySubsequences: false) {
            var line = whole
            let trimmed = line.drop { $0 == " " }
            let indent = line.count - trimmed.count
            let quoteBefore = quote
            if let open = fence {
                if trimmed.hasPrefix(open) { fence = nil }
                out.append(String(line))
                continue
            }
            if trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") {
                fence = trimmed.prefix(3)
                (listKind, paragraph, quote, breakable) = (nil, false, false, false)
                out.append(String(line))
                continue
            }
            // What this line is to the line before: text going on in the same block, or a block of its own.
            let emptyQuote = trimmed.first == ">" && trimmed.dropFirst().allSatisfy { $0 == " " || $0 == "\t" }
            let ownBlock = trimmed.isEmpty || emptyQuote || trimmed.hasPrefix("#") || trimmed.hasPrefix("|") || isRule(trimmed)
                || trimmed.allSatisfy { $0 == "=" } || isFootnote(trimmed) || (indent <= 3 && isDefinition(trimmed))
            // An ordered item that does not start at 1 goes on with a paragraph (CommonMark); any other item starts.
            let kind = itemKind(trimmed)
            let itemGoesOn = kind == "1" && indent <= 3 && listKind == nil && paragraph && !trimmed.hasPrefix("1.") && !trimmed.hasPrefix("1)")
            let continues = !ownBlock && !trimmed.hasPrefix("`") && (kind == nil || itemGoesOn) && (trimmed.first != ">" || quoteBefore)
            if continues, breakable, var last = out.last, !last.isEmpty {
                // A hard break written as Markdown writes one (two spaces, a backslash) is this one.
                while last.hasSuffix(" ") { last.removeLast() }
                if last.unicodeScalars.last == hiddenBackslash { last.unicodeScalars.removeLast() }
                out[out.count - 1] = last + String(hiddenBreak)
            }
            // A code span left open at the line's end would take the break into the code.
            breakable = !ownBlock && line.filter { $0 == "`" }.count % 2 == 0
            if trimmed.isEmpty {
                (listKind, paragraph, quote) = (nil, false, false)
            } else if indent <= 3, let kind = itemKind(trimmed) {
                if let listKind, listKind != kind {
                    out.append("")
                } else if listKind == nil, paragraph || quote, kind == "-" || trimmed.hasPrefix("1.") || trimmed.hasPrefix("1)") {
                    out.append("")  // CommonMark: an ordered list interrupts a paragraph only when it starts at 1
                }
                (listKind, paragraph, quote) = (kind, false, false)
                line = taskBox(line)
            } else if indent <= 3, trimmed.first == ">" {
                if paragraph || listKind != nil { out.append("") }
                (listKind, paragraph, quote) = (nil, false, true)
            } else if indent < 2, listKind != nil, !quote, continues {
                // A plain line right under an item is the item's (CommonMark's lazy line): the list goes on after it.
            } else if indent < 2 {
                // A paragraph line; an indented one continues the item.
                listKind = nil
                let startsBlock = trimmed.hasPrefix("#") || trimmed.hasPrefix("|") || isRule(trimmed)
                if quote, startsBlock {
                    out.append("")  // a heading, a rule or a table after a quote is not in it
                    quote = false
                } else if quote {
                    // The quote's lazy continuation, marked as the quote's own (Ink ran it into the line before).
                    line = Substring("> " + line)
                } else if isFootnote(trimmed) {
                    if paragraph { out.append("") }  // each footnote its own paragraph
                    line = Substring(String(line.prefix(indent)) + String(hiddenBracket) + String(trimmed.dropFirst()))
                }
                paragraph = !trimmed.hasPrefix("#") && !quote
            }
            // A link's definition (`[name]: https://…`) keeps its address as written: it is a link's target.
            let definition = indent <= 3 && !isFootnote(trimmed) && isDefinition(trimmed)
            let kept = keepingBackslashes(nestingFewBrackets(line))
            out.append(definition ? kept : linkingAddresses(kept))
        }
        return out.joined(separator: "\n")
    }

    /// The run of backticks at `i` (its length), opening or closing a code span as CommonMark pairs them
    /// (`ticks`: the length of the run that opened the span we are in, 0 outside); nil when `i` holds none.
    private static func backticks(_ s: [Unicode.Scalar], at i: Int, ticks: inout Int) -> Int? {
        guard s[i] == "`" else { return nil }
        var run = 0
        while i + run < s.count, s[i + run] == "`" { run += 1 }
        if ticks == 0 { ticks = run } else if run == ticks { ticks = 0 }
        return run
    }

    /// `***`, `---` or `___` (three or more, spaces between allowed): a thematic break.
    private static func isRule(_ line: Substring) -> Bool {
        let marks = line.filter { $0 != " " && $0 != "\t" }
        guard let first = marks.first, "*-_".contains(first), marks.count >= 3 else { return false }
        return marks.allSatisfy { $0 == first }
    }

    /// `[name]: target`, a link's definition (not a footnote's, whose `[` is hidden by then).
    private static func isDefinition(_ line: Substring) -> Bool {
        guard line.first == "[", let close = line.firstIndex(of: "]") else { return false }
        return line.index(after: line.startIndex) < close && line[close...].hasPrefix("]:")
    }

    /// Ink reads nested brackets by recursion that takes exponential time (a line opening 30 of them kept a
    /// page from ever being served): past the fourth level, or the 64th on a line, a `[` is shown as text.
    static func nestingFewBrackets(_ line: Substring) -> Substring {
        guard line.contains("[") else { return line }
        var out = String.UnicodeScalarView()
        var depth = 0
        var opened = 0
        for c in line.unicodeScalars {
            if c == "[" {
                depth += 1
                opened += 1
                if depth > 4 || opened > 64 {
                    out.append(hiddenBracket)
                    continue
                }
            } else if c == "]" {
                depth = max(0, depth - 1)
            }
            out.append(c)
        }
        return Substring(String(out))
    }

    /// `[^name]: …`, a footnote's definition.
    private static func isFootnote(_ line: Substring) -> Bool {
        guard line.hasPrefix("[^"), let close = line.firstIndex(of: "]") else { return false }
        let name = line[line.index(line.startIndex, offsetBy: 2)..<close]
        return !name.isEmpty && !name.contains(" ") && line[close...].hasPrefix("]:")
    }

    /// A list item's task box (`- [ ] ` or `- [x] `) as ☐ or ☑.
    private static func taskBox(_ line: Substring) -> Substring {
        let trimmed = line.drop { $0 == " " }
        let marker = trimmed.prefix { !$0.isWhitespace }
        let rest = trimmed.dropFirst(marker.count)
        guard rest.first == " " else { return line }
        let box = rest.dropFirst()
        for (written, shown) in [("[ ] ", "☐ "), ("[x] ", "☑ "), ("[X] ", "☑ ")] where box.hasPrefix(written) {
            return Substring(String(line.prefix(line.count - trimmed.count)) + marker + " " + shown + box.dropFirst(written.count))
        }
        return line
    }

    /// A line with each web address outside code made a link: written bare (`https://…`, after a space, a `(`
    /// or at the start, up to the next space, without the punctuation that ends a sentence) or in angle brackets, as
    /// CommonMark and GitHub make them. Not inside a link's own text (`[see https://…](…)`).
    static func linkingAddresses(_ line: String) -> String {
        guard line.contains("http") else { return line }
        let s = Array(line.unicodeScalars)
        var out = String.UnicodeScalarView()
        var i = 0
        var ticks = 0
        var brackets = 0
        var destination = false  // inside a link's `](…)`
        while i < s.count {
            let c = s[i]
            if let run = backticks(s, at: i, ticks: &ticks) {
                out.append(contentsOf: s[i..<(i + run)])
                i += run
                continue
            }
            if ticks == 0 {
                if c == "[" { brackets += 1 }
                if c == "]" { brackets = max(0, brackets - 1) }
                if c == "(", i > 0, s[i - 1] == "]" { destination = true }
                if c == ")" { destination = false }
                let before = i == 0 ? nil : s[i - 1]
                let bracketed = before == hiddenLess
                let opening = before == "(" && (i < 2 || s[i - 2] != "]")  // `(https://…)`, not a link's target
                if brackets == 0, !destination, before == nil || before == " " || before == "\t" || bracketed || opening,
                   let end = addressEnd(s, from: i, bracketed: bracketed) {
                    let address = String(String.UnicodeScalarView(s[i..<end]))
                    if bracketed {
                        out.removeLast()  // the hidden `<`; the `>` after the address is dropped below
                    }
                    out.append(contentsOf: "[\(linkText(address))](\(linkTarget(address)))".unicodeScalars)
                    i = bracketed ? end + 1 : end
                    continue
                }
            }
            out.append(c)
            i += 1
        }
        return String(out)
    }

    /// Where the web address that starts at `start` ends; nil when none starts there. In angle brackets, it
    /// ends at the `>` (which must be there, with no space before it).
    private static func addressEnd(_ s: [Unicode.Scalar], from start: Int, bracketed: Bool) -> Int? {
        let scheme = s[start...].prefix(8)
        let http = Array("http://".unicodeScalars)
        let https = Array("https://".unicodeScalars)
        guard Array(scheme.prefix(7)) == http || Array(scheme) == https else { return nil }
        var end = start
        while end < s.count, !s[end].properties.isWhitespace, s[end] != hiddenLess, s[end] != ">" || !bracketed, s[end] != "`" {
            end += 1
        }
        if bracketed { return end < s.count && s[end] == ">" ? end : nil }
        // The punctuation that ends a sentence, and a `)` the address did not open.
        while end > start, ".,:;!?\"'*_~".unicodeScalars.contains(s[end - 1]) || s[end - 1] == ")" && !opens(s[start..<end]) {
            end -= 1
        }
        let length = end - start
        return length > (Array(scheme) == https ? 8 : 7) ? end : nil
    }

    /// Whether `address` has more `(` than `)`, so that a last `)` belongs to it (a Wikipedia address).
    private static func opens(_ address: ArraySlice<Unicode.Scalar>) -> Bool {
        address.filter { $0 == "(" }.count >= address.filter { $0 == ")" }.count
    }

    /// The address as a link's text: the marks Ink would read as emphasis escaped.
    private static func linkText(_ address: String) -> String {
        String(String.UnicodeScalarView(address.unicodeScalars.flatMap { "_*~[]\\".unicodeScalars.contains($0) ? ["\\", $0] : [$0] }))
    }

    /// The address as a link's target: the parentheses that would end it and the quote that would end Ink's
    /// attribute, percent-encoded.
    private static func linkTarget(_ address: String) -> String {
        address.replacingOccurrences(of: "(", with: "%28").replacingOccurrences(of: ")", with: "%29")
            .replacingOccurrences(of: "\"", with: "%22")
    }

    /// `-` for `- item` (or `*`, `+`), `1` for `1. item` (or `1)`); nil for a line that starts no list item.
    private static func itemKind(_ line: Substring) -> Character? {
        if let first = line.first, "-*+".contains(first), line.dropFirst().first == " " { return "-" }
        let digits = line.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, digits.count <= 9 else { return nil }
        let rest = line.dropFirst(digits.count)
        return (rest.first == "." || rest.first == ")") && rest.dropFirst().first == " " ? "1" : nil
    }

    /// A line with its literal backslashes hidden, outside code spans.
    private static func keepingBackslashes(_ line: Substring) -> String {
        guard line.contains("\\") else { return String(line) }
        let s = Array(line.unicodeScalars)
        var out = String.UnicodeScalarView()
        var i = 0
        var ticks = 0  // the backticks that opened the code span we are in
        while i < s.count {
            let c = s[i]
            if let run = backticks(s, at: i, ticks: &ticks) {
                out.append(contentsOf: s[i..<(i + run)])
                i += run
                continue
            }
            if c == "\\", ticks == 0 {
                let next = i + 1 < s.count ? s[i + 1] : nil
                if next == "\\" {
                    out.append(hiddenBackslash)
                    i += 2
                    continue
                }
                // CommonMark's escapable characters: ASCII punctuation.
                if let next, "!\"#$%&'()*+,-./:;<=>?@[]^_`{|}~".unicodeScalars.contains(next) || next == hiddenLess {
                    out.append(c)
                } else {
                    out.append(hiddenBackslash)
                }
                i += 1
                continue
            }
            out.append(c)
            i += 1
        }
        return String(out)
    }

    /// The Markdown with each `<` hidden from Ink (and the rare private-use character of that value in the text
    /// made U+FFFD, so that it cannot pass for one).
    static func hideMarkup(_ markdown: String) -> String {
        String(String.UnicodeScalarView(markdown.unicodeScalars.map {
            $0 == "<" ? hiddenLess : $0 == hiddenLess || $0 == hiddenBackslash || $0 == hiddenBracket || $0 == hiddenBreak ? "\u{FFFD}" : $0
        }))
    }

    static let tags: Set<String> = [
        "p", "br", "h1", "h2", "h3", "h4", "h5", "h6", "ul", "ol", "li", "em", "strong", "b", "i", "code", "pre",
        "blockquote", "a", "img", "hr", "table", "thead", "tbody", "tr", "th", "td", "s", "del",
    ]

    public static func clean(_ html: String, attachments: [String: String] = [:]) -> String {
        let s = Array(html.unicodeScalars)
        var out = String.UnicodeScalarView()
        var i = 0
        while i < s.count {
            let c = s[i]
            if c == hiddenLess {
                out.append(contentsOf: "&lt;".unicodeScalars)
                i += 1
            } else if c == hiddenBackslash {
                out.append("\\")
                i += 1
            } else if c == hiddenBracket {
                out.append("[")
                i += 1
            } else if c == hiddenBreak {
                out.append(contentsOf: "<br>".unicodeScalars)
                i += 1
                if i < s.count, s[i] == " " { i += 1 }  // the space Markdown joined the two lines with
            } else if c == "<" {
                if let (tag, end) = parseTag(s, i), let text = render(tag, attachments: attachments) {
                    out.append(contentsOf: text.unicodeScalars)
                    i = end
                } else {
                    out.append(contentsOf: "&lt;".unicodeScalars)
                    i += 1
                }
            } else if c == ">" {
                out.append(contentsOf: "&gt;".unicodeScalars)
                i += 1
            } else if c == "&" {
                // An entity Ink kept (`&lt;` inside code) stays one; a lone `&` is escaped.
                var j = i + 1
                while j < s.count, j - i < 32, s[j].properties.isAlphabetic || ("0"..."9").contains(s[j]) || s[j] == "#" { j += 1 }
                if j < s.count, s[j] == ";", j > i + 1 {
                    out.append(contentsOf: s[i...j])
                    i = j + 1
                } else {
                    out.append(contentsOf: "&amp;".unicodeScalars)
                    i += 1
                }
            } else if c.value < 0x20 && c != "\n" && c != "\t" {
                out.append("\u{FFFD}")
                i += 1
            } else {
                out.append(c)
                i += 1
            }
        }
        return String(out)
    }

    struct Tag {
        var name: String
        var closing: Bool
        var attributes: [(String, String)]
    }

    /// `<name attr="value" …>` or `</name>` exactly as Ink writes them (double-quoted values only); nil for
    /// anything else, which then shows as text.
    static func parseTag(_ s: [Unicode.Scalar], _ start: Int) -> (Tag, Int)? {
        var i = start + 1
        func isLetter(_ c: Unicode.Scalar) -> Bool { ("a"..."z").contains(c) || ("A"..."Z").contains(c) }
        func isName(_ c: Unicode.Scalar) -> Bool { isLetter(c) || ("0"..."9").contains(c) || c == "-" }
        let closing = i < s.count && s[i] == "/"
        if closing { i += 1 }
        var name = ""
        while i < s.count, isName(s[i]) {
            name.unicodeScalars.append(s[i])
            i += 1
        }
        guard let first = name.unicodeScalars.first, isLetter(first) else { return nil }
        var attributes: [(String, String)] = []
        while true {
            var spaced = false
            while i < s.count, s[i] == " " || s[i] == "\n" || s[i] == "\t" {
                i += 1
                spaced = true
            }
            guard i < s.count else { return nil }
            if s[i] == ">" { return (Tag(name: name.lowercased(), closing: closing, attributes: attributes), i + 1) }
            if s[i] == "/", i + 1 < s.count, s[i + 1] == ">" {
                return (Tag(name: name.lowercased(), closing: closing, attributes: attributes), i + 2)
            }
            guard spaced, !closing else { return nil }
            var key = ""
            while i < s.count, isName(s[i]) {
                key.unicodeScalars.append(s[i])
                i += 1
            }
            guard !key.isEmpty, i + 1 < s.count, s[i] == "=", s[i + 1] == "\"" else { return nil }
            i += 2
            var value = ""
            while i < s.count, s[i] != "\"" {
                value.unicodeScalars.append(s[i])
                i += 1
            }
            guard i < s.count else { return nil }
            i += 1
            attributes.append((key.lowercased(), value))
        }
    }

    static func render(_ tag: Tag, attachments: [String: String]) -> String? {
        guard tags.contains(tag.name) else { return nil }
        if tag.closing { return tag.name == "br" || tag.name == "img" || tag.name == "hr" ? "" : "</\(tag.name)>" }
        var out = "<" + tag.name
        for (key, value) in tag.attributes {
            switch (tag.name, key) {
            case ("a", "href"):
                out += " href=\"" + MarkupText.escaped(safeURL(value, image: false, attachments: attachments) ?? "#") + "\""
            case ("img", "src"):
                if let url = safeURL(value, image: true, attachments: attachments) { out += " src=\"" + MarkupText.escaped(url) + "\"" }
            case ("img", "alt"):
                // Obsidian's size after the text (`![photo.jpg|100](…)`, `|100x80`): the picture at that width.
                let (alt, width, height) = HTMLSanitizer.sized(decode(value))
                out += " alt=\"" + MarkupText.escaped(alt) + "\""
                if let width { out += " width=\"\(width)\"" }
                if let height { out += " height=\"\(height)\"" }
            case ("code", "class"):
                // One `language-…` class, the fence's first word: an entry must not give its text the page's
                // own classes (`notice`, `hidden`) to pass for the app's messages.
                let language = value.split(separator: " ").first { $0.hasPrefix("language-") }.map {
                    String(String.UnicodeScalarView($0.dropFirst("language-".count).unicodeScalars.prefix {
                        ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "-" || $0 == "_" || $0 == "+"
                    }))
                }
                guard let language, !language.isEmpty else { continue }
                out += " class=\"language-" + language + "\""
            default: continue
            }
        }
        return out + ">"
    }

    /// A picture's text with Obsidian's size taken off its end (`photo.jpg|100`, `photo.jpg|100x80`): the text,
    /// its width and its height; the text as it is when it ends in no size.
    static func sized(_ alt: String) -> (alt: String, width: Int?, height: Int?) {
        guard let bar = alt.lastIndex(of: "|") else { return (alt, nil, nil) }
        let size = alt[alt.index(after: bar)...].split(separator: "x", maxSplits: 1, omittingEmptySubsequences: false)
        func pixels(_ text: Substring) -> Int? {
            guard (1...5).contains(text.count), text.allSatisfy({ ("0"..."9").contains($0) }), let n = Int(text), n > 0 else { return nil }
            return n
        }
        guard let width = pixels(size[0]) else { return (alt, nil, nil) }
        if size.count == 2 {
            guard let height = pixels(size[1]) else { return (alt, nil, nil) }
            return (String(alt[..<bar]), width, height)
        }
        return (String(alt[..<bar]), width, nil)
    }

    /// The URL to write, or nil when it may not be used: a scheme other than http, https or mailto (an image
    /// may only come from the site itself). Tabs and newlines are dropped first, as browsers do before reading
    /// the scheme. A link to one of the entry's attachments points at its copy in the site.
    static func safeURL(_ raw: String, image: Bool, attachments: [String: String]) -> String? {
        var url = decode(raw).filter { $0 != "\t" && $0 != "\n" && $0 != "\r" }
        url = url.trimmingCharacters(in: CharacterSet(charactersIn: " ").union(.controlCharacters))
        // A colon before the first `/` makes the start a scheme, or something a browser might read as one (an
        // entity, an odd character): only http, https and mailto pass, by exact spelling.
        let head = url.prefix { $0 != "/" }
        if let colon = head.firstIndex(of: ":") {
            return !image && ["http", "https", "mailto"].contains(url[..<colon].lowercased()) ? url : nil
        }
        if url.hasPrefix("//") { return image ? nil : url }
        if let range = url.range(of: Journal.attachmentsFolder + "/") {
            let path = String(url[range.lowerBound...]).removingPercentEncoding ?? String(url[range.lowerBound...])
            if let copy = attachments[path] { return "../" + copy }
        }
        return url
    }

    /// The few entities Ink writes into attribute values, read back before the value is checked and escaped again.
    static func decode(_ value: String) -> String {
        value.replacingOccurrences(of: String(Character(hiddenLess)), with: "<").replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&amp;", with: "&")
    }
}
