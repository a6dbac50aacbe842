import Foundation

extension Journal {
    /// The settings a journal starts with, for checking input before the default journal exists.
    public static var initialSettings: Settings {
        (try? Settings.parse(Settings.initialText, path: settingsFile)) ?? Settings(categories: [])
    }

    /// The key of journal.yml's category that `category` names (by its key or, for a built-in one, its
    /// name in any language), or an error naming the categories it could have meant.
    @discardableResult
    public static func validate(category: String, in settings: Settings) throws(JournalError) -> String {
        guard let known = settings.category(named: category) else {
            throw .unknownCategory(category, known: settings.shownCategoryNames)
        }
        return known.name
    }

    /// A category an entry may be given: one of journal.yml's, returned as its key. While journal.yml
    /// cannot be read, none is: the built-in categories that stand in for reading are not the user's.
    @discardableResult
    public func validate(category: String) throws(JournalError) -> String {
        if let settingsProblem { throw .invalid(Say.settingsNeeded(settingsProblem.description)) }
        return try Journal.validate(category: category, in: settings)
    }

    /// A new draft file under `.git/journal/drafts/` holding `contents`; beside it, what the entry is to be
    /// (`about`), so that a draft whose session ended before the entry was saved can be saved later.
    public func makeDraftFile(contents: String, about: DraftFacts? = nil) throws(JournalError) -> String {
        try makeDraftFile(data: Data(contents.utf8), about: about, template: contents)
    }

    /// A draft holding `data` as it is (bytes an editor saved, text or not). `template`: what it began as, when
    /// it is a new entry's (a draft left as it began is no draft to keep); the process writing it is recorded.
    func makeDraftFile(data: Data, about: DraftFacts?, template: String?) throws(JournalError) -> String {
        let folder = draftsFolder
        try FileSystem.makeFolder(folder)
        let path = folder + "/draft-\(UUID().uuidString.lowercased().prefix(8)).md"
        if var about {
            about.process = getpid()
            about.template = template
            about.startedAt = context.now
            // What the draft is to become is needed to save it later: a draft that cannot say so is not made.
            try write(try Journal.encoded(about), to: Journal.factsPath(of: path))
        }
        try write(data, to: path)
        return path
    }

    private static func encoded(_ facts: DraftFacts) throws(JournalError) -> Data {
        do { return try JSONEncoder().encode(facts) } catch { throw .from(error, doing: Say.text("doing.keepDraft")) }
    }

    /// Deletes a draft (and what is kept beside it): after its entry is committed, or when the user discards it.
    public func discardDraft(_ path: String) {
        try? FileSystem.remove(path)
        try? FileSystem.remove(Journal.factsPath(of: path))
    }

    var draftsFolder: String { stateFolder + "/drafts" }

    static func factsPath(of draft: String) -> String {
        (draft.hasSuffix(".md") ? String(draft.dropLast(3)) : draft) + ".json"
    }

