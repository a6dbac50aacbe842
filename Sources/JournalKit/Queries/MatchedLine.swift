import Foundation

/// Where a search matched: the line to show under an entry, cut to about 100 characters around the match.
public enum MatchedLine {
    /// How a term is compared with the text: case and accents aside.
    public static let options: String.CompareOptions = [.caseInsensitive, .diacriticInsensitive]

    /// The first line of `text` holding one of `terms`, as a reader sees it (`MarkdownInline.plain`: a link's
    /// text, not its destination), trimmed to about 100 characters around it.
    ///
    /// Lines are looked at as UTF-8: a line made only of ASCII and precomposed Hangul syllables (most
    /// of a diary, in English or Korean) is searched byte by byte for terms made of the same, ASCII
    /// letters in either case; there, that is exactly what the case- and accent-insensitive compare
    /// finds (`Character` by `Character`: such a line's scalars are each one). Any other line, or
    /// any other term, takes Foundation's compare. Lines end at a `\n` that is its own `Character`.
    public static func line(in text: String, terms: [String]) -> String? {
        let terms = terms.filter { !$0.isEmpty }
        guard !terms.isEmpty else { return nil }
        let plainTerms = terms.compactMap(PlainTerm.init)
        let allPlain = plainTerms.count == terms.count
        var text = text
        return text.withUTF8 { bytes -> String? in
            var start = 0
            while start < bytes.count {
                var end = start
                while end < bytes.count, !(bytes[end] == 0x0A && (end == start || bytes[end - 1] != 0x0D)) { end += 1 }
                let line = UnsafeBufferPointer(rebasing: bytes[start..<end])
                start = end + 1
                if line.isEmpty { continue }
                if allPlain, plainCounts(line) != nil {
                    guard let found = plainExcerpt(line, terms: plainTerms) else { continue }
                    guard holdsMarkup(line) else { return found }
                } else {
                    guard let found = excerpt(String(decoding: line, as: UTF8.self), terms: terms) else { continue }
                    guard holdsMarkup(line) else { return found }
                }
                // The line as a reader sees it (a link's text, not its rewritten path): a term found only in
                // what the reader does not see (a link's destination) leaves the line out.
                if let found = excerpt(MarkdownInline.plain(String(decoding: line, as: UTF8.self)), terms: terms) { return found }
            }
            return nil
        }
    }

    /// Whether a line holds what Markdown may show otherwise than written (`MarkdownInline`): links and
    /// pictures, code, emphasis, escapes, entities, autolinks.
    private static func holdsMarkup(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        line.contains { $0 == 0x5B || $0 == 0x60 || $0 == 0x2A || $0 == 0x5F || $0 == 0x7E || $0 == 0x5C || $0 == 0x26 || $0 == 0x3C }
    }

    /// The first line of `text` where `pattern` matches, trimmed as `line(in:terms:)` trims it, with what
    /// it matched there (the terms to mark); each line as a reader sees it (`MarkdownInline.plain`).
    public static func line(in text: String, pattern: NSRegularExpression) -> (line: String, terms: [String])? {
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            let line = MarkdownInline.plain(line)
            let matches = pattern.matches(in: line, range: NSRange(line.startIndex..., in: line))
            var terms: [String] = []
            for match in matches {
                guard let range = Range(match.range, in: line), !range.isEmpty else { continue }
                let term = String(line[range])
                if !terms.contains(term) { terms.append(term) }
            }
            guard !terms.isEmpty, let shown = excerpt(line, terms: terms) else { continue }
            return (shown, terms)
        }
        return nil
    }

    /// `line` trimmed to about 100 characters around the first of `terms` it holds; nil when it holds none.
    private static func excerpt(_ raw: String, terms: [String]) -> String? {
        // What `trimmingCharacters(in: .whitespaces)` does, without a trip through NSString.
        let scalars = raw.unicodeScalars
        var start = scalars.startIndex
        var end = scalars.endIndex
        while start < end, CharacterSet.whitespaces.contains(scalars[start]) { start = scalars.index(after: start) }
        while end > start, CharacterSet.whitespaces.contains(scalars[scalars.index(before: end)]) { end = scalars.index(before: end) }
        let line = String(scalars[start..<end])
        for term in terms {
            guard let range = line.range(of: term, options: options) else { continue }
            let before = line.distance(from: line.startIndex, to: range.lowerBound)
            guard line.count > 100 else { return line }
            let start = line.index(line.startIndex, offsetBy: max(0, before - 40))
            let end = line.index(start, offsetBy: min(100, line.distance(from: start, to: line.endIndex)))
            return (start > line.startIndex ? "…" : "") + line[start..<end] + (end < line.endIndex ? "…" : "")
        }
        return nil
    }

    /// `excerpt` for a plain line and plain terms, on the bytes: there each scalar is a `Character`, the
    /// whitespace trimmed can only be spaces and tabs, and a term is where its bytes are.
    private static func plainExcerpt(_ raw: UnsafeBufferPointer<UInt8>, terms: [PlainTerm]) -> String? {
        var low = 0
        var high = raw.count
        while low < high, raw[low] == 0x20 || raw[low] == 0x09 { low += 1 }
        while high > low, raw[high - 1] == 0x20 || raw[high - 1] == 0x09 { high -= 1 }
        let line = UnsafeBufferPointer(rebasing: raw[low..<high])
        guard let at = terms.lazy.compactMap({ $0.firstOccurrence(in: line) }).first else { return nil }
        // Characters start at every byte but a syllable's continuation bytes.
        func characters(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> Int {
            bytes.reduce(0) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
        }
        let count = characters(line[...])
        guard count > 100 else { return String(decoding: line, as: UTF8.self) }
        let before = characters(line[..<at])
        let first = max(0, before - 40)
        let last = first + min(100, count - first)
        // Byte offsets of the `first` and `last` characters.
        var offsets = (start: line.count, end: line.count)
        var n = 0
        for (i, byte) in line.enumerated() where byte & 0xC0 != 0x80 {
            if n == first { offsets.start = i }
            if n == last {
                offsets.end = i
                break
            }
            n += 1
        }
        return (first > 0 ? "…" : "") + String(decoding: line[offsets.start..<offsets.end], as: UTF8.self)
            + (last < count ? "…" : "")
    }

    /// A term made only of ASCII (but a carriage return) and precomposed Hangul syllables
    /// (`plainCounts`), its letters lowercased.
    private struct PlainTerm {
        let bytes: [UInt8]

        init?(_ term: String) {
            let utf8 = Array(term.utf8)
            guard utf8.withUnsafeBufferPointer(plainCounts) != nil else { return nil }
            bytes = utf8.map(PlainTerm.lowered)
        }

        static func lowered(_ byte: UInt8) -> UInt8 {
            (0x41...0x5A).contains(byte) ? byte | 0x20 : byte
        }

        /// Where the term first is in `line`, a plain line (a byte offset). A match cannot begin inside a
        /// syllable: a term begins with ASCII or a syllable's first byte, never a continuation byte.
        func firstOccurrence(in line: UnsafeBufferPointer<UInt8>) -> Int? {
            guard bytes.count <= line.count else { return nil }
            let first = bytes[0]
            for i in 0...(line.count - bytes.count) where PlainTerm.lowered(line[i]) == first {
                var j = 1
                while j < bytes.count, PlainTerm.lowered(line[i + j]) == bytes[j] { j += 1 }
                if j == bytes.count { return i }
            }
            return nil
        }
    }
}
