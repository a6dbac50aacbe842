import Foundation

/// What a tag is, in one place (issue 29 §4): the name a header stores, how two tags compare, and the characters
/// a `#hashtag` in the text (and a one-word name: a tag a rename writes into texts, a category) is made of.
public enum Tag {
    /// How tags compare, and the key the snapshot indexes them by: without regard to case or a leading `#`.
    static func key(_ tag: String) -> String {
        (tag.hasPrefix("#") ? String(tag.dropFirst()) : tag).lowercased()
    }

    /// Whether `a` and `b` are one tag (`#Sea` and `sea` are).
    public static func same(_ a: String, _ b: String) -> Bool { key(a) == key(b) }

    /// Tags as typed (`-t busan,#food`, jrnl's `@x`) as stored: a leading `#` or `@` dropped, comma-separated
    /// lists split, each tag once (in any case: the first spelling is kept). A tag may hold spaces and
    /// punctuation (`new york`, `Food & Drink`); not a control character.
    public static func normalize(_ typed: [String]) throws(JournalError) -> [String] {
        var result: [String] = []
        for raw in typed.flatMap({ $0.split(separator: ",") }) {
            guard !raw.unicodeScalars.contains(where: isControl) else { throw .invalidTag(String(raw)) }
            let trimmed = raw.drop { $0 == " " }
            guard let tag = stored(String(trimmed.hasPrefix("@") ? trimmed.dropFirst() : trimmed)) else { continue }
            if !result.contains(where: { same($0, tag) }) { result.append(tag) }
        }
        return result
    }

    /// The name a tag from elsewhere (an import) is stored under: control characters and line breaks
    /// dropped, commas (which part tags where they are typed) and runs of white space made one space, the
    /// ends trimmed, a leading `#` dropped; nil when nothing is left. Most names stay exactly as they were.
    public static func stored(_ raw: String) -> String? {
        var scalars = String.UnicodeScalarView()
        var space = false
        for scalar in raw.unicodeScalars where !isControl(scalar) {
            if scalar == "," || scalar.properties.isWhitespace {
                space = !scalars.isEmpty
                continue
            }
            if space { scalars.append(" ") }
            space = false
            scalars.append(scalar)
        }
        var tag = String(scalars)
        while tag.hasPrefix("#") { tag.removeFirst() }
        tag = tag.trimmingCharacters(in: .whitespaces)
        return tag.isEmpty ? nil : tag
    }

    /// A character of a word: letters (with their marks), digits, `- _ / .` and emoji. A `#hashtag` runs over
    /// these; a tag a rename writes into texts, and a category's name, is made of nothing else.
    static func isWordScalar(_ c: Unicode.Scalar) -> Bool {
        switch c.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return true
        default:
            return c.properties.isAlphabetic || c.properties.numericType != nil || c == "_" || c == "-" || c == "/" || c == "."
                || c.properties.isEmojiPresentation
        }
    }

    /// One word: a name of word characters only.
    static func isWord(_ name: String) -> Bool {
        !name.isEmpty && name.unicodeScalars.allSatisfy(isWordScalar)
    }

    /// A control character, a line or paragraph separator, or a byte-order mark: never in a tag.
    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .lineSeparator, .paragraphSeparator: true
        default: scalar.value == 0xFEFF
        }
    }
}
