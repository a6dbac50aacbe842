import Foundation
import Git

extension Doctor {
    // MARK: Objects

    /// Every object the journal's history needs (from HEAD and each local branch), read whole and checked
    /// against its id, as `git fsck` does. A damaged one is named with what it holds (the entry, for an entry's
    /// blob) and repaired where it can be: a blob that is the current file of the work tree (stored through the
    /// cipher, in an encrypted journal) is written again from it; otherwise it is copied from a remote that has it.
    /// The walk goes again after a repair, since a tree repaired shows what it holds.
    static func objects(_ exam: Examination) -> [DoctorFinding] {
        guard let journal = exam.journal, let repository = try? journal.repository else { return [] }
        var findings: [DoctorFinding] = []
        let copies = RemoteCopies(journal: journal, access: exam.inputs.credentials.access)
        defer { copies.remove() }
        var unrepaired: Set<ObjectID> = []
        for _ in 0..<8 {
            let check: ObjectCheck
            do {
                check = try repository.checkObjects(reachableFrom: repository.localTips())
            } catch {
                return findings + [DoctorFinding(
                    check: "objects", status: .problem, summary: JournalError.from(error, doing: Say.text("doing.checkObjects")).description,
                    fix: Say.text("doctor.objectsFix"))]
            }
            let damaged = check.damaged.filter { !unrepaired.contains($0.id) }
            if damaged.isEmpty {
                if check.damaged.isEmpty {
                    findings.append(DoctorFinding(
                        check: "objects", status: .ok, summary: Say.text("doctor.objects", check.commits, check.files)))
                }
                break
            }
            for damage in damaged {
                let holding = journal.holding(damage)
                if let source = journal.repair(damage, copies: copies) {
                    findings.append(DoctorFinding(
                        check: "objects", status: .fixed, summary: Say.text("doctor.objectRepaired", damage.id.short, holding, source)))
                } else {
                    unrepaired.insert(damage.id)
                    let loose = ".git/objects/\(damage.id.hex.prefix(2))/\(damage.id.hex.dropFirst(2))"
                    findings.append(DoctorFinding(
                        check: "objects", status: .problem,
                        summary: Say.text("doctor.objectDamaged", damage.id.short, holding, damage.reason),
                        fix: Say.text("doctor.objectFix", loose)))
                }
            }
        }
        return findings
    }
}

/// The remotes' copies of the repository the doctor takes objects from: a remote on this machine is read
/// where it is; another is cloned once (no checkout) under `.git/journal/tmp`, and removed at the end.
final class RemoteCopies {
    private let journal: Journal
    private let access: RemoteAccess
    private var clones: [String: String?] = [:]

    init(journal: Journal, access: RemoteAccess) {
        self.journal = journal
        self.access = access
    }

    /// The remotes, each with the folder of a repository holding what it has (nil when it cannot be reached).
    func folders() -> [(remote: String, folder: String?)] {
        guard let remotes = try? journal.repository.remotes() else { return [] }
        return remotes.map { remote in
            if let path = Repository.localPath(ofRemoteURL: remote.url) { return (remote.name, path) }
            if let made = clones[remote.name] { return (remote.name, made) }
            let folder = journal.temporaryFolder + "/objects-of-\(remote.name)-\(getpid())"
            try? FileManager.default.removeItem(atPath: folder)
            let cloned = (try? Repository.clone(url: remote.url, into: folder, access: access, checkout: false)) != nil
            clones[remote.name] = cloned ? folder : nil
            return (remote.name, cloned ? folder : nil)
        }
    }

    func remove() {
        for case let folder? in clones.values { try? FileManager.default.removeItem(atPath: folder) }
    }
}

extension Journal {
    /// What a damaged object holds, for a person: the entry (its short id and file), another file, a folder, or a
    /// commit, as of the newest commit that has it.
    func holding(_ damage: DamagedObject) -> String {
        let commit = damage.commit.short
        switch damage.kind {
        case .commit:
            return Say.text("damage.commit", commit)
        case .tree:
            guard let path = damage.path, !path.isEmpty else { return Say.text("damage.root", commit) }
            return Say.text("damage.folder", path, commit)
        case .blob:
            let path = damage.path ?? ""
            if let id = Journal.shortID(inEntryPath: path) { return Say.text("damage.entry", id, path, commit) }
            return Say.text("damage.file", path, commit)
        }
    }

    /// The id an entry's file name carries (`2026-11-22-3f2a9c1e.md`); nil for another path.
    static func shortID(inEntryPath path: String) -> String? {
        guard isEntryPath(path) else { return nil }
        let name = (path as NSString).lastPathComponent.dropLast(3)
        let id = name.suffix(8)
        return id.count == 8 && id.allSatisfy(\.isHexDigit) && name.dropLast(8).hasSuffix("-") ? String(id) : nil
    }

    /// Writes a damaged object again from the work tree's file or a remote's copy; says from where, nil when
    /// neither has it.
    func repair(_ damage: DamagedObject, copies: RemoteCopies) -> String? {
        guard let repository = try? repository else { return nil }
        if damage.kind == .blob, let path = damage.path, let stored = try? repository.storedForm(ofFile: path),
            (try? repository.replaceObject(damage.id, kind: .blob, data: stored)) == true
        {
            return Say.text("doctor.fromWorkTree", path)
        }
        for (remote, folder) in copies.folders() {
            guard let folder, let copy = Repository.intactObject(damage.id, inRepositoryAt: folder),
                (try? repository.replaceObject(damage.id, kind: copy.kind, data: copy.data)) == true
            else { continue }
            return Say.text("doctor.fromRemote", remote)
        }
        return nil
    }

    /// The error for a libgit2 failure while `doing`: a damaged or missing object is named, with what it holds
    /// (found by reading the history, as the doctor does), and the doctor is pointed at; anything else as usual.
    func failure(_ error: any Error, doing: String) -> JournalError {
        guard let git = error as? GitError, git.isDamage, let repository = try? repository else {
            return JournalError.from(error, doing: doing).located(at: gitdir)
        }
        let found = (try? repository.checkObjects(reachableFrom: repository.localTips()))?.damaged ?? []
        if let damage = found.first(where: { $0.id == git.damagedObject }) ?? (git.damagedObject == nil ? found.first : nil) {
            return .damagedObject(damage.id.short, holding: holding(damage), reason: damage.reason)
        }
        if let id = git.damagedObject { return .damagedObject(id.short, holding: Say.text("damage.needed", doing), reason: git.message) }
        return .from(error, doing: doing)
    }
}
