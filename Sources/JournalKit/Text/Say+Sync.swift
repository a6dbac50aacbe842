import Foundation
import Git

/// Messages of `remote`, `clone` and `sync`.
extension Say {
    // MARK: Errors

    static var noRemote: String { Say.text("noRemote") }
    static func whichRemote(_ names: [String]) -> String { Say.text("whichRemote", names.joined(separator: ", "), names[0]) }
    public static func unknownRemote(_ name: String) -> String { Say.text("unknownRemote", name) }
    public static func remoteHasWorkTree(_ path: String) -> String { Say.text("remoteHasWorkTree", path) }
    public static func remoteExists(_ name: String) -> String { Say.text("remoteExists", name) }
    public static func invalidRemoteName(_ name: String) -> String { Say.text("invalidRemoteName", name) }
    public static func invalidRemoteURL(_ url: String) -> String { Say.text("invalidRemoteURL", url) }
    static func syncDirty(_ paths: [String]) -> String {
        let shown = paths.prefix(3).joined(separator: ", ") + (paths.count > 3 ? Say.text("andOthers", paths.count - 3) : "")
        return Say.plural("syncDirty", paths.count, shown)
    }
    static var syncKeptChanging: String { Say.text("syncKeptChanging") }
    static func unsafePath(_ path: String) -> String { Say.text("unsafePath", path) }
    static func remoteNotAJournal(_ remote: String) -> String { Say.text("remoteNotAJournal", remote) }
    static func pushRefused(_ remote: String, _ why: String) -> String { Say.text("pushRefused", remote, why) }
    static func pushKeptFailing(_ remote: String, _ attempts: Int) -> String { Say.text("pushKeptFailing", remote, attempts) }
    static func remoteFailed(_ failure: RemoteProblem) -> String {
        switch failure {
        case .unknownHost(let host, let type, let fingerprint):
            return Say.text("unknownHostKey", host, type, fingerprint)
        case .changedHostKey(let host, let type, let fingerprint):
            return Say.text("changedHostKey", host, type, fingerprint)
        case .authentication(let url):
            return Say.text("authenticationFailed", url)
        case .noSuchRemote(let name):
            return unknownRemote(name)
        }
    }
    public static func cloneTargetExists(_ path: String) -> String { Say.text("cloneTargetExists", path) }
    public static func clonedNotAJournal(_ url: String) -> String { Say.text("clonedNotAJournal", url) }

    // MARK: Merge commit messages

    static func commitSync(_ remote: String) -> String { "Sync with \(remote)" }
    static func commitJoin(_ remote: String) -> String { "Join this journal with the one at \(remote)" }
    static func syncAdopted(_ remote: String) -> String { Say.text("syncAdopted", remote) }
    static func syncJoined(_ remote: String) -> String { Say.text("syncJoined", remote) }
    /// The remote a merge commit of `journal sync` names in its subject; nil for other commits.
    public static func syncRemote(ofCommitSummary summary: String) -> String? {
        if summary.hasPrefix("Sync with ") { return String(summary.dropFirst("Sync with ".count)) }
        let join = "Join this journal with the one at "
        return summary.hasPrefix(join) ? String(summary.dropFirst(join.count)) : nil
    }
    public static func syncedIn(_ remote: String) -> String { Say.text("syncedIn", remote) }
    public static func syncedNothing(_ remote: String) -> String { Say.text("syncedNothing", remote) }
    static func syncNote(_ path: String, _ note: String) -> String { Say.text("syncNote", path, note) }
    static func syncDeleteWins(_ path: String) -> String { Say.text("syncDeleteWins", path) }
    static func syncFollowedMove(_ from: String, _ to: String) -> String { Say.text("syncFollowedMove", from, to) }
    static func syncBothMoved(_ from: String, kept: String, dropped: String) -> String { Say.text("syncBothMoved", from, kept, dropped, kept) }
    static func syncEditWins(_ path: String) -> String { Say.text("syncEditWins", path) }
    static func syncResealed(_ count: Int, _ ref: String) -> String { Say.plural("syncResealed", count, count, ref) }
    static func syncConflictCopyNote(_ id: String) -> String { Say.text("syncConflictCopyNote", Entry.shortID(of: id)) }
    static func syncKept(_ field: String, _ kept: String, _ other: String) -> String { Say.text("syncKept", field, kept, other) }
    static var syncNothing: String { Say.text("syncNothing") }
    static var syncEmptyValue: String { Say.text("syncEmptyValue") }
    static func syncFileCopyNote(_ path: String, _ copy: String) -> String { Say.text("syncFileCopyNote", path, copy) }

