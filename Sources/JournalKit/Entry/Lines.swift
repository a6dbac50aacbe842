import Foundation

extension StringProtocol {
    /// Whether the text holds `byte` in its UTF-8: memchr over the bytes where they are contiguous (a
    /// native string), which a rebuild and an export do for every entry.
    func containsByte(_ byte: UInt8) -> Bool {
        utf8.withContiguousStorageIfAvailable { buffer in
            guard let base = buffer.baseAddress else { return false }
            return memchr(base, Int32(byte), buffer.count) != nil
        } ?? utf8.contains(byte)
    }

    /// The text cut at each LF. Swift treats CR LF as one Character, so splitting on "\n" would
    /// miss it; this works on Unicode scalars, and a CR before the LF stays at the end of its line.
    func lfLines(omittingEmpty: Bool = false) -> [SubSequence] {
        var lines: [SubSequence] = []
        var start = startIndex
        var index = startIndex
        let scalars = unicodeScalars
        while index < endIndex {
            if scalars[index] == "\n" {
                if !(omittingEmpty && start == index) { lines.append(self[start..<index]) }
                index = scalars.index(after: index)
                start = index
            } else {
                index = scalars.index(after: index)
            }
        }
        if !(omittingEmpty && start == endIndex) { lines.append(self[start..<endIndex]) }
        return lines
    }
}
