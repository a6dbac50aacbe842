import CGit2
import Foundation

/// One commit as a history shows it.
public struct CommitInfo: Sendable, Equatable {
    public let id: ObjectID
    /// First parent first; empty for a root commit, two or more for a merge.
    public let parents: [ObjectID]
    public let author: Signature
    /// When the author made the change, and the author's UTC offset in seconds.
    public let authorTime: Date
    public let authorOffsetSeconds: Int
    /// When it was committed (what the walk is ordered by).
    public let commitTime: Date
    /// The subject: the message's first paragraph on one line.
    public let summary: String
    /// The whole message, as stored.
    public let message: String

    public var isMerge: Bool { parents.count > 1 }
}

/// One path that differs between two trees.
public struct TreeChange: Sendable, Equatable {
    public enum Kind: Sendable, Equatable { case added, modified, deleted }
    public let kind: Kind
    /// '/'-separated, relative to the work tree.
    public let path: String
    /// The blob before (nil when added) and after (nil when deleted).
    public let oldBlob: ObjectID?
    public let newBlob: ObjectID?

    public init(kind: Kind, path: String, oldBlob: ObjectID?, newBlob: ObjectID?) {
        self.kind = kind
        self.path = path
        self.oldBlob = oldBlob
        self.newBlob = newBlob
    }
}

/// A commit in which one path's contents changed.
public struct PathChange: Sendable, Equatable {
    public let commit: CommitInfo
    /// The path's blob in the first parent (nil when absent there, or for a root commit).
    public let oldBlob: ObjectID?
    /// The path's blob in the commit (nil when the commit deletes it).
    public let newBlob: ObjectID?
}

/// What a revision the user typed (`3f2a9c1`, `HEAD~2`, `main`) names.
public enum RevisionLookup: Sendable, Equatable {
    case commit(ObjectID)
    /// No such object or reference, or not a revision at all.
    case notFound
    /// A short id that several objects start with.
    case ambiguous
    /// It names an object that is no commit (a blob, a tree) and peels to none.
    case notACommit
}

extension Repository {
    /// The commit `spec` names, in git's revision syntax (`man gitrevisions`): an id or unique prefix,
    /// a branch or tag, `HEAD~2`, `main^2`… Unknown, ambiguous and non-commit names are answers, not errors.
    public func lookUpRevision(_ spec: String) throws -> RevisionLookup {
        let operation = "read revision '\(spec)'"
        guard !spec.isEmpty, !spec.contains("\0") else { return .notFound }
        var object: OpaquePointer?
        let found = git_revparse_single(&object, pointer, spec)
        switch found {
        case GIT_ENOTFOUND.rawValue, GIT_EINVALIDSPEC.rawValue, GIT_EUNBORNBRANCH.rawValue: return .notFound
        case GIT_EAMBIGUOUS.rawValue: return .ambiguous
        default: try check(found, operation)
        }
        defer { git_object_free(object) }
        var peeled: OpaquePointer?
        let peel = git_object_peel(&peeled, object, GIT_OBJECT_COMMIT)
        switch peel {
        case GIT_ENOTFOUND.rawValue, GIT_EINVALIDSPEC.rawValue, GIT_EPEEL.rawValue, GIT_EAMBIGUOUS.rawValue:
            return .notACommit
        default: try check(peel, operation)
        }
        defer { git_object_free(peeled) }
        guard let id = git_object_id(peeled) else {
            throw GitError(operation: operation, code: -1, message: "libgit2 returned no id")
        }
        return .commit(ObjectID(id.pointee))
    }

    /// One commit's facts.
    public func commitInfo(_ id: ObjectID) throws -> CommitInfo {
        let operation = "read commit \(id.short)"
        var oid = try id.raw(for: operation)
        var commit: OpaquePointer?
        try check(git_commit_lookup(&commit, pointer, &oid), operation)
        guard let commit else { throw GitError(operation: operation, code: -1, message: "libgit2 returned no commit") }
        defer { git_commit_free(commit) }
        return Repository.info(of: commit)
    }

