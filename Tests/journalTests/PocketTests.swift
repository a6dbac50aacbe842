import Foundation
import Testing

/// The diary in the pocket (issue 48 §3–§5), as a phone uses it, in Chromium with a phone's screen, touch and
/// user agent, over the HTTPS the journal serves on 127.0.0.2: installable; readable with no connection; an
/// entry written with no connection waits on the phone, survives a reload, and is committed exactly once when
/// the server answers again, with the time it was written; a photo is uploaded, its EXIF date and place offered
/// and taken; sharing falls back to the clipboard; the server syncs by itself.
@Suite(.serialized) struct PocketTests {
    let https = ServeHTTPSTests()

    /// A phone's browser paired with the journal served over HTTPS on 127.0.0.2.
    func pairedPhone(_ box: Sandbox) throws -> (ServeHTTPSTests.Served, Browser)? {
        guard try SkipReason.program(["/usr/bin/chromium", "chromium"]) != nil else { return nil }
        let (served, _) = try https.start(box)
        let browser = try Browser(box, arguments: ["--ignore-certificate-errors-spki-list=\(try https.pin(box))"])
        try PocketTests.emulatePhone(browser)
        try browser.open(served.origin + "/")
        let paired = try box.journal("serve", "pair")
        let code = try #require(paired.stdout.components(separatedBy: "type the code ").dropFirst().first?.prefix(7))
        try browser.focus("#code")
        try browser.type(String(code))
        try browser.clickToLoad("form.pair button[type=submit]")
        try browser.waitUntil("document.querySelector('header nav') !== null")
        return (served, browser)
    }

    /// 390×844 at three device pixels a point, touch, and a phone's user agent.
    static func emulatePhone(_ browser: Browser, language: String = "en") throws {
        _ = try browser.send("Emulation.setDeviceMetricsOverride", ["width": 390, "height": 844, "deviceScaleFactor": 3, "mobile": true])
        _ = try browser.send("Emulation.setTouchEmulationEnabled", ["enabled": true, "maxTouchPoints": 5])
        _ = try browser.send("Emulation.setUserAgentOverride", [
            "userAgent": "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36",
            "acceptLanguage": language,
        ])
    }

