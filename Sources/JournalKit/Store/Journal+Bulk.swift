import Foundation

/// Commands over many entries at once (jrnl's `--delete` and `--edit` over a filter): `rm` and `tag` with
/// several ids or a filter, each one commit.
extension Journal {
    /// The entries `ids` name (each an id prefix or a path, as `entry(matching:)` reads it), each once, in
    /// the order named; an id that names none, or several, is an error.
    public func entries(matching ids: [String]) throws(JournalError) -> [Entry] {
        var found: [Entry] = []
        for id in ids {
            let entry = try entry(matching: id)
            if !found.contains(where: { $0.path == entry.path }) { found.append(entry) }
        }
        return found
    }

    /// The entries a command over many acts on: those `ids` name, and of them (or of all, with no ids)
    /// those `filter` picks (with no filter, just the named ones).
    public func entries(named ids: [String], matching filter: EntryFilter?) throws(JournalError) -> [Entry] {
        let named = try entries(matching: ids)
        guard let filter else { return named }
        let picked = try entries(matching: filter)
        return ids.isEmpty ? picked : named.filter { entry in picked.contains { $0.path == entry.path } }
    }

    /// Deletes entries (and their attachments folders) in one commit; git keeps them.
    @discardableResult
    public func remove(_ entries: [Entry]) throws(JournalError) -> PendingReport {
        guard !entries.isEmpty else { return PendingReport() }
        var files: [(path: String, data: Data?)] = []
        var folders: [String] = []
        for entry in entries {
            files.append((entry.path, nil))
            let attachments = Journal.attachmentFolder(of: entry.id)
            if FileSystem.isFolder(root + "/" + attachments) {
                folders.append(attachments)
                files += FileSystem.files(under: root + "/" + attachments, relativeTo: root).map { ($0, nil) }
            }
        }
        let message = entries.count == 1
            ? Say.commitDelete(Journal.shortTitle(of: entries[0]), entries[0].shortID) : Say.commitDeleteMany(entries.count)
        let pending = try change(files, message: message)
        for folder in folders { try? FileManager.default.removeItem(atPath: root + "/" + folder) }
        return pending
    }

    /// One header edit (tags, category, star) on many entries, in one commit. An entry whose header cannot
    /// be read is left alone and returned as skipped; entries already as asked are not touched.
    public func updateHeaders(of entries: [Entry], _ edit: HeaderEdit) throws(JournalError) -> BulkUpdate {
        var edit = edit
        if case .set(let name) = edit.category { edit.category = .set(try validate(category: name)) }
        var skipped: [Entry] = []
        var count = 0
        let result = try change { () throws(JournalError) -> (files: [(path: String, data: Data?)], message: String)? in
            var files: [(path: String, data: Data?)] = []
            for entry in entries {
                let data = try FileSystem.read(root + "/" + entry.path)
                let current = decodeForEdit(data, path: entry.path)
                guard current.problem == nil else {
                    skipped.append(current)
                    continue
                }
                let plan = Journal.plan(edit, for: current)
                guard !plan.changes.isEmpty, let edited = EntryFile.setting(plan.fields, in: data) else { continue }
                files.append((entry.path, edited))
            }
            count = files.count
            guard !files.isEmpty else { return nil }
            return (files, Say.commitEditMany(files.count, Say.inEnglish { Journal.describe(edit) }))
        }
        return BulkUpdate(count: count, skipped: skipped, pending: result.pending)
    }

    /// `+food -work, starred`: what an edit asks, for a commit message over many entries.
    static func describe(_ edit: HeaderEdit) -> String {
        var changes = HeaderChanges()
        changes.category = edit.category
        for operation in edit.tags {
            switch operation {
            case .add(let tag): changes.addedTags.append(tag)
            case .remove(let tag): changes.removedTags.append(tag)
            }
        }
        changes.starred = edit.starred
        changes.date = edit.date
        return changes.summary
    }
}
