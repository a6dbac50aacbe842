/// Inline `#hashtags` in an entry's text count as tags: a `#` at the start of a word followed by a
/// letter, as in `#busan` or `#서울`. Not a heading (`# Title`), not inside code (fenced blocks or
/// `inline code`), not a URL fragment (`page#part`), not a number (`#3`).
enum Hashtags {
    static func find(in text: String) -> [String] {
        var tags: [String] = []
        var fence: Substring?
        for line in text.lfLines() {
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
            scan(line, into: &tags)
        }
        return tags
    }

    private static func scan(_ line: Substring, into tags: inout [String]) {
        var inCode = false
        var previous: Character = " "
        var index = line.startIndex
        while index < line.endIndex {
            let c = line[index]
            if c == "`" {
                inCode.toggle()
            } else if c == "#", !inCode, previous.isWhitespace || "([{,;".contains(previous) {
                var end = line.index(after: index)
                while end < line.endIndex, isTagCharacter(line[end]) { end = line.index(after: end) }
                var tag = line[line.index(after: index)..<end]
                while let last = tag.last, "-./_".contains(last) { tag = tag.dropLast() }
                if let first = tag.first, first.isLetter, !tags.contains(String(tag)) { tags.append(String(tag)) }
                previous = "#"
                index = end
                continue
            }
            previous = c
            index = line.index(after: index)
        }
    }

    private static func isTagCharacter(_ c: Character) -> Bool {
        c.isLetter || c.isNumber || c == "_" || c == "-" || c == "/" || c == "." || c.unicodeScalars.first?.properties.isEmojiPresentation == true
    }
}

extension Entry {
    /// Header tags, then inline hashtags: what tag filters and counts use.
    public var allTags: [String] { tags + inlineTags }

    /// The hashtags of `text` that the header does not already list (compared without case).
    static func inlineTags(in text: String, besides tags: [String]) -> [String] {
        let known = Set(tags.map(Tags.key))
        return Hashtags.find(in: text).filter { !known.contains(Tags.key($0)) }
    }
}
