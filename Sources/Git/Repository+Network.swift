import CGit2
import Foundation

/// How to reach remotes: credentials and host-key policy. Nothing here is ever written into a repository.
public struct RemoteAccess: Sendable {
    /// Password for http(s) remotes (a personal access token); sent with Basic auth.
    public var token: String?
    /// Private key files tried in order for ssh, after the agent.
    public var sshKeyFiles: [String]
    /// ssh-agent's socket, asked first when given (what `SSH_AUTH_SOCK` names); nil: no agent.
    public var agentSocket: String?
    /// The user name for ssh when the URL has none.
    public var sshUser: String
    /// known_hosts files to check ssh host keys against; the first one is where accepted keys are added.
    public var knownHostsFiles: [String]
    /// Add the key of a host seen for the first time to known_hosts instead of refusing it. A changed key is always refused.
    public var acceptNewHost: Bool

    public init(token: String?, sshKeyFiles: [String], agentSocket: String?, sshUser: String, knownHostsFiles: [String],
                acceptNewHost: Bool) {
        self.token = token
        self.sshKeyFiles = sshKeyFiles
        self.agentSocket = agentSocket
        self.sshUser = sshUser
        self.knownHostsFiles = knownHostsFiles
        self.acceptNewHost = acceptNewHost
    }
}

/// Why talking to a remote failed, for the errors the user can act on; anything else is a `GitError`.
public enum RemoteFailure: Error, Sendable, Equatable {
    case unknownHost(host: String, keyType: String, fingerprint: String)
    case changedHostKey(host: String, keyType: String, fingerprint: String)
    case authentication(url: String)
    case noSuchRemote(String)
}

/// What a push did.
public enum PushResult: Sendable, Equatable {
    case pushed
    /// The remote's branch was not at the value the push expected (someone pushed since the fetch), or
    /// another push held its lock: nothing was changed there; fetch, merge and try again.
    case raced(reason: String)
    /// The remote refused the update: it moved (someone pushed in between; fetch, merge, try again),
    /// or a hook or a rule refused it. `reason` is the remote's status, `message` what it printed.
    case rejected(reason: String, message: String)
}

/// Fetch, push and clone, with the credentials and host-key checks of `RemoteAccess`.
extension Repository {
    /// Fetches `branch` of remote `name` into `refs/remotes/NAME/BRANCH` and returns its tip (nil when the remote has no such branch yet).
    /// `reflog`: the message of the tracking branch's reflog entry.
    public func fetch(remote name: String, branch: String, access: RemoteAccess, reflog: String) throws -> ObjectID? {
        let tracking = "refs/remotes/\(name)/\(branch)"
        let (code, session) = try transfer(name, refspec: "+refs/heads/\(branch):\(tracking)", access: access) {
            remote, specs, session in
            var options = git_fetch_options()
            try check(git_fetch_options_init(&options, UInt32(GIT_FETCH_OPTIONS_VERSION)), "fetch")
            // A branch deleted on the remote must not linger here as if it were still there.
            options.prune = GIT_FETCH_PRUNE
            options.download_tags = GIT_REMOTE_DOWNLOAD_TAGS_NONE
            try session.install(in: &options.callbacks)
            return git_remote_fetch(remote, specs, &options, reflog)
        }
        try session.check(code, "fetch from \(session.url)")
        return try referenceTarget(tracking)
    }

    /// Runs a fetch or push (`call`) on remote `name` with one refspec and a session for libgit2's
    /// callbacks, kept alive for the whole call.
    private func transfer(_ name: String, refspec: String, access: RemoteAccess,
                          _ call: (OpaquePointer, UnsafeMutablePointer<git_strarray>, RemoteSession) throws -> Int32)
        throws -> (code: Int32, session: RemoteSession)
    {
        try Library.loadCertificates()
        let remote = try lookUpRemote(name)
        defer { git_remote_free(remote) }
        let session = RemoteSession(url: git_remote_url(remote).map { String(cString: $0) } ?? name, access: access)
        let code = try withExtendedLifetime(session) {
            try withStringArray([refspec]) { refspecs in
                var specs = refspecs
                return try call(remote, &specs, session)
            }
        }
        return (code, session)
    }