    func commits(_ box: Sandbox) throws -> Int {
        Int(try box.git("rev-list", "--count", "HEAD").trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
    }

    @Test func installableReadableOfflineAndAnOfflineEntryIsCommittedOnce() throws {
        let box = try Sandbox()
        defer { _ = try? box.journal("serve", "--stop") }
        guard let (served, browser) = try pairedPhone(box) else { return }
        // Installable: the manifest, its PNG icons, a secure origin.
        let errors = try browser.send("Page.getInstallabilityErrors")["installabilityErrors"] as? [[String: Any]] ?? []
        #expect(errors.isEmpty, "\(errors)")
        let manifest = try #require(try browser.evaluate("fetch(document.querySelector('link[rel=manifest]').href).then(r => r.json())") as? [String: Any])
        #expect(manifest["display"] as? String == "standalone")
        #expect((manifest["icons"] as? [[String: Any]])?.contains { $0["sizes"] as? String == "512x512" } == true)
        // The service worker keeps the recent entries readable.
        try browser.waitUntil("navigator.serviceWorker.controller !== null || (location.reload(), false)", timeout: 30)
        let id = try #require(try https.curlJSON(box, served, "/api/entries?n=1").first?["id"] as? String)
        try browser.waitUntil("caches.open('journal-pages').then(c => c.match(location.origin + '/entry/\(id)')).then(r => !!r)", timeout: 30)

        // No connection: the server is gone.
        #expect(try box.journal("serve", "--stop").status == 0)
        try browser.open(served.origin + "/entry/" + id)
        try browser.waitUntil("document.querySelector('article.entry h1') !== null", show: "caches.keys().then(names => Promise.all(names.map(n => caches.open(n).then(c => c.keys()).then(k => n + ': ' + k.map(r => r.url).join(' '))))).then(a => a.join(' || '))")
        #expect(try browser.text("document.querySelector('article.entry h1').textContent") == "Morning walk")
        try browser.screenshot(ServeBrowserTests.shots + "/pocket-offline-entry-en.png")
        try browser.open(served.origin + "/new")
        try browser.focus("#editor textarea")
        try browser.type("Written on the bus\n\nNo signal in the tunnel.")
        try browser.click("#editor button[type=submit]")
        try browser.waitUntil("!document.getElementById('outbox').classList.contains('hidden')")
        #expect(try browser.text("document.getElementById('outbox').textContent").contains("1 waiting"))
        // A reload keeps it (and the page itself comes from the phone).
        try browser.open(served.origin + "/")
        try browser.waitUntil("document.getElementById('outbox').textContent.includes('1 waiting')")
        try browser.screenshot(ServeBrowserTests.shots + "/pocket-waiting-en.png")
        let before = try commits(box)

        // The server answers again: sent, committed once, dated when it was written.
        let (again, _) = try https.start(box)
        #expect(again.port == served.port)
        try browser.open(served.origin + "/")
        try browser.waitUntil("fetch(location.origin + '/api/entries?q=tunnel').then(r => r.json()).then(found => found.length === 1)", timeout: 40)
        try browser.waitUntil("document.getElementById('outbox').classList.contains('hidden')")
        // (The entry's file is seen by the server as it is written, a moment before its commit.)
        #expect(GitServers.poll(timeout: 20) { ((try? commits(box)) ?? 0) > before })
        let after = try commits(box)
        let log = try box.git("log", "--format=%s", "-5")
        #expect(after == before + 1, "\(before) commits, then \(after): \(log)")
        let written = try #require(try https.curlJSON(box, again, "/api/entries?q=tunnel").first)
        #expect(written["title"] as? String == "Written on the bus")
        #expect(try box.git("log", "-1", "--format=%s").hasPrefix("Add \"Written on the bus\""))
    }

    @Test func aPhotosDateAndPlaceAreOfferedAndItIsUploaded() throws {
        let box = try Sandbox()
        defer { _ = try? box.journal("serve", "--stop") }
        guard let (served, browser) = try pairedPhone(box) else { return }
        let photo = box.root.path + "/IMG_0001.jpg"
        try Data(JPEGFixture.withExif(when: "2024:05:17 14:03:22", latitude: 37.5512, longitude: 126.9882)).write(to: URL(fileURLWithPath: photo))
        try browser.open(served.origin + "/new")
        try browser.focus("#editor textarea")
        try browser.type("Namsan in spring")
        let node = try #require(try browser.send("Runtime.evaluate", ["expression": "document.querySelector('#editor input[name=photos]')"])["result"] as? [String: Any])
        _ = try browser.send("DOM.setFileInputFiles", ["objectId": try #require(node["objectId"] as? String), "files": [photo]])
        try browser.waitUntil("document.querySelectorAll('.offers button').length === 2")
        #expect(try browser.text("document.querySelector('.offers').textContent").contains("Taken 2024-05-17 14:03"))
        try browser.screenshot(ServeBrowserTests.shots + "/pocket-photo-offer-en.png")
        for button in 0..<2 { _ = try browser.evaluate("document.querySelectorAll('.offers button')[\(button)].click()") }
        try browser.click("#editor button[type=submit]")
        try browser.waitUntil("location.pathname.includes('/entry/') && document.querySelector('.text img') !== null", timeout: 30)
        let entry = try #require(try https.curlJSON(box, served, "/api/entries?q=Namsan").first)
        #expect((entry["created_at"] as? String)?.hasPrefix("2024-05-17T14:03:22") == true, "\(entry)")
        let location = try #require(entry["location"] as? [String: Any])
        #expect(abs((location["latitude"] as? Double ?? 0) - 37.5512) < 0.001)
        let files = FileManager.default.enumerator(atPath: box.journal + "/attachments")?.allObjects as? [String] ?? []
        #expect(files.contains { $0.hasSuffix("/IMG_0001.jpg") }, "\(files)")
        try box.expectCleanRepository()

        // Sharing: no share sheet in this browser, so the clipboard; no error of the browser's on the page.
        _ = try browser.send("Browser.grantPermissions", ["permissions": ["clipboardReadWrite", "clipboardSanitizedWrite"]], inSession: false)
        try browser.click("button[data-action=share][data-format=text]")
        try browser.waitUntil("document.querySelector('.notice') !== null || document.querySelector('dialog.copy') !== null")
        #expect(!(try browser.text("document.body.innerText")).contains("TypeError"))
        // (The text shown to be copied by hand, when the clipboard was refused, is closed as a person closes it.)
        if try browser.evaluate("document.querySelector('dialog.copy') !== null") as? Bool == true { try browser.click("dialog.copy button") }
        // With a share sheet (as a phone has), it is used.
        _ = try browser.evaluate("navigator.share = async (data) => { window.shared = data; }; 1")
        try browser.click("button[data-action=share][data-format=text]")
        try browser.waitUntil("window.shared !== undefined")
        #expect(try browser.text("window.shared.text").contains("Namsan in spring"))
    }

    /// A phone that guesses codes is stopped after five (the right code then opens nothing until a new one is
    /// asked for), in the sign-in page a phone sees (looked at, checked by axe-core, in both languages); a
    /// paired phone that is revoked is signed out at its next request, and forgets what it kept of the journal.
    @Test func aGuessedCodeIsStoppedAndARevokedPhoneForgetsTheJournal() throws {
        let box = try Sandbox()
        defer { _ = try? box.journal("serve", "--stop") }
        guard let axe = try Browser.axeCore() else { return }
        guard try SkipReason.program(["/usr/bin/chromium", "chromium"]) != nil else { return }
        let (served, _) = try https.start(box)
        let phone = try Browser(box, arguments: ["--ignore-certificate-errors-spki-list=\(try https.pin(box))"])
        for language in ["ko", "en"] {
            try PocketTests.emulatePhone(phone, language: language)
            try phone.open(served.origin + "/")
            #expect(try phone.text("document.documentElement.lang") == language)
            for scheme in ["light", "dark"] {
                try phone.send("Emulation.setEmulatedMedia", ["features": [["name": "prefers-color-scheme", "value": scheme]]])
                try phone.screenshot(ServeBrowserTests.shots + "/pocket-sign-in-\(language)-\(scheme).png")
                let violations = try phone.accessibilityViolations(axe)
                #expect(violations.isEmpty, "sign-in, \(language), \(scheme): \(violations.joined(separator: "; "))")
            }
        }
        try phone.send("Emulation.setEmulatedMedia", ["features": [["name": "prefers-color-scheme", "value": "light"]]])

        // Guessing: each wrong code says how many tries are left; the fifth spends the code.
        let code = try #require(try box.journal("serve", "pair").stdout.components(separatedBy: "type the code ").dropFirst().first?.prefix(7))
        let wrong = String(code) == "000 000" ? "111 111" : "000 000"
        for left in (0..<5).reversed() {
            try phone.focus("#code")
            try phone.type(wrong)
            try phone.clickToLoad("form.pair button[type=submit]")
            let said = try phone.text("document.querySelector('main').innerText")
            #expect(said.contains(left > 0 ? "\(left) tries left" : "the code is spent"), "\(said)")
        }
        try phone.screenshot(ServeBrowserTests.shots + "/pocket-sign-in-spent-en.png")
        try phone.focus("#code")
        try phone.type(String(code))
        try phone.clickToLoad("form.pair button[type=submit]")
        #expect(try phone.text("document.querySelector('main').innerText").contains("wait a minute"))
        #expect(try phone.text("document.querySelector('h1').textContent") == "Sign in")
        #expect(!(try box.journal("serve", "devices").stdout.contains("Android")))

        // A minute later, a new code signs the phone in; its pages and entries are kept for offline.
        box.advanceClock(by: 120)
        _ = try box.journal("serve", "--stop")
        let (again, _) = try https.start(box)
        let fresh = try #require(try box.journal("serve", "pair").stdout.components(separatedBy: "type the code ").dropFirst().first?.prefix(7))
        try phone.open(again.origin + "/")
        try phone.focus("#code")
        try phone.type(String(fresh))
        try phone.clickToLoad("form.pair button[type=submit]")
        try phone.waitUntil("document.querySelectorAll('li.entry').length === 1")
        let devices = try box.journal("serve", "devices").stdout
        #expect(devices.contains("Chrome on Android"), "\(devices)")
        try phone.waitUntil("navigator.serviceWorker.controller !== null || (location.reload(), false)", timeout: 30)
        let id = try #require(try https.curlJSON(box, again, "/api/entries?n=1").first?["id"] as? String)
        try phone.waitUntil("caches.open('journal-pages').then(c => c.match(location.origin + '/entry/\(id)')).then(r => !!r)", timeout: 30)

        // Revoked: the next request is the sign-in page, and the phone keeps nothing of the journal.
        #expect(try box.journal("serve", "revoke", "Chrome on Android").status == 0)
        try phone.open(again.origin + "/entry/" + id)
        #expect(try phone.text("document.querySelector('h1').textContent") == "Sign in")
        try phone.waitUntil("caches.keys().then(names => Promise.all(names.map(n => caches.open(n).then(c => c.keys())))).then(all => all.every(keys => keys.every(r => !r.url.includes('/entry/'))))", timeout: 20)
        // With no connection, it has nothing of the entry to show.
        _ = try box.journal("serve", "--stop")
        try phone.open(again.origin + "/entry/" + id)
        #expect(!(try phone.text("document.body.innerText")).contains("The river was calm"))
    }

    @Test func aPhotoOverTheLimitIsRefusedAndNothingIsWritten() throws {
        let box = try Sandbox()
        defer { _ = try? box.journal("serve", "--stop") }
        #expect(try box.journal("init").status == 0)
        let id = try box.add("With a big photo", "--no-location")
        let (served, _) = try https.start(box)
        let big = box.root.path + "/big.jpg"
        FileManager.default.createFile(atPath: big, contents: Data(count: (25 << 20) + 1))
        let before = try commits(box)
        let refused = try https.curl(box, ["-k", "-X", "POST", "-H", "Authorization: Bearer \(served.token)", "--data-binary", "@" + big,
                                           served.origin + "/api/entries/\(id)/attachments?name=big.jpg"])
        #expect(refused.status == 413 && refused.body.contains("big.jpg is larger than 25 MiB: not added"), "\(refused.body)")
        #expect(try commits(box) == before)
        #expect(!FileManager.default.fileExists(atPath: box.journal + "/attachments"))
        // An upload sent twice with its key is one file, one commit.
        let small = box.root.path + "/small.jpg"
        try Data(JPEGFixture.withExif(when: "2024:01:01 09:00:00", latitude: 0, longitude: 0)).write(to: URL(fileURLWithPath: small))
        for _ in 0..<2 {
            let sent = try https.curl(box, ["-k", "-X", "POST", "-H", "Authorization: Bearer \(served.token)", "-H", "Idempotency-Key: photo-key-0001",
                                            "--data-binary", "@" + small, served.origin + "/api/entries/\(id)/attachments?name=small.jpg"])
            #expect(sent.status == 201 || sent.status == 200, "\(sent.body)")
        }
        #expect(try commits(box) == before + 1)
        let files = FileManager.default.enumerator(atPath: box.journal + "/attachments")?.allObjects as? [String] ?? []
        #expect(files.filter { $0.hasSuffix(".jpg") }.count == 1, "\(files)")
    }

    /// `serve.sync`: the server syncs by itself; an entry added on another machine shows up on its pages.
    @Test func theServerSyncsByItself() throws {
        let peers = try Peers(["hub", "laptop"])
        let box = peers.box
        #expect(try box.journal("config", "set", "serve.sync", "10s").status == 0)
        #expect(try box.journal("config", "set", "serve.sync", "1s").status == 1)
        let started = try peers.run("hub", "serve", "--detach")
        #expect(started.status == 0, "\(started.stderr)")
        defer { _ = try? peers.run("hub", "serve", "--stop") }
        try peers.add("laptop", "Written on the laptop")
        try peers.sync("laptop")
        let data = try #require(FileManager.default.contents(atPath: peers.path("hub") + "/.git/journal/serve.json"))
        let record = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let token = try #require(record["token"] as? String)
        let port = try #require((record["port"] as? NSNumber)?.intValue)
        func status() throws -> [String: Any] {
            let run = try Sandbox.exec("/usr/bin/curl", ["-s", "-H", "Authorization: Bearer \(token)", "http://127.0.0.1:\(port)/api/sync"],
                                       stdin: nil, env: box.environment, cwd: box.home)
            return (try? JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]) ?? [:]
        }
        #expect(GitServers.poll(timeout: 60) { (try? peers.entryFiles("hub"))?.contains { peers.read("hub", $0)?.contains("Written on the laptop") == true } == true })
        // (The entry's file arrives a moment before the sync that brought it is over.)
        #expect(GitServers.poll(timeout: 20) { (try? status())?["last"] != nil })
        #expect(try status()["remote"] as? String == "origin")
        // A change made at home is sent shortly after it settles.
        try peers.add("hub", "Written at home")
        #expect(GitServers.poll(timeout: 90) {
            _ = try? peers.run("laptop", "sync")
            return (try? peers.entryFiles("laptop"))?.contains { peers.read("laptop", $0)?.contains("Written at home") == true } == true
        })
    }
}

