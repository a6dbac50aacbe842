import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The git server fixtures themselves, checked with the real git program: clone an empty bare
/// repository, commit, push, clone again elsewhere and find the commit. Each test has its own
/// sandbox (temporary HOME) and its own server on its own port, so they run in parallel.
@Suite struct GitServerTests {
    @Test func gitDaemonServesCloneAndPush() throws {
        let sandbox = try Sandbox()
        let base = sandbox.root.path + "/served"
        try GitDaemon.makeBareRepository(at: base + "/diary.git")
        let server = try GitDaemon(basePath: base)
        #expect(server.url(for: "diary.git") == "git://127.0.0.1:\(server.port)/diary.git")
        try roundTrip(sandbox, url: server.url(for: "diary.git"), log: { server.log })
        expectStops(server)
    }

    @Test func httpServerServesCloneAndPush() throws {
        let sandbox = try Sandbox()
        let root = sandbox.root.path + "/served"
        try HTTPGitServer.makeBareRepository(at: root + "/diary.git")
        let server = try HTTPGitServer(root: root, token: "secret-\(UUID().uuidString.prefix(8))")
        #expect(server.url(for: "diary.git") == "http://127.0.0.1:\(server.port)/diary.git")
        try roundTrip(sandbox, url: server.authenticatedURL(for: "diary.git", user: "anyone"), log: { server.log })
        expectStops(server)
    }

    @Test func httpServerRefusesMissingOrWrongToken() throws {
        let sandbox = try Sandbox()
        let root = sandbox.root.path + "/served"
        try HTTPGitServer.makeBareRepository(at: root + "/diary.git")
        let server = try HTTPGitServer(root: root, token: "right-token")
        var environment = sandbox.environment
        environment["GIT_TERMINAL_PROMPT"] = "0"
        environment["GIT_TRACE_CURL"] = "1"
        environment["GIT_TRACE_CURL_NO_DATA"] = "1"
        for url in [server.url(for: "diary.git"), server.authenticatedURL(for: "diary.git", password: "wrong-token")] {
            let clone = try Sandbox.exec(
                "/usr/bin/env", ["git", "clone", url, sandbox.root.path + "/refused"], stdin: nil, env: environment,
                cwd: sandbox.home)
            #expect(clone.status != 0)
            #expect(clone.stderr.contains("401 Unauthorized"), "\(clone.stderr)")
            #expect(clone.stderr.contains("WWW-Authenticate: Basic realm=\"journal\""), "\(clone.stderr)")
            #expect(!FileManager.default.fileExists(atPath: sandbox.root.path + "/refused/.git"))
        }
        // The right token works with any user name.
        try sandbox.git("ls-remote", server.authenticatedURL(for: "diary.git", user: "someone-else", password: "right-token"), in: sandbox.home)
    }