    /// Pushes `branch` to the branch `remoteBranch` (the same name by default) of remote `name`, only if
    /// that branch is still at `expected` (nil: it must not exist yet), the value the last fetch saw:
    /// compare-and-swap, as git's own push does under the ref's lock. A remote that moved meanwhile, or
    /// whose ref another push holds locked, is `.raced` and keeps what it had.
    public func push(remote name: String, branch: String, to remoteBranch: String? = nil, expecting expected: ObjectID?,
                     access: RemoteAccess) throws -> PushResult
    {
        let target = remoteBranch ?? branch
        guard let pushed = try referenceTarget("refs/heads/" + branch) else {
            throw GitError(operation: "push \(branch)", code: GIT_ENOTFOUND.rawValue, message: "no such branch")
        }
        let result: PushResult
        if let url = try remoteURL(name), let path = Repository.localTransportPath(of: url) {
            // libgit2's local transport writes the remote's ref without comparing it with the value it
            // read when it connected: two pushes at once moved the branch back. This one compares.
            result = try pushLocally(pushed, to: path, branch: target, expected: expected)
        } else {
            result = try pushOverTransport(name, branch: branch, target: target, expected: expected, access: access)
        }
        guard result == .pushed else { return result }
        // Record what the remote now has (what was pushed, even if the branch moved since), as git does.
        var oid = try pushed.raw(for: "update the remote-tracking branch")
        var reference: OpaquePointer?
        if git_reference_create(&reference, pointer, "refs/remotes/\(name)/\(target)", &oid, 1, "push") == 0 {
            git_reference_free(reference)
        }
        return .pushed
    }

