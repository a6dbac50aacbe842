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
    static let syncMarkerName = "sync-checkout.json"
    var syncMarkerPath: String { stateFolder + "/" + Journal.syncMarkerName }

    /// The remote `sync` uses when none is named: the only one, else `origin`.
    public func defaultRemote() throws(JournalError) -> String {
        let remotes: [RemoteInfo]
        do { remotes = try repository.remotes() } catch { throw .from(error, doing: "list remotes") }
        if remotes.count == 1 { return remotes[0].name }
        if remotes.contains(where: { $0.name == "origin" }) { return "origin" }
        throw .invalid(remotes.isEmpty ? Say.noRemote : Say.whichRemote(remotes.map(\.name)))
    }

    /// Commits pending edits, fetches, merges entry by entry, and pushes; a push refused because the
    /// remote moved meanwhile is retried after a new fetch and merge. The writers' lock is held for the
    /// local steps only, never while the network is in use.
    public func sync(remote name: String, access: RemoteAccess) throws(JournalError) -> SyncReport {
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
        try checkCommittable()
        report.pending = try refresh()
        let leftOver = try uncommittedPaths()
        if !leftOver.isEmpty { throw .busy(Say.syncDirty(leftOver)) }
        let branch: String
        do {
            guard let current = try repository.currentBranch() else { throw JournalError.busy(Say.detachedHead) }
            branch = current
        } catch {
            throw .from(error, doing: "read HEAD")
        }
        let maxAttempts = 5
        var refused: (tip: ObjectID?, why: String)?
        // The remote's branch: ours, else its main or master (a journal started on master joining one on
        // main), else ours, made by the push.
        var remoteBranch = branch
        for _ in 1...maxAttempts {
            var remoteTip = try network { try repository.fetch(remote: name, branch: remoteBranch, access: access) }
            if remoteTip == nil, remoteBranch == branch {
                for other in ["main", "master"] where other != branch {
                    guard let tip = try network({ try repository.fetch(remote: name, branch: other, access: access) }) else {
                        continue
                    }
                    (remoteBranch, remoteTip) = (other, tip)
                    break
                }
            }
            if let remoteTip, (try? repository.blobID(of: Journal.settingsFile, at: remoteTip)) == nil {
                throw .invalid(Say.remoteNotAJournal(name))
            }
            // Refused although the remote did not move: a hook or a rule said no; trying again won't help.
            if let refused, refused.tip == remoteTip { throw .busy(Say.pushRefused(name, refused.why)) }
            guard let after = try mergeFetched(remoteTip, from: name, into: &report), after != remoteTip else {
                return report
            }
            // What the remote gets: the difference between what it has and what we push.
            report.sent = try counts(from: remoteTip, to: after)
            switch try network({ try repository.push(remote: name, branch: branch, to: remoteBranch, access: access) }) {
            case .pushed:
                return report
            case .rejected(let reason, let message):
                refused = (remoteTip, message.isEmpty ? reason : "\(reason) (\(message))")
                report.retries += 1
            }
        }
        throw .busy(Say.pushKeptFailing(name, maxAttempts))
    }

    /// Under the lock: commits what is pending, then brings in `remoteTip` (fast-forward or merge).
    /// Returns HEAD afterwards.
    private func mergeFetched(_ remoteTip: ObjectID?, from name: String, into report: inout SyncReport)
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
            // An editor may have saved a file while we were fetching: such a file is committed
            // first and the merge made again, so the checkout never writes over it.
            for _ in 0..<3 {
                let ours = try head()
                guard let remoteTip else { return ours }
                if let ours, try ours == remoteTip || repository.isAncestor(remoteTip, of: ours) { return ours }
                let plan: (target: ObjectID, message: String, merge: MergePlan?)
                if let ours, try !repository.isAncestor(ours, of: remoteTip) {
                    let merge = try self.merge(ours: ours, theirs: remoteTip, remote: name)
                    plan = (merge.commit, "journal sync: merge \(name)", merge)
                } else {
                    plan = (remoteTip, "journal sync: fast-forward to \(name)", nil)
                }
                // The one tree diff of this checkout: for the edits check, the checkout and the counts.
                let changes = try repository.changes(from: ours, to: plan.target)
                let edited = try ours == nil ? [] : repository.changesAgainstHead(changes.map(\.path)).map(\.path)
                if !edited.isEmpty {
                    let more = try commitPending(edited, everything: false)
                    guard !more.committed.isEmpty else { throw JournalError.busy(Say.syncDirty(edited)) }
                    report.pending.committed += more.committed
                    continue
                }
                try checkOut(SyncMarker(from: ours, to: plan.target, message: plan.message), changes: changes)
                report.received = report.received + Journal.counts(of: changes)
                report.conflicts += plan.merge?.conflicts ?? []
                report.notes += plan.merge?.notes ?? []
                return plan.target
            }
            throw JournalError.busy(Say.syncKeptChanging)
        } catch {
            throw .from(error, doing: "merge \(name)")
        }
    }

    /// A merge commit made but not checked out yet, with what the merge had to decide.
    struct MergePlan {
        var commit: ObjectID
        var conflicts: [String] = []
        var notes: [String] = []
    }

    /// The merge commit of `ours` and `theirs`, built path by path with `FileMerge`; HEAD doesn't move.
    private func merge(ours: ObjectID, theirs: ObjectID, remote: String) throws -> MergePlan {
        let base = try repository.mergeBase(ours, theirs)
        let ourChanges = try repository.changes(from: base, to: ours)
        let theirChanges = try repository.changes(from: base, to: theirs)
        let ourByPath = Dictionary(ourChanges.map { ($0.path, $0) }, uniquingKeysWith: { a, _ in a })
        let theirByPath = Dictionary(theirChanges.map { ($0.path, $0) }, uniquingKeysWith: { a, _ in a })
        func data(_ blob: ObjectID?) throws -> Data? { try blob.map { try repository.blobData($0) } }

        // A file moved by hand on one side (deleted, and added elsewhere with the same bytes or the
        // same entry id) while the other side edited it: the edit follows it to its new path.
        var moves: [(from: String, to: TreeChange, movedByUs: Bool, mine: TreeChange, their: TreeChange)] = []
        for (path, mine) in ourByPath {
            guard let their = theirByPath[path], (mine.kind == .deleted) != (their.kind == .deleted),
                  mine.kind != .added, their.kind != .added else { continue }
            let movedByUs = mine.kind == .deleted
            if let target = try moveTarget(of: path, blob: mine.oldBlob, among: movedByUs ? ourChanges : theirChanges),
               (movedByUs ? theirByPath : ourByPath)[target.path] == nil {
                moves.append((path, target, movedByUs, mine, their))
            }
        }
        let skipped = Set(moves.flatMap { [$0.from, $0.to.path] })

        var files: [(path: String, data: Data?)] = []
        var conflicts: [String] = []
        var notes: [String] = []
        var decisions: [String] = []  // the notes but those of conflict copies, which are listed apart
        var revived: [(id: String, deletedByUs: Bool)] = []  // entries an edit brought back from a delete
        func take(_ input: MergeInput) {
            let result = FileMerge.merge(input)
            if let kept = result.data, input.base != nil, input.ours == nil || input.theirs == nil,
               let entry = RawEntry(kept), let id = Block.scalar(of: "id", in: entry.header) {
                revived.append((id, input.ours == nil))
            }
            if result.data != input.ours { files.append((input.path, result.data)) }
            if let copy = result.copy {
                files.append((copy.path, copy.data))
                conflicts.append(copy.path)
            }
            notes += result.notes
            // A copy's own note comes last.
            decisions += result.copy == nil ? result.notes : result.notes.dropLast()
        }
        for change in theirChanges where !skipped.contains(change.path) {
            guard let mine = ourByPath[change.path] else {
                files.append((change.path, try data(change.newBlob)))
                continue
            }
            if mine.newBlob == change.newBlob { continue }
            take(MergeInput(
                path: change.path, base: try data(change.oldBlob), ours: try data(mine.newBlob), theirs: try data(change.newBlob),
                oursWins: try oursWins(change.path, ours: (ours, mine.newBlob), theirs: (theirs, change.newBlob), base: base)))
        }
        for move in moves {
            let (mine, their) = (move.mine, move.their)
            let wins = try oursWins(move.from, ours: (ours, mine.newBlob), theirs: (theirs, their.newBlob), base: base)
            take(MergeInput(
                path: move.to.path, base: try data(mine.oldBlob),
                ours: try data(move.movedByUs ? move.to.newBlob : mine.newBlob),
                theirs: try data(move.movedByUs ? their.newBlob : move.to.newBlob), oursWins: wins))
            if !move.movedByUs {
                files.append((move.from, nil))
                if !files.contains(where: { $0.path == move.to.path }) { files.append((move.to.path, try data(mine.newBlob))) }
            }
            notes.append(Say.syncFollowedMove(move.from, move.to.path))
        }
        // An entry that comes back keeps its attachments, which the delete took with it.
        for entry in revived {
            let folder = "attachments/\(entry.id)/"
            if entry.deletedByUs {
                for change in ourChanges where change.kind == .deleted && change.path.hasPrefix(folder)
                    && theirByPath[change.path] == nil {
                    files.append((change.path, try data(change.oldBlob)))
                }
            } else {
                let dropped = Set(theirChanges.filter { $0.kind == .deleted && $0.path.hasPrefix(folder) && ourByPath[$0.path] == nil }
                    .map(\.path))
                files.removeAll { $0.data == nil && dropped.contains($0.path) }
            }
        }
        let tree = try repository.tree(from: ours, applying: files)
        let message = Say.commitSync(remote) + (notes.isEmpty ? "" : "\n\n" + notes.joined(separator: "\n"))
        let author = repository.defaultSignature(fallback: context.fallbackAuthor)
        let commit = try repository.makeCommit(tree: tree, parents: [ours, theirs], message: message, signature: author)
        return MergePlan(commit: commit, conflicts: conflicts, notes: decisions)
    }

    /// Where a side moved `path` (whose base version is `blob`): an added file with the same bytes, or
    /// an added entry with the same id.
    private func moveTarget(of path: String, blob: ObjectID?, among changes: [TreeChange]) throws -> TreeChange? {
        let added = changes.filter { $0.kind == .added }
        if let same = added.first(where: { $0.newBlob == blob }) { return same }
        func id(_ blob: ObjectID?) throws -> String? {
            guard let blob, let entry = RawEntry(try repository.blobData(blob)) else { return nil }
            return Block.scalar(of: "id", in: entry.header)
        }
        guard path.hasSuffix(".md"), let wanted = try id(blob) else { return nil }
        return try added.first { try $0.path.hasSuffix(".md") && id($0.newBlob) == wanted }
    }

    /// Whether our side's version of `path` wins: its last commit touching the path is later than
    /// theirs (ties: the greater blob id), so that every machine picks the same winner.
    private func oursWins(_ path: String, ours: (tip: ObjectID, blob: ObjectID?), theirs: (tip: ObjectID, blob: ObjectID?),
                          base: ObjectID?) throws -> Bool {
        func lastTouch(_ tip: ObjectID) throws -> Date {
            var time = Date.distantPast
            try repository.pathHistory(path, from: tip, hiding: base.map { [$0] } ?? []) { change in
                time = change.commit.commitTime
                return false
            }
            return time
        }
        let (mine, theirs_) = (try lastTouch(ours.tip), try lastTouch(theirs.tip))
        if mine != theirs_ { return mine > theirs_ }
        return (ours.blob?.hex ?? "") > (theirs.blob?.hex ?? "")
    }

    /// Moves HEAD's branch from `from` to `to` and makes the work tree, git's index and the snapshot
    /// follow. A marker written first makes this safe to kill: the next command redoes it.
    /// `changes` is the diff from `marker.from` to `marker.to`.
    func checkOut(_ marker: SyncMarker, changes: [TreeChange]) throws {
        // A tree from elsewhere may name any path: nothing is written outside the journal or into .git.
        if let unsafe = changes.first(where: { !Journal.isSafe($0.path) }) {
            throw JournalError.invalid(Say.unsafePath(unsafe.path))
        }
        try write(try JSONEncoder().encode(marker), to: syncMarkerPath)
        try completeCheckout(marker, changes: changes)
    }

    /// Writes `to`'s version of every path that differs from `from`, updates git's index, moves the
    /// branch, records the paths in the snapshot and removes the marker. Doing it twice does no harm.
    /// When `resuming` a checkout a killed sync left, a file that holds neither the old nor the new
    /// version was edited since: the edit is merged with the new version (as the later side) and
    /// left for the next command to commit as the user's edit.
    private func completeCheckout(_ marker: SyncMarker, changes all: [TreeChange], resuming: Bool = false) throws {
        var changes = all
        var kept: [String] = []
        if resuming {
            var edited: [TreeChange] = []
            changes.removeAll { change in
                guard let now = try? repository.hashFile(change.path), now != change.oldBlob, now != change.newBlob else {
                    return false
                }
                // A file new in `to` was written by the checkout, so an edit of it is an edit of that version.
                if change.oldBlob == nil { kept.append(change.path) }
                edited.append(change)
                return true
            }
            for change in edited where change.oldBlob != nil {
                let full = root + "/" + change.path
                let merged = FileMerge.merge(MergeInput(
                    path: change.path, base: try change.oldBlob.map { try repository.blobData($0) },
                    ours: try FileSystem.read(full), theirs: try change.newBlob.map { try repository.blobData($0) },
                    oursWins: true))
                if let data = merged.data { try write(data, to: full) }
                kept.append(change.path)
                if let copy = merged.copy {
                    try write(copy.data, to: root + "/" + copy.path)
                    kept.append(copy.path)
                }
            }
        }
        for change in changes {
            let full = root + "/" + change.path
            if let blob = change.newBlob {
                try write(try repository.blobData(blob), to: full)
            } else if FileSystem.exists(full) {
                try FileSystem.remove(full)
                FileSystem.syncFolder((full as NSString).deletingLastPathComponent)
                removeEmptyFolders(above: change.path)
            }
        }
        let paths = changes.map(\.path)
        try repository.updateIndex(paths: paths)
        if try repository.head() != marker.to {
            try repository.moveBranch(to: marker.to, from: marker.from, message: marker.message)
        }
        try? index().record(paths, root: root, committed: true, read: indexRead)
        try? index().record(kept, root: root, committed: false, read: indexRead)
        try FileSystem.remove(syncMarkerPath)
    }

    /// Finishes a checkout that a killed sync left half done (called with the lock held).
    func finishInterruptedSync() throws(JournalError) {
        guard let data = FileManager.default.contents(atPath: syncMarkerPath) else { return }
        do {
            let marker = try JSONDecoder().decode(SyncMarker.self, from: data)
            let current = try repository.head()
            if current == marker.from || current == marker.to {
                let changes = try repository.changes(from: marker.from, to: marker.to)
                try completeCheckout(marker, changes: changes, resuming: true)
            } else {
                // HEAD moved by other means (the git program): the marker no longer describes anything.
                try FileSystem.remove(syncMarkerPath)
            }
        } catch {
            throw .from(error, doing: "finish the interrupted sync")
        }
    }

    /// A path a checkout may write: relative, inside the journal, never into `.git`, no control characters.
    static func isSafe(_ path: String) -> Bool {
        guard !path.hasPrefix("/"), !path.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else {
            return false
        }
        return path.split(separator: "/", omittingEmptySubsequences: false).allSatisfy { part in
            !part.isEmpty && part != "." && part != ".." && part.lowercased() != ".git"
        }
    }

    private func removeEmptyFolders(above path: String) {
        var folder = (path as NSString).deletingLastPathComponent
        while !folder.isEmpty, folder != Journal.entriesFolder {
            guard rmdir(root + "/" + folder) == 0 else { return }
            folder = (folder as NSString).deletingLastPathComponent
        }
    }

    /// Entries added, edited and deleted between two commits (other files are not counted).
    private func counts(from old: ObjectID?, to new: ObjectID) throws(JournalError) -> SyncReport.Counts {
        do {
            return Journal.counts(of: try repository.changes(from: old, to: new, under: [Journal.entriesFolder]))
        } catch {
            throw .from(error, doing: "compare commits")
        }
    }

    /// The entries among `changes`, counted by kind.
    static func counts(of changes: [TreeChange]) -> SyncReport.Counts {
        var counts = SyncReport.Counts()
        for change in changes where change.path.hasPrefix(entriesFolder + "/") && change.path.hasSuffix(".md") {
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
            throw .remote(failure)
        } catch {
            throw .from(error, doing: "sync")
        }
    }
}

