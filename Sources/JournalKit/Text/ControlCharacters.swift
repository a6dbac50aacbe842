import Foundation

/// Text from files is untrusted: entries, settings and commits arrive by sync from other machines.
/// Before such text reaches a terminal or a commit message, its control characters are written out
/// as `\u{1B}` (the Unicode scalar in hex, as in a Swift string), so that an entry cannot retitle the
/// terminal, move the cursor, colour the screen or reorder what is shown.
public enum ControlCharacters {
    /// `text` with every hidden character written as `\u{XX}`: the C0 controls but line feed and tab
    /// (a carriage return only before a line feed is kept), DEL, the C1 controls and the bidi
    /// embedding, override and isolate characters. Other text is returned unchanged.
    public static func visible(_ text: String) -> String {
        guard text.utf8.contains(where: mayStartHidden) else { return text }
        var out = String.UnicodeScalarView()
        let scalars = Array(text.unicodeScalars)
        for (index, scalar) in scalars.enumerated() {
            let keptReturn = scalar == "\r" && index + 1 < scalars.count && scalars[index + 1] == "\n"
            if isHidden(scalar) && !keptReturn {
                out.append(contentsOf: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}".unicodeScalars)
            } else {
                out.append(scalar)
            }
        }
        return String(out)
    }

    /// Whether a terminal would act on `scalar` rather than show it (line feed and tab excepted).
    public static func isHidden(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A: false
        case 0x00...0x1F, 0x7F...0x9F: true
        case 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    /// The first UTF-8 byte of every hidden scalar is one of these: a quick scan skips clean text.
    private static func mayStartHidden(_ byte: UInt8) -> Bool {
        (byte < 0x20 && byte != 0x09 && byte != 0x0A) || byte == 0x7F || byte == 0xC2 || byte == 0xE2
    }
}
