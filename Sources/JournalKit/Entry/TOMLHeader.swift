import Foundation

/// Hugo's TOML front matter, read as far as an entry needs it: the top-level `key = value` lines before the
/// first `[table]`, as the values the YAML header gives (strings quoted, numbers, booleans and dates plain,
/// arrays as sequences). Dotted keys, inline tables and what cannot be read are passed over: the block is
/// the note's own, kept as written, and never makes an entry broken.
enum TOMLHeader {
    static func parse(_ lines: [Substring]) -> [YAMLPair] {
        var pairs: [YAMLPair] = []
        var i = 0
        while i < lines.count {
            let line = lines[i].drop { $0 == " " || $0 == "\t" }
            i += 1
            if line.isEmpty || line.first == "#" { continue }
            if line.first == "[" { break }  // a table: what follows is not top-level
            guard let (key, afterKey) = readKey(line) else { continue }
            var rest = afterKey.drop { $0 == " " || $0 == "\t" }
            guard rest.first == "=" else { continue }
            rest = rest.dropFirst().drop { $0 == " " || $0 == "\t" }
            // A value may go on over the next lines (a multi-line string or array): gathered first.
            var source = String(rest)
            while i < lines.count, !isComplete(source) {
                source += "\n" + lines[i]
                i += 1
            }
            guard let key, let value = readValue(Substring(source)) else { continue }
            if !pairs.contains(where: { $0.key == key }) { pairs.append(YAMLPair(key, value)) }
        }
        return pairs
    }

    /// A bare or quoted key, and what follows it; a dotted key is read (to be passed over) as nil.
    private static func readKey(_ line: Substring) -> (String?, Substring)? {
        if line.first == "\"" || line.first == "'" {
            guard let (text, rest) = readString(line) else { return nil }
            return rest.drop(while: { $0 == " " }).first == "." ? (nil, rest.drop { $0 != "=" }) : (text, rest)
        }
        let end = line.firstIndex { !($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") } ?? line.endIndex
        guard end > line.startIndex else { return nil }
        let rest = line[end...]
        if rest.drop(while: { $0 == " " }).first == "." { return (nil, rest.drop { $0 != "=" }) }
        return (String(line[..<end]), rest)
    }

    /// Whether a value's text is all there: its strings closed and its brackets balanced.
    private static func isComplete(_ text: String) -> Bool {
        if text.hasPrefix("\"\"\"") { return text.dropFirst(3).contains("\"\"\"") }
        if text.hasPrefix("'''") { return text.dropFirst(3).contains("'''") }
        guard text.first == "[" || text.first == "{" else { return true }
        var depth = 0
        var quote: Character?
        var escaped = false
        var comment = false
        for c in text {
            if comment {
                comment = c != "\n"
                continue
            }
            if let open = quote {
                if escaped { escaped = false } else if c == "\\" && open == "\"" { escaped = true } else if c == open { quote = nil }
                continue
            }
            switch c {
            case "\"", "'": quote = c
            case "[", "{": depth += 1
            case "]", "}": depth -= 1
            case "#": comment = true
            default: break
            }
            if depth == 0 { return true }
        }
        return false
    }

    private static func readValue(_ text: Substring) -> YAMLValue? {
        if text.hasPrefix("\"\"\"") || text.hasPrefix("'''") {
            let fence = text.prefix(3)
            var inner = text.dropFirst(3)
            guard let end = inner.range(of: fence) else { return nil }
            inner = inner[..<end.lowerBound]
            if inner.first == "\n" { inner = inner.dropFirst() }
            return .scalar(fence == "\"\"\"" ? unescape(inner) : String(inner), quoted: true)
        }
        if text.first == "\"" || text.first == "'" { return readString(text).map { .scalar($0.0, quoted: true) } }
        if text.first == "[" { return readArray(text).map(YAMLValue.sequence) }
        if text.first == "{" { return nil }
        // A number, a boolean or a date: up to a comment.
        let plain = (text.firstIndex(of: "#").map { text[..<$0] } ?? text).trimmingCharacters(in: .whitespaces)
        return plain.isEmpty ? nil : .scalar(plain, quoted: false)
    }

    /// The items of an array that are strings, numbers, booleans or dates; nested arrays and tables skipped.
    private static func readArray(_ text: Substring) -> [YAMLValue]? {
        var items: [YAMLValue] = []
        var rest = text.dropFirst()
        while true {
            rest = rest.drop { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "," }
            if rest.first == "#" {
                rest = rest.drop { $0 != "\n" }
                continue
            }
            guard let first = rest.first else { return nil }
            if first == "]" { return items }
            if first == "\"" || first == "'" {
                guard let (string, after) = readString(rest) else { return nil }
                items.append(.scalar(string, quoted: true))
                rest = after
            } else if first == "[" || first == "{" {
                // Passed over whole: its closing bracket found by depth.
                var depth = 0
                var index = rest.startIndex
                while index < rest.endIndex {
                    if rest[index] == "[" || rest[index] == "{" { depth += 1 }
                    if rest[index] == "]" || rest[index] == "}" { depth -= 1 }
                    index = rest.index(after: index)
                    if depth == 0 { break }
                }
                rest = rest[index...]
            } else {
                let end = rest.firstIndex { $0 == "," || $0 == "]" || $0 == "\n" || $0 == "#" } ?? rest.endIndex
                let plain = rest[..<end].trimmingCharacters(in: .whitespaces)
                if !plain.isEmpty { items.append(.scalar(plain, quoted: false)) }
                rest = rest[end...]
            }
        }
    }

    /// A one-line string, basic (`"…"`, with escapes) or literal (`'…'`), and what follows it.
    private static func readString(_ text: Substring) -> (String, Substring)? {
        guard let quote = text.first else { return nil }
        var index = text.index(after: text.startIndex)
        while index < text.endIndex {
            let c = text[index]
            if c == "\n" { return nil }
            if quote == "\"" && c == "\\" {
                index = text.index(after: index)
                guard index < text.endIndex else { return nil }
            } else if c == quote {
                let inner = text[text.index(after: text.startIndex)..<index]
                return (quote == "\"" ? unescape(inner) : String(inner), text[text.index(after: index)...])
            }
            index = text.index(after: index)
        }
        return nil
    }

    /// A basic string's escapes: `\"`, `\\`, `\n`, `\t`, `\uXXXX` and the like.
    private static func unescape(_ text: Substring) -> String {
        guard text.contains("\\") else { return String(text) }
        var out = ""
        var index = text.startIndex
        while index < text.endIndex {
            let c = text[index]
            index = text.index(after: index)
            guard c == "\\", index < text.endIndex else {
                out.append(c)
                continue
            }
            let e = text[index]
            index = text.index(after: index)
            switch e {
            case "n": out.append("\n")
            case "t": out.append("\t")
            case "r": out.append("\r")
            case "b": out.append("\u{08}")
            case "f": out.append("\u{0C}")
            case "u", "U":
                let count = e == "u" ? 4 : 8
                let hex = text[index...].prefix(count)
                if hex.count == count, let code = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(code) {
                    out.unicodeScalars.append(scalar)
                    index = hex.endIndex
                }
            case "\n":
                // A line-ending backslash in a multi-line string: the break and the spaces after it go.
                while index < text.endIndex, text[index].isWhitespace { index = text.index(after: index) }
            default: out.append(e)
            }
        }
        return out
    }
}
