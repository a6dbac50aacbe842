import Foundation
import Git

/// The tree-level merge policy of a sync: which paths merge with which, hand moves followed, entries that
/// come back with their attachments, and which side wins a clash (`FileMerge` merges each path).
extension Journal {
    /// A merge commit made but not checked out yet, with what the merge had to decide.
    struct MergePlan {
        var commit: ObjectID
        var conflicts: [String] = []
        /// The paths whose two versions clashed (each has one of `conflicts` beside it).
        var clashed: [String] = []
        var notes: [String] = []
        /// Our commits that the merge commit leaves out (made before this machine knew the journal was
        /// encrypted), to keep under this ref once the merge is checked out.
        var kept: (ref: String, commit: ObjectID)?
    }

    /// The merge commit of `ours` and `theirs`, built path by path with `FileMerge`; HEAD doesn't move.
    /// `keepingOurs`: paths whose change on their side is left out (a replayed older version).
    /// `joining`: the two have no commit in common (two journals made apart), said in the commit's message.
    func merge(ours: ObjectID, theirs: ObjectID, remote: String, keepingOurs keptOurs: Set<String> = [],
               joining: Bool = false) throws -> MergePlan {
        let base = try repository.mergeBase(ours, theirs)
        let ourChanges = try repository.changes(from: base, to: ours)
        let theirChanges = try repository.changes(from: base, to: theirs).filter { !keptOurs.contains($0.path) }
        let ourByPath = Dictionary(ourChanges.map { ($0.path, $0) }, uniquingKeysWith: { a, _ in a })
        let theirByPath = Dictionary(theirChanges.map { ($0.path, $0) }, uniquingKeysWith: { a, _ in a })
        func data(_ blob: ObjectID?) throws -> Data? { try blob.map { try repository.blobData($0) } }

        // A file moved by hand on one side (deleted, and added elsewhere with the same bytes or the
        // same entry id) while the other side edited it: the edit follows it to its new path.
        var moves: [(from: String, to: TreeChange, movedByUs: Bool, mine: TreeChange, their: TreeChange)] = []
        for (path, mine) in ourByPath {
            guard let their = theirByPath[path], (mine.kind == .deleted) != (their.kind == .deleted),
                  mine.kind != .added, their.kind != .added else { continue }
            let movedByUs = mine.kind == .deleted
            if let target = try moveTarget(of: path, blob: mine.oldBlob, among: movedByUs ? ourChanges : theirChanges),
               (movedByUs ? theirByPath : ourByPath)[target.path] == nil {
                moves.append((path, target, movedByUs, mine, their))
            }
        }
        // A file both sides moved by hand, to two different paths: one file stays, at the later move's
        // path, with both sides' edits (two files with one id would leave every command unsure).
        var bothMoved: [(from: String, ours: TreeChange, theirs: TreeChange)] = []
        for mine in ourChanges where mine.kind == .deleted {
            guard let their = theirByPath[mine.path], their.kind == .deleted,
                  let ourTarget = try moveTarget(of: mine.path, blob: mine.oldBlob, among: ourChanges),
                  let theirTarget = try moveTarget(of: mine.path, blob: mine.oldBlob, among: theirChanges),
                  ourTarget.path != theirTarget.path, theirByPath[ourTarget.path] == nil, ourByPath[theirTarget.path] == nil
            else { continue }
            bothMoved.append((mine.path, ourTarget, theirTarget))
        }
        let skipped = Set(moves.flatMap { [$0.from, $0.to.path] } + bothMoved.flatMap { [$0.from, $0.ours.path, $0.theirs.path] })

        var files: [(path: String, data: Data?)] = []
        var conflicts: [String] = []
        var clashed: [String] = []
        var notes: [String] = []
        var decisions: [String] = []  // the notes but those of conflict copies, which are listed apart
        var revived: [(id: String, deletedByUs: Bool)] = []  // entries an edit brought back from a delete
        func take(_ input: MergeInput) {
            let result = FileMerge.merge(input)
            if let kept = result.data, input.base != nil, input.ours == nil || input.theirs == nil,
               let entry = RawEntry(kept), let id = Block.scalar(of: "id", in: entry.header) {
                revived.append((id, input.ours == nil))
            }
            if result.data != input.ours { files.append((input.path, result.data)) }
            if let copy = result.copy {
                files.append((copy.path, copy.data))
                conflicts.append(copy.path)
                clashed.append(input.path)
            }
            notes += result.notes
            // A copy's own note comes last.
            decisions += result.copy == nil ? result.notes : result.notes.dropLast()
        }
        for change in theirChanges where !skipped.contains(change.path) {
            guard let mine = ourByPath[change.path] else {
                files.append((change.path, try data(change.newBlob)))
                continue
            }
            if mine.newBlob == change.newBlob { continue }
            take(MergeInput(
                path: change.path, base: try data(change.oldBlob), ours: try data(mine.newBlob), theirs: try data(change.newBlob),
                oursWins: try oursWins(change.path, ours: (ours, mine.newBlob), theirs: (theirs, change.newBlob), base: base)))
        }
        for move in moves {
            let (mine, their) = (move.mine, move.their)
            let wins = try oursWins(move.from, ours: (ours, mine.newBlob), theirs: (theirs, their.newBlob), base: base)
            take(MergeInput(
                path: move.to.path, base: try data(mine.oldBlob),
                ours: try data(move.movedByUs ? move.to.newBlob : mine.newBlob),
                theirs: try data(move.movedByUs ? their.newBlob : move.to.newBlob), oursWins: wins))
            if !move.movedByUs {
                files.append((move.from, nil))
                if !files.contains(where: { $0.path == move.to.path }) { files.append((move.to.path, try data(mine.newBlob))) }
            }
            notes.append(Say.syncFollowedMove(move.from, move.to.path))
        }
        for move in bothMoved {
            let wins = try oursWins(move.ours.path, ours: (ours, move.ours.newBlob), theirs: (theirs, move.theirs.newBlob),
                                    base: base, theirPath: move.theirs.path)
            let (kept, dropped) = wins ? (move.ours.path, move.theirs.path) : (move.theirs.path, move.ours.path)
            if !wins { files.append((move.ours.path, nil)) }
            take(MergeInput(path: kept, base: try data(ourByPath[move.from]?.oldBlob), ours: try data(move.ours.newBlob),
                            theirs: try data(move.theirs.newBlob), oursWins: wins))
            // `take` writes only what differs from our version, which our tree holds at the other path.
            if !wins, !files.contains(where: { $0.path == kept }) { files.append((kept, try data(move.ours.newBlob))) }
            notes.append(Say.syncBothMoved(move.from, kept: kept, dropped: dropped))
        }
        // An entry that comes back keeps its attachments, which the delete took with it.
        for entry in revived {
            let folder = Journal.attachmentFolder(of: entry.id) + "/"
            if entry.deletedByUs {
                for change in ourChanges where change.kind == .deleted && change.path.hasPrefix(folder)
                    && theirByPath[change.path] == nil {
                    files.append((change.path, try data(change.oldBlob)))
                }
            } else {
                let dropped = Set(theirChanges.filter { $0.kind == .deleted && $0.path.hasPrefix(folder) && ourByPath[$0.path] == nil }
                    .map(\.path))
                files.removeAll { $0.data == nil && dropped.contains($0.path) }
            }
        }
        if encrypted {
            // Our files stored before encryption was turned on elsewhere (plaintext blobs) are sealed by
            // this merge too: no commit with the marker names a plaintext blob.
            let given = Set(files.map(\.path))
            for change in ourChanges where change.kind != .deleted && BlobCipher.covers(change.path) && !given.contains(change.path) {
                if let blob = change.newBlob, !BlobCipher.isSealed(try repository.storedBlobData(blob)) {
                    files.append((change.path, try repository.blobData(blob, path: change.path)))
                }
            }
        }
        let tree = try repository.tree(from: ours, applying: files)
        var parents = [ours, theirs]
        var kept: (ref: String, commit: ObjectID)?
        if let count = try plaintextCommits(ours: ours, theirs: theirs) {
            // This machine learns of encryption from this sync: its commits the remote has not seen hold
            // plaintext (blobs, and titles in their messages), and a merge commit would push them. The
            // merged tree (sealed above) is committed on the remote's alone; they stay here, under a ref.
            kept = (Journal.beforeEncryptionRef + ours.short, ours)
            parents = [theirs]
            decisions.append(Say.syncResealed(count, Journal.beforeEncryptionRef + ours.short))
        }
        let subject = joining ? Say.commitJoin(remote) : Say.commitSync(remote)
        let full = subject + (notes.isEmpty ? "" : "\n\n" + notes.joined(separator: "\n"))
        // The notes quote header values and titles, which a remote of an encrypted journal must not see.
        let message = encrypted ? subject : full
        let commit = try repository.makeCommit(
            tree: tree, parents: parents, message: ControlCharacters.visible(message), signature: author)
        return MergePlan(commit: commit, conflicts: conflicts, clashed: clashed, notes: decisions, kept: kept)
    }

