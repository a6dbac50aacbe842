import Foundation

/// A change to an entry's header, as `journal star`, `journal tag` and `journal edit --category` ask for it.
public struct HeaderEdit: Sendable, Equatable {
    public enum CategoryChange: Sendable, Equatable {
        case set(String)
        case clear
    }

    public var category: CategoryChange?
    /// Applied in order, so `+x -x` leaves no `x`.
    public var tags: [TagOperation]
    public var starred: Bool?
    /// A new `created_at` (jrnl's `--change-time`); the file stays where it is, as a path never changes.
    public var date: Timestamp?
    /// The zone the new date was given in, when it has a name.
    public var timeZone: String?

    public init(
        category: CategoryChange? = nil, tags: [TagOperation] = [], starred: Bool? = nil, date: Timestamp? = nil,
        timeZone: String? = nil
    ) {
        self.category = category
        self.tags = tags
        self.starred = starred
        self.date = date
        self.timeZone = timeZone
    }

    public var isEmpty: Bool { category == nil && tags.isEmpty && starred == nil && date == nil }
}

public enum TagOperation: Sendable, Equatable {
    case add(String)
    case remove(String)

    /// The words after `journal tag ID`: `+x` or a bare `x` adds, `-x` removes; a word may hold
    /// several tags separated by commas (`+a,b`). Tags are normalised as `Tag.normalize()` does.
    public static func parse(_ words: [String]) throws(JournalError) -> [TagOperation] {
        var operations: [TagOperation] = []
        for word in words {
            var text = Substring(word)
            var adds = true
            if text.first == "+" {
                text = text.dropFirst()
            } else if text.first == "-" {
                adds = false
                text = text.dropFirst()
            }
            let tags = try Tag.normalize( [String(text)])
            guard !tags.isEmpty else { throw .invalid(Say.tagNamesNothing(word)) }
            operations += tags.map { adds ? .add($0) : .remove($0) }
        }
        return operations
    }
}

/// What a header edit changed (empty when the header already was as asked).
public struct HeaderChanges: Sendable, Equatable {
    public var category: HeaderEdit.CategoryChange?
    public var addedTags: [String] = []
    public var removedTags: [String] = []
    public var starred: Bool?
    public var date: Timestamp?

    public var isEmpty: Bool { category == nil && addedTags.isEmpty && removedTags.isEmpty && starred == nil && date == nil }

    /// `+food -work`
    public var tagSummary: String { Say.tagChanges(added: addedTags, removed: removedTags) }

    /// `category travel, +food -work, starred`
    public var summary: String {
        var parts: [String] = []
        switch category {
        case .set(let name): parts.append(Say.changedCategory(name))
        case .clear: parts.append(Say.changedCategory(nil))
        case nil: break
        }
        if !addedTags.isEmpty || !removedTags.isEmpty { parts.append(tagSummary) }
        if let starred { parts.append(Say.changedStar(starred)) }
        if let date { parts.append(Say.changedDate(date.localDay.description + " " + date.hourMinute)) }
        return parts.joined(separator: ", ")
    }
}

/// How many entries a category or a tag has.
public struct CategoryUsage: Sendable, Equatable {
    public var name: String
    public var emoji: String?
    public var color: String?
    public var count: Int
    /// False for a category that entries name but journal.yml does not define.
    public var known: Bool
}

extension Journal {
    /// The result of a header edit: the entry as it is now, what changed, and the outside edits committed first.
    public struct HeaderUpdate {
        public var entry: Entry
        public var changes: HeaderChanges
        public var pending: PendingReport
    }

    /// The result of an edit of many entries in one commit.
    public struct BulkUpdate {
        /// How many entry files changed.
        public var count: Int
        /// Entries whose header cannot be read: not looked at, not changed.
        public var skipped: [Entry]
        public var pending: PendingReport
        /// A rename's two names as stored (`Tag.normalize`d): what the reader is told.
        public var names: (old: String, new: String)? = nil
    }

    /// Which command asks for a header edit: it decides the commit message.
    public enum HeaderPurpose: Sendable {
        case star, tag, edit
    }

    // MARK: One entry

