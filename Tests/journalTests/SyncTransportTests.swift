import Foundation
import TestSupport
import Testing

/// Clone and sync over real servers on 127.0.0.1: git daemon (git://), git http-backend behind
/// Basic auth (http://, token from JOURNAL_GIT_TOKEN), and OpenSSH's sshd (ssh://, known_hosts).
@Suite struct SyncTransportTests {
    /// Two clones add an entry each and sync; then both change the same words of one entry, and one
    /// deletes an entry the other edits: both end with the same files, a conflict copy, no markers.
    func exchange(_ peers: Peers, env: [String: String] = [:], sourceLocation: SourceLocation = #_sourceLocation) throws {
        func sync(_ name: String) throws {
            let result = try peers.run(name, "sync", env: env)
            #expect(result.status == 0, "sync \(name): \(result.stderr)", sourceLocation: sourceLocation)
        }
        let shared = try peers.add("a", "Over the wire from a\n\nThe same words.")
        let doomed = try peers.add("b", "Over the wire from b\n\nSoon gone.")
        for name in ["a", "b", "a"] { try sync(name) }
        #expect(try peers.entryFiles("a") == [shared.path, doomed.path].sorted(), sourceLocation: sourceLocation)
        let text = try #require(peers.read("a", shared.path), sourceLocation: sourceLocation)
        try peers.write("a", shared.path, text.replacingOccurrences(of: "The same words.", with: "Words from a."))
        try peers.write("b", shared.path, text.replacingOccurrences(of: "The same words.", with: "Words from b."))
        #expect(try peers.run("a", "rm", doomed.id, "--yes").status == 0, sourceLocation: sourceLocation)
        let other = try #require(peers.read("b", doomed.path), sourceLocation: sourceLocation)
        try peers.write("b", doomed.path, other.replacingOccurrences(of: "Soon gone.", with: "Kept after all."))
        for name in ["a", "b", "a"] { try sync(name) }
        #expect(try peers.snapshot("a") == peers.snapshot("b"), sourceLocation: sourceLocation)
        let files = try peers.entryFiles("a")
        #expect(files.count == 3 && files.contains(doomed.path), "\(files)", sourceLocation: sourceLocation)
        let all = try files.map { try #require(peers.read("a", $0)) }.joined()
        #expect(all.contains("Words from a.") && all.contains("Words from b.") && all.contains("Kept after all."),
                sourceLocation: sourceLocation)
        try peers.expectHealthy("a", sourceLocation: sourceLocation)
        try peers.expectHealthy("b", sourceLocation: sourceLocation)
    }

