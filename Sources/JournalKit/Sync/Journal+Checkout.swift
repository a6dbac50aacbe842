import Foundation
import Git

/// The crash-safe checkout of a sync: a marker written first, so that the next command finishes a
/// checkout a killed sync left half done, and the lock files such a sync left are cleared.
extension Journal {
    static let syncMarkerName = "sync-checkout.json"

    var syncMarkerPath: String { stateFolder + "/" + Journal.syncMarkerName }

    /// Moves HEAD's branch from `from` to `to` and makes the work tree, git's index and the snapshot
    /// follow. A marker written first makes this safe to kill: the next command redoes it.
    /// `changes` is the diff from `marker.from` to `marker.to`.
    func checkOut(_ marker: SyncMarker, changes: [TreeChange]) throws {
        // A tree from elsewhere may name any path: nothing is written outside the journal or into .git.
        if let unsafe = changes.first(where: { !Journal.isSafe($0.path) }) {
            throw JournalError.invalid(Say.unsafePath(unsafe.path))
        }
        try write(try JSONEncoder().encode(marker), to: syncMarkerPath)
        try completeCheckout(marker, changes: changes)
    }

    /// Writes `to`'s version of every path that differs from `from`, updates git's index, moves the
    /// branch, records the paths in the snapshot and removes the marker. Doing it twice does no harm.
    /// When `resuming` a checkout a killed sync left, a file that holds neither the old nor the new
    /// version was edited since: the edit is merged with the new version (as the later side) and
    /// left for the next command to commit as the user's edit. `cutOffByAKill`: the checkout wrote files in
    /// place (a clone's), so a file holding the start of its new version only is that version cut off, not
    /// an edit.
    func completeCheckout(_ marker: SyncMarker, changes all: [TreeChange], resuming: Bool = false,
                          cutOffByAKill: Bool = false) throws {
        var changes = all
        var kept: [String] = []
        if resuming {
            var edited: [TreeChange] = []
            changes.removeAll { change in
                guard let now = try? repository.hashFile(change.path), now != change.oldBlob, now != change.newBlob else {
                    return false
                }
                if cutOffByAKill, let blob = change.newBlob, let found = FileSystem.contents(root + "/" + change.path),
                   let whole = try? repository.blobData(blob, path: change.path), whole.starts(with: found) {
                    return false
                }
                // A file new in `to` was written by the checkout, so an edit of it is an edit of that version.
                if change.oldBlob == nil { kept.append(change.path) }
                edited.append(change)
                return true
            }
            for change in edited where change.oldBlob != nil {
                let full = root + "/" + change.path
                let merged = FileMerge.merge(MergeInput(
                    path: change.path, base: try change.oldBlob.map { try repository.blobData($0, path: change.path) },
                    ours: try FileSystem.read(full), theirs: try change.newBlob.map { try repository.blobData($0, path: change.path) },
                    oursWins: true))
                if let data = merged.data { try write(data, to: full) }
                kept.append(change.path)
                if let copy = merged.copy {
                    try write(copy.data, to: root + "/" + copy.path)
                    kept.append(copy.path)
                }
            }
        }
        // Files deleted first (a file may give way to a folder of the same name), then the new versions
        // written together (`FileSystem.writeAtomically`: each one whole or not at all, flushed at once).
        let deleted = changes.filter { $0.newBlob == nil && FileSystem.exists(root + "/" + $0.path) }
        for change in deleted { try FileSystem.remove(root + "/" + change.path) }
        FileSystem.syncFolders(Array(Set(deleted.map { root + "/" + ($0.path as NSString).deletingLastPathComponent })))
        for change in deleted { removeEmptyFolders(above: change.path) }
        let written = changes.compactMap { change in change.newBlob.map { (path: change.path, blob: $0) } }
        try FileSystem.writeAtomically(written.map { root + "/" + $0.path }, temporaryIn: temporaryFolder) { index in
            try repository.blobData(written[index].blob, path: written[index].path)
        }
        PhaseTrace.mark("  files written")
        let paths = changes.map(\.path)
        try repository.updateIndex(checkedOut: changes)
        PhaseTrace.mark("  git index")
        if try repository.head() != marker.to {
            try repository.moveBranch(to: marker.to, from: marker.from, message: marker.message)
        }
        PhaseTrace.mark("  index, branch")
        try? index().record(paths, root: root, committed: true, read: indexRead)
        PhaseTrace.mark("  snapshot")
        try? index().record(kept, root: root, committed: false, read: indexRead)
        try FileSystem.remove(syncMarkerPath)
    }

    /// Finishes a checkout that a killed sync left half done (called with the lock held).
    func finishInterruptedSync() throws(JournalError) {
        guard let data = FileSystem.contents(syncMarkerPath) else { return }
        do {
            let marker = try JSONDecoder().decode(SyncMarker.self, from: data)
            let current = try repository.head()
            if current == marker.from || current == marker.to {
                let changes = try repository.changes(from: marker.from, to: marker.to)
                try completeCheckout(marker, changes: changes, resuming: true)
            } else {
                // HEAD moved by other means (the git program): the marker no longer describes anything.
                try FileSystem.remove(syncMarkerPath)
            }
        } catch {
            throw .from(error, doing: Say.text("doing.finishSync"))
        }
    }

    /// A path a checkout may write: relative, inside the journal, never into `.git`, no control characters.
    static func isSafe(_ path: String) -> Bool {
        guard !path.hasPrefix("/"), !path.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else {
            return false
        }
        return path.split(separator: "/", omittingEmptySubsequences: false).allSatisfy { part in
            !part.isEmpty && part != "." && part != ".." && part.lowercased() != ".git"
        }
    }

    private func removeEmptyFolders(above path: String) {
        var folder = (path as NSString).deletingLastPathComponent
        while !folder.isEmpty, folder != Journal.entriesFolder {
            guard rmdir(root + "/" + folder) == 0 else { return }
            folder = (folder as NSString).deletingLastPathComponent
        }
    }
}

/// The checkout a sync is doing, written before the first file changes.
struct SyncMarker: Codable {
    var from: ObjectID?
    var to: ObjectID
    var message: String
}
