import CGit2
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension Repository {
    /// Changed paths (work tree + index vs HEAD) matching the pathspecs `paths` (all when empty); untracked files listed one by one, ignored files left out, renames shown as deleted + added; sorted by path.
    /// With `exact`, each of `paths` names one file (no globbing), which is much cheaper for a few files of a large tree.
    /// With `refreshingIndex`, the index's stat cache is brought up to date for files found unchanged (as
    /// `git update-index --refresh` does), so that the next status, by libgit2 or the git program, need not
    /// read them again; the caller must hold whatever keeps other writers of the index away.
    public func status(paths: [String], exact: Bool = false, refreshingIndex: Bool = false) throws -> [StatusEntry] {
        if refreshingIndex {
            // The index locked by a git program at work: the answer without the refresh is as good.
            if let entries = try? status(paths: paths, exact: exact, updatingIndex: true) { return entries }
        }
        return try status(paths: paths, exact: exact, updatingIndex: false)
    }

    private func status(paths: [String], exact: Bool, updatingIndex: Bool) throws -> [StatusEntry] {
        let operation = "read status"
        var options = git_status_options()
        try check(git_status_options_init(&options, UInt32(GIT_STATUS_OPTIONS_VERSION)), operation)
        options.show = GIT_STATUS_SHOW_INDEX_AND_WORKDIR
        options.flags = GIT_STATUS_OPT_INCLUDE_UNTRACKED.rawValue
            | GIT_STATUS_OPT_RECURSE_UNTRACKED_DIRS.rawValue
            | GIT_STATUS_OPT_EXCLUDE_SUBMODULES.rawValue
            | (exact ? GIT_STATUS_OPT_DISABLE_PATHSPEC_MATCH.rawValue : 0)
            | (updatingIndex ? GIT_STATUS_OPT_UPDATE_INDEX.rawValue : 0)

        let list: OpaquePointer = try withStringArray(paths) { pathspec in
            options.pathspec = pathspec
            defer { options.pathspec = git_strarray() }
            var list: OpaquePointer?
            try check(git_status_list_new(&list, pointer, &options), operation)
            guard let list else {
                throw GitError(operation: operation, code: -1, message: "libgit2 returned no status list")
            }
            return list
        }
        defer { git_status_list_free(list) }

        var entries: [StatusEntry] = []
        for index in 0..<git_status_list_entrycount(list) {
            guard let entry = git_status_byindex(list, index) else { continue }
            let flags = entry.pointee.status.rawValue
            guard let change = StatusEntry.Change(flags: flags) else { continue }
            let delta = entry.pointee.index_to_workdir ?? entry.pointee.head_to_index
            guard let delta, let rawPath = delta.pointee.new_file.path ?? delta.pointee.old_file.path else { continue }
            entries.append(StatusEntry(path: String(cString: rawPath), change: change))
        }
        return entries.sorted { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }
    }

    /// True when something (file, symlink, even a dangling one) exists at `path` in the work tree.
    func existsInWorkdir(_ path: String) -> Bool {
        var info = stat()
        return lstat(workdir + "/" + path, &info) == 0
    }

    /// Makes git's index agree with the work tree for `paths` (after the caller wrote or deleted them),
    /// so that `git status` shows them clean.
    public func updateIndex(paths: [String]) throws {
        var index: OpaquePointer?
        try check(git_repository_index(&index, pointer), "open the index")
        guard let index else { throw GitError(operation: "open the index", code: -1, message: "libgit2 returned no index") }
        defer { git_index_free(index) }
        // Re-read only when changed on disk (stamp or checksum), as in `commit(paths:…)`.
        try check(git_index_read(index, 0), "read the index")
        try stage(paths, in: index)
        try check(git_index_write(index), "write the index")
    }

    /// The tree git's index would commit (`git write-tree`): the repository's index, or the index file at
    /// `indexFile` (a hook of the git program is given a temporary one for `commit -a`). Its trees are stored.
    public func treeOfIndex(indexFile: String?) throws -> ObjectID {
        let operation = "write the index's tree"
        var index: OpaquePointer?
        if let indexFile {
            try check(git_index_open(&index, indexFile), operation)
        } else {
            try check(git_repository_index(&index, pointer), operation)
        }
        guard let index else { throw GitError(operation: operation, code: -1, message: "libgit2 returned no index") }
        defer { git_index_free(index) }
        var tree = git_oid()
        try check(git_index_write_tree_to(&tree, index, pointer), operation)
        return ObjectID(tree)
    }

    /// The commits `MERGE_HEAD` names while a merge waits to be committed (none otherwise).
    public var mergeHeads: [ObjectID] {
        var heads: [ObjectID] = []
        _ = git_repository_mergehead_foreach(pointer, { oid, payload in
            guard let oid, let payload else { return 0 }
            payload.assumingMemoryBound(to: [ObjectID].self).pointee.append(ObjectID(oid.pointee))
            return 0
        }, &heads)
        return heads
    }

    /// Sets git's index to HEAD's tree, with no stat data: every file is compared by content at the next status
    /// (after a checkout that did not finish, whose files may be some of HEAD's, half of one, or an edit).
    public func resetIndexToHead() throws {
        let operation = "set the index to HEAD"
        guard let head = try head() else { return }
        var id = try head.raw(for: operation)
        var commit: OpaquePointer?
        try check(git_commit_lookup(&commit, pointer, &id), operation)
        defer { git_commit_free(commit) }
        var tree: OpaquePointer?
        try check(git_commit_tree(&tree, commit), operation)
        defer { git_tree_free(tree) }
        var index: OpaquePointer?
        try check(git_repository_index(&index, pointer), "open the index")
        guard let index else { throw GitError(operation: operation, code: -1, message: "libgit2 returned no index") }
        defer { git_index_free(index) }
        try check(git_index_read_tree(index, tree), operation)
        try check(git_index_write(index), "write the index")
    }

    /// Makes git's index agree with a checkout that just wrote `changes` (each new version's file written
    /// whole, through the filters that apply, and each deleted file gone), as git's own checkout does: an
    /// entry takes its blob from the tree and its stat data from the file, so nothing is read, hashed or stored
    /// again (`updateIndex(paths:)` did all three, and flushed every file system after a batch). A path that
    /// holds something else now (a link, a folder) is staged as libgit2 finds it.
    public func updateIndex(checkedOut changes: [TreeChange]) throws {
        var index: OpaquePointer?
        try check(git_repository_index(&index, pointer), "open the index")
        guard let index else { throw GitError(operation: "open the index", code: -1, message: "libgit2 returned no index") }
        defer { git_index_free(index) }
        try check(git_index_read(index, 0), "read the index")
        // Each blob is in the tree just checked out: libgit2 need not read it back to check that it exists.
        _ = cgit2_strict_object_creation(0)
        defer { _ = cgit2_strict_object_creation(1) }
        for change in changes {
            var info = stat()
            if let blob = change.newBlob, lstat(workdir + "/" + change.path, &info) == 0, info.st_mode & S_IFMT == S_IFREG {
                var entry = Repository.indexEntry(info, mode: UInt32(S_IFREG) | (info.st_mode & 0o100 == 0 ? 0o644 : 0o755),
                                                  id: try blob.raw(for: "stage '\(change.path)'"))
                try change.path.withCString { raw in
                    entry.path = raw
                    try check(git_index_add(index, &entry), "stage '\(change.path)'")
                }
            } else if existsInWorkdir(change.path) {
                try check(git_index_add_bypath(index, change.path), "stage '\(change.path)'")
            } else {
                let code = git_index_remove_bypath(index, change.path)
                if code != GIT_ENOTFOUND.rawValue { try check(code, "unstage '\(change.path)'") }
            }
        }
        try check(git_index_write(index), "write the index")
    }
}

