import Foundation

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

extension Journal {
    /// Saves a new entry and commits it. Pending outside edits are committed first, in their own commit.
    @discardableResult
    public func add(_ draft: Draft) throws(JournalError) -> (entry: Entry, pending: PendingReport) {
        guard !draft.text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { throw .emptyEntry }
        // An entry is text: a NUL byte would make a file no reader takes for one (listed as broken, its id lost).
        if let nul = EntryFile.firstNonText(draft.text.utf8, refusingNUL: true) { throw .invalid(Say.textHoldsNUL(nul.line)) }
        let category = try draft.category.map { name throws(JournalError) in try validate(category: name) }
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
                    id: id, createdAt: createdAt, timeZone: draft.timeZone, category: category, tags: tags,
                    starred: draft.starred, weather: draft.weather, location: draft.location, text: draft.text))
            return ([(path, data)], Say.commitAdd(title, Entry.shortID(of: id)))
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
    /// was and refused (`rm` deletes); so is a file whose id the edit changed (its header gone, another
    /// `id:`), its text kept as a draft. A header left broken is committed as written (the user's editor
    /// wrote the file: it is theirs), then reported. Returns nil when nothing changed.
    public func editFile(of entry: Entry, encoding: SourceEncoding? = nil, edit: (String) throws -> Void) throws -> Entry? {
        // Refused before the editor opens when writes are known to be refused (a full disk, a read-only one).
        try checkWritable()
        let file = absolutePath(of: entry)
        let before = FileSystem.contents(file)
        try edit(file)
        var after = FileSystem.contents(file)
        guard after != before else { return nil }
        // A text saved in another encoding than UTF-8 (over a file that was UTF-8): read in `encoding` when one is
        // named, else the entry is put back and what was typed kept, as it is, in a draft of this edit.
        if let before, let saved = after, EntryFile.firstNonText(before, refusingNUL: false) == nil,
           EntryFile.firstNonText(saved, refusingNUL: false) != nil {
            let kept = try keepEdit(saved, of: entry, startedFrom: before)
            do {
                let converted = try EditorText.utf8(saved, encoding: encoding, file: kept, resume: Journal.resumeCommand(kept))
                try write(converted, to: file)
                discardDraft(kept)
                after = converted
            } catch {
                try write(before, to: file)
                throw error
            }
        }
        if let before, String(decoding: after ?? Data(), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            try write(before, to: file)
            throw JournalError.invalid(Say.emptiedEntry(entry.shortID))
        }
        // An edit never changes an entry's id (the rule `editProblem` holds for the web view): a file left
        // without its header or with another `id:` is put back, and what was typed kept as a draft.
        if let before, let after, let problem = idProblem(decodeForEdit(after, path: entry.path), data: after, of: entry) {
            let kept = try keepEdit(after, of: entry, startedFrom: before)
            try write(before, to: file)
            throw JournalError.invalid(problem.description + " " + Say.draftKept(kept))
        }
        let edited = try commitEdit(of: entry, startedFrom: before)
        if let problem = (edited ?? (try? readEntry(at: entry.path)))?.problem {
            throw JournalError.invalid(Say.brokenAfterEdit(entry.path, line: problem.line, reason: problem.reason, id: entry.shortID))
        }
        return edited
    }

    /// An edit of `entry` that could not be saved over it, kept as typed in a draft that `drafts resume` saves
    /// over the entry (merged with a change made since the version it started from).
    func keepEdit(_ data: Data, of entry: Entry, startedFrom before: Data) throws(JournalError) -> String {
        var facts = DraftFacts()
        facts.editing = entry.id
        facts.startedFrom = Journal.versionTag(of: before)
        return try makeDraftFile(data: data, about: facts, template: nil)
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
        // A command deleted these entries: a sync pushes the deletion without asking (see `heldDeletions`).
        if files.contains(where: { $0.data == nil && Journal.isEntryPath($0.path) }) { recordRemovalCommit() }
        // The snapshot follows the files; if this fails, the next refresh catches up from their stamps.
        try? index().record(paths, root: root, committed: true, read: indexRead)
        return (pending, true)
    }
}