    /// Visits the commits reachable from `start` (HEAD when nil), newest commit time first, until `visit`
    /// returns false; commits reachable from `hiding` are left out (to walk only what is new since then).
    /// Lazy: stopping after 20 commits reads about 20 commits. Nothing when HEAD is unborn.
    public func walkCommits(from start: ObjectID? = nil, hiding: [ObjectID] = [],
                            _ visit: (CommitInfo) throws -> Bool) throws {
        try walk(from: start, hiding: hiding, operation: "list commits") { commit in
            try visit(Repository.info(of: commit))
        }
    }

    /// Like `walkCommits`, with each commit's changes against its first parent (against nothing for a root
    /// commit), limited to the folders or files `paths` when given. Merges are compared with their first
    /// parent too: what the merge brought into that line of history.
    public func walkChanges(from start: ObjectID? = nil, hiding: [ObjectID] = [], under paths: [String] = [],
                            _ visit: (CommitInfo, [TreeChange]) throws -> Bool) throws {
        let operation = "list changes"
        try walk(from: start, hiding: hiding, operation: operation) { commit in
            var tree: OpaquePointer?
            try check(git_commit_tree(&tree, commit), operation)
            defer { git_tree_free(tree) }
            var parentTree: OpaquePointer?
            defer { if let parentTree { git_tree_free(parentTree) } }
            if git_commit_parentcount(commit) > 0 {
                var parent: OpaquePointer?
                try check(git_commit_parent(&parent, commit, 0), operation)
                defer { git_commit_free(parent) }
                try check(git_commit_tree(&parentTree, parent), operation)
            }
            let changes = try diff(parentTree, tree, paths: paths, operation: operation)
            return try visit(Repository.info(of: commit), changes)
        }
    }

    /// The changes between the trees of two commits (`old` nil: an empty tree), limited to `paths` when given.
    public func changes(from old: ObjectID?, to new: ObjectID, under paths: [String] = []) throws -> [TreeChange] {
        let operation = "compare \(old?.short ?? "nothing") with \(new.short)"
        return try treeOf(commit: new, operation: operation) { newTree in
            guard let old else { return try diff(nil, newTree, paths: paths, operation: operation) }
            return try treeOf(commit: old, operation: operation) { oldTree in
                try diff(oldTree, newTree, paths: paths, operation: operation)
            }
        }
    }

    /// The id of the blob at `path` in `commit`'s tree; nil when the path is absent there or not a file.
    public func blobID(of path: String, at commit: ObjectID) throws -> ObjectID? {
        let operation = "read '\(path)' at \(commit.short)"
        return try treeOf(commit: commit, operation: operation) { tree in
            var entry: OpaquePointer?
            let found = git_tree_entry_bypath(&entry, tree, path)
            if found == GIT_ENOTFOUND.rawValue { return nil }
            try check(found, operation)
            defer { git_tree_entry_free(entry) }
            guard git_tree_entry_type(entry) == GIT_OBJECT_BLOB, let id = git_tree_entry_id(entry) else { return nil }
            return ObjectID(id.pointee)
        }
    }

    /// The bytes of a blob.
    public func blobData(_ id: ObjectID) throws -> Data {
        let operation = "read blob \(id.short)"
        var oid = try id.raw(for: operation)
        var blob: OpaquePointer?
        try check(git_blob_lookup(&blob, pointer, &oid), operation)
        defer { git_blob_free(blob) }
        let size = Int(git_blob_rawsize(blob))
        guard size > 0, let bytes = git_blob_rawcontent(blob) else { return Data() }
        return Data(bytes: bytes, count: size)
    }

    /// Paths of the files under the folder `folder` in `commit`'s tree, sorted; empty when there is none.
    public func files(under folder: String, at commit: ObjectID) throws -> [String] {
        let operation = "list '\(folder)' at \(commit.short)"
        return try treeOf(commit: commit, operation: operation) { tree in
            var entry: OpaquePointer?
            let found = git_tree_entry_bypath(&entry, tree, folder)
            if found == GIT_ENOTFOUND.rawValue { return [] }
            try check(found, operation)
            defer { git_tree_entry_free(entry) }
            guard git_tree_entry_type(entry) == GIT_OBJECT_TREE, let id = git_tree_entry_id(entry) else { return [] }
            var paths: [String] = []
            try collectFiles(in: id.pointee, prefix: folder + "/", into: &paths, operation: operation)
            return paths.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        }
    }

