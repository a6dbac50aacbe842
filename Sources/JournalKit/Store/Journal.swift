import Foundation
import Git

/// A journal folder: the entry files, their git repository and the writer's lock.
public final class Journal {
    /// Absolute path of the journal folder.
    public let root: String
    public let settings: Settings
    /// Why `journal.yml` could not be read, when it could not: `settings` are then the built-in ones,
    /// so reading still works; writes that need the settings refuse (see `validate(category:)`).
    public let settingsProblem: JournalError?
    /// The git directory (`.git`, symbolic links resolved), known without starting libgit2.
    let gitdir: String
    /// The git repository, opened on first use: starting libgit2 (which on Debian reads and parses the
    /// system's CA bundle) cost a command such as `list` with nothing to commit more than its answer.
    var repository: Repository {
        get throws(JournalError) {
            if let openedRepository { return openedRepository }
            do {
                Repository.enableFsync()
                let opened = try Repository(at: root)
                Journal.configure(opened, context: context)
                // An encrypted journal's files pass through its cipher in every store and checkout.
                if let cipher { try opened.install(cipher.filter) }
                openedRepository = opened
                return opened
            } catch {
                throw .from(error, doing: Say.text("doing.open", root))
            }
        }
    }
    private var openedRepository: Repository?
    public internal(set) var context: JournalContext
    /// The sync lock, while this journal's `sync` holds it (see Journal+Locks.swift).
    var syncLock: WriterLock?
    /// Git lock files already reported as left alone: said once per command.
    var reportedGitLocks: Set<String> = []
    /// Whether entries and attachments are stored encrypted (see Journal+Encryption.swift).
    var encrypted = false
    /// The cipher the repository is given when it is opened, for an encrypted journal.
    var cipher: BlobCipher?
    /// Hears (done, total) while the text of many entries is indexed for a search (see `completeTextIndex`).
    public var textIndexProgress: ((Int, Int) -> Void)?
    /// Entries parsed lately, shared by the journals of a long-lived process (see `JournalPool`).
    public var entryCache: EntryCache?

    public static let settingsFile = "journal.yml"
    /// The folders of the journal (DESIGN §1): entries, and each entry's files in `attachments/<id>/`.
    public static let entriesFolder = "entries"
    public static let attachmentsFolder = "attachments"
    public static let templatesFolder = "templates"
    /// `attachments/<id>`: the folder of an entry's files, relative to the journal.
    public static func attachmentFolder(of id: String) -> String { attachmentsFolder + "/" + id }
    /// Whether a path (relative to the journal) names an entry: a `.md` file under `entries/`.
    static func isEntryPath(_ path: String) -> Bool {
        path.hasPrefix(entriesFolder + "/") && path.hasSuffix(".md")
    }
    /// What the tool versions: changes to these made elsewhere are committed by the next command.
    static let trackedPaths = Scan.files + Scan.folders

    init(root: String, gitdir: String, repository: Repository?, context: JournalContext) throws(JournalError) {
        self.root = root
        self.gitdir = gitdir
        self.openedRepository = repository
        self.context = context
        let settingsPath = root + "/" + Journal.settingsFile
        // Only a clone being finished is opened without its settings file (`finishClone`).
        let data = FileSystem.exists(settingsPath) ? try FileSystem.read(settingsPath) : nil
        do throws(JournalError) {
            guard let data else { throw JournalError.notAJournal(root) }
            settings = try Settings.parse(String(decoding: data, as: UTF8.self), path: settingsPath)
            settingsProblem = nil
        } catch {
            settings = Journal.initialSettings
            settingsProblem = error
        }
        // Where it cannot be made (a read-only file system), the journal is read all the same; writes say why.
        try? FileSystem.makeFolder(stateFolder)
        // Litter of a run killed in the middle of a write.
        FileSystem.removeStaleTemporaries(in: temporaryFolder)
    }

    /// Opens an existing journal; a folder that is not one gets an error saying what it is instead.
    public static func open(at root: String, context: JournalContext) throws(JournalError) -> Journal {
        guard FileSystem.exists(root) else { throw .noJournal(root) }
        // A plain `.git` folder is found without libgit2, which starts only when git is needed; anything
        // else (a `.git` file of a linked work tree or submodule) is left to libgit2 to make sense of.
        let plain = Journal.plainGitFolder(of: root)
        guard plain != nil || Repository.isRepository(at: root) else {
            // A clone killed before its repository was whole has no HEAD yet, but its record.
            if let unfinished = unfinishedClone(root: root, gitdir: root + "/.git") { throw .unfinishedClone(root, unfinished) }
            throw .notAGitRepository(root)
        }
        if let unfinished = unfinishedClone(root: root, gitdir: plain) { throw .unfinishedClone(root, unfinished) }
        guard FileSystem.exists(root + "/" + settingsFile) else {
            throw Journal.holdsJournal(root) ? .journalInHistory(root) : .notAJournal(root)
        }
        do {
            let journal: Journal
            if let plain {
                journal = try Journal(root: root, gitdir: plain, repository: nil, context: context)
            } else {
                Repository.enableFsync()
                let repository = try Repository(at: root)
                configure(repository, context: context)
                journal = try Journal(root: root, gitdir: repository.gitdir, repository: repository, context: context)
            }
            try journal.setUpEncryption()
            // Clear up after a killed run (a checkout a sync left half done, its git lock files); if that
            // fails, reading still works (refresh reports it). A marker whose writer is still at work
            // (holding the lock) is no killed run's: no waiting for it.
            if FileSystem.exists(journal.syncMarkerPath) {
                _ = try? journal.takeLock()
            } else if journal.killedRunLeftMarkers {
                _ = try? journal.takeLock(timeout: 0)
            }
            // Reading works whatever this finds; a write that needs it refuses with the reason.
            try? journal.settleEncryption()
            return journal
        } catch {
            throw .from(error, doing: Say.text("doing.open", root))
        }
    }