    /// libgit2 pushes with `Transfer-Encoding: chunked`; git does too once a pack outgrows
    /// http.postBuffer. A gzip body (git's fetch requests) is inflated before http-backend sees it.
    @Test func httpServerTakesChunkedAndGzipBodies() throws {
        let sandbox = try Sandbox()
        let root = sandbox.root.path + "/served"
        try HTTPGitServer.makeBareRepository(at: root + "/diary.git")
        let server = try HTTPGitServer(root: root, token: "token")
        let url = server.authenticatedURL(for: "diary.git")
        let work = sandbox.root.path + "/work"
        try sandbox.git("clone", "--quiet", url, work, in: sandbox.home)
        // 256 KiB that does not compress: a pack bigger than the smallest post buffer git allows.
        var noise = Data(count: 256 * 1024)
        noise.withUnsafeMutableBytes { bytes in
            for index in bytes.indices { bytes[index] = UInt8.random(in: 0...255) }
        }
        try noise.write(to: URL(fileURLWithPath: work + "/photo.bin"))
        try sandbox.git("add", "photo.bin", in: work)
        try sandbox.git("commit", "--quiet", "-m", "Big entry", in: work)
        var environment = sandbox.environment
        environment["GIT_TRACE_CURL"] = "1"
        environment["GIT_TRACE_CURL_NO_DATA"] = "1"
        let push = try Sandbox.exec(
            "/usr/bin/env", ["git", "-c", "http.postBuffer=65536", "push", "origin", "HEAD:main"], stdin: nil,
            env: environment, cwd: work)
        #expect(push.status == 0, "\(push.stderr)\n\(server.log)")
        #expect(push.stderr.contains("Transfer-Encoding: chunked"), "the push was not chunked")
        let copy = sandbox.root.path + "/copy"
        try sandbox.git("clone", "--quiet", url, copy, in: sandbox.home)
        #expect(FileManager.default.contents(atPath: copy + "/photo.bin") == noise)

        // A protocol v2 ls-refs request, gzip-compressed and chunked, straight over a socket.
        let request = pktLine("command=ls-refs\n") + "0001" + pktLine("peel\n") + pktLine("ref-prefix refs/heads/\n") + "0000"
        let gzipped = try gzip(Data(request.utf8), in: sandbox.root.path)
        var body = Data()
        for start in stride(from: 0, to: gzipped.count, by: 7) {
            let piece = gzipped[start..<min(start + 7, gzipped.count)]
            body += Data((String(piece.count, radix: 16) + "\r\n").utf8) + piece + Data("\r\n".utf8)
        }
        body += Data("0\r\n\r\n".utf8)
        let head = [
            "POST /diary.git/git-upload-pack HTTP/1.1", "Host: 127.0.0.1:\(server.port)",
            "Authorization: Basic \(Data("me:token".utf8).base64EncodedString())",
            "Content-Type: application/x-git-upload-pack-request", "Accept: application/x-git-upload-pack-result",
            "Git-Protocol: version=2", "Content-Encoding: gzip", "Transfer-Encoding: chunked", "Connection: close",
        ]
        let reply = try httpExchange(port: server.port, Data((head.joined(separator: "\r\n") + "\r\n\r\n").utf8) + body)
        let head2 = try sandbox.git("rev-parse", "HEAD", in: work).trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(reply.hasPrefix("HTTP/1.1 200"), "\(reply)")
        #expect(reply.contains("\(head2) refs/heads/main"), "\(reply)\n\(server.log)")
    }