    private func collectFiles(in treeID: git_oid, prefix: String, into paths: inout [String], operation: String) throws {
        var oid = treeID
        var tree: OpaquePointer?
        try check(git_tree_lookup(&tree, pointer, &oid), operation)
        defer { git_tree_free(tree) }
        for index in 0..<git_tree_entrycount(tree) {
            guard let entry = git_tree_entry_byindex(tree, index), let rawName = git_tree_entry_name(entry),
                let id = git_tree_entry_id(entry)
            else { continue }
            let path = prefix + String(cString: rawName)
            switch git_tree_entry_type(entry) {
            case GIT_OBJECT_TREE: try collectFiles(in: id.pointee, prefix: path + "/", into: &paths, operation: operation)
            case GIT_OBJECT_BLOB: paths.append(path)
            default: continue
            }
        }
    }

    /// The commits reachable from `start` (HEAD when nil; minus those reachable from `hiding`) in which the
    /// contents of `path` changed, newest commit time first, until `visit` returns false. A commit counts when
    /// its blob at `path` differs from that of every parent (so a merge counts only when it made a version of
    /// its own); side branches are not simplified away, so an edit made on another machine shows where it was
    /// made. Renames are not followed. Reads only the trees along `path`, skipping a level as soon as its
    /// id equals the parent's.
    public func pathHistory(_ path: String, from start: ObjectID? = nil, hiding: [ObjectID] = [],
                            _ visit: (PathChange) throws -> Bool) throws {
        let operation = "read the history of '\(path)'"
        let components = path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        guard !components.isEmpty else { return }
        // Each commit's chain of ids along the path, computed when its child was visited.
        var known: [RawID: PathChain] = [:]
        try walk(from: start, hiding: hiding, operation: operation) { commit in
            guard let idPointer = git_commit_id(commit), let treeID = git_commit_tree_id(commit) else { return true }
            let id = RawID(idPointer.pointee)
            let chain = try known.removeValue(forKey: id)
                ?? self.chain(root: treeID.pointee, components: components, like: nil, operation: operation)
            let parentCount = git_commit_parentcount(commit)
            var parentBlobs: [RawID?] = []
            for index in 0..<parentCount {
                guard let parentID = git_commit_parent_id(commit, index) else { continue }
                let parentKey = RawID(parentID.pointee)
                if let parentChain = known[parentKey] {
                    parentBlobs.append(parentChain.blob)
                    continue
                }
                var parent: OpaquePointer?
                var raw = parentID.pointee
                try check(git_commit_lookup(&parent, pointer, &raw), operation)
                defer { git_commit_free(parent) }
                guard let parentTree = git_commit_tree_id(parent) else { continue }
                let parentChain = try self.chain(root: parentTree.pointee, components: components, like: chain,
                                                 operation: operation)
                known[parentKey] = parentChain
                parentBlobs.append(parentChain.blob)
            }
            let changed = parentBlobs.isEmpty ? chain.blob != nil : parentBlobs.allSatisfy { $0 != chain.blob }
            guard changed else { return true }
            return try visit(PathChange(commit: Repository.info(of: commit),
                                        oldBlob: parentBlobs.first.flatMap { $0 }.map { $0.objectID },
                                        newBlob: chain.blob.map { $0.objectID }))
        }
    }

    /// A unified diff (`diff --git` header, `@@` hunks, `contextLines` lines of context) from one blob to
    /// another; nil stands for a missing file. Empty when both are the same.
    public func unifiedDiff(from old: ObjectID?, to new: ObjectID?, oldPath: String, newPath: String,
                            contextLines: Int = 3) throws -> String {
        let operation = "diff '\(newPath)'"
        var options = git_diff_options()
        try check(git_diff_options_init(&options, UInt32(GIT_DIFF_OPTIONS_VERSION)), operation)
        options.context_lines = UInt32(max(0, contextLines))
        let oldBlob = try old.map { try lookUpBlob($0, operation: operation) }
        defer { if let oldBlob { git_blob_free(oldBlob) } }
        let newBlob = try new.map { try lookUpBlob($0, operation: operation) }
        defer { if let newBlob { git_blob_free(newBlob) } }
        var patch: OpaquePointer?
        try check(git_patch_from_blobs(&patch, oldBlob, oldPath, newBlob, newPath, &options), operation)
        guard let patch else { return "" }
        defer { git_patch_free(patch) }
        var buffer = git_buf()
        defer { git_buf_dispose(&buffer) }
        try check(git_patch_to_buf(&buffer, patch), operation)
        guard let raw = buffer.ptr, buffer.size > 0 else { return "" }
        return String(decoding: UnsafeRawBufferPointer(start: raw, count: Int(buffer.size)), as: UTF8.self)
    }

