import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A connection closed under journal's feet (a server that drops it, a reader of its output that
/// goes away) ends in one line or quietly, never in a silent death by SIGPIPE.
@Suite struct DroppedConnectionTests {
    /// What a failed sync must not change.
    private func state(_ box: Sandbox) throws -> [String] {
        [try box.git("for-each-ref"), try box.git("status", "--porcelain"), try box.git("rev-parse", "HEAD")]
            + box.entryFiles()
    }

    private func expectSyncFailsInOneLine(through server: DroppingGitServer, times: Int) throws {
        let box = try Sandbox()
        try box.journal("init")
        _ = try box.add("Written before the sync")
        let added = try box.journal("remote", "add", "origin", server.url(for: "x.git"))
        #expect(added.status == 0, "\(added.stderr)")
        let before = try state(box)
        for _ in 1...times {
            let result = try box.journal("sync")
            #expect(result.status == 1, "\(result.stderr) (requests: \(server.requests))")
            #expect(result.stderr.hasPrefix("journal: cannot sync: "), "\(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
            #expect(result.stdout == "")
        }
        #expect(try state(box) == before)
        try box.expectCleanRepository()
    }

    /// The server answers the refs of an empty repository and closes each connection; libgit2 sends
    /// its push on the closed one, and its writes there used to kill journal with SIGPIPE (exit 141,
    /// no message).
    @Test func pushOnAConnectionTheServerClosedFailsInOneLine() throws {
        let server = try DroppingGitServer(answersRefs: true)
        defer { server.stop() }
        try expectSyncFailsInOneLine(through: server, times: 3)
        #expect(server.requests.contains { $0.hasPrefix("GET /x.git/info/refs?service=git-receive-pack ") })
    }

    @Test func aServerThatDropsEveryRequestFailsInOneLine() throws {
        let server = try DroppingGitServer(answersRefs: false)
        defer { server.stop() }
        try expectSyncFailsInOneLine(through: server, times: 1)
        #expect(!server.requests.isEmpty)
    }

    /// Ignoring SIGPIPE for the network must not turn `journal … | head` into an error: when the
    /// reader goes away journal stops writing and ends without a word, as git does.
    @Test func outputToAReaderThatWentAwayEndsQuietly() throws {
        let box = try Sandbox()
        try box.journal("init")
        // More than a pipe holds, so journal is still writing when head has gone.
        let line = String(repeating: "words and more words ", count: 5) + "\n"
        let id = try box.add("Long")
        let path = try #require(box.entryFiles().first)
        try box.write(path, try #require(box.read(path)) + String(repeating: line, count: 4000))
        try box.journal("commit")
        // Written with write(2) (a raw entry, a page) and through stdio (print).
        for command in [["show", id, "--raw"], ["show", id], ["show", id, "--json"]] {
            let journal = command.map(Sandbox.shellQuote).joined(separator: " ")
            let script = "\(Sandbox.shellQuote(Sandbox.binary)) \(journal) 2>errors | head -c 3; echo \" ${PIPESTATUS[0]}\""
            let result = try Sandbox.exec("/usr/bin/env", ["bash", "-c", script], stdin: nil, env: box.environment, cwd: box.root.path)
            let status = try #require(result.stdout.split(separator: " ").last.flatMap { Int($0.dropLast()) })
            #expect(status == 0 || status == 128 + Int(SIGPIPE), "\(command): \(result.stdout)")
            #expect(try String(contentsOfFile: box.root.path + "/errors", encoding: .utf8) == "", "\(command)")
        }
    }
}

#if canImport(Glibc)
/// send(2) flags: a peer that is gone is an error, not SIGPIPE for the whole test run.
let noSignal = Int32(MSG_NOSIGNAL)
#else
let noSignal: Int32 = 0
#endif

/// A smart-HTTP git server on 127.0.0.1 that drops connections. With `answersRefs` it answers the
/// ref advertisement of an empty repository (for fetch and for push) and closes each connection after
/// its answer, without saying so (libgit2 reuses it for the next request); every other request is
/// dropped after its first bytes are read.
final class DroppingGitServer: @unchecked Sendable {
    let port: UInt16
    private let listener: Int32
    private let answersRefs: Bool
    private let lock = NSLock()
    private var seen: [String] = []
    private var stopped = false
    private let done = DispatchGroup()

    init(answersRefs: Bool) throws {
        self.answersRefs = answersRefs
        #if canImport(Glibc)
        let listener = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let listener = Darwin.socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard listener >= 0 else { throw SandboxError("socket: \(errno)") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(listener, $0, length) == 0 && listen(listener, 8) == 0 && getsockname(listener, $0, &length) == 0
            }
        }
        guard bound else {
            close(listener)
            throw SandboxError("cannot listen on 127.0.0.1: \(errno)")
        }
        self.listener = listener
        port = UInt16(bigEndian: address.sin_port)
        done.enter()
        Thread { [self] in
            serve()
            done.leave()
        }.start()
    }

    deinit { stop() }

    func url(for name: String) -> String { "http://127.0.0.1:\(port)/\(name)" }

    /// The request lines received, in order.
    var requests: [String] { lock.withLock { seen } }

    func stop() {
        let first = lock.withLock {
            defer { stopped = true }
            return !stopped
        }
        guard first else { return }
        shutdown(listener, Int32(SHUT_RDWR))  // wakes accept
        done.wait()
        close(listener)
    }

    private func serve() {
        while true {
            let client = accept(listener, nil, nil)
            if lock.withLock({ stopped }) {
                if client >= 0 { close(client) }
                return
            }
            guard client >= 0 else { continue }
            handle(client)
            close(client)
        }
    }

    private func handle(_ client: Int32) {
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(client, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var head = Data()
        var buffer = [UInt8](repeating: 0, count: 1024)
        while head.range(of: Data("\r\n\r\n".utf8)) == nil {
            let count = recv(client, &buffer, buffer.count, 0)
            if count <= 0 { break }
            head.append(contentsOf: buffer[..<count])
        }
        let requestLine = String(decoding: head, as: UTF8.self).components(separatedBy: "\r\n")[0]
        lock.withLock { seen.append(requestLine) }
        guard answersRefs, requestLine.hasPrefix("GET "), let service = ["git-upload-pack", "git-receive-pack"].first(where: {
            requestLine.contains("/info/refs?service=\($0) ")
        }) else { return }
        #if os(Linux)
        // The answer and the close leave together, so the client has seen the close before it
        // writes its next request on this connection.
        var on: Int32 = 1
        setsockopt(client, Int32(IPPROTO_TCP), TCP_CORK, &on, socklen_t(MemoryLayout<Int32>.size))
        #endif
        let response = Self.advertisement(service)
        _ = response.withUnsafeBytes { send(client, $0.baseAddress, $0.count, noSignal) }
    }

    /// The answer to `GET /info/refs?service=SERVICE` for an empty repository (protocol v0).
    private static func advertisement(_ service: String) -> Data {
        func line(_ text: String) -> String { String(format: "%04x", text.utf8.count + 4) + text }
        let capabilities = service == "git-receive-pack" ? "report-status delete-refs ofs-delta" : "ofs-delta"
        let body = line("# service=\(service)\n") + "0000"
            + line(String(repeating: "0", count: 40) + " capabilities^{}\u{0}\(capabilities)\n") + "0000"
        return Data(
            ("HTTP/1.1 200 OK\r\nContent-Type: application/x-\(service)-advertisement\r\n"
                + "Content-Length: \(body.utf8.count)\r\nCache-Control: no-cache\r\n\r\n" + body).utf8)
    }
}
