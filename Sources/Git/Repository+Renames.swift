import CGit2
import Foundation

extension Repository {
    /// Which of `deleted` (files of HEAD gone from the work tree) reappear as one of `added` (work-tree
    /// files HEAD lacks), by libgit2's rename detection (`git_diff_find_similar`, git's default: half
    /// the content or more the same), so that a file moved by hand, edited or not, is seen as moved.
    public func renames(deleted: [String], added: [String]) throws -> [(from: String, to: String)] {
        guard !deleted.isEmpty, !added.isEmpty, let head = try head() else { return [] }
        let operation = "find moved files"
        var options = git_diff_options()
        try check(git_diff_options_init(&options, UInt32(GIT_DIFF_OPTIONS_VERSION)), operation)
        options.flags = GIT_DIFF_INCLUDE_UNTRACKED.rawValue | GIT_DIFF_RECURSE_UNTRACKED_DIRS.rawValue
            | GIT_DIFF_DISABLE_PATHSPEC_MATCH.rawValue | GIT_DIFF_SHOW_UNTRACKED_CONTENT.rawValue
        let diff: OpaquePointer = try withTree(of: head, operation: operation) { tree in
            try withStringArray(deleted + added) { pathspec in
                options.pathspec = pathspec
                defer { options.pathspec = git_strarray() }
                var diff: OpaquePointer?
                try check(git_diff_tree_to_workdir(&diff, pointer, tree, &options), operation)
                guard let diff else { throw GitError(operation: operation, code: -1, message: "libgit2 returned no diff") }
                return diff
            }
        }
        defer { git_diff_free(diff) }
        var find = git_diff_find_options()
        try check(git_diff_find_options_init(&find, UInt32(GIT_DIFF_FIND_OPTIONS_VERSION)), operation)
        find.flags = GIT_DIFF_FIND_RENAMES.rawValue | GIT_DIFF_FIND_FOR_UNTRACKED.rawValue
        try check(git_diff_find_similar(diff, &find), operation)
        var result: [(from: String, to: String)] = []
        for index in 0..<git_diff_num_deltas(diff) {
            guard let delta = git_diff_get_delta(diff, index), delta.pointee.status == GIT_DELTA_RENAMED,
                  let old = delta.pointee.old_file.path, let new = delta.pointee.new_file.path else { continue }
            result.append((String(cString: old), String(cString: new)))
        }
        return result
    }
}