    /// A push over libgit2's transports (ssh, git://, http): the remote's receive-pack updates the ref only
    /// from the value it advertised, and the negotiation callback refuses to send when that is not `expected`.
    private func pushOverTransport(_ name: String, branch: String, target: String, expected: ObjectID?,
                                   access: RemoteAccess) throws -> PushResult
    {
        let (code, session) = try transfer(name, refspec: "refs/heads/\(branch):refs/heads/\(target)", access: access) {
            remote, specs, session in
            var options = git_push_options()
            try check(git_push_options_init(&options, UInt32(GIT_PUSH_OPTIONS_VERSION)), "push")
            session.expectedRemoteTip = .some(expected)
            try session.install(in: &options.callbacks)
            // The pack's delta search on every core (0: as many threads as there are), not on one.
            options.pb_parallelism = 0
            return git_remote_push(remote, specs, &options)
        }
        if let moved = session.remoteMoved { return .raced(reason: moved) }
        let said = session.remoteOutput.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }.last ?? ""
        if code == GIT_ENONFASTFORWARD.rawValue { return .raced(reason: "non-fast-forward") }
        try session.check(code, "push to \(session.url)")
        if let refused = session.refusedUpdate {
            // receive-pack's own compare-and-swap lost ("cannot lock ref 'refs/heads/main': is at X but
            // expected Y"), or another push held the lock: the remote moved.
            let words = refused + " " + said
            if ["cannot lock", "failed to lock", "stale info", "fetch first", "but expected"].contains(where: words.contains) {
                return .raced(reason: refused)
            }
            return .rejected(reason: refused, message: said)
        }
        return .pushed
    }

    /// The path of the repository a remote URL names on this machine, as libgit2 decides it: an
    /// absolute path, a `file://` URL, or a relative path to a folder that exists; nil for a network URL.
    static func localTransportPath(of url: String) -> String? {
        if let path = localPath(ofRemoteURL: url) { return path }
        guard !url.contains("://") else { return nil }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url, isDirectory: &isFolder), isFolder.boolValue else { return nil }
        return url
    }

    /// Stores the commits of `tip` that the repository at `path` lacks in its object database (one pack),
    /// then moves its `branch` from `expected` to `tip` under the ref's lock.
    private func pushLocally(_ tip: ObjectID, to path: String, branch: String, expected: ObjectID?) throws -> PushResult {
        let operation = "push to \(path)"
        var opened: OpaquePointer?
        try check(git_repository_open_ext(&opened, path, GIT_REPOSITORY_OPEN_NO_SEARCH.rawValue, nil), operation)
        guard let remote = opened else { throw GitError(operation: operation, code: GIT_ENOTFOUND.rawValue, message: "no repository") }
        defer { git_repository_free(remote) }
        guard git_repository_is_bare(remote) == 1 else {
            throw GitError(operation: operation, code: GIT_EBAREREPO.rawValue,
                           message: "local push doesn't (yet) support pushing to non-bare repos.")
        }
        let reference = "refs/heads/" + branch
        var current = git_oid()
        let found = git_reference_name_to_id(&current, remote, reference)
        if found != GIT_ENOTFOUND.rawValue { try check(found, operation) }
        let now = found == 0 ? ObjectID(current) : nil
        if now != expected { return .raced(reason: "fetch first") }
        if now == tip { return .pushed }
        try packMissingObjects(of: tip, hiding: expected, into: remote, operation: operation)
        var new = try tip.raw(for: operation)
        var made: OpaquePointer?
        let code: Int32
        if let expected {
            var old = try expected.raw(for: operation)
            code = git_reference_create_matching(&made, remote, reference, &new, 1, &old, "push")
        } else {
            code = git_reference_create(&made, remote, reference, &new, 0, "push")
        }
        if code == 0 {
            git_reference_free(made)
            return .pushed
        }
        if code == GIT_EMODIFIED.rawValue || code == GIT_EEXISTS.rawValue { return .raced(reason: "fetch first") }
        if code == GIT_ELOCKED.rawValue { return .raced(reason: "locked") }
        try check(code, operation)
        return .pushed
    }

    /// Whether the object database holds the commit `id`.
    private func hasCommit(_ id: ObjectID) throws -> Bool {
        var commit: OpaquePointer?
        var oid = try id.raw(for: "look up \(id.short)")
        guard git_commit_lookup(&commit, pointer, &oid) == 0 else { return false }
        git_commit_free(commit)
        return true
    }

    /// Writes one pack of the objects reachable from `tip` but not from `known` into `remote`'s object
    /// database (nothing when there are none).
    ///
    /// The objects are found as git's sparse pack-objects finds them: each new commit's tree is compared with
    /// its parents' trees, and only what differs is walked. What a parent holds at the same path is either the
    /// remote's already (a parent that is not new is reachable from `known`) or put in with that parent.
    /// libgit2's `git_packbuilder_insert_walk` read every tree of `known` whole to mark it as the remote's: 40 ms
    /// of a push of one entry at 100,000 entries, 160-210 ms on a loaded machine.
    private func packMissingObjects(of tip: ObjectID, hiding known: ObjectID?, into remote: OpaquePointer, operation: String)
        throws
    {
        var builder: OpaquePointer?
        try check(git_packbuilder_new(&builder, pointer), operation)
        defer { git_packbuilder_free(builder) }
        var walk: OpaquePointer?
        try check(git_revwalk_new(&walk, pointer), operation)
        defer { git_revwalk_free(walk) }
        git_revwalk_sorting(walk, GIT_SORT_TOPOLOGICAL.rawValue)
        var start = try tip.raw(for: operation)
        try check(git_revwalk_push(walk, &start), operation)
        if let known, try hasCommit(known) {
            var hidden = try known.raw(for: operation)
            try check(git_revwalk_hide(walk, &hidden), operation)
        }
        var id = git_oid()
        while true {
            let next = git_revwalk_next(&id, walk)
            if next == GIT_ITEROVER.rawValue { break }
            try check(next, operation)
            var commit: OpaquePointer?
            try check(git_commit_lookup(&commit, pointer, &id), operation)
            defer { git_commit_free(commit) }
            try check(git_packbuilder_insert(builder, &id, nil), operation)
            var parents: [OpaquePointer?] = []
            defer { parents.forEach { git_tree_free($0) } }
            for index in 0..<git_commit_parentcount(commit) {
                var parent: OpaquePointer?
                try check(git_commit_parent(&parent, commit, index), operation)
                defer { git_commit_free(parent) }
                var tree: OpaquePointer?
                try check(git_commit_tree(&tree, parent), operation)
                parents.append(tree)
            }
            var tree: OpaquePointer?
            try check(git_commit_tree(&tree, commit), operation)
            defer { git_tree_free(tree) }
            try insertChanges(of: tree, against: parents.compactMap { $0 }, name: nil, into: builder, operation: operation)
        }
        guard git_packbuilder_object_count(builder) > 0 else { return }
        var objects = git_buf()
        try check(git_repository_item_path(&objects, remote, GIT_REPOSITORY_ITEM_OBJECTS), operation)
        defer { git_buf_dispose(&objects) }
        let packs = String(cString: objects.ptr).droppingTrailingSlashes() + "/pack"
        try check(git_packbuilder_write(builder, packs, 0, nil, nil), operation)
    }

    /// Puts `tree` in the pack, and of its entries those no tree of `bases` holds under the same name with the
    /// same id (a folder's, compared in turn with the bases' folders of that name).
    private func insertChanges(of tree: OpaquePointer?, against bases: [OpaquePointer], name: String?,
                               into builder: OpaquePointer?, operation: String) throws {
        guard let treeID = git_tree_id(tree) else { return }
        if bases.contains(where: { git_tree_id($0).map { git_oid_equal($0, treeID) != 0 } ?? false }) { return }
        try check(git_packbuilder_insert(builder, treeID, name), operation)
        for index in 0..<git_tree_entrycount(tree) {
            guard let entry = git_tree_entry_byindex(tree, index), let entryID = git_tree_entry_id(entry),
                  let entryName = git_tree_entry_name(entry) else { continue }
            let same = bases.compactMap { git_tree_entry_byname($0, entryName) }
            if same.contains(where: { git_tree_entry_id($0).map { git_oid_equal($0, entryID) != 0 } ?? false }) { continue }
            let label = String(cString: entryName)
            switch git_tree_entry_type(entry) {
            case GIT_OBJECT_TREE:
                var subtree: OpaquePointer?
                try check(git_tree_lookup(&subtree, pointer, entryID), operation)
                defer { git_tree_free(subtree) }
                var folders: [OpaquePointer?] = []
                defer { folders.forEach { git_tree_free($0) } }
                for base in same where git_tree_entry_type(base) == GIT_OBJECT_TREE {
                    var folder: OpaquePointer?
                    try check(git_tree_lookup(&folder, pointer, git_tree_entry_id(base)), operation)
                    folders.append(folder)
                }
                try insertChanges(of: subtree, against: folders.compactMap { $0 }, name: label, into: builder, operation: operation)
            case GIT_OBJECT_BLOB:
                try check(git_packbuilder_insert(builder, entryID, label), operation)
            default:
                continue  // a submodule's commit is not ours to send
            }
        }
    }

    /// Clones `url` into `path` (which must not exist or be empty) and checks out its default branch.
    /// `creating` hears the folder the repository is made in just before it is made (its `.git` does not exist
    /// yet): the caller may leave a record there that tells a clone killed on its way, at any moment, from a
    /// repository made otherwise.
    public static func clone(url: String, into path: String, access: RemoteAccess, checkout: Bool = true,
                             creating: ((String) -> Void)? = nil) throws -> Repository {
        try Library.loadCertificates()
        let session = RemoteSession(url: url, access: access)
        var options = git_clone_options()
        try check(git_clone_options_init(&options, UInt32(GIT_CLONE_OPTIONS_VERSION)), "clone")
        if !checkout { options.checkout_opts.checkout_strategy = GIT_CHECKOUT_NONE.rawValue }
        options.fetch_opts.download_tags = GIT_REMOTE_DOWNLOAD_TAGS_NONE
        let hook = CreationHook(creating)
        if creating != nil {
            options.repository_cb_payload = Unmanaged.passUnretained(hook).toOpaque()
            options.repository_cb = { out, path, bare, payload in
                guard let out, let path else { return -1 }
                if let payload { Unmanaged<CreationHook>.fromOpaque(payload).takeUnretainedValue().creating?(String(cString: path)) }
                return git_repository_init(out, path, UInt32(bare))
            }
        }
        var cloned: OpaquePointer?
        let code = try withExtendedLifetime((session, hook)) {
            try session.install(in: &options.fetch_opts.callbacks)
            return git_clone(&cloned, url, path, &options)
        }
        try session.check(code, "clone \(url)")
        git_repository_free(cloned)
        return try Repository(at: path)
    }

    private func lookUpRemote(_ name: String) throws -> OpaquePointer {
        var remote: OpaquePointer?
        let code = git_remote_lookup(&remote, pointer, name)
        if code == GIT_ENOTFOUND.rawValue || code == GIT_EINVALIDSPEC.rawValue { throw RemoteFailure.noSuchRemote(name) }
        try check(code, "look up remote '\(name)'")
        guard let remote else { throw RemoteFailure.noSuchRemote(name) }
        return remote
    }
}

