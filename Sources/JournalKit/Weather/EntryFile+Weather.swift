import Foundation

extension EntryFile {
    /// The file with the top-level block `key` holding `fields` (`key:` then indented `field: value`
    /// lines): the block that is there is replaced; else the new one goes before the `before` key
    /// when the header has it, else at the end of the header. Every other byte stays as it was (BOM,
    /// CRLF, comments, other keys, the text). Nil when the file has no readable header.
    public static func settingBlock(_ key: String, _ fields: [(String, String)], before: String? = nil, in data: Data) -> Data? {
        let split = Split(data)
        guard split.header != nil, split.problem == nil, let closing = split.closingLine else { return nil }
        var lines = split.rawLines
        let end = split.usesCRLF ? "\r" : ""
        let block = YAMLWriter.block(key, fields).map { $0 + end }
        if let range = blockRange(key, in: lines, closing: closing) {
            lines.replaceSubrange(range, with: block)
        } else if let before, let range = blockRange(before, in: lines, closing: closing) {
            lines.insert(contentsOf: block, at: range.lowerBound)
        } else {
            lines.insert(contentsOf: block, at: closing)
        }
        return assemble(lines, bom: split.hasBOM)
    }

    /// The file with `fields` added as the last lines of the block `key`, indented as its lines are,
    /// nothing else touched. Nil when there is no such block with indented lines.
    public static func appending(_ fields: [(String, String)], toBlock key: String, in data: Data) -> Data? {
        let split = Split(data)
        guard split.header != nil, split.problem == nil, let closing = split.closingLine,
            let range = blockRange(key, in: split.rawLines, closing: closing), range.count > 1
        else { return nil }
        var lines = split.rawLines
        let child = lines[range.lowerBound + 1]
        let indent = String(child.prefix { $0 == " " || $0 == "\t" })
        guard !indent.isEmpty else { return nil }
        let end = split.usesCRLF ? "\r" : ""
        lines.insert(contentsOf: fields.map { "\(indent)\($0.0): \($0.1)\(end)" }, at: range.upperBound)
        return assemble(lines, bom: split.hasBOM)
    }

    /// Whether the header has a top-level `key:` line, whatever its value.
    static func hasKey(_ key: String, in data: Data) -> Bool {
        let split = Split(data)
        guard split.header != nil, let closing = split.closingLine else { return false }
        return blockRange(key, in: split.rawLines, closing: closing) != nil
    }

    static func assemble(_ lines: [String], bom: Bool) -> Data {
        var result = Data(bom ? [0xEF, 0xBB, 0xBF] : [])
        result.append(Data(lines.joined(separator: "\n").utf8))
        return result
    }
}
