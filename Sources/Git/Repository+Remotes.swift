import CGit2
import Foundation

/// A configured remote.
public struct RemoteInfo: Sendable, Equatable {
    public let name: String
    public let url: String
}

/// The remotes in the repository's config.
extension Repository {
    public func remotes() throws -> [RemoteInfo] {
        var names = git_strarray()
        try check(git_remote_list(&names, pointer), "list remotes")
        defer { git_strarray_dispose(&names) }
        var result: [RemoteInfo] = []
        for index in 0..<names.count {
            guard let raw = names.strings[index] else { continue }
            let name = String(cString: raw)
            result.append(RemoteInfo(name: name, url: try remoteURL(name) ?? ""))
        }
        return result
    }

    /// The URL of remote `name`, nil when there is no such remote.
    public func remoteURL(_ name: String) throws -> String? {
        var remote: OpaquePointer?
        let code = git_remote_lookup(&remote, pointer, name)
        if code == GIT_ENOTFOUND.rawValue || code == GIT_EINVALIDSPEC.rawValue { return nil }
        try check(code, "look up remote '\(name)'")
        defer { git_remote_free(remote) }
        return git_remote_url(remote).map { String(cString: $0) }
    }

    public static func isValidRemoteName(_ name: String) -> Bool {
        try? Library.ensureInitialized()
        var valid: Int32 = 0
        return git_remote_name_is_valid(&valid, name) == 0 && valid == 1
    }

    public func addRemote(name: String, url: String) throws {
        var remote: OpaquePointer?
        try check(git_remote_create(&remote, pointer, name, url), "add remote '\(name)'")
        git_remote_free(remote)
    }

    public func removeRemote(name: String) throws {
        let code = git_remote_delete(pointer, name)
        if code == GIT_ENOTFOUND.rawValue { throw RemoteFailure.noSuchRemote(name) }
        try check(code, "remove remote '\(name)'")
    }
}
