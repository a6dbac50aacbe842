import Foundation

/// Edits of `journal.yml`'s `categories:` block, made on its lines as text (never through a YAML
/// emitter), so that comments, blank lines, quoting and the order of everything else stay as the
/// user left them. Each edit is checked by parsing the result: it must read back as intended.
extension Settings {
    /// A category name is words like a tag's (letters, digits, `- _ / .`), with no `#` or comma, one space
    /// between two of them (`생각해볼 것`, the memo apps' own category): still one name everywhere, typed in
    /// quotes on a command line. No space at either end, no two together, no tab.
    public static func validate(categoryName name: String) throws(JournalError) {
        let words = name.split(separator: " ", omittingEmptySubsequences: false)
        guard words.allSatisfy({ Tag.isWord(String($0)) }) else {
            throw .invalidCategoryName(name)
        }
    }

    /// The colour as stored (its English name, or `#rrggbb`), from a name in any language or `#rrggbb`;
    /// else an error naming the allowed ones.
    public static func validate(color: String) throws(JournalError) -> String {
        guard let stored = CategoryColor.stored(color) else { throw .invalidColor(color) }
        return stored
    }

    /// An emoji is short and has no spaces or control characters.
    public static func validate(emoji: String) throws(JournalError) {
        let bad = emoji.unicodeScalars.contains { $0.properties.isWhitespace || $0.properties.generalCategory == .control }
        guard !emoji.isEmpty, !bad, emoji.count <= 4 else { throw .invalidEmoji(emoji) }
    }

    /// `text` with a category appended at the end of the `categories:` block (the block is created
    /// at the end of the file when there is none), indented like the categories already there.
    static func addingCategory(_ name: String, emoji: String?, color: String?, to text: String, path: String)
        throws(JournalError) -> String
    {
        try validate(categoryName: name)
        let color = try color.map { c throws(JournalError) in try validate(color: c) }
        if let emoji { try validate(emoji: emoji) }
        let before = try parse(text, path: path)
        if let existing = before.category(named: name) {
            // `여행` is `travel` by another name: say which category it already is.
            if existing.name != name { throw .invalid(Say.text("categoryOtherName", name, existing.name)) }
            throw .duplicateCategory(name)
        }

        var file = SettingsLines(text)
        let block = try file.categoriesBlock(path: path)
        var lines = ["\(block.nameIndent)\(YAMLWriter.scalar(name)):"]
        if let emoji { lines.append("\(block.fieldIndent)emoji: \(YAMLWriter.quoted(emoji))") }
        if let color { lines.append("\(block.fieldIndent)color: \(YAMLWriter.scalar(color))") }
        if let header = block.header {
            if block.inlineEmpty { file.lines[header] = SettingsLines.withoutInlineEmpty(file.lines[header]) }
            file.insert(lines, at: block.end)
        } else {
            file.append(["categories:"] + lines)
        }
        var expected = before.categories
        expected.append(Category(name: name, emoji: emoji, color: color))
        return try file.checked(path: path, expecting: expected)
    }

    /// `text` with the category `old`'s key renamed to `new`, the rest of its line and its fields untouched.
    static func renamingCategory(_ old: String, to new: String, in text: String, path: String) throws(JournalError)
        -> String
    {
        try validate(categoryName: new)
        let before = try parse(text, path: path)
        // The category by any of its names (`일상` is `stuff`); its key is what journal.yml holds.
        guard let old = before.category(named: old)?.name else {
            throw .unknownCategory(old, known: before.shownCategoryNames)
        }
        guard old != new else { throw .sameName(old) }
        // A built-in category may take one of its own names as its key (`stuff` → `일상`).
        if let other = before.category(named: new), other.name != old { throw .duplicateCategory(new) }

        var file = SettingsLines(text)
        let block = try file.categoriesBlock(path: path)
        guard let found = block.names.first(where: { $0.name == old }) else {
            throw .settingsNotEditable(path, reason: Say.categoriesNotABlock)
        }
        let line = file.lines[found.line]
        file.lines[found.line] = String(line[..<found.key.lowerBound]) + YAMLWriter.scalar(new) + line[found.key.upperBound...]
        let expected = before.categories.map { category in
            var renamed = category
            if category.name == old { renamed.name = new }
            return renamed
        }
        return try file.checked(path: path, expecting: expected)
    }

