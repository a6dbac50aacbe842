import Foundation

/// ANSI styling, on or off as a whole.
public struct Style: Sendable {
    public let enabled: Bool

    public init(enabled: Bool) { self.enabled = enabled }

    /// Stands for ESC in rendered text. Text from files is mixed into that text, so the command line's
    /// `Terminal.shown` makes every control character in it visible and only then turns this marker into ESC:
    /// being random per process, a file cannot forge it, and only our own colours reach the terminal. (128 bits
    /// from the system's generator, getrandom(2); `UUID()` opened and read /dev/urandom at every command.)
    public static let escape = "\u{E000}" + String(UInt64.random(in: .min ... .max), radix: 16) + "-"
        + String(UInt64.random(in: .min ... .max), radix: 16) + "\u{E000}"

    private func wrap(_ text: String, _ code: String) -> String {
        enabled && !text.isEmpty ? "\(Style.escape)[\(code)m\(text)\(Style.escape)[0m" : text
    }
    public func bold(_ text: String) -> String { wrap(text, "1") }
    public func dim(_ text: String) -> String { wrap(text, "2") }
    public func yellow(_ text: String) -> String { wrap(text, "33") }
    public func red(_ text: String) -> String { wrap(text, "31") }
    public func cyan(_ text: String) -> String { wrap(text, "36") }
    public func green(_ text: String) -> String { wrap(text, "32") }

    /// `text` in a category's colour (a name in any language, or `#rrggbb`); cyan for none.
    public func color(_ name: String?, _ text: String) -> String {
        wrap(text, name.flatMap(CategoryColor.terminalCode) ?? "36")
    }
}
