import Foundation

/// Writes the few YAML forms the tool emits, one line each, the way a person
/// would type them: plain when YAML reads the text back unchanged, double-quoted
/// otherwise; Korean and other non-ASCII text is never escaped.
public enum YAMLWriter {
    public static func scalar(_ text: String) -> String {
        isSafePlain(text, inFlow: false) ? text : quoted(text)
    }

    /// `[busan, food]`
    public static func flowList(_ items: [String]) -> String {
        "[" + items.map { isSafePlain($0, inFlow: true) ? $0 : quoted($0) }.joined(separator: ", ") + "]"
    }

    /// `key:` and its indented `field: value` lines.
    public static func block(_ key: String, _ fields: [(String, String)]) -> [String] {
        ["\(key):"] + fields.map { "  \($0.0): \($0.1)" }
    }

    /// A number in plain decimal notation: never an exponent, at most 6 decimals.
    public static func number(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        var text = String(format: "%.6f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }

    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            default:
                if needsEscape(scalar) {
                    out += String(format: "\\u%04X", scalar.value)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    /// Characters YAML does not allow in a file (controls, C1 controls, a BOM, U+FFFE/U+FFFF) or reads
    /// as a line break (NEL, U+2028, U+2029): written as `\uXXXX` escapes.
    static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0..<0x20, 0x7F...0x9F, 0x2028, 0x2029, 0xFEFF, 0xFFFE, 0xFFFF: return true
        default: return false
        }
    }

    /// Words YAML would read as something other than this text.
    private static let reserved: Set<String> = [
        "", "~", "null", "true", "false", "yes", "no", "on", "off", "y", "n", ".nan", ".inf", "-.inf", "+.inf",
    ]

    static func isSafePlain(_ text: String, inFlow: Bool) -> Bool {
        guard let first = text.unicodeScalars.first, let last = text.unicodeScalars.last else { return false }
        if reserved.contains(text.lowercased()) { return false }
        if first == " " || last == " " { return false }
        if "-?:,[]{}#&*!|>'\"%@`".unicodeScalars.contains(first) { return false }
        if text.contains(": ") || text.contains(" #") || text.hasSuffix(":") { return false }
        if inFlow && text.unicodeScalars.contains(where: { ",[]{}".unicodeScalars.contains($0) }) { return false }
        // In a flow, `:` followed by `?` is an error to YAML.
        if inFlow && text.contains(":?") { return false }
        if text.unicodeScalars.contains(where: needsEscape) { return false }
        // Anything that starts like a number (1, 0x1F, 1e3, 1_000, .5, +1) could be read as one.
        if first.properties.numericType != nil && first.isASCII || first == "." || first == "+" { return false }
        return true
    }
}
