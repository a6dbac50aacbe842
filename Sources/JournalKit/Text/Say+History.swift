import Foundation

/// Messages of the history commands: `log`, `show --at`, `restore`.
extension Say {
    // MARK: Errors

    static func unknownPoint(_ text: String, _ dateReason: String) -> String {
        "'\(text)' is neither a revision (a commit id, HEAD~2, a branch) nor a date (\(dateReason))"
    }
    static func ambiguousRevision(_ text: String) -> String {
        "revision '\(text)' is ambiguous: several objects start with it; give more characters"
    }
    static func notACommit(_ text: String) -> String { "'\(text)' names no commit" }
    static func absentAtRevision(_ id: String, _ revision: String) -> String {
        "entry \(id) does not exist at \(revision)"
    }
    static func notYet(_ id: String, _ day: String, _ added: String?) -> String {
        added.map { "entry \(id) did not exist yet at the end of \(day) (it was added on \($0))" }
            ?? "entry \(id) did not exist yet at the end of \(day)"
    }
    static func deletedBy(_ id: String, _ day: String, _ deleted: String) -> String {
        "entry \(id) had been deleted by the end of \(day) (on \(deleted)); give an earlier date"
    }
    static func noEarlierVersion(_ id: String) -> String {
        "entry \(id) has no earlier version: it has not changed since it was added"
    }
    static func neverExisted(_ id: String) -> String {
        "no entry with id '\(id)', now or in the journal's history"
    }
    static func noCommitsYet(_ path: String) -> String { "the journal at \(path) has no commits yet" }
    public static let patchNeedsID = "-p shows one entry's changes: give its id (journal log ID -p)"
    public static func historyDate(_ option: String, _ reason: String) -> String { "\(option): \(reason)" }
    public static func sinceAfterUntil(_ since: String, _ until: String) -> String {
        "--since \(since) is after --until \(until): no commit can match"
    }

    // MARK: What the commands print

    public static let noCommits = "No commits match."
    public static func restored(_ id: String, _ path: String, _ revision: String) -> String {
        "Restored \(id) \(path) from \(revision)"
    }
    public static func alreadyThatVersion(_ id: String, _ title: String, _ revision: String) -> String {
        "\(id) \"\(title)\" is already the version from \(revision): nothing to restore."
    }
    /// The line above an entry shown with `--at`.
    public static func versionOf(_ date: String, _ commit: String) -> String { "Version of \(date) (commit \(commit))" }
    /// The first line of `journal log ID`.
    public static func historyOf(_ id: String, _ title: String, _ path: String, deleted: Bool) -> String {
        "History of \(id) \"\(title)\" (\(path))" + (deleted ? ", deleted" : "")
    }

    /// How one commit changed an entry, in `journal log`.
    public static func changeVerb(_ change: HistoryItem.Change) -> String {
        switch change {
        case .added: "added"
        case .edited: "edited"
        case .deleted: "deleted"
        case .renamed: "renamed"
        case .merged: "merged"
        }
    }
    public static func renamedFrom(_ path: String) -> String { "(was \(path))" }
    public static func changedFile(_ change: HistoryItem.Change, _ path: String) -> String {
        "\(changeVerb(change)) \(path)"
    }
    public static func changedEntries(_ change: HistoryItem.Change, _ count: Int) -> String {
        "\(changeVerb(change)) \(entries(count))"
    }
    public static func changedFiles(_ count: Int) -> String { count == 1 ? "1 other file" : "\(count) other files" }
    public static func andMore(_ count: Int) -> String { "… and \(count) more" }
    public static let mergedNothing = "merged (no change to the journal)"
    public static let mergedIn = "merged:"
    public static let emptyCommit = "no change to the files"

    // MARK: Commit messages

    static func commitRestore(_ title: String, _ id: String, _ revision: String) -> String {
        "Restore \"\(title)\" (\(id)) from \(revision)"
    }
}
