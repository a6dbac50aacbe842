import Foundation

/// The fast reader. It understands top-level `key: scalar`, `key: [flow, list]`,
/// `key:` followed by an indented block list or block mapping (mappings nest),
/// comments and blank lines; it returns nil (defer to Yams) for anything else.
enum FastYAML {
    static func parse(_ text: String) -> [YAMLPair]? {
        // Characters YAML forbids or reads as line breaks (NEL, U+2028, a lone CR) are left to Yams.
        guard isPlainText(text) else { return nil }
        let lines = text.lfLines().map {
            $0.utf8.last == 13 ? $0[..<$0.utf8.index(before: $0.endIndex)] : $0
        }
        guard !lines.contains(where: { $0.utf8.contains(13) }) else { return nil }
        var pairs: [YAMLPair] = []
        var seen = Set<String>()
        var index = 0
        while index < lines.count {
            let line = lines[index]
            index += 1
            if YAMLLine.isBlankOrComment(line) { continue }
            guard let (key, rest) = splitKey(line), !seen.contains(key) else { return nil }
            seen.insert(key)
            if !rest.isEmpty {
                guard let value = inlineValue(rest) else { return nil }
                // A plain value continued on an indented next line is a multi-line scalar: leave it to Yams.
                if index < lines.count, let next = lines[index].first, next == " " || next == "\t",
                    !YAMLLine.isBlankOrComment(lines[index])
                {
                    return nil
                }
                pairs.append(YAMLPair(key, value))
                continue
            }
            // `key:` alone: a nested block, or null.
            var block: [Substring] = []
            while index < lines.count {
                let next = lines[index]
                if YAMLLine.isBlankOrComment(next) {
                    index += 1
                    continue
                }
                if next.hasPrefix(" ") || next.hasPrefix("- ") || next == "-" {
                    block.append(next)
                    index += 1
                } else {
                    break
                }
            }
            if block.isEmpty {
                pairs.append(YAMLPair(key, .scalar("", quoted: false)))
            } else if let value = blockValue(block) {
                pairs.append(YAMLPair(key, value))
            } else {
                return nil
            }
        }
        return pairs
    }

    /// Bytes first: a header is mostly ASCII, and decoding every scalar was a tenth of reading one.
    private static func isPlainText(_ text: String) -> Bool {
        for byte in text.utf8 {
            if byte >= 0x80 { return text.unicodeScalars.allSatisfy(isPlainText) }
            guard byte >= 0x20 && byte <= 0x7E || byte == 0x09 || byte == 0x0A || byte == 0x0D else { return false }
        }
        return true
    }

