import Foundation
import Testing

/// Symbolic links that arrive with a `git pull` (a synced peer's files are untrusted): no command and no page
/// reads through one, none copies what one names into a commit, and none walks into a loop of them.
extension ServeWebTests {
    /// A link made to look like an entry, naming a secret outside the journal, committed as a pull leaves it.
    @Test func aLinkedEntryIsNeverReadNorCommittedAsAFile() throws {
        let box = try Sandbox()
        #expect(try box.journal("init").status == 0)
        _ = try box.add("First entry")
        try "TOPSECRET-KEY\n".writeReplacing(toFile: box.root.path + "/secret.txt")
        try FileManager.default.createDirectory(atPath: box.journal + "/entries/2026/11", withIntermediateDirectories: true)
        let link = "entries/2026/11/2026-11-21-more.md"
        try FileManager.default.createSymbolicLink(atPath: box.journal + "/" + link, withDestinationPath: "../../../../../secret.txt")
        #expect(FileManager.default.contents(atPath: box.journal + "/" + link) != nil)  // the link does lead to it
        // And one that names nothing: to git a file like any other.
        try FileManager.default.createSymbolicLink(atPath: box.journal + "/entries/2026/11/2026-11-22-gone.md", withDestinationPath: "../nowhere.md")
        _ = try box.git("add", "-A")
        _ = try box.git("commit", "-q", "-m", "from a peer")
        let before = try commits(box)
        for arguments in [["list", "--json"], ["list", "--preview"], ["search", "TOPSECRET"], ["today"]] {
            let result = try box.run(arguments)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            #expect(!result.stdout.contains("TOPSECRET") && !result.stderr.contains("TOPSECRET"), "\(arguments)")
        }
        // Nothing to commit: to git the link is its text, unchanged.
        #expect(try commits(box) == before)
        #expect(try box.git("status", "--porcelain").isEmpty)
        #expect(try box.git("ls-tree", "HEAD", link).hasPrefix("120000 "))
        // doctor names them, so that an entry missing from the lists is explained (weather: a closed local port).
        var offline: [String: String] = [:]
        for name in ["JOURNAL_WEATHER_URL", "JOURNAL_WEATHER_ARCHIVE_URL", "JOURNAL_GEOCODING_URL", "JOURNAL_OPEN_METEO_URL"] {
            offline[name] = "http://127.0.0.1:9/v1/x"
        }
        let doctor = try box.run(["doctor"], env: offline)
        #expect(doctor.status == 1)
        #expect(doctor.stdout.contains("PROBLEM  links: 2 symbolic links in the journal are not read (journal follows none): "
                                       + "entries/2026/11/2026-11-21-more.md, entries/2026/11/2026-11-22-gone.md\n"), "\(doctor.stdout)")
        #expect(!doctor.stdout.contains("TOPSECRET"))
        #expect(try commits(box) == before)
        // journal.yml made a link (it arrives by sync too): refused, saying so, until it is a file again.
        let settings = box.journal + "/journal.yml"
        try FileManager.default.moveItem(atPath: settings, toPath: box.root.path + "/settings.yml")
        try FileManager.default.createSymbolicLink(atPath: settings, withDestinationPath: "../../settings.yml")
        let linked = try box.journal("list")
        #expect(linked.status != 0)
        #expect(linked.stderr == "journal: cannot read \(settings): a symbolic link, which journal does not follow inside a journal\n", "\(linked.stderr)")
        try FileManager.default.removeItem(atPath: settings)
        try FileManager.default.moveItem(atPath: box.root.path + "/settings.yml", toPath: settings)
        let server = try serve(box)
        defer { _ = try? box.journal("serve", "--stop") }
        for path in ["/", "/api/entries", "/api/entries?q=TOPSECRET", "/today"] {
            let answer = try request(server, "GET", path, cookie: true)
            #expect(answer.status == 200, "\(path)")
            #expect(!answer.body.contains("TOPSECRET"), "\(path)")
        }
        #expect(try box.git("ls-tree", "HEAD", link).hasPrefix("120000 "))
    }

    /// An entry's files served and listed only as plain files of its own folder: a link in it (relative, to the
    /// journal's own `.git`, absolute, to a device, in a loop) or a linked folder is neither served nor listed,
    /// and reading the journal neither reads a device nor walks a loop.
    @Test func anEntrysFilesNeverLeaveItsFolderThroughALink() throws {
        let box = try Sandbox()
        #expect(try box.journal("init").status == 0)
        _ = try box.add("With files")
        _ = try box.add("Linked folder")
        let listed = try JSONSerialization.jsonObject(with: Data(try box.journal("list", "--json").stdout.utf8)) as? [[String: Any]]
        let ids = try #require(listed?.compactMap { $0["id"] as? String })
        try #require(ids.count == 2)
        let (id, other) = (ids[1], ids[0])
        let folder = box.journal + "/attachments/" + id
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try "plain file\n".writeReplacing(toFile: folder + "/real.txt")
        try "TOPSECRET-KEY\n".writeReplacing(toFile: box.root.path + "/secret.txt")
        try FileManager.default.createDirectory(atPath: box.root.path + "/private", withIntermediateDirectories: true)
        try "TOPSECRET-FOLDER\n".writeReplacing(toFile: box.root.path + "/private/id_rsa.txt")
        let links = ["key.txt": "../../../../secret.txt", "config.txt": "../../.git/config", "abs.txt": box.root.path + "/secret.txt",
                     "zero.txt": "/dev/zero", "a": ".", "b": "."]
        for (name, target) in links { try FileManager.default.createSymbolicLink(atPath: folder + "/" + name, withDestinationPath: target) }
        try FileManager.default.createSymbolicLink(atPath: box.journal + "/attachments/" + other, withDestinationPath: box.root.path + "/private")
        #expect(FileManager.default.contents(atPath: folder + "/key.txt") != nil)  // the relative link does lead out
        // The command line reads the journal (and commits the new files) without reading /dev/zero or looping.
        let list = try box.journal("list")
        #expect(list.status == 0, "\(list.stderr)")
        let server = try serve(box)
        defer { _ = try? box.journal("serve", "--stop") }
        let real = try request(server, "GET", "/attachments/\(id)/real.txt", cookie: true)
        #expect(real.status == 200 && real.body == "plain file\n")
        for path in ["\(id)/key.txt", "\(id)/config.txt", "\(id)/abs.txt", "\(id)/zero.txt", "\(id)/a/real.txt", "\(id)/a/b/a/key.txt",
                     "\(other)/id_rsa.txt"] {
            let answer = try request(server, "GET", "/attachments/" + path, cookie: true)
            #expect(answer.status == 404, "\(path)")
            #expect(!answer.body.contains("TOPSECRET") && !answer.body.contains("[core]"), "\(path)")
        }
        let page = try request(server, "GET", "/entry/\(id)", cookie: true)
        #expect(page.status == 200)
        #expect(page.body.contains("real.txt") && !page.body.contains("key.txt") && !page.body.contains("zero.txt"))
        let linkedPage = try request(server, "GET", "/entry/\(other)", cookie: true)
        #expect(linkedPage.status == 200 && !linkedPage.body.contains("id_rsa"))
        let shared = try request(server, "GET", "/api/entries/\(id)/share?format=text", cookie: true)
        #expect(!shared.body.contains("key.txt") && !shared.body.contains("TOPSECRET"))
    }

    /// `attachments/` itself a link (a remote can bring one): nothing is served or listed through it.
    @Test func aLinkedAttachmentsFolderIsNotFollowed() throws {
        let box = try Sandbox()
        #expect(try box.journal("init").status == 0)
        let id = try box.add("With a linked folder")
        let elsewhere = box.root.path + "/elsewhere"
        try FileManager.default.createDirectory(atPath: elsewhere + "/" + id, withIntermediateDirectories: true)
        try "TOPSECRET-ELSEWHERE\n".writeReplacing(toFile: elsewhere + "/\(id)/notes.txt")
        try FileManager.default.createSymbolicLink(atPath: box.journal + "/attachments", withDestinationPath: elsewhere)
        let server = try serve(box)
        defer { _ = try? box.journal("serve", "--stop") }
        let answer = try request(server, "GET", "/attachments/\(id)/notes.txt", cookie: true)
        #expect(answer.status == 404 && !answer.body.contains("TOPSECRET"), "\(answer.status)")
        let page = try request(server, "GET", "/entry/\(id)", cookie: true)
        #expect(page.status == 200 && !page.body.contains("notes.txt"))
        #expect(!(try box.journal("show", id).stdout.contains("notes.txt")))
    }

    /// A folder named with a line break does not add an event of its own to an open page's stream.
    @Test func aFolderNameCannotWriteIntoTheEventStream() throws {
        let box = try Sandbox()
        let server = try serve(box)
        defer { _ = try? box.journal("serve", "--stop") }
        let events = try EventStream.hearing("Written by hand\n", writtenAt: "entries/2026/x\nevent: injected\ndata: {}\n/by-hand.md", server)
        defer { events.stop() }
        #expect(!events.seen.contains("\nevent: injected"), "\(events.seen)")
        let data = try #require(events.seen.split(separator: "\n").first { $0.hasPrefix("data: ") && $0.contains("folders") })
        #expect((try? JSONSerialization.jsonObject(with: Data(data.dropFirst(6).utf8))) != nil, "\(data)")
    }
}
