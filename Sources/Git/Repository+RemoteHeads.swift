import CGit2
import Foundation

extension Repository {
    /// The branches remote `name` has, as `git ls-remote --heads` lists them: it connects with the
    /// credentials and host-key checks of `access`, and changes nothing here (no fetch, no tracking ref).
    public func remoteBranches(remote name: String, access: RemoteAccess) throws -> [String] {
        try Library.loadCertificates()
        var found: OpaquePointer?
        let code = git_remote_lookup(&found, pointer, name)
        if code == GIT_ENOTFOUND.rawValue || code == GIT_EINVALIDSPEC.rawValue { throw RemoteFailure.noSuchRemote(name) }
        try check(code, "look up remote '\(name)'")
        guard let remote = found else { throw RemoteFailure.noSuchRemote(name) }
        defer { git_remote_free(remote) }
        let session = RemoteSession(url: git_remote_url(remote).map { String(cString: $0) } ?? name, access: access)
        return try withExtendedLifetime(session) {
            var callbacks = git_remote_callbacks()
            try check(git_remote_init_callbacks(&callbacks, UInt32(GIT_REMOTE_CALLBACKS_VERSION)), "connect")
            try session.install(in: &callbacks)
            try session.check(git_remote_connect(remote, GIT_DIRECTION_FETCH, &callbacks, nil, nil), "connect to \(session.url)")
            defer { git_remote_disconnect(remote) }
            var heads: UnsafeMutablePointer<UnsafePointer<git_remote_head>?>?
            var count = 0
            try session.check(git_remote_ls(&heads, &count, remote), "list the branches of \(session.url)")
            var branches: [String] = []
            for index in 0..<count {
                guard let head = heads?[index]?.pointee, let raw = head.name else { continue }
                let reference = String(cString: raw)
                if reference.hasPrefix("refs/heads/") { branches.append(String(reference.dropFirst("refs/heads/".count))) }
            }
            return branches
        }
    }
}
