import Foundation

/// Three-way merge of plain text: the Markdown body of an entry edited on two machines since their
/// common base. Pure Swift, no conflict markers ever.
///
/// Algorithm
/// 1. **Lines.** Each text is cut after every LF, so a line keeps its terminator ("\n" or "\r\n")
///    and the last line may have none: line endings and a missing final newline come back byte
///    for byte. (An LF is always a grapheme of its own or the end of CR LF, so no grapheme is cut.)
///    Lines, like tokens below, are compared as UTF-8 bytes, not as `String`s, because `String`
///    equality would treat canonically equivalent spellings ("é" and "e\u{301}") as the same text.
/// 2. **diff3.** base→ours and base→theirs are diffed (Myers' O(ND) bisection, after trimming the
///    common prefix and suffix and setting aside elements that occur in only one of the two
///    sequences, which can never match). Each diff is a list of hunks: a base range replaced by a
///    range of that side. Hunks of the two sides fall into one *region* when their base ranges
///    overlap, when both insert at the same point (their order would be a guess), or when one
///    inserts right next to the other's change (the insertion may well belong to the changed text:
///    "not " added before "happy" while the other side replaced "happy" by "sad" must not give
///    "not sad"; "please " added before a line the other side removed must not end up glued to the
///    next line). Other changes that merely touch stay separate, each in its exact place (e.g. edits
///    of two neighbouring lines).
///    Base text outside regions is kept; a region changed by one side only, or by both sides
///    identically, takes that change.
/// 3. **Words.** A region both sides changed differently is merged again, by the same diff3, on the
///    tokens of its three texts: each line break ("\n" or "\r\n") alone, each run of other whitespace,
///    each run of everything else (a word with its punctuation). Tokens are made of whole
///    `Character`s, so no grapheme (Hangul syllable, emoji sequence) is ever split. So edits of
///    different words in one line merge cleanly.
/// 4. **Conflicts.** A token region both sides still changed differently is a conflict. The result
///    is then `.conflict`: two complete texts, with every non-conflicting change of both sides
///    applied and each conflicting region taken from ours (`preferOurs`) or from theirs
///    (`preferTheirs`).
///
/// The result does not depend on which side is called ours: swapping the sides gives the same
/// clean text, or the same two conflict texts swapped.
public enum TextMerge {
    public enum Outcome: Equatable, Sendable {
        case clean(String)
        /// Both sides changed the same words somewhere. `preferOurs` is the merge with every conflicting
        /// region taken from ours (all non-conflicting changes of both sides applied); `preferTheirs` the same with theirs.
        case conflict(preferOurs: String, preferTheirs: String)
    }

    /// With `keepingBothInsertions`, texts both sides inserted at the same point (two paragraphs
    /// appended to one entry) are both kept, theirs first: the caller passes the later side as ours,
    /// so the text reads in the order it was written. Without it such insertions are a conflict.
    public static func merge(base: String, ours: String, theirs: String, keepingBothInsertions: Bool = false) -> Outcome {
        if ours.utf8.elementsEqual(theirs.utf8) || theirs.utf8.elementsEqual(base.utf8) { return .clean(ours) }
        if ours.utf8.elementsEqual(base.utf8) { return .clean(theirs) }

        // A missing final newline is merged as a change of its own: every text is merged with one,
        // and the result ends the way the side that changed that ends (so no two lines are glued).
        let ends = [base, ours, theirs].map(endsWithNewline)
        let finalNewline = base.isEmpty ? ends[1] || ends[2] : ends[1] != ends[0] ? ends[1] : ends[2]
        let lines = [base, ours, theirs].map { splitLines(Array(withFinalNewline($0).utf8)) }
        var preferOurs: [UInt8] = [], preferTheirs: [UInt8] = []
        var conflicted = false
        for chunk in merge3(lines[0], lines[1], lines[2]) {
            switch chunk {
            case .clean(let source, let ranges):
                append(lines[source][ranges[source]], to: &preferOurs)
                append(lines[source][ranges[source]], to: &preferTheirs)
            case .conflict(let regions) where keepingBothInsertions && regions[0].isEmpty:
                for source in [2, 1] {
                    append(lines[source][regions[source]], to: &preferOurs)
                    append(lines[source][regions[source]], to: &preferTheirs)
                }
            case .conflict(let regions):
                let tokens = (0..<3).map { tokenize(concatenated(lines[$0][regions[$0]])) }
                var (mergedOurs, mergedTheirs, clash) = ([UInt8](), [UInt8](), false)
                for piece in merge3(tokens[0], tokens[1], tokens[2]) {
                    switch piece {
                    case .clean(let source, let ranges):
                        append(tokens[source][ranges[source]], to: &mergedOurs)
                        append(tokens[source][ranges[source]], to: &mergedTheirs)
                    case .conflict(let ranges):
                        append(tokens[1][ranges[1]], to: &mergedOurs)
                        append(tokens[2][ranges[2]], to: &mergedTheirs)
                        clash = true
                    }
                }
                if clash {
                    // Where both changed the same words, each text keeps its own lines as written (no
                    // sentence that neither side wrote); the region's other lines keep both sides' changes.
                    let resolved = resolveClash(tokens, keepingBothInsertions: keepingBothInsertions)
                    preferOurs += resolved.ours
                    preferTheirs += resolved.theirs
                    conflicted = conflicted || resolved.clashed
                } else {
                    preferOurs += mergedOurs
                    preferTheirs += mergedTheirs
                }
            }
        }
        let text = ending(String(decoding: preferOurs, as: UTF8.self), withNewline: finalNewline)
        let other = ending(String(decoding: preferTheirs, as: UTF8.self), withNewline: finalNewline)
        // Conflicting spellings that are canonically equivalent ("é" and "e\u{301}") are no real conflict.
        return conflicted && text != other ? .conflict(preferOurs: text, preferTheirs: other) : .clean(text)
    }

