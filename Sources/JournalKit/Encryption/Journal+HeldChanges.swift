import Foundation
import Git

/// A change a remote brought into an encrypted journal through a commit not made with its key (a server's
/// admin, another program): not applied, but kept apart here (`.git/journal/held.json`) and named, until the
/// person takes it (`journal encrypt accept`) or drops it (`journal encrypt dismiss`).
public struct HeldChange: Codable, Sendable, Equatable {
    public enum Kind: String, Codable, Sendable { case added, modified, deleted }

    public var path: String
    /// The commit that made it (hex), the remote it came from, and the commit's author as it says.
    public var commit: String
    public var remote: String
    public var author: String
    /// The file's new version (nil for a deletion).
    var blob: ObjectID?
    public var kind: Kind

    public var shortCommit: String { String(commit.prefix(8)) }
}

extension Journal {
    private var heldPath: String { stateFolder + "/held.json" }

    /// The changes waiting apart, oldest first.
    public func heldChanges() -> [HeldChange] {
        FileSystem.contents(heldPath).flatMap { try? JSONDecoder().decode([HeldChange].self, from: $0) } ?? []
    }

    /// Keeps `changes` apart with those already waiting (a path held again by a newer commit replaces the older).
    func hold(_ changes: [HeldChange]) throws(JournalError) {
        var all = heldChanges().filter { old in !changes.contains { $0.path == old.path } }
        all += changes
        try writeHeld(all)
    }

    private func writeHeld(_ changes: [HeldChange]) throws(JournalError) {
        if changes.isEmpty {
            try FileSystem.remove(heldPath)
            return
        }
        do { try write(try JSONEncoder().encode(changes), to: heldPath) } catch { throw .from(error, doing: Say.text("doing.holdApart")) }
    }

    /// The held changes `commit` names (a prefix of its id; all of them with nil), or an error naming those there are.
    private func held(_ commit: String?) throws(JournalError) -> [HeldChange] {
        let all = heldChanges()
        guard !all.isEmpty else { throw .invalid(Say.text("nothingHeld")) }
        guard let commit else { return all }
        let picked = all.filter { $0.commit.hasPrefix(commit.lowercased()) }
        guard !picked.isEmpty, commit.count >= 4 else {
            throw .invalid(Say.text("unknownHeld", commit, Set(all.map(\.shortCommit)).sorted().joined(separator: ", ")))
        }
        return picked
    }

    /// Applies the held changes of `commit` (all with nil) as this journal's own change, one commit made with
    /// the key, and forgets them. Returns them.
    @discardableResult
    public func acceptHeld(_ commit: String?) throws(JournalError) -> [HeldChange] {
        let picked = try held(commit)
        var files: [(path: String, data: Data?)] = []
        do {
            for change in picked {
                guard Journal.isSafe(change.path) else { throw JournalError.invalid(Say.unsafePath(change.path)) }
                files.append((change.path, try change.blob.map { try repository.blobData($0, path: change.path) }))
            }
        } catch {
            throw .from(error, doing: Say.text("doing.readHistory"))
        }
        _ = try change(files, message: Say.commitTakeHeld(picked.count, Set(picked.map(\.shortCommit)).sorted()))
        try writeHeld(heldChanges().filter { !picked.contains($0) })
        return picked
    }

    /// Forgets the held changes of `commit` (all with nil) without applying them. Returns them.
    @discardableResult
    public func dismissHeld(_ commit: String?) throws(JournalError) -> [HeldChange] {
        let picked = try held(commit)
        try writeHeld(heldChanges().filter { !picked.contains($0) })
        return picked
    }
}

/// Commits made with the git program (with the key here) carry the key's seal too: git's `commit-msg` hook,
/// which `journal` writes into `.git/hooks` when it sets up the filter, runs `journal encrypt seal-message`.
extension Journal {
    static let sealHookMark = "# journal: seals commits made with the git program"

    /// Writes the `commit-msg` hook, unless the repository has one of its own (left alone, and said by
    /// `encrypt status`). Best effort: without it, commits made with git are held apart elsewhere until taken.
    static func installSealHook(_ repository: Repository, executable: String) {
        let hooks = repository.gitdir + "/hooks"
        let path = hooks + "/commit-msg"
        if let existing = FileSystem.contents(path), !String(decoding: existing, as: UTF8.self).contains(sealHookMark) { return }
        let quoted = "'" + executable.replacingOccurrences(of: "'", with: "'\\''") + "'"
        let text = "#!/bin/sh\n\(sealHookMark), so that this journal's other machines take them as made with its key.\n"
            + "\(quoted) encrypt seal-message \"$1\" || true\n"
        guard (try? FileSystem.makeFolder(hooks)) != nil,
              (try? FileSystem.writeAtomically(Data(text.utf8), to: path,
                                                temporaryIn: stateFolder(of: repository.gitdir) + "/" + temporaryFolderName)) != nil
        else { return }
        chmod(path, 0o755)
    }

    /// Whether the repository's `commit-msg` hook is the one that seals (false: none, or the user's own).
    public var sealsHandCommits: Bool {
        FileSystem.contents(gitdir + "/hooks/commit-msg").map { String(decoding: $0, as: UTF8.self).contains(Journal.sealHookMark) } ?? false
    }

    /// Appends the key's seal to the message file of a commit the git program is about to make: for the tree
    /// of its index (`indexFile`, git's temporary index when it gives one) and its parents, HEAD and any merge
    /// heads; and, for `git commit --amend`, for HEAD's own parents. Nothing for a journal that is not
    /// encrypted here or lacks its key.
    /// Like the filter, it reads only this machine's record of encryption and the key: no journal is opened.
    public static func sealMessage(root: String, file: String, indexFile: String?, context: JournalContext) throws(JournalError) {
        guard let gitdir = plainGitFolder(of: root) ?? (try? Repository(at: root))?.gitdir,
              let local = localEncryption(gitdir: gitdir), local.on,
              let key = readKey(local.marker, context: context) else { return }
        let cipher = BlobCipher(key: key, journalID: local.marker.journalID)
        do {
            let repository = try Repository(at: root)
            let tree = try repository.treeOfIndex(indexFile: indexFile)
            let head = try repository.head()
            var parentSets = [(head.map { [$0] } ?? []) + repository.mergeHeads]
            if let head { parentSets.append(try repository.commitInfo(head).parents) }
            let seals = parentSets.compactMap { cipher.commitSeal(tree: tree, parents: $0) }
            guard !seals.isEmpty else { return }
            var text = String(decoding: try FileSystem.read(file, followingLinks: true), as: UTF8.self)
            let lines = Set(text.split(separator: "\n").map(String.init))
            let missing = seals.filter { !lines.contains($0) }
            guard !missing.isEmpty else { return }
            if !text.hasSuffix("\n") { text += "\n" }
            text += "\n" + missing.joined(separator: "\n") + "\n"
            try FileSystem.writeAtomically(Data(text.utf8), to: file, temporaryIn: stateFolder(of: gitdir) + "/" + temporaryFolderName)
        } catch {
            throw .from(error, doing: Say.text("doing.sealMessage"))
        }
    }
}