    /// `text` without the category `name`: its key line and the lines indented under it.
    static func removingCategory(_ name: String, from text: String, path: String) throws(JournalError) -> String {
        let before = try parse(text, path: path)
        guard let name = before.category(named: name)?.name else {
            throw .unknownCategory(name, known: before.shownCategoryNames)
        }
        var file = SettingsLines(text)
        let block = try file.categoriesBlock(path: path)
        guard let found = block.names.first(where: { $0.name == name }) else {
            throw .settingsNotEditable(path, reason: Say.categoriesNotABlock)
        }
        file.lines.removeSubrange(found.line..<found.end)
        return try file.checked(path: path, expecting: before.categories.filter { $0.name != name })
    }
}

/// `journal.yml` as lines, each keeping its CR if the file uses CR LF.
struct SettingsLines {
    var lines: [String]
    var hasBOM: Bool
    var usesCRLF: Bool

    init(_ text: String) {
        var text = Substring(text)
        hasBOM = text.unicodeScalars.first == "\u{FEFF}"
        if hasBOM { text = Substring(text.unicodeScalars.dropFirst()) }
        lines = text.lfLines().map(String.init)
        usesCRLF = lines.first?.hasSuffix("\r") ?? false
    }

    var text: String { (hasBOM ? "\u{FEFF}" : "") + lines.joined(separator: "\n") }

    /// Where the categories are: the `categories:` line, the names under it and where the block ends.
    struct Block {
        var header: Int?
        /// `categories: {}`: no categories yet, written inline.
        var inlineEmpty = false
        /// The index at which a new category goes: after the last indented line of the block.
        var end: Int
        var nameIndent: String
        var fieldIndent: String
        /// Each category: its key line, the key's range in that line, and the index after its last line.
        var names: [(name: String, line: Int, key: Range<String.Index>, end: Int)]
    }

    func categoriesBlock(path: String) throws(JournalError) -> Block {
        let header = lines.firstIndex { stored in
            let line = YAMLLine.content(stored)
            return YAMLLine.indentation(line) == 0 && SettingsLines.key(in: line)?.name == "categories"
        }
        guard let header else {
            return Block(header: nil, end: lines.count, nameIndent: "  ", fieldIndent: "    ", names: [])
        }
        let line = YAMLLine.content(lines[header])
        guard let key = SettingsLines.key(in: line) else { throw .settingsNotEditable(path, reason: Say.categoriesNotABlock) }
        let value = SettingsLines.valueText(line[key.range.upperBound...])
        guard value.isEmpty || value == "{}" else { throw .settingsNotEditable(path, reason: Say.categoriesNotABlock) }

        var end = header + 1
        var nameIndent: Int?
        var fieldIndent: Int?
        var names: [(name: String, line: Int, key: Range<String.Index>, end: Int)] = []
        var index = header + 1
        while index < lines.count {
            let line = YAMLLine.content(lines[index])
            let indent = YAMLLine.indentation(line)
            if YAMLLine.isBlankOrComment(line) {
                // A comment indented into the block belongs to it; blank lines and comments at the margin may not.
                if indent > 0, !line.allSatisfy({ $0 == " " || $0 == "\t" }), let nameIndent, indent >= nameIndent {
                    end = index + 1
                }
                index += 1
                continue
            }
            if indent == 0 { break }
            if nameIndent == nil { nameIndent = indent }
            if indent == nameIndent {
                guard let key = SettingsLines.key(in: line) else { throw .settingsNotEditable(path, reason: Say.categoriesNotABlock) }
                // `line` is a slice of the stored line, so the key's range is valid in it.
                names.append((key.name, index, key.range, index + 1))
            } else if let nameIndent, indent > nameIndent {
                if fieldIndent == nil { fieldIndent = indent }
                if !names.isEmpty { names[names.count - 1].end = index + 1 }
            } else {
                throw .settingsNotEditable(path, reason: Say.categoriesNotABlock)
            }
            end = index + 1
            index += 1
        }
        // Comments indented under a category, after its last field, belong to it.
        for i in names.indices {
            let stop = i + 1 < names.count ? names[i + 1].line : end
            var last = names[i].end
            var scan = last
            while scan < stop {
                let line = YAMLLine.content(lines[scan])
                if !YAMLLine.isBlankOrComment(line) { break }
                if let nameIndent, YAMLLine.indentation(line) > nameIndent, !line.allSatisfy({ $0 == " " || $0 == "\t" }) {
                    last = scan + 1
                }
                scan += 1
            }
            names[i].end = last
        }
        let names1 = nameIndent ?? 2
        let fields = fieldIndent.map { $0 - names1 } ?? names1
        return Block(
            header: header, inlineEmpty: value == "{}", end: end, nameIndent: String(repeating: " ", count: names1),
            fieldIndent: String(repeating: " ", count: names1 + max(fields, 1)), names: names)
    }

