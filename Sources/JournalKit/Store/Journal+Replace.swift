import Crypto
import Foundation

/// What `replaceText` did.
public enum ReplaceOutcome: Sendable {
    /// Written and committed (merged first with a change made on disk after `base` was read).
    case saved(Entry)
    /// The file already says this: nothing written.
    case unchanged(Entry)
    /// The file changed after `base` was read and the two changes touch the same words (or `base` is
    /// unknown): nothing written.
    case changedOnDisk(current: String)
}

extension Journal {
    /// The tag of an entry file's bytes (the web view's `ETag`): equal tags, equal bytes.
    public static func versionTag(of data: Data) -> String {
        SHA256.hash(data: data).prefix(16).map { String(format: "%02x", $0) }.joined()
    }

    /// The entry's file as it is now, with its tag.
    public func currentVersion(of entry: Entry) throws(JournalError) -> (data: Data, tag: String) {
        guard let data = FileSystem.contents(absolutePath(of: entry)) else { throw .unknownID(entry.shortID) }
        return (data, Journal.versionTag(of: data))
    }

    /// Replaces an entry's whole text (header included) with `text`, as one commit, never over a change it
    /// has not seen: `expected` is the tag of the version the writer started from, `base` its bytes (when
    /// known). When the file still has that tag, `text` is written; when it changed meanwhile (an editor, a
    /// sync), the two changes are merged as sync merges an entry, header field by field and the text line by
    /// line; where both changed the same words, or the starting version is unknown (neither handed over nor
    /// among the committed ones), nothing is written. A nil
    /// `expected` is HTTP's `If-Match: *`: whatever version is there now, written over on purpose.
    /// A text `editProblem` refuses is refused before anything is written or committed.
    public func replaceText(of entry: Entry, with text: String, expected: String?, base: Data?)
        throws(JournalError) -> ReplaceOutcome
    {
        guard !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { throw .invalid(Say.emptiedEntry(entry.shortID)) }
        guard let first = FileSystem.contents(absolutePath(of: entry)) else { throw .unknownID(entry.shortID) }
        let wanted = Journal.keepingForm(Data(text.utf8), of: first)
        try checkEdit(wanted, replacing: first, of: entry)
        var current = Data()
        var refused = false
        let (_, changed) = try change { () throws(JournalError) in
            // Read under the lock: what an editor saved a moment ago is what the merge sees.
            guard let onDisk = FileSystem.contents(absolutePath(of: entry)) else { throw .unknownID(entry.shortID) }
            current = onDisk
            var data = wanted
            if let expected, Journal.versionTag(of: onDisk) != expected {
                // Not handed over (a server started since the page was read): a committed version may be it.
                guard let base = base ?? committedVersion(of: entry, tagged: expected), Journal.versionTag(of: base) == expected else {
                    refused = true
                    return nil
                }
                let merged = FileMerge.merge(MergeInput(path: entry.path, base: base, ours: wanted, theirs: onDisk, oursWins: true))
                guard merged.copy == nil, let result = merged.data else {
                    refused = true
                    return nil
                }
                data = result
            }
            guard data != onDisk else { return nil }
            try checkEdit(data, replacing: onDisk, of: entry)
            return ([(entry.path, data)], Say.commitEdit(Journal.shortTitle(of: entry), entry.shortID))
        }
        if refused { return .changedOnDisk(current: String(decoding: current, as: UTF8.self)) }
        let now = try readEntry(at: entry.path)
        return changed ? .saved(now) : .unchanged(now)
    }

    /// `data` in the form of the file it replaces, as an editor keeps it: a text with no CR at all (a
    /// browser's text box sends LF) over a file of CRLF lines gets CRLF, and a text without a BOM over a
    /// file that starts with one gets it back; anything else as it is.
    static func keepingForm(_ data: Data, of current: Data) -> Data {
        let bom = FrontMatter.bom
        var out = data
        if let firstLF = current.firstIndex(of: 10), firstLF > current.startIndex, current[current.index(before: firstLF)] == 13,
           !data.contains(13) {
            out = Data(capacity: data.count + data.count / 16)
            for byte in data {
                if byte == 10 { out.append(13) }
                out.append(byte)
            }
        }
        if current.starts(with: bom) && !out.starts(with: bom) { out.insert(contentsOf: bom, at: out.startIndex) }
        return out
    }

    /// The bytes of the version of the entry with this tag among the last `limit` its history holds (a draft
    /// kept in a browser names the version it started from, which may have left the server's memory); nil
    /// when none has it (a hand edit never committed, or an older one).
    func committedVersion(of entry: Entry, tagged tag: String, limit: Int = 64) -> Data? {
        guard let items = try? history(of: entry), let repository = try? repository else { return nil }
        for item in items.prefix(limit) {
            guard let blob = item.newBlob, let data = try? repository.blobData(blob, path: item.path) else { continue }
            if Journal.versionTag(of: data) == tag { return data }
        }
        return nil
    }

    /// What a whole file's new text, written by the tool over an entry's file (the web view's edit), may not
    /// do; nil when it may be written. An edit never changes an entry's id: a text without the header (or
    /// without its `id:`) would become another entry, named after its path, and another entry's `id:`
    /// would make two files of one id. The tool never writes a header it cannot read (a date, a list, a
    /// flag that is not one: the line at fault is named). A category journal.yml does not know is refused
    /// when the edit brings it, as `add --category` and `edit -c` refuse it; one the file had already (a
    /// sync brought it) is kept. The editor's edit (`editFile`) holds the id the same way; a header the
    /// user's own editor left broken is theirs, committed as written and reported (see `editFile`).
    public func editProblem(_ data: Data, replacing current: Data, of entry: Entry) -> JournalError? {
        let edited = decodeForEdit(data, path: entry.path)
        if let problem = edited.problem {
            if problem.reason == Say.notText { return .invalid(Say.textHoldsNUL(problem.line)) }
            return .invalid(Say.editBrokenHeader(problem.line, problem.reason))
        }
        if let problem = idProblem(edited, data: data, of: entry) { return problem }
        let before = decodeForEdit(current, path: entry.path)
        if let name = edited.category, name != before.category {
            do { try validate(category: name) } catch { return error }
        }
        return nil
    }

    func checkEdit(_ data: Data, replacing current: Data, of entry: Entry) throws(JournalError) {
        if let problem = editProblem(data, replacing: current, of: entry) { throw problem }
    }

    /// An edited file's id that is not the entry's: the one line that says so, with the line at fault.
    func idProblem(_ edited: Entry, data: Data, of entry: Entry) -> JournalError? {
        guard edited.id != entry.id else { return nil }
        // An id from the path: the text names none in its header.
        guard edited.id != NameUUID.forPath(entry.path).uuidString.lowercased() else { return .invalid(Say.editDropsID(entry.id)) }
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        if let at = lines.firstIndex(where: { $0.hasPrefix("id:") }) {
            let written = lines[at].dropFirst(3).trimmingCharacters(in: .whitespaces)
            return .invalid(Say.editChangesID(at + 1, written, entry.id))
        }
        return .invalid(Say.editDropsID(entry.id))
    }
}
