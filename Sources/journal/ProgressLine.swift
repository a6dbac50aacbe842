import Foundation
import JournalKit

/// A line on a terminal's stderr that a long step rewrites as it goes (shown once it has taken a second,
/// `JOURNAL_PROGRESS_AFTER` seconds in tests), ended when the step says it is done: the snapshot's rebuild,
/// the text index, an import.
enum ProgressLine {
    /// After how long the line appears.
    static var delay: TimeInterval { Shell.env("JOURNAL_PROGRESS_AFTER").flatMap(TimeInterval.init) ?? 1 }

    /// For a step that knows its total: `text(done, total)`, ended with a newline when `done == total`.
    static func reporter(_ text: @escaping (Int, Int) -> String) -> (Int, Int) -> Void {
        let start = Date()
        let delay = delay
        return { done, total in
            guard Terminal.stderrIsTerminal, Date().timeIntervalSince(start) > delay else { return }
            FileHandle.standardError.write(Data("\r\(text(done, total))\(done == total ? "\n" : "")".utf8))
        }
    }

    /// For a step that counts without a total: `text(count)` every `every` items; `end` closes the line if one
    /// was shown.
    static func counter(every: Int, _ text: @escaping (Int) -> String) -> (count: (Int) -> Void, end: () -> Void) {
        let start = Date()
        let delay = delay
        nonisolated(unsafe) var shown = false
        return (
            { count in
                guard count % every == 0, Terminal.stderrIsTerminal, Date().timeIntervalSince(start) >= delay else { return }
                shown = true
                FileHandle.standardError.write(Data("\r\(text(count))".utf8))
            },
            { if shown { FileHandle.standardError.write(Data("\n".utf8)) } }
        )
    }
}