    // MARK: Internals

    /// Commits reachable from `start` (HEAD when nil) but not from `hiding`, newest commit time first.
    /// Time order alone keeps the walk lazy (topological order would read the whole history first).
    private func walk(from start: ObjectID?, hiding: [ObjectID], operation: String,
                      _ visit: (OpaquePointer) throws -> Bool) throws {
        guard let first = try start ?? head() else { return }
        var walk: OpaquePointer?
        try check(git_revwalk_new(&walk, pointer), operation)
        defer { git_revwalk_free(walk) }
        try check(git_revwalk_sorting(walk, GIT_SORT_TIME.rawValue), operation)
        var oid = try first.raw(for: operation)
        try check(git_revwalk_push(walk, &oid), operation)
        for hidden in hiding {
            var raw = try hidden.raw(for: operation)
            try check(git_revwalk_hide(walk, &raw), operation)
        }
        while true {
            let next = git_revwalk_next(&oid, walk)
            if next == GIT_ITEROVER.rawValue { return }
            try check(next, operation)
            var commit: OpaquePointer?
            try check(git_commit_lookup(&commit, pointer, &oid), operation)
            guard let commit else { return }
            defer { git_commit_free(commit) }
            if try !visit(commit) { return }
        }
    }

    private static func info(of commit: OpaquePointer) -> CommitInfo {
        let id = git_commit_id(commit).map { ObjectID($0.pointee) } ?? ObjectID(git_oid())
        var parents: [ObjectID] = []
        for index in 0..<git_commit_parentcount(commit) {
            if let parent = git_commit_parent_id(commit, index) { parents.append(ObjectID(parent.pointee)) }
        }
        let commitTime = Date(timeIntervalSince1970: TimeInterval(git_commit_time(commit)))
        var author = Signature(name: "", email: "")
        var authorTime = commitTime
        var offset = Int(git_commit_time_offset(commit)) * 60
        if let signature = git_commit_author(commit) {
            author = Signature(name: signature.pointee.name.map { String(cString: $0) } ?? "",
                               email: signature.pointee.email.map { String(cString: $0) } ?? "")
            authorTime = Date(timeIntervalSince1970: TimeInterval(signature.pointee.when.time))
            offset = Int(signature.pointee.when.offset) * 60
        }
        return CommitInfo(
            id: id, parents: parents, author: author, authorTime: authorTime, authorOffsetSeconds: offset,
            commitTime: commitTime, summary: git_commit_summary(commit).map { String(cString: $0) } ?? "",
            message: git_commit_message(commit).map { String(cString: $0) } ?? "")
    }

    /// The tree-to-tree changes, without rename detection or content checks.
    private func diff(_ old: OpaquePointer?, _ new: OpaquePointer?, paths: [String],
                      operation: String) throws -> [TreeChange] {
        var options = git_diff_options()
        try check(git_diff_options_init(&options, UInt32(GIT_DIFF_OPTIONS_VERSION)), operation)
        options.flags = GIT_DIFF_SKIP_BINARY_CHECK.rawValue
        let diff: OpaquePointer = try withStringArray(paths) { pathspec in
            options.pathspec = pathspec
            defer { options.pathspec = git_strarray() }
            var diff: OpaquePointer?
            try check(git_diff_tree_to_tree(&diff, pointer, old, new, &options), operation)
            guard let diff else { throw GitError(operation: operation, code: -1, message: "libgit2 returned no diff") }
            return diff
        }
        defer { git_diff_free(diff) }
        var changes: [TreeChange] = []
        let count = git_diff_num_deltas(diff)
        changes.reserveCapacity(count)
        for index in 0..<count {
            guard let delta = git_diff_get_delta(diff, index) else { continue }
            let oldFile = delta.pointee.old_file
            let newFile = delta.pointee.new_file
            let oldBlob = oldFile.flags & GIT_DIFF_FLAG_EXISTS.rawValue != 0 ? ObjectID(oldFile.id) : nil
            let newBlob = newFile.flags & GIT_DIFF_FLAG_EXISTS.rawValue != 0 ? ObjectID(newFile.id) : nil
            let kind: TreeChange.Kind
            switch delta.pointee.status {
            case GIT_DELTA_ADDED: kind = .added
            case GIT_DELTA_DELETED: kind = .deleted
            default: kind = .modified
            }
            guard let rawPath = (kind == .deleted ? oldFile.path : newFile.path) ?? oldFile.path else { continue }
            changes.append(TreeChange(kind: kind, path: String(cString: rawPath),
                                      oldBlob: kind == .added ? nil : oldBlob,
                                      newBlob: kind == .deleted ? nil : newBlob))
        }
        return changes
    }

