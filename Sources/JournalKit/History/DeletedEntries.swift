import Foundation
import Git

/// An entry file that a commit deleted: the latest deletion of its path.
struct DeletedFile: Sendable, Equatable {
    var path: String
    /// The file as it was just before it was deleted.
    var blob: ObjectID
    /// The `id` of that version (from its header, else derived from its path).
    var id: String
    /// The commit that deleted it.
    var commit: ObjectID
}

extension Journal {
    /// Every entry file ever deleted from the history that leads to HEAD, newest deletion first (one per path).
    ///
    /// Finding them means comparing every commit with its parent, which on a long history takes seconds
    /// (about as long as `git log --diff-filter=D`), so the answer is kept in `.git/journal/deleted` with the
    /// HEAD it covers: the next search reads only the commits made since. The file is derived, safe to delete,
    /// and thrown away when HEAD no longer descends from the commit it names (a rewritten history).
    func deletedFiles() throws -> [DeletedFile] {
        guard let head = try head() else { return [] }
        let cachePath = stateFolder + "/deleted"
        let cached = DeletedFileCache.read(cachePath)
        if let cached, cached.head == head { return cached.files }
        var base: DeletedFileCache?
        if let cached, (try? repository.isAncestor(cached.head, of: head)) == true { base = cached }
        var found: [DeletedFile] = []
        var seen: Set<String> = []
        try withGit(Say.text("doing.searchDeleted")) {
            try repository.walkChanges(hiding: base.map { [$0.head] } ?? [], under: [Journal.entriesFolder]) { info, changes in
                for change in changes where change.kind == .deleted && Journal.isEntryPath(change.path) {
                    guard seen.insert(change.path).inserted, let blob = change.oldBlob else { continue }
                    let date = Timestamp(date: info.authorTime, offsetSeconds: info.authorOffsetSeconds)
                    let id = decodeVersion(try repository.blobData(blob), path: change.path, date: date).id
                    found.append(DeletedFile(path: change.path, blob: blob, id: id, commit: info.id))
                }
                return true
            }
        }
        let files = found + (base?.files.filter { !seen.contains($0.path) } ?? [])
        // Only a cache: a failure to write it costs the next search its speed, nothing else.
        try? write(DeletedFileCache(head: head, files: files).data, to: cachePath)
        return files
    }
}

/// An entry deleted and not brought back, as the trash lists it.
public struct DeletedEntry: Sendable, Equatable {
    /// The entry as its last version was, text and all.
    public var entry: Entry
    /// When it was deleted: the deleting commit's author time, in its author's offset.
    public var deletedAt: Timestamp
    /// The deleting commit, short.
    public var commit: String
}

extension Journal {
    /// The trash: every entry deleted and not back (its path free, its id on no current entry), one per id,
    /// newest deletion first, at most `limit`. `journal restore ID` and the web view's restore bring one back.
    public func deletedEntries(limit: Int? = nil) throws -> [DeletedEntry] {
        var found: [DeletedEntry] = []
        var seen = Set<String>()
        for file in try deletedFiles() {
            if let limit, found.count >= limit { break }
            guard seen.insert(file.id).inserted, !FileSystem.exists(root + "/" + file.path) else { continue }
            // Moved by hand to another path: not deleted.
            let current = Result { () throws(JournalError) -> Entry in try entry(matching: file.id) }
            switch current {
            case .success: continue
            case .failure(.unknownID): break
            case .failure(let error): throw error
            }
            let data = try withGit(Say.text("doing.read", file.path)) { try repository.blobData(file.blob) }
            let info = try withGit(Say.text("doing.readCommit", file.commit.short)) { try repository.commitInfo(file.commit) }
            let date = Timestamp(date: info.authorTime, offsetSeconds: info.authorOffsetSeconds)
            found.append(DeletedEntry(entry: decodeVersion(data, path: file.path, date: date), deletedAt: date, commit: file.commit.short))
        }
        // The walk finds them newest commit first; by the time they were deleted, newest first.
        return found.enumerated().sorted { a, b in
            a.element.deletedAt.date != b.element.deletedAt.date ? a.element.deletedAt.date > b.element.deletedAt.date : a.offset < b.offset
        }.map(\.element)
    }
}

/// The file `.git/journal/deleted`: a version line, the HEAD it covers, then one deleted file per line
/// (path, blob, id, commit; tab-separated).
struct DeletedFileCache {
    var head: ObjectID
    var files: [DeletedFile]

    static let version = "journal-deleted-entries 1"

    var data: Data {
        var text = DeletedFileCache.version + "\n" + head.hex + "\n"
        for file in files {
            text += [file.path, file.blob.hex, file.id, file.commit.hex].joined(separator: "\t") + "\n"
        }
        return Data(text.utf8)
    }

    /// Nil when the file is missing or not one this version wrote.
    static func read(_ path: String) -> DeletedFileCache? {
        guard let data = FileSystem.contents(path) else { return nil }
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.count >= 2, lines[0] == version, let head = ObjectID(hex: String(lines[1])) else { return nil }
        var files: [DeletedFile] = []
        for line in lines.dropFirst(2) where !line.isEmpty {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 4, let blob = ObjectID(hex: fields[1]), let commit = ObjectID(hex: fields[3]) else {
                return nil
            }
            files.append(DeletedFile(path: fields[0], blob: blob, id: fields[2], commit: commit))
        }
        return DeletedFileCache(head: head, files: files)
    }
}
