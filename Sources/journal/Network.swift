import ArgumentParser
import Foundation
import JournalKit

/// Credentials and host-key consent for the commands that use the network.
enum Network {
    /// How to reach remotes: a token from the environment or the user's config, the usual ssh keys
    /// and known_hosts under HOME. Nothing of it is written into the journal.
    static func access(acceptNewHost: Bool) throws -> Credentials {
        JournalContext.credentials(gitToken: (try? UserSettings.load(creating: false))?.gitToken, acceptNewHost: acceptNewHost)
    }

    /// Runs `body`; when an ssh host is unknown and we are on a terminal, shows its fingerprint and
    /// asks whether to trust it, then runs `body` again if the user says yes.
    static func retryingWithConsent<T>(accept: Bool, _ body: (Credentials) throws -> T) throws -> T {
        do {
            return try body(access(acceptNewHost: accept))
        } catch JournalError.remote(.unknownHost(let host, let type, let fingerprint))
            where !accept && Terminal.stdinIsTerminal
        {
            guard askYes(Say.trustHostQuestion(host, type, fingerprint)) else {
                throw JournalError.remote(.unknownHost(host: host, keyType: type, fingerprint: fingerprint))
            }
            return try body(access(acceptNewHost: true))
        }
    }

    /// The URL as git will get it: an existing folder becomes an absolute path; anything else must
    /// look like a URL git speaks.
    static func checkedURL(_ url: String) throws -> String {
        let trimmed = url.trimmingCharacters(in: .whitespaces)
        let lower = trimmed.lowercased()
        guard !trimmed.isEmpty else { throw JournalError.invalid(Say.invalidRemoteURL(url)) }
        for scheme in ["file://", "git://", "ssh://", "git+ssh://", "ssh+git://", "http://", "https://"]
        where lower.hasPrefix(scheme) && trimmed.count > scheme.count {
            // A host that starts with "-" reads as an option to ssh (`ssh://-oProxyCommand=…`).
            guard !trimmed.dropFirst(scheme.count).hasPrefix("-") else { throw JournalError.invalid(Say.invalidRemoteURL(url)) }
            return trimmed
        }
        var isFolder: ObjCBool = false
        let absolute = Shell.absolute(trimmed)
        if FileManager.default.fileExists(atPath: absolute, isDirectory: &isFolder), isFolder.boolValue {
            return absolute
        }
        // scp-style: [user@]host:path, with a plain user and host name before the colon.
        if !trimmed.contains("://"), let colon = trimmed.firstIndex(of: ":"), trimmed.index(after: colon) < trimmed.endIndex,
           !trimmed.contains(" ")
        {
            let parts = trimmed[..<colon].split(separator: "@", omittingEmptySubsequences: false)
            let plain = { (part: Substring) in
                !part.isEmpty && !part.hasPrefix("-")
                    && part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "._-".contains($0)) }
            }
            if parts.count <= 2, parts.allSatisfy(plain) { return trimmed }
        }
        throw JournalError.invalid(Say.invalidRemoteURL(url))
    }
}