    private func treeOf<Result>(commit commitID: ObjectID, operation: String,
                                _ body: (OpaquePointer) throws -> Result) throws -> Result {
        var oid = try commitID.raw(for: operation)
        var commit: OpaquePointer?
        try check(git_commit_lookup(&commit, pointer, &oid), operation)
        defer { git_commit_free(commit) }
        var tree: OpaquePointer?
        try check(git_commit_tree(&tree, commit), operation)
        defer { git_tree_free(tree) }
        guard let tree else {
            throw GitError(operation: operation, code: -1, message: "commit \(commitID.short) has no tree")
        }
        return try body(tree)
    }

    private func lookUpBlob(_ id: ObjectID, operation: String) throws -> OpaquePointer {
        var oid = try id.raw(for: operation)
        var blob: OpaquePointer?
        try check(git_blob_lookup(&blob, pointer, &oid), operation)
        guard let blob else { throw GitError(operation: operation, code: -1, message: "libgit2 returned no blob") }
        return blob
    }

    /// The ids along `components` from the tree `root`: the root itself, each folder, then the file (a blob,
    /// else nil). Stops reading trees at the first level whose id equals `like`'s at that level.
    private func chain(root: git_oid, components: [String], like reference: PathChain?,
                       operation: String) throws -> PathChain {
        var ids: [RawID?] = [RawID(root)]
        ids.reserveCapacity(components.count + 1)
        var isBlob = false
        var current = root
        for (level, name) in components.enumerated() {
            if let reference, reference.ids[level] == ids[level] {
                return reference
            }
            var tree: OpaquePointer?
            try check(git_tree_lookup(&tree, pointer, &current), operation)
            defer { git_tree_free(tree) }
            guard let entry = git_tree_entry_byname(tree, name), let id = git_tree_entry_id(entry) else { break }
            let type = git_tree_entry_type(entry)
            ids.append(RawID(id.pointee))
            current = id.pointee
            if level == components.count - 1 {
                isBlob = type == GIT_OBJECT_BLOB
            } else if type != GIT_OBJECT_TREE {
                break
            }
        }
        while ids.count < components.count + 1 { ids.append(nil) }
        return PathChain(ids: ids, isBlob: isBlob)
    }
}

/// The ids of the trees along a path in one commit, and the file's blob at its end.
private struct PathChain {
    var ids: [RawID?]
    var isBlob: Bool
    var blob: RawID? { isBlob ? ids.last.flatMap { $0 } : nil }
}

/// A git_oid as a cheap dictionary key.
private struct RawID: Hashable {
    let high: UInt64
    let middle: UInt64
    let low: UInt32

    init(_ oid: git_oid) {
        var oid = oid
        (high, middle, low) = withUnsafeBytes(of: &oid.id) { bytes in
            (bytes.loadUnaligned(fromByteOffset: 0, as: UInt64.self),
             bytes.loadUnaligned(fromByteOffset: 8, as: UInt64.self),
             bytes.loadUnaligned(fromByteOffset: 16, as: UInt32.self))
        }
    }

    var objectID: ObjectID {
        var oid = git_oid()
        withUnsafeMutableBytes(of: &oid.id) { bytes in
            bytes.storeBytes(of: high, toByteOffset: 0, as: UInt64.self)
            bytes.storeBytes(of: middle, toByteOffset: 8, as: UInt64.self)
            bytes.storeBytes(of: low, toByteOffset: 16, as: UInt32.self)
        }
        return ObjectID(oid)
    }
}