extension StatusEntry.Change {
    /// Folds libgit2's index and work-tree flags into one change vs HEAD; nil when nothing differs.
    init?(flags: UInt32) {
        func has(_ flag: git_status_t) -> Bool { flags & flag.rawValue != 0 }
        if has(GIT_STATUS_CONFLICTED) {
            self = .conflicted
        } else if has(GIT_STATUS_WT_DELETED) {
            self = .deleted
        } else if has(GIT_STATUS_INDEX_DELETED) {
            // Removed from the index; if still on disk (untracked again) it is a change, not a deletion.
            self = has(GIT_STATUS_WT_NEW) ? .modified : .deleted
        } else if has(GIT_STATUS_INDEX_NEW) || has(GIT_STATUS_WT_NEW) {
            self = .added
        } else if has(GIT_STATUS_INDEX_TYPECHANGE) || has(GIT_STATUS_WT_TYPECHANGE) {
            self = .typeChange
        } else if has(GIT_STATUS_INDEX_RENAMED) || has(GIT_STATUS_WT_RENAMED) {
            self = .renamed
        } else if has(GIT_STATUS_INDEX_MODIFIED) || has(GIT_STATUS_WT_MODIFIED) || has(GIT_STATUS_WT_UNREADABLE) {
            self = .modified
        } else {
            return nil
        }
    }
}

