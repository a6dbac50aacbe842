import CGit2
import Foundation

/// An object the history needs that cannot be read whole, and where the walk first met it.
public struct DamagedObject: Sendable, Equatable {
    public enum Kind: String, Sendable { case commit, tree, blob }
    public let id: ObjectID
    public let kind: Kind
    /// Where a tree or a blob sits in `commit`'s files ("" for the top folder); nil for a commit.
    public let path: String?
    /// The newest commit that holds it (for a commit, the commit itself).
    public let commit: ObjectID
    /// libgit2's words for what is wrong (missing, does not inflate, does not hash to its id).
    public let reason: String
}

/// What `checkObjects` read.
public struct ObjectCheck: Sendable {
    public var commits = 0
    /// Trees and blobs, each counted once.
    public var files = 0
    public var damaged: [DamagedObject] = []
}

extension Repository {
    /// The commits of HEAD and of every local branch (nothing for an unborn HEAD).
    public func localTips() throws -> [ObjectID] {
        try branchTips(GIT_BRANCH_LOCAL, head: try head())
    }

    /// The commits of every remote-tracking branch (`refs/remotes/*`): what some remote was last seen to hold.
    public func remoteTrackingTips() throws -> [ObjectID] {
        try branchTips(GIT_BRANCH_REMOTE, head: nil)
    }

    private func branchTips(_ kind: git_branch_t, head: ObjectID?) throws -> [ObjectID] {
        var tips: [ObjectID] = []
        if let head { tips.append(head) }
        var iterator: OpaquePointer?
        try check(git_branch_iterator_new(&iterator, pointer, kind), "list the branches")
        defer { git_branch_iterator_free(iterator) }
        var reference: OpaquePointer?
        var type = kind
        while git_branch_next(&reference, &type, iterator) == 0 {
            defer { git_reference_free(reference) }
            if let target = git_reference_target(reference), !tips.contains(ObjectID(target.pointee)) {
                tips.append(ObjectID(target.pointee))
            }
        }
        return tips
    }

    /// Reads every object reachable from `tips` once, as `git fsck` does: each commit, its tree and every
    /// tree and blob in it, each inflated whole and hashed against its id (libgit2's strict verification).
    /// What cannot be read is listed, and the walk goes on past it wherever it still can.
    public func checkObjects(reachableFrom tips: [ObjectID]) throws -> ObjectCheck {
        let odb = try objectDatabase()
        defer { git_odb_free(odb) }
        var result = ObjectCheck()
        var commits = tips
        var seenCommits = Set(tips)
        var seen: Set<ObjectID> = []
        while !commits.isEmpty {
            let commit = commits.removeFirst()
            result.commits += 1
            let read = Repository.readRaw(commit, odb: odb)
            guard case .success(let raw) = read else {
                if case .failure(let reason) = read {
                    result.damaged.append(DamagedObject(id: commit, kind: .commit, path: nil, commit: commit, reason: reason.reason))
                }
                continue
            }
            let (tree, parents) = Repository.parseCommit(raw.data)
            for parent in parents where seenCommits.insert(parent).inserted { commits.append(parent) }
            guard let tree else { continue }
            // Trees, depth first; a tree met before is not read again, nor what it holds.
            var trees: [(id: ObjectID, path: String)] = [(tree, "")]
            while let (id, path) = trees.popLast() {
                guard seen.insert(id).inserted else { continue }
                result.files += 1
                switch Repository.readRaw(id, odb: odb) {
                case .failure(let reason):
                    result.damaged.append(DamagedObject(id: id, kind: .tree, path: path, commit: commit, reason: reason.reason))
                case .success(let raw):
                    for entry in Repository.parseTree(raw.data) {
                        let full = path.isEmpty ? entry.name : path + "/" + entry.name
                        if entry.isTree {
                            trees.append((entry.id, full))
                        } else if entry.isBlob, seen.insert(entry.id).inserted {
                            result.files += 1
                            if case .failure(let reason) = Repository.readRaw(entry.id, odb: odb) {
                                result.damaged.append(DamagedObject(id: entry.id, kind: .blob, path: full, commit: commit, reason: reason.reason))
                            }
                        }
                    }
                }
            }
        }
        return result
    }

    /// The object `id` as stored, when it reads whole and hashes to its id; nil otherwise.
    public func intactObject(_ id: ObjectID) -> (kind: DamagedObject.Kind, data: Data)? {
        guard let odb = try? objectDatabase() else { return nil }
        defer { git_odb_free(odb) }
        guard case .success(let raw) = Repository.readRaw(id, odb: odb) else { return nil }
        return raw
    }

    /// The object `id` as the repository at `path` (bare or not: another clone, a remote on this machine)
    /// stores it, when it reads whole there.
    public static func intactObject(_ id: ObjectID, inRepositoryAt path: String) -> (kind: DamagedObject.Kind, data: Data)? {
        guard (try? Library.ensureInitialized()) != nil else { return nil }
        var repository: OpaquePointer?
        guard git_repository_open_ext(&repository, path, GIT_REPOSITORY_OPEN_NO_SEARCH.rawValue, nil) == 0, let repository else {
            return nil
        }
        defer { git_repository_free(repository) }
        var odb: OpaquePointer?
        guard git_repository_odb(&odb, repository) == 0, let odb else { return nil }
        defer { git_odb_free(odb) }
        guard case .success(let raw) = readRaw(id, odb: odb) else { return nil }
        return raw
    }

