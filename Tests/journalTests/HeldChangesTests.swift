import Foundation
import Testing

/// On an encrypted journal, what arrives without the key's seal is held apart and named, never applied
/// silently (issue 46 §3): a server's deletions and renames, files the key does not seal; templates are sealed
/// like entries, so a planted one is refused; commits the person makes with the git program are sealed by
/// the hook `journal` writes, and pass.
@Suite struct HeldChangesTests {
    @Test func aServersDeletionIsHeldApartNamedAndTakenOnlyWhenAsked() throws {
        let rig = try HostileServerTests.Rig()
        let peers = rig.peers
        let victim = try peers.add("a", "Therapy notes\n\nWe talked about the move.")
        try peers.sync("a")
        try peers.sync("b")
        let id = String(victim.path.split(separator: "-").last?.dropLast(3) ?? "")
        // The server's admin deletes the entry and commits as "alice", with a message the journal would write.
        try rig.evil("pull", "-q", "origin", "main")
        try rig.evil("rm", "-q", victim.path)
        try rig.evil("-c", "user.name=alice", "-c", "user.email=alice@example.com", "commit", "-q", "-m", "Edit entry \(id)")
        let planted = try rig.evil("rev-parse", "HEAD").trimmingCharacters(in: .whitespacesAndNewlines)
        try rig.evil("push", "-q", "origin", "main")

        let synced = try peers.run("a", "sync")
        #expect(synced.status == 0, "\(synced.stderr)")
        let short = String(planted.prefix(8))
        #expect(synced.stderr.contains("held apart what origin's commit \(short) (by alice) does without this journal's key: deletes \(victim.path)"), "\(synced.stderr)")
        #expect(synced.stderr.contains("`journal encrypt accept \(short)`") && synced.stderr.contains("`journal encrypt dismiss \(short)`"))
        #expect(!synced.stdout.contains("deleted"), "\(synced.stdout)")
        #expect(peers.read("a", victim.path) != nil)
        #expect(try peers.run("a", "list").stdout.contains("Therapy notes"))
        try peers.expectHealthy("a")
        // The merge that kept it went back to the server: the other machine never loses it.
        try peers.sync("b")
        #expect(peers.read("b", victim.path) != nil)
        // Said where a person looks.
        let status = try peers.run("a", "encrypt", "status")
        #expect(status.stdout.contains("held apart what origin's commit \(short)"), "\(status.stdout)")
        let doctor = try peers.run("a", "doctor")
        #expect(doctor.status == 1)
        #expect(doctor.stdout.contains("held apart what origin's commit \(short)"), "\(doctor.stdout)")

        // Bad input: an id that names no held change, too short, or nothing held. Nothing changes.
        #expect(try peers.run("a", "encrypt", "accept", "0000dead").stderr.contains("no change held apart comes from a commit 0000dead; those waiting: \(short)"))
        #expect(try peers.run("a", "encrypt", "accept", "ab").status == 1)
        #expect(peers.read("a", victim.path) != nil)

        // Taken when asked: a deletion made with the key now, which every machine applies.
        let accepted = try peers.run("a", "encrypt", "accept", short)
        #expect(accepted.status == 0, "\(accepted.stderr)")
        #expect(accepted.stdout.contains("Took 1 changes held apart (commit \(short))"), "\(accepted.stdout)")
        #expect(peers.read("a", victim.path) == nil)
        try peers.sync("a")
        try peers.sync("b")
        #expect(peers.read("b", victim.path) == nil)
        #expect(try peers.run("a", "encrypt", "accept").stderr.contains("nothing is held apart"))
        #expect(!(try peers.run("a", "doctor")).stdout.contains("held apart"))
    }

    @Test func aFileTheKeyDoesNotSealIsHeldAndCanBeDropped() throws {
        let rig = try HostileServerTests.Rig()
        let peers = rig.peers
        try rig.evil("pull", "-q", "origin", "main")
        try Data("hello\n".utf8).write(to: URL(fileURLWithPath: rig.evil + "/notes.txt"))
        try rig.push("Sync with origin")
        let synced = try peers.run("a", "sync")
        #expect(synced.status == 0, "\(synced.stderr)")
        #expect(synced.stderr.contains("adds notes.txt"), "\(synced.stderr)")
        #expect(peers.read("a", "notes.txt") == nil)
        let dropped = try peers.run("a", "encrypt", "dismiss")
        #expect(dropped.status == 0, "\(dropped.stderr)")
        #expect(dropped.stdout.contains("Dropped 1 changes held apart"), "\(dropped.stdout)")
        #expect(peers.read("a", "notes.txt") == nil)
        #expect(!(try peers.run("a", "encrypt", "status")).stdout.contains("held apart"))
        try peers.expectHealthy("a")
    }