/// What a clone tells its caller before the repository is made (`clone(creating:)`), as libgit2's payload.
private final class CreationHook {
    let creating: ((String) -> Void)?
    init(_ creating: ((String) -> Void)?) { self.creating = creating }
}

/// State shared with libgit2's callbacks during one network operation (passed as their payload).
final class RemoteSession {
    let url: String
    let access: RemoteAccess
    /// Credentials still to offer, in order; each is tried once.
    private var sshAttempts: [SSHAttempt]?
    private var triedToken = false
    /// Set when a callback refused the connection, to report instead of libgit2's generic error.
    var failure: RemoteFailure?
    var refusedUpdate: String?
    /// For a push: the value the remote's branch must have (`.some(nil)`: none), and why it was not sent
    /// when the remote had another.
    var expectedRemoteTip: ObjectID??
    var remoteMoved: String?
    /// What the remote printed on its side band (hook output, "remote: …" lines).
    var remoteOutput = ""

    enum SSHAttempt { case agent, key(String) }

    init(url: String, access: RemoteAccess) {
        self.url = url
        self.access = access
    }

    func install(in callbacks: inout git_remote_callbacks) throws {
        callbacks.payload = Unmanaged.passUnretained(self).toOpaque()
        callbacks.credentials = { out, url, userFromURL, allowed, payload in
            guard let out, let payload else { return -1 }
            let session = Unmanaged<RemoteSession>.fromOpaque(payload).takeUnretainedValue()
            return session.credential(out, user: userFromURL.map { String(cString: $0) }, allowed: allowed)
        }
        callbacks.certificate_check = { cert, valid, host, payload in
            guard let cert, let payload else { return -1 }
            let session = Unmanaged<RemoteSession>.fromOpaque(payload).takeUnretainedValue()
            return session.checkCertificate(cert, valid: valid != 0, host: host.map { String(cString: $0) } ?? "")
        }
        callbacks.sideband_progress = { text, length, payload in
            guard let text, let payload, length > 0 else { return 0 }
            let session = Unmanaged<RemoteSession>.fromOpaque(payload).takeUnretainedValue()
            let bytes = UnsafeRawBufferPointer(start: text, count: Int(length))
            session.remoteOutput += String(decoding: bytes, as: UTF8.self)
            return 0
        }
        callbacks.push_negotiation = { updates, count, payload in
            guard let payload else { return 0 }
            let session = Unmanaged<RemoteSession>.fromOpaque(payload).takeUnretainedValue()
            guard case .some(let expected) = session.expectedRemoteTip, let updates else { return 0 }
            for index in 0..<count {
                guard let update = updates[index]?.pointee else { continue }
                // The oid asked about where it lives: a pointer carried out of `withUnsafePointer` is no
                // longer valid, and the optimized build read another value there, so that a push to an empty
                // repository "raced" eight times instead of failing on its closed connection.
                var source = update.src
                let from = git_oid_is_zero(&source) == 1 ? nil : ObjectID(source)
                if from != expected {
                    session.remoteMoved = "fetch first"
                    return GIT_EUSER.rawValue
                }
            }
            return 0
        }
        callbacks.push_update_reference = { refname, status, payload in
            guard let payload else { return 0 }
            let session = Unmanaged<RemoteSession>.fromOpaque(payload).takeUnretainedValue()
            if let status { session.refusedUpdate = String(cString: status) }
            _ = refname
            return 0
        }
    }

