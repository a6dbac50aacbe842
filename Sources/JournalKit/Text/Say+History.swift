import Foundation

/// Messages of the history commands: `log`, `show --at`, `restore`.
extension Say {
    // MARK: Errors

    static func unknownPoint(_ text: String, _ dateReason: String) -> String { Say.text("unknownPoint", text, dateReason) }
    static func ambiguousRevision(_ text: String) -> String { Say.text("ambiguousRevision", text) }
    static func notACommit(_ text: String) -> String { Say.text("notACommit", text) }
    static func absentAtRevision(_ id: String, _ revision: String) -> String { Say.text("absentAtRevision", id, revision) }
    static func notYet(_ id: String, _ day: String, _ added: String?) -> String {
        added.map { Say.text("notYetAdded", id, day, $0) } ?? Say.text("notYet", id, day)
    }
    static func deletedBy(_ id: String, _ day: String, _ deleted: String) -> String { Say.text("deletedBy", id, day, deleted) }
    static func noEarlierVersion(_ id: String) -> String { Say.text("noEarlierVersion", id) }
    static func neverExisted(_ id: String) -> String { Say.text("neverExisted", id) }
    static func noCommitsYet(_ path: String) -> String { Say.text("noCommitsYet", path) }
    public static var patchNeedsID: String { Say.text("patchNeedsID") }
    public static func historyDate(_ bound: HistoryBound, _ reason: String) -> String {
        Say.text("historyDate", Say.text("historyBound." + bound.rawValue), reason)
    }
    public static func sinceAfterUntil(_ since: String, _ until: String) -> String { Say.text("sinceAfterUntil", since, until) }

    // MARK: What the commands print

    public static var noCommits: String { Say.text("noCommits") }
    public static func restored(_ id: String, _ path: String, _ revision: String) -> String { Say.text("restored", id, path, revision) }
    public static func alreadyThatVersion(_ id: String, _ title: String, _ revision: String) -> String { Say.text("alreadyThatVersion", id, title, revision) }
    /// The line above an entry shown with `--at`.
    public static func versionOf(_ date: String, _ commit: String) -> String { Say.text("versionOf", date, commit) }
    /// The first line of `journal log ID`.
    public static func historyOf(_ id: String, _ title: String, _ path: String, deleted: Bool) -> String {
        Say.text(deleted ? "historyOfDeleted" : "historyOf", id, title, path)
    }

    /// How one commit changed an entry, in `journal log`.
    public static func changeVerb(_ change: HistoryItem.Change) -> String {
        switch change {
        case .added: Say.text("change.added")
        case .edited: Say.text("change.edited")
        case .deleted: Say.text("change.deleted")
        case .renamed: Say.text("change.renamed")
        case .merged: Say.text("change.merged")
        }
    }
    public static func renamedFrom(_ path: String) -> String { Say.text("renamedFrom", path) }
    public static func changedFile(_ change: HistoryItem.Change, _ path: String) -> String { Say.text("changedFile", changeVerb(change), path) }
    public static func changedEntries(_ change: HistoryItem.Change, _ count: Int) -> String { Say.text("changedEntries", changeVerb(change), entries(count)) }
    public static func changedFiles(_ count: Int) -> String { Say.plural("changedFiles", count, count) }
    public static func andMore(_ count: Int) -> String { Say.text("andMore", count) }
    public static var mergedNothing: String { Say.text("mergedNothing") }
    public static var mergedIn: String { Say.text("mergedIn") }
    public static var emptyCommit: String { Say.text("emptyCommit") }

    // MARK: Commit messages

    static func commitRestore(_ title: String, _ id: String, _ revision: String) -> String {
        "Restore \"\(title)\" (\(id)) from \(revision)"
    }
}
