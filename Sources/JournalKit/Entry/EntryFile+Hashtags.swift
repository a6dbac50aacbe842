import Foundation

extension EntryFile {
    /// The file with each inline hashtag `#old` of its text written `#new` (see `Hashtags.renaming`);
    /// the header and every other byte stay as they were. Nil when the text has no such tag, or the
    /// header cannot be read.
    static func renamingHashtags(_ old: String, to new: String, in data: Data) -> Data? {
        let split = Split(data)
        guard split.problem == nil else { return nil }
        var lines = split.rawLines
        let start = split.closingLine.map { $0 + 1 } ?? 0
        guard start < lines.count else { return nil }
        let text = lines[start...].joined(separator: "\n")
        let renamed = Hashtags.renaming(old, to: new, in: text)
        guard renamed != text else { return nil }
        lines.replaceSubrange(start..., with: [renamed])
        return assemble(lines, bom: split.hasBOM)
    }
}
