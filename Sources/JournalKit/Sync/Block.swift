import Foundation

/// A top-level `key:` line of a YAML text with the lines that belong to it (indented lines, list items,
/// the blank and comment lines between them). Lines before the first key have a nil key.
struct Block: Equatable {
    var key: String?
    var lines: [String]

    /// The block's text after `key:`, for messages.
    var valueText: String {
        guard let key, let first = lines.first else { return lines.joined(separator: " ") }
        let rest = first.drop { $0 == " " }.dropFirst(key.count + 1).trimmingCharacters(in: .whitespacesAndNewlines)
        let more = lines.dropFirst().map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
        // A block scalar (`|`, `>`) or a nested value: every line of it, so the commit message keeps the words.
        return ([rest].filter { !$0.isEmpty } + more).joined(separator: " ")
    }

    /// The items of a list value (flow or block), nil when the value is not a list of scalars.
    var list: [String]? {
        let text = lines.map { $0.hasSuffix("\r") ? String($0.dropLast()) : $0 }.joined(separator: "\n")
        guard let key, let pairs = try? HeaderParser.parse(text),
              let value = pairs.first(where: { $0.key == key })?.value else { return nil }
        switch value {
        case .sequence(let items):
            let strings = items.compactMap(\.string)
            return strings.count == items.count ? strings : nil
        case .scalar:
            return value.string.map { $0.split(whereSeparator: { $0 == "," || $0 == " " }).map(String.init) } ?? []
        case .mapping:
            return nil
        }
    }

    /// The nested blocks of a mapping value written as `key:` and indented `child: …` lines.
    var children: (indent: Int, blocks: [Block])? {
        guard let key, lines.count > 1, lines[0].trimmingCharacters(in: .whitespacesAndNewlines) == key + ":" else { return nil }
        let body = Array(lines.dropFirst())
        guard let first = body.first(where: { !YAMLLine.isBlankOrComment($0) }) else { return nil }
        let indent = first.prefix { $0 == " " }.count
        guard indent > 0, !first.dropFirst(indent).hasPrefix("-") else { return nil }
        let blocks = Block.parse(body, indent: indent)
        return blocks.contains { $0.key != nil } ? (indent, blocks) : nil
    }

    /// Cuts lines into blocks at the lines that hold a key at exactly `indent` spaces.
    static func parse(_ lines: [String], indent: Int = 0) -> [Block] {
        var blocks: [Block] = []
        for line in lines {
            if let key = YAMLLine.key(of: line, indent: indent) {
                blocks.append(Block(key: key, lines: [line]))
            } else if blocks.isEmpty {
                blocks.append(Block(key: nil, lines: [line]))
            } else {
                blocks[blocks.count - 1].lines.append(line)
            }
        }
        return blocks
    }

    static func find(_ key: String?, in blocks: [Block]) -> Block? { blocks.first { $0.key == key } }

    static func text(of key: String?, in blocks: [Block]) -> String? {
        find(key, in: blocks).map { $0.lines.joined(separator: "\n") }
    }

    static func scalar(of key: String, in blocks: [Block]) -> String? {
        guard let block = find(key, in: blocks), block.lines.count == 1 else { return nil }
        let value = block.valueText
        return value.isEmpty ? nil : value.trimmingCharacters(in: CharacterSet(charactersIn: "\"'"))
    }
}