/// Runs `body` with a git_strarray view of `strings`, valid only during the call.
func withStringArray<Result>(_ strings: [String],
                             _ body: (git_strarray) throws -> Result) throws -> Result {
    var copies: [UnsafeMutablePointer<CChar>?] = strings.map { strdup($0) }
    defer { copies.forEach { free($0) } }
    if copies.contains(where: { $0 == nil }) {
        throw GitError(operation: "copy path list", code: -1, message: "out of memory")
    }
    return try copies.withUnsafeMutableBufferPointer { buffer in
        try body(git_strarray(strings: buffer.baseAddress, count: buffer.count))
    }
}

extension Repository {
    /// The blob id a work-tree file would get (hashed as git stores it); nil when there is no such file.
    public func hashFile(_ path: String) throws -> ObjectID? {
        var info = stat()
        guard lstat(workdir + "/" + path, &info) == 0 else { return nil }
        var id = git_oid()
        try check(git_repository_hashfile(&id, pointer, path, GIT_OBJECT_BLOB, nil), "hash '\(path)'")
        return ObjectID(id)
    }

    /// How each of `paths` (files, relative) differs from HEAD, judged by content: each file is hashed
    /// as git would store it and compared with HEAD's blob. Unlike `status`, this never trusts the
    /// index's stat data, so an edit that kept a file's size and timestamp (git's "racy" case) is seen.
    /// Unchanged paths are left out.
    public func changesAgainstHead(_ paths: [String]) throws -> [StatusEntry] {
        let operation = "compare files with HEAD"
        var headBlobs: [String: git_oid] = [:]
        if let head = try head() {
            try withTree(of: head, operation: operation) { tree in
                for path in paths {
                    var entry: OpaquePointer?
                    let found = git_tree_entry_bypath(&entry, tree, path)
                    if found == GIT_ENOTFOUND.rawValue { continue }
                    try check(found, operation)
                    defer { git_tree_entry_free(entry) }
                    if let id = git_tree_entry_id(entry) { headBlobs[path] = id.pointee }
                }
            }
        }
        var changes: [StatusEntry] = []
        for path in paths {
            var info = stat()
            let exists = lstat(workdir + "/" + path, &info) == 0
            switch (exists, headBlobs[path]) {
            case (false, nil): continue
            case (false, _?): changes.append(StatusEntry(path: path, change: .deleted))
            case (true, nil): changes.append(StatusEntry(path: path, change: .added))
            case (true, var old?):
                var now = git_oid()
                if info.st_mode & S_IFMT == S_IFLNK {
                    // A link is its text to git; libgit2's hashfile reads what it names (and fails when nothing
                    // is there), which made a link that arrived by `git pull` a change of its own.
                    guard let text = Repository.linkText(Array((workdir + "/" + path).utf8CString), size: Int(info.st_size)) else { continue }
                    try check(text.withUnsafeBytes { git_odb_hash(&now, $0.baseAddress, $0.count, GIT_OBJECT_BLOB) }, operation)
                } else {
                    try check(git_repository_hashfile(&now, pointer, path, GIT_OBJECT_BLOB, nil), operation)
                }
                if git_oid_equal(&now, &old) != 0 { continue }
                // Stored before its filter was installed (a plaintext blob of a journal that was just
                // encrypted): the same bytes as stored are no change.
                var raw = git_oid()
                if contentFilter != nil,
                   git_odb_hashfile(&raw, workdir + "/" + path, GIT_OBJECT_BLOB) == 0, git_oid_equal(&raw, &old) != 0 { continue }
                changes.append(StatusEntry(path: path, change: .modified))
            }
        }
        return changes
    }
}