extension ServeHTTPSTests {
    func curlJSON(_ box: Sandbox, _ served: Served, _ path: String) throws -> [[String: Any]] {
        let run = try Sandbox.exec("/usr/bin/curl", ["-s", "-k", "-H", "Authorization: Bearer \(served.token)", served.origin + path],
                                   stdin: nil, env: box.environment, cwd: box.home)
        return (try? JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]]) ?? []
    }
}

/// A small JPEG (1×1 grey, decodable) carrying EXIF DateTimeOriginal and a GPS position, made by hand.
enum JPEGFixture {
    static let tiny: [UInt8] = hex("ffd8") + hex("ffdb004300") + Array(repeating: 1, count: 64) + hex("ffc0000b080001000101011100")
        + hex("ffc400140001") + Array(repeating: 0, count: 16) + hex("ffc400141001") + Array(repeating: 0, count: 16)
        + hex("ffda0008010100003f00") + hex("3f") + hex("ffd9")

    static func hex(_ text: String) -> [UInt8] {
        stride(from: 0, to: text.count, by: 2).map { UInt8(text.dropFirst($0).prefix(2), radix: 16) ?? 0 }
    }

    static func withExif(when: String, latitude: Double, longitude: Double) -> [UInt8] {
        func u16(_ v: Int) -> [UInt8] { [UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        func u32(_ v: Int) -> [UInt8] { [UInt8(v >> 24 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        func rationals(_ x: Double) -> [UInt8] {
            let x = abs(x), d = Int(x), m = Int((x - Double(d)) * 60)
            let s = Int((((x - Double(d)) * 60 - Double(m)) * 60 * 1000).rounded())
            return u32(d) + u32(1) + u32(m) + u32(1) + u32(s) + u32(1000)
        }
        func entry(_ tag: Int, _ type: Int, _ count: Int, _ value: [UInt8]) -> [UInt8] { u16(tag) + u16(type) + u32(count) + value }
        let ifd0 = 8, exif = 8 + 2 + 2 * 12 + 4
        let gps = exif + 2 + 12 + 4
        let data = gps + 2 + 5 * 12 + 4
        let date = Array(when.utf8) + [0]
        let latAt = data + date.count, lonAt = latAt + 24
        var tiff: [UInt8] = Array("MM".utf8) + u16(42) + u32(ifd0)
        tiff += u16(2) + entry(0x8769, 4, 1, u32(exif)) + entry(0x8825, 4, 1, u32(gps)) + u32(0)
        tiff += u16(1) + entry(0x9003, 2, date.count, u32(data)) + u32(0)
        tiff += u16(5) + entry(0, 1, 4, [2, 3, 0, 0]) + entry(1, 2, 2, Array((latitude >= 0 ? "N" : "S").utf8) + [0, 0, 0])
            + entry(2, 5, 3, u32(latAt)) + entry(3, 2, 2, Array((longitude >= 0 ? "E" : "W").utf8) + [0, 0, 0]) + entry(4, 5, 3, u32(lonAt)) + u32(0)
        tiff += date + rationals(latitude) + rationals(longitude)
        let body = Array("Exif".utf8) + [0, 0] + tiff
        return Array(tiny.prefix(2)) + [0xFF, 0xE1] + u16(body.count + 2) + body + Array(tiny.dropFirst(2))
    }
}