    /// A region of whole lines (`tokens` of base, ours, theirs) where both sides changed the same words,
    /// merged again line by line: the lines where the two really clash come from each side as it wrote
    /// them; every other change of either side is in both texts; whole lines both sides inserted at the
    /// same point are both kept (theirs first) when `keepingBothInsertions`.
    private static func resolveClash(_ tokens: [[Unit]], keepingBothInsertions: Bool)
        -> (ours: [UInt8], theirs: [UInt8], clashed: Bool)
    {
        func isLineBreak(_ unit: Unit) -> Bool { unit.bytes.last == UInt8(ascii: "\n") }
        // Chunks that are line-aligned: unchanged runs cut after each line break.
        var chunks: [(source: Int?, ranges: [Range<Int>])] = []
        for chunk in merge3(tokens[0], tokens[1], tokens[2], early: true) {
            switch chunk {
            case .clean(0, let ranges):
                // The same tokens in all three: `offsets` turn a base index into each text's.
                let offsets = ranges.map { $0.lowerBound - ranges[0].lowerBound }
                var from = ranges[0].lowerBound
                for index in ranges[0] where isLineBreak(tokens[0][index]) || index == ranges[0].upperBound - 1 {
                    chunks.append((0, offsets.map { from + $0..<index + 1 + $0 }))
                    from = index + 1
                }
            case .clean(let source, let ranges): chunks.append((source, ranges))
            case .conflict(let ranges): chunks.append((nil, ranges))
            }
        }
        var (ours, theirs, clashed) = ([UInt8](), [UInt8](), false)
        var segment: [(source: Int?, ranges: [Range<Int>])] = []
        func flush() {
            guard let first = segment.first, let last = segment.last else { return }
            let conflicts = segment.filter { $0.source == nil }
            if conflicts.isEmpty {
                for chunk in segment {
                    guard let source = chunk.source else { continue }
                    append(tokens[source][chunk.ranges[source]], to: &ours)
                    append(tokens[source][chunk.ranges[source]], to: &theirs)
                }
            } else if keepingBothInsertions, segment.count == 1, first.ranges[0].isEmpty {
                for source in [2, 1] {
                    append(tokens[source][first.ranges[source]], to: &ours)
                    append(tokens[source][first.ranges[source]], to: &theirs)
                }
            } else {
                append(tokens[1][first.ranges[1].lowerBound..<last.ranges[1].upperBound], to: &ours)
                append(tokens[2][first.ranges[2].lowerBound..<last.ranges[2].upperBound], to: &theirs)
                clashed = true
            }
            segment = []
        }
        for chunk in chunks {
            segment.append(chunk)
            // A segment ends where all three texts are at the start of a line.
            let atLineStart = (0..<3).allSatisfy { side in
                let end = chunk.ranges[side].upperBound
                return end == 0 || isLineBreak(tokens[side][end - 1])
            }
            if atLineStart { flush() }
        }
        flush()
        return (ours, theirs, clashed)
    }

    private static func endsWithNewline(_ text: String) -> Bool { text.isEmpty || text.utf8.last == UInt8(ascii: "\n") }

