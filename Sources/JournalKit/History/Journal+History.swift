import Foundation
import Git

/// The journal's history, read from git with libgit2: the log, one entry's versions, an entry as it was
/// at a revision or a date, deleted entries, and restoring a version as one new commit.
extension Journal {
    // MARK: The journal's log

    /// Commits reachable from HEAD, newest first, with what each did to the journal against its first
    /// parent (for a merge: what it brought in). `since`/`until` bound the author date (`until` exclusive);
    /// at most `limit` commits. Entry ids and titles are read for the first `detail` entries of each
    /// commit (all when nil); a commit touching more lists the rest by path.
    public func log(limit: Int? = nil, since: Date? = nil, until: Date? = nil,
                    detail: Int? = nil) throws -> [JournalCommit] {
        var commits: [JournalCommit] = []
        if limit == 0 { return commits }
        try withGit(Say.text("doing.readHistory")) {
            try repository.walkCommits { info in
                // The walk runs newest commit time first, and an author date is normally not after its commit date.
                if let since, info.commitTime < since { return false }
                if let until, info.authorTime >= until { return true }
                if let since, info.authorTime < since { return true }
                let changes = try repository.changes(from: info.parents.first, to: info.id)
                commits.append(try describe(info, changes, detail: detail))
                return limit.map { commits.count < $0 } ?? true
            }
        }
        return commits
    }

    /// The instants `since` and `until` stand for: the start of the first day `since` names,
    /// the end of the last day `until` names (DateGrammar's days, in the journal's time zone).
    public func historyRange(since: String?, until: String?) throws -> (since: Date?, until: Date?) {
        let first: LocalDay?, last: LocalDay?
        do {
            (first, last) = try DateGrammar(now: context.now, timeZone: context.timeZone).span(from: since, to: until)
        } catch {
            switch error {
            case .badDate(let bound, let reason): throw HistoryError.badDate(bound: bound == .to ? .until : .since, reason: reason.description)
            case .empty(let first, let last): throw HistoryError.emptyRange(since: first.description, until: last.description)
            }
        }
        return (first.map(startOfDay), last.map(endOfDay))
    }

    // MARK: One entry

    /// The entry a user means by an id prefix (4+ characters) or a path: a current one if any matches,
    /// else one deleted in the past (found among the files that commits deleted, see `deletedFiles`).
    public func findEntry(_ text: String) throws -> FoundEntry {
        if let current = try currentEntry(matching: text) { return FoundEntry(entry: current, deleted: false) }
        let wanted = text.lowercased()
        let byPath = wanted.hasSuffix(".md")
        let relative = byPath && wanted.hasPrefix(root.lowercased() + "/") ? String(text.dropFirst(root.count + 1)) : text
        var found: [Entry] = []
        for file in try deletedFiles() {
            if byPath ? file.path != relative : !file.id.hasPrefix(wanted) { continue }
            // A path that exists again holds a current entry, which would have matched above.
            if FileSystem.exists(root + "/" + file.path) || found.contains(where: { $0.id == file.id }) { continue }
            let data = try withGit(Say.text("doing.read", file.path)) { try repository.blobData(file.blob) }
            let info = try withGit(Say.text("doing.readCommit", file.commit.short)) { try repository.commitInfo(file.commit) }
            let date = Timestamp(date: info.authorTime, offsetSeconds: info.authorOffsetSeconds)
            found.append(decodeVersion(data, path: file.path, date: date))
        }
        switch found.count {
        case 0: throw HistoryError.neverExisted(text)
        case 1: return FoundEntry(entry: found[0], deleted: true)
        default:
            throw JournalError.ambiguous(text, among: found)
        }
    }

    /// Every commit that changed the entry's file, newest first: edits made by the tool, by an editor or by
    /// the git program alike, on any branch that was merged. An add that is a rename by hand (the same blob,
    /// or the same `id`, deleted from another path in that commit) is followed to the old path.
    ///
    /// This walks every commit from HEAD and compares the entry's blob id with each parent's, reading only
    /// the trees along its path (about 3× `git log -- FILE` on 100,000 commits). To keep a per-entry list in
    /// the snapshot instead: store these items per path (commit, parents, author, email, author time and
    /// offset, subject, change, old path, old and new blob) with the HEAD they were computed at; when that
    /// HEAD is an ancestor of the current one, walk only `pathHistory(path, hiding: [that HEAD])` and put its
    /// items in front; otherwise (a rewritten history) compute them again.
    public func history(of entry: Entry) throws -> [HistoryItem] {
        guard let head = try withGit(Say.text("doing.readHead"), { try repository.head() }) else { return [] }
        let cache = HistoryCache(folder: stateFolder + "/history", path: entry.path, temporaries: temporaryFolder)
        let cached = cache.load()
        if let cached, cached.head == head { return cached.items }
        var items: [HistoryItem]
        if let cached, (try? repository.isAncestor(cached.head, of: head)) == true {
            // Only the commits since the cached HEAD are read, and their items go in front.
            items = try computeHistory(of: entry, hiding: [cached.head]) + cached.items
        } else {
            items = try computeHistory(of: entry, hiding: [])
        }
        cache.save(head: head, items: items)
        return items
    }

