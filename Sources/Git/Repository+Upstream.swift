import CGit2
import Foundation

/// What the git program needs to work on a journal by hand: the branch's upstream in the config
/// (`git status`, `git pull`), and a shared repository whose HEAD names a branch it has (`git clone`).
extension Repository {
    /// The remote and remote branch `branch` tracks (`branch.B.remote`, `branch.B.merge`); nil when unset.
    public func upstream(of branch: String) -> (remote: String, branch: String)? {
        guard let remote = configString("branch.\(branch).remote"), let merge = configString("branch.\(branch).merge"),
              !remote.isEmpty, !merge.isEmpty else { return nil }
        return (remote, merge.hasPrefix("refs/heads/") ? String(merge.dropFirst("refs/heads/".count)) : merge)
    }

    /// Makes `branch` track `remoteBranch` of `remote`, as `git branch --set-upstream-to` does.
    public func setUpstream(of branch: String, remote: String, remoteBranch: String) throws {
        try withLocalConfig("set the upstream of \(branch)") { config, operation in
            try check(git_config_set_string(config, "branch.\(branch).remote", remote), operation)
            try check(git_config_set_string(config, "branch.\(branch).merge", "refs/heads/" + remoteBranch), operation)
        }
    }

    /// Removes the tracking settings of `branch` (left by a clone for a branch that was never made).
    public func forgetUpstream(of branch: String) throws {
        try withLocalConfig("forget the upstream of \(branch)") { config, operation in
            for key in ["remote", "merge"] {
                let code = git_config_delete_entry(config, "branch.\(branch).\(key)")
                if code != GIT_ENOTFOUND.rawValue { try check(code, operation) }
            }
        }
    }

    private func withLocalConfig(_ operation: String, _ body: (OpaquePointer, String) throws -> Void) throws {
        var all: OpaquePointer?
        try check(git_repository_config(&all, pointer), operation)
        defer { git_config_free(all) }
        var local: OpaquePointer?
        try check(git_config_open_level(&local, all, GIT_CONFIG_LEVEL_LOCAL), operation)
        defer { git_config_free(local) }
        guard let local else { throw GitError(operation: operation, code: -1, message: "no repository config") }
        try body(local, operation)
    }

    /// The folder of a remote that is a path on this machine (`/srv/journal.git`, `file:///srv/journal.git`);
    /// nil for a remote reached over the network.
    public static func localPath(ofRemoteURL url: String) -> String? {
        if url.hasPrefix("/") { return url }
        guard url.hasPrefix("file://") else { return nil }
        let path = String(url.dropFirst("file://".count))
        return path.hasPrefix("/") ? (path.removingPercentEncoding ?? path) : nil
    }

    /// When the repository at `path` (a shared bare one, on this machine) has a HEAD that names a branch
    /// it does not have (`git init --bare` names master) but has `branch`, points its HEAD at `branch`,
    /// so that `git clone` of it checks that out. Returns whether it did. A server's HEAD cannot be
    /// changed over git's protocols: that one is left alone.
    @discardableResult
    public static func pointDanglingHead(ofRepositoryAt path: String, at branch: String) throws -> Bool {
        try Library.ensureInitialized()
        let operation = "point HEAD of \(path) at \(branch)"
        var opened: OpaquePointer?
        try check(git_repository_open_ext(&opened, path, GIT_REPOSITORY_OPEN_NO_SEARCH.rawValue, nil), operation)
        guard let repository = opened else { return false }
        defer { git_repository_free(repository) }
        var head: OpaquePointer?
        try check(git_reference_lookup(&head, repository, "HEAD"), operation)
        defer { git_reference_free(head) }
        guard git_reference_type(head) == GIT_REFERENCE_SYMBOLIC, let target = git_reference_symbolic_target(head) else {
            return false
        }
        var resolved = git_oid()
        let named = git_reference_name_to_id(&resolved, repository, target)
        guard named == GIT_ENOTFOUND.rawValue else { return false }  // HEAD's branch is there (or HEAD is unreadable)
        let wanted = "refs/heads/" + branch
        guard git_reference_name_to_id(&resolved, repository, wanted) == 0 else { return false }
        try check(git_repository_set_head(repository, wanted), operation)
        return true
    }
}