    /// The drafts waiting to be saved, newest first: those whose editor session ended (the terminal closed,
    /// the process was killed) before their entry was committed, and that hold more than the template they
    /// began as. A draft another `journal` still has open is not one.
    public func waitingDrafts() -> [WaitingDraft] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: draftsFolder)) ?? []
        var drafts: [WaitingDraft] = []
        for name in names where name.hasPrefix("draft-") && name.hasSuffix(".md") {
            let path = draftsFolder + "/" + name
            guard let data = FileSystem.contents(path) else { continue }
            let text = String(decoding: data, as: UTF8.self)
            let facts = FileSystem.contents(Journal.factsPath(of: path)).flatMap { try? JSONDecoder().decode(DraftFacts.self, from: $0) }
            if let process = facts?.process, process != getpid(), kill(process, 0) == 0 || errno == EPERM { continue }
            let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
            if trimmed.isEmpty || trimmed == facts?.template?.trimmingCharacters(in: .whitespacesAndNewlines) { continue }
            let saved = facts?.startedAt ?? (try? FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date) ?? context.now
            drafts.append(WaitingDraft(
                id: WaitingDraft.id(ofPath: path), path: path, savedAt: saved,
                title: Entry.title(of: text), facts: facts ?? DraftFacts()))
        }
        return drafts.sorted { $0.savedAt > $1.savedAt }
    }

    /// The waiting draft `id` names (a prefix of it), or the newest with none; an error naming the ids
    /// there are otherwise.
    public func waitingDraft(_ id: String?) throws(JournalError) -> WaitingDraft {
        let drafts = waitingDrafts()
        guard let id else {
            guard let newest = drafts.first else { throw .invalid(Say.noDrafts) }
            return newest
        }
        let matching = drafts.filter { $0.id.hasPrefix(id.lowercased()) }
        guard matching.count == 1, !id.isEmpty else { throw .invalid(Say.unknownDraft(id, drafts.map(\.id))) }
        return matching[0]
    }

    /// Saves a waiting draft as the entry it was begun as (its date, category, tags and star), or as the edit
    /// of the entry it was an edit of, after `edit` has had it open again; the draft is deleted once the entry
    /// is committed. Emptied, nothing is saved and the draft is put back as it was; bytes that are not text in
    /// UTF-8 (nor in `encoding`, when named) stay in the draft as they are.
    public func resume(_ draft: WaitingDraft, encoding: SourceEncoding? = nil, edit: (String) throws -> Void) throws -> AddOutcome {
        let before = FileSystem.contents(draft.path)
        try edit(draft.path)
        let written = String(decoding: try EditorText.utf8(FileSystem.contents(draft.path) ?? Data(), encoding: encoding,
                                                            file: draft.path, resume: Journal.resumeCommand(draft.path)), as: UTF8.self)
        guard !written.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            if let before { try write(before, to: draft.path) }
            throw JournalError.emptyEntry
        }
        let facts = draft.facts
        if let id = facts.editing {
            return try resumeEdit(draft, of: id, text: written)
        }
        let stamp = facts.createdAt ?? Timestamp(date: draft.savedAt, timeZone: context.timeZone)
        var entry = Draft(
            text: written, createdAt: stamp, timeZone: facts.createdAt == nil ? context.timeZone.identifier : facts.timeZone,
            category: facts.category, tags: facts.tags, starred: facts.starred)
        entry.tagPrefix = facts.tagPrefix
        let added: (entry: Entry, pending: PendingReport)
        do {
            added = try add(entry)
        } catch {
            throw JournalError.invalid(error.description + " " + Say.draftKept(draft.path))
        }
        discardDraft(draft.path)
        return AddOutcome(entry: added.entry, pending: added.pending, weather: nil)
    }

    /// A kept edit saved over the entry it was an edit of, merged with a change made since (as the web view's
    /// save is); where the two change the same words, nothing is written and the draft stays.
    private func resumeEdit(_ draft: WaitingDraft, of id: String, text: String) throws -> AddOutcome {
        let entry = try entry(matching: id)
        switch try replaceText(of: entry, with: text, expected: draft.facts.startedFrom, base: nil) {
        case .saved(let saved), .unchanged(let saved):
            discardDraft(draft.path)
            return AddOutcome(entry: saved, pending: PendingReport(), weather: nil, edited: true)
        case .changedOnDisk:
            throw JournalError.invalid(Say.text("draftEditClashes", entry.shortID, draft.path))
        }
    }
}

/// What a draft is to become, kept beside it (`draft-….json`): the entry's date, category, tags and star,
/// the template it began as, and the process that has it open.
public struct DraftFacts: Codable, Sendable {
    public var createdAt: Timestamp?
    public var timeZone: String?
    public var category: String?
    public var tags: [String] = []
    public var starred = false
    public var tagPrefix: String?
    /// For an edit kept as a draft (its text could not be saved over the entry): the entry's id, and the tag of
    /// the version the edit started from (`Journal.versionTag`).
    public var editing: String?
    public var startedFrom: String?
    /// A page's form as typed (its category, tags and date), for a draft the web view kept.
    public var fields: [String: String]?
    var template: String?
    var process: Int32?
    /// When the editor was opened on it.
    var startedAt: Date?