/// The checkout a sync is doing, written before the first file changes.
struct SyncMarker: Codable {
    var from: ObjectID?
    var to: ObjectID
    var message: String
}

extension SyncReport.Counts {
    static func + (a: Self, b: Self) -> Self {
        Self(added: a.added + b.added, edited: a.edited + b.edited, deleted: a.deleted + b.deleted)
    }
}

// MARK: Remotes and clone

extension Journal {
    public func remotes() throws(JournalError) -> [RemoteInfo] {
        do { return try repository.remotes() } catch { throw .from(error, doing: "list remotes") }
    }

    public func addRemote(name: String, url: String) throws(JournalError) {
        guard Repository.isValidRemoteName(name) else { throw .invalid(Say.invalidRemoteName(name)) }
        // A writer like any other (libgit2 locks the config): a killed one's lock files are cleared first.
        let lock = try takeLock()
        defer { withExtendedLifetime(lock) {} }
        do {
            if try repository.remoteURL(name) != nil { throw JournalError.invalid(Say.remoteExists(name)) }
            try repository.addRemote(name: name, url: url)
        } catch {
            throw .from(error, doing: "add remote \(name)")
        }
    }

    public func removeRemote(name: String) throws(JournalError) {
        let lock = try takeLock()
        defer { withExtendedLifetime(lock) {} }
        do {
            try repository.removeRemote(name: name)
        } catch let failure as RemoteFailure {
            throw .remote(failure)
        } catch {
            throw .from(error, doing: "remove remote \(name)")
        }
    }

