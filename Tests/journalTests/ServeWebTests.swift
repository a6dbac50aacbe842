import Foundation
import Testing
import TestSupport

/// `journal serve`'s web view, through real HTTP (curl) and a real browser (headless Chromium): the token,
/// the Host, CSRF and Origin rules, the API against the command line's JSON, edits that never overwrite,
/// script from entries that never runs, attachments that never leave their folder, pages that follow the files.
@Suite struct ServeWebTests {
    struct Server {
        let box: Sandbox
        let port: Int
        /// The programs' token (`Authorization: Bearer`).
        let token: String
        /// The address `journal serve` prints: on loopback it signs a browser in, for this run.
        let page: String
        /// A signed-in browser's session cookie (`journal=…`), from signing in once with curl.
        var session = ""
        /// The scheme, host and port, as a page's Origin.
        var origin: String {
            guard let url = URL(string: page), let scheme = url.scheme, let host = url.host, let port = url.port else { return page }
            return "\(scheme)://\(host.contains(":") ? "[\(host)]" : host):\(port)"
        }
        /// Where this run's pages live: the origin and this run's path.
        var base: String { page.components(separatedBy: "/login?").first ?? page }
        /// This run's path, which every link of a page starts with.
        var prefix: String { String(base.dropFirst(origin.count)) }

        /// The server serve.json names, and a session signed in by opening its address.
        static func running(_ box: Sandbox) throws -> Server {
            let data = try #require(FileManager.default.contents(atPath: box.journal + "/.git/journal/serve.json"))
            let record = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            var server = Server(box: box, port: try #require((record["port"] as? NSNumber)?.intValue), token: try #require(record["token"] as? String),
                                page: try #require(record["page"] as? String))
            let login = try Sandbox.exec("/usr/bin/curl", ["-s", "-i", "--max-time", "20", server.page], stdin: nil, env: box.environment, cwd: box.home)
            let cookie = login.stdout.replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n").first { $0.lowercased().hasPrefix("set-cookie: journal=") }
            server.session = cookie.map { String($0.dropFirst("set-cookie: journal=".count).prefix { $0 != ";" }) } ?? ""
            #expect(!server.session.isEmpty, "signing in with \(server.page) gave no session: \(login.stdout)")
            return server
        }
    }