    public init(createdAt: Timestamp? = nil, timeZone: String? = nil, category: String? = nil, tags: [String] = [], starred: Bool = false) {
        self.createdAt = createdAt
        self.timeZone = timeZone
        self.category = category
        self.tags = tags
        self.starred = starred
    }
}

/// A draft whose editor session ended before its entry was saved (`journal drafts`, `journal add --resume`).
public struct WaitingDraft: Sendable {
    /// The 8 characters of its file's name that `drafts resume` and `drafts discard` take.
    public var id: String
    public var path: String
    /// When its writing began (else when its file was last written).
    public var savedAt: Date
    /// Its first line, as an entry's title.
    public var title: String
    public var facts: DraftFacts

    /// The id of the draft at `path` (`…/draft-1a2b3c4d.md`).
    static func id(ofPath path: String) -> String {
        let name = (path as NSString).lastPathComponent
        return String(name.dropFirst("draft-".count).dropLast(3))
    }
}

/// What the web view's editor keeps for a page while it is typed (the apps' autosave), on the server: the
/// text, the form's other fields as typed, and the version of the entry it started from (an edit's).
public struct PageDraft: Sendable, Equatable {
    public var text: String
    public var fields: [String: String]
    /// The tag of the entry's version the edit started from (`Journal.versionTag`); empty for a new entry.
    public var base: String
    public var saved: Date

    public init(text: String, fields: [String: String] = [:], base: String = "", saved: Date) {
        self.text = text
        self.fields = fields
        self.base = base
        self.saved = saved
    }
}

extension Journal {
    /// The file of a page's draft: `new` (the write page), or an entry's id (its edit). Nil for any other key.
    private func pageDraftPath(_ key: String) -> String? {
        if key == "new" { return draftsFolder + "/draft-web-new.md" }
        guard (8...36).contains(key.count), key.allSatisfy({ $0.isHexDigit || $0 == "-" }) else { return nil }
        return draftsFolder + "/draft-web-" + Entry.shortID(of: key.lowercased()) + ".md"
    }

    /// Keeps what a page's editor holds, as a draft among the others (`journal drafts` lists it, `drafts resume`
    /// takes it up): a new entry's, with its category and tags as typed, or an entry's edit, with the version it
    /// started from. Readable by its owner only.
    public func keepPageDraft(_ key: String, _ draft: PageDraft) throws(JournalError) {
        guard let path = pageDraftPath(key) else { throw .invalid(Say.unknownDraft(key, [])) }
        var facts = DraftFacts()
        if key != "new" {
            facts.editing = key
            facts.startedFrom = draft.base.isEmpty ? nil : draft.base
        } else {
            facts.category = draft.fields["category"].flatMap { $0.isEmpty ? nil : $0 }
            facts.tags = (draft.fields["tags"] ?? "").split(whereSeparator: { $0 == " " || $0 == "," }).map(String.init)
        }
        facts.fields = draft.fields
        facts.startedAt = draft.saved
        try FileSystem.makeFolder(draftsFolder)
        let encoded: Data
        do { encoded = try JSONEncoder().encode(facts) } catch { throw .from(error, doing: Say.text("doing.keepDraft")) }
        try FileSystem.writeAtomically(encoded, to: Journal.factsPath(of: path), temporaryIn: temporaryFolder, permissions: 0o600)
        try FileSystem.writeAtomically(Data(draft.text.utf8), to: path, temporaryIn: temporaryFolder, permissions: 0o600)
    }

    /// The draft a page's editor kept for `key`, when there is one.
    public func pageDraft(_ key: String) -> PageDraft? {
        guard let path = pageDraftPath(key), let data = FileSystem.contents(path) else { return nil }
        let facts = FileSystem.contents(Journal.factsPath(of: path)).flatMap { try? JSONDecoder().decode(DraftFacts.self, from: $0) }
        return PageDraft(text: String(decoding: data, as: UTF8.self), fields: facts?.fields ?? [:], base: facts?.startedFrom ?? "",
                         saved: facts?.startedAt ?? context.now)
    }

    /// Drops a page's draft: once its entry is saved, or when the person discards it.
    public func discardPageDraft(_ key: String) {
        guard let path = pageDraftPath(key) else { return }
        discardDraft(path)
    }
}