    /// Changes header fields of one entry, each on its own line, in one commit; nothing at all when the
    /// header already is as asked. An entry whose header cannot be read is refused, never rewritten.
    public func updateHeader(of entry: Entry, _ edit: HeaderEdit, for purpose: HeaderPurpose) throws(JournalError)
        -> HeaderUpdate
    {
        var edit = edit
        if case .set(let name) = edit.category { edit.category = .set(try validate(category: name)) }
        var current = entry
        var changes = HeaderChanges()
        // Read, decided and written under the lock: an editor's save in between is not overwritten.
        let result = try change { () throws(JournalError) -> (files: [(path: String, data: Data?)], message: String)? in
            let data = try FileSystem.read(root + "/" + entry.path)
            current = decodeForEdit(data, path: entry.path)
            if let problem = current.problem {
                throw .brokenHeader(entry.path, line: problem.line, reason: problem.reason, id: current.shortID)
            }
            let plan = Journal.plan(edit, for: current)
            changes = plan.changes
            guard !plan.changes.isEmpty else { return nil }
            guard let edited = EntryFile.setting(plan.fields, in: data) else {
                throw .brokenHeader(entry.path, line: 1, reason: Say.headerNotClosed, id: current.shortID)
            }
            let title = Journal.shortTitle(current.title)
            let message: String
            switch purpose {
            case .star:
                message = plan.changes.starred == false ? Say.commitUnstar(title, current.shortID) : Say.commitStar(title, current.shortID)
            case .tag: message = Say.commitTag(title, current.shortID, Say.inEnglish { plan.changes.tagSummary })
            case .edit: message = Say.commitEditHeader(title, current.shortID, Say.inEnglish { plan.changes.summary })
            }
            return ([(entry.path, edited)], message)
        }
        guard result.changed else { return HeaderUpdate(entry: current, changes: changes, pending: result.pending) }
        return HeaderUpdate(entry: try readEntry(at: entry.path), changes: changes, pending: result.pending)
    }

    /// The header lines an edit sets (nil: removes) and what that changes, for an entry as read.
    static func plan(_ edit: HeaderEdit, for entry: Entry) -> (fields: [(key: String, value: String?)], changes: HeaderChanges) {
        var fields: [(key: String, value: String?)] = []
        var changes = HeaderChanges()
        switch edit.category {
        case .set(let name) where entry.category != name:
            fields.append(("category", YAMLWriter.scalar(name)))
            changes.category = .set(name)
        case .clear where entry.category != nil:
            fields.append(("category", nil))
            changes.category = .clear
        default: break
        }
        if !edit.tags.isEmpty {
            var tags = entry.tags
            for operation in edit.tags {
                switch operation {
                case .add(let tag):
                    if !tags.contains(where: { Tag.same($0, tag) }) { tags.append(tag) }
                case .remove(let tag):
                    tags.removeAll { Tag.same($0, tag) }
                }
            }
            if tags != entry.tags {
                fields.append(("tags", tags.isEmpty ? nil : YAMLWriter.flowList(tags)))
                changes.addedTags = tags.filter { !entry.tags.contains($0) }
                changes.removedTags = entry.tags.filter { !tags.contains($0) }
            }
        }
        if let starred = edit.starred, starred != entry.starred {
            fields.append(("starred", starred ? "true" : nil))
            changes.starred = starred
        }
        if let date = edit.date, date.rfc3339Milliseconds != entry.createdAt.rfc3339Milliseconds || entry.dateSource != .header {
            fields.append(("created_at", date.rfc3339Milliseconds))
            changes.date = date
            if let zone = edit.timeZone, zone != entry.timeZone { fields.append(("time_zone", YAMLWriter.scalar(zone))) }
        }
        return (fields, changes)
    }

    // MARK: Tags

