/// Columns in a terminal, the one measure every aligned column and every cut title uses: East Asian
/// wide characters (Hangul, CJK) and emoji take two cells, combining marks and format characters none,
/// everything else one. Measured per grapheme cluster (a `Character`), so an emoji sequence, a flag or
/// decomposed Hangul (ᄒ+ᅡ+ᆫ) counts once.
public func displayWidth(_ text: String) -> Int {
    var copy = text
    if let counts = copy.withUTF8(plainCounts) { return counts.ascii + 2 * counts.syllables }
    return text.reduce(0) { $0 + cellWidth($1) }
}

/// How many ASCII characters and precomposed Hangul syllables the UTF-8 `text` holds when it holds
/// nothing else and no carriage return (most titles, tags and lines of a diary, in English or
/// Korean); nil otherwise. In such text each scalar is a grapheme cluster of its own, one cell wide
/// or (a syllable) two, so it can be measured and searched byte by byte.
public func plainCounts(_ text: UnsafeBufferPointer<UInt8>) -> (ascii: Int, syllables: Int)? {
    var ascii = 0
    var syllables = 0
    var i = 0
    while i < text.count {
        let byte = text[i]
        if byte < 0x80 {
            guard byte != 0x0D else { return nil }
            ascii += 1
            i += 1
            continue
        }
        guard byte & 0xF0 == 0xE0, i + 2 < text.count else { return nil }
        let scalar = UInt32(byte & 0x0F) << 12 | UInt32(text[i + 1] & 0x3F) << 6 | UInt32(text[i + 2] & 0x3F)
        guard (0xAC00...0xD7A3).contains(scalar) else { return nil }
        syllables += 1
        i += 3
    }
    return (ascii, syllables)
}

/// `text` and spaces after it, to fill `width` cells (a column of aligned lines).
public func padded(_ text: String, to width: Int) -> String {
    text + String(repeating: " ", count: max(0, width - displayWidth(text)))
}

/// The longest start of `text` that fits in `width` cells, cut between grapheme clusters: never in
/// the middle of a character, nor with half a wide one.
public func truncated(_ text: String, toWidth width: Int) -> String {
    var used = 0
    var end = text.startIndex
    for index in text.indices {
        let cells = cellWidth(text[index])
        if used + cells > width { break }
        used += cells
        end = text.index(after: index)
    }
    return String(text[..<end])
}

/// `text` as it is when it fits in `width` cells, else cut to `width - 1` cells and ended with `…`.
public func clipped(_ text: String, toWidth width: Int) -> String {
    displayWidth(text) > width ? truncated(text, toWidth: width - 1) + "…" : text
}

/// The cells of one grapheme cluster.
public func cellWidth(_ character: Character) -> Int {
    let scalars = character.unicodeScalars
    guard let scalar = scalars.first else { return 0 }
    // One scalar of ASCII (even a control character) or a Hangul syllable, as most are: no property table
    // need be searched for it.
    if scalars.index(after: scalars.startIndex) == scalars.endIndex {
        if scalar.isASCII { return 1 }
        if (0xAC00...0xD7A3).contains(scalar.value) { return 2 }
    }
    if scalars.contains(where: { $0.properties.isEmojiPresentation || $0.value == 0xFE0F }) {
        // An emoji (or a symbol asked to look like one with VS16); a lone keycap digit is not one.
        return scalars.count > 1 || scalar.properties.isEmojiPresentation ? 2 : 1
    }
    switch scalar.value {
    case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
        0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60,
        0xFFE0...0xFFE6, 0x1F200...0x1F2FF, 0x20000...0x3FFFD:
        return 2
    default:
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: return 1
        }
    }
}
