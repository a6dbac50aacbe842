import Foundation
import Git

/// What `commitPendingEdits` did with changes made outside the tool.
public struct PendingReport: Sendable, Equatable {
    public var committed: [String] = []
    /// One line each: why something was left alone.
    public var warnings: [String] = []
}

/// Git's conflict markers at the start of a line, which must never be committed into an entry.
enum ConflictMarkers {
    static func present(in data: Data) -> Bool {
        let text = String(decoding: data, as: UTF8.self)
        var sawStart = false
        for line in text.lfLines(omittingEmpty: true) {
            if line.hasPrefix("<<<<<<< ") || line == "<<<<<<<" { sawStart = true }
            if sawStart, line.hasPrefix(">>>>>>> ") || line == ">>>>>>>" { return true }
        }
        return false
    }
}

extension Journal {
    /// Commits edits made outside the tool (an editor, a script), unless the repository is
    /// mid-merge or mid-rebase or a file holds conflict markers: then it only reports.
    public func commitPendingEdits() throws(JournalError) -> PendingReport {
        try refresh()
    }

    /// Commits those of `candidates` that differ from HEAD (with `everything`, any change in the
    /// journal's folders), and records in the snapshot which of them now match the last commit.
    func commitPending(_ candidates: [String], everything: Bool) throws(JournalError) -> PendingReport {
        var report = PendingReport()
        let repository = try repository
        if repository.state != .none {
            report.warnings.append(Say.midOperation(String(describing: repository.state)))
            return report
        }
        if repository.isHeadDetached {
            report.warnings.append(Say.detachedHead)
            return report
        }
        let changes: [StatusEntry]
        do {
            // A few files are compared by content (never fooled by a same-size edit in the same clock
            // tick); a rebuild's "everything" asks git's status, which is faster for a whole tree, and lets it
            // refresh the index's stat cache (a copied or touched journal is then read whole once, not every time).
            changes = everything
                ? try repository.status(paths: Journal.trackedPaths, refreshingIndex: true)
                : try repository.changesAgainstHead(candidates)
        } catch {
            throw .from(error, doing: Say.text("doing.status", root))
        }
        let changed = Set(changes.map(\.path))
        var settled = candidates.filter { !changed.contains($0) }
        var paths: [String] = []
        var lines: [String] = []
        var committed: [(change: StatusEntry, data: Data?)] = []
        for change in changes {
            if change.change == .conflicted {
                report.warnings.append(Say.conflictMarkers(change.path))
                continue
            }
            let data = FileSystem.contents(root + "/" + change.path)
            if let data, ConflictMarkers.present(in: data) {
                report.warnings.append(Say.conflictMarkers(change.path))
                continue
            }
            paths.append(change.path)
            committed.append((change, data))
        }
        // Files moved by hand (edited or not) are committed as moves, not as a delete and an add.
        let moves = (try? repository.renames(deleted: committed.filter { $0.change.change == .deleted }.map(\.change.path),
                                             added: committed.filter { $0.change.change == .added }.map(\.change.path))) ?? []
        let moveOf = Dictionary(moves.map { ($0.to, $0.from) }, uniquingKeysWith: { a, _ in a })
        let movedAway = Set(moves.map(\.from))
        for (change, data) in committed where !movedAway.contains(change.path) {
            if let from = moveOf[change.path] {
                lines.append(describeMove(from: from, to: change.path, data: data))
            } else {
                lines.append(describe(change, data: data))
            }
        }
        // A category written by hand that journal.yml does not know is kept, and said once: now.
        for (change, data) in committed where change.change != .deleted && Journal.isEntryPath(change.path) {
            if let data, let warning = unknownCategoryWarning(decodeForEdit(data, path: change.path)) { report.warnings.append(warning) }
        }
        if !paths.isEmpty {
            let message = lines.count == 1 ? lines[0] : Say.commitOutside(lines.count) + "\n\n" + lines.joined(separator: "\n")
            try commit(paths, message: message)
            report.committed = paths
            settled += paths
            // A file that names no date was dated by its modification time until now: its commit dates it.
            if !everything {
                let entries = paths.filter(Journal.isEntryPath)
                try? index().record(entries, root: root, committed: true, read: indexRead)
            }
        }
        try index().markCommitted(settled)
        return report
    }

    /// The commit line for a file moved outside the tool.
    private func describeMove(from: String, to: String, data: Data?) -> String {
        guard to.hasPrefix(Journal.entriesFolder + "/"), to.hasSuffix(".md"), let data else {
            return Say.commitMoveFile(from, to: to)
        }
        let entry = EntryFile.decode(data, path: to, zone: context.timeZone) {
            (Timestamp(date: context.now, timeZone: context.timeZone), .modificationTime)
        }
        return Say.commitMove(Journal.shortTitle(entry.title), entry.shortID, to: to)
    }

    /// The commit line for one change made outside the tool.
    private func describe(_ change: StatusEntry, data: Data?) -> String {
        guard Journal.isEntryPath(change.path) else {
            return Say.commitOtherFile(change.path)
        }
        let source = data ?? ((try? head()).flatMap { try? repository.fileContents(change.path, at: $0) })
        let entry = EntryFile.decode(source ?? Data(), path: change.path, zone: context.timeZone) {
            (Timestamp(date: context.now, timeZone: context.timeZone), .modificationTime)
        }
        let title = Journal.shortTitle(of: entry)
        if data == nil { return Say.commitDelete(title, entry.shortID) }
        return change.change == .added ? Say.commitAdd(title, entry.shortID) : Say.commitEdit(title, entry.shortID)
    }

    func head() throws(JournalError) -> ObjectID? {
        do { return try repository.head() } catch { throw .from(error, doing: Say.text("doing.readHead")) }
    }

    /// Who commits: the git config's user (else the fallback), stamped with the pinned clock when there is one.
    var author: Signature {
        // Asked for only on the way to a commit, when the repository is open already.
        let fallback = context.fallbackAuthor.signature
        var author = (try? repository)?.defaultSignature(fallback: fallback) ?? fallback
        if let time = context.commitTime {
            author.time = (time, context.timeZone.secondsFromGMT(for: time) / 60)
        }
        return author
    }

    /// Every commit the tool makes but a sync merge's (`merge`) is made here; both show titles and
    /// paths from files with their control characters made visible.
    func commit(_ paths: [String], message: String) throws(JournalError) {
        do {
            let text = encrypted ? Say.sealedMessage(message) : message
            _ = try repository.commit(paths: paths, message: ControlCharacters.visible(text), signature: author)
        } catch {
            throw JournalError.from(error, doing: Say.text("doing.commit")).located(at: gitdir)
        }
    }
}
