import Foundation
import Git

/// What one `journal sync` did, for its summary line.
public struct SyncReport: Sendable, Equatable {
    public struct Counts: Sendable, Equatable {
        public var added = 0
        public var edited = 0
        public var deleted = 0
        public var isEmpty: Bool { added + edited + deleted == 0 }
    }
    public var remote = ""
    /// Entries that came from the remote, and entries the remote got from us.
    public var received = Counts()
    public var sent = Counts()
    /// Conflict copies the merge made.
    public var conflicts: [String] = []
    /// Which value won where both sides changed one, or where an edit met a delete (also in the
    /// merge commit's message, with the conflict copies).
    public var notes: [String] = []
    /// Pending edits committed before syncing.
    public var pending = PendingReport()
    /// Pushes the remote refused because it moved meanwhile, each followed by a new fetch and merge.
    public var retries = 0
}

extension Journal {
    /// The remote `sync` uses when none is named: the only one, else `origin`.
    public func defaultRemote() throws(JournalError) -> String {
        let remotes: [RemoteInfo]
        do { remotes = try repository.remotes() } catch { throw .from(error, doing: Say.text("doing.listRemotes")) }
        if remotes.count == 1 { return remotes[0].name }
        if remotes.contains(where: { $0.name == "origin" }) { return "origin" }
        throw .invalid(remotes.isEmpty ? Say.noRemote : Say.whichRemote(remotes.map(\.name)))
    }

    /// Commits pending edits, fetches, merges entry by entry, and pushes; a push refused because the
    /// remote moved meanwhile is retried after a new fetch and merge. The writers' lock is held for the
    /// local steps only, never while the network is in use.
    /// `key` is asked only when the remote turns out to be encrypted and this machine has no key for it.
    /// `deletions` is asked when the push would delete entries on the remote that no command deleted
    /// (`heldDeletions`): push them, bring them back here, or stop (an error naming them).
    /// `plaintextPast`: push, to a remote that lacks them, the commits an encrypted journal made before its
    /// encryption (else the sync stops before pushing them, see `plaintextPast(pushing:over:remote:)`).
    public func sync(remote name: String, credentials: Credentials, key: () -> String? = { nil },
                     deletions: (HeldDeletions) -> HeldDeletionsAnswer = { _ in .stop },
                     plaintextPast publishPlaintext: Bool = false) throws(JournalError) -> SyncReport {
        let access = credentials.access
        var report = SyncReport(remote: name)
        guard case .some(.some) = try? repository.remoteURL(name) else { throw .invalid(Say.unknownRemote(name)) }
        // One sync at a time per journal; its marker tells the lock files of a killed one from those of
        // a git program at work (see Journal+Locks.swift).
        let running = try WriterLock(path: syncLockPath, marker: syncRunningPath, timeout: max(60, context.lockTimeout))
        syncLock = running
        defer {
            syncLock = nil
            withExtendedLifetime(running) {}
        }
        // A killed sync's lock files would fail the fetch: cleared at once, under the writers' lock.
        if running.killedHolderStarted != nil { _ = try takeLock() }
        PhaseTrace.mark("start")
        try checkCommittable()
        report.pending = try refresh()
        PhaseTrace.mark("refresh")
        try checkWritable()
        let leftOver = try uncommittedPaths()
        if !leftOver.isEmpty { throw .busy(Say.syncDirty(leftOver)) }
        let branch: String
        do {
            guard let current = try repository.currentBranch() else { throw JournalError.busy(Say.detachedHead) }
            branch = current
        } catch {
            throw .from(error, doing: Say.text("doing.readHead"))
        }
        let maxAttempts = 8
        var refused: (tip: ObjectID?, why: String)?
        // The remote's branch: ours, else (for the journal's own branch, main or master) the other of the
        // two (a journal started on master joining one on main), else ours, made by the push. Another
        // branch goes to its own name there, never to main.
        var remoteBranch = branch
        let isJournalBranch = ["main", "master"].contains(branch)
        for attempt in 1...maxAttempts {
            // Another push won the race: wait a little, longer each time and at random, so that several
            // machines syncing at once do not keep colliding.
            if attempt > 1 { Journal.backOff(attempt: attempt) }
            var remoteTip = try network { try repository.fetch(remote: name, branch: remoteBranch, access: access, reflog: "journal sync: fetch") }
            if remoteTip == nil, remoteBranch == branch, isJournalBranch {
                for other in ["main", "master"] where other != branch {
                    guard let tip = try network({ try repository.fetch(remote: name, branch: other, access: access, reflog: "journal sync: fetch") }) else {
                        continue
                    }
                    (remoteBranch, remoteTip) = (other, tip)
                    break
                }
            }
            PhaseTrace.mark("fetch")
            if let remoteTip, (try? repository.blobID(of: Journal.settingsFile, at: remoteTip)) == nil {
                throw .invalid(Say.remoteNotAJournal(name))
            }
            // Refused although the remote did not move: a hook or a rule said no; trying again won't help.
            if let refused, refused.tip == remoteTip { throw .busy(Say.pushRefused(name, refused.why)) }
            guard var after = try mergeFetched(remoteTip, from: name, key: key, into: &report), after != remoteTip else {
                if remoteTip != nil { settleTracking(remote: name, branch: branch, remoteBranch: remoteBranch) }
                return report
            }
            PhaseTrace.mark("mergeFetched")
            // An encrypted journal's plain past, to a remote that never had it: not pushed unasked.
            let plain: PlaintextPast?
            do { plain = publishPlaintext ? nil : try plaintextPast(pushing: after, over: remoteTip, remote: name) } catch {
                throw failure(error, doing: Say.text("doing.compare"))
            }
            if let plain { throw .plaintextPast(plain) }
            // Many entries deleted by no command of the user's (a clone cut short, a script): not pushed unasked.
            let held: HeldDeletions?
            do { held = try heldDeletions(pushing: after, over: remoteTip, remote: name) } catch { throw failure(error, doing: Say.text("doing.compare")) }
            if let held, let remoteTip {
                switch deletions(held) {
                case .push: break
                case .stop: throw .deletionsHeld(held)
                case .restore:
                    try restoreHeld(held, from: remoteTip)
                    report.notes.append(Say.syncRestoredHeld(held.entries.count))
                    guard let restored = try head(), restored != remoteTip else { return report }
                    after = restored
                }
            }
            // What the remote gets: the difference between what it has and what we push.
            report.sent = try counts(from: remoteTip, to: after)
            // Only from the value fetched: a remote that moved since keeps what it has, and we go round again.
            let pushed = try network {
                try repository.push(remote: name, branch: branch, to: remoteBranch, expecting: remoteTip, access: access)
            }
            PhaseTrace.mark("push")
            switch pushed {
            case .pushed:
                settleTracking(remote: name, branch: branch, remoteBranch: remoteBranch)
                return report
            case .raced:
                refused = nil
                report.retries += 1
            case .rejected(let reason, let message):
                refused = (remoteTip, message.isEmpty ? reason : "\(reason) (\(message))")
                report.retries += 1
            }
        }
        throw .busy(Say.pushKeptFailing(name, maxAttempts))
    }