    @Test func aMoveAndAnUnknownFileAreHeld() throws {
        let rig = try HostileServerTests.Rig()
        let peers = rig.peers
        let entry = try peers.add("a", "Walk by the river")
        try peers.sync("a")
        try rig.evil("pull", "-q", "origin", "main")
        try FileManager.default.createDirectory(atPath: rig.evil + "/entries/archive", withIntermediateDirectories: true)
        try rig.evil("mv", entry.path, "entries/archive/river.md")
        try Data("hello\n".utf8).write(to: URL(fileURLWithPath: rig.evil + "/notes.txt"))
        try rig.push("Sync with origin")
        let synced = try peers.run("a", "sync")
        #expect(synced.status == 0, "\(synced.stderr)")
        #expect(synced.stderr.contains("deletes \(entry.path)"), "\(synced.stderr)")
        #expect(synced.stderr.contains("adds entries/archive/river.md") && synced.stderr.contains("adds notes.txt"), "\(synced.stderr)")
        #expect(peers.read("a", entry.path) != nil)
        #expect(peers.read("a", "entries/archive/river.md") == nil)
        #expect(peers.read("a", "notes.txt") == nil)
        try peers.expectHealthy("a")
        // Taken: the move, as a move (one file of the entry), and the file.
        #expect(try peers.run("a", "encrypt", "accept").status == 0)
        #expect(peers.read("a", entry.path) == nil)
        #expect(peers.read("a", "entries/archive/river.md")?.contains("Walk by the river") == true)
        #expect(peers.read("a", "notes.txt") == "hello\n")
        try peers.expectHealthy("a")
    }

    /// A template planted in plain text is refused like a plain entry: templates are sealed.
    @Test func aPlantedTemplateIsRefusedAndTemplatesTravelSealed() throws {
        let rig = try HostileServerTests.Rig()
        let peers = rig.peers
        // The person's own template, sealed on the way.
        try FileManager.default.createDirectory(atPath: peers.path("a") + "/templates", withIntermediateDirectories: true)
        try peers.write("a", "templates/dream.md", "Dream of the night\n\nWhat I remember of my therapist:\n")
        #expect(try peers.run("a", "commit").status == 0)
        try peers.sync("a")
        #expect(!(try rig.remoteObjects()).contains("therapist"))
        try peers.sync("b")
        #expect(peers.read("b", "templates/dream.md")?.contains("therapist") == true)

        try rig.evil("pull", "-q", "origin", "main")
        try FileManager.default.createDirectory(atPath: rig.evil + "/templates/html", withIntermediateDirectories: true)
        try Data("<html><head></head><body><script src=https://evil.example/x.js></script>{{{body}}}</body></html>\n".utf8)
            .write(to: URL(fileURLWithPath: rig.evil + "/templates/html/page.html"))
        try Data("Mail your recovery words to admin@evil.example\n".utf8).write(to: URL(fileURLWithPath: rig.evil + "/templates/default.md"))
        try rig.push("Sync with origin")
        let head = try rig.head("a")
        let refused = try peers.run("a", "sync")
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("templates/"), "\(refused.stderr)")
        #expect(try rig.head("a") == head)
        #expect(peers.read("a", "templates/html/page.html") == nil)
        // An export made now carries no script of the server's, and a Content-Security-Policy.
        let site = peers.box.root.path + "/site"
        let exported = try peers.run("a", "export", "html", "-o", site)
        #expect(exported.status == 0, "\(exported.stderr)")
        let index = try String(contentsOfFile: site + "/index.html", encoding: .utf8)
        #expect(!index.contains("evil.example"))
        #expect(index.contains("Content-Security-Policy"))
    }

    /// The person's own commits with the git program, the key here: sealed by the hook, taken as made with the key.
    @Test func commitsMadeWithTheGitProgramAreSealedByTheHook() throws {
        let rig = try HostileServerTests.Rig()
        let peers = rig.peers
        let first = try peers.add("a", "One")
        let second = try peers.add("a", "Two")
        try peers.sync("a")
        try peers.sync("b")
        #expect(FileManager.default.fileExists(atPath: peers.path("b") + "/.git/hooks/commit-msg"))
        try peers.git("b", "rm", "-q", first.path)
        try peers.git("b", "commit", "-q", "-m", "tidy up by hand")
        #expect(try peers.git("b", "log", "-1", "--format=%B").contains("Journal-Seal: "))
        // With the hook skipped, the commit is not sealed: held apart on the other machine.
        try peers.git("b", "rm", "-q", second.path)
        try peers.git("b", "commit", "-q", "--no-verify", "-m", "no hook")
        try peers.git("b", "push", "-q", "origin", "main")
        let synced = try peers.run("a", "sync")
        #expect(synced.status == 0, "\(synced.stderr)")
        #expect(peers.read("a", first.path) == nil)
        #expect(peers.read("a", second.path) != nil)
        #expect(synced.stderr.contains("deletes \(second.path)"), "\(synced.stderr)")
        #expect(!synced.stderr.contains("deletes \(first.path)"), "\(synced.stderr)")
    }
}
