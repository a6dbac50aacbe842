import Foundation
import Git

/// The commits an encrypted journal made before `encrypt init` hold its entries in plain text. A remote that
/// already has them has read them; one that has not never gets them unasked: a sync stops before pushing
/// them, and `encrypt init --fresh-history` gives the branch a history of its own that starts sealed.
public struct PlaintextPast: Sendable, Equatable {
    public var remote: String
    /// The commits the push would publish that were made before encryption, and the oldest one's day.
    public var commits: Int
    public var since: LocalDay
}

/// What `encrypt init --fresh-history` did: the branch starts again at one sealed commit; the commits it
/// left hold the plain past, kept on this machine only under `ref`.
public struct FreshHistory: Sendable, Equatable {
    public var commits: Int
    /// Of them, those made before encryption.
    public var plain: Int
    public var ref: String
}

extension Journal {
    static let plaintextHistoryRefs = "refs/journal/plaintext-history/"

    /// The commits of `after` that `remoteTip` does not hold and whose tree has no encryption marker (made
    /// before `encrypt init`): nil when there are none, or the journal is not encrypted.
    func plaintextPast(pushing after: ObjectID, over remoteTip: ObjectID?, remote: String) throws -> PlaintextPast? {
        guard encrypted else { return nil }
        let repository = try repository
        var count = 0
        var oldest = Date.distantFuture
        try repository.walkCommits(from: after, hiding: remoteTip.map { [$0] } ?? []) { commit in
            if try repository.blobID(of: Journal.encryptionMarkerFile, at: commit.id) == nil {
                count += 1
                oldest = min(oldest, commit.authorTime)
            }
            return true
        }
        return count == 0 ? nil : PlaintextPast(remote: remote, commits: count, since: LocalDay(oldest, in: context.timeZone))
    }

    /// Starts the branch again at one commit holding the journal as it is now, sealed, whose message says so;
    /// the commits before it stay on this machine under `refs/journal/plaintext-history/…` (never pushed).
    /// Only for an encrypted journal.
    public func startFreshHistory() throws(JournalError) -> FreshHistory {
        guard encrypted else { throw .invalid(Say.notEncrypted) }
        try checkCommittable()
        let lock = try takeLock()
        defer { withExtendedLifetime(lock) {} }
        let waiting = (try? index().dirtyPaths()) ?? []
        if !waiting.isEmpty { _ = try commitPending(waiting, everything: false) }
        do {
            guard let head = try repository.head() else { throw JournalError.invalid(Say.noEntries) }
            let info = try repository.commitInfo(head)
            var left = 0
            var plain = 0
            try repository.walkCommits(from: head) { commit in
                left += 1
                if try repository.blobID(of: Journal.encryptionMarkerFile, at: commit.id) == nil { plain += 1 }
                return true
            }
            // A history sealed from its first commit has nothing to leave behind.
            guard plain > 0 else { return FreshHistory(commits: 0, plain: 0, ref: "") }
            let ref = Journal.plaintextHistoryRefs + String(Int(context.now.timeIntervalSince1970))
            try repository.setReference(ref, to: head, message: "journal encrypt init --fresh-history: the history before")
            let root = try repository.makeCommit(tree: info.tree, parents: [], message: Say.commitFreshHistory, signature: author)
            try repository.moveBranch(to: root, from: head, message: "journal encrypt init --fresh-history")
            return FreshHistory(commits: left, plain: plain, ref: ref)
        } catch {
            throw .from(error, doing: Say.text("doing.freshHistory"))
        }
    }
}