    /// Throws the refusal a callback recorded, else a `GitError` for a negative code.
    func check(_ code: Int32, _ operation: String) throws {
        guard code < 0 else { return }
        if let failure { throw failure }
        if code == GIT_EAUTH.rawValue { throw RemoteFailure.authentication(url: url) }
        try Git.check(code, operation)
    }

    private func credential(_ out: UnsafeMutablePointer<UnsafeMutablePointer<git_credential>?>, user: String?,
                            allowed: UInt32) -> Int32 {
        if allowed & GIT_CREDENTIAL_USERNAME.rawValue != 0, allowed & GIT_CREDENTIAL_SSH_KEY.rawValue == 0 {
            return git_credential_username_new(out, user ?? access.sshUser)
        }
        if allowed & GIT_CREDENTIAL_SSH_KEY.rawValue != 0 {
            if sshAttempts == nil {
                // Only a socket that is there: libgit2 gives up at once when it cannot reach the agent.
                let socket = access.agentSocket ?? ""
                let agent = !socket.isEmpty && FileManager.default.fileExists(atPath: socket)
                sshAttempts = (agent ? [.agent] : []) + access.sshKeyFiles.filter {
                    FileManager.default.isReadableFile(atPath: $0)
                }.map { .key($0) }
            }
            guard let next = sshAttempts?.first else {
                failure = .authentication(url: url)
                return GIT_EAUTH.rawValue
            }
            sshAttempts?.removeFirst()
            let name = user ?? access.sshUser
            switch next {
            case .agent:
                return git_credential_ssh_key_from_agent(out, name)
            case .key(let path):
                let publicKey = path + ".pub"
                return git_credential_ssh_key_new(out, name, FileManager.default.fileExists(atPath: publicKey) ? publicKey : nil,
                                                  path, nil)
            }
        }
        if allowed & GIT_CREDENTIAL_USERPASS_PLAINTEXT.rawValue != 0 {
            guard let token = access.token, !token.isEmpty, !triedToken else {
                failure = .authentication(url: url)
                return GIT_EAUTH.rawValue
            }
            triedToken = true
            return git_credential_userpass_plaintext_new(out, user ?? "journal", token)
        }
        failure = .authentication(url: url)
        return GIT_EAUTH.rawValue
    }

