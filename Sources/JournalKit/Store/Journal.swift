import Foundation
import Git

/// What the command line hands the kit, so that the kit reads no environment and tests can fake it.
public struct JournalContext: Sendable {
    public var now: Date
    /// The time commits are stamped with when the clock is pinned (tests, demos); nil: the real time of each commit.
    /// Pinned or real, one clock drives both the entries' dates and the commits' times.
    public var commitTime: Date?
    public var timeZone: TimeZone
    /// The author when git's config names none.
    public var fallbackAuthor: Author
    /// How long a writer waits for another one to finish.
    public var lockTimeout: TimeInterval
    /// Where journal keys live (`$XDG_CONFIG_HOME/journal/keys`); nil: this machine keeps none.
    public var keysFolder: String?
    /// This program's path, which an encrypted journal's `.git/config` names as the git program's filter.
    public var executable = "journal"
    /// git's attributes file of the user (`$XDG_CONFIG_HOME/git/attributes`); nil: unknown.
    public var userGitAttributes: String?
    /// Whether to ask this journal's running server what changed instead of walking the files.
    public var asksServer = true
    /// The folder a path the user typed is relative to (nil: the journal's own).
    public var workingDirectory: String?
    /// Says something worth a line on stderr that is neither a result nor an error (a lock file
    /// removed after a killed run).
    public var notice: @Sendable (String) -> Void = { _ in }
    /// Hears, once, why the journal was read without writing anything (its disk is full, its file system
    /// read-only): a line for the end of a command that succeeds; a write fails with the reason instead.
    public var readingOnly: @Sendable (String) -> Void = { _ in }

    public init(
        now: Date, commitTime: Date? = nil, timeZone: TimeZone, fallbackAuthor: Author, lockTimeout: TimeInterval = 15
    ) {
        self.now = now
        self.commitTime = commitTime
        self.timeZone = timeZone
        self.fallbackAuthor = fallbackAuthor
        self.lockTimeout = lockTimeout
    }
}

/// A new entry as the user asked for it, before it has an id or a file.
public struct Draft: Sendable {
    public var text: String
    public var createdAt: Timestamp
    public var timeZone: String?
    public var category: String?
    public var tags: [String]
    public var starred: Bool
    public var location: Location?
    public var weather: Weather?
    /// The user's `tags.prefix` (`@`): with the journal's own `tag_prefix`, whether `@word` in the text is a tag.
    public var tagPrefix: String? = nil

    public init(
        text: String, createdAt: Timestamp, timeZone: String?, category: String?, tags: [String], starred: Bool,
        location: Location? = nil, weather: Weather? = nil
    ) {
        self.text = text
        self.createdAt = createdAt
        self.timeZone = timeZone
        self.category = category
        self.tags = tags
        self.starred = starred
        self.location = location
        self.weather = weather
    }
}

