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
    /// line; where both changed the same words, or the starting version is unknown, nothing is written.
    public func replaceText(of entry: Entry, with text: String, expected: String, base: Data?)
        throws(JournalError) -> ReplaceOutcome
    {
        guard !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { throw .invalid(Say.emptiedEntry(entry.shortID)) }
        let wanted = Data(text.utf8)
        var current = Data()
        var refused = false
        let (_, changed) = try change { () throws(JournalError) in
            // Read under the lock: what an editor saved a moment ago is what the merge sees.
            guard let onDisk = FileSystem.contents(absolutePath(of: entry)) else { throw .unknownID(entry.shortID) }
            current = onDisk
            var data = wanted
            if Journal.versionTag(of: onDisk) != expected {
                guard let base, Journal.versionTag(of: base) == expected else {
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
            return ([(entry.path, data)], Say.commitEdit(Journal.shortTitle(of: entry), entry.shortID))
        }
        if refused { return .changedOnDisk(current: String(decoding: current, as: UTF8.self)) }
        let now = try readEntry(at: entry.path)
        return changed ? .saved(now) : .unchanged(now)
    }
}