    /// Makes `root` a journal: a new folder, an empty one, or a git repository that is not yet one.
    /// A repository whose branch holds a journal, a clone stopped on its way included, is refused: a journal
    /// made on top would commit every file missing from the folder as deleted.
    public static func create(at root: String, context: JournalContext) throws(JournalError) -> Journal {
        let isRepository = Repository.isRepository(at: root)
        if FileSystem.exists(root + "/.git"), let unfinished = unfinishedClone(root: root, gitdir: nil) {
            throw .unfinishedClone(root, unfinished)
        }
        if isRepository, FileSystem.exists(root + "/" + settingsFile) { throw .alreadyAJournal(root) }
        if isRepository, holdsJournal(root) { throw .journalInHistory(root) }
        if !isRepository, FileSystem.exists(root) {
            guard FileSystem.isFolder(root) else { throw .notAGitRepository(root) }
            let contents = (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []
            guard contents.isEmpty else { throw .folderNotEmpty(root) }
        }
        do {
            Repository.enableFsync()
            let repository = isRepository ? try Repository(at: root) : try Repository.create(at: root)
            configure(repository, context: context)
            try FileSystem.makeFolder(root + "/" + entriesFolder)
            try FileSystem.writeAtomically(
                Data(Settings.initialText.utf8), to: root + "/" + settingsFile,
                temporaryIn: Journal.stateFolder(of: repository.gitdir) + "/" + Journal.temporaryFolderName)
            let journal = try Journal(root: root, gitdir: repository.gitdir, repository: repository, context: context)
            try journal.commit([settingsFile], message: Say.commitInit)
            try? journal.index().record([settingsFile], root: root, committed: true, read: journal.indexRead)
            return journal
        } catch {
            throw .from(error, doing: Say.text("doing.create", root))
        }
    }

    /// Whether the branch checked out at `root` holds a journal (its last commit has `journal.yml`).
    static func holdsJournal(_ root: String) -> Bool {
        guard let repository = try? Repository(at: root), case .some(.some(let head)) = try? repository.head() else { return false }
        guard case .some(.some) = try? repository.blobID(of: settingsFile, at: head) else { return false }
        return true
    }

    /// The tool's folder inside `.git` (the snapshot, the locks, drafts, the server's record and sessions).
    public var stateFolder: String { Journal.stateFolder(of: gitdir) }

    /// The tool's own folder inside the git folder `gitdir`: the snapshot, the lock, temporaries.
    static func stateFolder(of gitdir: String) -> String { gitdir + "/" + toolFolder }

    /// What the journal tells its repository: its own folder, and where the user's git attributes are.
    static func configure(_ repository: Repository, context: JournalContext) {
        repository.privateFolder = stateFolder(of: repository.gitdir)
        repository.userAttributesFile = context.userGitAttributes
    }

    /// The tool's own folder inside the git folder (the snapshot, the lock, temporaries), never versioned.
    static let toolFolder = "journal"

    /// `ROOT/.git`, symbolic links resolved as libgit2 does, when it is a folder holding a repository's
    /// HEAD, objects and refs; nil for anything else.
    static func plainGitFolder(of root: String) -> String? {
        guard let resolved = realpath(root + "/.git", nil) else { return nil }
        defer { free(resolved) }
        let path = String(cString: resolved)
        guard FileSystem.isFolder(path), FileSystem.exists(path + "/HEAD"), FileSystem.isFolder(path + "/objects"),
            FileSystem.isFolder(path + "/refs")
        else { return nil }
        return path
    }

    static let temporaryFolderName = "tmp"
    /// Where atomic writes make their temporary files: never in the work tree.
    var temporaryFolder: String { stateFolder + "/" + Journal.temporaryFolderName }

    /// Writes a file of the journal (or of `.git/journal/`) atomically.
    func write(_ data: Data, to path: String) throws(JournalError) {
        try FileSystem.writeAtomically(data, to: path, temporaryIn: temporaryFolder)
    }

    public func absolutePath(of entry: Entry) -> String { root + "/" + entry.path }

    /// The snapshot, once opened (see `index()`).
    var snapshot: EntryIndex?
    /// The snapshot file this journal opened (a long-lived process opens a replaced one again).
    var snapshotIdentity: EntryIndex.Identity?

    /// A title short enough for a commit subject.
    /// An entry's title for a commit message; a file that is not text goes by its file name.
    static func shortTitle(of entry: Entry) -> String {
        shortTitle(entry.isText ? entry.title : String(entry.path.split(separator: "/").last ?? ""))
    }

    static func shortTitle(_ title: String) -> String {
        let clean = title.isEmpty ? Say.untitled : title.replacingOccurrences(of: "\"", with: "'")
        // 60 terminal cells (a Korean syllable takes two), cut between characters.
        return clipped(clean, toWidth: Say.titleCells)
    }
}