    private func computeHistory(of entry: Entry, hiding: [ObjectID]) throws -> [HistoryItem] {
        var items: [HistoryItem] = []
        var path = entry.path
        var start: ObjectID?
        var paths: Set<String> = [path]
        try withGit(Say.text("doing.readHistoryOf", entry.path)) {
            while true {
                var renamed: (path: String, parent: ObjectID)?
                try repository.pathHistory(path, from: start, hiding: hiding) { change in
                    var item = historyItem(change, path: path)
                    if item.change == .added, let parent = change.commit.parents.first, let blob = change.newBlob,
                        let old = try renameSource(of: entry.id, blob: blob, commit: change.commit.id, parent: parent),
                        paths.insert(old.path).inserted
                    {
                        item.change = .renamed
                        item.oldPath = old.path
                        item.oldBlob = old.blob
                        items.append(item)
                        renamed = (old.path, parent)
                        return false
                    }
                    items.append(item)
                    return true
                }
                guard let renamed else { break }
                path = renamed.path
                start = renamed.parent
            }
        }
        return items
    }

    /// The change an item made, as a unified diff of the file (coloured by the caller).
    public func diff(of item: HistoryItem) throws -> String {
        try withGit(Say.text("doing.diffAt", item.path, item.commit.shortID)) {
            try repository.unifiedDiff(from: item.oldBlob, to: item.newBlob, oldPath: item.oldPath ?? item.path,
                                       newPath: item.path)
        }
    }

    /// The entry as it was at a revision (`3f2a9c1`, `HEAD~2`, a branch) or at the end of a day
    /// (`2026-11-20`, `yesterday`, `last week`: the version current when that day ended).
    public func version(of entry: Entry, at text: String, history known: [HistoryItem]? = nil) throws -> EntryVersion {
        switch try point(text) {
        case .commit(let id):
            return try withGit(Say.text("doing.readAt", entry.path, id.short)) {
                let info = CommitSummary(try repository.commitInfo(id))
                var blob = try repository.blobID(of: entry.path, at: id)
                var path = entry.path
                if blob == nil {
                    // Renamed by hand since then: the older paths it had.
                    for item in try known ?? history(of: entry) {
                        guard let old = item.oldPath, let found = try repository.blobID(of: old, at: id) else { continue }
                        (blob, path) = (found, old)
                        break
                    }
                }
                guard let blob else {
                    throw HistoryError.absentAtRevision(id: entry.shortID, revision: String(id.hex.prefix(7)))
                }
                let data = try repository.blobData(blob)
                return EntryVersion(entry: decodeVersion(data, path: path, date: info.date), data: data, commit: info)
            }
        case .endOf(let day, let end):
            let items = try known ?? history(of: entry)
            guard let item = items.first(where: { $0.commit.date.date < end }) else {
                let added = items.last.map { $0.commit.date.localDay.description }
                throw HistoryError.notYet(id: entry.shortID, day: day.description, added: added)
            }
            guard let blob = item.newBlob else {
                throw HistoryError.deletedBy(id: entry.shortID, day: day.description,
                                             deleted: item.commit.date.localDay.description)
            }
            let data = try withGit(Say.text("doing.readAt", item.path, item.commit.shortID)) { try repository.blobData(blob) }
            return EntryVersion(entry: decodeVersion(data, path: item.path, date: item.commit.date), data: data,
                                commit: item.commit)
        }
    }