    @Test func sshServerServesCloneAndPush() throws {
        let sandbox = try Sandbox()
        let root = sandbox.root.path + "/served"
        let repository = try SSHServer.makeBareRepository(at: root + "/diary.git")
        guard let server = try SkipReason.startOrSkip({ try SSHServer(root: root) }) else { return }
        #expect(server.url(for: repository) == "ssh://\(server.user)@127.0.0.1:\(server.port)\(GitServers.realPath(repository))")
        #expect(server.url(for: "diary.git") == server.url(for: repository))
        #expect(server.knownHostsLine == "[127.0.0.1]:\(server.port) \(server.hostPublicKeyLine)")
        #expect(server.hostPublicKeyLine.hasPrefix("ssh-ed25519 AAAA"))
        #expect(try String(contentsOfFile: server.knownHostsPath, encoding: .utf8) == server.knownHostsLine + "\n")
        #expect(try String(contentsOfFile: server.clientPublicKeyPath, encoding: .utf8).hasPrefix("ssh-ed25519 AAAA"))
        // Our own known_hosts file, written the way a later test would.
        let knownHosts = sandbox.root.path + "/known_hosts"
        try (server.knownHostsLine + "\n").writeReplacing(toFile: knownHosts)
        sandbox.environment["GIT_SSH_COMMAND"] =
            "ssh -F /dev/null -i \(Sandbox.shellQuote(server.clientKeyPath)) -o UserKnownHostsFile=\(Sandbox.shellQuote(knownHosts))"
            + " -o StrictHostKeyChecking=yes -o IdentitiesOnly=yes -o BatchMode=yes"
        try roundTrip(sandbox, url: server.url(for: repository), log: { server.log })

        // A host key that is not the server's is refused.
        try "[127.0.0.1]:\(server.port) ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIC3Pp6E2kq1ulVbgDhJBB1HffBs+u1UtxxM7WhSczU4e\n".writeReplacing(toFile: knownHosts)
        let refused = try Sandbox.exec(
            "/usr/bin/env", ["git", "ls-remote", server.url(for: repository)], stdin: nil, env: sandbox.environment,
            cwd: sandbox.home)
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("REMOTE HOST IDENTIFICATION HAS CHANGED") || refused.stderr.contains("Host key verification failed"), "\(refused.stderr)")
        // The fixture's own command works too.
        sandbox.environment["GIT_SSH_COMMAND"] = server.sshCommand()
        try sandbox.git("ls-remote", server.url(for: repository), in: sandbox.home)
        expectStops(server)
    }

    @Test func bareRepositoryStartsOnMain() throws {
        let sandbox = try Sandbox()
        let path = try GitDaemon.makeBareRepository(at: sandbox.root.path + "/a/b/new.git")
        #expect(try sandbox.git("rev-parse", "--is-bare-repository", in: path) == "true\n")
        #expect(try sandbox.git("symbolic-ref", "HEAD", in: path) == "refs/heads/main\n")
    }

    // MARK: Helpers

    /// Clones the empty repository at `url`, commits a file, pushes it, clones again elsewhere and
    /// expects the file and the commit there.
    private func roundTrip(_ sandbox: Sandbox, url: String, log: () -> String) throws {
        let first = sandbox.root.path + "/first-\(UUID().uuidString.prefix(6))"
        let second = sandbox.root.path + "/second-\(UUID().uuidString.prefix(6))"
        do {
            try sandbox.git("clone", "--quiet", url, first, in: sandbox.home)
            try "Dear diary,\n".writeReplacing(toFile: first + "/entry.md")
            try sandbox.git("add", "entry.md", in: first)
            try sandbox.git("commit", "--quiet", "-m", "First entry", in: first)
            try sandbox.git("push", "--quiet", "origin", "HEAD:main", in: first)
            try sandbox.git("clone", "--quiet", url, second, in: sandbox.home)
        } catch {
            Issue.record("\(error)\nserver log:\n\(log())")
            return
        }
        #expect(FileManager.default.contents(atPath: second + "/entry.md") == Data("Dear diary,\n".utf8))
        #expect(try sandbox.git("log", "--format=%s", in: second) == "First entry\n")
        #expect(try sandbox.git("symbolic-ref", "HEAD", in: second) == "refs/heads/main\n")
    }

    /// After stop() nothing listens on the port and no process of the server is left.
    private func expectStops(_ server: some GitServer, sourceLocation: SourceLocation = #_sourceLocation) {
        server.stop()
        server.stop()
        #expect(!GitServers.accepts(port: server.port), sourceLocation: sourceLocation)
    }

    private func pktLine(_ text: String) -> String {
        let length = String(text.utf8.count + 4, radix: 16)
        return String(repeating: "0", count: 4 - length.count) + length + text
    }

    private func gzip(_ data: Data, in folder: String) throws -> Data {
        let path = folder + "/request-\(UUID().uuidString)"
        try data.write(to: URL(fileURLWithPath: path))
        let result = try Sandbox.exec("/usr/bin/env", ["gzip", "-n", path], stdin: nil, env: ["PATH": "/usr/bin:/bin"], cwd: folder)
        guard result.status == 0, let zipped = FileManager.default.contents(atPath: path + ".gz") else {
            throw SandboxError("gzip failed: \(result.stderr)")
        }
        return zipped
    }

    /// Sends `request` to 127.0.0.1:`port` and returns everything the server answers until it closes.
    private func httpExchange(port: UInt16, _ request: Data) throws -> String {
        #if canImport(Glibc)
        let fd = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let fd = Darwin.socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw SandboxError("socket: \(errno)") }
        defer { close(fd) }
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw SandboxError("connect: \(errno)") }
        try request.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let sent = send(fd, raw.baseAddress! + offset, raw.count - offset, 0)
                guard sent > 0 else { throw SandboxError("send: \(errno)") }
                offset += sent
            }
        }
        var received = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = recv(fd, &buffer, buffer.count, 0)
            if count <= 0 { break }
            received += buffer[0..<count]
        }
        return String(decoding: received, as: UTF8.self)
    }
}
