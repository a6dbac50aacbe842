import Foundation
import Testing

/// `journal attach`: files copied into attachments/<id>/, linked from the entry, one commit; shown by `show`,
/// named by `share`, taken by `rm` and brought back by `restore`.
@Suite struct AttachTests {
    /// A sandbox with one entry; returns its short id, full id and path.
    private func setUp(_ box: Sandbox) throws -> (short: String, id: String, path: String) {
        try box.journal("init")
        let short = try box.add("Harbour walk")
        let full = try #require(try JSONSerialization.jsonObject(with: Data(try box.journal("show", "--json", short).stdout.utf8)) as? [String: Any])
        let id = try #require(full["id"] as? String)
        let path = try #require(box.entryFiles().first)
        return (short, id, path)
    }

    private func outside(_ box: Sandbox, _ name: String, _ bytes: String) throws -> String {
        let folder = box.root.path + "/files"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Data(bytes.utf8).write(to: URL(fileURLWithPath: folder + "/" + name))
        return folder + "/" + name
    }

    @Test func attachCopiesLinksAndCommitsOnce() throws {
        let box = try Sandbox()
        let entry = try setUp(box)
        let photo = try outside(box, "photo.jpg", "jpeg bytes")
        let ticket = try outside(box, "train ticket.pdf", "pdf bytes")
        let before = try box.commitSubjects().count

        let result = try box.journal("attach", entry.short, photo, ticket)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "Attached photo.jpg, train ticket.pdf to \(entry.short)\n")
        #expect(box.read("attachments/\(entry.id)/photo.jpg") == "jpeg bytes")
        #expect(box.read("attachments/\(entry.id)/train ticket.pdf") == "pdf bytes")
        let text = try #require(box.read(entry.path))
        #expect(text.hasSuffix("Harbour walk\n\n![photo.jpg](../../../attachments/\(entry.id)/photo.jpg)\n"
            + "[train ticket.pdf](../../../attachments/\(entry.id)/train%20ticket.pdf)\n"))
        // The relative link resolves from the entry's folder.
        let folder = URL(fileURLWithPath: box.journal + "/" + entry.path).deletingLastPathComponent()
        let linked = URL(fileURLWithPath: "../../../attachments/\(entry.id)/photo.jpg", relativeTo: folder).standardizedFileURL.path
        #expect(FileManager.default.contents(atPath: linked) == Data("jpeg bytes".utf8))

        let subjects = try box.commitSubjects()
        #expect(subjects.count == before + 1)
        #expect(subjects.first == "Attach photo.jpg, train ticket.pdf to \"Harbour walk\" (\(entry.short))")
        #expect(try box.git("show", "--name-only", "--format=", "HEAD")
            == "attachments/\(entry.id)/photo.jpg\nattachments/\(entry.id)/train ticket.pdf\n\(entry.path)\n")
        try box.expectCleanRepository()
    }

    /// One file, staged by the tool unless the config converts line ends on the way in: then by libgit2.
    @Test(arguments: ["false", "input"])
    func anAttachmentIsStagedAsGitWouldStageIt(autocrlf: String) throws {
        let box = try Sandbox()
        let entry = try setUp(box)
        _ = try box.git("config", "core.autocrlf", autocrlf)
        let notes = try outside(box, "notes.txt", "first\r\nsecond\r\n")
        let result = try box.journal("attach", entry.short, notes)
        #expect(result.status == 0, "\(result.stderr)")
        let file = "attachments/\(entry.id)/notes.txt"
        #expect(box.read(file) == "first\r\nsecond\r\n")
        try box.expectCleanRepository()
        try box.expectStagedAsGitWould([file, entry.path])
        #expect(try box.git("cat-file", "-p", "HEAD:" + file) == (autocrlf == "input" ? "first\nsecond\n" : "first\r\nsecond\r\n"))
    }

    @Test func aClashingNameIsNumbered() throws {
        let box = try Sandbox()
        let entry = try setUp(box)
        let first = try outside(box, "photo.jpg", "one")
        #expect(try box.journal("attach", entry.short, first).status == 0)
        let second = try outside(box, "photo.jpg", "two")
        let result = try box.journal("attach", entry.short, second, second)
        #expect(result.stdout == "Attached photo-2.jpg, photo-3.jpg to \(entry.short)\n", "\(result.stderr)")
        #expect(box.read("attachments/\(entry.id)/photo.jpg") == "one")
        #expect(box.read("attachments/\(entry.id)/photo-2.jpg") == "two")
        #expect(try #require(box.read(entry.path)).contains("![photo-2.jpg](../../../attachments/\(entry.id)/photo-2.jpg)"))
        // A symbolic link is attached under its own name, with its target's bytes.
        let link = box.root.path + "/files/harbour.jpg"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: second)
        #expect(try box.journal("attach", entry.short, link).stdout == "Attached harbour.jpg to \(entry.short)\n")
        #expect(box.read("attachments/\(entry.id)/harbour.jpg") == "two")
        try box.expectCleanRepository()
    }

    @Test func badInputChangesNothing() throws {
        let box = try Sandbox()
        let entry = try setUp(box)
        let photo = try outside(box, "photo.jpg", "jpeg bytes")
        try FileManager.default.createDirectory(atPath: box.root.path + "/album", withIntermediateDirectories: true)
        let head = try box.git("rev-parse", "HEAD")
        let text = box.read(entry.path)
        let cases: [([String], String)] = [
            (["ffff0000", photo], "no entry"),
            ([entry.short, photo, box.root.path + "/nothing.jpg"], "cannot attach \(box.root.path)/nothing.jpg: no such file; nothing was attached"),
            ([entry.short, box.root.path + "/album"], "cannot attach \(box.root.path)/album: it is a folder (attach the files in it); nothing was attached"),
            ([entry.short, box.journal + "/.git/HEAD"], "cannot attach \(box.journal)/.git/HEAD: it is inside the journal's .git folder; nothing was attached"),
        ]
        for (arguments, message) in cases {
            let result = try box.run(["attach"] + arguments)
            #expect(result.status == 1, "\(arguments)")
            #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
            #expect(result.stderr.contains(message), "\(result.stderr)")
            #expect(result.stdout == "")
        }
        #expect(try box.git("rev-parse", "HEAD") == head)
        #expect(box.read(entry.path) == text)
        #expect(!FileManager.default.fileExists(atPath: box.journal + "/attachments"))
        try box.expectCleanRepository()
    }

    @Test func showAndShareNameTheAttachments() throws {
        let box = try Sandbox()
        let entry = try setUp(box)
        #expect(try box.journal("attach", entry.short, try outside(box, "photo.jpg", "x")).status == 0)
        let shown = try box.journal("show", entry.short).stdout
        #expect(shown.hasSuffix("\nAttachments:\n  attachments/\(entry.id)/photo.jpg\n"), "\(shown)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(try box.journal("show", "--json", entry.short).stdout.utf8)) as? [String: Any])
        #expect(json["attachments"] as? [String] == ["attachments/\(entry.id)/photo.jpg"])
        // Shared, the files are named where they are: a link into the journal means nothing pasted elsewhere.
        let file = box.journal + "/attachments/\(entry.id)/photo.jpg"
        #expect(try box.journal("share", entry.short).stdout.hasSuffix("\nAttachments: \(file)\n"))
        #expect(try box.journal("share", entry.short, "--format", "markdown").stdout.contains("![photo.jpg](file://\(file))"))
        #expect(try box.journal("share", entry.short, "--format", "html").stdout
            .contains("<img alt=\"photo.jpg\" src=\"data:image/jpeg;base64,\(Data("x".utf8).base64EncodedString())\">"))
    }

    @Test func removeTakesAttachmentsAndRestoreBringsThemBack() throws {
        let box = try Sandbox()
        let entry = try setUp(box)
        #expect(try box.journal("attach", entry.short, try outside(box, "photo.jpg", "jpeg bytes")).status == 0)
        let attached = box.read(entry.path)
        box.advanceClock()
        #expect(try box.journal("rm", "-y", entry.short).status == 0)
        #expect(!FileManager.default.fileExists(atPath: box.journal + "/attachments/\(entry.id)"))
        box.advanceClock()
        let restored = try box.journal("restore", entry.short)
        #expect(restored.status == 0, "\(restored.stderr)")
        #expect(box.read("attachments/\(entry.id)/photo.jpg") == "jpeg bytes")
        #expect(box.read(entry.path) == attached)
        try box.expectCleanRepository()
    }
}