    /// Brings back a version of an entry as one new commit that writes only the entry's file (and a deleted
    /// entry's attachments): the version at
    /// `text` (a revision or a date), else the version before the last change (for a deleted entry: the
    /// version it had when it was deleted). When the file already is that version nothing is committed.
    public func restore(_ found: FoundEntry, at text: String? = nil) throws -> RestoreOutcome {
        let entry = found.entry
        let items = try history(of: entry)
        let data: Data
        let revision: String
        let title: String
        if let text {
            let version = try version(of: entry, at: text, history: items)
            (data, revision, title) = (version.data, version.commit.shortID, version.entry.title)
        } else {
            guard let last = items.first, let blob = last.oldBlob else {
                throw HistoryError.noEarlierVersion(id: entry.shortID)
            }
            // Name the commit that made that version; failing that (a merge), the parent it is read from.
            let maker = items.dropFirst().first { $0.newBlob == blob }?.commit.shortID
            revision = maker ?? last.commit.parents.first.map { String($0.prefix(7)) } ?? last.commit.shortID
            data = try withGit(Say.text("doing.read", entry.path)) { try repository.blobData(blob) }
            title = decodeVersion(data, path: entry.path, date: last.commit.date).title
        }
        let current = FileSystem.contents(root + "/" + entry.path)
        if current == data {
            return RestoreOutcome(entry: try readEntry(at: entry.path), revision: revision, wasDeleted: false,
                                  unchanged: true, pending: PendingReport())
        }
        // A deleted entry comes back with the attachments its delete took, in the same commit; they are
        // written first, so that a kill in between never leaves the entry back with dead links.
        let attachments = current == nil ? try attachmentsTakenByDelete(of: entry) : []
        let pending = try change(attachments + [(entry.path, data)],
                                 message: Say.commitRestore(Journal.shortTitle(title), entry.shortID, revision))
        return RestoreOutcome(entry: try readEntry(at: entry.path), revision: revision, wasDeleted: current == nil,
                              unchanged: false, pending: pending)
    }

    /// The files under `attachments/<id>/` that the commit deleting `entry`'s file removed (`rm` deletes
    /// them together), as they were then; those back in the work tree since are left as they are.
    private func attachmentsTakenByDelete(of entry: Entry) throws -> [(path: String, data: Data?)] {
        guard let deletion = try deletedFiles().first(where: { $0.path == entry.path }) else { return [] }
        return try withGit(Say.text("doing.readAttachments", entry.shortID)) {
            guard let parent = try repository.commitInfo(deletion.commit).parents.first else { return [] }
            return try repository.changes(from: parent, to: deletion.commit, under: [Journal.attachmentFolder(of: entry.id)])
                .filter { $0.kind == .deleted && !FileSystem.exists(root + "/" + $0.path) }
                .compactMap { change in try change.oldBlob.map { (change.path, try repository.blobData($0)) } }
        }
    }

    // MARK: Internals

    /// A point in history named by `--at`: a commit, or the end of a day.
    enum Point {
        case commit(ObjectID)
        case endOf(LocalDay, Date)
    }

    /// Reads `--at TEXT`: a long hex string is a commit id first; otherwise a date first (so `2026` is a year,
    /// not a commit prefix), then a revision in git's syntax.
    func point(_ text: String) throws -> Point {
        let spec = text.trimmingCharacters(in: .whitespaces)
        func revision() throws -> RevisionLookup { try withGit(Say.text("doing.readRevision", spec)) { try repository.lookUpRevision(spec) } }
        if spec.count >= 7, spec.allSatisfy(\.isHexDigit), case .commit(let id) = try revision() {
            return .commit(id)
        }
        let dateReason: String
        let grammar = DateGrammar(now: context.now, timeZone: context.timeZone)
        // A moment with a time of day (`2026-11-22 11:44`, `yesterday 21:30`): the version as it was then.
        if let instant = try? grammar.instant(spec), instant.hadTime {
            return .endOf(LocalDay(instant.date, in: instant.timeZone), instant.date.addingTimeInterval(1))
        }
        do {
            let day = try grammar.days(spec).last
            return .endOf(day, endOfDay(day))
        } catch {
            dateReason = error.reason
        }
        // libgit2 calls a hex string under 4 characters ambiguous; it is no revision anyone means.
        let tooShort = spec.count < 4 && spec.allSatisfy(\.isHexDigit)
        switch tooShort ? .notFound : try revision() {
        case .commit(let id): return .commit(id)
        case .ambiguous: throw HistoryError.ambiguousRevision(spec)
        case .notACommit: throw HistoryError.notACommit(spec)
        case .notFound: throw HistoryError.unknownPoint(spec, dateReason: dateReason)
        }
    }

