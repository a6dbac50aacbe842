import Foundation
import Testing

/// `journal serve --listen` off loopback (tested on 127.0.0.2, never a LAN address): HTTPS only, with a
/// certificate the journal makes and keeps (its fingerprint shown) or the user's own; a phone signs in with a
/// one-time code from `journal serve pair` (a few wrong tries, then a pause; a code works once) and stays
/// signed in for 90 days, across restarts of the server and of the browser; a revoked device is signed out.
@Suite(.serialized) struct ServeHTTPSTests {
    let web = ServeWebTests()

    struct Served {
        let port: Int
        let token: String
        var origin: String { "https://127.0.0.2:\(port)" }
    }

    func start(_ box: Sandbox, _ extra: String...) throws -> (Served, Sandbox.Result) {
        if !FileManager.default.fileExists(atPath: box.journal + "/.git") {
            #expect(try box.journal("init").status == 0)
            _ = try box.add("Morning walk\n\nThe river was calm.", "--no-location")
        }
        let started = try box.run(["serve", "--detach", "--listen", "127.0.0.2"] + extra)
        #expect(started.status == 0, "\(started.stderr)")
        let data = try #require(FileManager.default.contents(atPath: box.journal + "/.git/journal/serve.json"))
        let record = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        return (Served(port: try #require((record["port"] as? NSNumber)?.intValue), token: try #require(record["token"] as? String)), started)
    }

    /// curl over HTTPS: `-k` (the test trusts the journal's certificate as the phone's person does, by its fingerprint).
    func curl(_ box: Sandbox, _ arguments: [String]) throws -> (status: Int, headers: String, body: String, exit: Int32) {
        let run = try Sandbox.exec("/usr/bin/curl", ["-s", "-i", "--max-time", "20"] + arguments, stdin: nil, env: box.environment, cwd: box.home)
        let text = run.stdout.replacingOccurrences(of: "\r\n", with: "\n")
        let parts = text.components(separatedBy: "\n\n")
        let head = parts.first ?? ""
        return (Int(head.split(separator: " ").dropFirst().first ?? "") ?? 0, head, parts.dropFirst().joined(separator: "\n\n"), run.status)
    }

    var pin: (Sandbox) throws -> String = { box in
        let data = try #require(FileManager.default.contents(atPath: box.journal + "/.git/journal/tls/certificate.json"))
        let record = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        return try #require(record["pin"] as? String)
    }

    @Test func offLoopbackItIsHTTPSWithItsOwnCertificateAndAPairedPhone() throws {
        let box = try Sandbox()
        defer { _ = try? box.journal("serve", "--stop") }
        let (served, started) = try start(box)
        #expect(started.stdout.contains("Serving at \(served.origin)/"), "\(started.stdout)")
        let log = box.read(".git/journal/serve.log") ?? ""
        let fingerprint = try #require(log.components(separatedBy: "fingerprint is ").dropFirst().first?.prefix(95))
        #expect(fingerprint.split(separator: ":").count == 32, "\(log)")
        let key = try #require(try FileManager.default.attributesOfItem(atPath: box.journal + "/.git/journal/tls/key.pem")[.posixPermissions] as? Int)
        #expect(key == 0o600)
        // HTTPS only: a certificate no one was told to trust is refused, and plain http gets no page.
        #expect(try curl(box, [served.origin + "/api/entries"]).exit == 60)
        #expect(try curl(box, ["http://127.0.0.2:\(served.port)/"]).status == 0)
        #expect(try curl(box, ["-k", "-H", "Authorization: Bearer \(served.token)", served.origin + "/api/entries"]).status == 200)
        let signIn = try curl(box, ["-k", served.origin + "/"])
        #expect(signIn.status == 401 && signIn.body.contains("journal serve pair") && signIn.body.contains("name=\"code\""), "\(signIn.body)")

        // Pairing: no code yet, a wrong one (tries left said), five wrong ones spend it and pause pairing.
        let form = ["-k", "-X", "POST", "-H", "Origin: \(served.origin)", "-H", "Content-Type: application/x-www-form-urlencoded"]
        #expect(try curl(box, form + ["--data", "code=123456", served.origin + "/pair"]).body.contains("No code is waiting"))
        let paired = try box.journal("serve", "pair")
        #expect(paired.status == 0, "\(paired.stderr)")
        let code = try #require(paired.stdout.components(separatedBy: "type the code ").dropFirst().first?.prefix(7))
        #expect(code.count == 7 && code.dropFirst(3).first == " ", "\(paired.stdout)")
        let wrong = String(code) == "000 000" ? "111111" : "000000"
        #expect(try curl(box, form + ["--data", "code=\(wrong)", served.origin + "/pair"]).body.contains("4 tries left"))
        #expect(try curl(box, form + ["-H", "Origin: https://evil.example", "--data", "code=\(code)", served.origin + "/pair"]).status == 403)
        for _ in 0..<4 { _ = try curl(box, form + ["--data", "code=\(wrong)", served.origin + "/pair"]) }
        let spent = try curl(box, form + ["--data", "code=\(code.replacingOccurrences(of: " ", with: "+"))", served.origin + "/pair"])
        #expect(spent.status == 401 && spent.body.contains("wait a minute"), "\(spent.body)")

        // The browser of a phone, trusting this certificate by its key: signs in with a new code.
        guard try SkipReason.program(["/usr/bin/chromium", "chromium"]) != nil else { return }
        box.advanceClock(by: 120)
        _ = try box.journal("serve", "--stop")
        let (again, _) = try start(box)
        #expect(again.port == served.port, "an HTTPS server keeps its port: an installed app's address")
        let browser = try Browser(box, arguments: ["--ignore-certificate-errors-spki-list=\(try pin(box))"])
        try browser.open(again.origin + "/")
        #expect(try browser.text("document.querySelector('h1').textContent") == "Sign in")
        #expect(try browser.evaluate("window.isSecureContext") as? Bool == true)
        let fresh = try box.journal("serve", "pair")
        let newCode = try #require(fresh.stdout.components(separatedBy: "type the code ").dropFirst().first?.prefix(7))
        try browser.focus("#code")
        try browser.type(String(newCode))
        try browser.clickToLoad("form.pair button[type=submit]")
        try browser.waitUntil("document.querySelectorAll('li.entry').length === 1")
        let cookies = try browser.send("Network.getAllCookies")["cookies"] as? [[String: Any]] ?? []
        let session = try #require(cookies.first { ($0["name"] as? String)?.hasPrefix("__Host-journal_") == true })
        #expect(session["secure"] as? Bool == true && session["httpOnly"] as? Bool == true)
        #expect((session["expires"] as? Double ?? 0) > Date().timeIntervalSince1970 + 80 * 86400)
        // The code worked once.
        #expect(try curl(box, form + ["--data", "code=\(newCode)", again.origin + "/pair"]).body.contains("No code is waiting"))
        let devices = try box.journal("serve", "devices")
        #expect(devices.stdout.contains("Chromium on Linux") && devices.stdout.contains("signed in until"), "\(devices.stdout)")

        // Still signed in after the server restarts.
        _ = try box.journal("serve", "--stop")
        let (third, _) = try start(box)
        try browser.open(third.origin + "/today")
        try browser.waitUntil("document.querySelector('header nav') !== null")
        // Revoked: the next request is signed out.
        #expect(try box.journal("serve", "revoke", "chromium").status == 0)
        try browser.open(third.origin + "/")
        #expect(try browser.text("document.querySelector('h1').textContent") == "Sign in")
    }

    @Test func theUsersOwnCertificateAndBadOnesAreSaidInOneLine() throws {
        let box = try Sandbox()
        defer { _ = try? box.journal("serve", "--stop") }
        let (_, _) = try start(box)
        _ = try box.journal("serve", "--stop")
        // The journal's own certificate, copied out, stands in for the user's.
        let cert = box.root.path + "/mine.crt"
        let key = box.root.path + "/mine.key"
        try FileManager.default.copyItem(atPath: box.journal + "/.git/journal/tls/certificate.pem", toPath: cert)
        try FileManager.default.copyItem(atPath: box.journal + "/.git/journal/tls/key.pem", toPath: key)
        let (served, started) = try start(box, "--tls-cert", cert, "--tls-key", key)
        #expect(started.status == 0)
        #expect((box.read(".git/journal/serve.log") ?? "").contains("HTTPS with your certificate (SHA-256 fingerprint "))
        #expect(try curl(box, ["-k", "-H", "Authorization: Bearer \(served.token)", served.origin + "/api/entries"]).status == 200)
        _ = try box.journal("serve", "--stop")

        let lonely = try box.journal("serve", "--listen", "127.0.0.2", "--tls-cert", cert)
        #expect(lonely.status == 64 && lonely.stderr.contains("--tls-cert and --tls-key go together"), "\(lonely.stderr)")
        let missing = try box.journal("serve", "--listen", "127.0.0.2", "--tls-cert", cert, "--tls-key", box.root.path + "/nowhere.key")
        #expect(missing.status == 64 && missing.stderr.contains("cannot read \(box.root.path)/nowhere.key"), "\(missing.stderr)")
        let proxy = try box.journal("serve", "--behind-proxy", "--listen", "127.0.0.2")
        #expect(proxy.status == 64 && proxy.stderr.contains("--behind-proxy serves plain http on loopback"))
        // A key that is not the certificate's.
        try "-----BEGIN PRIVATE KEY-----\nMIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgq1Gz0iH0oBr0FJ6KOqGD1x9l8s3LU5cq8w1pGk7ZShKhRANCAATwS0gB2Nq7ZhS8f2z4x2zAxLGQxRLsDmM5A3Q3TMC7VdWFsP0aMq2w3Zl1z6N6r7F+8ZvW2Qn6QmQ8e1bJ5y2s\n-----END PRIVATE KEY-----\n"
            .writeReplacing(toFile: key)
        let mismatched = try box.journal("serve", "--listen", "127.0.0.2", "--tls-cert", cert, "--tls-key", key)
        #expect(mismatched.status == 1 && mismatched.stderr.hasPrefix("journal: cannot serve HTTPS with \(cert): "), "\(mismatched.stderr)")
        #expect(box.read(".git/journal/serve.json") == nil)
    }

    /// Behind a reverse proxy (plain http on loopback): the proxy's forwarded host is the address, the cookie
    /// is one a browser keeps for HTTPS, and a page's Origin must be that address.
    @Test func behindAProxyTheForwardedHostIsTheAddress() throws {
        let box = try Sandbox()
        #expect(try box.journal("init").status == 0)
        let started = try box.journal("serve", "--detach", "--behind-proxy")
        #expect(started.status == 0, "\(started.stderr)")
        defer { _ = try? box.journal("serve", "--stop") }
        let data = try #require(FileManager.default.contents(atPath: box.journal + "/.git/journal/serve.json"))
        let record = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let port = try #require((record["port"] as? NSNumber)?.intValue)
        let base = "http://127.0.0.1:\(port)"
        let forwarded = ["-H", "X-Forwarded-Host: journal.example", "-H", "X-Forwarded-Proto: https"]
        let signIn = try curl(box, forwarded + [base + "/"])
        #expect(signIn.status == 401 && signIn.body.contains("journal serve pair"))
        let paired = try box.journal("serve", "pair")
        #expect(paired.status == 0, "\(paired.stderr)")
        let code = try #require(paired.stdout.components(separatedBy: "type the code ").dropFirst().first?.prefix(7))
        let form = forwarded + ["-X", "POST", "-H", "Content-Type: application/x-www-form-urlencoded", "--data", "code=\(code)"]
        #expect(try curl(box, form + ["-H", "Origin: http://journal.example", base + "/pair"]).status == 403)
        let ok = try curl(box, form + ["-H", "Origin: https://journal.example", base + "/pair"])
        #expect(ok.status == 303, "\(ok.headers)")
        #expect(ok.headers.contains("Set-Cookie: __Host-journal_\(port)=") && ok.headers.contains("; Secure; HttpOnly; SameSite=Lax"), "\(ok.headers)")
    }
}