/// What `commitPendingEdits` did with changes made outside the tool.
public struct PendingReport: Sendable, Equatable {
    public var committed: [String] = []
    /// One line each: why something was left alone.
    public var warnings: [String] = []
}

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

    private init(root: String, gitdir: String, repository: Repository?, context: JournalContext) throws(JournalError) {
        self.root = root
        self.gitdir = gitdir
        self.openedRepository = repository
        self.context = context
        let settingsPath = root + "/" + Journal.settingsFile
        let text = String(decoding: try FileSystem.read(settingsPath), as: UTF8.self)
        do {
            settings = try Settings.parse(text, path: settingsPath)
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
        guard plain != nil || Repository.isRepository(at: root) else { throw .notAGitRepository(root) }
        guard FileSystem.exists(root + "/" + settingsFile) else { throw .notAJournal(root) }
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
    public static func create(at root: String, context: JournalContext) throws(JournalError) -> Journal {
        let isRepository = Repository.isRepository(at: root)
        if isRepository, FileSystem.exists(root + "/" + settingsFile) { throw .alreadyAJournal(root) }
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

    var stateFolder: String { Journal.stateFolder(of: gitdir) }

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

    // MARK: Reading

    private var snapshot: EntryIndex?
    /// The snapshot file this journal opened (a long-lived process opens a replaced one again).
    private(set) var snapshotIdentity: EntryIndex.Identity?
    /// The snapshot of the entries under `.git/journal/`, opened (or rebuilt) on first use.
    func index() throws(JournalError) -> EntryIndex {
        if let snapshot { return snapshot }
        let readingOnly = context.readingOnly
        let opened = try EntryIndex(path: snapshotPath) { problem in readingOnly(Say.readingOnly(problem)) }
        snapshotIdentity = EntryIndex.identity(of: snapshotPath)
        snapshot = opened
        return opened
    }

    var snapshotPath: String { stateFolder + "/index.sqlite" }

    /// Lets go of the snapshot: the next use opens it again (a long-lived process whose file was replaced).
    func reopenIndex() { snapshot = nil }

    /// The mark of the server that keeps the snapshot up to date (see `Resident`); nil when none has.
    var servedGeneration: String? { try? index().servedGeneration() }

    /// Why nothing can be written to this journal now (its disk is full, its file system read-only), once a
    /// command has found out: reads then go on from the snapshot kept in memory, writes refuse with it.
    var cannotWrite: JournalError? { snapshot?.cannotWrite }

    /// Throws why nothing can be written now, when a command has found out (see `cannotWrite`): for a flow
    /// that asks the user for something first (an editor), so that it does not ask in vain.
    public func checkWritable() throws(JournalError) {
        if let cannotWrite { throw cannotWrite }
    }

    /// Brings the snapshot up to date with the files (only changed files are read) and commits
    /// edits made outside the tool. Every command that reads entries calls this first.
    @discardableResult
    public func refresh(progress: ((Int, Int) -> Void)? = nil) throws(JournalError) -> PendingReport {
        let changes: EntryIndex.Changes
        if let served = try servedChanges() {
            changes = served
        } else {
            changes = try index().refresh(root: root, read: reader, settle: settleDate, progress: progress)
        }
        // Edits made elsewhere wait, read from their files, for a command that can commit them.
        guard !changes.uncommitted.isEmpty, cannotWrite == nil else { return PendingReport() }
        let lock: WriterLock
        do {
            lock = try takeLock()
        } catch {
            // A sync's checkout that cannot be finished: read, report, and commit nothing.
            guard FileSystem.exists(syncMarkerPath) else { throw error }
            return PendingReport(committed: [], warnings: [error.description])
        }
        defer { withExtendedLifetime(lock) {} }
        return try commitPending(changes.uncommitted, everything: changes.rebuilt || changes.uncommitted.count > 200)
    }

    /// What changed, as this journal's running server vouches for it (it brought the snapshot up to date
    /// with every change its watcher saw before it answered): the files not yet committed. Nil (the whole
    /// walk then) when no server runs, it does not answer within a few milliseconds, it cannot vouch, or its
    /// mark is not on this snapshot.
    func servedChanges() throws(JournalError) -> EntryIndex.Changes? {
        guard context.asksServer, FileSystem.exists(ServeRecord.path(stateFolder: stateFolder)), let record = runningServer,
              let generation = ServeSocket.askFresh(record.socket, timeout: Journal.serveTimeout),
              try index().servedGeneration() == generation
        else { return nil }
        return EntryIndex.Changes(uncommitted: try index().dirtyPaths().sorted())
    }

    /// How long a command waits for its server's answer before it walks the files itself.
    static let serveTimeout: TimeInterval = 0.05

    /// Files the snapshot knows to differ from the last commit (as of the last refresh).
    public func uncommittedPaths() throws(JournalError) -> [String] {
        try index().dirtyPaths()
    }

    /// Entries matching `query`, from the snapshot: their `text` is empty (see `readEntry`).
    public func entries(_ query: EntryQuery = EntryQuery()) throws(JournalError) -> [Entry] {
        try textReady(for: query)
        return try index().entries(query)
    }

    /// Puts into the full-text index the text of the entries a bulk load (a rebuild, an import, a sync or
    /// checkout of many files) left out of it: the first search after one pays for that, once.
    public func completeTextIndex() throws(JournalError) {
        try index().completeText(root: root, read: reader, progress: textIndexProgress)
    }

    /// The full-text index complete before a query that uses it.
    func textReady(for query: EntryQuery) throws(JournalError) {
        if query.contains != nil { try completeTextIndex() }
    }

    /// Entries matching `query` whose file matches `pattern`: an exact scan of the files, in order.
    public func entries(_ query: EntryQuery, grep pattern: NSRegularExpression) throws(JournalError) -> [Entry] {
        var found: [Entry] = []
        var scan = query
        scan.limit = nil
        try textReady(for: query)
        try index().forEach(scan) { entry in
            if fileMatches(entry, pattern) { found.append(entry) }
            return query.limit.map { found.count < $0 } ?? true
        }
        return found
    }

    /// Full-text search, best match first, within the query's filters.
    public func search(_ text: SearchText, _ query: EntryQuery) throws(JournalError) -> [Entry] {
        try completeTextIndex()
        return try index().search(text, query)
    }

    /// How many entries the snapshot holds.
    public func entryCount() throws(JournalError) -> Int {
        try index().entryCount()
    }

    /// Tags with the number of entries carrying each, most used first.
    public func tagCounts() throws(JournalError) -> [(tag: String, count: Int)] {
        try index().tagCounts()
    }

    /// How many entries name each category (nil for none).
    public func categoryCounts() throws(JournalError) -> [String?: Int] {
        try index().categoryCounts()
    }

    /// Reads one entry file (relative path), text and all.
    public func readEntry(at path: String) throws(JournalError) -> Entry {
        decode(try FileSystem.read(root + "/" + path), path: path)
    }

    /// `readEntry(at: path).text`, the text below the header, without reading the header.
    public func entryText(at path: String) throws(JournalError) -> String {
        EntryFile.text(of: try FileSystem.read(root + "/" + path))
    }

    func decode(_ data: Data, path: String) -> Entry {
        var entry = EntryFile.decode(data, path: path, zone: context.timeZone) {
            (Timestamp(date: context.now, timeZone: context.timeZone), .modificationTime)
        }
        if entry.dateSource == .modificationTime { settleDate(&entry) }
        return entry
    }

    /// The date of a file that names none: the commit that added it, else its modification time.
    func settleDate(_ entry: inout Entry) {
        Journal.settleDate(&entry, repository: try? repository, root: root, context: context)
    }

    static func settleDate(_ entry: inout Entry, repository: Repository?, root: String, context: JournalContext) {
        if let first = try? repository?.firstAuthorDate(adding: entry.path) {
            entry.createdAt = Timestamp(date: first.date, offsetSeconds: first.offsetSeconds)
            entry.dateSource = .commit
        } else {
            let time = FileSystem.modificationTime(root + "/" + entry.path) ?? context.now
            entry.createdAt = Timestamp(date: time, timeZone: context.timeZone)
            entry.dateSource = .modificationTime
        }
    }

    /// How the snapshot reads files, from any thread: the parsed entry (dated by its file alone)
    /// and a hash of its bytes.
    var reader: EntryIndex.Reader {
        let root = root
        let zone = context.timeZone
        let now = context.now
        return { path in
            guard let data = FileSystem.contents(root + "/" + path) else { return nil }
            return (Journal.decodeForIndex(data, path: path, zone: zone, now: now), EntryIndex.hash(data))
        }
    }

    /// An entry file's bytes as the snapshot takes them: dated by the file alone (`settleDate` finishes the rest).
    static func decodeForIndex(_ data: Data, path: String, zone: TimeZone, now: Date) -> Entry {
        EntryFile.decode(data, path: path, zone: zone) { (Timestamp(date: now, timeZone: zone), .modificationTime) }
    }

    /// The same, for one file on this thread, date settled.
    func indexRead(_ path: String) -> (Entry, UInt64)? {
        guard let (read, hash) = reader(path) else { return nil }
        var entry = read
        if entry.dateSource == .modificationTime { settleDate(&entry) }
        return (entry, hash)
    }

    /// The entry a user means by an id prefix (4+ characters) or by its path (absolute, relative to the
    /// folder the command runs in, or relative to the journal), read in full.
    public func entry(matching text: String, in entries: [Entry]? = nil) throws(JournalError) -> Entry {
        let wanted = text.lowercased()
        if wanted.hasSuffix(".md") {
            for relative in journalPaths(of: text) {
                let known: Entry?
                if let entries { known = entries.first { $0.path == relative } } else { known = try index().entry(path: relative) }
                if known != nil { return try readEntry(at: relative) }
            }
            throw .unknownID(text)
        }
        guard wanted.count >= 4 else { throw .idTooShort(text) }
        let matches: [Entry]
        if let entries { matches = entries.filter { $0.id.hasPrefix(wanted) } } else { matches = try index().entries(idPrefix: wanted) }
        switch matches.count {
        case 0: throw .unknownID(text)
        case 1: return try readEntry(at: matches[0].path)
        default:
            // Files that hold one id (copied or moved by hand): no more characters can tell them apart.
            if Set(matches.map(\.id)).count == 1 { throw .invalid(Say.sameID(matches[0].id, matches.map(\.path).sorted())) }
            throw .ambiguous(text, among: matches)
        }
    }

    /// What a typed path may name inside the journal, most likely first: the path taken from the command's
    /// folder, then from the journal's (`entries/…` typed anywhere).
    private func journalPaths(of text: String) -> [String] {
        var candidates: [String] = []
        let typed = text.hasPrefix("/") ? text : (context.workingDirectory ?? root) + "/" + text
        let standard = (typed as NSString).standardizingPath
        for (absolute, base) in [(standard, root), (FileSystem.resolved(standard), FileSystem.resolved(root))] {
            if absolute.hasPrefix(base + "/") { candidates.append(String(absolute.dropFirst(base.count + 1))) }
        }
        if !text.hasPrefix("/") { candidates.append((text as NSString).standardizingPath) }
        return candidates
    }

    // MARK: Writing

    /// Saves a new entry and commits it. Pending outside edits are committed first, in their own commit.
    @discardableResult
    public func add(_ draft: Draft) throws(JournalError) -> (entry: Entry, pending: PendingReport) {
        guard !draft.text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { throw .emptyEntry }
        if let category = draft.category { try validate(category: category) }
        var tags = try Tag.normalize( draft.tags)
        // jrnl's `@tags`, where the journal or the user says `@` marks a tag: in the header, as tags.
        if ((draft.tagPrefix ?? "") + (settings.tagPrefix ?? "")).contains("@") {
            for tag in Jrnl.tags(in: draft.text, withSymbol: true) where tag.hasPrefix("@") {
                guard let name = Tag.stored(String(tag.dropFirst())), !tags.contains(where: { Tag.same($0, name) })
                else { continue }
                tags.append(name)
            }
        }
        let title = Journal.shortTitle(Entry.title(of: draft.text))
        // The snapshot learns of edits made since the last command, so `change` commits them first.
        var pending = try refresh()
        var path = ""
        // Under the writers' lock, so that another `add` running now is ordered too.
        let own = try change { () throws(JournalError) -> (files: [(path: String, data: Data?)], message: String)? in
            let createdAt = try orderedCreation(draft.createdAt)
            var id = UUID().uuidString.lowercased()
            while FileSystem.exists(root + "/" + EntryFile.path(for: id, at: createdAt)) {
                id = UUID().uuidString.lowercased()
            }
            path = EntryFile.path(for: id, at: createdAt)
            let data = EntryFile.render(
                .init(
                    id: id, createdAt: createdAt, timeZone: draft.timeZone, category: draft.category, tags: tags,
                    starred: draft.starred, weather: draft.weather, location: draft.location, text: draft.text))
            return ([(path, data)], Say.commitAdd(title, String(id.prefix(8))))
        }.pending
        pending.committed += own.committed
        pending.warnings += own.warnings
        return (try readEntry(at: path), pending)
    }

    /// Refuses to write while git is in the middle of something (a merge, a rebase) or HEAD is
    /// detached: a commit there would be lost or mixed into the user's own git work.
    func checkCommittable() throws(JournalError) {
        let repository = try repository
        if repository.state != .none { throw .busy(Say.midOperationRefused(String(describing: repository.state))) }
        if repository.isHeadDetached { throw .busy(Say.detachedHead) }
    }

    /// Commits an entry's file after the user edited it. Returns nil when the file matches the last commit.
    /// `startedFrom` is the file as the editor opened it: if the last commit changed the entry meanwhile
    /// (a sync, a tag), the edit is merged with that change instead of undoing it.
    public func commitEdit(of entry: Entry, startedFrom original: Data? = nil) throws(JournalError) -> Entry? {
        do {
            try checkCommittable()
        } catch {
            throw .busy(error.description + " " + Say.editKeptInFile(entry.path))
        }
        let lock = try takeLock()
        defer { withExtendedLifetime(lock) {} }
        let before = try head()
        var extra: [String] = []
        if let original, let before, let committed = try? repository.fileContents(entry.path, at: before),
           committed != original, let buffer = FileSystem.contents(root + "/" + entry.path)
        {
            let merged = FileMerge.merge(MergeInput(path: entry.path, base: original, ours: buffer, theirs: committed, oursWins: true))
            if let data = merged.data { try write(data, to: root + "/" + entry.path) }
            if let copy = merged.copy {
                try write(copy.data, to: root + "/" + copy.path)
                extra.append(copy.path)
            }
        }
        let edited = try readEntry(at: entry.path)
        do {
            try commit([entry.path] + extra, message: Say.commitEdit(Journal.shortTitle(of: edited), edited.shortID))
        } catch {
            try? index().record([entry.path] + extra, root: root, committed: false, read: indexRead)
            // The editor saved the file: a disk that takes no commit now leaves it for the next command.
            if case .noSpace = error { throw .savedButNotCommitted(entry.path, cause: error.description) }
            if case .readOnly = error { throw .savedButNotCommitted(entry.path, cause: error.description) }
            throw error
        }
        try? index().record([entry.path] + extra, root: root, committed: true, read: indexRead)
        return try head() == before ? nil : edited
    }

    /// `journal edit` with the editor: `edit` opens the entry's file (no lock is held meanwhile, so other
    /// commands keep working), then the change is committed, merged with any commit made to the entry
    /// meanwhile (a sync, a tag). An emptied file is not an edit anyone means to keep: it is put back as it
    /// was and refused (`rm` deletes). A header left broken is committed as written, then reported. Returns
    /// nil when nothing changed.
    public func editFile(of entry: Entry, edit: (String) throws -> Void) throws -> Entry? {
        // Refused before the editor opens when writes are known to be refused (a full disk, a read-only one).
        try checkWritable()
        let file = absolutePath(of: entry)
        let before = FileSystem.contents(file)
        try edit(file)
        let after = FileSystem.contents(file)
        guard after != before else { return nil }
        if let before, String(decoding: after ?? Data(), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            try write(before, to: file)
            throw JournalError.invalid(Say.emptiedEntry(entry.shortID))
        }
        let edited = try commitEdit(of: entry, startedFrom: before)
        if let problem = (edited ?? (try? readEntry(at: entry.path)))?.problem {
            throw JournalError.invalid(Say.brokenAfterEdit(entry.path, line: problem.line, reason: problem.reason, id: entry.shortID))
        }
        return edited
    }

    /// The newest entry (the one `edit` without an id opens); an error when there is none.
    public func newestEntry() throws(JournalError) -> Entry {
        guard let newest = try entries(EntryQuery(limit: 1)).first else { throw .invalid(Say.noEntries) }
        return try readEntry(at: newest.path)
    }

    /// Deletes an entry's file (and its attachments folder) in one commit.
    public func remove(_ entry: Entry) throws(JournalError) {
        try remove([entry])
    }

    /// The one way the tool changes files: under the writers' lock, it first commits pending outside
    /// edits, then writes (or, for nil, deletes) each file atomically and commits them all as one commit.
    /// Once a file is written it stays, even if the commit fails: the next command commits it.
    func change(_ files: [(path: String, data: Data?)], message: String) throws(JournalError) -> PendingReport {
        try change { () throws(JournalError) in (files, message) }.pending
    }

    /// The same, with the files and message worked out by `plan` while the lock is held, so that an
    /// edit saved by an editor in between is read, not overwritten. A nil plan changes nothing.
    func change(
        _ plan: () throws(JournalError) -> (files: [(path: String, data: Data?)], message: String)?
    ) throws(JournalError) -> (pending: PendingReport, changed: Bool) {
        try checkCommittable()
        let lock = try takeLock()
        defer { withExtendedLifetime(lock) {} }
        let waiting = (try? index().dirtyPaths()) ?? []
        let pending = waiting.isEmpty ? PendingReport() : try commitPending(waiting, everything: false)
        guard let (files, message) = try plan() else { return (pending, false) }
        for file in files {
            let full = root + "/" + file.path
            if let data = file.data {
                try write(data, to: full)
            } else {
                try FileSystem.remove(full)
                FileSystem.syncFolder((full as NSString).deletingLastPathComponent)
            }
        }
        let paths = files.map(\.path)
        do {
            try commit(paths, message: message)
        } catch {
            try? index().record(paths, root: root, committed: false, read: indexRead)
            throw .savedButNotCommitted(paths.joined(separator: ", "), cause: error.description)
        }
        // The snapshot follows the files; if this fails, the next refresh catches up from their stamps.
        try? index().record(paths, root: root, committed: true, read: indexRead)
        return (pending, true)
    }

    /// Commits edits made outside the tool (an editor, a script), unless the repository is
    /// mid-merge or mid-rebase or a file holds conflict markers: then it only reports.
    public func commitPendingEdits() throws(JournalError) -> PendingReport {
        try refresh()
    }

    /// Commits those of `candidates` that differ from HEAD (with `everything`, any change in the
    /// journal's folders), and records in the snapshot which of them now match the last commit.
    func commitPending(_ candidates: [String], everything: Bool) throws(JournalError) -> PendingReport {
        var report = PendingReport()
        let repository = try repository
        if repository.state != .none {
            report.warnings.append(Say.midOperation(String(describing: repository.state)))
            return report
        }
        if repository.isHeadDetached {
            report.warnings.append(Say.detachedHead)
            return report
        }
        let changes: [StatusEntry]
        do {
            // A few files are compared by content (never fooled by a same-size edit in the same clock
            // tick); a rebuild's "everything" asks git's status, which is faster for a whole tree, and lets it
            // refresh the index's stat cache (a copied or touched journal is then read whole once, not every time).
            changes = everything
                ? try repository.status(paths: Journal.trackedPaths, refreshingIndex: true)
                : try repository.changesAgainstHead(candidates)
        } catch {
            throw .from(error, doing: Say.text("doing.status", root))
        }
        let changed = Set(changes.map(\.path))
        var settled = candidates.filter { !changed.contains($0) }
        var paths: [String] = []
        var lines: [String] = []
        var committed: [(change: StatusEntry, data: Data?)] = []
        for change in changes {
            if change.change == .conflicted {
                report.warnings.append(Say.conflictMarkers(change.path))
                continue
            }
            let data = FileSystem.contents(root + "/" + change.path)
            if let data, ConflictMarkers.present(in: data) {
                report.warnings.append(Say.conflictMarkers(change.path))
                continue
            }
            paths.append(change.path)
            committed.append((change, data))
        }
        // Files moved by hand (edited or not) are committed as moves, not as a delete and an add.
        let moves = (try? repository.renames(deleted: committed.filter { $0.change.change == .deleted }.map(\.change.path),
                                             added: committed.filter { $0.change.change == .added }.map(\.change.path))) ?? []
        let moveOf = Dictionary(moves.map { ($0.to, $0.from) }, uniquingKeysWith: { a, _ in a })
        let movedAway = Set(moves.map(\.from))
        for (change, data) in committed where !movedAway.contains(change.path) {
            if let from = moveOf[change.path] {
                lines.append(describeMove(from: from, to: change.path, data: data))
            } else {
                lines.append(describe(change, data: data))
            }
        }
        if !paths.isEmpty {
            let message = lines.count == 1 ? lines[0] : Say.commitOutside(lines.count) + "\n\n" + lines.joined(separator: "\n")
            try commit(paths, message: message)
            report.committed = paths
            settled += paths
            // A file that names no date was dated by its modification time until now: its commit dates it.
            if !everything {
                let entries = paths.filter(Journal.isEntryPath)
                try? index().record(entries, root: root, committed: true, read: indexRead)
            }
        }
        try index().markCommitted(settled)
        return report
    }

    /// The commit line for a file moved outside the tool.
    private func describeMove(from: String, to: String, data: Data?) -> String {
        guard to.hasPrefix(Journal.entriesFolder + "/"), to.hasSuffix(".md"), let data else {
            return Say.commitMoveFile(from, to: to)
        }
        let entry = EntryFile.decode(data, path: to, zone: context.timeZone) {
            (Timestamp(date: context.now, timeZone: context.timeZone), .modificationTime)
        }
        return Say.commitMove(Journal.shortTitle(entry.title), entry.shortID, to: to)
    }

    /// The commit line for one change made outside the tool.
    private func describe(_ change: StatusEntry, data: Data?) -> String {
        guard Journal.isEntryPath(change.path) else {
            return Say.commitOtherFile(change.path)
        }
        let source = data ?? ((try? head()).flatMap { try? repository.fileContents(change.path, at: $0) })
        let entry = EntryFile.decode(source ?? Data(), path: change.path, zone: context.timeZone) {
            (Timestamp(date: context.now, timeZone: context.timeZone), .modificationTime)
        }
        let title = Journal.shortTitle(of: entry)
        if data == nil { return Say.commitDelete(title, entry.shortID) }
        return change.change == .added ? Say.commitAdd(title, entry.shortID) : Say.commitEdit(title, entry.shortID)
    }

    func head() throws(JournalError) -> ObjectID? {
        do { return try repository.head() } catch { throw .from(error, doing: Say.text("doing.readHead")) }
    }

    /// Who commits: the git config's user (else the fallback), stamped with the pinned clock when there is one.
    var author: Signature {
        // Asked for only on the way to a commit, when the repository is open already.
        let fallback = context.fallbackAuthor.signature
        var author = (try? repository)?.defaultSignature(fallback: fallback) ?? fallback
        if let time = context.commitTime {
            author.time = (time, context.timeZone.secondsFromGMT(for: time) / 60)
        }
        return author
    }

    /// Every commit the tool makes but a sync merge's (`merge`) is made here; both show titles and
    /// paths from files with their control characters made visible.
    func commit(_ paths: [String], message: String) throws(JournalError) {
        do {
            let text = encrypted ? Say.sealedMessage(message) : message
            _ = try repository.commit(paths: paths, message: ControlCharacters.visible(text), signature: author)
        } catch {
            throw JournalError.from(error, doing: Say.text("doing.commit")).located(at: gitdir)
        }
    }

    // MARK: Rules


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

/// Git's conflict markers at the start of a line, which must never be committed into an entry.
enum ConflictMarkers {
    static func present(in data: Data) -> Bool {
        let text = String(decoding: data, as: UTF8.self)
        var sawStart = false
        for line in text.lfLines(omittingEmpty: true) {
            if line.hasPrefix("<<<<<<< ") || line == "<<<<<<<" { sawStart = true }
            if sawStart, line.hasPrefix(">>>>>>> ") || line == ">>>>>>>" { return true }
        }
        return false
    }
}
