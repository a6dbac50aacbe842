import Foundation
import Testing

/// `kill -9` of `encrypt init`, of a sync and of a clone of an encrypted journal, at moments spread over
/// their run: no commit that encryption covers (its tree has `.journal-crypt`) ever names a plaintext
/// blob under entries/ or attachments/, no file in the folder is left sealed, and the next command works.
@Suite(.serialized) struct EncryptionKillTests {
    static let rounds = Int(ProcessInfo.processInfo.environment["JOURNAL_CRASH_ROUNDS"] ?? "") ?? 6
    static let magic = Data("\u{0}JOURNALCRYPT2\u{0}".utf8)

    /// Starts `journal ARGS`, kills it after `delay` seconds; true when it had ended by itself.
    @discardableResult
    func kill(_ box: Sandbox, _ arguments: [String], after delay: TimeInterval, env: [String: String] = [:]) throws -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Sandbox.binary)
        process.arguments = arguments
        process.environment = box.environment.merging(env) { $1 }
        process.currentDirectoryURL = URL(fileURLWithPath: box.home)
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        usleep(UInt32(delay * 1_000_000))
        Foundation.kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        return process.terminationReason == .exit
    }

    func timed(_ body: () throws -> Void) rethrows -> TimeInterval {
        let start = Date()
        try body()
        return Date().timeIntervalSince(start)
    }

    /// Files under entries/ and attachments/ of the folder that hold ciphertext.
    func sealedFiles(_ folder: String) -> [String] {
        ["entries", "attachments"].flatMap { sub in
            (FileManager.default.enumerator(atPath: folder + "/" + sub)?.allObjects as? [String] ?? []).compactMap { name in
                let path = folder + "/" + sub + "/" + name
                guard let data = FileManager.default.contents(atPath: path), data.starts(with: EncryptionKillTests.magic) else { return nil }
                return sub + "/" + name
            }
        }
    }

    /// Blobs under entries/ or attachments/ of commits (reachable from any ref of `repository`) whose
    /// tree holds the marker, that are not sealed: "commit path" each.
    func plaintextInCoveredCommits(_ box: Sandbox, _ repository: String) throws -> [String] {
        let commits = try box.git(["rev-list", "--all"], in: repository).split(separator: "\n")
        var blobs: [(String, String)] = []
        for commit in commits {
            let tree = try box.git(["ls-tree", "-r", String(commit)], in: repository)
            guard tree.contains("\t.journal-crypt\n") else { continue }
            for line in tree.split(separator: "\n") {
                let parts = line.split(separator: "\t", maxSplits: 1)
                guard parts.count == 2, parts[1].hasPrefix("entries/") || parts[1].hasPrefix("attachments/") else { continue }
                blobs.append((String(parts[0].split(separator: " ")[2]), "\(commit.prefix(8)) \(parts[1])"))
            }
        }
        var plain: [String] = []
        for (id, label) in blobs {
            let result = try Sandbox.exec("/usr/bin/env", ["git", "cat-file", "blob", id], stdin: nil, env: box.environment, cwd: repository)
            if !result.stdout.hasPrefix("\u{0}JOURNALCRYPT2\u{0}") { plain.append(label) }
        }
        return plain
    }

    @Test func killedEncryptInit() throws {
        let box = try Sandbox()
        #expect(try box.journal("init").status == 0)
        for number in 0..<40 { _ = try box.add("Entry \(number)\n\nPlainword \(number) of the diary.") }
        let seed = box.root.path + "/seed"
        try FileManager.default.copyItem(atPath: box.journal, toPath: seed)
        let duration = try timed { () throws in
            let result = try box.journal("encrypt", "init")
            #expect(result.status == 0)
        }
        var random = SystemRandomNumberGenerator()
        for round in 0..<EncryptionKillTests.rounds {
            try FileManager.default.removeItem(atPath: box.journal)
            try FileManager.default.copyItem(atPath: seed, toPath: box.journal)
            let delay = Double.random(in: 0...(duration * 1.2), using: &random)
            try kill(box, ["encrypt", "init"], after: delay)
            let label = "round \(round), killed after \(Int(delay * 1000)) ms"
            #expect(sealedFiles(box.journal).isEmpty, "\(label): sealed files in the folder")
            let next = try box.journal("commit")
            #expect(next.status == 0, "\(label): \(next.stderr)")
            #expect(try plaintextInCoveredCommits(box, box.journal) == [], "\(label)")
            let status = try box.git("status", "--porcelain")
            #expect(status == "", "\(label): \(status)")
            #expect(try box.journal("list").stdout.contains("Entry 39"), "\(label)")
        }
    }

    /// The moment a kill of `encrypt init` can leave right after it wrote the marker: the key kept, the
    /// git program's filter configured, neither `.gitattributes` nor the commit. The next command finishes it:
    /// everything sealed, the marker and `.gitattributes` committed, nothing left over.
    @Test func aMarkerWithoutItsCommitIsFinished() throws {
        let box = try Sandbox()
        #expect(try box.journal("init").status == 0)
        _ = try box.add("Entry\n\nPlainword of the diary.")
        #expect(try box.journal("encrypt", "init").status == 0)
        // HEAD and git's index back before the commit, the folder as it was (no checkout, so no filter).
        _ = try box.git("reset", "-q", "--soft", "HEAD~1")
        _ = try box.git("reset", "-q")
        try FileManager.default.removeItem(atPath: box.journal + "/.gitattributes")
        #expect(try box.git("ls-files", ".gitattributes", ".journal-crypt") == "")

        let list = try box.journal("list")
        #expect(list.status == 0, "\(list.stderr)")
        #expect(list.stdout.contains("Entry"))
        #expect(try box.git("status", "--porcelain") == "")
        #expect(try box.git("ls-files", ".gitattributes", ".journal-crypt") == ".gitattributes\n.journal-crypt\n")
        #expect(sealedFiles(box.journal).isEmpty)
        #expect(try plaintextInCoveredCommits(box, box.journal) == [])
    }

    /// The git program's filter configured but no record of encryption on this machine and no marker
    /// (nothing the tool leaves, but a hand-made or damaged set-up): nothing to seal with, so the filter
    /// refuses, and git stores nothing, rather than storing the file in plain text.
    @Test func aFilterWithoutTheMarkerNeverStoresPlaintext() throws {
        let box = try Sandbox()
        #expect(try box.journal("init").status == 0)
        _ = try box.add("Entry\n\nPlainword of the diary.")
        let filter = Sandbox.shellQuote(Sandbox.binary)
        try box.git("config", "filter.journal-crypt.clean", filter + " encrypt clean %f")
        try box.git("config", "filter.journal-crypt.smudge", filter + " encrypt smudge %f")
        try box.git("config", "filter.journal-crypt.required", "true")
        try box.write(".git/info/attributes", "entries/** filter=journal-crypt\n")
        let path = try #require(box.entryFiles().first)
        try box.write(path, (try String(contentsOfFile: box.journal + "/" + path, encoding: .utf8)) + "More.\n")
        let head = try box.git("rev-parse", "HEAD")
        let commit = try Sandbox.exec("/usr/bin/env", ["git", "commit", "-qam", "by the git program"], stdin: nil,
                                      env: box.environment, cwd: box.journal)
        #expect(commit.status != 0)
        #expect(commit.stderr.contains("refusing to store \(path)"), "\(commit.stderr)")
        #expect(try box.git("rev-parse", "HEAD") == head)
    }

    @Test func killedSyncAndClone() throws {
        let peers = try Peers()
        #expect(try peers.run("a", "encrypt", "init", "--export", peers.box.root.path + "/journal.key").status == 0)
        for number in 0..<20 { try peers.add("a", "Entry \(number)\n\nPlainword \(number).") }
        try peers.sync("a")
        try peers.sync("b")
        var random = SystemRandomNumberGenerator()
        for round in 0..<EncryptionKillTests.rounds {
            try peers.add("a", "From a \(round)\n\nPlainword a\(round).")
            try peers.add("b", "From b \(round)\n\nPlainword b\(round).")
            try peers.sync("a")
            peers.box.advanceClock()
            let delay = Double.random(in: 0...0.6, using: &random)
            try kill(peers.box, ["-J", peers.path("b"), "sync"], after: delay)
            for lock in (FileManager.default.enumerator(atPath: peers.remote)?.allObjects as? [String] ?? []) where lock.hasSuffix(".lock") {
                try? FileManager.default.removeItem(atPath: peers.remote + "/" + lock)
            }
            let label = "sync round \(round), killed after \(Int(delay * 1000)) ms"
            #expect(sealedFiles(peers.path("b")).isEmpty, "\(label): sealed files in the folder")
            let next = try peers.run("b", "sync")
            #expect(next.status == 0, "\(label): \(next.stderr)")
            #expect(try plaintextInCoveredCommits(peers.box, peers.path("b")) == [], "\(label)")
            #expect(try plaintextInCoveredCommits(peers.box, peers.remote) == [], "\(label)")
        }
        try peers.sync("a")
        #expect(try peers.snapshot("a") == peers.snapshot("b"))
        // Clone, killed: what is left has no sealed file in its folder.
        let elsewhere = ["XDG_CONFIG_HOME": peers.box.root.path + "/elsewhere"]
        for round in 0..<EncryptionKillTests.rounds {
            let target = peers.box.root.path + "/clone-\(round)"
            let delay = Double.random(in: 0...0.5, using: &random)
            try kill(peers.box, ["clone", peers.remote, target, "--key-file", peers.box.root.path + "/journal.key"],
                     after: delay, env: elsewhere)
            #expect(sealedFiles(target).isEmpty, "clone round \(round), killed after \(Int(delay * 1000)) ms: sealed files in the folder")
        }
    }
}
