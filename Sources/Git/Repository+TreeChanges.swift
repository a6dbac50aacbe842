import CGit2
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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

/// What changed between trees: between two commits, commit by commit, and for one path through history.
extension Repository {
    /// Like `walkCommits`, with each commit's changes against its first parent (against nothing for a root
    /// commit), limited to the folders or files `paths` when given. Merges are compared with their first
    /// parent too: what the merge brought into that line of history.
    public func walkChanges(from start: ObjectID? = nil, hiding: [ObjectID] = [], under paths: [String] = [],
                            _ visit: (CommitInfo, [TreeChange]) throws -> Bool) throws {
        let operation = "list changes"
        let trees = TreeCache()
        try walk(from: start, hiding: hiding, operation: operation) { commit in
            // A parent's trees, read to compare it with its child, are compared with its own parent next.
            defer { trees.endStep() }
            guard let tree = git_commit_tree_id(commit) else { return true }
            var parentTree: git_oid?
            if git_commit_parentcount(commit) > 0 {
                var parent: OpaquePointer?
                try check(git_commit_parent(&parent, commit, 0), operation)
                defer { git_commit_free(parent) }
                parentTree = git_commit_tree_id(parent)?.pointee
            }
            var changes: [TreeChange] = []
            try compareTrees(parentTree, tree.pointee, prefix: "", paths: paths, trees: trees, into: &changes,
                             operation: operation)
            return try visit(Repository.info(of: commit), changes)
        }
    }

