import Foundation
import Testing

/// An encrypted journal's commits from before its encryption hold their entries in plain text (issue 46 §2):
/// a sync never gives them, unasked, to a remote that does not hold them already, and one command gives the
/// branch a history that starts sealed.
@Suite struct PlaintextPastTests {
    /// The server's whole history, as `git log -p` shows it to whoever holds it.
    static func serverLog(_ box: Sandbox, _ remote: String) throws -> String {
        let result = try Sandbox.exec("/usr/bin/env", ["git", "--git-dir", remote, "log", "-p", "--all", "--format=%s%n%b"],
                                      stdin: nil, env: box.environment, cwd: box.root.path)
        return result.stdout + result.stderr
    }

    static func bareRemote(_ box: Sandbox, _ name: String = "remote.git") throws -> String {
        let remote = box.root.path + "/" + name
        try box.git("init", "--bare", "-q", "-b", "main", remote, in: box.root.path)
        return remote
    }

    @Test func aNewRemoteIsNotGivenThePlainPast() throws {
        let box = try Sandbox()
        try box.journal("init")
        _ = try box.add("Therapy session about my divorce", "-t", "therapy", "--no-location")
        #expect(try box.journal("encrypt", "init", "--export", box.root.path + "/journal.key").status == 0)
        let remote = try PlaintextPastTests.bareRemote(box)
        try box.journal("remote", "add", "origin", remote)
        let refused = try box.journal("sync")
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("sync stopped before pushing: origin does not hold this journal's 2 commits from before its encryption (since 2026-11-22)"), "\(refused.stderr)")
        #expect(refused.stderr.contains("`journal encrypt init --fresh-history`") && refused.stderr.contains("`journal sync --include-plaintext-history`"))
        #expect(!(try PlaintextPastTests.serverLog(box, remote)).contains("divorce"))
        #expect(try box.git("--git-dir", remote, "for-each-ref", in: box.root.path) == "")

        // The branch starts again, sealed; its past stays here, under a ref of its own.
        let head = try box.git("rev-parse", "HEAD").trimmingCharacters(in: .whitespacesAndNewlines)
        let fresh = try box.journal("encrypt", "init", "--fresh-history")
        #expect(fresh.status == 0, "\(fresh.stderr)")
        #expect(fresh.stdout.contains("Started a new history: one sealed commit holds the journal as it is now; the 3 commits before it, 2 of them in plain text, stay on this machine only, under refs/journal/plaintext-history/"), "\(fresh.stdout)")
        let kept = try box.git("for-each-ref", "--format=%(objectname)", "refs/journal/plaintext-history/")
        #expect(kept.trimmingCharacters(in: .whitespacesAndNewlines) == head)
        #expect(try box.git("rev-list", "--count", "HEAD").trimmingCharacters(in: .whitespacesAndNewlines) == "1")
        #expect(try box.journal("list").stdout.contains("Therapy session about my divorce"))
        try box.expectCleanRepository()
        let synced = try box.journal("sync")
        #expect(synced.status == 0, "\(synced.stderr)")
        let seen = try PlaintextPastTests.serverLog(box, remote)
        for secret in ["divorce", "Therapy", "therapy"] { #expect(!seen.contains(secret), "the server sees \(secret)") }
        // A second fresh start has nothing to leave behind.
        #expect(try box.journal("encrypt", "init", "--fresh-history").stdout.contains("The history holds no plain text"))

        // Another machine clones it with the key and writes; its syncs go on as ever.
        let other = box.root.path + "/other"
        let cloned = try box.journal("clone", remote, other, "--key-file", box.root.path + "/journal.key")
        #expect(cloned.status == 0, "\(cloned.stderr)")
        let id = try box.run(["-J", other, "add", "From the other machine", "--no-location"])
        #expect(id.status == 0)
        #expect(try box.journal("-J", other, "sync").status == 0)
        #expect(try box.journal("sync").status == 0)
        #expect(try box.journal("list").stdout.contains("From the other machine"))
    }

    @Test func thePlainPastGoesWhereAskedOrWhereItIsAlready() throws {
        let box = try Sandbox()
        try box.journal("init")
        _ = try box.add("Written before", "--no-location")
        // A remote that had the journal before its encryption holds the past already: syncs go on.
        let old = try PlaintextPastTests.bareRemote(box, "old.git")
        try box.journal("remote", "add", "origin", old)
        #expect(try box.journal("sync").status == 0)
        #expect(try box.journal("encrypt", "init", "--export", box.root.path + "/journal.key").status == 0)
        _ = try box.add("Written after", "--no-location")
        let synced = try box.journal("sync")
        #expect(synced.status == 0, "\(synced.stderr)")
        // A new one gets it only when asked.
        let new = try PlaintextPastTests.bareRemote(box, "new.git")
        try box.journal("remote", "add", "backup", new)
        #expect(try box.journal("sync", "backup").status == 1)
        let asked = try box.journal("sync", "backup", "--include-plaintext-history")
        #expect(asked.status == 0, "\(asked.stderr)")
        #expect(try PlaintextPastTests.serverLog(box, new).contains("Written before"))
        #expect(!(try PlaintextPastTests.serverLog(box, new)).contains("Written after"))
    }

    /// Encryption and the fresh start in one command, on a plain journal.
    @Test func encryptInitWithAFreshHistory() throws {
        let box = try Sandbox()
        try box.journal("init")
        _ = try box.add("My secret", "--no-location")
        let started = try box.journal("encrypt", "init", "--fresh-history", "--export", box.root.path + "/journal.key")
        #expect(started.status == 0, "\(started.stderr)")
        #expect(started.stdout.contains("Started a new history"), "\(started.stdout)")
        let remote = try PlaintextPastTests.bareRemote(box)
        try box.journal("remote", "add", "origin", remote)
        #expect(try box.journal("sync").status == 0)
        #expect(!(try PlaintextPastTests.serverLog(box, remote)).contains("secret"))
        try box.expectCleanRepository()
    }
}