    private func checkCertificate(_ cert: UnsafeMutablePointer<git_cert>, valid: Bool, host: String) -> Int32 {
        guard cert.pointee.cert_type == GIT_CERT_HOSTKEY_LIBSSH2 else {
            // TLS: libgit2 has already checked the chain against the system's authorities.
            return valid ? 0 : GIT_ECERTIFICATE.rawValue
        }
        let hostKey = cert.withMemoryRebound(to: git_cert_hostkey.self, capacity: 1) { $0.pointee }
        guard hostKey.type.rawValue & GIT_CERT_SSH_RAW.rawValue != 0, let raw = hostKey.hostkey else {
            failure = .unknownHost(host: host, keyType: "unknown", fingerprint: "unavailable")
            return GIT_ECERTIFICATE.rawValue
        }
        let blob = [UInt8](UnsafeRawBufferPointer(start: raw, count: hostKey.hostkey_len))
        // The type is read from the key itself; a key we cannot read is refused.
        guard let key = HostKey(blob: blob) else {
            failure = .unknownHost(host: host, keyType: "unreadable", fingerprint: HostKey.fingerprint(of: blob))
            return GIT_ECERTIFICATE.rawValue
        }
        let port = RemoteSession.sshPort(of: url)
        let knownHosts = KnownHosts(files: access.knownHostsFiles)
        switch knownHosts.check(host: host, port: port, key: key) {
        case .known:
            return 0
        case .changed:
            failure = .changedHostKey(host: host, keyType: key.type, fingerprint: key.fingerprint)
            return GIT_ECERTIFICATE.rawValue
        case .unknown:
            guard access.acceptNewHost, let file = access.knownHostsFiles.first,
                  (try? KnownHosts.add(host: host, port: port, key: key, to: file)) != nil
            else {
                failure = .unknownHost(host: host, keyType: key.type, fingerprint: key.fingerprint)
                return GIT_ECERTIFICATE.rawValue
            }
            return 0
        }
    }

    /// The port of an ssh URL (`ssh://user@host:2222/path`); 22 for scp-style `user@host:path`.
    static func sshPort(of url: String) -> Int {
        guard url.hasPrefix("ssh://") || url.hasPrefix("ssh+git://") || url.hasPrefix("git+ssh://") else { return 22 }
        let rest = url.split(separator: "/", maxSplits: 3, omittingEmptySubsequences: false)
        guard rest.count > 2 else { return 22 }
        let authority = rest[2].split(separator: "@").last ?? ""
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { return 22 }
            let after = authority[authority.index(after: close)...]
            return after.hasPrefix(":") ? port(after.dropFirst()) : 22
        }
        guard let colon = authority.lastIndex(of: ":") else { return 22 }
        return port(authority[authority.index(after: colon)...])
    }

    /// A port number, or 22 for text that names none (empty, not a number, out of range).
    private static func port(_ text: Substring) -> Int {
        Int(text).flatMap { (1...65535).contains($0) ? $0 : nil } ?? 22
    }
}
