import Foundation

extension EntryFile {
    /// The file with each inline hashtag `#old` of its text written `#new` (see `Hashtags.renaming`);
    /// the header and every other byte stay as they were. Nil when the text has no such tag, or the
    /// header cannot be read.
    static func renamingHashtags(_ old: String, to new: String, in data: Data) -> Data? {
        changingText(of: data) { Hashtags.renaming(old, to: new, in: $0) }
    }

    /// The file with the `#` taken off each hashtag `tag` in its text; nil when there is none.
    static func unmarkingHashtags(_ tag: String, in data: Data) -> Data? {
        changingText(of: data) { Hashtags.unmarking(tag, in: $0) }
    }

    /// The file with its text (after the header) changed by `change`; nil when that changes nothing.
    private static func changingText(of data: Data, _ change: (String) -> String) -> Data? {
        let split = Split(data)
        guard split.problem == nil else { return nil }
        var lines = split.rawLines
        let start = split.closingLine.map { $0 + 1 } ?? 0
        guard start < lines.count else { return nil }
        let text = lines[start...].joined(separator: "\n")
        let renamed = change(text)
        guard renamed != text else { return nil }
        lines.replaceSubrange(start..., with: [renamed])
        return assemble(lines, bom: split.hasBOM)
    }
}
