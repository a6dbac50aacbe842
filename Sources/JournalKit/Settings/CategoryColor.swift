import Foundation

/// A category's colour, as a person types it: a colour name in any catalogue language (`분홍`, `pink`)
/// or `#rrggbb`. journal.yml keeps the English name (or the `#rrggbb`), so that every language reads it.
public enum CategoryColor {
    /// The named colours, the terminal's eight first (shown with its own codes), then the ones a
    /// terminal shows from its 256.
    static let palette: [(name: String, red: Int, green: Int, blue: Int)] = [
        ("black", 0, 0, 0), ("red", 205, 49, 49), ("green", 13, 188, 121), ("yellow", 229, 229, 16),
        ("blue", 36, 114, 200), ("magenta", 188, 63, 188), ("cyan", 17, 168, 205), ("white", 229, 229, 229),
        ("pink", 255, 135, 175), ("orange", 255, 135, 0), ("purple", 135, 95, 215), ("brown", 135, 95, 0),
        ("gray", 138, 138, 138), ("navy", 0, 0, 135), ("sky", 95, 175, 255), ("mint", 95, 215, 175),
        ("lime", 175, 215, 0), ("gold", 215, 175, 0),
    ]

    /// Every named colour, by its stored (English) name.
    public static var names: [String] { palette.map(\.name) }

    /// A colour as a page draws it, `#rrggbb`, whatever name journal.yml holds (`sky`, `하늘색`, `#5fafff`): a
    /// page's style knows no `sky` or `mint`. Nil for one it does not know.
    public static func drawn(_ color: String?) -> String? {
        guard let color, let (red, green, blue) = rgb(color) else { return nil }
        return "#" + [red, green, blue].map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }

    /// The eight colours every terminal has, by name.
    public static let terminalColors = Array(palette.prefix(8).map(\.name))

    /// The names each colour goes by in a catalogue language (`color.pink = 분홍, 분홍색, 핑크`), the
    /// first being how that language shows it.
    private static func names(of color: String, in language: String) -> [String] {
        (Catalogues.table(language)?["color." + color] ?? color).split(separator: ",").map {
            $0.trimmingCharacters(in: .whitespaces).lowercased()
        }
    }

    /// The stored form of a colour as typed or written in journal.yml: its English name, or `#rrggbb`
    /// in lowercase. Nil for anything else.
    public static func stored(_ given: String) -> String? {
        let typed = given.trimmingSpaces().lowercased()
        if typed.count == 7, typed.hasPrefix("#"), typed.dropFirst().allSatisfy(\.isHexDigit) { return typed }
        for color in palette where color.name == typed { return color.name }
        for language in Catalogues.languages {
            for color in palette where names(of: color.name, in: language).contains(typed) { return color.name }
        }
        return nil
    }

    /// `(r, g, b)` of a colour journal.yml holds (in any of its names), nil for one it does not know.
    public static func rgb(_ color: String) -> (red: Int, green: Int, blue: Int)? {
        guard let stored = stored(color) else { return nil }
        if stored.hasPrefix("#"), let value = Int(stored.dropFirst(), radix: 16) {
            return (value >> 16, (value >> 8) & 0xFF, value & 0xFF)
        }
        return palette.first { $0.name == stored }.map { ($0.red, $0.green, $0.blue) }
    }

    /// The SGR parameters that colour text in a terminal: the eight's own (`31`), else the nearest of
    /// the 256 (`38;5;211`). Nil for a colour journal.yml does not know.
    public static func terminalCode(_ color: String) -> String? {
        guard let stored = stored(color) else { return nil }
        if let index = terminalColors.firstIndex(of: stored) { return String(30 + index) }
        guard let rgb = rgb(stored) else { return nil }
        let level = { (value: Int) in value < 48 ? 0 : value < 115 ? 1 : (value - 35) / 40 }
        return "38;5;\(16 + 36 * level(rgb.red) + 6 * level(rgb.green) + level(rgb.blue))"
    }

    /// A colour as the messages' language names it (`pink` → `분홍`); `#rrggbb` and unknown ones as written.
    public static func shownName(_ color: String) -> String {
        guard let stored = stored(color), !stored.hasPrefix("#") else { return color }
        return names(of: stored, in: Say.current).first ?? stored
    }

    /// The colour names of the messages' language, for help and errors.
    public static var shownNames: [String] { palette.map { shownName($0.name) } }
}
