import Foundation

/// Messages of the command line.
extension Say {
    public static let warning = "warning"
    public static func createdJournal(_ path: String) -> String { "Created a journal at \(path)" }
    public static func createdDefaultJournal(_ path: String) -> String {
        "No journal yet: created one at \(path) (use --journal or $JOURNAL_DIR for another place)"
    }
    public static func added(_ id: String, _ path: String) -> String { "Added \(id) \(path)" }
    public static func edited(_ id: String, _ path: String) -> String { "Edited \(id) \(path)" }
    public static func removed(_ id: String, _ path: String) -> String { "Deleted \(id) \(path)" }
    public static let noChanges = "No changes."
    public static let notRemoved = "Not deleted."
    public static let noEntries = "the journal has no entries yet: add one with `journal add`"
    public static let nothingToCommit = "Nothing to commit."
    public static func committedOutsideEdits(_ count: Int) -> String {
        count == 1 ? "Committed 1 change made outside journal." : "Committed \(count) changes made outside journal."
    }
    public static func editorFailed(_ status: Int32, _ path: String) -> String {
        "the editor exited with status \(status): nothing committed (your text is in \(path))"
    }
    public static func programNotFound(_ program: String) -> String {
        "cannot run '\(program)': not found on PATH (set $VISUAL or $EDITOR)"
    }
    public static func cannotRun(_ program: String, _ reason: String) -> String { "cannot run '\(program)': \(reason)" }
    public static func brokenEntry(_ path: String, line: Int, reason: String) -> String {
        "broken: \(path):\(line): \(reason)"
    }
    public static func brokenAfterEdit(_ path: String, line: Int, reason: String, id: String) -> String {
        "\(path):\(line): \(reason); committed as written, fix it with `journal edit \(id)`"
    }
    public static func removeNeedsYes(_ id: String) -> String {
        "not deleting \(id) without confirmation: no terminal to ask on; pass --yes"
    }
    public static func confirmRemove(_ id: String, _ title: String) -> String { "Delete \(id) \"\(title)\"? [y/N] " }
    public static func negativeCount(_ n: Int) -> String { "-n must be 0 or more, not \(n)" }
    public static let untitledDisplay = "(untitled)"
}

extension Say {
    public static func indexing(_ done: Int, _ total: Int) -> String { "Indexing entries: \(done)/\(total)" }
    public static func emptyDateRange(_ from: String, _ to: String) -> String {
        "--from \(from) is after --to \(to): no day can match"
    }
    public static let emptySearch = "the search has no words to look for"
    public static func badPattern(_ pattern: String) -> String { "--grep '\(pattern)' is not a valid regular expression" }
    public static let noMatches = "No entries match."
    public static func uncommittedEdits(_ count: Int) -> String {
        count == 1
            ? "1 edit made outside journal is not committed yet (`journal commit`)."
            : "\(count) edits made outside journal are not committed yet (`journal commit`)."
    }
    public static func emptiedEntry(_ id: String) -> String {
        "the entry was emptied in the editor: it is kept as it was (delete it with `journal rm \(id)`)"
    }
    public static func draftKept(_ path: String) -> String { "(your text is kept in \(path))" }
    public static let noEntriesYet = "No entries yet: write one with `journal add`."
    public static func yearsAgo(_ year: Int, _ count: Int) -> String {
        count == 1 ? "\(year) · 1 year ago" : "\(year) · \(count) years ago"
    }
}
