import Foundation
import Git

/// Remotes and clone.
extension Journal {
    public func remotes() throws(JournalError) -> [RemoteInfo] {
        do { return try repository.remotes() } catch { throw .from(error, doing: Say.text("doing.listRemotes")) }
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
            throw .from(error, doing: Say.text("doing.addRemote", name))
        }
    }

    public func removeRemote(name: String) throws(JournalError) {
        let lock = try takeLock()
        defer { withExtendedLifetime(lock) {} }
        do {
            try repository.removeRemote(name: name)
        } catch let failure as RemoteFailure {
            throw .remote(RemoteProblem(failure))
        } catch {
            throw .from(error, doing: Say.text("doing.removeRemote", name))
        }
    }

    /// After a clone: the branch checked out tracks origin's branch of the same name, and the tracking
    /// a clone records for the remote's HEAD branch, when that is not the one we made, goes (libgit2
    /// records `[branch "master"]` for a bare repository whose HEAD names master while it holds main).
    /// Best effort, as in `settleTracking`.
    static func settleClonedTracking(_ repository: Repository, url: String?) {
        guard case .some(.some(let branch)) = try? repository.currentBranch() else { return }
        try? repository.setUpstream(of: branch, remote: "origin", remoteBranch: branch)
        for other in ["main", "master"] where other != branch {
            if case .some(.none) = try? repository.referenceTarget("refs/heads/" + other) {
                try? repository.forgetUpstream(of: other)
            }
        }
        if let url, let path = Repository.localPath(ofRemoteURL: url), case .some(.some) = try? repository.head() {
            _ = try? Repository.pointDanglingHead(ofRepositoryAt: path, at: branch)
        }
    }

    /// What `clone` did: the journal, whether the repository was empty (a new journal was started there),
    /// whether the snapshot was recorded as the files were written, and, when the folder was a clone of the
    /// same address stopped before it finished, how many of its files were missing.
    public struct CloneOutcome {
        public var journal: Journal
        public var empty = false
        public var indexed = false
        public var finished: Int?
    }

    /// Clones the journal at `url` into `path` (absent or an empty folder). An empty repository
    /// becomes a new journal (`empty` is true); a repository that holds something other than a
    /// journal is refused and nothing is left behind. `indexed`: the checkout recorded every file in the
    /// snapshot as it wrote it, so a refresh now has nothing to find (a file changed since is racy against the
    /// snapshot's scan time, taken before the checkout began, and the next command sees it).
    /// An encrypted journal is checked out only once `key` (asked only then: a key file's text or
    /// recovery words) proves to be its key; without it nothing is left behind either.
    /// A folder holding a clone of `url` that was stopped before it finished is finished (its checkout
    /// completed from what is there), or started over when nothing of it was written yet.
    public static func clone(url: String, into path: String, credentials: Credentials, context: JournalContext,
                             key: () -> String? = { nil }) throws(JournalError) -> CloneOutcome
    {
        let existed = FileSystem.exists(path)
        if existed {
            var contents = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? ["?"]
            if contents.contains(".git"), let unfinished = unfinishedClone(root: path, gitdir: nil) {
                guard unfinished.url == nil || unfinished.url == url else {
                    throw .invalid(Say.text("cloneOfAnother", path, unfinished.url ?? "", url))
                }
                if unfinished.fetched, contents != [".git"] {
                    let finished = try finishClone(at: path, context: context)
                    return CloneOutcome(journal: finished.journal, finished: finished.written)
                }
                // Nothing of it written yet (the fetch, or an encrypted journal's key, was still to come): started over.
                guard contents == [".git"] else { throw .invalid(Say.cloneTargetExists(path)) }
                try? FileManager.default.removeItem(atPath: path + "/.git")
                contents = []
            }
            // A clone of this URL killed before it wrote a file leaves only its `.git`: it is ours, started over.
            if contents == [".git"], isAbandonedClone(at: path, of: url) {
                try? FileManager.default.removeItem(atPath: path + "/.git")
                contents = []
            }
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
            // Checked out below, once the key (if the journal is encrypted) is known to be the right one. Until
            // the clone is whole, its record in the new git folder says what the folder is.
            let repository = try Repository.clone(url: url, into: path, access: credentials.access, checkout: false) { folder in
                recordClone(of: url, gitdir: folder + "/.git")
            }
            configure(repository, context: context)
            let record = cloneRecordPath(gitdir: repository.gitdir)
            if try repository.head() == nil {
                // The remote's HEAD may name a branch it doesn't have (`git init --bare` makes master)
                // while the journal is on main, or the other way round.
                let found = try ["main", "master"].contains {
                    try repository.checkOutRemoteBranch($0, of: "origin", checkout: false)
                }
                if !found {
                    try repository.setUnbornBranch("main")
                    settleClonedTracking(repository, url: url)
                    try? FileSystem.remove(record)
                    return CloneOutcome(journal: try create(at: path, context: context), empty: true)
                }
            }
            if let head = try repository.head(), let data = try repository.fileContents(encryptionMarkerFile, at: head),
               let marker = EncryptionMarker(data) {
                try unlockClone(repository, marker: marker, url: url, context: context, key: key)
            }
            let (checkedOut, indexed) = try checkOutRecording(repository, path: path, context: context)
            if !checkedOut { try repository.checkOutHead() }
            guard FileSystem.exists(path + "/" + settingsFile) else { throw JournalError.invalid(Say.clonedNotAJournal(url)) }
            settleClonedTracking(repository, url: url)
            try FileSystem.remove(record)
            return CloneOutcome(journal: try open(at: path, context: context), indexed: indexed)
        } catch let failure as RemoteFailure {
            cleanUp()
            throw .remote(RemoteProblem(failure))
        } catch {
            cleanUp()
            throw .from(error, doing: Say.text("doing.clone", url))
        }
    }

    /// Whether the repository at `path` is what a clone of `url` leaves when killed before its checkout:
    /// its remote `origin` is `url`, and HEAD has no commit yet or the very one fetched from there (so
    /// starting over loses nothing).
    private static func isAbandonedClone(at path: String, of url: String) -> Bool {
        guard let repository = try? Repository(at: path), case .some(.some(let origin)) = try? repository.remoteURL("origin"),
              origin == url else { return false }
        let head: ObjectID?
        do { head = try repository.head() } catch { return false }
        guard let head else { return true }
        guard case .some(.some(let branch)) = try? repository.currentBranch() else { return false }
        return (try? repository.referenceTarget("refs/remotes/origin/" + branch)) == head
    }

    /// A clone's checkout, where it can be done on every core, with the snapshot recorded from the files as
    /// they are written (`CheckoutFeed`). Returns whether it checked out (else `checkOutHead` is the way) and
    /// whether the snapshot is complete (else the first refresh builds it from the files).
    private static func checkOutRecording(_ repository: Repository, path: String, context: JournalContext) throws
        -> (checkedOut: Bool, indexed: Bool)
    {
        try Repository.withoutHashVerification {
            var feed: CheckoutFeed?
            let checkedOut: Bool
            do {
                checkedOut = try repository.checkOutHeadIntoEmptyTree { files in
                    // The recording thread's own handle, to date an entry whose file names no date.
                    guard let plan = CheckoutFeed(files, context: context), let history = try? Repository(at: path)
                    else { return nil }
                    let state = Journal.stateFolder(of: repository.gitdir)
                    try FileSystem.makeFolder(state)
                    nonisolated(unsafe) let settler = history
                    plan.start(snapshotPath: state + "/index.sqlite", started: Scan.clock()) { entry in
                        Journal.settleDate(&entry, repository: settler, root: path, context: context)
                    }
                    feed = plan
                    return Repository.CheckoutVisitor(wrote: { plan.wrote($0, $1, $2) }, failed: { plan.stop() })
                }
            } catch {
                feed?.stop()
                try? feed?.finish()
                throw error
            }
            guard let feed else { return (checkedOut, false) }
            do {
                try feed.finish()
                return (checkedOut, true)
            } catch {
                // The files are all there; the snapshot is only a copy of them, made again by the first refresh
                // (which says what is wrong if it still cannot be written).
                EntryIndex.removeFiles(Journal.stateFolder(of: repository.gitdir) + "/index.sqlite")
                return (checkedOut, false)
            }
        }
    }

    /// Before a clone of an encrypted journal writes any file: the key asked for, checked against the
    /// marker, kept in the keys folder, and installed (with git's filter settings) for the checkout.
    private static func unlockClone(_ repository: Repository, marker: EncryptionMarker, url: String,
                                    context: JournalContext, key: () -> String?) throws {
        guard let text = key() else { throw JournalError.invalid(Say.cloneNeedsKey(url)) }
        guard let given = JournalKey.parse(text) else { throw JournalError.invalid(Say.notAKey) }
        guard given.id == marker.keyID else { throw JournalError.invalid(Say.cloneWrongKey(url, given.id, marker.keyID)) }
        guard let keysFolder = context.keysFolder else { throw JournalError.invalid(Say.noKeysFolder) }
        let cipher = BlobCipher(key: given, journalID: marker.journalID)
        // Every covered file must open with the key, at its own path, before anything is written.
        if let head = try repository.head() { try verifySealed(at: head, repository: repository, cipher: cipher) }
        try makeKeysFolder(keysFolder)
        try writeKey(given, to: keysFolder + "/" + marker.journalID)
        let state = Journal.stateFolder(of: repository.gitdir)
        try FileSystem.makeFolder(state + "/" + temporaryFolderName)
        try FileSystem.writeAtomically(Data(LocalEncryption(marker: marker, on: true).text.utf8),
                                       to: localEncryptionPath(gitdir: repository.gitdir),
                                       temporaryIn: state + "/" + temporaryFolderName)
        try configureGit(repository, executable: context.executable)
        try repository.install(cipher.filter)
    }
}
