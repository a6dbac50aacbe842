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

    /// The first `byte` of the UTF-8 at or after `start`: memchr where the bytes are contiguous.
    func firstIndex(ofByte byte: UInt8, from start: Index) -> Index? {
        let utf8 = self.utf8
        let offset: Int?? = utf8.withContiguousStorageIfAvailable { buffer in
            let from = utf8.distance(from: utf8.startIndex, to: start)
            guard let base = buffer.baseAddress, from < buffer.count,
                let hit = memchr(base + from, Int32(byte), buffer.count - from)
            else { return nil }
            return UnsafeRawPointer(base).distance(to: UnsafeRawPointer(hit))
        }
        if let offset { return offset.map { utf8.index(utf8.startIndex, offsetBy: $0) } }
        return utf8[start...].firstIndex(of: byte)
    }

    /// The text cut at each LF. Swift treats CR LF as one Character, so splitting on "\n" would
    /// miss it; this works on bytes (an LF is always a whole character's byte), and a CR before the LF
    /// stays at the end of its line.
    func lfLines(omittingEmpty: Bool = false) -> [SubSequence] {
        var lines: [SubSequence] = []
        var start = startIndex
        while let end = firstIndex(ofByte: 10, from: start) {
            if !(omittingEmpty && start == end) { lines.append(self[start..<end]) }
            start = utf8.index(after: end)
        }
        if !(omittingEmpty && start == endIndex) { lines.append(self[start..<endIndex]) }
        return lines
    }
}
