import Foundation
import Testing

/// Branches, histories and clones that sync must handle without surprise: a side branch goes to its own
/// name, a journal made apart is adopted or joined once, and a killed clone can be started again.
@Suite struct SyncHistoriesTests {
    @Test func aSideBranchSyncsToItsOwnNameNeverToMain() throws {
        let peers = try Peers()
        try peers.add("a", "On main")
        try peers.sync("a")
        let main = try peers.box.git(["rev-parse", "main"], in: peers.remote)
        try peers.git("a", "checkout", "-q", "-b", "experiment")
        try peers.add("a", "Trying something")
        let synced = try peers.run("a", "sync")
        #expect(synced.status == 0, "\(synced.stderr)")
        #expect(try peers.box.git(["rev-parse", "main"], in: peers.remote) == main)
        #expect(try peers.box.git(["log", "--format=%s", "experiment"], in: peers.remote).contains("Trying something"))
        #expect(try peers.git("a", "rev-parse", "--abbrev-ref", "experiment@{upstream}") == "origin/experiment\n")
        try peers.sync("b")
        #expect(!(try peers.run("b", "list").stdout.contains("Trying something")))
    }

    /// `journal init` on a second machine, then `remote add` and `sync`: the new, empty journal takes the
    /// remote's history, as a clone would (one root commit in the shared history).
    @Test func aNewEmptyJournalTakesTheRemotesHistory() throws {
        let peers = try Peers()
        try peers.add("a", "Written on the first machine")
        try peers.sync("a")
        // Made at another moment than the remote's first commit (made at the same pinned moment, two
        // journals' first commits would be the same commit).
        peers.box.advanceClock()
        let fresh = peers.path("fresh")
        #expect(try peers.box.run(["init", fresh]).status == 0)
        #expect(try peers.run("fresh", "remote", "add", "origin", peers.remote).status == 0)
        let synced = try peers.run("fresh", "sync")
        #expect(synced.status == 0, "\(synced.stderr)")
        #expect(synced.stderr.contains("This journal was new and empty: it now holds origin's history"), "\(synced.stderr)")
        #expect(try peers.run("fresh", "list").stdout.contains("Written on the first machine"))
        #expect(try peers.git("fresh", "rev-list", "--max-parents=0", "HEAD").split(separator: "\n").count == 1)
        try peers.add("fresh", "From the second machine")
        try peers.sync("fresh")
        try peers.sync("a")
        #expect(try peers.snapshot("a") == peers.snapshot("fresh"))
        try peers.expectHealthy("fresh")
    }

    /// A journal with entries of its own, made apart: joined to the remote's in one merge that says so.
    @Test func twoJournalsMadeApartAreJoinedOnce() throws {
        let peers = try Peers()
        try peers.add("a", "Written on the first machine")
        try peers.sync("a")
        peers.box.advanceClock()
        let other = peers.path("other")
        #expect(try peers.box.run(["init", other]).status == 0)
        try peers.add("other", "Written apart")
        #expect(try peers.run("other", "remote", "add", "origin", peers.remote).status == 0)
        let synced = try peers.run("other", "sync")
        #expect(synced.status == 0, "\(synced.stderr)")
        #expect(synced.stderr.contains("had no history in common: they were joined in one merge"), "\(synced.stderr)")
        #expect(try peers.git("other", "log", "-1", "--format=%s") == "Join this journal with the one at origin\n")
        let again = try peers.run("other", "sync")
        #expect(again.status == 0 && !again.stderr.contains("joined"), "\(again.stderr)")
        try peers.sync("a")
        #expect(try peers.snapshot("a") == peers.snapshot("other"))
        let titles = try peers.run("a", "list").stdout
        #expect(titles.contains("Written apart") && titles.contains("Written on the first machine"))
    }

    /// A clone killed before it wrote a file leaves a folder holding only `.git`: cloning the same URL
    /// again starts over; a `.git` of something else is still refused.
    @Test func aKilledCloneIsStartedOverByTheNextClone() throws {
        let peers = try Peers([])
        let target = peers.path("target")
        try peers.box.git(["init", "-q", target], in: peers.box.root.path)
        try peers.box.git(["remote", "add", "origin", peers.remote], in: target)
        let cloned = try peers.box.run(["clone", peers.remote, target])
        #expect(cloned.status == 0, "\(cloned.stderr)")
        #expect(FileManager.default.fileExists(atPath: target + "/journal.yml"))
        let other = peers.path("other")
        try peers.box.git(["init", "-q", other], in: peers.box.root.path)
        try peers.box.git(["remote", "add", "origin", "/somewhere/else.git"], in: other)
        let refused = try peers.box.run(["clone", peers.remote, other])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("already exists"), "\(refused.stderr)")
        #expect(try peers.box.git(["remote", "get-url", "origin"], in: other) == "/somewhere/else.git\n")
    }
}
