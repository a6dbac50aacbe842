import Foundation

/// The tool's own commit subjects (stored in English, see `Say.commit…`) in the messages' language, for
/// `log ID`. A subject the tool did not write, or one of a shape not listed, is shown as it is.
extension Say {
    public static func shownSubject(_ subject: String) -> String {
        guard current != "en" else { return subject }
        for (pattern, key) in subjectShapes {
            let range = NSRange(subject.startIndex..., in: subject)
            guard let match = pattern.firstMatch(in: subject, range: range) else { continue }
            let groups = (1..<match.numberOfRanges).map { index in
                Range(match.range(at: index), in: subject).map { String(subject[$0]) } ?? ""
            }
            return fill(template("subject." + key), groups)
        }
        return subject
    }

    /// Each shape of `Say.commit…`, most particular first: `Add weather to "T" (id)` before `Add "T" (id)`.
    nonisolated(unsafe) private static let subjectShapes: [(NSRegularExpression, String)] = {
        let title = #""(.*)" \(([0-9a-f]{8})\)"#
        let shapes = [
            ("^Add weather to \(title)$", "weather"), ("^Add \(title)$", "add"), ("^Edit \(title)$", "edit"),
            ("^Edit \(title): (.*)$", "editHeader"), ("^Delete \(title)$", "delete"), ("^Star \(title)$", "star"),
            ("^Unstar \(title)$", "unstar"), ("^Tag \(title): (.*)$", "tag"), ("^Restore \(title) from (.*)$", "restore"),
            ("^Attach (.*) to \(title)$", "attach"), ("^Move \(title) to (.*)$", "move"),
            ("^Untag (.*) in the text of \(title)$", "untag"), ("^Create journal$", "init"),
            ("^Update journal settings$", "settings"), ("^Sync with (.*)$", "sync"),
            ("^Commit ([0-9]+) changes made outside journal$", "outside"),
        ]
        return shapes.compactMap { pattern, key in (try? NSRegularExpression(pattern: pattern)).map { ($0, key) } }
    }()
}