    /// The line break a text uses: CR LF when its first line ends so.
    private static func lineBreak(of text: String) -> String {
        guard let lf = text.utf8.firstIndex(of: UInt8(ascii: "\n")), lf > text.utf8.startIndex else { return "\n" }
        return text.utf8[text.utf8.index(before: lf)] == UInt8(ascii: "\r") ? "\r\n" : "\n"
    }

    private static func withFinalNewline(_ text: String) -> String {
        endsWithNewline(text) ? text : text + lineBreak(of: text)
    }

    private static func ending(_ text: String, withNewline: Bool) -> String {
        guard !withNewline, text.utf8.last == UInt8(ascii: "\n") else { return text }
        var bytes = Array(text.utf8.dropLast())
        if bytes.last == UInt8(ascii: "\r") { bytes.removeLast() }
        return String(decoding: bytes, as: UTF8.self)
    }

    // MARK: Units

    /// A line or a token: a slice of UTF-8 bytes, compared and hashed as bytes.
    private struct Unit: Hashable {
        let bytes: ArraySlice<UInt8>
        func hash(into hasher: inout Hasher) { bytes.withUnsafeBytes { hasher.combine(bytes: $0) } }
    }

    /// The lines of `bytes`, each with its LF (and CR before it) if any.
    private static func splitLines(_ bytes: [UInt8]) -> [Unit] {
        var lines: [Unit] = [], start = 0
        for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") {
            lines.append(Unit(bytes: bytes[start...index]))
            start = index + 1
        }
        if start < bytes.count { lines.append(Unit(bytes: bytes[start...])) }
        return lines
    }

    private enum Kind { case lineBreak, space, word }

    /// The tokens of UTF-8 text `bytes`: each line break ("\n" or "\r\n") alone, each run of other
    /// whitespace, each run of non-whitespace; all made of whole Characters.
    private static func tokenize(_ bytes: [UInt8]) -> [Unit] {
        var tokens: [Unit] = [], start = 0, end = 0
        var current: Kind?
        for (kind, length) in characters(bytes) {
            if kind != current || kind == .lineBreak, start < end {
                tokens.append(Unit(bytes: bytes[start..<end]))
                start = end
            }
            current = kind
            end += length
        }
        if start < end { tokens.append(Unit(bytes: bytes[start..<end])) }
        return tokens
    }

    /// The kind and UTF-8 length of each Character of `bytes`. ASCII text, where every Character
    /// is one byte except CR LF, skips the (slower) grapheme breaking.
    private static func characters(_ bytes: [UInt8]) -> [(kind: Kind, length: Int)] {
        guard bytes.allSatisfy({ $0 < 0x80 }) else {
            return String(decoding: bytes, as: UTF8.self).map { character in
                let kind: Kind = character == "\n" || character == "\r\n" ? .lineBreak
                    : character.isWhitespace ? .space : .word
                return (kind, character.utf8.count)
            }
        }
        var result: [(kind: Kind, length: Int)] = []
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            let crlf = byte == UInt8(ascii: "\r") && index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "\n")
            let kind: Kind = crlf || byte == UInt8(ascii: "\n") ? .lineBreak
                : byte == UInt8(ascii: " ") || (0x09...0x0D).contains(byte) ? .space : .word  // as Character.isWhitespace
            result.append((kind, crlf ? 2 : 1))
            index += crlf ? 2 : 1
        }
        return result
    }

    private static func concatenated(_ units: ArraySlice<Unit>) -> [UInt8] {
        var bytes: [UInt8] = []
        append(units, to: &bytes)
        return bytes
    }

    private static func append(_ units: ArraySlice<Unit>, to bytes: inout [UInt8]) {
        for unit in units { bytes.append(contentsOf: unit.bytes) }
    }

    // MARK: diff3

    private enum Chunk {
        /// Elements `ranges[source]` of sequence `source` (0 base, 1 ours, 2 theirs), agreed on by both
        /// sides; `ranges` holds the matching range of each of the three sequences.
        case clean(source: Int, ranges: [Range<Int>])
        /// Base elements `ranges[0]`, changed differently to ours `ranges[1]` and theirs `ranges[2]`.
        case conflict([Range<Int>])
    }

    /// Base range `base` replaced by the side's range `side`.
    private struct Hunk {
        let base: Range<Int>
        let side: Range<Int>
    }

    /// The three-way merge of the sequences, in order, as clean runs and conflicting regions.
    /// With `early`, an element that could match at several places of a side matches at the first
    /// (see `diff`).
    private static func merge3<Element: Hashable>(_ base: [Element], _ ours: [Element], _ theirs: [Element],
                                                  early: Bool = false) -> [Chunk] {
        var ids: [Element: Int] = [:]
        func intern(_ elements: [Element]) -> [Int] {
            elements.map { element in
                if let id = ids[element] { return id }
                ids[element] = ids.count
                return ids.count - 1
            }
        }
        let original = intern(base), sides = [intern(ours), intern(theirs)]
        let hunks = (0..<2).flatMap { side in diff(original, sides[side], early: early).map { (side: side, hunk: $0) } }
            .sorted { ($0.hunk.base.lowerBound, $0.hunk.base.upperBound, $0.side) < ($1.hunk.base.lowerBound, $1.hunk.base.upperBound, $1.side) }

        var chunks: [Chunk] = []
        var shift = [0, 0]  // side index minus base index after the hunks handled so far
        var done = 0        // base elements already handled
        var first = 0
        while first < hunks.count {
            // Grow the region while the next hunk overlaps it or touches it ambiguously.
            let opening = hunks[first].hunk
            let low = opening.base.lowerBound
            var high = opening.base.upperBound
            var (insertsAtEnd, deletesAtEnd) = (opening.base.isEmpty, opening.side.isEmpty)  // by hunks ending at `high`
            var end = first + 1
            while end < hunks.count {
                let next = hunks[end].hunk
                let (inserts, deletes) = (next.base.isEmpty, next.side.isEmpty)
                // An insertion right next to any change of the other side belongs with it: "not" put
                // before "happy" while the other side replaced "happy" must not give "not sad".
                let touchesAmbiguously = next.base.lowerBound == high && (inserts || insertsAtEnd)
                guard next.base.lowerBound < high || touchesAmbiguously else { break }
                if next.base.upperBound > high { (high, insertsAtEnd, deletesAtEnd) = (next.base.upperBound, false, false) }
                if next.base.upperBound == high { (insertsAtEnd, deletesAtEnd) = (insertsAtEnd || inserts, deletesAtEnd || deletes) }
                end += 1
            }
            let region = hunks[first..<end]
            if done < low {
                chunks.append(.clean(source: 0, ranges: [done..<low] + shift.map { done + $0..<low + $0 }))
            }

            var ranges: [Range<Int>] = []
            for side in 0..<2 {
                let growth = region.filter { $0.side == side }.reduce(0) { $0 + $1.hunk.side.count - $1.hunk.base.count }
                ranges.append(low + shift[side]..<high + shift[side] + growth)
                shift[side] += growth
            }
            let changedBy = Set(region.map(\.side))
            if changedBy.count == 1, let side = changedBy.first {
                chunks.append(.clean(source: side + 1, ranges: [low..<high] + ranges))
            } else if sides[0][ranges[0]] == sides[1][ranges[1]] {
                chunks.append(.clean(source: 1, ranges: [low..<high] + ranges))
            } else {
                chunks.append(.conflict([low..<high] + ranges))
            }
            done = high
            first = end
        }
        if done < base.count {
            chunks.append(.clean(source: 0, ranges: [done..<base.count] + shift.map { done + $0..<base.count + $0 }))
        }
        return chunks
    }

    // MARK: diff

    /// The hunks turning `a` into `b` along a longest common subsequence. Hunks are in order and
    /// any two are separated by at least one kept element. With `early`, each element of `a` that is
    /// kept matches the first element of `b` it can (of the same subsequence length): a line break
    /// after a retitled line then pairs with the title's own line break, not with the last one of
    /// paragraphs appended after it, so that the retitle and the append are two hunks.
    private static func diff(_ a: [Int], _ b: [Int], early: Bool = false) -> [Hunk] {
        var start = 0, aEnd = a.count, bEnd = b.count
        while start < aEnd, start < bEnd, a[start] == b[start] { start += 1 }
        while aEnd > start, bEnd > start, a[aEnd - 1] == b[bEnd - 1] { (aEnd, bEnd) = (aEnd - 1, bEnd - 1) }

        // An element that the other sequence lacks can never match: search the rest only.
        let inA = Set(a[start..<aEnd]), inB = Set(b[start..<bEnd])
        let aKept = (start..<aEnd).filter { inB.contains(a[$0]) }
        let bKept = (start..<bEnd).filter { inA.contains(b[$0]) }
        var matches: [(Int, Int)] = []
        collectMatches(ArraySlice(aKept.map { a[$0] }), ArraySlice(bKept.map { b[$0] }), into: &matches)

        var pairs = matches.map { (aKept[$0.0], bKept[$0.1]) }
        var (i, j) = (start, start)
        if early {
            // The common suffix as matches too, then each match moved to the first equal element of
            // `b` after the previous match: still a common subsequence, as long, in order.
            pairs += (0..<(a.count - aEnd)).map { (aEnd + $0, bEnd + $0) }
            var previous = start - 1
            for index in pairs.indices {
                let (x, y) = pairs[index]
                if let first = (previous + 1..<y).first(where: { b[$0] == a[x] }) { pairs[index].1 = first }
                previous = pairs[index].1
            }
            pairs.append((a.count, b.count))
        } else {
            pairs.append((aEnd, bEnd))
        }
        var hunks: [Hunk] = []
        for (x, y) in pairs {
            if x > i || y > j { hunks.append(Hunk(base: i..<x, side: j..<y)) }
            (i, j) = (x + 1, y + 1)
        }
        return hunks
    }

    /// Beyond this many steps (half the edit distance) the search stops and the rest counts as
    /// replaced wholesale: a correct but coarser diff, which keeps pathological inputs fast.
    private static let searchLimit = 1_000

    /// Appends, in order, the index pairs of a longest common subsequence of `a` and `b`.
    private static func collectMatches(_ a: ArraySlice<Int>, _ b: ArraySlice<Int>, into matches: inout [(Int, Int)]) {
        var (a, b) = (a, b)
        while let x = a.first, let y = b.first, x == y {
            matches.append((a.startIndex, b.startIndex))
            (a, b) = (a.dropFirst(), b.dropFirst())
        }
        var suffix = 0
        while let x = a.last, let y = b.last, x == y { (a, b, suffix) = (a.dropLast(), b.dropLast(), suffix + 1) }
        if !a.isEmpty, !b.isEmpty, let split = bisect(a, b) {
            collectMatches(a[..<split.x], b[..<split.y], into: &matches)
            collectMatches(a[split.x...], b[split.y...], into: &matches)
        }
        for offset in 0..<suffix { matches.append((a.endIndex + offset, b.endIndex + offset)) }
    }

    /// Myers' bisection: a point (indices into `a` and `b`) through which a shortest edit path
    /// passes, near its middle, found by searching from both ends at once. `a` and `b` are non-empty
    /// and differ in their first and last elements. Nil when the search exceeds `searchLimit`.
    private static func bisect(_ a: ArraySlice<Int>, _ b: ArraySlice<Int>) -> (x: Int, y: Int)? {
        let n = a.count, m = b.count, delta = n - m, checkForward = delta % 2 != 0
        let maxD = min((n + m + 1) / 2, searchLimit)
        let offset = maxD + 1
        // forward[offset + k]: furthest x reached from the start on diagonal k = x - y;
        // backward[offset + k]: the same from the end, counting x and y backwards.
        var forward = [Int](repeating: -1, count: 2 * maxD + 3), backward = forward
        forward[offset + 1] = 0
        backward[offset + 1] = 0
        // Diagonals dropped at each end of the range once their path ran off the edit graph.
        var (forwardLow, forwardHigh, backwardLow, backwardHigh) = (0, 0, 0, 0)
        for d in 0...maxD {
            for k in stride(from: -d + forwardLow, through: d - forwardHigh, by: 2) {
                var x = k == -d || (k != d && forward[offset + k - 1] < forward[offset + k + 1])
                    ? forward[offset + k + 1] : forward[offset + k - 1] + 1
                var y = x - k
                while x < n, y < m, a[a.startIndex + x] == b[b.startIndex + y] { (x, y) = (x + 1, y + 1) }
                forward[offset + k] = x
                if x > n { forwardHigh += 2 } else if y > m { forwardLow += 2 } else if checkForward {
                    let other = offset + delta - k
                    if other >= 0, other < backward.count, backward[other] >= 0, x + backward[other] >= n {
                        return (a.startIndex + x, b.startIndex + y)
                    }
                }
            }
            for k in stride(from: -d + backwardLow, through: d - backwardHigh, by: 2) {
                var x = k == -d || (k != d && backward[offset + k - 1] < backward[offset + k + 1])
                    ? backward[offset + k + 1] : backward[offset + k - 1] + 1
                var y = x - k
                while x < n, y < m, a[a.endIndex - 1 - x] == b[b.endIndex - 1 - y] { (x, y) = (x + 1, y + 1) }
                backward[offset + k] = x
                if x > n { backwardHigh += 2 } else if y > m { backwardLow += 2 } else if !checkForward {
                    let other = offset + delta - k
                    if other >= 0, other < forward.count, forward[other] >= 0, forward[other] + x >= n {
                        let forwardX = forward[other]
                        return (a.startIndex + forwardX, b.startIndex + forwardX - (delta - k))
                    }
                }
            }
        }
        return nil
    }
}