    /// Where this machine's unpushed commits are kept when a sync re-stores them encrypted.
    static let beforeEncryptionRef = "refs/journal/before-encryption/"

    /// How many of our commits that `theirs` lacks were made without encryption, when `theirs` is
    /// encrypted and this journal now is too; nil when there are none (or nothing is encrypted).
    private func plaintextCommits(ours: ObjectID, theirs: ObjectID) throws -> Int? {
        guard encrypted, try repository.blobID(of: Journal.encryptionMarkerFile, at: theirs) != nil else { return nil }
        var count = 0
        try repository.walkCommits(from: ours, hiding: [theirs]) { commit in
            if try repository.blobID(of: Journal.encryptionMarkerFile, at: commit.id) == nil { count += 1 }
            return true
        }
        return count == 0 ? nil : count
    }

    /// Where a side moved `path` (whose base version is `blob`): an added file with the same bytes, or
    /// an added entry with the same id.
    private func moveTarget(of path: String, blob: ObjectID?, among changes: [TreeChange]) throws -> TreeChange? {
        let added = changes.filter { $0.kind == .added }
        if let same = added.first(where: { $0.newBlob == blob }) { return same }
        func id(_ blob: ObjectID?) throws -> String? {
            guard let blob, let entry = RawEntry(try repository.blobData(blob)) else { return nil }
            return Block.scalar(of: "id", in: entry.header)
        }
        guard Journal.isEntryPath(path), let wanted = try id(blob) else { return nil }
        return try added.first { try Journal.isEntryPath($0.path) && id($0.newBlob) == wanted }
    }

    /// Whether our side's version of `path` wins: its last commit touching the path is later than
    /// theirs (ties: the greater blob id), so that every machine picks the same winner.
    /// `theirPath`: where their side keeps it, when not at `path`.
    private func oursWins(_ path: String, ours: (tip: ObjectID, blob: ObjectID?), theirs: (tip: ObjectID, blob: ObjectID?),
                          base: ObjectID?, theirPath: String? = nil) throws -> Bool {
        func lastTouch(_ tip: ObjectID, _ path: String) throws -> Date {
            var time = Date.distantPast
            try repository.pathHistory(path, from: tip, hiding: base.map { [$0] } ?? []) { change in
                time = change.commit.commitTime
                return false
            }
            return time
        }
        let (mine, theirs_) = (try lastTouch(ours.tip, path), try lastTouch(theirs.tip, theirPath ?? path))
        if mine != theirs_ { return mine > theirs_ }
        return (ours.blob?.hex ?? "") > (theirs.blob?.hex ?? "")
    }
}