    /// Sleeps before push attempt `attempt` (2 or more): a random time up to 50 ms, doubling with each
    /// attempt up to 1.6 s.
    static func backOff(attempt: Int) {
        let ceiling = 50_000 << min(attempt - 2, 5)
        usleep(UInt32(Int.random(in: ceiling / 4...ceiling)))
    }

    /// Once the remote has the branch: our branch tracks it unless it tracks something already, and a
    /// shared repository on this machine whose HEAD names a branch it lacks (`git init --bare` names
    /// master) points its HEAD at ours, so that `git status`, `git pull` and a fresh `git clone` work
    /// with no set-up. (A server's HEAD cannot be changed over git's protocols; the README says so.)
    /// Best effort: the sync itself has succeeded, and this must not turn it into a failure.
    private func settleTracking(remote name: String, branch: String, remoteBranch: String) {
        guard let repository = try? repository else { return }
        if repository.upstream(of: branch) == nil {
            try? repository.setUpstream(of: branch, remote: name, remoteBranch: remoteBranch)
        }
        if case .some(.some(let url)) = try? repository.remoteURL(name), let path = Repository.localPath(ofRemoteURL: url) {
            _ = try? Repository.pointDanglingHead(ofRepositoryAt: path, at: remoteBranch)
        }
    }