    private static func isPlainText(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x0D, 0x20...0x7E, 0xA0...0x2027, 0x202A...0xD7FF, 0xE000...0xFEFE, 0xFF00...0xFFFD,
            0x10000...:
            return true
        default: return false
        }
    }

    // Spaces counted and dropped by bytes: Character-wise, with its grapheme breaking, these were a tenth of
    // reading a header.
    private static func leadingSpaces(_ line: Substring) -> Int {
        var count = 0
        for byte in line.utf8 {
            guard byte == 32 else { break }
            count += 1
        }
        return count
    }

    private static func dropping(_ line: Substring, _ spaces: Int) -> Substring {
        line[line.utf8.index(line.startIndex, offsetBy: spaces)...]
    }

    private static func droppingSpaces(_ text: Substring) -> Substring {
        dropping(text, leadingSpaces(text))
    }

    private static func isASCIILetter(_ byte: UInt8) -> Bool {
        (65...90).contains(byte) || (97...122).contains(byte)
    }

    /// `key: rest` with a simple key; rest is trimmed and stripped of a trailing comment later.
    private static func splitKey(_ line: Substring) -> (String, Substring)? {
        guard let colon = line.utf8.firstIndex(of: UInt8(ascii: ":")) else { return nil }
        let key = line[..<colon]
        guard let first = key.utf8.first, isASCIILetter(first) || first == UInt8(ascii: "_"),
            key.utf8.allSatisfy({ isASCIILetter($0) || (48...57).contains($0) || $0 == 95 || $0 == 45 })
        else { return nil }
        let after = line[line.utf8.index(after: colon)...]
        guard after.isEmpty || after.utf8.first == 32 else { return nil }
        let rest = droppingSpaces(after)
        if rest.utf8.first == UInt8(ascii: "#") { return (String(key), "") }
        return (String(key), trimTrailingSpaces(rest))
    }

    private static func trimTrailingSpaces(_ s: Substring) -> Substring {
        var end = s.endIndex
        while end > s.startIndex, s.utf8[s.utf8.index(before: end)] == 32 { end = s.utf8.index(before: end) }
        return s[..<end]
    }

    /// A value on the key's own line.
    private static func inlineValue(_ rest: Substring) -> YAMLValue? {
        switch rest.first {
        case "[": return flowSequence(rest)
        case "\"", "'":
            guard let (value, after) = quoted(rest), afterIsEmptyOrComment(after) else { return nil }
            return .scalar(value, quoted: true)
        default:
            return plain(rest).map { .scalar($0, quoted: false) }
        }
    }

    private static func afterIsEmptyOrComment(_ s: Substring) -> Bool {
        let trimmed = droppingSpaces(s)
        return trimmed.isEmpty || (trimmed.utf8.first == UInt8(ascii: "#") && s.utf8.first == 32)
    }

    /// Where the two bytes `a` `b` first stand side by side in `text`: a plain loop, as every header
    /// line goes through here (the generic `firstRange(of:)` was a tenth of a rebuild).
    private static func firstPair(_ text: Substring, _ a: UInt8, _ b: UInt8) -> String.Index? {
        let utf8 = text.utf8
        var index = utf8.startIndex
        while index < utf8.endIndex {
            let next = utf8.index(after: index)
            if utf8[index] == a, next < utf8.endIndex, utf8[next] == b { return index }
            index = next
        }
        return nil
    }

    /// A plain scalar, with a trailing ` # comment` removed; nil when it holds
    /// anything a plain scalar may not (or that would need Yams' judgement).
    private static func plain(_ text: Substring) -> String? {
        var value = text
        if let hash = firstPair(value, 32, 35) { value = trimTrailingSpaces(value[..<hash]) }  // " #"
        guard let first = value.utf8.first else { return "" }
        // By bytes, not Characters: a character that merely starts with one of these is left to Yams.
        if "[]{}&*!|>%@`\"',#?:-".utf8.contains(first) {
            // `-` and `:` and `?` may start a plain scalar when not followed by a space; keep it simple.
            guard first == 45 || first == 63 || first == 58, let second = value.dropFirst().first, second != " "
            else { return nil }
        }
        if firstPair(value, 58, 32) != nil ||  // ": "
            value.utf8.last == 58 || value.utf8.contains(9) { return nil }
        return String(value)
    }

    /// A quoted scalar at the start of `text`; returns it and what follows the closing quote.
    private static func quoted(_ text: Substring) -> (String, Substring)? {
        guard let quote = text.first else { return nil }
        var result = ""
        var i = text.index(after: text.startIndex)
        while i < text.endIndex {
            let c = text[i]
            if quote == "'" {
                if c == "'" {
                    let next = text.index(after: i)
                    if next < text.endIndex, text[next] == "'" {
                        result.append("'")
                        i = text.index(after: next)
                        continue
                    }
                    return (result, text[next...])
                }
                result.append(c)
            } else {
                if c == "\"" { return (result, text[text.index(after: i)...]) }
                if c == "\\" {
                    i = text.index(after: i)
                    guard i < text.endIndex else { return nil }
                    switch text[i] {
                    case "\"": result.append("\"")
                    case "\\": result.append("\\")
                    case "/": result.append("/")
                    case "n": result.append("\n")
                    case "t": result.append("\t")
                    case "r": result.append("\r")
                    case "0": result.append("\0")
                    case "u":
                        let start = text.index(after: i)
                        guard let end = text.index(start, offsetBy: 4, limitedBy: text.endIndex),
                            text[start..<end].allSatisfy({ $0.isASCII && $0.isHexDigit }),
                            let code = UInt32(text[start..<end], radix: 16),
                            let scalar = Unicode.Scalar(code), code != 0xFEFF  // Yams drops a leading BOM
                        else { return nil }
                        result.unicodeScalars.append(scalar)
                        i = text.index(before: end)
                    default: return nil
                    }
                } else {
                    result.append(c)
                }
            }
            i = text.index(after: i)
        }
        return nil
    }

    /// `[a, b, "c d"]` on one line.
    private static func flowSequence(_ text: Substring) -> YAMLValue? {
        var rest = text.dropFirst()
        var items: [YAMLValue] = []
        while true {
            rest = droppingSpaces(rest)
            guard let first = rest.first else { return nil }
            if first == "]" {
                guard items.isEmpty, afterIsEmptyOrComment(rest.dropFirst()) else { return nil }
                return .sequence(items)
            }
            if first == "\"" || first == "'" {
                guard let (value, after) = quoted(rest) else { return nil }
                items.append(.scalar(value, quoted: true))
                rest = droppingSpaces(after)
            } else {
                guard let end = rest.firstIndex(where: { $0 == "," || $0 == "]" }) else { return nil }
                let item = trimTrailingSpaces(rest[..<end])
                // In a flow, `?` and `:` open a key or value, and `:?` is an error; `#` and quotes inside are text.
                guard !item.isEmpty, item.first != "?", item.first != ":", firstPair(item, 58, 63) == nil,
                    let value = plain(item), firstPair(item, 32, 35) == nil,
                    !item.contains(where: { "[]{}".contains($0) })
                else { return nil }
                items.append(.scalar(value, quoted: false))
                rest = rest[end...]
            }
            guard let separator = rest.first else { return nil }
            rest = rest.dropFirst()
            if separator == "]" {
                return afterIsEmptyOrComment(rest) ? .sequence(items) : nil
            }
            guard separator == "," else { return nil }
            // A trailing comma before `]` is legal YAML, but rare: leave it to Yams.
            if droppingSpaces(rest).utf8.first == UInt8(ascii: "]") { return nil }
        }
    }

    /// The indented lines under `key:`: a list of scalars, or a mapping of scalars, flow lists and, under
    /// a `key:` of its own, more deeply indented blocks (`journal.yml`'s categories).
    private static func blockValue(_ block: [Substring]) -> YAMLValue? {
        guard let first = block.first else { return nil }
        let indent = leadingSpaces(first)
        let body = dropping(first, indent)
        if body.hasPrefix("- ") || body == "-" {
            var items: [YAMLValue] = []
            for line in block {
                guard leadingSpaces(line) == indent else { return nil }
                let item = dropping(line, indent)
                guard item.hasPrefix("- ") || item == "-" else { return nil }
                let value = trimTrailingSpaces(item.dropFirst(1).drop { $0 == " " })
                if value.isEmpty {
                    items.append(.scalar("", quoted: false))
                } else if value.first == "[" {
                    return nil
                } else {
                    guard let scalar = inlineValue(value) else { return nil }
                    items.append(scalar)
                }
            }
            return .sequence(items)
        }
        guard indent > 0 else { return nil }
        var pairs: [YAMLPair] = []
        var seen = Set<String>()
        var index = 0
        while index < block.count {
            let line = block[index]
            index += 1
            guard leadingSpaces(line) == indent,
                  let (key, rest) = splitKey(dropping(line, indent)), !seen.contains(key) else { return nil }
            seen.insert(key)
            if !rest.isEmpty {
                // A value continued on a more deeply indented line is a multi-line scalar: Yams' to read.
                guard let value = inlineValue(rest),
                      index == block.count || leadingSpaces(block[index]) <= indent else { return nil }
                pairs.append(YAMLPair(key, value))
                continue
            }
            let start = index
            while index < block.count, leadingSpaces(block[index]) > indent { index += 1 }
            if start == index {
                pairs.append(YAMLPair(key, .scalar("", quoted: false)))
            } else {
                guard let value = blockValue(Array(block[start..<index])) else { return nil }
                pairs.append(YAMLPair(key, value))
            }
        }
        return .mapping(pairs)
    }
}