    /// The changes between the trees of two commits (`old` nil: an empty tree), limited to `paths` when given.
    public func changes(from old: ObjectID?, to new: ObjectID, under paths: [String] = []) throws -> [TreeChange] {
        let operation = "compare \(old?.short ?? "nothing") with \(new.short)"
        let newTree = try treeID(of: new, operation: operation)
        let oldTree = try old.map { try treeID(of: $0, operation: operation) }
        var changes: [TreeChange] = []
        try compareTrees(oldTree, newTree, prefix: "", paths: paths, trees: TreeCache(), into: &changes,
                         operation: operation)
        return changes
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
                try check(git_commit_lookup(&parent, pointer, &raw), reading: raw, operation)
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

    /// The files that differ between two trees (nil: an empty one), in git's path order, appended to
    /// `changes`. Subtrees with the same id on both sides are skipped unread, which makes comparing two
    /// commits that differ in one entry cost a few small tree reads whatever the size of the journal
    /// (libgit2's tree-to-tree diff walks every entry of both trees). No rename detection.
    private func compareTrees(_ old: git_oid?, _ new: git_oid?, prefix: String, paths: [String], trees: TreeCache,
                              into changes: inout [TreeChange], operation: String) throws {
        let oldTree = try old.map { try trees.tree($0, in: self, operation: operation) }
        let newTree = try new.map { try trees.tree($0, in: self, operation: operation) }
        let oldCount = oldTree.map { git_tree_entrycount($0) } ?? 0
        let newCount = newTree.map { git_tree_entrycount($0) } ?? 0
        var i = 0
        var j = 0
        while i < oldCount || j < newCount {
            let a = i < oldCount ? oldTree.flatMap { git_tree_entry_byindex($0, i) } : nil
            let b = j < newCount ? newTree.flatMap { git_tree_entry_byindex($0, j) } : nil
            switch (a, b) {
            case (let a?, let b?):
                let order = Repository.compareEntries(a, b)
                if order < 0 {
                    i += 1
                    try entryChanged(old: a, new: nil, prefix: prefix, paths: paths, trees: trees, into: &changes,
                                     operation: operation)
                } else if order > 0 {
                    j += 1
                    try entryChanged(old: nil, new: b, prefix: prefix, paths: paths, trees: trees, into: &changes,
                                     operation: operation)
                } else {
                    i += 1
                    j += 1
                    guard let oldID = git_tree_entry_id(a), let newID = git_tree_entry_id(b) else { continue }
                    if git_oid_equal(oldID, newID) == 1 { continue }
                    try entryChanged(old: a, new: b, prefix: prefix, paths: paths, trees: trees, into: &changes,
                                     operation: operation)
                }
            case (let a?, nil):
                i += 1
                try entryChanged(old: a, new: nil, prefix: prefix, paths: paths, trees: trees, into: &changes,
                                     operation: operation)
            case (nil, let b?):
                j += 1
                try entryChanged(old: nil, new: b, prefix: prefix, paths: paths, trees: trees, into: &changes,
                                     operation: operation)
            case (nil, nil):
                // An index libgit2 could not return: step past it on both sides.
                i += 1
                j += 1
            }
        }
    }

    /// One name whose entry differs (or exists on one side only): a file change, or the changes inside a
    /// folder. Both sides, when given, are of the same kind (git orders a folder `x` as `x/`, so a file and
    /// a folder of the same name never meet here). Submodules are left out.
    private func entryChanged(old: OpaquePointer?, new: OpaquePointer?, prefix: String, paths: [String],
                              trees: TreeCache, into changes: inout [TreeChange], operation: String) throws {
        guard let any = new ?? old, let rawName = git_tree_entry_name(any) else { return }
        let path = prefix + String(cString: rawName)
        let type = git_tree_entry_type(any)
        let oldID = old.flatMap { git_tree_entry_id($0)?.pointee }
        let newID = new.flatMap { git_tree_entry_id($0)?.pointee }
        if type == GIT_OBJECT_TREE {
            guard paths.isEmpty || paths.contains(where: { $0 == path || $0.hasPrefix(path + "/") || path.hasPrefix($0 + "/") })
            else { return }
            try compareTrees(oldID, newID, prefix: path + "/", paths: paths, trees: trees, into: &changes,
                             operation: operation)
            return
        }
        guard type == GIT_OBJECT_BLOB else { return }
        guard paths.isEmpty || paths.contains(where: { $0 == path || path.hasPrefix($0 + "/") }) else { return }
        let kind: TreeChange.Kind = oldID == nil ? .added : newID == nil ? .deleted : .modified
        changes.append(TreeChange(kind: kind, path: path, oldBlob: oldID.map(ObjectID.init), newBlob: newID.map(ObjectID.init)))
    }

    /// git's order of tree entries: by name bytes, a folder's name read as if it ended in `/`.
    private static func compareEntries(_ a: OpaquePointer, _ b: OpaquePointer) -> Int {
        guard let nameA = git_tree_entry_name(a), let nameB = git_tree_entry_name(b) else { return 0 }
        let lengthA = strlen(nameA)
        let lengthB = strlen(nameB)
        let common = min(lengthA, lengthB)
        let order = memcmp(nameA, nameB, common)
        if order != 0 { return Int(order) }
        func next(_ name: UnsafePointer<CChar>, _ length: Int, _ entry: OpaquePointer) -> UInt8 {
            if length > common { return UInt8(bitPattern: name[common]) }
            return git_tree_entry_type(entry) == GIT_OBJECT_TREE ? UInt8(ascii: "/") : 0
        }
        let c1 = next(nameA, lengthA, a)
        let c2 = next(nameB, lengthB, b)
        return c1 < c2 ? -1 : c1 > c2 ? 1 : 0
    }

    fileprivate func lookUpTree(_ id: git_oid, operation: String) throws -> OpaquePointer {
        var oid = id
        var tree: OpaquePointer?
        try check(git_tree_lookup(&tree, pointer, &oid), reading: oid, operation)
        guard let tree else { throw GitError(operation: operation, code: -1, message: "libgit2 returned no tree") }
        return tree
    }

    private func treeID(of commitID: ObjectID, operation: String) throws -> git_oid {
        var oid = try commitID.raw(for: operation)
        var commit: OpaquePointer?
        try check(git_commit_lookup(&commit, pointer, &oid), reading: oid, operation)
        defer { git_commit_free(commit) }
        guard let tree = git_commit_tree_id(commit) else {
            throw GitError(operation: operation, code: -1, message: "commit \(commitID.short) has no tree")
        }
        return tree.pointee
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
                // The same tree from here down: the rest of the path is the reference's.
                ids.append(contentsOf: reference.ids[(level + 1)...])
                return PathChain(ids: ids, isBlob: reference.isBlob)
            }
            var tree: OpaquePointer?
            try check(git_tree_lookup(&tree, pointer, &current), reading: current, operation)
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

/// Trees read while walking commits, kept for one more step: the trees of a commit's parent, read to compare
/// the two, are the "new" side of the next comparison, so each tree of a linear history is parsed once.
private final class TreeCache {
    private var trees: [RawID: (tree: OpaquePointer, step: Int)] = [:]
    private var step = 0

    func tree(_ id: git_oid, in repository: Repository, operation: String) throws -> OpaquePointer {
        let key = RawID(id)
        if let known = trees[key] {
            trees[key] = (known.tree, step)
            return known.tree
        }
        let tree = try repository.lookUpTree(id, operation: operation)
        trees[key] = (tree, step)
        return tree
    }

    /// Frees the trees not used during the step that ends.
    func endStep() {
        for (key, value) in trees where value.step < step {
            git_tree_free(value.tree)
            trees[key] = nil
        }
        step += 1
    }

    deinit {
        for value in trees.values { git_tree_free(value.tree) }
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