    /// Under the lock: commits what is pending, then brings in `remoteTip` (fast-forward or merge).
    /// Returns HEAD afterwards.
    private func mergeFetched(_ remoteTip: ObjectID?, from name: String, key: () -> String?, into report: inout SyncReport)
        throws(JournalError) -> ObjectID?
    {
        try checkCommittable()
        let lock = try takeLock()
        defer { withExtendedLifetime(lock) {} }
        let waiting = (try? index().dirtyPaths()) ?? []
        if !waiting.isEmpty {
            let more = try commitPending(waiting, everything: false)
            report.pending.committed += more.committed
        }
        do {
            if !encrypted, let remoteTip, let data = try repository.fileContents(Journal.encryptionMarkerFile, at: remoteTip),
               let marker = EncryptionMarker(data) {
                try adoptEncryption(marker, key: key)
            }
            // Before anything is written or marked: what the remote brings keeps encryption on and is sealed.
            PhaseTrace.mark("lock, pending, encryption")
            let incoming = try remoteTip.map { try verifyIncoming($0, ours: try head(), remote: name) } ?? Incoming()
            if let plain = incoming.plain { report.notes.append(Say.syncSealedPlain(plain.count, name, plain.commit.short)) }
            for (path, commit) in incoming.replayed.sorted(by: { $0.key < $1.key }) {
                report.notes.append(Say.syncKeptNewer(path, name, commit.short))
            }
            if !incoming.unsealed.isEmpty {
                try hold(incoming.unsealed)
                report.notes += Say.syncHeldUnsealed(incoming.unsealed)
            }
            PhaseTrace.mark("verifyIncoming")
            // An editor may have saved a file while we were fetching: such a file is committed
            // first and the merge made again, so the checkout never writes over it.
            for _ in 0..<3 {
                let ours = try head()
                guard let remoteTip else { return ours }
                if let ours, try ours == remoteTip || repository.isAncestor(remoteTip, of: ours) { return ours }
                let plan: (target: ObjectID, message: String, merge: MergePlan?)
                // Two histories with nothing in common: a journal just made here (nothing in it but its
                // first settings) takes the remote's, as a clone would; another is joined to it, once.
                let unrelated = try ours.map { try repository.mergeBase($0, remoteTip) == nil } ?? false
                if let ours, unrelated, try isUntouched(ours) {
                    plan = (remoteTip, "journal sync: take \(name)", nil)
                    report.notes.append(Say.syncAdopted(name))
                } else if let ours, try unrelated || !incoming.keptOurs.isEmpty || !repository.isAncestor(ours, of: remoteTip) {
                    // A replayed older version, or a change not made with the key, is left out of the merge: even a
                    // fast-forward becomes a merge then.
                    let merge = try self.merge(ours: ours, theirs: remoteTip, remote: name, keepingOurs: incoming.keptOurs,
                                               joining: unrelated)
                    plan = (merge.commit, "journal sync: merge \(name)", merge)
                    if unrelated { report.notes.append(Say.syncJoined(name)) }
                } else {
                    plan = (remoteTip, "journal sync: fast-forward to \(name)", nil)
                }
                PhaseTrace.mark("plan (merge)")
                // The one tree diff of this checkout: for the edits check, the checkout and the counts.
                let changes = try repository.changes(from: ours, to: plan.target)
                let edited = try ours == nil ? [] : repository.changesAgainstHead(changes.map(\.path)).map(\.path)
                if !edited.isEmpty {
                    let more = try commitPending(edited, everything: false)
                    guard !more.committed.isEmpty else { throw JournalError.busy(Say.syncDirty(edited)) }
                    report.pending.committed += more.committed
                    continue
                }
                PhaseTrace.mark("changes, edited")
                if let kept = plan.merge?.kept {
                    try repository.setReference(kept.ref, to: kept.commit, message: "journal sync: kept before encryption")
                }
                try checkOut(SyncMarker(from: ours, to: plan.target, message: plan.message), changes: changes)
                PhaseTrace.mark("checkOut")
                report.received = report.received + Journal.received(changes, merge: plan.merge)
                report.conflicts += plan.merge?.conflicts ?? []
                report.notes += plan.merge?.notes ?? []
                return plan.target
            }
            throw JournalError.busy(Say.syncKeptChanging)
        } catch {
            throw failure(error, doing: Say.text("doing.merge", name))
        }
    }

    /// Whether `commit`'s tree is a journal as `init` makes it: its first settings and nothing else.
    private func isUntouched(_ commit: ObjectID) throws -> Bool {
        let files = try repository.changes(from: nil, to: commit)
        guard files.count == 1, files[0].path == Journal.settingsFile, let blob = files[0].newBlob else { return false }
        return try repository.blobData(blob, path: Journal.settingsFile) == Data(Settings.initialText.utf8)
    }

    /// Entries added, edited and deleted between two commits (other files are not counted).
    private func counts(from old: ObjectID?, to new: ObjectID) throws(JournalError) -> SyncReport.Counts {
        do {
            return Journal.counts(of: try repository.changes(from: old, to: new, under: [Journal.entriesFolder]))
        } catch {
            throw .from(error, doing: Say.text("doing.compare"))
        }
    }

    /// What the remote brought, among the `changes` a checkout makes: a conflict copy is made here, not
    /// received (it is counted as a conflict), while an entry whose clashing words lost to ours did
    /// receive the remote's edit, kept in the copy.
    static func received(_ changes: [TreeChange], merge: MergePlan?) -> SyncReport.Counts {
        let copies = Set(merge?.conflicts ?? [])
        var counts = counts(of: changes.filter { !copies.contains($0.path) })
        let changed = Set(changes.map(\.path))
        counts.edited += (merge?.clashed ?? []).filter { path in
            !changed.contains(path) && isEntryPath(path)
        }.count
        return counts
    }

    /// The entries among `changes`, counted by kind.
    static func counts(of changes: [TreeChange]) -> SyncReport.Counts {
        var counts = SyncReport.Counts()
        for change in changes where isEntryPath(change.path) {
            switch change.kind {
            case .added: counts.added += 1
            case .modified: counts.edited += 1
            case .deleted: counts.deleted += 1
            }
        }
        return counts
    }

    /// Runs a network step, turning its failures into one-line errors.
    private func network<T>(_ body: () throws -> T) throws(JournalError) -> T {
        do {
            return try body()
        } catch let failure as RemoteFailure {
            throw .remote(RemoteProblem(failure))
        } catch {
            throw failure(error, doing: Say.text("doing.sync"))
        }
    }
}

extension SyncReport.Counts {
    static func + (a: Self, b: Self) -> Self {
        Self(added: a.added + b.added, edited: a.edited + b.edited, deleted: a.deleted + b.deleted)
    }
}