    // MARK: What the commands print

    public static func syncSummary(_ report: SyncReport) -> String {
        func side(_ counts: SyncReport.Counts) -> String {
            if counts.isEmpty { return Say.text("syncNew", 0) }
            var parts: [String] = []
            if counts.added > 0 { parts.append(Say.text("syncNew", counts.added)) }
            if counts.edited > 0 { parts.append(Say.text("syncEdited", counts.edited)) }
            if counts.deleted > 0 { parts.append(Say.text("syncDeleted", counts.deleted)) }
            return parts.joined(separator: ", ")
        }
        let conflicts = report.conflicts.count
        return "↓ \(side(report.received)) · ↑ \(side(report.sent)) · " + Say.plural("syncConflicts", conflicts, conflicts)
    }
    public static func conflictCopyOf(_ id: String) -> String { Say.text("conflictCopyOf", id) }
    public static func conflictCopy(_ path: String) -> String { Say.text("conflictCopy", path) }
    public static func remoteAdded(_ name: String, _ url: String) -> String { Say.text("remoteAdded", name, url) }
    public static func remoteRemoved(_ name: String) -> String { Say.text("remoteRemoved", name) }
    public static var noRemotes: String { Say.text("noRemotes") }
    public static func cloned(_ url: String, _ path: String, _ count: Int) -> String { Say.text("cloned", url, path, entries(count)) }
    public static func clonedEmpty(_ url: String, _ path: String) -> String { Say.text("clonedEmpty", url, path) }
    public static func finishedClone(_ url: String, _ path: String, _ count: Int, missing: Int) -> String {
        Say.plural("finishedClone", missing, url, path, entries(count), missing)
    }
    static func cloneNotFetched(_ path: String) -> String { Say.text("cloneNotFetched", path) }

    /// Entries a sync holds back, as a list: the first few by title and id, then how many more.
    public static func heldList(_ held: HeldDeletions, shown: Int = 3) -> String {
        let named = held.entries.prefix(shown).map { item in
            item.id.isEmpty ? item.path : "\"\(ControlCharacters.visible(item.title))\" (\(item.id))"
        }
        let more = held.entries.count - named.count
        return named.joined(separator: ", ") + (more > 0 ? Say.text("heldMore", more) : "")
    }
    static func deletionsHeld(_ held: HeldDeletions) -> String {
        Say.text("deletionsHeld", held.entries.count, held.remote, heldList(held))
    }
    /// The question a terminal is asked (y: push, r: restore, else stop).
    public static func deletionsHeldQuestion(_ held: HeldDeletions) -> String {
        Say.text("deletionsHeldQuestion", held.entries.count, held.remote, heldList(held, shown: 10))
    }
    /// "r" to the question above (ㄱ: the same key on a Korean keyboard), or the word.
    public static func isRestore(_ answer: String) -> Bool {
        ["r", "restore", "ㄱ", "되살리기"].contains(answer.precomposedStringWithCanonicalMapping.trimmingCharacters(in: .whitespaces).lowercased())
    }
    static func syncRestoredHeld(_ count: Int) -> String { Say.text("syncRestoredHeld", count) }
    static func commitRestoreHeld(_ count: Int) -> String { "Restore \(count) entries deleted outside journal" }
}

extension Say {
    public static func trustHostQuestion(_ host: String, _ type: String, _ fingerprint: String) -> String { Say.text("trustHostQuestion", host, type, fingerprint) }
}
