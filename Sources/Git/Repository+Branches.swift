import CGit2
import Foundation

/// Branches and references: what HEAD names, moving a branch, merge bases.
extension Repository {
    /// The branch HEAD names ("main"), also when it has no commit yet; nil when HEAD is detached.
    public func currentBranch() throws -> String? {
        var head: OpaquePointer?
        try check(git_reference_lookup(&head, pointer, "HEAD"), "read HEAD")
        defer { git_reference_free(head) }
        guard git_reference_type(head) == GIT_REFERENCE_SYMBOLIC, let target = git_reference_symbolic_target(head) else {
            return nil
        }
        let name = String(cString: target)
        return name.hasPrefix("refs/heads/") ? String(name.dropFirst("refs/heads/".count)) : nil
    }

    /// The commit a reference (`refs/remotes/origin/main`) points to; nil when it does not exist.
    public func referenceTarget(_ name: String) throws -> ObjectID? {
        var oid = git_oid()
        let code = git_reference_name_to_id(&oid, pointer, name)
        if code == GIT_ENOTFOUND.rawValue { return nil }
        try check(code, "read \(name)")
        return ObjectID(oid)
    }

    /// After a clone whose remote HEAD names a branch that has no commit (a bare repository made with
    /// another default branch): makes `branch` from `refs/remotes/REMOTE/BRANCH`, points HEAD at it and
    /// checks it out. False when the remote has no such branch.
    public func checkOutRemoteBranch(_ branch: String, of remote: String, checkout: Bool = true) throws -> Bool {
        guard let tip = try referenceTarget("refs/remotes/\(remote)/\(branch)") else { return false }
        var oid = try tip.raw(for: "check out \(branch)")
        var reference: OpaquePointer?
        try check(git_reference_create(&reference, pointer, "refs/heads/" + branch, &oid, 1, "clone: \(remote)/\(branch)"),
                  "make branch \(branch)")
        git_reference_free(reference)
        try setUnbornBranch(branch)
        if !checkout { return true }
        var options = git_checkout_options()
        try check(git_checkout_options_init(&options, UInt32(GIT_CHECKOUT_OPTIONS_VERSION)), "check out \(branch)")
        options.checkout_strategy = GIT_CHECKOUT_FORCE.rawValue
        try check(git_checkout_head(pointer, &options), "check out \(branch)")
        return true
    }

    /// Makes HEAD name `branch` (a branch with no commit yet, as after cloning an empty repository).
    public func setUnbornBranch(_ branch: String) throws {
        try check(git_repository_set_head(pointer, "refs/heads/" + branch), "point HEAD at \(branch)")
    }

    /// Points HEAD's branch at `commit`, provided it still points at `from` (nil: the branch has no
    /// commit yet), with `message` in its reflog; throws if someone moved it meanwhile. Only the
    /// reference moves: the index and the work tree are the caller's.
    public func moveBranch(to commit: ObjectID, from: ObjectID?, message: String) throws {
        guard let branch = try currentBranch() else {
            throw GitError(operation: "move the branch", code: -1, message: "HEAD is detached")
        }
        let operation = "move \(branch) to \(commit.short)"
        var oid = try commit.raw(for: operation)
        var reference: OpaquePointer?
        if var expected = try from?.raw(for: operation) {
            try check(git_reference_create_matching(&reference, pointer, "refs/heads/" + branch, &oid, 1, &expected, message),
                      operation)
        } else {
            try check(git_reference_create(&reference, pointer, "refs/heads/" + branch, &oid, 0, message), operation)
        }
        git_reference_free(reference)
    }

    /// Points the reference `name` (a full name, `refs/…`) at `commit`, making it or moving it.
    public func setReference(_ name: String, to commit: ObjectID, message: String) throws {
        let operation = "point \(name) at \(commit.short)"
        var oid = try commit.raw(for: operation)
        var reference: OpaquePointer?
        try check(git_reference_create(&reference, pointer, name, &oid, 1, message), operation)
        git_reference_free(reference)
    }

    /// The best common ancestor of two commits; nil when they share no history.
    public func mergeBase(_ a: ObjectID, _ b: ObjectID) throws -> ObjectID? {
        var base = git_oid()
        var one = try a.raw(for: "find the merge base")
        var two = try b.raw(for: "find the merge base")
        let code = git_merge_base(&base, pointer, &one, &two)
        if code == GIT_ENOTFOUND.rawValue { return nil }
        try check(code, "find the merge base of \(a.short) and \(b.short)")
        return ObjectID(base)
    }
}