    /// Stores `data` as the object `id` in place of a damaged copy: only when it hashes to `id`. A damaged
    /// loose file of it is removed first (libgit2 writes nothing for an object it finds a file for). True when
    /// the object now reads whole.
    public func replaceObject(_ id: ObjectID, kind: DamagedObject.Kind, data: Data) throws -> Bool {
        let operation = "store object \(id.short)"
        let type: git_object_t = switch kind {
        case .commit: GIT_OBJECT_COMMIT
        case .tree: GIT_OBJECT_TREE
        case .blob: GIT_OBJECT_BLOB
        }
        let bytes = [UInt8](data)
        var hashed = git_oid()
        try check(git_odb_hash(&hashed, bytes, bytes.count, type), operation)
        guard ObjectID(hashed) == id else { return false }
        let loose = try objectsFolder() + "/" + String(id.hex.prefix(2)) + "/" + String(id.hex.dropFirst(2))
        if unlink(loose) != 0, errno != ENOENT {
            throw GitError(operation: operation, code: -1, message: String(cString: strerror(errno)))
        }
        let odb = try objectDatabase()
        defer { git_odb_free(odb) }
        _ = git_odb_refresh(odb)
        var written = git_oid()
        try check(git_odb_write(&written, odb, bytes, bytes.count, type), operation)
        return intactObject(id) != nil
    }

    /// The bytes the work-tree file `path` is stored as (through the installed filter, as `add` stores it);
    /// nil when there is no such file.
    public func storedForm(ofFile path: String) throws -> Data? {
        guard let (_, bytes) = plainFile(path) else { return nil }
        let data = Data(bytes)
        guard let filter = contentFilter, filter.covers(path) else { return data }
        return try filter.toStore(data, path)
    }

    /// The object as stored, or why it cannot be read.
    private static func readRaw(_ id: ObjectID, odb: OpaquePointer) -> Result<(kind: DamagedObject.Kind, data: Data), ReadFailure> {
        guard var oid = try? id.raw(for: "read") else { return .failure(ReadFailure("not an object id")) }
        var object: OpaquePointer?
        let code = git_odb_read(&object, odb, &oid)
        guard code == 0, let object else {
            let error = GitError(operation: "read object \(id.short)", code: code)
            return .failure(ReadFailure(error.message))
        }
        defer { git_odb_object_free(object) }
        let kind: DamagedObject.Kind
        switch git_odb_object_type(object) {
        case GIT_OBJECT_COMMIT: kind = .commit
        case GIT_OBJECT_TREE: kind = .tree
        case GIT_OBJECT_BLOB: kind = .blob
        default: return .failure(ReadFailure("an object of another kind"))
        }
        let size = Int(git_odb_object_size(object))
        let data = size == 0 ? Data() : git_odb_object_data(object).map { Data(bytes: $0, count: size) } ?? Data()
        return .success((kind, data))
    }

    struct ReadFailure: Error {
        let reason: String
        init(_ reason: String) { self.reason = reason }
    }

    /// The tree and parents a raw commit names.
    private static func parseCommit(_ data: Data) -> (tree: ObjectID?, parents: [ObjectID]) {
        var tree: ObjectID?
        var parents: [ObjectID] = []
        for line in data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            if line.isEmpty { break }  // the end of the headers
            let text = String(decoding: line, as: UTF8.self)
            if text.hasPrefix("tree ") { tree = ObjectID(hex: String(text.dropFirst(5))) }
            if text.hasPrefix("parent "), let parent = ObjectID(hex: String(text.dropFirst(7))) { parents.append(parent) }
        }
        return (tree, parents)
    }

    /// The entries of a raw tree: `<mode> <name>\0<20-byte id>` each.
    private static func parseTree(_ data: Data) -> [(name: String, id: ObjectID, isTree: Bool, isBlob: Bool)] {
        var entries: [(name: String, id: ObjectID, isTree: Bool, isBlob: Bool)] = []
        let bytes = [UInt8](data)
        var i = 0
        while i < bytes.count {
            guard let space = bytes[i...].firstIndex(of: 0x20), let nul = bytes[space...].firstIndex(of: 0), nul + 21 <= bytes.count
            else { break }
            let mode = String(decoding: bytes[i..<space], as: UTF8.self)
            let name = String(decoding: bytes[(space + 1)..<nul], as: UTF8.self)
            let hex = bytes[(nul + 1)..<(nul + 21)].map { String(format: "%02x", $0) }.joined()
            i = nul + 21
            guard let id = ObjectID(hex: hex) else { continue }
            // 40000: a folder; 160000: a submodule's commit, which lives elsewhere; else a file or a link.
            entries.append((name, id, mode == "40000", mode != "40000" && mode != "160000"))
        }
        return entries
    }
}