    /// Renames a header tag in every entry carrying it, in one commit; where the new name is already
    /// there, the two merge. Inline `#hashtags` in the text are the user's words and stay as written.
    public func renameTag(_ old: String, to new: String) throws(JournalError) -> BulkUpdate {
        let old = try Journal.singleTag(old)
        let new = try Journal.singleTag(new)
        guard old != new else { throw .sameName(old) }
        var skipped: [Entry] = []
        var found = false
        var count = 0
        let candidates = try entries(EntryQuery(tags: [old])) + entries(EntryQuery(broken: true))
        let result = try change { () throws(JournalError) -> (files: [(path: String, data: Data?)], message: String)? in
            var files: [(path: String, data: Data?)] = []
            for entry in candidates {
                if entry.problem != nil {
                    skipped.append(entry)
                    continue
                }
                let data = try FileSystem.read(root + "/" + entry.path)
                let current = decodeForEdit(data, path: entry.path)
                if current.problem != nil {
                    skipped.append(current)
                    continue
                }
                var edited = data
                if current.tags.contains(where: { Tag.same($0, old) }) {
                    found = true
                    let tags = Journal.renaming(old, to: new, in: current.tags)
                    if tags != current.tags, let header = EntryFile.setting([("tags", YAMLWriter.flowList(tags))], in: data) {
                        edited = header
                    }
                }
                // Inline #hashtags are tags too: the text says the new name where it said the old one.
                if let text = EntryFile.renamingHashtags(old, to: new, in: edited) {
                    found = true
                    edited = text
                }
                guard edited != data else { continue }
                files.append((entry.path, edited))
            }
            count = files.count
            guard found, !files.isEmpty else { return nil }
            return (files, Say.commitRenameTag(old, new, files.count))
        }
        guard found else { throw .unknownTag(old) }
        return BulkUpdate(count: count, skipped: skipped, pending: result.pending, names: (old, new))
    }

    /// Those of `tags` that `entry` has only as `#hashtags` in its text, not in its header.
    public static func onlyInText(_ tags: [String], of entry: Entry) -> [String] {
        tags.filter { tag in
            entry.inlineTags.contains { Tag.same($0, tag) } && !entry.tags.contains { Tag.same($0, tag) }
        }
    }

    /// Takes the `#` off the hashtags `tags` in the text of `entry` (`#부산` becomes `부산`), as one commit:
    /// what `tag ID -부산 --in-text` does for a tag that comes from the text, not the header. Returns the
    /// entry as it is then, and the tags that were in its text.
    public func unmarkHashtags(_ tags: [String], in entry: Entry) throws(JournalError)
        -> (entry: Entry, removed: [String], pending: PendingReport)
    {
        var removed: [String] = []
        let result = try change { () throws(JournalError) -> (files: [(path: String, data: Data?)], message: String)? in
            var data = try FileSystem.read(root + "/" + entry.path)
            let current = decodeForEdit(data, path: entry.path)
            if let problem = current.problem {
                throw .brokenHeader(entry.path, line: problem.line, reason: problem.reason, id: current.shortID)
            }
            for tag in tags {
                guard let edited = EntryFile.unmarkingHashtags(tag, in: data) else { continue }
                data = edited
                removed.append(tag)
            }
            guard !removed.isEmpty else { return nil }
            return ([(entry.path, data)], Say.commitUnmarkHashtags(removed, Journal.shortTitle(current.title), current.shortID))
        }
        guard result.changed else { return (entry, [], result.pending) }
        return (try readEntry(at: entry.path), removed, result.pending)
    }

    /// `tags` with `old` (in any case) replaced by `new` where it stands, and `new` kept once.
    static func renaming(_ old: String, to new: String, in tags: [String]) -> [String] {
        var result: [String] = []
        for tag in tags {
            let renamed = Tag.key(tag) == Tag.key(old) ? new : tag
            if Tag.key(renamed) == Tag.key(new), result.contains(where: { Tag.same($0, new) }) { continue }
            result.append(renamed)
        }
        return result
    }

    /// Each tag with the number of entries carrying it (in the header or as an inline `#tag`), most used
    /// first, then by name; tags that differ only in case count as one. From the index.
    public func tagUsage() throws(JournalError) -> [(tag: String, count: Int)] {
        try tagCounts()
    }

    /// One tag as the user typed it (`#busan` or `busan`), or an error when it is not exactly one tag, or
    /// not one word: a rename writes the name into texts as a `#hashtag`.
    static func singleTag(_ text: String) throws(JournalError) -> String {
        let tags = try Tag.normalize([text])
        guard !tags.isEmpty else { throw .invalidTag(text) }
        guard tags.count == 1, !text.contains(",") else { throw .invalid(Say.notOneTag(text)) }
        guard Tag.isWord(tags[0]) else { throw .invalid(Say.tagNotOneWord(text)) }
        return tags[0]
    }

    // MARK: Categories

    /// Each category of journal.yml with the number of entries naming it, in journal.yml's order; then
    /// the categories entries name that journal.yml does not define, most used first.
    public func categoryUsage() throws(JournalError) -> [CategoryUsage] {
        Journal.categoryUsage(settings: settings, counts: try categoryCounts())
    }

