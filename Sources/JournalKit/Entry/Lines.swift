extension StringProtocol {
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
