import Foundation
import Testing

/// A file moved by hand is committed as a move, and `journal log ID` follows it (issue 9, defect 14).
@Suite struct HandMoveTests {
    @Test func aHandMoveIsCommittedAsAMoveAndLogFollowsIt() throws {
        let box = try Sandbox()
        #expect(try box.journal("init").status == 0)
        let added = try box.journal("add", "Hello there\n\nA quiet morning by the window, with tea.")
        let id = try #require(added.stdout.split(separator: " ").dropFirst().first.map(String.init))
        let old = try #require(added.stdout.split(separator: " ").last?.trimmingCharacters(in: .newlines))
        try box.journal("add", "Second")
        try FileManager.default.createDirectory(atPath: box.journal + "/entries/moved", withIntermediateDirectories: true)
        try FileManager.default.moveItem(atPath: box.journal + "/" + old, toPath: box.journal + "/entries/moved/a.md")
        // Edited a little on the way: still a move.
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: box.journal + "/entries/moved/a.md"))
        handle.seekToEndOfFile()
        handle.write(Data("More later.\n".utf8))
        try handle.close()
        #expect(try box.journal("commit").status == 0)

        #expect(try box.git("log", "-1", "--format=%B") == "Move \"Hello there\" (\(id)) to entries/moved/a.md\n\n")
        #expect(try box.git("status", "--porcelain") == "")
        let log = try box.journal("log", id)
        #expect(log.status == 0, "\(log.stderr)")
        let lines = log.stdout.split(separator: "\n")
        #expect(lines.count == 3, "\(log.stdout)")
        #expect(lines.dropFirst().first?.contains("renamed") == true)
        #expect(lines.dropFirst().first?.hasSuffix("Move \"Hello there\" (\(id)) to entries/moved/a.md (was \(old))") == true)
        #expect(lines.last?.contains("Add \"Hello there\" (\(id))") == true)
    }

    @Test func aMoveAmongOtherChangesIsOneLineOfTheCommit() throws {
        let box = try Sandbox()
        #expect(try box.journal("init").status == 0)
        let first = try box.journal("add", "First one")
        let old = try #require(first.stdout.split(separator: " ").last?.trimmingCharacters(in: .newlines))
        let id = try #require(first.stdout.split(separator: " ").dropFirst().first.map(String.init))
        let second = try box.journal("add", "Second one")
        let secondID = try #require(second.stdout.split(separator: " ").dropFirst().first.map(String.init))
        let secondPath = try #require(second.stdout.split(separator: " ").last?.trimmingCharacters(in: .newlines))
        try FileManager.default.moveItem(atPath: box.journal + "/" + old, toPath: box.journal + "/entries/first.md")
        let text = try String(contentsOfFile: box.journal + "/" + secondPath, encoding: .utf8)
        try Data((text + "More.\n").utf8).write(to: URL(fileURLWithPath: box.journal + "/" + secondPath))
        #expect(try box.journal("commit").status == 0)
        #expect(try box.git("log", "-1", "--format=%B") == "Commit 2 changes made outside journal\n\n"
            + "Edit \"Second one\" (\(secondID))\nMove \"First one\" (\(id)) to entries/first.md\n\n")
    }
}
