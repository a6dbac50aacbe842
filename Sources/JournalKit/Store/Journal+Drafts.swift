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
        let folder = draftsFolder
        try FileSystem.makeFolder(folder)
        let path = folder + "/draft-\(UUID().uuidString.lowercased().prefix(8)).md"
        if var about {
            about.process = getpid()
            about.template = contents
            about.startedAt = context.now
            if let data = try? JSONEncoder().encode(about) { try write(data, to: Journal.factsPath(of: path)) }
        }
        try write(Data(contents.utf8), to: path)
        return path
    }

    /// Deletes a draft (and what is kept beside it): after its entry is committed, or when the user discards it.
    public func discardDraft(_ path: String) {
        try? FileSystem.remove(path)
        try? FileSystem.remove(Journal.factsPath(of: path))
    }

    private var draftsFolder: String { stateFolder + "/drafts" }

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
                id: String(name.dropFirst("draft-".count).dropLast(3)), path: path, savedAt: saved,
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

    /// Saves a waiting draft as the entry it was begun as (its date, category, tags and star), after `edit`
    /// has had it open again; the draft is deleted once the entry is committed. Left as it began (or
    /// emptied), nothing is saved and the draft stays.
    public func resume(_ draft: WaitingDraft, edit: (String) throws -> Void) throws -> AddOutcome {
        let before = FileSystem.contents(draft.path)
        try edit(draft.path)
        let written = (try? String(contentsOfFile: draft.path, encoding: .utf8)) ?? ""
        guard !written.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            if let before { try? write(before, to: draft.path) }
            throw JournalError.emptyEntry
        }
        let facts = draft.facts
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
}
