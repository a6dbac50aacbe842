import Foundation
import Git

/// Messages of `remote`, `clone` and `sync`.
extension Say {
    // MARK: Errors

    static let noRemote = "this journal has no remote yet: add one with `journal remote add origin URL`"
    static func whichRemote(_ names: [String]) -> String {
        "this journal has several remotes (\(names.joined(separator: ", "))) and none is called origin: name one, as in `journal sync \(names[0])`"
    }
    public static func unknownRemote(_ name: String) -> String { "no remote named '\(name)' (see `journal remote list`)" }
    public static func remoteHasWorkTree(_ path: String) -> String {
        "\(path) is a folder with a work tree (a journal?), which sync cannot push into: share a bare repository instead (git init --bare), or use journal clone to copy it"
    }
    public static func remoteExists(_ name: String) -> String { "a remote named '\(name)' already exists (see `journal remote list`)" }
    public static func invalidRemoteName(_ name: String) -> String {
        "'\(name)' is not a valid remote name: use letters, digits, '-', '_' or '.', as in origin"
    }
    public static func invalidRemoteURL(_ url: String) -> String {
        "'\(url)' is not a git URL or an existing folder: use a path, file://, git://, ssh://, user@host:path or https://"
    }
    static func syncDirty(_ paths: [String]) -> String {
        let shown = paths.prefix(3).joined(separator: ", ") + (paths.count > 3 ? " and \(paths.count - 3) more" : "")
        return "cannot sync: \(shown) could not be committed (conflict markers?); fix \(paths.count == 1 ? "it" : "them") first"
    }
    static let syncKeptChanging = "files kept changing while syncing (an editor saving?); run `journal sync` again"
    static func unsafePath(_ path: String) -> String {
        "the remote's history holds a file the journal will not write: '\(path)' (outside the journal or inside .git); nothing was changed"
    }
    static func remoteNotAJournal(_ remote: String) -> String {
        "\(remote) holds a git repository but not a journal (no journal.yml): nothing was merged"
    }
    static func pushRefused(_ remote: String, _ why: String) -> String {
        "\(remote) refused the push: \(why); your entries are committed here and merged with what it has"
    }
    static func pushKeptFailing(_ remote: String, _ attempts: Int) -> String {
        "\(remote) refused the push \(attempts) times because it kept moving; run `journal sync` again"
    }
    static func remoteFailed(_ failure: RemoteFailure) -> String {
        switch failure {
        case .unknownHost(let host, let type, let fingerprint):
            return "unknown ssh host \(host): its \(type) key has fingerprint \(fingerprint); if that is right, run again with --accept-host-key"
        case .changedHostKey(let host, let type, let fingerprint):
            return "the ssh host key of \(host) has CHANGED (now \(type) \(fingerprint)): refusing to connect; if the change is expected, remove the old key from ~/.ssh/known_hosts"
        case .authentication(let url):
            return "\(url) refused our credentials (ssh: ssh-agent, ~/.ssh/id_ed25519 or id_rsa; https: JOURNAL_GIT_TOKEN or `journal config set git.token`)"
        case .noSuchRemote(let name):
            return unknownRemote(name)
        }
    }
    public static func cloneTargetExists(_ path: String) -> String { "\(path) already exists and is not an empty folder" }
    public static func clonedNotAJournal(_ url: String) -> String {
        "\(url) holds a git repository but not a journal (no journal.yml): nothing was cloned"
    }

    // MARK: Merge commit messages

    static func commitSync(_ remote: String) -> String { "Sync with \(remote)" }
    /// The remote a merge commit of `journal sync` names in its subject; nil for other commits.
    public static func syncRemote(ofCommitSummary summary: String) -> String? {
        summary.hasPrefix("Sync with ") ? String(summary.dropFirst("Sync with ".count)) : nil
    }
    public static func syncedIn(_ remote: String) -> String { "synced with \(remote):" }
    public static func syncedNothing(_ remote: String) -> String { "synced with \(remote) (nothing came in)" }
    static func syncNote(_ path: String, _ note: String) -> String { "\(path): \(note)" }
    static func syncDeleteWins(_ path: String) -> String {
        "\(path): deleted on one side; the other side only had changes the tool made by itself, so it stays deleted"
    }
    static func syncFollowedMove(_ from: String, _ to: String) -> String {
        "\(from): moved to \(to) on one side and edited on the other: the edit went with it"
    }
    static func syncBothMoved(_ from: String, kept: String, dropped: String) -> String {
        "\(from): moved to \(kept) on one side and to \(dropped) on the other: kept at \(kept), the later move, with both sides' edits"
    }
    static func syncEditWins(_ path: String) -> String { "\(path): edited on one side and deleted on the other: the edit is kept" }
    static func syncConflictCopyNote(_ id: String) -> String {
        "both sides changed the same words: the other text is kept in entry \(id.prefix(8)) (conflict_of)"
    }
    static func syncKept(_ field: String, _ kept: String, _ other: String) -> String {
        "\(field): kept \(kept); the other side had \(other)"
    }
    static let syncNothing = "nothing"
    static func syncFileCopyNote(_ path: String, _ copy: String) -> String {
        "\(path): both sides changed the same lines: the other version is in \(copy)"
    }

    // MARK: What the commands print

    public static func syncSummary(_ report: SyncReport) -> String {
        func side(_ counts: SyncReport.Counts) -> String {
            if counts.isEmpty { return "0 new" }
            var parts: [String] = []
            if counts.added > 0 { parts.append("\(counts.added) new") }
            if counts.edited > 0 { parts.append("\(counts.edited) edited") }
            if counts.deleted > 0 { parts.append("\(counts.deleted) deleted") }
            return parts.joined(separator: ", ")
        }
        let conflicts = report.conflicts.count
        return "↓ \(side(report.received)) · ↑ \(side(report.sent)) · \(conflicts) conflict\(conflicts == 1 ? "" : "s")"
    }
    public static func conflictCopyOf(_ id: String) -> String {
        "conflict copy of \(id): the other text when a sync found both sides had changed the same words"
    }
    public static func conflictCopy(_ path: String) -> String { "conflict: the other text is kept in \(path)" }
    public static func remoteAdded(_ name: String, _ url: String) -> String { "Added remote \(name) → \(url)" }
    public static func remoteRemoved(_ name: String) -> String { "Removed remote \(name)" }
    public static let noRemotes = "No remotes yet: add one with `journal remote add origin URL`."
    public static func cloned(_ url: String, _ path: String, _ count: Int) -> String {
        "Cloned \(url) into \(path) (\(entries(count)))"
    }
    public static func clonedEmpty(_ url: String, _ path: String) -> String {
        "Cloned the empty repository \(url) into \(path) and started a journal there; `journal sync` sends it"
    }
}

extension Say {
    public static func trustHostQuestion(_ host: String, _ type: String, _ fingerprint: String) -> String {
        "The ssh host \(host) is not in ~/.ssh/known_hosts.\nIts \(type) key fingerprint is \(fingerprint).\nTrust it and connect? [y/N] "
    }
}
