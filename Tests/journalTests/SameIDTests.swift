import Foundation
import Testing

/// Two files with one id: a sync of two hand moves of one entry keeps one file, and where two files do
/// hold one id (copied by hand) commands name both paths and take a path (issue 9, defect 18).
@Suite struct SameIDTests {
    @Test func twoHandMovesOfOneEntryEndAsOneFileWithBothEdits() throws {
        let peers = try Peers()
        let entry = try peers.add("a", "Trip\n\nWe left early.")
        try peers.sync("a")
        try peers.sync("b")
        for (name, target, line) in [("a", "entries/moved/a.md", "From A.\n"), ("b", "entries/moved/b.md", "From B.\n")] {
            let text = try #require(peers.read(name, entry.path))
            try FileManager.default.createDirectory(atPath: peers.path(name) + "/entries/moved", withIntermediateDirectories: true)
            try FileManager.default.removeItem(atPath: peers.path(name) + "/" + entry.path)
            try peers.write(name, target, text + "\n" + line)
            #expect(try peers.run(name, "commit").status == 0)
        }
        try peers.sync("a")
        try peers.sync("b")
        try peers.sync("a")
        let files = try peers.entryFiles("b")
        #expect(files.count == 1, "\(files)")
        let kept = try #require(files.first)
        #expect(["entries/moved/a.md", "entries/moved/b.md"].contains(kept))
        let text = try #require(peers.read("b", kept))
        #expect(text.contains("id: \(entry.id)") && text.contains("\nFrom A.\n") && text.contains("\nFrom B.\n"), "\(text)")
        #expect(try peers.snapshot("a") == peers.snapshot("b"))
        #expect(try peers.run("b", "show", entry.id).status == 0)
        let message = try peers.git("b", "log", "-1", "--format=%B", "--merges")
        #expect(message.contains("\(entry.path): moved to \(kept) on one side"), "\(message)")
        try peers.expectHealthy("a")
        try peers.expectHealthy("b")
    }

    @Test func twoFilesWithOneIdAreNamedAndTakenByPath() throws {
        let box = try Sandbox()
        #expect(try box.journal("init").status == 0)
        let added = try box.journal("add", "Copied\n\nSome text.")
        let id = try #require(added.stdout.split(separator: " ").dropFirst().first.map(String.init))
        let path = try #require(added.stdout.split(separator: " ").last?.trimmingCharacters(in: .newlines))
        try FileManager.default.copyItem(atPath: box.journal + "/" + path, toPath: box.journal + "/entries/copy.md")
        #expect(try box.journal("commit").status == 0)

        let expected = "journal: 2 files hold the id \(id): \(path), entries/copy.md; name one by its path, as in \(path)\n"
        for command in [["show", id], ["tag", id, "+x"], ["rm", id, "--yes"], ["edit", id]] {
            let result = try box.run(command, env: ["EDITOR": "true", "VISUAL": "true"])
            #expect(result.status != 0, "\(command)")
            #expect(result.stderr == expected, "\(command): \(result.stderr)")
        }
        #expect(try box.git("status", "--porcelain") == "")
        let shown = try box.journal("show", "entries/copy.md")
        #expect(shown.status == 0 && shown.stdout.contains("Some text."))
        #expect(try box.journal("tag", "entries/copy.md", "+x").status == 0)
        #expect(try String(contentsOfFile: box.journal + "/entries/copy.md", encoding: .utf8).contains("tags: [x]"))
        #expect(try box.journal("rm", "entries/copy.md", "--yes").status == 0)
        #expect(!FileManager.default.fileExists(atPath: box.journal + "/entries/copy.md"))
        #expect(try box.journal("show", id).status == 0)
    }

    /// A path is taken as typed from the folder the command runs in (`./entries/…`, `../copy.md`), as well as
    /// from the journal's own folder (`entries/…` typed anywhere).
    @Test func aPathIsTakenFromTheFolderTheCommandRunsIn() throws {
        let box = try Sandbox()
        #expect(try box.journal("init").status == 0)
        try box.write("entries/trips/busan.md", "Busan\n\nThe sea.\n")
        #expect(try box.journal("commit").status == 0)
        let fromRoot = try box.run(["show", "./entries/trips/busan.md"], cwd: box.journal)
        #expect(fromRoot.status == 0 && fromRoot.stdout.contains("The sea."), "\(fromRoot.stderr)")
        let fromFolder = try box.run(["show", "busan.md"], cwd: box.journal + "/entries/trips")
        #expect(fromFolder.status == 0 && fromFolder.stdout.contains("The sea."), "\(fromFolder.stderr)")
        let upward = try box.run(["tag", "../trips/busan.md", "+sea"], cwd: box.journal + "/entries/trips")
        #expect(upward.status == 0, "\(upward.stderr)")
        let fromHome = try box.run(["show", "entries/trips/busan.md"], cwd: box.home)
        #expect(fromHome.status == 0 && fromHome.stdout.contains("#sea"), "\(fromHome.stderr)")
        let missing = try box.run(["show", "nosuch.md"], cwd: box.journal + "/entries/trips")
        #expect(missing.status == 1)
        #expect(missing.stderr == "journal: no entry with id 'nosuch.md'\n", "\(missing.stderr)")
    }
}
