/// YAML read line by line, where the tool finds, edits or merges keys of a header, `journal.yml` or `config.yml`
/// and keeps every other byte as written: the one answer to what a blank or comment line is, how deep a line
/// stands, and which line holds a key. A line here has no LF; a CR at its end (a CRLF file) is allowed. As in
/// YAML (and Yams, which `YAMLTests` holds the fast reader to), only spaces indent: a tab before a line's text
/// makes it neither blank nor a comment.
enum YAMLLine {
    /// The line without its CR.
    static func content<S: StringProtocol>(_ line: S) -> Substring where S.SubSequence == Substring {
        let line = line[...]
        return line.utf8.last == 13 ? line[..<line.utf8.index(before: line.endIndex)] : line
    }

    /// The spaces before the line's text.
    static func indentation<S: StringProtocol>(_ line: S) -> Int where S.SubSequence == Substring {
        line.utf8.prefix { $0 == 32 }.count
    }

    /// A line of nothing but spaces, or a comment: `#` first after them.
    static func isBlankOrComment<S: StringProtocol>(_ line: S) -> Bool where S.SubSequence == Substring {
        let text = content(line).utf8.drop { $0 == 32 }
        return text.isEmpty || text.first == 35
    }

    /// The key of a plain `key:` line standing exactly `indent` spaces in (its colon followed by a space, a tab
    /// or the line's end); nil for any other line: a list item, a comment, a line deeper or shallower.
    static func key<S: StringProtocol>(of line: S, indent: Int = 0) -> String? where S.SubSequence == Substring {
        let line = content(line)
        guard line.utf8.prefix(indent).allSatisfy({ $0 == 32 }) else { return nil }
        let rest = line.dropFirst(indent)
        guard let first = rest.first, first != " ", first != "-", first != "#", first != "\t" else { return nil }
        var search = rest.startIndex
        while let colon = rest[search...].firstIndex(of: ":") {
            let after = rest[rest.index(after: colon)...]
            if after.isEmpty || after.first == " " || after.first == "\t" {
                let key = rest[..<colon].trimmingCharacters(in: .whitespaces)
                return key.isEmpty ? nil : key
            }
            search = rest.index(after: colon)
        }
        return nil
    }

    /// Whether `line` is the `key:` line of `key`: at the margin, or (`indented`) anywhere under it.
    static func holds<S: StringProtocol>(_ line: S, key: String, indented: Bool = false) -> Bool where S.SubSequence == Substring {
        let line = content(line)
        let depth = indentation(line)
        guard (depth > 0) == indented else { return false }
        let body = line.dropFirst(depth)
        guard body.hasPrefix(key), body.dropFirst(key.count).first == ":" else { return false }
        let after = body.dropFirst(key.count + 1)
        return after.isEmpty || after.first == " " || after.first == "\t"
    }
}
