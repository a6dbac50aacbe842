import CGit2
import Foundation

extension Repository {
    /// Bytes of `path` in the tree of `commit`; nil when the path is absent there or is not a file.
    public func fileContents(_ path: String, at commit: ObjectID) throws -> Data? {
        try blobID(of: path, at: commit).map(blobData)
    }

    /// When the oldest commit reachable from HEAD whose tree contains `path` was authored, with the
    /// author's UTC offset in seconds; nil if no commit has it (or HEAD is unborn).
    public func firstAuthorDate(adding path: String) throws -> (date: Date, offsetSeconds: Int)? {
        let operation = "find first commit of '\(path)'"
        var result: (Date, Int)?
        try walk(from: nil, sorting: GIT_SORT_TIME.rawValue | GIT_SORT_REVERSE.rawValue, operation: operation) { commit in
            var tree: OpaquePointer?
            try check(git_commit_tree(&tree, commit), operation)
            defer { git_tree_free(tree) }
            var entry: OpaquePointer?
            let found = git_tree_entry_bypath(&entry, tree, path)
            if found == GIT_ENOTFOUND.rawValue { return true }
            try check(found, operation)
            git_tree_entry_free(entry)
            if let author = git_commit_author(commit) {
                let when = author.pointee.when
                result = (Date(timeIntervalSince1970: TimeInterval(when.time)), Int(when.offset) * 60)
            } else {
                result = (Date(timeIntervalSince1970: TimeInterval(git_commit_time(commit))), Int(git_commit_time_offset(commit)) * 60)
            }
            return false
        }
        return result
    }

    /// Full commit messages (as stored, with trailing newline), newest first from HEAD; for tests and diagnostics.
    public func commitMessages(limit: Int) throws -> [String] {
        var messages: [String] = []
        guard limit > 0 else { return messages }
        try walk(from: nil, sorting: GIT_SORT_TIME.rawValue | GIT_SORT_TOPOLOGICAL.rawValue,
                         operation: "list commits") { commit in
            messages.append(git_commit_message(commit).map { String(cString: $0) } ?? "")
            return messages.count < limit
        }
        return messages
    }

    func withTree<Result>(of commitID: ObjectID, operation: String,
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
}
