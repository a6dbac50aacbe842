import Foundation

/// Text from files is untrusted: entries, settings and commits arrive by sync from other machines.
/// Before such text reaches a terminal or a commit message, its control characters are written out
/// as `\u{1B}` (the Unicode scalar in hex, as in a Swift string), so that an entry cannot retitle the
/// terminal, move the cursor, colour the screen or reorder what is shown.
public enum ControlCharacters {
    /// `text` with every hidden character written as `\u{XX}`: the C0 controls but line feed and tab
    /// (a carriage return only before a line feed is kept), DEL, the C1 controls and the bidi
    /// embedding, override and isolate characters. Other text is returned unchanged.
    ///
    /// Works on the UTF-8, copying the runs between hidden characters whole: a search prints
    /// thousands of lines through here.
    public static func visible(_ text: String) -> String {
        rewritingUTF8(text) { bytes, i in
            let byte = bytes[i]
            guard mayStartHidden(byte) else { return nil }
            // 0xC2 begins U+0080...U+00BF, 0xE2 U+2000...U+2FFF; the text is valid UTF-8.
            let length = byte < 0x80 ? 1 : byte == 0xC2 ? 2 : 3
            let value: UInt32 =
                switch length {
                case 1: UInt32(byte)
                case 2: 0x80 | UInt32(bytes[i + 1] & 0x3F)
                default: UInt32(byte & 0x0F) << 12 | UInt32(bytes[i + 1] & 0x3F) << 6 | UInt32(bytes[i + 2] & 0x3F)
                }
            let keptReturn = byte == 0x0D && i + 1 < bytes.count && bytes[i + 1] == 0x0A
            guard isHidden(value), !keptReturn else { return nil }
            return (length, Array("\\u{\(String(value, radix: 16, uppercase: true))}".utf8))
        }
    }

    /// Whether a terminal would act on `scalar` rather than show it (line feed and tab excepted).
    public static func isHidden(_ scalar: Unicode.Scalar) -> Bool {
        isHidden(scalar.value)
    }

    private static func isHidden(_ value: UInt32) -> Bool {
        switch value {
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

/// `text` with parts of its UTF-8 replaced: at each byte offset where `replacement` returns how many bytes
/// to replace and with what, those are replaced; runs of bytes between them are copied whole. `replacement`
/// is asked at every offset it has not replaced over, so it must only match at the first byte of a scalar.
@inlinable public func rewritingUTF8(
    _ text: String, _ replacement: (UnsafeBufferPointer<UInt8>, Int) -> (count: Int, bytes: [UInt8])?
) -> String {
    var copy = text
    let rewritten = copy.withUTF8 { bytes -> String? in
        var out: [UInt8] = []
        var copied = 0
        var i = 0
        while i < bytes.count {
            guard let (count, with) = replacement(bytes, i) else {
                i += 1
                continue
            }
            if out.isEmpty { out.reserveCapacity(bytes.count + 16) }
            out.append(contentsOf: bytes[copied..<i])
            out.append(contentsOf: with)
            i += count
            copied = i
        }
        guard copied > 0 else { return nil }
        out.append(contentsOf: bytes[copied...])
        return String(decoding: out, as: UTF8.self)
    }
    return rewritten ?? text
}