    /// Midnight at the start of `day` in the journal's time zone (or the first instant after it, where the
    /// clocks skip midnight).
    func startOfDay(_ day: LocalDay) -> Date {
        let grammar = DateGrammar(now: context.now, timeZone: context.timeZone)
        let midnight = DateGrammar.TimeOfDay(hour: 0, minute: 0, second: 0, fraction: 0, offset: nil)
        return grammar.wallClock(day, midnight) ?? grammar.skippedForward(day, midnight)
    }

    func endOfDay(_ day: LocalDay) -> Date {
        day.adding(days: 1).map(startOfDay) ?? .distantFuture
    }

    /// An entry read from a version in history; a file that names no date gets `date` (its commit's).
    func decodeVersion(_ data: Data, path: String, date: Timestamp) -> Entry {
        EntryFile.decode(data, path: path, zone: context.timeZone) { (date, .commit) }
    }

    /// The title of an item's version (of the version deleted, for a delete). Not part of the item: reading
    /// every version of a long history costs more than walking it.
    public func title(of item: HistoryItem) throws -> String {
        guard let blob = item.newBlob ?? item.oldBlob else { return "" }
        let data = try withGit(Say.text("doing.readAt", item.path, item.commit.shortID)) { try repository.blobData(blob) }
        return decodeVersion(data, path: item.path, date: item.commit.date).title
    }

    private func historyItem(_ change: PathChange, path: String) -> HistoryItem {
        let kind: HistoryItem.Change
        if change.newBlob == nil {
            kind = .deleted
        } else if change.commit.isMerge {
            kind = .merged
        } else {
            kind = change.oldBlob == nil ? .added : .edited
        }
        return HistoryItem(commit: CommitSummary(change.commit), change: kind, path: path, oldPath: nil,
                           oldBlob: change.oldBlob, newBlob: change.newBlob)
    }

    /// The entry file that `commit` deleted and that became `blob`: the same bytes, or the same `id`.
    private func renameSource(of id: String, blob: ObjectID, commit: ObjectID,
                              parent: ObjectID) throws -> (path: String, blob: ObjectID)? {
        let changes = try repository.changes(from: parent, to: commit, under: [Journal.entriesFolder])
        let deleted = changes.filter { $0.kind == .deleted && Journal.isEntryPath($0.path) }
        if let same = deleted.first(where: { $0.oldBlob == blob }), let old = same.oldBlob { return (same.path, old) }
        for change in deleted {
            guard let old = change.oldBlob else { continue }
            let zero = Timestamp(date: Date(timeIntervalSince1970: 0), offsetSeconds: 0)
            if decodeVersion(try repository.blobData(old), path: change.path, date: zero).id == id {
                return (change.path, old)
            }
        }
        return nil
    }

    /// One commit of `journal log`: its entry changes (read in detail up to `detail`) and other files.
    private func describe(_ info: CommitInfo, _ changes: [TreeChange], detail: Int?) throws -> JournalCommit {
        let commit = CommitSummary(info)
        var entries: [EntryChange] = []
        var files: [FileChange] = []
        for change in changes {
            let kind: HistoryItem.Change = switch change.kind {
            case .added: .added
            case .modified: .edited
            case .deleted: .deleted
            }
            guard Journal.isEntryPath(change.path) else {
                files.append(FileChange(change: kind, path: change.path))
                continue
            }
            var item = EntryChange(change: kind, path: change.path, id: nil, title: nil)
            if detail.map({ entries.count < $0 }) ?? true, let blob = change.newBlob ?? change.oldBlob {
                let entry = decodeVersion(try repository.blobData(blob), path: change.path, date: commit.date)
                (item.id, item.title) = (entry.id, entry.title)
            }
            entries.append(item)
        }
        return JournalCommit(commit: commit, entries: entries, files: files)
    }

    /// The current entry `text` names; nil when none does (other errors are thrown).
    private func currentEntry(matching text: String) throws(JournalError) -> Entry? {
        let result = Result { () throws(JournalError) -> Entry in try entry(matching: text) }
        switch result {
        case .success(let entry): return entry
        case .failure(.unknownID): return nil
        case .failure(let error): throw error
        }
    }

    /// Runs libgit2 work, turning its errors into the kit's one-line ones.
    func withGit<Result>(_ doing: String, _ body: () throws -> Result) throws -> Result {
        do {
            return try body()
        } catch let error as GitError {
            throw failure(error, doing: doing)
        }
    }
}
