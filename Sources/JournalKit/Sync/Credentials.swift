import Foundation
import Git

/// How this machine reaches remotes: a token for https, ssh keys, ssh-agent and known hosts. Handed in by
/// the front end (it reads the environment and the user's config); never written into a journal.
public struct Credentials: Sendable {
    /// Password for http(s) remotes (a personal access token), sent with Basic auth.
    public var token: String?
    /// Private key files tried in order for ssh, after the agent.
    public var sshKeyFiles: [String]
    /// ssh-agent's socket (what `SSH_AUTH_SOCK` names), asked first; nil: no agent.
    public var agentSocket: String?
    /// The user name for ssh when the URL has none.
    public var sshUser: String
    /// known_hosts files to check host keys against; the first one is where accepted keys are added.
    public var knownHostsFiles: [String]
    /// Add the key of a host seen for the first time instead of refusing it. A changed key is always refused.
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

    var access: RemoteAccess {
        RemoteAccess(token: token, sshKeyFiles: sshKeyFiles, agentSocket: agentSocket, sshUser: sshUser,
                     knownHostsFiles: knownHostsFiles, acceptNewHost: acceptNewHost)
    }
}

/// Why a remote could not be used, where the user can act on it.
public enum RemoteProblem: Sendable, Equatable {
    case unknownHost(host: String, keyType: String, fingerprint: String)
    case changedHostKey(host: String, keyType: String, fingerprint: String)
    case authentication(url: String)
    case noSuchRemote(String)

    init(_ failure: RemoteFailure) {
        switch failure {
        case .unknownHost(let host, let keyType, let fingerprint): self = .unknownHost(host: host, keyType: keyType, fingerprint: fingerprint)
        case .changedHostKey(let host, let keyType, let fingerprint):
            self = .changedHostKey(host: host, keyType: keyType, fingerprint: fingerprint)
        case .authentication(let url): self = .authentication(url: url)
        case .noSuchRemote(let name): self = .noSuchRemote(name)
        }
    }
}

/// Who commits when git's config names nobody.
public struct Author: Sendable, Equatable {
    public var name: String
    public var email: String

    public init(name: String, email: String) {
        self.name = name
        self.email = email
    }

    var signature: Signature { Signature(name: name, email: email) }
}