    /// A journal with a few entries (more with those a test wrote first), served in the background.
    func serve(_ box: Sandbox) throws -> Server {
        if !FileManager.default.fileExists(atPath: box.journal + "/.git") { #expect(try box.journal("init").status == 0) }
        _ = try box.add("Morning walk\n\nThe river was calm. #walk")
        _ = try box.add("Dinner with Mina\n\nKimchi stew, and a long talk.", "--category", "travel")
        let started = try box.journal("serve", "--detach")
        #expect(started.status == 0, "\(started.stderr)")
        let server = try Server.running(box)
        #expect(server.port > 0)
        return server
    }

    struct Answer {
        var status: Int
        var headers: [String: String]
        var body: String
    }

    /// One request with curl (never following redirects) to this run's pages; `cookie` sends the session as a
    /// signed-in browser would, `bearer` the token as a program does.
    func request(_ server: Server, _ method: String = "GET", _ path: String, headers: [String: String] = [:],
                 body: String? = nil, cookie: Bool = false, bearer: Bool = false) throws -> Answer {
        var arguments = ["-s", "-i", "--path-as-is", "-X", method, "--max-time", "20"]
        var all = headers
        if cookie { all["Cookie"] = "journal=\(server.session)" }
        if bearer { all["Authorization"] = "Bearer \(server.token)" }
        for (name, value) in all { arguments += ["-H", "\(name): \(value)"] }
        if let body { arguments += ["--data-binary", body] }
        arguments.append(path.hasPrefix("http") ? path : server.base + path)
        let run = try Sandbox.exec("/usr/bin/curl", arguments, stdin: nil, env: server.box.environment, cwd: server.box.home)
        let text = run.stdout.replacingOccurrences(of: "\r\n", with: "\n")
        let split = text.range(of: "\n\n")
        let head = split.map { String(text[..<$0.lowerBound]) } ?? text
        var headers: [String: String] = [:]
        for line in head.split(separator: "\n").dropFirst() {
            let parts = line.split(separator: ":", maxSplits: 1)
            if parts.count == 2 { headers[parts[0].lowercased()] = parts[1].trimmingCharacters(in: .whitespaces) }
        }
        let status = Int(head.split(separator: " ").dropFirst().first ?? "") ?? 0
        return Answer(status: status, headers: headers, body: split.map { String(text[$0.upperBound...]) } ?? "")
    }

    func csrf(_ server: Server) throws -> String {
        let page = try request(server, "GET", "/", cookie: true).body
        let marker = try #require(page.range(of: "<meta name=\"csrf\" content=\""))
        return String(page[marker.upperBound...].prefix(48))
    }

    func commits(_ box: Sandbox) throws -> Int {
        Int(try box.git("rev-list", "--count", "HEAD").trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
    }

    /// Who may use the server: a program with the token (never in an address, never a cookie); a browser
    /// signed in by the address `journal serve` prints, with a session of its own, scoped to this run's path;
    /// no one else. Signed out, a person gets a page that says how to get in, a program a plain 401.
    @Test func theTokenOpensTheJournalAndNothingElseDoes() throws {
        let box = try Sandbox()
        let server = try serve(box)
        defer { _ = try? box.journal("serve", "--stop") }
        for path in ["/", "/entry/abcd", "/?token=\(server.token)", server.origin + "/", server.origin + "/?token=\(server.token)"] {
            let refused = try request(server, "GET", path)
            #expect(refused.status == 401, "\(path)")
            #expect(refused.body.contains("<h1>Sign in</h1>") && refused.body.contains("Open the address the server printed"), "\(path)")
            #expect(!refused.body.contains("Morning"))
            #expect(refused.headers["set-cookie"] == nil, "\(path)")
        }
        let korean = try request(server, "GET", "/", headers: ["Accept-Language": "ko"])
        #expect(korean.body.contains("<h1>로그인</h1>") && korean.body.contains("<html lang=\"ko\">"), "\(korean.body)")
        for path in ["/api/entries", server.origin + "/api/entries"] {
            let refused = try request(server, "GET", path)
            #expect(refused.status == 401 && refused.body == "unauthorized\n", "\(path)")
        }
        // The program's own style and script are no secret.
        #expect(try request(server, "GET", server.origin + "/assets/app.js").status == 200)
        let wrongBearer = try request(server, "GET", "/api/entries", headers: ["Authorization": "Bearer " + String(repeating: "0", count: 48)])
        #expect(wrongBearer.status == 401)
        // The address printed signs a browser in: a session of its own in a cookie scripts cannot read, sent back
        // under this run's path only, and never the token.
        let opened = try request(server, "GET", server.page)
        #expect(opened.status == 303)
        #expect(opened.headers["location"] == server.prefix + "/")
        let cookie = opened.headers["set-cookie"] ?? ""
        #expect(cookie.hasPrefix("journal=") && !cookie.contains(server.token), "\(cookie)")
        #expect(cookie.contains("; Path=\(server.prefix)/;") && cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict"), "\(cookie)")
        let wrongCode = try request(server, "GET", server.base + "/login?code=" + String(repeating: "0", count: 48))
        #expect(wrongCode.status == 401 && wrongCode.headers["set-cookie"] == nil)
        #expect(wrongCode.body.contains("from another run of the server"))
        let page = try request(server, "GET", "/", cookie: true)
        #expect(page.status == 200)
        #expect(page.body.contains("Morning walk") && page.body.contains("Dinner with Mina"))
        let csp = page.headers["content-security-policy"] ?? ""
        #expect(csp.contains("script-src 'self'") && csp.contains("default-src 'none'") && !csp.contains("unsafe-inline"))
        #expect(page.headers["x-content-type-options"] == "nosniff")
        // The session opens nothing outside this run's path (the cookie is not even sent there).
        #expect(try request(server, "GET", server.origin + "/", cookie: true).status == 401)
        #expect(try request(server, "GET", "/api/entries", bearer: true).status == 200)
        #expect(try request(server, "GET", server.origin + "/api/entries", bearer: true).status == 200)
        // The device is listed, and a revoke signs it out at its next request (its cookie then forgotten).
        let devices = try box.journal("serve", "devices")
        #expect(devices.stdout.contains("curl "), "\(devices.stdout)")
        #expect(devices.stdout.contains("signed in while this server runs"))
        #expect(try box.journal("serve", "revoke", "nobody").status == 1)
        let revoked = try box.journal("serve", "revoke", "curl")
        #expect(revoked.status == 0 && revoked.stdout.hasPrefix("Signed out curl"), "\(revoked.stdout)")
        let after = try request(server, "GET", "/", cookie: true)
        #expect(after.status == 401 && (after.headers["set-cookie"] ?? "").contains("Max-Age=0"))
        // The address opened once more above made a second session, of its own name.
        #expect(try box.journal("serve", "revoke", "curl 2").status == 0)
        #expect(try box.journal("serve", "devices").stdout == "No device is signed in.\n")
        // Signed in again for the rest of the test.
        let again = try Server.running(box)
        // DNS rebinding: a page of another name that resolves to 127.0.0.1 sends its own name.
        let rebound = try request(again, "GET", "/", headers: ["Host": "evil.example:\(server.port)"], cookie: true)
        #expect(rebound.status == 421)
        #expect(!rebound.body.contains("Morning"))
        #expect(try request(again, "GET", "/", headers: ["Host": "localhost:\(server.port)"], cookie: true).status == 200)
        // Two Host fields (a page's own name hidden behind the served one) are refused whichever comes first.
        for hosts in [["127.0.0.1:\(server.port)", "evil.example"], ["evil.example", "127.0.0.1:\(server.port)"]] {
            // (curl sends one Host however many are given: the request is written by hand, through bash's /dev/tcp.)
            let head = "GET /api/entries HTTP/1.1\r\nHost: \(hosts[0])\r\nHost: \(hosts[1])\r\nAuthorization: Bearer \(server.token)\r\nConnection: close\r\n\r\n"
            let run = try Sandbox.exec("/bin/bash", ["-c", "exec 3<>/dev/tcp/127.0.0.1/\(server.port); printf '%s' \"$1\" >&3; head -n 1 <&3", "raw", head],
                                       stdin: nil, env: server.box.environment, cwd: server.box.home)
            let status = run.stdout.split(separator: " ").dropFirst().first.map(String.init)
            #expect(status == "400" || (hosts[0] == "evil.example" && status == "421"), "\(hosts): \(run.stdout)")
        }
    }

    @Test func aPageWritesOnlyWithItsCSRFTokenFromItsOwnOrigin() throws {
        let box = try Sandbox()
        let server = try serve(box)
        defer { _ = try? box.journal("serve", "--stop") }
        let before = try commits(box)
        let files = box.entryFiles()
        let body = #"{"text":"Written in the browser\n\nFrom a page."}"#
        let json = ["Content-Type": "application/json"]
        let noToken = try request(server, "POST", "/api/entries", headers: json.merging(["Origin": server.origin]) { $1 }, body: body, cookie: true)
        #expect(noToken.status == 403)
        #expect(noToken.body == "missing or wrong CSRF token\n")
        let token = try csrf(server)
        let wrongOrigin = try request(server, "POST", "/api/entries", headers: json.merging(["Origin": "http://evil.example", "X-CSRF-Token": token]) { $1 },
                                      body: body, cookie: true)
        #expect(wrongOrigin.status == 403)
        let noOrigin = try request(server, "POST", "/api/entries", headers: json.merging(["X-CSRF-Token": token]) { $1 }, body: body, cookie: true)
        #expect(noOrigin.status == 403)
        #expect(try commits(box) == before)
        #expect(box.entryFiles() == files)
        let written = try request(server, "POST", "/api/entries", headers: json.merging(["Origin": server.origin, "X-CSRF-Token": token]) { $1 },
                                  body: body, cookie: true)
        #expect(written.status == 201, "\(written.body)")
        #expect(written.body.contains("\"title\" : \"Written in the browser\""))
        #expect(try commits(box) == before + 1)
        #expect(try box.git("log", "-1", "--format=%s").hasPrefix("Add \"Written in the browser\""))
        #expect(try box.git("status", "--porcelain") == "")
        // A program with the token (no cookie) needs no page's CSRF token.
        let byProgram = try request(server, "POST", "/api/entries", headers: json, body: #"{"text":"From a script"}"#, bearer: true)
        #expect(byProgram.status == 201)
    }

    @Test func theAPIAnswersAsTheCommandLine() throws {
        let box = try Sandbox()
        let server = try serve(box)
        defer { _ = try? box.journal("serve", "--stop") }
        // A file that names no date, dated by the commit that added it (read from the snapshot, not the history).
        try box.write("entries/2026/11/undated-note.md", "A note with no date\n\nWritten by hand.\n")
        #expect(try box.journal("list").stdout.contains("A note with no date"))
        let cases: [(String, [String])] = [
            ("/api/entries", ["list", "--json"]),
            ("/api/entries?n=1", ["list", "--json", "-n", "1"]),
            ("/api/entries?category=travel", ["list", "--json", "--category", "travel"]),
            ("/api/entries?tag=walk&reverse=true", ["list", "--json", "--tag", "walk", "--reverse"]),
            ("/api/entries?q=kimchi", ["search", "kimchi", "--json"]),
            ("/api/entries?on=2026-11-22", ["list", "--json", "--on", "2026-11-22"]),
        ]
        for (path, arguments) in cases {
            let answer = try request(server, "GET", path, bearer: true)
            let cli = try box.run(arguments)
            #expect(answer.status == 200, "\(path): \(answer.body)")
            #expect(answer.body == cli.stdout, "\(path)")
        }
        for (path, reason) in [("/api/entries?from=yesterdayish", "yesterdayish"), ("/api/entries?colour=red", "unknown parameter colour"),
                               ("/api/entries?n=-1", "n=-1 is not a count"), ("/api/entries?category=nope", "nope"),
                               ("/api/entries?from=2026-05-01&to=2026-04-01", "the dates run backwards: 2026-05-01 is after 2026-04-01")] {
            let bad = try request(server, "GET", path, bearer: true)
            #expect(bad.status == 400, "\(path)")
            #expect(bad.body.contains(reason) && bad.body.split(separator: "\n").count == 1, "\(path): \(bad.body)")
        }
        for (body, reason) in [("{not json", "not a JSON object"), (#"{"text":"x","mood":"good"}"#, "unknown field mood"),
                               (#"{"text":5}"#, "wrong type for text"), (#"{"text":"x","date":"the 45th"}"#, "45th"),
                               (#"{"text":"   "}"#, "empty")] {
            let before = try commits(box)
            let bad = try request(server, "POST", "/api/entries", headers: ["Content-Type": "application/json"], body: body, bearer: true)
            #expect(bad.status == 400, "\(body): \(bad.body)")
            #expect(bad.body.contains(reason), "\(body): \(bad.body)")
            #expect(try commits(box) == before)
        }
        try String(repeating: "a", count: 2 << 20).writeReplacing(toFile: box.root.path + "/huge.json")
        let huge = try request(server, "POST", "/api/entries", body: "@" + box.root.path + "/huge.json", bearer: true)
        #expect(huge.status == 413)
        #expect(try request(server, "GET", "/api/entries/ffffffff", bearer: true).status == 404)
        #expect(try request(server, "PATCH", "/api/entries", bearer: true).status == 405)
        // A parameter no address takes is a mistake said, and nothing is written.
        let commitsBefore = try commits(box)
        for (method, path, body) in [("POST", "/api/entries?dry=1", #"{"text":"Not written"}"#), ("GET", "/api/entries/ffffffff?bogus=1", ""),
                                     ("GET", "/api/entries/ffffffff/share?format=text&x=1", "")] {
            let refused = try request(server, method, path, headers: ["Content-Type": "application/json"], body: body.isEmpty ? nil : body, bearer: true)
            #expect(refused.status == 400 && refused.body.hasPrefix("unknown parameter "), "\(path): \(refused.body)")
        }
        #expect(try commits(box) == commitsBefore)
    }

    /// An entry's edit box holds its text, its header apart (sent back joined: the whole file). A file of
    /// CRLF lines with a BOM is shown the same, with LF and no BOM, and an edit saved from it keeps both.
    @Test func theEditBoxHoldsTheTextAndKeepsTheFilesLineEnds() throws {
        let box = try Sandbox()
        let server = try serve(box)
        defer { _ = try? box.journal("serve", "--stop") }
        let id = try box.add("Harbour\n\n\nTwo blank lines above, kept.")
        let path = try #require(box.entryFiles().first { box.read($0)?.contains("Harbour") == true })
        // A blank line after the header (HTML drops a text box's first line break: the page sends one more).
        let file = try #require(box.read(path)).replacingOccurrences(of: "---\nHarbour", with: "---\n\nHarbour")
        try box.write(path, file)
        #expect(try box.journal("commit").status == 0)
        let cut = try #require(file.range(of: "---\n", range: file.index(after: file.startIndex)..<file.endIndex))
        let page = try request(server, "GET", "/entry/\(id)", cookie: true).body
        #expect(page.contains("<textarea name=\"text\" rows=\"14\" placeholder=\"Write here. The first line is the title.\">\n\(file[cut.upperBound...])</textarea>"), "\(page)")
        #expect(page.contains("<details class=\"header\"><summary>Header (date, tags, place…)</summary><textarea name=\"header\" rows=\"8\" spellcheck=\"false\">\n\(file[..<cut.upperBound])</textarea></details>"), "\(page)")

        // CRLF lines and a BOM: the same two boxes, with LF and no BOM (a CR or a BOM in a text box shows as a
        // stray mark); saved, the file keeps both.
        try box.write(path, "\u{FEFF}" + file.replacingOccurrences(of: "\n", with: "\r\n"))
        #expect(try box.journal("commit").status == 0)
        let crlf = try request(server, "GET", "/entry/\(id)", cookie: true)
        #expect(!crlf.body.contains("\u{FFFD}") && !crlf.body.contains("\r") && !crlf.body.contains("\u{FEFF}"))
        #expect(crlf.body.contains(">\n\(file[cut.upperBound...])</textarea>") && crlf.body.contains(">\n\(file[..<cut.upperBound])</textarea></details>"), "\(crlf.body)")
        let etag = try #require(try request(server, "GET", "/api/entries/\(id)", bearer: true).headers["etag"])
        let edited = String(decoding: try JSONSerialization.data(withJSONObject: ["text": file.replacingOccurrences(of: "kept.", with: "kept, and edited.")]), as: UTF8.self)
        let saved = try request(server, "PUT", "/api/entries/\(id)", headers: ["Content-Type": "application/json", "If-Match": etag], body: edited, bearer: true)
        #expect(saved.status == 200, "\(saved.body)")
        #expect(box.read(path) == "\u{FEFF}" + file.replacingOccurrences(of: "kept.", with: "kept, and edited.").replacingOccurrences(of: "\n", with: "\r\n"))
        try box.expectCleanRepository()
    }

    /// Started again on loopback, the server takes a new port and a new path for its pages: a new origin, which
    /// nothing another program left at the old one (a page, its storage, a service worker) can reach; the
    /// session of the last run opens nothing, and a new start gives a new token.
    @Test func aServerStartedAgainHasANewAddressAndTheOldSessionOpensNothing() throws {
        let box = try Sandbox()
        let first = try serve(box)
        #expect(try request(first, "GET", "/", cookie: true).status == 200)
        #expect(try box.journal("serve", "--stop").status == 0)
        let again = try serve(box)
        defer { _ = try? box.journal("serve", "--stop") }
        #expect(again.token != first.token, "a new start, a new token")
        #expect(again.prefix != first.prefix)
        var old = again
        old.session = first.session
        for path in [again.base + "/", again.base + "/api/entries", again.origin + first.prefix + "/"] {
            let refused = try request(old, "GET", path, cookie: true)
            #expect(refused.status == 401, "\(path)")
            #expect(!refused.body.contains("Morning"))
        }
        #expect(try request(again, "GET", "/", cookie: true).status == 200)
        // The address of the last run signs nothing in.
        let oldPage = again.origin + first.page.dropFirst(first.origin.count)
        let stale = try request(again, "GET", oldPage)
        #expect(stale.status == 401 && stale.headers["set-cookie"] == nil)
    }

    /// What a page cannot show as usual it says: an entry whose header cannot be read is marked in the list
    /// and on its page (with the line `journal list` prints), its header box open; a search that has nothing
    /// to look for yet (`-` typed alone) says so where its results go; another day than today is headed by
    /// its date.
    @Test func pagesSayWhatTheyCannotShowAsUsual() throws {
        let box = try Sandbox()
        let server = try serve(box)
        defer { _ = try? box.journal("serve", "--stop") }
        let id = "66666666-0000-4000-8000-000000000006"
        let path = "entries/2026/11/2026-11-15-66666666.md"
        try box.write(path, "---\nid: \(id)\ncreated_at: 2026-11-15T10:00:00+09:00\ntags: [a, b\n---\nHand written\n")
        let said = try #require(box.run(["list"]).stdout.split(separator: "\n").first { $0.contains("broken:") })
        #expect(said.contains("broken: \(path):4: "), "\(said)")
        let list = try request(server, "GET", "/", cookie: true).body
        #expect(list.contains("<span class=\"broken\" title=\"broken: \(path):4: ") && list.contains("\">broken header</span>"), "\(list)")
        let page = try request(server, "GET", "/entry/\(id)", cookie: true).body
        #expect(page.contains("<p class=\"broken\" role=\"alert\">broken: \(path):4: "), "\(page)")
        #expect(page.contains("<details class=\"header\" open>"))

        let dash = try request(server, "GET", "/?q=-", cookie: true)
        #expect(dash.status == 200 && dash.body.contains("<form class=\"filters\"") && dash.body.contains("<p class=\"empty\">the search has no words to look for"), "\(dash.body)")

        #expect(try request(server, "GET", "/today?on=2026-11-15", cookie: true).body.contains("<h1>2026-11-15</h1>"))
        let month = try request(server, "GET", "/today?on=2026-11", cookie: true)
        #expect(month.status == 400 && month.body.contains("is more than one day (2026-11-01 to 2026-11-30)"), "\(month.body)")
        #expect(try request(server, "GET", "/today", cookie: true).body.contains("<h1>Today <small>"))
    }

    /// A Korean page reads as a diary does (issue 49 §2, §3): the weekday with the date, the zone only when it is
    /// not the reader's, a place by its name, on this day as the command line says it, a line break as written,
    /// the history's subjects and a bad address's message in Korean, a category's colour drawn whatever its name.
    @Test func aKoreanPageReadsAsADiary() throws {
        let box = try Sandbox()
        #expect(try box.journal("init").status == 0)
        #expect(try box.journal("categories", "add", "생각해볼 것", "--color", "민트").status == 0)
        #expect(try box.journal("categories", "add", "하늘", "--color", "하늘색").status == 0)
        let seoul = try writeEntry(box, 1, day: "2026-11-20", "한강\n\n바다 소리\n다리 불빛\n혼자 걷기 좋은 밤\n\n- 김밥\n맛있었다\n\n```\n코드 한 줄\n또 한 줄\n```",
                                   header: "time_zone: Asia/Seoul\ncategory: 생각해볼 것\nlocation:\n  name: 망원동\n  latitude: 37.556\n  longitude: 126.91\n")
        let coordinates = try writeEntry(box, 2, day: "2026-11-19", "산책\n\n걸었다.", header: "category: 하늘\nlocation:\n  latitude: 37.5\n  longitude: 127\n")
        _ = try writeEntry(box, 3, day: "2025-11-22", "작년 오늘\n\n눈이 왔다.")
        try box.write("entries/2026/11/2026-11-18-00000004.md",
                      "---\nid: 00000004-0000-4000-8000-000000000004\ncreated_at: 2026-11-18T10:00:00+01:00\ntime_zone: Europe/Paris\n---\n파리\n")
        let added = try box.journal("add", "--date", "2026-11-21 18:22", "-c", "생각해볼 것", "우주는 왜 넓을까")
        #expect(added.status == 0, "\(added.stderr)")
        #expect(try box.journal("list").status == 0)
        let server = try serve(box)
        defer { _ = try? box.journal("serve", "--stop") }
        let korean = ["Accept-Language": "ko"]

        let list = try request(server, "GET", "/", headers: korean, cookie: true).body
        #expect(list.contains(">11월 20일 (금) 오전 9:00</time>"), "\(list)")
        #expect(list.contains(">11월 21일 (토) 오후 6:22</time>"), "\(list)")
        #expect(list.contains(">2025년 11월 22일 (토) 오전 9:00</time>"), "\(list)")
        #expect(list.contains(">11월 18일 (수) 오전 10:00 (Europe/Paris)</time>"), "\(list)")
        #expect(!list.contains("Asia/Seoul"), "\(list)")
        // A colour named in Korean is drawn (`#rrggbb`, which every page can paint); the name with its space is one.
        #expect(list.contains("<span class=\"category\" data-color=\"#5fd7af\">생각해볼 것</span>"), "\(list)")
        #expect(list.contains("<span class=\"category\" data-color=\"#5fafff\">하늘</span>"), "\(list)")
        #expect(list.contains("<option value=\"생각해볼 것\">생각해볼 것</option>"), "\(list)")
        #expect(list.contains(">모든 카테고리</option>") && !list.contains("분류"), "\(list)")
        let chosen = try request(server, "GET", "/?category=%EC%83%9D%EA%B0%81%ED%95%B4%EB%B3%BC+%EA%B2%83", headers: korean, cookie: true).body
        #expect(chosen.components(separatedBy: "<li class=\"entry\">").count - 1 == 2, "\(chosen)")

        let page = try request(server, "GET", "/entry/\(seoul)", headers: korean, cookie: true).body
        let facts = try #require(page.range(of: "<p class=\"facts\">").map { String(page[$0.upperBound...]).components(separatedBy: "</p>")[0] })
        #expect(facts.hasPrefix("<span>11월 20일 (금) 오전 9:00</span>"), "\(facts)")
        #expect(facts.contains("<span>망원동</span>") && !facts.contains("37.556"), "\(facts)")
        #expect(page.contains("<p>바다 소리<br>다리 불빛<br>혼자 걷기 좋은 밤</p>"), "\(page)")
        #expect(page.contains("<ul><li>김밥<br>맛있었다</li></ul>"), "\(page)")
        #expect(page.contains("<pre><code>코드 한 줄\n또 한 줄\n</code></pre>"), "\(page)")
        // The file is as it was written.
        #expect(box.read("entries/2026/11/2026-11-20-0900-00000001.md")?.contains("바다 소리\n다리 불빛\n") == true)
        let other = try request(server, "GET", "/entry/\(coordinates)", headers: korean, cookie: true).body
        #expect(other.contains("<span>(37.5, 127)</span>"), "\(other)")

        // The history in Korean, as `journal log` says it.
        let written = try request(server, "GET", "/?q=%EC%9A%B0%EC%A3%BC", headers: korean, cookie: true).body
        let id = try #require(written.range(of: "/entry/").map { String(written[$0.upperBound...].prefix(36)) })
        let history = try request(server, "GET", "/entry/\(id)", headers: korean, cookie: true).body
        #expect(history.contains("우주는 왜 넓을까") && history.contains(" (\(id.prefix(8))) 추가 <code>"), "\(history)")
        #expect(!history.contains("Add "), "\(history)")

        // On this day, as the command line says it.
        let today = try request(server, "GET", "/today", headers: korean, cookie: true).body
        #expect(today.contains("<h3>2025년 · 1년 전</h3>"), "\(today)")
        let english = try request(server, "GET", "/today", headers: ["Accept-Language": "en"], cookie: true).body
        #expect(english.contains("<h3>2025 · 1 year ago</h3>"), "\(english)")

        // A bad address, said in the page's language, one line.
        let month = try request(server, "GET", "/calendar?month=2026-13", headers: korean, cookie: true)
        #expect(month.status == 400 && month.body.contains("month=2026-13은 달이 아니에요(YYYY-MM)"), "\(month.body)")
        let englishMonth = try request(server, "GET", "/calendar?month=2026-13", headers: ["Accept-Language": "en"], cookie: true)
        #expect(englishMonth.body.contains("month=2026-13 is not a month (YYYY-MM)"), "\(englishMonth.body)")
        let flag = try request(server, "GET", "/?starred=maybe", headers: korean, cookie: true)
        #expect(flag.status == 400 && flag.body.contains("starred=maybe") && flag.body.contains("true도 false도 아니에요"), "\(flag.body)")
        // What an add from a page says: what happened, never a flag to type.
        let future = try request(server, "POST", "/api/entries", headers: ["Content-Type": "application/json", "Accept-Language": "ko"],
                                 body: #"{"text":"다음 주 계획","date":"2026-11-30 10:00"}"#, bearer: true)
        #expect(future.status == 201, "\(future.body)")
        let notice = future.headers["journal-notice"]?.removingPercentEncoding ?? ""
        #expect(notice.contains("미래 날짜예요. 그래도 저장했어요") && !notice.contains("--future"), "\(notice)")
        for path in ["/", "/today", "/calendar", "/entry/\(seoul)"] {
            let body = try request(server, "GET", path, headers: korean, cookie: true).body
            #expect(!body.contains("journal log") && !body.contains("--status") && !body.contains("--future"), "\(path)")
        }
    }

    /// A connection that sends nothing is closed after the idle time (30 s; 1 s here, through
    /// JOURNAL_SERVE_IDLE_TIMEOUT): idle ones, with or without a token, would otherwise hold the server's
    /// files open until it could accept no other. The test waits for the close itself; `timeout` makes a
    /// server that never closes a failure, not a hang.
    @Test func anIdleConnectionIsClosed() throws {
        let box = try Sandbox()
        box.environment["JOURNAL_SERVE_IDLE_TIMEOUT"] = "1"
        let server = try serve(box)
        defer { _ = try? box.journal("serve", "--stop") }
        let run = try Sandbox.exec("/usr/bin/timeout", ["60", "/bin/bash", "-c", "exec 3<>/dev/tcp/127.0.0.1/\(server.port) && cat <&3 && echo closed"],
                                   stdin: nil, env: server.box.environment, cwd: server.box.home)
        #expect(run.status == 0 && run.stdout == "closed\n", "\(run.status): \(run.stdout)")
        // The server still answers.
        #expect(try request(server, "GET", "/api/entries?n=1", bearer: true).status == 200)
    }

    @Test func anEditNeverOverwritesAChangeItHasNotSeen() throws {
        let box = try Sandbox()
        let server = try serve(box)
        defer { _ = try? box.journal("serve", "--stop") }
        let id = String(try #require(box.run(["list", "--json"]).stdout.components(separatedBy: "\"id\" : \"").dropFirst().first?.prefix(36)))
        let got = try request(server, "GET", "/api/entries/\(id.prefix(8))", bearer: true)
        let etag = try #require(got.headers["etag"])
        let path = try #require(box.entryFiles().first { box.read($0)?.contains("id: \(id)") == true })
        let original = try #require(box.read(path))
        let put = ["Content-Type": "application/json"]
        func replacing(_ old: String, _ new: String, in text: String) -> String {
            let encoded = try! JSONSerialization.data(withJSONObject: ["text": text.replacingOccurrences(of: old, with: new)])
            return String(decoding: encoded, as: UTF8.self)
        }
        let missing = try request(server, "PUT", "/api/entries/\(id)", headers: put, body: replacing("x", "y", in: original), bearer: true)
        #expect(missing.status == 428)
        // Changed on disk after the page loaded, elsewhere in the text: both changes kept.
        let lines = original.components(separatedBy: "\n")
        let last = try #require(lines.last { !$0.isEmpty })
        try box.write(path, original.replacingOccurrences(of: last, with: last + " Added on disk."))
        let title = try #require(lines.first { !$0.isEmpty && !$0.contains(":") && $0 != "---" })
        let merged = try request(server, "PUT", "/api/entries/\(id)", headers: put.merging(["If-Match": etag]) { $1 },
                                 body: replacing(title, title + " (edited)", in: original), bearer: true)
        #expect(merged.status == 200, "\(merged.body)")
        let now = try #require(box.read(path))
        #expect(now.contains(title + " (edited)") && now.contains("Added on disk."))
        #expect(try box.git("status", "--porcelain") == "")
        // The same words changed on both sides: refused, the file as it was.
        try box.write(path, now.replacingOccurrences(of: "Added on disk.", with: "Changed on disk again."))
        let before = try commits(box)
        let refused = try request(server, "PUT", "/api/entries/\(id)", headers: put.merging(["If-Match": etag]) { $1 },
                                  body: replacing(last, last + " Typed in the page.", in: original), bearer: true)
        #expect(refused.status == 412, "\(refused.body)")
        #expect(box.read(path)?.contains("Changed on disk again.") == true)
        #expect(box.read(path)?.contains("Typed in the page.") == false)
        #expect(try commits(box) <= before + 1)  // the hand edit may be committed as such, nothing else
    }

    /// A whole text sent to `PUT /api/entries/ID` keeps the entry what it is: a text without the header,
    /// another entry's `id:`, a header that cannot be read, a category journal.yml lacks or a NUL byte is
    /// refused (400, one line naming the line at fault), nothing written or committed; `If-Match: *` writes
    /// over whatever version is there.
    @Test func anEditKeepsTheEntrysIdAndAReadableHeader() throws {
        let box = try Sandbox()
        let server = try serve(box)
        defer { _ = try? box.journal("serve", "--stop") }
        let listed = try #require(try JSONSerialization.jsonObject(with: Data(box.run(["list", "--json"]).stdout.utf8)) as? [[String: Any]])
        let walk = try #require(listed.first { $0["title"] as? String == "Morning walk" })
        let id = try #require(walk["id"] as? String)
        let path = try #require(walk["path"] as? String)
        let other = try #require(listed.first { $0["title"] as? String == "Dinner with Mina" }?["id"] as? String)
        let original = try #require(box.read(path))
        let lines = original.components(separatedBy: "\n")
        let dateLine = try #require(lines.firstIndex { $0.hasPrefix("created_at:") }) + 1
        let etag = try #require(try request(server, "GET", "/api/entries/\(id)", bearer: true).headers["etag"])
        func put(_ text: String, _ match: String) throws -> Answer {
            let body = String(decoding: try JSONSerialization.data(withJSONObject: ["text": text]), as: UTF8.self)
            return try request(server, "PUT", "/api/entries/\(id)", headers: ["Content-Type": "application/json", "If-Match": match], body: body, bearer: true)
        }
        func withHeaderLine(_ line: String) -> String { original.replacingOccurrences(of: "\nid: ", with: "\n\(line)\nid: ") }
        let before = try commits(box)
        let refusals: [(String, String)] = [
            ("Scratch entry\n\nno header now\n", "line 1: the text has no header with `id: \(id)`"),
            (original.replacingOccurrences(of: "id: \(id)", with: "id: \(other)"), "line 2: `id: \(other)` is not this entry's id (\(id))"),
            (original.replacingOccurrences(of: lines[dateLine - 1], with: "created_at: banana"), "line \(dateLine): "),
            (withHeaderLine("starred: maybe"), "line 2: "),
            (withHeaderLine("tags: [unclosed"), "line "),
            (withHeaderLine("category: nosuchcat"), "nosuchcat"),
            (original + "nul\u{0}inside\n", "NUL"),
        ]
        for (text, reason) in refusals {
            let refused = try put(text, etag)
            #expect(refused.status == 400, "\(text): \(refused.body)")
            #expect(refused.body.hasPrefix(reason) || (reason.count < 12 && refused.body.contains(reason)), "\(text): \(refused.body)")
            #expect(refused.body.split(separator: "\n").count == 1, "\(refused.body)")
            #expect(box.read(path) == original)
            #expect(try commits(box) == before)
            try box.expectCleanRepository()
        }
        #expect(try request(server, "GET", "/api/entries/\(id)", bearer: true).status == 200)
        // A category the file had already (brought by a sync) is kept when the text is edited.
        // `If-Match: *`: any version, written over on purpose.
        let star = try put(original + "\nWritten over whatever is there.\n", "*")
        #expect(star.status == 200, "\(star.body)")
        #expect(box.read(path)?.hasSuffix("Written over whatever is there.\n") == true)
        #expect(box.read(path)?.contains("id: \(id)") == true)
        #expect(try commits(box) == before + 1)
        #expect(try request(server, "GET", "/api/entries/\(id)", bearer: true).status == 200)
        try box.expectCleanRepository()
    }

    /// `POST /api/entries` with a NUL byte in the text is refused as `journal add` refuses it: one line,
    /// nothing written. `GET /api/entries/ID` is `journal show ID --json`, attachments and all.
    /// A title and a tag from another machine that hold a right-to-left override: the pages show the
    /// character (`\u{202E}`, as the terminal does), never obey it; the edit box keeps the text exact.
    @Test func bidiControlsFromAnEntryAreShownNotObeyed() throws {
        let box = try Sandbox()
        #expect(try box.journal("init").status == 0)
        let id = try box.add("Invoice \u{202E}fdp.exe\n\nPaid. #bill\u{202E}ing", "--no-location")
        let server = try serve(box)
        defer { _ = try? box.journal("serve", "--stop") }
        for path in ["/", "/entry/\(id)", "/?q=Invoice"] {
            let page = try request(server, "GET", path, cookie: true).body
            let shown = page.components(separatedBy: "<textarea").first ?? page
            #expect(!shown.contains("\u{202E}"), "\(path)")
            #expect(shown.contains("Invoice \\u{202E}fdp.exe"), "\(path): \(shown)")
        }
        let entry = try request(server, "GET", "/entry/\(id)", cookie: true).body
        let box1 = entry.components(separatedBy: "<textarea name=\"text\"").dropFirst().first ?? ""
        #expect(box1.contains("Invoice \u{202E}fdp.exe"))
    }

    @Test func aNULIsRefusedAndAnEntryIsTheSameJSONAsShow() throws {
        let box = try Sandbox()
        let server = try serve(box)
        defer { _ = try? box.journal("serve", "--stop") }
        let before = try commits(box)
        let files = box.entryFiles()
        let refused = try request(server, "POST", "/api/entries", headers: ["Content-Type": "application/json"], body: #"{"text":"a\u0000b"}"#, bearer: true)
        #expect(refused.status == 400, "\(refused.body)")
        #expect(refused.body == "line 1 of the text holds a NUL character: an entry is text, so nothing was saved\n")
        let cli = try box.journal("add", stdin: "nul\u{0}inside\n")
        #expect(cli.status != 0)
        #expect(cli.stderr == "journal: line 1 of the text holds a NUL character: an entry is text, so nothing was saved\n")
        #expect(try commits(box) == before)
        #expect(box.entryFiles() == files)
        try box.expectCleanRepository()

        let listed = try #require(try JSONSerialization.jsonObject(with: Data(box.run(["list", "--json"]).stdout.utf8)) as? [[String: Any]])
        let id = try #require(listed.first?["id"] as? String)
        try box.write("attachments/\(id)/photo.jpg", "jpeg")
        try box.journal("commit")
        let answer = try request(server, "GET", "/api/entries/\(id)", bearer: true)
        #expect(answer.status == 200)
        #expect(answer.body == (try box.journal("show", id, "--json")).stdout)
        #expect(answer.body.contains("\"attachments\""))
    }

    /// `POST /api/entries` with `location` does what `journal add --location` (or `--lat`/`--lon`) does: the
    /// place geocoded and its weather stored, asked of the local weather stand-in; a location that is not one
    /// is a 400 and nothing is written.
    @Test func aNewEntryTakesALocationAsAddDoes() throws {
        let provider = try ProviderServer()
        let box = try WeatherCommandTests.sandbox(provider)
        let server = try serve(box)
        defer { _ = try? box.journal("serve", "--stop") }
        let json = ["Content-Type": "application/json"]
        let named = try request(server, "POST", "/api/entries", headers: json, body: #"{"text":"Sea at Haeundae","location":"Busan"}"#, bearer: true)
        #expect(named.status == 201, "\(named.body)")
        let file = try #require(box.entryFiles().compactMap(box.read).first { $0.contains("Sea at Haeundae") })
        #expect(file.hasSuffix("time_zone: Asia/Seoul\n" + WeatherCommandTests.busanWeather + "Sea at Haeundae\n"), "\(file)")
        #expect(provider.requests.map(\.path) == ["/v1/search", "/v1/forecast"])
        #expect(named.body.contains("\"latitude\" : 35.10168"), "\(named.body)")

        let pier = try request(server, "POST", "/api/entries", headers: json,
                               body: #"{"text":"Pier","location":{"name":"The pier","latitude":35.18,"longitude":129.08}}"#, bearer: true)
        #expect(pier.status == 201, "\(pier.body)")
        let pierFile = try #require(box.entryFiles().compactMap(box.read).first { $0.hasSuffix("---\nPier\n") })
        #expect(pierFile.contains("  wind_kph: 10.4\nlocation:\n  name: The pier\n  latitude: 35.18\n  longitude: 129.08\n---\n"), "\(pierFile)")
        #expect(provider.requests.count == 3, "a name with coordinates is not looked up")

        // Without a location, the user's default place, as `journal add`; `null` is `--no-location`.
        #expect(try box.journal("config", "set", "location.default", "Busan").status == 0)
        let placed = try request(server, "POST", "/api/entries", headers: json, body: #"{"text":"Home again"}"#, bearer: true)
        #expect(placed.status == 201, "\(placed.body)")
        let placedFile = try #require(box.entryFiles().compactMap(box.read).first { $0.contains("Home again") })
        #expect(placedFile.hasSuffix(WeatherCommandTests.busanWeather + "Home again\n"), "\(placedFile)")
        let nowhere = try request(server, "POST", "/api/entries", headers: json, body: #"{"text":"Nowhere","location":null}"#, bearer: true)
        #expect(nowhere.status == 201, "\(nowhere.body)")
        let nowhereFile = try #require(box.entryFiles().compactMap(box.read).first { $0.contains("Nowhere") })
        #expect(!nowhereFile.contains("location:") && !nowhereFile.contains("weather:"), "\(nowhereFile)")
        #expect(try box.journal("config", "unset", "location.default").status == 0)

        let before = try commits(box)
        let files = box.entryFiles()
        for (body, reason) in [(#"{"text":"x","location":{"latitude":35.1}}"#, "go together"),
                               (#"{"text":"x","location":{"latitude":135,"longitude":10}}"#, "135"),
                               (#"{"text":"x","location":{"city":"Busan"}}"#, "unknown field location.city"),
                               (#"{"text":"x","location":5}"#, "wrong type for location"),
                               (#"{"text":"x","location":""}"#, "location needs a name")] {
            let bad = try request(server, "POST", "/api/entries", headers: json, body: body, bearer: true)
            #expect(bad.status == 400, "\(body): \(bad.body)")
            #expect(bad.body.contains(reason) && bad.body.split(separator: "\n").count == 1, "\(body): \(bad.body)")
        }
        #expect(try commits(box) == before)
        #expect(box.entryFiles() == files)
        try box.expectCleanRepository()
    }

    /// A version that has left the server's memory (the server started again since the page read it, as a
    /// draft kept in a browser outlives a server) is found among the entry's committed versions: the edit is
    /// merged with the change made since, not refused; a version nobody committed stays unknown, and refused.
    @Test func anEditFromAVersionTheServerForgotIsMergedFromHistory() throws {
        let box = try Sandbox()
        let first = try serve(box)
        defer { _ = try? box.journal("serve", "--stop") }
        let listed = try #require(try JSONSerialization.jsonObject(with: Data(box.run(["list", "--json"]).stdout.utf8)) as? [[String: Any]])
        let walk = try #require(listed.first { $0["title"] as? String == "Morning walk" })
        let id = try #require(walk["id"] as? String)
        let path = try #require(walk["path"] as? String)
        let etag = try #require(try request(first, "GET", "/api/entries/\(id)", bearer: true).headers["etag"])
        let original = try #require(box.read(path))
        #expect(try box.journal("serve", "--stop").status == 0)
        try box.write(path, original + "\nAdded while no server ran.\n")
        #expect(try box.journal("commit").status == 0)
        #expect(try box.journal("serve", "--detach").status == 0)
        let server = try Server.running(box)
        func put(_ text: String, _ match: String) throws -> Answer {
            let body = String(decoding: try JSONSerialization.data(withJSONObject: ["text": text]), as: UTF8.self)
            return try request(server, "PUT", "/api/entries/\(id)", headers: ["Content-Type": "application/json", "If-Match": match], body: body, bearer: true)
        }
        let merged = try put(original.replacingOccurrences(of: "Morning walk", with: "Morning walk, edited"), etag)
        #expect(merged.status == 200, "\(merged.body)")
        let now = try #require(box.read(path))
        #expect(now.contains("Morning walk, edited") && now.contains("Added while no server ran."), "\(now)")
        try box.expectCleanRepository()
        // A tag no version ever had: refused, nothing written.
        let before = try commits(box)
        let unknown = try put(now + "More.\n", "\"0123456789abcdef0123456789abcdef\"")
        #expect(unknown.status == 412)
        #expect(box.read(path) == now)
        #expect(try commits(box) == before)
    }

    /// `POST /api/entries/ID/restore`: the version before the last change, a named revision, a deleted entry;
    /// a revision that is not one, an unknown field or an id that never existed change nothing.
    @Test func restoreBringsBackAVersionOrADeletedEntry() throws {
        let box = try Sandbox()
        let server = try serve(box)
        defer { _ = try? box.journal("serve", "--stop") }
        let id = try box.add("Tea at four", "--tag", "cafe")
        #expect(try box.journal("tag", id, "+garden").status == 0)
        let path = try #require(box.entryFiles().first { box.read($0)?.contains("Tea at four") == true })
        let tagged = try #require(box.read(path))
        let json = ["Content-Type": "application/json"]
        let back = try request(server, "POST", "/api/entries/\(id)/restore", headers: json, body: "{}", bearer: true)
        #expect(back.status == 200, "\(back.body)")
        #expect(back.body.contains("\"tags\" : [\n    \"cafe\"\n  ]"), "\(back.body)")
        #expect(try box.git("log", "-1", "--format=%s").hasPrefix("Restore \"Tea at four\""))
        let revision = try box.git("log", "-1", "--skip=1", "--format=%h").trimmingCharacters(in: .whitespacesAndNewlines)
        let named = try request(server, "POST", "/api/entries/\(id)/restore", headers: json, body: #"{"revision":"\#(revision)"}"#, bearer: true)
        #expect(named.status == 200, "\(named.body)")
        #expect(box.read(path) == tagged)

        let before = try commits(box)
        for (body, status, reason) in [(#"{"revision":"no-such-thing"}"#, 400, "no-such-thing"), (#"{"when":"now"}"#, 400, "unknown field when"),
                                       ("[1]", 400, "not a JSON object")] {
            let bad = try request(server, "POST", "/api/entries/\(id)/restore", headers: json, body: body, bearer: true)
            #expect(bad.status == status, "\(body): \(bad.body)")
            #expect(bad.body.contains(reason) && bad.body.split(separator: "\n").count == 1, "\(body): \(bad.body)")
        }
        let never = try request(server, "POST", "/api/entries/ffffffff/restore", headers: json, body: "{}", bearer: true)
        #expect(never.status == 404, "\(never.body)")
        #expect(try commits(box) == before)
        #expect(box.read(path) == tagged)

        #expect(try request(server, "DELETE", "/api/entries/\(id)", bearer: true).status == 204)
        #expect(box.read(path) == nil)
        let page = try request(server, "GET", "/entry/\(id)", cookie: true)
        #expect(page.status == 200 && page.body.contains("This entry was deleted") && page.body.contains("Tea at four"))
        let undone = try request(server, "POST", "/api/entries/\(id)/restore", headers: json, body: "", bearer: true)
        #expect(undone.status == 200, "\(undone.body)")
        #expect(box.read(path) == tagged)
        // A filter that finds nothing says so, not that the journal is empty.
        #expect(try request(server, "GET", "/?tag=nowhere", cookie: true).body.contains("<p class=\"empty\">Nothing matches.</p>"))
        // A tag written in the text has no button that could not take it off: it says where it is.
        let walk = try request(server, "GET", "/entry/" + String(try #require(box.run(["search", "river", "--json"]).stdout.components(separatedBy: "\"id\" : \"").dropFirst().first?.prefix(36))), cookie: true).body
        #expect(walk.contains("<span class=\"tag\" title=\"#walk is written in the text: edit the text to take it off\">#walk</span>"), "\(walk)")
        #expect(!walk.contains("data-tag=\"walk\""))
        // A page that cannot be shown is a page: in the frame, in the reader's language, with the way back.
        let missing = try request(server, "GET", "/entry/ffffffff", cookie: true)
        #expect(missing.status == 404)
        #expect(missing.headers["content-type"] == "text/html; charset=utf-8")
        #expect(missing.body.contains("<nav aria-label=") && missing.body.contains("<h1>Not found</h1>") && missing.body.contains("<a href=\"\(server.prefix)/\">Back to the entries</a>"), "\(missing.body)")
        #expect(missing.body.contains("ffffffff"), "the reason names what was asked for")
        let korean = try request(server, "GET", "/nowhere", headers: ["Accept-Language": "ko"], cookie: true)
        #expect(korean.status == 404 && korean.body.contains("<h1>찾을 수 없어요</h1>") && korean.body.contains("<html lang=\"ko\">"), "\(korean.body)")
        #expect(korean.body.contains("그런 페이지는 없어요: /nowhere"), "the reason in the page's language too")
        let koreanDay = try request(server, "GET", "/today?on=the+45th", headers: ["Accept-Language": "ko"], cookie: true)
        #expect(koreanDay.status == 400 && koreanDay.body.contains("잘못된 날짜 &#39;the 45th&#39;"), "the kit's reason in the page's language: \(koreanDay.body)")
        let badDay = try request(server, "GET", "/today?on=the+45th", cookie: true)
        #expect(badDay.status == 400 && badDay.body.contains("<h1>This cannot be shown</h1>") && badDay.body.contains("45th"), "\(badDay.body)")
        // The API and a file's address keep one line of text, for programs.
        let api = try request(server, "GET", "/api/entries/ffffffff", cookie: true)
        #expect(api.status == 404 && api.headers["content-type"] == "text/plain; charset=utf-8" && api.body.split(separator: "\n").count == 1)
        #expect(try request(server, "GET", "/attachments/ffffffff/a.png", cookie: true).headers["content-type"] == "text/plain; charset=utf-8")
        try box.expectCleanRepository()
    }

    @Test func scriptInAnEntryNeverRuns() throws {
        let box = try Sandbox()
        #expect(try box.journal("init").status == 0)
        let id = try box.add("<script>alert('title')</script>\n\n<img src=x onerror=alert(1)> [x](javascript:alert(2)) <svg onload=alert(3)>",
                             "--tag", "tag<script>x")
        _ = id
        let started = try box.journal("serve", "--detach")
        #expect(started.status == 0)
        defer { _ = try? box.journal("serve", "--stop") }
        let server = try Server.running(box)
        let fullID = String(try #require(box.run(["list", "--json"]).stdout.components(separatedBy: "\"id\" : \"").dropFirst().first?.prefix(36)))
        for path in ["/", "/entry/\(fullID)", "/?q=alert", "/today"] {
            let page = try request(server, "GET", path, cookie: true).body
            #expect(!page.contains("<script>alert"), "\(path)")
            #expect(!page.contains("<img src=x"), "\(path)")
            // An event handler inside a tag (escaped text of the entry, in its editor, is not a tag).
            let handler = try NSRegularExpression(pattern: "<[a-zA-Z][^>]*\\son[a-z]+\\s*=")
            #expect(handler.firstMatch(in: page, range: NSRange(page.startIndex..., in: page)) == nil, "\(path)")
            #expect(!page.contains("<svg"), "\(path)")
            #expect(!page.contains("href=\"javascript:"), "\(path)")
            #expect(page.components(separatedBy: "<script").count == 2, "\(path)")  // only our own /assets/app.js
        }
    }

    @Test func attachmentsAreServedFromTheirFolderOnly() throws {
        let box = try Sandbox()
        let server = try serve(box)
        defer { _ = try? box.journal("serve", "--stop") }
        let id = String(try #require(box.run(["list", "--json"]).stdout.components(separatedBy: "\"id\" : \"").dropFirst().first?.prefix(36)))
        try box.write("notes.txt", "a file\n")
        #expect(try box.journal("attach", String(id.prefix(8)), box.journal + "/notes.txt").status == 0)
        let served = try request(server, "GET", "/attachments/\(id)/notes.txt", cookie: true)
        #expect(served.status == 200)
        #expect(served.body == "a file\n")
        try FileManager.default.createSymbolicLink(atPath: box.journal + "/attachments/\(id)/link.yml", withDestinationPath: box.journal + "/journal.yml")
        for path in ["/attachments/\(id)/../../journal.yml", "/attachments/\(id)/..%2F..%2Fjournal.yml", "/attachments/\(id)/%2e%2e/%2e%2e/journal.yml",
                     "/attachments/\(id)/link.yml", "/attachments/../journal.yml", "/attachments/\(id)", "/attachments/ffffffff-0000/notes.txt"] {
            let refused = try request(server, "GET", path, cookie: true)
            #expect(refused.status == 404, "\(path)")
            #expect(!refused.body.contains("categories"), "\(path)")
        }
    }

    /// Another address only when asked for, with a warning, and over HTTPS (`ServeHTTPSTests` has the rest).
    @Test func anotherAddressOnlyWhenAskedWithAWarning() throws {
        let box = try Sandbox()
        #expect(try box.journal("init").status == 0)
        _ = try box.add("Morning walk")
        let started = try box.journal("serve", "--detach", "--listen", "127.0.0.2")
        #expect(started.status == 0, "\(started.stderr)")
        defer { _ = try? box.journal("serve", "--stop") }
        #expect(started.stdout.contains("Serving at https://127.0.0.2:"), "\(started.stdout)")
        // (The server writes its log as it starts; it may answer a moment before the line is there.)
        let warning = "journal: listening on 127.0.0.2: a device paired with `journal serve pair`, or a program with the token, can read and change the journal"
        #expect(GitServers.poll(timeout: 20) { box.read(".git/journal/serve.log")?.contains(warning) == true }, "\(box.read(".git/journal/serve.log") ?? "")")
        let data = try #require(FileManager.default.contents(atPath: box.journal + "/.git/journal/serve.json"))
        let record = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let port = try #require((record["port"] as? NSNumber)?.intValue)
        let token = try #require(record["token"] as? String)
        for origin in ["http://127.0.0.2:\(port)", "http://127.0.0.1:\(port)"] {
            // Plain http gets nothing there, and nothing listens on 127.0.0.1 for it.
            let run = try Sandbox.exec("/usr/bin/curl", ["-s", "-o", "/dev/null", "-w", "%{http_code}", "--max-time", "10",
                                                         "-H", "Authorization: Bearer \(token)", origin + "/api/entries"],
                                       stdin: nil, env: box.environment, cwd: box.home)
            #expect(run.stdout == "000", "\(origin): \(run.stdout)")
        }
    }

    /// An open page's event stream hears of a file written by hand within a moment.
    @Test func anOpenPageHearsOfAChangeOnDisk() throws {
        let box = try Sandbox()
        let server = try serve(box)
        defer { _ = try? box.journal("serve", "--stop") }
        let events = try EventStream.hearing("Written by hand\n", writtenAt: "entries/2026/11/by-hand.md", server)
        defer { events.stop() }
        #expect(events.seen.contains("entries/2026/11"))
    }

    /// `/api/events` as a page holds it open (curl, no buffering), read as it comes.
    final class EventStream {
        let process = Process()
        let output = Pipe()
        var seen = ""

        init(_ server: Server) throws {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
            process.arguments = ["-s", "-N", "--max-time", "30", "-H", "Authorization: Bearer \(server.token)", server.base + "/api/events"]
            process.standardOutput = output
            try process.run()
        }

        /// A stream opened, then `text` written by hand at `path` once it is connected, read until the
        /// change is told (both expected): what a page that is open when a file changes hears.
        static func hearing(_ text: String, writtenAt path: String, _ server: Server) throws -> EventStream {
            let events = try EventStream(server)
            #expect(events.readUntil(": connected"))
            try server.box.write(path, text)
            #expect(events.readUntil("event: change"), "\(events.seen)")
            return events
        }

        /// Reads until `text` has come (true), the stream ends or 25 s pass (false).
        func readUntil(_ text: String) -> Bool {
            let deadline = Date().addingTimeInterval(25)
            while !seen.contains(text), Date() < deadline {
                let chunk = output.fileHandleForReading.availableData
                if chunk.isEmpty { return false }
                seen += String(decoding: chunk, as: UTF8.self)
            }
            return seen.contains(text)
        }

        func stop() { process.terminate() }
    }

    /// The weather on a page is in the page's language and the user's units, not the server's language:
    /// the list's column, the entry's line and the text a page shares.
    @Test func theWeatherIsInThePagesLanguageAndTheUsersUnits() throws {
        let provider = try ProviderServer()
        provider.handler = ProviderServer.providers()
        let box = try WeatherCommandTests.sandbox(provider)
        #expect(try box.journal("config", "set", "units", "imperial").status == 0)
        let id = try box.add("--lat", "35.1", "--lon", "129", "Placed")
        let server = try serve(box)
        defer { _ = try? box.journal("serve", "--stop") }
        let shown = try box.journal("show", id).stdout
        #expect(shown.contains("cloudy") && shown.contains("°F"), "\(shown)")
        let korean = ["Accept-Language": "ko-KR,ko;q=0.9"]
        let page = try request(server, "GET", "/entry/\(id)", headers: korean, cookie: true).body
        // (The edit box below holds the file itself, whose words stay as stored.)
        #expect(page.contains("<span>☁️ 흐림 54.5°F, 습도 60%, 바람 6.5 mph</span>"), "\(page)")
        let english = try request(server, "GET", "/entry/\(id)", headers: ["Accept-Language": "en"], cookie: true).body
        #expect(english.contains("<span>☁️ cloudy (overcast) 54.5°F, humidity 60%, wind 6.5 mph</span>"), "\(english)")
        let list = try request(server, "GET", "/", headers: korean, cookie: true).body
        #expect(list.contains("°F</span>") && !list.contains("°C"))
        let shared = try request(server, "GET", "/api/entries/\(id)/share?format=text", headers: korean, cookie: true).body
        #expect(shared.contains("흐림") && shared.contains("°F") && !shared.contains("cloudy"), "\(shared)")
    }

    /// An entry file of the given date and text, written by hand (the snapshot picks it up).
    func writeEntry(_ box: Sandbox, _ number: Int, day: String, _ text: String, header: String = "") throws -> String {
        let id = String(format: "%08x-0000-4000-8000-%012x", number, number)
        try box.write("entries/\(day.prefix(4))/\(day.dropFirst(5).prefix(2))/\(day)-0900-\(id.prefix(8)).md",
                      "---\nid: \(id)\ncreated_at: \(day)T09:00:00+09:00\n\(header)---\n\(text)\n")
        return id
    }

    /// The cells of a calendar page: each day's number and its classes.
    func calendarCells(_ page: String) -> [Int: String] {
        var cells: [Int: String] = [:]
        let pattern = try! NSRegularExpression(pattern: "<td class=\"([^\"]*)\"[^>]*>(?:<a [^>]*>)?([0-9]+)<")
        for match in pattern.matches(in: page, range: NSRange(page.startIndex..., in: page)) {
            let classes = String(page[Range(match.range(at: 1), in: page)!])
            cells[Int(page[Range(match.range(at: 2), in: page)!])!] = classes
        }
        return cells
    }

    /// The calendar shades a day by how much was written on it, the text too (the files' sizes the snapshot
    /// holds), marks today (the request's clock), and starts its weeks as the reader's calendars do.
    @Test func theCalendarShadesByWhatWasWrittenAndMarksToday() throws {
        let box = try Sandbox()
        #expect(try box.journal("init").status == 0)
        let words = Array(repeating: "river", count: 600).joined(separator: " ")
        _ = try writeEntry(box, 1, day: "2026-11-10", "Short\n\n" + words)
        _ = try writeEntry(box, 2, day: "2026-11-11", String(repeating: "Long title ", count: 18))
        #expect(try box.journal("list").status == 0)
        let server = try serve(box)
        defer { _ = try? box.journal("serve", "--stop") }
        let page = try request(server, "GET", "/calendar?month=2026-11", headers: ["Accept-Language": "en"], cookie: true).body
        let cells = calendarCells(page)
        #expect(cells[10]?.contains("shade5") == true, "\(cells)")
        #expect(cells[11]?.contains("shade1") == true, "\(cells)")
        // Today (JOURNAL_NOW, 22 November) has entries and is marked; no other day is.
        #expect(cells[22]?.split(separator: " ").contains("now") == true, "\(cells)")
        #expect(cells.filter { $0.value.split(separator: " ").contains("now") }.count == 1)
        #expect(page.contains("aria-current=\"date\""))
        // Weeks: Monday first in English, Sunday first in Korean, as `journal list --format calendar` has them.
        #expect(page.contains("<thead><tr><th>Mon</th>"))
        let korean = try request(server, "GET", "/calendar?month=2026-11", headers: ["Accept-Language": "ko"], cookie: true).body
        #expect(korean.contains("<thead><tr><th class=\"sun\">일</th><th>월</th>"), "\(korean)")
        // 1 November 2026 is a Sunday (in red): the first cell of a Korean month, the seventh of an English one.
        #expect(korean.contains("<tbody><tr><td class=\"sun\">1</td>"))
        #expect(page.contains("<tbody><tr>" + String(repeating: "<td></td>", count: 6) + "<td class=\"sun\">1</td>"))
        let terminal = try box.journal("list", "--format", "calendar", env: ["LANG": "ko_KR.UTF-8"])
        #expect(terminal.stdout.contains(" 일 월 화 수 목 금 토"), "\(terminal.stdout)")
    }

    /// A day opened from the calendar is said on the list, with a way back to every day, and stays in the
    /// form that searches; a category named in Korean is the chosen option.
    @Test func theListSaysWhichDayItShowsAndKeepsItsFilters() throws {
        let box = try Sandbox()
        let server = try serve(box)
        defer { _ = try? box.journal("serve", "--stop") }
        let page = try request(server, "GET", "/?on=2026-11-22&q=walk", headers: ["Accept-Language": "en"], cookie: true).body
        #expect(page.contains("<span>Showing Sunday, 2026-11-22</span>"), "\(page)")
        #expect(page.contains("<a class=\"clear\" href=\"\(server.prefix)/?q=walk\">All days</a>"))
        #expect(page.contains("<input type=\"hidden\" name=\"on\" value=\"2026-11-22\">"))
        let korean = try request(server, "GET", "/?on=2026-11-22", headers: ["Accept-Language": "ko"], cookie: true).body
        #expect(korean.contains("2026-11-22 일요일의 일기예요"), "\(korean)")
        let travel = "/?category=" + "여행".addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
        let chosen = try request(server, "GET", travel, headers: ["Accept-Language": "ko"], cookie: true).body
        #expect(chosen.contains("<option value=\"travel\" selected>"), "\(chosen)")
        #expect(chosen.contains("Dinner with Mina") && !chosen.contains("Morning walk"))
    }

    /// The language of a page: the user's setting (read again when the config file changes), else the
    /// browser's most preferred by its q-values.
    @Test func thePagesLanguageFollowsQValuesAndTheSetting() throws {
        let box = try Sandbox()
        let server = try serve(box)
        defer { _ = try? box.journal("serve", "--stop") }
        func language(_ accept: String) throws -> String {
            let page = try request(server, "GET", "/", headers: ["Accept-Language": accept], cookie: true).body
            return page.range(of: "<html lang=\"").map { String(page[$0.upperBound...].prefix(2)) } ?? ""
        }
        #expect(try language("ko;q=0.1, en;q=0.9") == "en")
        #expect(try language("en;q=0.5, ko-KR") == "ko")
        #expect(try language("fr, ko;q=0.8, en;q=0.7") == "ko")
        #expect(try language("ko;q=0, en;q=0.1") == "en")
        #expect(try box.journal("config", "set", "language", "ko").status == 0)
        #expect(try language("en") == "ko")
        #expect(try box.journal("config", "set", "language", "en").status == 0)
        #expect(try language("ko") == "en")
    }

    /// The entry page shows each thing once: a picture the text shows is not listed again, the tags are
    /// the tagger's; its history's dates are the page's own, in its language; the site has an icon.
    @Test func theEntryPageShowsEachThingOnce() throws {
        let box = try Sandbox()
        #expect(try box.journal("init").status == 0)
        let id = try writeEntry(box, 7, day: "2026-11-20", "Harbour\n\nThe boats. ![boats](../../../attachments/00000007-0000-4000-8000-000000000007/boats.png)",
                                header: "tags: [sea]\n")
        try box.write("attachments/\(id)/boats.png", "not really a picture")
        try box.write("attachments/\(id)/notes.txt", "notes")
        #expect(try box.journal("list").status == 0)
        let server = try serve(box)
        defer { _ = try? box.journal("serve", "--stop") }
        let page = try request(server, "GET", "/entry/\(id)", headers: ["Accept-Language": "en"], cookie: true).body
        #expect(page.components(separatedBy: "boats.png\"").count - 1 == 1, "\(page)")
        #expect(page.contains("<ul class=\"files\"><li><a href=\"\(server.prefix)/attachments/\(id)/notes.txt\">notes.txt</a></li></ul>"), "\(page)")
        let facts = try #require(page.range(of: "<p class=\"facts\">").map { String(page[$0.upperBound...]) })
        let factsLine = facts.components(separatedBy: "</p>")[0]
        #expect(!factsLine.contains("#sea"), "\(factsLine)")
        #expect(page.components(separatedBy: "#sea<button").count - 1 == 1)
        let history = try #require(page.range(of: "<ol class=\"history\"").map { String(page[$0.lowerBound...]) })
        #expect(history.contains("\">2026-11-"), "\(history)")
        #expect(!history.contains(">2026-11-20T") && !history.contains("+00:00<"), "\(history)")
        let korean = try request(server, "GET", "/entry/\(id)", headers: ["Accept-Language": "ko"], cookie: true).body
        #expect(korean.contains("\">2026. 11. "), "\(korean)")
        let icon = try request(server, "GET", "/favicon.ico", cookie: true)
        #expect(icon.status == 200 && icon.headers["content-type"] == "image/svg+xml" && icon.body.hasPrefix("<svg"), "\(icon.status)")
        #expect(page.contains("<link rel=\"icon\" href=\"/assets/icon.svg\""))
    }

    /// The pages in a real browser: the list, an entry, the calendar, in English and Korean, light and dark;
    /// each screenshot is kept under .build/screenshots to be looked at.
    @Test func pagesInARealBrowser() throws {
        guard let chromium = try SkipReason.program(["/usr/bin/chromium", "chromium"]) else { return }
        let box = try Sandbox()
        let server = try serve(box)
        defer { _ = try? box.journal("serve", "--stop") }
        let shots = FileManager.default.currentDirectoryPath + "/.build/screenshots"
        try FileManager.default.createDirectory(atPath: shots, withIntermediateDirectories: true)
        func browse(_ path: String, language: String = "en", dark: Bool = false, shot: String? = nil) throws -> String {
            // --timeout: the page's event stream never ends, so the browser would wait for it forever; the
            // outer timeout ends a browser that hangs all the same.
            var arguments = ["60", chromium, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                             "--user-data-dir=\(box.root.path)/chromium", "--lang=\(language)", "--accept-lang=\(language)", "--window-size=412,900", "--timeout=4000"]
            if dark { arguments.append("--force-dark-mode") }
            if let shot { arguments.append("--screenshot=\(shots)/\(shot).png") } else { arguments.append("--dump-dom") }
            arguments.append(server.page + "&next=" + (path.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? path))
            var env = box.environment
            env["LANGUAGE"] = language
            let run = try Sandbox.exec("/usr/bin/timeout", arguments, stdin: nil, env: env, cwd: box.home)
            return run.stdout
        }
        let list = try browse("/")
        #expect(list.contains("Morning walk") && list.contains("Dinner with Mina"))
        #expect(list.contains("class=\"category\""))
        let korean = try browse("/", language: "ko")
        #expect(korean.contains("lang=\"ko\""))
        // A built-in category in the page's language, whatever the server's own.
        #expect(korean.contains("여행</span>") && korean.contains("여행</option>") && !korean.contains("travel</"))
        #expect(list.contains("travel</span>"))
        let travel = try box.journal("list", "--category", "travel", "--json").stdout
        let travelID = try #require((try JSONSerialization.jsonObject(with: Data(travel.utf8)) as? [[String: Any]])?.first?["id"] as? String)
        let entryKorean = try browse("/entry/\(travelID)", language: "ko")
        #expect(entryKorean.contains("\u{2708}\u{FE0F} 여행") && !entryKorean.contains("\u{2708}\u{FE0F} travel"))
        let search = try browse("/?q=kimchi")
        #expect(search.contains("<mark>Kimchi</mark>") && !search.contains("Morning walk"))
        for (name, path, language, dark) in [("list-en-light", "/", "en", false), ("list-ko-dark", "/", "ko", true),
                                             ("calendar-en-light", "/calendar?month=2026-11", "en", false), ("today-ko-light", "/today", "ko", false)] {
            _ = try browse(path, language: language, dark: dark, shot: name)
            let size = (try? FileManager.default.attributesOfItem(atPath: "\(shots)/\(name).png")[.size] as? Int) ?? 0
            #expect(size > 5000, "\(name)")
        }
    }
}