    /// Clones the journal at `url` into `path` (absent or an empty folder). An empty repository
    /// becomes a new journal (`empty` is true); a repository that holds something other than a
    /// journal is refused and nothing is left behind.
    public static func clone(url: String, into path: String, access: RemoteAccess, context: JournalContext)
        throws(JournalError) -> (journal: Journal, empty: Bool)
    {
        let existed = FileSystem.exists(path)
        if existed {
            let contents = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? ["?"]
            guard FileSystem.isFolder(path), contents.isEmpty else { throw .invalid(Say.cloneTargetExists(path)) }
        }
        func cleanUp() {
            if existed {
                for name in (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [] {
                    try? FileManager.default.removeItem(atPath: path + "/" + name)
                }
            } else {
                try? FileManager.default.removeItem(atPath: path)
            }
        }
        do {
            Repository.enableFsync()
            let repository = try Repository.clone(url: url, into: path, access: access)
            if try repository.head() == nil {
                // The remote's HEAD may name a branch it doesn't have (`git init --bare` makes master)
                // while the journal is on main, or the other way round.
                let found = try ["main", "master"].contains { try repository.checkOutRemoteBranch($0, of: "origin") }
                if !found {
                    try repository.setUnbornBranch("main")
                    return (try create(at: path, context: context), true)
                }
            }
            guard FileSystem.exists(path + "/" + settingsFile) else { throw JournalError.invalid(Say.clonedNotAJournal(url)) }
            return (try open(at: path, context: context), false)
        } catch let failure as RemoteFailure {
            cleanUp()
            throw .remote(failure)
        } catch {
            cleanUp()
            throw .from(error, doing: "clone \(url)")
        }
    }
}
