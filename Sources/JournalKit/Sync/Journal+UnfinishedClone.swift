import Foundation
import Git

/// A clone stopped before it finished (killed, or the machine lost power): its folder holds some of the
/// journal's files and not others. Taken for a journal, its missing files would be committed as deleted and
/// a sync would delete them on the remote; taken for a new folder, `init` would put a new journal on top.
/// So it is known as what it is wherever it is met, and finished by `journal clone` (or `journal doctor`).
public struct UnfinishedClone: Sendable, Equatable {
    /// Where it was cloned from: the clone's record, else the repository's `origin`; nil when neither says.
    public var url: String?
    /// Whether the fetch had ended (HEAD names a commit): the rest is a checkout, done with what is here.
    public var fetched: Bool
}

/// What a clone writes into the new git folder before it fetches, and removes once it is whole.
struct CloneRecord: Codable {
    var url: String
}

extension Journal {
    static let cloneRecordName = "clone.json"

    static func cloneRecordPath(gitdir: String) -> String { stateFolder(of: gitdir) + "/" + cloneRecordName }

    /// Whether `root` (a git work tree; `gitdir` its git folder when known without libgit2) is a clone that
    /// did not finish: our clone's record is still there, or HEAD names a commit while git has no index (a
    /// checkout that never ended, by any program: git's and ours write the index last). Two `stat`s for a
    /// journal that is whole.
    /// A clone's record is written before its repository is made, so a folder whose `.git` a kill left
    /// unreadable (no HEAD yet) is known by it too.
    static func unfinishedClone(root: String, gitdir known: String?) -> UnfinishedClone? {
        var repository: Repository?
        func opened() -> Repository? {
            if repository == nil { repository = try? Repository(at: root) }
            return repository
        }
        let gitdir = known ?? opened()?.gitdir ?? root + "/.git"
        let record = FileSystem.contents(cloneRecordPath(gitdir: gitdir)).flatMap { try? JSONDecoder().decode(CloneRecord.self, from: $0) }
        if record == nil, FileSystem.exists(gitdir + "/index") { return nil }
        guard let repository = opened() else {
            return record.map { UnfinishedClone(url: $0.url, fetched: false) }
        }
        let head = try? repository.head()
        if record == nil, head == nil { return nil }
        let origin = (try? repository.remoteURL("origin")) ?? nil
        return UnfinishedClone(url: record?.url ?? origin, fetched: head != nil)
    }

    /// Writes the clone's record into the git folder it is about to make. Best effort: without it, a clone
    /// killed during its checkout is still known by the index git lacks.
    static func recordClone(of url: String, gitdir: String) {
        let state = stateFolder(of: gitdir)
        guard (try? FileSystem.makeFolder(state + "/" + temporaryFolderName)) != nil,
              let data = try? JSONEncoder().encode(CloneRecord(url: url)) else { return }
        try? FileSystem.writeAtomically(data, to: cloneRecordPath(gitdir: gitdir), temporaryIn: state + "/" + temporaryFolderName)
    }

    /// Finishes a clone whose fetch ended but whose checkout did not, from what is in the folder: every file
    /// of HEAD that is missing, or that holds the start of its text only (cut off by the kill), is written;
    /// a file that holds anything else was edited since and is kept as the edit, for the next command to
    /// commit. git's index and the snapshot are made again. Returns the journal and how many files it wrote.
    public static func finishClone(at root: String, context: JournalContext) throws(JournalError) -> (journal: Journal, written: Int) {
        do {
            Repository.enableFsync()
            let repository = try Repository(at: root)
            configure(repository, context: context)
            guard let head = try repository.head() else { throw JournalError.invalid(Say.cloneNotFetched(root)) }
            let journal = try Journal(root: root, gitdir: repository.gitdir, repository: nil, context: context)
            // An encrypted journal's key was checked and kept before its clone wrote any file.
            let encrypted = try repository.fileContents(encryptionMarkerFile, at: head).flatMap(EncryptionMarker.init)
            if let encrypted {
                guard let local = journal.localEncryption, local.on, local.marker == encrypted,
                      let key = readKey(encrypted, context: context) else {
                    throw JournalError.invalid(Say.cloneNotFetched(root))
                }
                journal.cipher = BlobCipher(key: key, journalID: encrypted.journalID)
                journal.encrypted = true
            }
            let lock = try journal.takeLock()
            defer { withExtendedLifetime(lock) {} }
            let changes = try journal.repository.changes(from: ObjectID?.none, to: head)
            if let unsafe = changes.first(where: { !isSafe($0.path) }) { throw JournalError.invalid(Say.unsafePath(unsafe.path)) }
            let missing = changes.filter { !FileSystem.exists(root + "/" + $0.path) }.count
            try journal.repository.resetIndexToHead()
            EntryIndex.removeFiles(journal.stateFolder + "/index.sqlite")
            try journal.completeCheckout(SyncMarker(from: nil, to: head, message: ""), changes: changes, resuming: true,
                                         cutOffByAKill: true)
            try? FileSystem.remove(cloneRecordPath(gitdir: repository.gitdir))
            settleClonedTracking(try journal.repository, url: (try? journal.repository.remoteURL("origin")) ?? nil)
            return (journal, missing)
        } catch {
            throw .from(error, doing: Say.text("doing.finishClone", root))
        }
    }
}
