import Foundation
import Git
#if canImport(Glibc)
import Glibc
#endif

/// Entries a sync would delete on a remote although no command of the user's deleted them: files gone
/// from the folder (a clone cut short, an editor, a script) that a commit of changes made outside journal,
/// or the git program, recorded as deleted. Pushed, they would be deleted on every machine at its next
/// sync; so past a few, a sync stops before it pushes and asks (as rclone's `--max-delete` does).
public struct HeldDeletions: Sendable, Equatable {
    public struct Item: Sendable, Equatable {
        public var id: String
        public var title: String
        public var path: String
    }

    public var remote: String
    /// Newest deletion first.
    public var entries: [Item]
    /// The entries the remote holds now.
    public var remoteEntries: Int
}

/// What to do with held deletions: push them, bring the entries back here (one commit), or stop.
public enum HeldDeletionsAnswer: Sendable {
    case push, restore, stop
}

extension Journal {
    static let removalsRecordName = "removals"

    /// Deletions below this many entries are not held unless they are a tenth of the remote's (and two or more).
    static let heldDeletionsFloor = 4

    private var removalsRecordPath: String { stateFolder + "/" + Journal.removalsRecordName }

    /// Records that the commit at HEAD deleted entries because a command said so (`rm`, the web view's delete):
    /// a sync pushes such deletions without asking. Best effort: a commit left out of the record is asked about.
    func recordRemovalCommit() {
        guard let head = try? head() else { return }
        let descriptor = Glibc.open(removalsRecordPath, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return }
        defer { Glibc.close(descriptor) }
        _ = FileSystem.writeAll(descriptor, Data((head.hex + "\n").utf8))
    }

    private var removalCommits: Set<String> {
        guard let data = FileSystem.contents(removalsRecordPath) else { return [] }
        return Set(String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init))
    }

    /// The entries that pushing `after` over `remoteTip` would delete, where a commit made on this machine and
    /// not by a command that deletes (`rm`) deleted them, when there are more than a few of them or a tenth of
    /// the journal; empty otherwise. A file moved is not deleted; deletions that came from another remote were
    /// checked by the machine that first pushed them.
    func heldDeletions(pushing after: ObjectID, over remoteTip: ObjectID?, remote: String) throws -> HeldDeletions? {
        guard let remoteTip else { return nil }
        let repository = try repository
        let net = try repository.changes(from: remoteTip, to: after, under: [Journal.entriesFolder])
        let deleted = Set(net.filter { $0.kind == .deleted && Journal.isEntryPath($0.path) }.map(\.path))
        guard !deleted.isEmpty else { return nil }
        let sanctioned = removalCommits
        var decided: Set<String> = []
        var held: [(path: String, blob: ObjectID)] = []
        let seen = try [remoteTip] + repository.remoteTrackingTips()
        try repository.walkCommits(from: after, hiding: seen) { commit in
            guard !commit.isMerge else { return true }
            let changes = try repository.changes(from: commit.parents.first, to: commit.id, under: [Journal.entriesFolder])
            let removed = changes.filter { $0.kind == .deleted && deleted.contains($0.path) && !decided.contains($0.path) }
            guard !removed.isEmpty else { return true }
            decided.formUnion(removed.map(\.path))
            if sanctioned.contains(commit.id.hex) { return true }
            let moved = try movedIDs(in: changes)
            for change in removed {
                guard let blob = change.oldBlob else { continue }
                if !moved.isEmpty, moved.contains(entryID(blob: blob, path: change.path)) { continue }
                held.append((change.path, blob))
            }
            return decided.count < deleted.count
        }
        guard held.count >= 2 else { return nil }
        var remoteEntries = 0
        if held.count < Journal.heldDeletionsFloor {
            remoteEntries = try repository.changes(from: nil, to: remoteTip, under: [Journal.entriesFolder]).filter { Journal.isEntryPath($0.path) }.count
            guard held.count * 10 >= remoteEntries else { return nil }
        } else {
            remoteEntries = try repository.changes(from: nil, to: remoteTip, under: [Journal.entriesFolder]).filter { Journal.isEntryPath($0.path) }.count
        }
        let items = held.map { item in
            let entry = decodedEntry(blob: item.blob, path: item.path)
            return HeldDeletions.Item(id: entry?.shortID ?? "", title: entry.map { Journal.shortTitle(of: $0) } ?? item.path, path: item.path)
        }
        return HeldDeletions(remote: remote, entries: items, remoteEntries: remoteEntries)
    }

    /// The ids of the entries a commit's `changes` add: an entry deleted at one path and added at another in the
    /// same commit was moved (by hand, committed as a move).
    private func movedIDs(in changes: [TreeChange]) throws -> Set<String> {
        let added = changes.filter { $0.kind == .added && Journal.isEntryPath($0.path) }
        guard !added.isEmpty else { return [] }
        return Set(added.compactMap { change in change.newBlob.map { entryID(blob: $0, path: change.path) } })
    }

    private func decodedEntry(blob: ObjectID, path: String) -> Entry? {
        guard let data = try? repository.blobData(blob, path: path) else { return nil }
        return EntryFile.decode(data, path: path, zone: context.timeZone) { (Timestamp(date: context.now, timeZone: context.timeZone), .modificationTime) }
    }

    private func entryID(blob: ObjectID, path: String) -> String {
        decodedEntry(blob: blob, path: path)?.id ?? path
    }

    /// Brings back, in one commit, the entries `held` names (and their attachments) as the remote has them.
    func restoreHeld(_ held: HeldDeletions, from remoteTip: ObjectID) throws(JournalError) {
        var files: [(path: String, data: Data?)] = []
        do {
            for path in held.entries.map(\.path).sorted() {
                guard let data = try repository.fileContents(path, at: remoteTip) else { continue }
                files.append((path, data))
                let entry = EntryFile.decode(data, path: path, zone: context.timeZone) {
                    (Timestamp(date: context.now, timeZone: context.timeZone), .modificationTime)
                }
                let folder = Journal.attachmentFolder(of: entry.id)
                for change in try repository.changes(from: nil, to: remoteTip, under: [folder])
                where change.newBlob != nil && !FileSystem.exists(root + "/" + change.path) {
                    if let attachment = try repository.fileContents(change.path, at: remoteTip) { files.append((change.path, attachment)) }
                }
            }
        } catch {
            throw .from(error, doing: Say.text("doing.readHistory"))
        }
        guard !files.isEmpty else { return }
        _ = try change(files, message: Say.commitRestoreHeld(held.entries.count))
    }
}
