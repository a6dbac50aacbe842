import Foundation
import Testing

/// The two attacks of the pocket issue's §1, as they were reproduced, in a real browser: another program on
/// another loopback port receives no credential the journal's server accepts; a program that takes the port
/// while the server is down receives no credential the server accepts when it is back, and no text typed in
/// a page. And what a page types is kept by the server, across a reload and a restart.
@Suite(.serialized) struct SignInTests {
    let web = ServeWebTests()

    /// A loopback server of another program: it answers every request (`/api/prove` with a made-up proof)
    /// and writes each request it gets, headers and body, to `log`.
    final class Listener {
        let process: FixtureProcess
        let port: Int
        let log: String

        init(_ box: Sandbox, port wanted: Int = 0, name: String) throws {
            log = box.root.path + "/\(name).log"
            let portFile = box.root.path + "/\(name).port"
            let script = box.root.path + "/\(name).py"
            try """
            import http.server, sys
            log = open(sys.argv[1], "ab", buffering=0)
            class Handler(http.server.BaseHTTPRequestHandler):
                def answer(self):
                    length = int(self.headers.get("Content-Length") or 0)
                    body = self.rfile.read(length) if length else b""
                    log.write((self.requestline + "\\n" + str(self.headers) + "\\n").encode() + body + b"\\n----\\n")
                    data = b'{"proof":"0000"}' if "/api/prove" in self.path else b"<!doctype html><title>dev server</title><p>hello"
                    self.send_response(200)
                    self.send_header("Content-Type", "application/json" if "/api/" in self.path else "text/html")
                    self.send_header("Content-Length", str(len(data)))
                    self.end_headers()
                    self.wfile.write(data)
                do_GET = do_POST = do_PUT = do_DELETE = answer
                def log_message(self, *args): pass
            server = http.server.ThreadingHTTPServer(("127.0.0.1", int(sys.argv[2])), Handler)
            open(sys.argv[3], "w").write(str(server.server_address[1]))
            server.serve_forever()
            """.writeReplacing(toFile: script)
            let python = try GitServers.findProgram(["python3"]).orThrow("python3 is not installed")
            process = try FixtureProcess(python, [script, log, String(wanted), portFile], environment: box.environment, cwd: box.root.path,
                                         logPath: box.root.path + "/\(name).out")
            var found = 0
            _ = GitServers.poll(timeout: 20) {
                found = Int((try? String(contentsOfFile: portFile, encoding: .utf8)) ?? "") ?? 0
                return found > 0
            }
            guard found > 0 else { throw SandboxError("the listener did not start") }
            port = found
        }

        var heard: String { (try? String(contentsOfFile: log, encoding: .utf8)) ?? "" }

        /// Every cookie value it was sent.
        var cookies: [String] {
            heard.split(separator: "\n").filter { $0.lowercased().hasPrefix("cookie:") }.flatMap { line in
                line.dropFirst("cookie:".count).split(separator: ";").compactMap { $0.split(separator: "=", maxSplits: 1).last.map(String.init) }
            }.map { $0.trimmingCharacters(in: .whitespaces) }
        }

        func stop() { process.terminate() }

        deinit { stop() }
    }

    @Test func anotherLoopbackPortReceivesNoCredentialThatWorks() throws {
        guard try SkipReason.program(["/usr/bin/chromium", "chromium"]) != nil else { return }
        let box = try Sandbox()
        defer { _ = try? box.journal("serve", "--stop") }
        let server = try web.serve(box)
        let browser = try Browser(box)
        try browser.open(server.page)
        try browser.waitUntil("document.querySelectorAll('li.entry').length === 2")
        let held = try browser.send("Network.getAllCookies")["cookies"] as? [[String: Any]] ?? []
        let session = try #require(held.first { $0["name"] as? String == "journal" }?["value"] as? String)
        #expect(session != server.token)
        // A harmless dev server on another port, whose log a person's tools (or another user) may read.
        let other = try Listener(box, name: "dev")
        defer { other.stop() }
        for path in ["/", "/p/", "/api/entries", "/favicon.ico"] { try browser.open("http://127.0.0.1:\(other.port)\(path)") }
        #expect(other.heard.contains("GET / HTTP/1.1"))
        #expect(!other.heard.contains(session), "the other port received the session")
        #expect(!other.heard.contains(server.token))
        // Whatever it did receive opens nothing on the journal's server.
        for cookie in other.cookies {
            var stolen = server
            stolen.session = cookie
            #expect(try web.request(stolen, "GET", "/", cookie: true).status == 401)
            #expect(try web.request(stolen, "GET", "/api/entries", headers: ["Authorization": "Bearer \(cookie)"]).status == 401)
        }
    }

    @Test func aProgramThatTakesThePortGetsNothingTypedAndNoCredentialThatWorks() throws {
        guard try SkipReason.program(["/usr/bin/chromium", "chromium"]) != nil else { return }
        let box = try Sandbox()
        defer { _ = try? box.journal("serve", "--stop") }
        let server = try web.serve(box)
        let browser = try Browser(box)
        try browser.open(server.page + "&next=%2Fnew")
        try browser.focus("#editor textarea")
        try browser.type("Dear diary, the first secret")
        try browser.waitUntil("(document.querySelector('#editor .kept') || {}).textContent.startsWith('Kept at')")
        #expect(box.read(".git/journal/drafts/draft-web-new.md") == "Dear diary, the first secret")
        let mode = try FileManager.default.attributesOfItem(atPath: box.journal + "/.git/journal/drafts/draft-web-new.md")[.posixPermissions] as? Int
        #expect(mode == 0o600)

        // The server stops; another program takes its port, and the page, still open, goes on being typed in.
        #expect(try box.journal("serve", "--stop").status == 0)
        let squatter = try Listener(box, port: server.port, name: "squatter")
        defer { squatter.stop() }
        try browser.type(" and the second secret")
        _ = try browser.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
        try browser.waitUntil("(document.querySelector('#editor .kept') || {}).textContent.startsWith('Not kept yet')")
        #expect(squatter.heard.contains("/api/prove"), "the page asked the server to prove itself")
        #expect(!squatter.heard.contains("secret"), "the squatter received typed text: \(squatter.heard)")
        #expect(!squatter.heard.contains(server.token))
        // A reload reaches the squatter: it gets the page's address and cookie, and nothing it can use.
        try browser.open(server.base + "/new")
        squatter.stop()

        let again = try web.serve(box)
        #expect(again.port != server.port || again.prefix != server.prefix)
        for cookie in squatter.cookies {
            var stolen = again
            stolen.session = cookie
            #expect(try web.request(stolen, "GET", "/", cookie: true).status == 401)
            #expect(try web.request(stolen, "GET", again.origin + server.prefix + "/", cookie: true).status == 401)
        }
        // What was typed before the server stopped is kept on the server, offered at the new address.
        try browser.open(again.page + "&next=%2Fnew")
        try browser.waitUntil("!document.querySelector('p.draft').classList.contains('hidden')")
        try browser.click("p.draft button[data-draft=open]")
        #expect(try browser.text("document.querySelector('#editor textarea').value") == "Dear diary, the first secret")
        #expect(try browser.evaluate("localStorage.length + sessionStorage.length") as? Int == 0)
    }
}
