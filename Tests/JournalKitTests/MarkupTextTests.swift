import Foundation
import Testing
@testable import JournalKit

/// The byte-level escape of `MarkupText` and `trimmingSpaces` against the rules they stand for, on every
/// kind of character they look at and on random texts made of them.
@Suite struct MarkupTextTests {
    /// The rule by scalar: markup and quotes as entities; C0 but tab and line feed, DEL, C1, U+FFFE and
    /// U+FFFF as U+FFFD; everything else as it is.
    static func reference(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            case "\n", "\t": out.unicodeScalars.append(scalar)
            default:
                if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || (0xFFFE...0xFFFF).contains(scalar.value) {
                    out += "\u{FFFD}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }

    /// Scalars around every edge the byte scan knows.
    static let pieces: [String] = [
        "a", "Z", " ", "&", "<", ">", "\"", "'", "\n", "\t", "\r", "\u{0}", "\u{1B}", "\u{1F}", "\u{7F}", "\u{80}", "\u{85}",
        "\u{9F}", "\u{A0}", "\u{BF}", "\u{C0}", "é", "\u{301}", "한", "ㄱ", "\u{FEFF}", "\u{FFFD}", "\u{FFFE}", "\u{FFFF}",
        "\u{EFBF}", "\u{1F600}", "\u{3000}", "\u{2003}", "<script>", "&amp;",
    ]

    @Test func escapesAsTheRuleByScalar() {
        for piece in Self.pieces { #expect(MarkupText.escaped(piece) == Self.reference(piece), "\(piece.unicodeScalars.map(\.value))") }
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            let text = (0..<Int.random(in: 0...12, using: &generator)).map { _ in Self.pieces.randomElement(using: &generator)! }.joined()
            #expect(MarkupText.escaped(text) == Self.reference(text), "\(text.unicodeScalars.map(\.value))")
        }
        let plain = "A day in Busan, 부산에서 하루"
        #expect(MarkupText.escaped(plain) == plain)
    }

    @Test func trimsSpacesAsFoundationDoes() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            let text = (0..<Int.random(in: 0...8, using: &generator)).map { _ in Self.pieces.randomElement(using: &generator)! }.joined()
            #expect(text.trimmingSpaces() == text.trimmingCharacters(in: .whitespaces), "\(text.unicodeScalars.map(\.value))")
            let sub = text.dropFirst()
            #expect(sub.trimmingSpaces() == sub.trimmingCharacters(in: .whitespaces))
        }
    }
}
