/// Inline `#hashtags` in an entry's text count as tags: a `#` at the start of a word followed by a
/// letter, as in `#busan` or `#서울`. Not a heading (`# Title`), not inside code (fenced blocks or
/// `inline code`), not a URL fragment (`page#part`), not a number (`#3`).
enum Hashtags {
    static func find(in text: String) -> [String] {
        var tags: [String] = []
        forEach(in: text) { _, name in
            if !tags.contains(name) { tags.append(name) }
        }
        return tags
    }

    /// `text` with each hashtag `#old` (in any case) written `#new`: whole tags only (`#cafe` leaves
    /// `#cafeteria` alone), and nothing in code. Every other character stays as it was.
    static func renaming(_ old: String, to new: String, in text: String) -> String {
        let key = Tag.key(old)
        var result = ""
        var last = text.startIndex
        var changed = false
        forEach(in: text) { range, name in
            guard Tag.key(name) == key else { return }
            result += text[last..<range.lowerBound] + new
            last = range.upperBound
            changed = true
        }
        return changed ? result + text[last...] : text
    }

    /// `text` with the `#` taken off each hashtag `tag` (in any case): `#부산` becomes the word `부산`.
    static func unmarking(_ tag: String, in text: String) -> String {
        let key = Tag.key(tag)
        var result = ""
        var last = text.startIndex
        var changed = false
        forEach(in: text) { range, name in
            guard Tag.key(name) == key, range.lowerBound > text.startIndex else { return }
            result += text[last..<text.index(before: range.lowerBound)]
            last = range.lowerBound
            changed = true
        }
        return changed ? result + text[last...] : text
    }

    /// Each hashtag of `text`, with the range of its name (after the `#`), in order.
    private static func forEach(in text: String, _ body: (Range<String.Index>, String) -> Void) {
        guard text.containsByte(UInt8(ascii: "#")) else { return }
        var fence: Substring?
        var lines = Entry.lines(of: text)
        while let line = lines.next() {
            let trimmed = line.drop { $0 == " " }
            if let open = fence {
                if trimmed.hasPrefix(open) { fence = nil }
                continue
            }
            if trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") {
                fence = trimmed.prefix(3)
                continue
            }
            if line.hasPrefix("    ") || line.hasPrefix("\t") { continue }  // indented code
            if line.containsByte(UInt8(ascii: "#")) { scan(line, body) }
        }
    }

    private static func scan(_ line: Substring, _ body: (Range<String.Index>, String) -> Void) {
        let scalars = line.unicodeScalars
        var inCode = false
        var previous: Unicode.Scalar = " "
        var index = scalars.startIndex
        while index < scalars.endIndex {
            let c = scalars[index]
            if c == "`" {
                inCode.toggle()
            } else if c == "#", !inCode, previous.properties.isWhitespace || "([{,;".unicodeScalars.contains(previous) {
                let start = scalars.index(after: index)
                var end = start
                while end < scalars.endIndex, Tag.isWordScalar(scalars[end]) { end = scalars.index(after: end) }
                var tag = scalars[start..<end]
                while let last = tag.last, "-./_".unicodeScalars.contains(last) { tag = tag.dropLast() }
                if let first = tag.first, first.properties.isAlphabetic {
                    body(tag.startIndex..<tag.endIndex, String(String.UnicodeScalarView(tag)))
                }
                previous = "#"
                index = end
                continue
            }
            previous = c
            index = scalars.index(after: index)
        }
    }
}

extension Entry {
    /// Header tags, then inline hashtags: what tag filters and counts use.
    public var allTags: [String] { tags + inlineTags }

    /// The tags a list line shows after the title: those the title does not already show as #hashtags.
    /// Each once, however it is spelled (`#Sea` and `#sea` are one tag).
    public var tagsBesidesTitle: [String] {
        var shown = Set(Hashtags.find(in: title).map(Tag.key))
        return allTags.filter { shown.insert(Tag.key($0)).inserted }
    }

    /// The hashtags of `text` that the header does not already list, each once (compared without case;
    /// the first spelling is kept).
    static func inlineTags(in text: String, besides tags: [String]) -> [String] {
        var known = Set(tags.map(Tag.key))
        return Hashtags.find(in: text).filter { known.insert(Tag.key($0)).inserted }
    }
}
