import Foundation
import Git

extension Journal {
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
        guard let socket = serverSocket(),
              let generation = ServeSocket.askFresh(socket, timeout: Journal.serveTimeout),
              try index().servedGeneration() == generation
        else { return nil }
        return EntryIndex.Changes(uncommitted: try index().dirtyPaths().sorted())
    }

    /// The entries of `query` from this journal's running server, which ran it on the snapshot it keeps
    /// exact (see `ServedRows`): this command then opens no snapshot of its own. Nil (the command's own
    /// refresh and read then) when no server runs or answers in time, it cannot vouch, or files wait to be
    /// committed.
    func servedEntries(_ query: EntryQuery) -> [Entry]? {
        // The socket where a server of this journal listens, without reading its record: no one there (or an
        // old server that does not know `rows`) is no answer, and the command's own way asks the record.
        guard let socket = serveSocketPath, query.contains == nil, (query.limit ?? 0) <= ServedRows.mostRows, context.asksServer,
              FileSystem.isPrivateFolder((socket as NSString).deletingLastPathComponent)
        else { return nil }
        var asked = query
        asked.limit = query.limit ?? ServedRows.mostRows + 1
        guard let entries = ServeSocket.askRows(socket, query: asked, timeout: Journal.serveTimeout),
              entries.count <= ServedRows.mostRows
        else { return nil }
        return entries
    }

    /// The socket of the server that keeps this journal's snapshot, as its record says, when one runs and this
    /// command may ask it; when none runs, a server started now if the user asked for that (`serve.auto`).
    private func serverSocket() -> String? {
        guard context.asksServer else { return nil }
        guard FileSystem.exists(ServeRecord.path(stateFolder: stateFolder)), let record = runningServer else {
            context.noServer(root, stateFolder)
            return nil
        }
        guard FileSystem.isPrivateFolder((record.socket as NSString).deletingLastPathComponent) else { return nil }
        return record.socket
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
        return try index().entries(withCategoryNames(query))
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
        var scan = withCategoryNames(query)
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
        return try index().search(text, withCategoryNames(query))
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

    /// Reads the file of an entry the snapshot listed, text and all. A file that names no date keeps the date
    /// the snapshot settled from its first commit, instead of walking the history again on every read.
    /// A long-lived process's journals share an `entryCache`: a file read again with the same bytes is not
    /// parsed again.
    public func readEntry(_ known: Entry) throws(JournalError) -> Entry {
        let data = try FileSystem.read(root + "/" + known.path)
        if let entryCache, let parsed = entryCache.entry(path: known.path, data: data, zone: context.timeZone) { return parsed }
        let entry: Entry
        if known.dateSource == .commit {
            entry = EntryFile.decode(data, path: known.path, zone: context.timeZone) { (known.createdAt, .commit) }
        } else {
            entry = decode(data, path: known.path)
        }
        entryCache?.keep(entry, data: data, zone: context.timeZone)
        return entry
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
                if let known { return try readEntry(known) }
            }
            throw .unknownID(text)
        }
        guard wanted.count >= 4 else { throw .idTooShort(text) }
        let matches: [Entry]
        if let entries { matches = entries.filter { $0.id.hasPrefix(wanted) } } else { matches = try index().entries(idPrefix: wanted) }
        switch matches.count {
        case 0: throw .unknownID(text)
        case 1: return try readEntry(matches[0])
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
}
