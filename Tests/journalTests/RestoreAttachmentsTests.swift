import Foundation
import Testing

/// `rm` takes an entry's attachments with it; `restore` brings them back with the entry.
@Suite struct RestoreAttachmentsTests {
    @Test func restoringADeletedEntryBringsBackItsAttachmentsInTheSameCommit() throws {
        let box = try Sandbox()
        try box.journal("init")
        let id = try box.add("With photos")
        let full = try #require(try JSONSerialization.jsonObject(with: Data(try box.journal("show", "--json", id).stdout.utf8)) as? [String: Any])
        let uuid = try #require(full["id"] as? String)
        let added = try box.git("rev-parse", "--short=7", "HEAD").prefix(7)
        try box.write("attachments/\(uuid)/photo.jpg", "jpeg bytes\n")
        try box.write("attachments/\(uuid)/maps/route.gpx", "<gpx/>\n")
        try box.journal("commit")
        try box.write("attachments/\(uuid)/photo.jpg", "edited jpeg bytes\n")
        try box.journal("commit")
        #expect(try box.journal("rm", "-y", id).status == 0)
        #expect(!FileManager.default.fileExists(atPath: box.journal + "/attachments/\(uuid)"))

        let restored = try box.journal("restore", id)
        #expect(restored.status == 0, "\(restored.stderr)")
        #expect(box.read("attachments/\(uuid)/photo.jpg") == "edited jpeg bytes\n")
        #expect(box.read("attachments/\(uuid)/maps/route.gpx") == "<gpx/>\n")
        let path = "entries/2026/11/2026-11-22-\(id).md"
        #expect(try box.git("show", "--name-only", "--format=%s", "HEAD")
            == "Restore \"With photos\" (\(id)) from \(added)\n\n"
            + "attachments/\(uuid)/maps/route.gpx\nattachments/\(uuid)/photo.jpg\n\(path)\n")
        try box.expectCleanRepository()
    }
}