    /// `categories: {}` becomes `categories:` (keeping a comment after it), so that lines can follow.
    static func withoutInlineEmpty(_ line: String) -> String {
        guard let colon = line.firstIndex(of: ":"), let braces = line[colon...].range(of: "{}") else { return line }
        // `{}` goes with the spaces before it; a comment after it stays where it was.
        let rest = line[braces.upperBound...]
        let keepsRest = rest.contains { $0 != " " && $0 != "\t" && $0 != "\r" }
        return String(line[...colon]) + (keepsRest ? rest : (line.hasSuffix("\r") ? "\r" : ""))
    }

    mutating func insert(_ new: [String], at index: Int) {
        let end = usesCRLF ? "\r" : ""
        lines.insert(contentsOf: new.map { $0 + end }, at: index)
    }

    /// Adds lines at the end of the file, keeping its final newline if it had one.
    mutating func append(_ new: [String]) {
        let end = usesCRLF ? "\r" : ""
        if lines.last == "" {
            lines.insert(contentsOf: new.map { $0 + end }, at: lines.count - 1)
        } else {
            lines += new.map { $0 + end }
        }
    }

    /// The edited text, if it reads back as the categories expected.
    func checked(path: String, expecting categories: [Settings.Category]) throws(JournalError) -> String {
        let result = text
        guard let after = try? Settings.parse(result, path: path), after.categories == categories else {
            throw .settingsNotEditable(path, reason: Say.settingsEditMismatch)
        }
        return result
    }

    /// The key of a `key: value` line (after its indentation): plain, or in single or double quotes.
    static func key(in line: Substring) -> (name: String, range: Range<Substring.Index>)? {
        let start = line.firstIndex { $0 != " " && $0 != "\t" } ?? line.endIndex
        guard start < line.endIndex, line[start] != "#", line[start] != "-" else { return nil }
        var name = ""
        var index = start
        if line[start] == "\"" || line[start] == "'" {
            let quote = line[start]
            index = line.index(after: start)
            var closed = false
            while index < line.endIndex {
                let c = line[index]
                if quote == "\"", c == "\\" {
                    let next = line.index(after: index)
                    guard next < line.endIndex else { return nil }
                    switch line[next] {
                    case "\"": name.append("\"")
                    case "\\": name.append("\\")
                    default: return nil
                    }
                    index = line.index(after: next)
                    continue
                }
                if c == quote {
                    let next = line.index(after: index)
                    if quote == "'", next < line.endIndex, line[next] == "'" {
                        name.append("'")
                        index = line.index(after: next)
                        continue
                    }
                    index = next
                    closed = true
                    break
                }
                name.append(c)
                index = line.index(after: index)
            }
            guard closed, index < line.endIndex, line[index] == ":" else { return nil }
            return (name, start..<index)
        }
        while index < line.endIndex {
            if line[index] == ":" {
                let next = line.index(after: index)
                if next == line.endIndex || line[next] == " " || line[next] == "\t" { break }
            }
            index = line.index(after: index)
        }
        guard index < line.endIndex else { return nil }
        var keyEnd = index
        while keyEnd > start, line[line.index(before: keyEnd)] == " " { keyEnd = line.index(before: keyEnd) }
        return (String(line[start..<keyEnd]), start..<keyEnd)
    }

    /// What follows `key` on its line: the value without the colon, spaces and a trailing comment.
    static func valueText(_ rest: Substring) -> String {
        var value = rest.drop { $0 == " " || $0 == "\t" }
        if value.first == ":" { value = value.dropFirst() }
        value = value.drop { $0 == " " || $0 == "\t" }
        if value.hasPrefix("#") { return "" }
        if let comment = value.range(of: " #") { value = value[..<comment.lowerBound] }
        return value.trimmingCharacters(in: .whitespaces)
    }
}