    static func categoryUsage(settings: Settings, counts: [String?: Int]) -> [CategoryUsage] {
        // Entries naming a category by another of its names (`일상` for `stuff`) count for it.
        var usage = settings.categories.map { category in
            let count = settings.names(of: category.name).reduce(0) { $0 + (counts[$1] ?? 0) }
            return CategoryUsage(name: category.name, emoji: category.emoji, color: category.color, count: count, known: true)
        }
        var unknown: [(name: String, count: Int)] = []
        for (name, count) in counts {
            if let name, settings.category(named: name) == nil { unknown.append((name, count)) }
        }
        unknown.sort { a, b in a.count != b.count ? a.count > b.count : a.name < b.name }
        for item in unknown {
            usage.append(CategoryUsage(name: item.name, emoji: nil, color: nil, count: item.count, known: false))
        }
        return usage
    }

    /// Appends a category to journal.yml, in one commit.
    public func addCategory(_ name: String, emoji: String?, color: String?) throws(JournalError) -> PendingReport {
        let edited = try Settings.addingCategory(name, emoji: emoji, color: color, to: try settingsText(), path: settingsPath)
        return try change([(Journal.settingsFile, Data(edited.utf8))], message: Say.commitAddCategory(name))
    }

    /// Renames a category in journal.yml and in the `category:` line of every entry naming it, in one commit.
    public func renameCategory(_ old: String, to new: String) throws(JournalError) -> BulkUpdate {
        let edited = try Settings.renamingCategory(old, to: new, in: try settingsText(), path: settingsPath)
        let key = settings.category(named: old)?.name ?? old
        let (files, skipped) = try entriesNaming(category: key, setting: YAMLWriter.scalar(new))
        let pending = try change(
            [(Journal.settingsFile, Data(edited.utf8))] + files, message: Say.commitRenameCategory(old, new, files.count))
        return BulkUpdate(count: files.count, skipped: skipped, pending: pending)
    }

    /// Removes a category from journal.yml. While entries name it, only with `force`, which also removes
    /// their `category:` line; all in one commit.
    public func removeCategory(_ name: String, force: Bool) throws(JournalError) -> BulkUpdate {
        let edited = try Settings.removingCategory(name, from: try settingsText(), path: settingsPath)
        let key = settings.category(named: name)?.name ?? name
        let (files, skipped) = try entriesNaming(category: key, setting: nil)
        if !files.isEmpty, !force { throw .categoryInUse(name, count: files.count) }
        let pending = try change(
            [(Journal.settingsFile, Data(edited.utf8))] + files, message: Say.commitRemoveCategory(name, files.count))
        return BulkUpdate(count: files.count, skipped: skipped, pending: pending)
    }

    /// The entry files naming `category` (by any of its names), with their `category:` line set to `value` (nil: removed),
    /// and the entries whose header cannot be read.
    private func entriesNaming(category: String, setting value: String?) throws(JournalError)
        -> (files: [(path: String, data: Data?)], skipped: [Entry])
    {
        var files: [(path: String, data: Data?)] = []
        var skipped: [Entry] = []
        for entry in try entries(EntryQuery(category: category)) + entries(EntryQuery(broken: true)) {
            if entry.problem != nil {
                skipped.append(entry)
                continue
            }
            let data = try FileSystem.read(root + "/" + entry.path)
            let current = decodeForEdit(data, path: entry.path)
            guard current.problem == nil else {
                skipped.append(current)
                continue
            }
            guard let named = current.category, settings.names(of: category).contains(named), let edited = EntryFile.setting([("category", value)], in: data) else { continue }
            files.append((entry.path, edited))
        }
        return (files, skipped)
    }

    private var settingsPath: String { root + "/" + Journal.settingsFile }

    /// journal.yml's text as stored now; refused when it is not UTF-8 (a line edit would change its bytes).
    private func settingsText() throws(JournalError) -> String {
        let data = try FileSystem.read(settingsPath)
        let text = String(decoding: data, as: UTF8.self)
        guard Data(text.utf8) == data else { throw .settingsNotEditable(settingsPath, reason: Say.notUTF8) }
        return text
    }

    /// An entry read from the bytes about to be edited. Only its header matters here, so a file
    /// without a date gets the clock's (no git lookup).
    func decodeForEdit(_ data: Data, path: String) -> Entry {
        EntryFile.decode(data, path: path, zone: context.timeZone) {
            (Timestamp(date: context.now, timeZone: context.timeZone), .modificationTime)
        }
    }
}
