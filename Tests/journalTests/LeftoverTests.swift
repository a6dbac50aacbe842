import Foundation
import Testing

/// What a `journal` killed at a bad moment leaves behind — git lock files, temporary files — and how
/// the next command clears it without touching what a git program may be using right now.
@Suite struct LeftoverTests {
    private func age(_ path: String, seconds: TimeInterval) throws {
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(-seconds)], ofItemAtPath: path)
    }

    /// A journal with one entry whose last writer was killed: its marker, ten seconds old, is still there.
    /// Returns the sandbox and the journal's `.git`.
    private func afterAKilledWriter() throws -> (Sandbox, String) {
        let box = try Sandbox()
        try box.journal("init")
        _ = try box.add("Before the kill")
        let git = box.journal + "/.git"
        try Data("12345\n".utf8).write(to: URL(fileURLWithPath: git + "/journal/writing"))
        try age(git + "/journal/writing", seconds: 10)
        return (box, git)
    }

    @Test func gitLockFilesOfAKilledWriterAreRemovedAndSaidSo() throws {
        let (box, git) = try afterAKilledWriter()
        // The killed writer held libgit2's locks: lock files made after its marker.
        for lock in ["index.lock", "refs/heads/main.lock", "HEAD.lock"] {
            try Data().write(to: URL(fileURLWithPath: git + "/" + lock))
            try age(git + "/" + lock, seconds: 5)
        }
        let added = try box.journal("add", "After the kill")
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.stderr == """
            journal: removed .git/index.lock left by a killed journal
            journal: removed .git/HEAD.lock left by a killed journal
            journal: removed .git/refs/heads/main.lock left by a killed journal

            """)
        for leftover in ["index.lock", "refs/heads/main.lock", "HEAD.lock", "journal/writing"] {
            #expect(!FileManager.default.fileExists(atPath: git + "/" + leftover), "\(leftover)")
        }
        #expect(try box.commitSubjects().count == 3)
        try box.expectCleanRepository()
        // Said once: the next command finds nothing.
        #expect(try box.journal("add", "Next").stderr == "")
    }

    /// A killed writer's marker is there, but the lock file made since is held open by a process (as a git
    /// program holds its lock while it works, or while `git commit` waits for its editor): it is not the
    /// killed run's, so it is reported and left alone.
    @Test func aLockSomeProcessHoldsOpenIsLeftAloneEvenAfterAKill() throws {
        let (box, git) = try afterAKilledWriter()
        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: "/bin/sh")
        holder.arguments = ["-c", "exec 3>>\"$0\"; echo ready; exec sleep 60", git + "/index.lock"]
        let ready = Pipe()
        holder.standardOutput = ready
        try holder.run()
        defer {
            kill(holder.processIdentifier, SIGKILL)  // SIGTERM is blocked in a child of a test thread
            holder.waitUntilExit()
        }
        #expect(String(decoding: ready.fileHandleForReading.availableData, as: UTF8.self).hasPrefix("ready"))
        let tagged = try box.journal("add", "After the kill")
        #expect(tagged.stderr.contains("journal: .git/index.lock may belong to a git command at work now: left alone"), "\(tagged.stderr)")
        #expect(FileManager.default.fileExists(atPath: git + "/index.lock"))
    }

    /// `remote add` and `remove` write the git config (libgit2 locks it): they take the writers' lock, so
    /// that a killed one's `config.lock` is known for a killed journal's and cleared.
    @Test func remoteAddAndRemoveAreWritersWhoseLeftoversAreCleared() throws {
        let box = try Sandbox()
        try box.journal("init")
        let git = box.journal + "/.git"
        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        holder.arguments = ["flock", "-o", git + "/journal/lock", "sh", "-c", "echo $$; exec sleep 60"]
        let ready = Pipe()
        holder.standardOutput = ready
        try holder.run()
        let sleeper = Int32(String(decoding: ready.fileHandleForReading.availableData, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
        for arguments in [["remote", "add", "origin", "https://example.com/journal.git"], ["remote", "remove", "origin"]] {
            let waited = try box.run(arguments, env: ["JOURNAL_LOCK_TIMEOUT": "0.3"])
            #expect(waited.status == 1)
            #expect(waited.stderr.contains("another journal command is still writing"), "\(waited.stderr)")
        }
        kill(holder.processIdentifier, SIGKILL)
        if let sleeper { kill(sleeper, SIGKILL) }
        holder.waitUntilExit()

        // A remote add killed while libgit2 held the config's lock.
        try Data("12345\n".utf8).write(to: URL(fileURLWithPath: git + "/journal/writing"))
        try age(git + "/journal/writing", seconds: 10)
        try Data().write(to: URL(fileURLWithPath: git + "/config.lock"))
        let added = try box.journal("remote", "add", "origin", "https://example.com/journal.git")
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.stderr == "journal: removed .git/config.lock left by a killed journal\n")
        #expect(try box.git("config", "remote.origin.url") == "https://example.com/journal.git\n")
    }

    @Test func aLockTheGitProgramMayHoldIsReportedNotRemoved() throws {
        let box = try Sandbox()
        try box.journal("init")
        let git = box.journal + "/.git"
        // No journal was killed: a git program is updating a branch right now.
        try Data().write(to: URL(fileURLWithPath: git + "/refs/heads/other.lock"))
        let added = try box.journal("add", "While git works")
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.stderr == "journal: .git/refs/heads/other.lock may belong to a git command at work now: left alone (remove it if no git command is running)\n")
        #expect(FileManager.default.fileExists(atPath: git + "/refs/heads/other.lock"))

        // A journal was killed, but the index lock is older than that run: not its.
        try Data("12345\n".utf8).write(to: URL(fileURLWithPath: git + "/journal/writing"))
        try age(git + "/journal/writing", seconds: 10)
        try Data().write(to: URL(fileURLWithPath: git + "/index.lock"))
        try age(git + "/index.lock", seconds: 60)
        let second = try box.journal("add", "Blocked by git")
        #expect(second.status == 1)
        #expect(second.stderr.contains("journal: .git/index.lock may belong to a git command at work now: left alone"), "\(second.stderr)")
        #expect(FileManager.default.fileExists(atPath: git + "/index.lock"))
    }

    @Test func aLiveWritersLocksAreNeitherRemovedNorWaitedForByAReader() throws {
        let box = try Sandbox()
        try box.journal("init")
        _ = try box.add("An entry")
        let git = box.journal + "/.git"
        // A writer at work: it holds the writers' lock, its marker exists, libgit2 holds the index lock.
        try Data("1\n".utf8).write(to: URL(fileURLWithPath: git + "/journal/writing"))
        try Data().write(to: URL(fileURLWithPath: git + "/index.lock"))
        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        holder.arguments = ["flock", "-o", git + "/journal/lock", "sh", "-c", "echo $$; exec sleep 60"]
        let ready = Pipe()
        holder.standardOutput = ready
        try holder.run()
        let sleeper = Int32(String(decoding: ready.fileHandleForReading.availableData, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
        defer {
            kill(holder.processIdentifier, SIGKILL)
            if let sleeper { kill(sleeper, SIGKILL) }
            holder.waitUntilExit()
        }
        let start = Date()
        let listed = try box.journal("list", env: ["JOURNAL_LOCK_TIMEOUT": "60"])
        #expect(listed.status == 0, "\(listed.stderr)")
        #expect(listed.stdout.contains("An entry"))
        #expect(Date().timeIntervalSince(start) < 30, "the reader waited for the writer")
        #expect(FileManager.default.fileExists(atPath: git + "/index.lock"))
        #expect(FileManager.default.fileExists(atPath: git + "/journal/writing"))
    }

    @Test func aSyncReportsALockItLeavesAloneOnce() throws {
        let peers = try Peers(["a"])
        try peers.add("a", "To send")
        try Data().write(to: URL(fileURLWithPath: peers.path("a") + "/.git/refs/heads/other.lock"))
        let synced = try peers.run("a", "sync")
        #expect(synced.status == 0, "\(synced.stderr)")
        #expect(synced.stderr == "journal: .git/refs/heads/other.lock may belong to a git command at work now: left alone (remove it if no git command is running)\n")
    }

    @Test func temporaryFilesOfAKilledRunAreRemovedByTheNextCommand() throws {
        let box = try Sandbox()
        try box.journal("init")
        let id = try box.add("An entry")
        // A process that is gone, and one that is alive (this test), each left a temporary file.
        let gone = Process()
        gone.executableURL = URL(fileURLWithPath: "/bin/true")
        try gone.run()
        gone.waitUntilExit()
        let folder = box.journal + "/.git/journal/tmp"
        let stale = folder + "/.2026-11-22-\(id).md.tmp-\(gone.processIdentifier)-AbC123"
        let live = folder + "/.2026-11-22-\(id).md.tmp-\(getpid())-XyZ789"
        for path in [stale, live] { try Data("half".utf8).write(to: URL(fileURLWithPath: path)) }
        #expect(try box.journal("list").status == 0)
        #expect(!FileManager.default.fileExists(atPath: stale))
        #expect(FileManager.default.fileExists(atPath: live))
    }

    @Test func theUserConfigIsWrittenAtomicallyForItsOwnerAndAKilledWritersTemporaryIsRemoved() throws {
        let box = try Sandbox()
        let folder = box.home + "/.config/journal"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let gone = Process()
        gone.executableURL = URL(fileURLWithPath: "/bin/true")
        try gone.run()
        gone.waitUntilExit()
        let stale = folder + "/.config.yml.tmp-\(gone.processIdentifier)-AbC123"
        try Data("half".utf8).write(to: URL(fileURLWithPath: stale))
        #expect(try box.journal("config", "set", "units", "imperial").status == 0)
        #expect(!FileManager.default.fileExists(atPath: stale))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["config.yml"])
        let mode = try FileManager.default.attributesOfItem(atPath: folder + "/config.yml")[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }
}
