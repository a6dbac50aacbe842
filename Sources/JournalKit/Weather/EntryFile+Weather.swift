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

extension WeatherFailure {
    /// The entry's place cannot be found (or it has none): asking again will not help.
    public var isPlaceUnknown: Bool {
        switch self {
        case .placeNotFound, .noCoordinates: true
        default: false
        }
    }
}

extension EntryFile {
    /// `settingBlock` for a block the tool fills in but the user may add to (`weather:`): the sub-keys
    /// of the block that is there and not in `owned` (the ones the tool writes) are kept, with what
    /// is nested under them, after the new fields.
    static func settingBlock(
        _ key: String, _ fields: [(String, String)], keepingAllBut owned: Set<String>, before: String? = nil, in data: Data
    ) -> Data? {
        guard let replaced = settingBlock(key, fields, before: before, in: data) else { return nil }
        let split = Split(data)
        guard let closing = split.closingLine, let range = blockRange(key, in: split.rawLines, closing: closing) else {
            return replaced
        }
        let kept = userLines(of: Array(split.rawLines[range].dropFirst()), besides: owned.union(fields.map(\.0)))
        let updated = Split(replaced)
        guard !kept.isEmpty, let newClosing = updated.closingLine,
            let newRange = blockRange(key, in: updated.rawLines, closing: newClosing)
        else { return replaced }
        var lines = updated.rawLines
        lines.insert(contentsOf: kept, at: newRange.upperBound)
        return assemble(lines, bom: updated.hasBOM)
    }

    /// The lines of a block's children (as stored) that belong to sub-keys not in `owned`, re-indented
    /// by two spaces as the tool writes its blocks.
    private static func userLines(of children: [String], besides owned: Set<String>) -> [String] {
        func indent(_ line: String) -> Substring { line.prefix { $0 == " " || $0 == "\t" } }
        func isFiller(_ line: String) -> Bool {
            let trimmed = line.trimmingCharacters(in: CharacterSet(charactersIn: " \t\r"))
            return trimmed.isEmpty || trimmed.hasPrefix("#")
        }
        guard let first = children.first(where: { !isFiller($0) }) else { return [] }
        let childIndent = String(indent(first))
        guard !childIndent.isEmpty else { return [] }
        var kept: [String] = []
        var keeping = false
        for line in children {
            if !isFiller(line), indent(line).count == childIndent.count {
                let name = line.dropFirst(childIndent.count).prefix { $0 != ":" }
                keeping = !owned.contains(String(name).trimmingCharacters(in: .whitespaces))
            }
            guard keeping else { continue }
            kept.append(line.hasPrefix(childIndent) ? "  " + line.dropFirst(childIndent.count) : line)
        }
        while let last = kept.last, isFiller(last) { kept.removeLast() }
        return kept
    }
}

