import Foundation

extension EntryFile {
    /// The file with a header holding `fields` (`key: value` lines) put at the top, for a file that has
    /// none (a hand-written one); every other byte stays as it was. The BOM stays first, and the header
    /// lines end in CR LF when the file's first line does. Nil when the file already has a header
    /// (or a broken one).
    public static func addingHeader(_ fields: [String], to data: Data) -> Data? {
        let split = Split(data)
        guard split.header == nil, split.problem == nil else { return nil }
        let end = split.usesCRLF ? "\r\n" : "\n"
        var result = Data(split.hasBOM ? [0xEF, 0xBB, 0xBF] : [])
        result.append(Data(("---" + end + fields.map { $0 + end }.joined() + "---" + end).utf8))
        result.append(data.dropFirst(split.hasBOM ? 3 : 0))
        return result
    }

    /// The file with several top-level header fields set (or removed, for nil values), one line each,
    /// everything else unchanged (see `setting(_:to:in:)`). A file with no header gets one holding the
    /// fields that have a value; when removing fields leaves a header empty and the file reads the same
    /// without it, the empty header goes too, so that a field added to a hand-written file and removed
    /// again leaves its bytes as they were. Nil when the header is broken.
    public static func setting(_ fields: [(key: String, value: String?)], in data: Data) -> Data? {
        let split = Split(data)
        guard split.problem == nil else { return nil }
        guard split.header != nil else {
            let lines = fields.compactMap { field in field.value.map { "\(field.key): \($0)" } }
            return lines.isEmpty ? data : addingHeader(lines, to: data)
        }
        var result = data
        for field in fields {
            guard let next = setting(field.key, to: field.value, in: result) else { return nil }
            result = next
        }
        return droppingEmptyHeader(result, unless: split.headerLines.isEmpty) ?? result
    }

    /// The file without its header when the header has no line at all (`---` then `---`), provided
    /// that what is left does not itself start like a header. `unless` keeps a header that was empty
    /// before the edit: that one is the user's.
    private static func droppingEmptyHeader(_ data: Data, unless wasEmpty: Bool) -> Data? {
        guard !wasEmpty else { return nil }
        let split = Split(data)
        guard split.header != nil, split.headerLines.isEmpty, let closing = split.closingLine else { return nil }
        let rest = split.rawLines[(closing + 1)...].joined(separator: "\n")
        var result = Data(split.hasBOM ? [0xEF, 0xBB, 0xBF] : [])
        result.append(Data(rest.utf8))
        let after = Split(result)
        guard after.header == nil, after.problem == nil else { return nil }
        return result
    }
}