    /// Two clones of a remote served by git daemon.
    func daemonPeers() throws -> (Peers, GitDaemon) {
        var daemon: GitDaemon?
        let peers = try Peers { box, _ in
            daemon = try GitDaemon(basePath: box.root.path)
            return daemon!.url(for: "remote.git")
        }
        return (peers, try #require(daemon))
    }

    @Test func gitDaemon() throws {
        let (peers, daemon) = try daemonPeers()
        defer { daemon.stop() }
        #expect(peers.url.hasPrefix("git://127.0.0.1:"))
        try exchange(peers)
    }

    @Test func aPushRefusedBecauseTheRemoteMovedIsRetried() throws {
        let (peers, daemon) = try daemonPeers()
        defer { daemon.stop() }
        try peers.add("a", "From a")
        try peers.add("b", "From b")
        try peers.sync("b")
        // While a is between its fetch and its push, the remote moves: its hook pushes b's newest
        // entry in first (straight into the bare repository) and refuses a's push this once.
        let hook = peers.remote + "/hooks/pre-receive"
        let flag = peers.box.root.path + "/moved-once"
        let other = peers.path("b")
        try """
            #!/bin/sh
            [ -e '\(flag)' ] && exit 0
            touch '\(flag)'
            unset GIT_DIR GIT_QUARANTINE_PATH GIT_OBJECT_DIRECTORY GIT_ALTERNATE_OBJECT_DIRECTORIES
            cd '\(other)' && '\(Sandbox.binary)' -J '\(other)' add 'Raced in' >/dev/null 2>&1 && git push -q '\(peers.remote)' main:main
            echo 'remote moved' >&2
            exit 1
            """.writeReplacing(toFile: hook)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: hook)
        let result = try peers.run("a", "sync")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: flag))
        try peers.sync("b")
        let titles = try peers.run("b", "list").stdout
        #expect(titles.contains("From a") && titles.contains("From b") && titles.contains("Raced in"))
        #expect(try peers.snapshot("a") == peers.snapshot("b"))
    }

    @Test func aPushAHookRefusesIsReportedWithTheRemotesWordsNotRetried() throws {
        let (peers, daemon) = try daemonPeers()
        defer { daemon.stop() }
        try peers.add("a", "Not welcome")
        let hook = peers.remote + "/hooks/pre-receive"
        try "#!/bin/sh\necho 'branch is protected' >&2\nexit 1\n".writeReplacing(toFile: hook)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: hook)
        let head = try peers.git("a", "rev-parse", "HEAD")
        let result = try peers.run("a", "sync")
        #expect(result.status == 1)
        #expect(result.stderr == "journal: origin refused the push: pre-receive hook declined (branch is protected); your entries are committed here and merged with what it has\n", "\(result.stderr)")
        #expect(try peers.git("a", "rev-parse", "HEAD") == head)
        try peers.expectHealthy("a")
    }

    @Test func httpWithAToken() throws {
        var server: HTTPGitServer?
        let token = "s3cret-token"
        let peers = try Peers([]) { box, _ in
            server = try HTTPGitServer(root: box.root.path, token: token)
            return server!.url(for: "remote.git")
        }
        defer { server?.stop() }
        // Without a token, or with a wrong one: one line, exit 1, nothing left behind.
        for env in [[:], ["JOURNAL_GIT_TOKEN": "wrong"]] {
            let refused = try peers.box.run(["clone", peers.url, peers.path("x")], env: env)
            #expect(refused.status == 1)
            #expect(refused.stderr == "journal: \(peers.url) refused our credentials (ssh: ssh-agent, ~/.ssh/id_ed25519 or id_rsa; https: JOURNAL_GIT_TOKEN or `journal config set git.token`)\n")
            #expect(!FileManager.default.fileExists(atPath: peers.path("x")))
        }
        let env = ["JOURNAL_GIT_TOKEN": token]
        for name in ["a", "b"] {
            #expect(try peers.box.run(["clone", peers.url, peers.path(name)], env: env).status == 0)
        }
        try exchange(peers, env: env)
        // The token can also come from the user's config; it never enters the journal.
        let set = try peers.run("a", "config", "set", "git.token", token)
        let listed = try peers.run("a", "config", "list").stdout
        #expect(set.status == 0 && !set.stdout.contains(token) && !listed.contains(token))
        #expect(try peers.run("a", "sync").status == 0)
        let grep = try Sandbox.exec("/usr/bin/env", ["git", "grep", "-q", token, "HEAD"], stdin: nil,
                                    env: peers.box.environment, cwd: peers.path("a"))
        #expect(grep.status == 1, "the token is in the journal")
        #expect(try peers.git("a", "config", "--get-regexp", ".").contains(token) == false)
    }

    /// A server that signs in by Kerberos only (`WWW-Authenticate: Negotiate`). GSSAPI is opened when libgit2
    /// first needs it, not linked (Package.swift): the clone still ends in the same one line, exit 1, nothing
    /// left behind, whether or not the token is set.
    @Test func httpAskingForNegotiate() throws {
        let sandbox = try Sandbox()
        let server = try ProviderServer { _ in
            var response = ProviderServer.Response.text("Kerberos only\n", status: 401)
            response.headers = ["WWW-Authenticate: Negotiate"]
            return response
        }
        defer { server.stop() }
        let url = server.url + "/diary.git"
        for env in [[:], ["JOURNAL_GIT_TOKEN": "a-token"]] {
            let refused = try sandbox.run(["clone", url, sandbox.root.path + "/x"], env: env)
            #expect(refused.status == 1)
            #expect(refused.stderr == "journal: \(url) refused our credentials (ssh: ssh-agent, ~/.ssh/id_ed25519 or id_rsa; https: JOURNAL_GIT_TOKEN or `journal config set git.token`)\n")
            #expect(!FileManager.default.fileExists(atPath: sandbox.root.path + "/x"))
        }
        #expect(server.requests.contains { $0.path == "/diary.git/info/refs" })
    }

    @Test func sshWithKnownHosts() throws {
        var server: SSHServer?
        let peers = try Peers([]) { box, remote in
            server = try SkipReason.startOrSkip { try SSHServer(root: box.root.path) }
            return server!.url(for: remote)
        }
        defer { server?.stop() }
        let ssh = try #require(server)
        let dotSSH = peers.box.home + "/.ssh"
        try FileManager.default.createDirectory(atPath: dotSSH, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: ssh.clientKeyPath, toPath: dotSSH + "/id_ed25519")
        try FileManager.default.copyItem(atPath: ssh.clientPublicKeyPath, toPath: dotSSH + "/id_ed25519.pub")
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: dotSSH + "/id_ed25519")
        let knownHosts = dotSSH + "/known_hosts"
        let noAgent = ["SSH_AUTH_SOCK": ""]

        // An unknown host is refused, showing its fingerprint; nothing is cloned.
        let fingerprint = try #require(
            try Sandbox.exec("/usr/bin/env", ["ssh-keygen", "-lf", "-"], stdin: ssh.hostPublicKeyLine, env: peers.box.environment,
                             cwd: "/").stdout.split(separator: " ").dropFirst().first)
        let unknown = try peers.box.run(["clone", peers.url, peers.path("a")], env: noAgent)
        #expect(unknown.status == 1)
        #expect(unknown.stderr == "journal: unknown ssh host 127.0.0.1: its ssh-ed25519 key has fingerprint \(fingerprint); if that is right, run again with --accept-host-key\n")
        #expect(!FileManager.default.fileExists(atPath: peers.path("a")))
        #expect(!FileManager.default.fileExists(atPath: knownHosts))

        // A changed key is always refused, even with --accept-host-key.
        let otherKey = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOMqqnkVzrm0SdG6UOoqKLsabgH5C9okWi0dh2l9GKJl"
        try "[127.0.0.1]:\(ssh.port) \(otherKey)\n".writeReplacing(toFile: knownHosts)
        let changed = try peers.box.run(["clone", peers.url, peers.path("a"), "--accept-host-key"], env: noAgent)
        #expect(changed.status == 1)
        #expect(changed.stderr.hasPrefix("journal: the ssh host key of 127.0.0.1 has CHANGED (now ssh-ed25519 \(fingerprint))"))
        #expect(!FileManager.default.fileExists(atPath: peers.path("a")))

        // On a terminal the user is shown the fingerprint and asked; "n" refuses, changing nothing.
        try FileManager.default.removeItem(atPath: knownHosts)
        let declined = try peers.box.runInTerminal(["clone", peers.url, peers.path("a")], input: "n\n", env: noAgent)
        #expect(declined.stdout.contains("Its ssh-ed25519 key fingerprint is \(fingerprint).\nTrust it and connect? [y/N]"))
        #expect(!FileManager.default.fileExists(atPath: peers.path("a")) && !FileManager.default.fileExists(atPath: knownHosts))
        let trusted = try peers.box.runInTerminal(["clone", peers.url, peers.path("t")], input: "y\n", env: noAgent)
        #expect(trusted.stdout.contains("Cloned \(peers.url)"), "\(trusted.stdout)")
        #expect(try String(contentsOfFile: knownHosts, encoding: .utf8) == ssh.knownHostsLine + "\n")

        // Accepting a new host with the flag writes it to known_hosts; later runs need no flag.
        try FileManager.default.removeItem(atPath: knownHosts)
        let accepted = try peers.box.run(["clone", peers.url, peers.path("a"), "--accept-host-key"], env: noAgent)
        #expect(accepted.status == 0, "\(accepted.stderr) \(ssh.log)")
        #expect(try String(contentsOfFile: knownHosts, encoding: .utf8) == ssh.knownHostsLine + "\n")
        #expect(try peers.box.run(["clone", peers.url, peers.path("b")], env: noAgent).status == 0)
        try exchange(peers, env: noAgent)
    }
}
