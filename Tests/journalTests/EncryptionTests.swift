import Foundation
import Testing

/// `journal encrypt`: the folder stays plain Markdown, every blob of an entry or attachment in a commit
/// (and so on every remote) is ciphertext, and the git program reads and writes the same way.
@Suite struct EncryptionTests {
    static let magic = "\u{0}JOURNALCRYPT2\u{0}"

    /// A journal with two entries, encrypted with its key exported to `<root>/journal.key`.
    func encryptedJournal(_ box: Sandbox) throws -> (first: String, second: String, key: String) {
        #expect(try box.journal("init").status == 0)
        let first = try box.add("Harbour walk\n\nWe watched the zephyrine boats come in.")
        let second = try box.add("Market day\n\nBought quillwort honey.")
        box.advanceClock()
        let key = box.root.path + "/journal.key"
        let result = try box.journal("encrypt", "init", "--export", key)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Encryption is on: 3 files (entries/, attachments/ and journal.yml) re-stored encrypted"))
        #expect(result.stdout.contains("Key written to \(key)"))
        #expect(result.stdout.contains("earlier commits keep the plaintext"))
        return (first, second, key)
    }

    func blob(_ box: Sandbox, _ spec: String, in folder: String? = nil) throws -> String {
        try box.git("cat-file", "blob", spec, in: folder)
    }

    @Test func initSealsEveryEntryAndTheFolderStaysPlain() throws {
        let box = try Sandbox()
        let (first, _, key) = try encryptedJournal(box)
        let keys = try FileManager.default.contentsOfDirectory(atPath: box.home + "/.config/journal/keys")
        #expect(keys.count == 1)
        let mode = try FileManager.default.attributesOfItem(atPath: box.home + "/.config/journal/keys/" + keys[0])[.posixPermissions] as? Int
        #expect(mode == 0o600)
        #expect(FileManager.default.contents(atPath: key) == FileManager.default.contents(atPath: box.home + "/.config/journal/keys/" + keys[0]))
        let path = try #require(box.entryFiles().first { $0.contains(first) })
        #expect(try blob(box, "HEAD:" + path).hasPrefix(EncryptionTests.magic))
        #expect(box.read(path)?.contains("zephyrine") == true)
        #expect(try box.git("status", "--porcelain") == "")
        #expect(try box.git("check-attr", "filter", path).contains("journal-crypt"))
        // Reading works as before: list, show, search.
        #expect(try box.journal("list").stdout.contains("Harbour walk"))
        #expect(try box.journal("search", "quillwort").stdout.contains("Market day"))
        let status = try box.journal("encrypt", "status")
        #expect(status.stdout.contains("Encryption: on for entries/, attachments/, templates/ and journal.yml"))
        #expect(status.stdout.contains("A remote still sees: the names of files and folders"))
        #expect(status.stdout.contains("earlier commits hold plaintext"))
        // A second init changes nothing.
        let again = try box.journal("encrypt", "init")
        #expect(again.status == 1)
        #expect(again.stderr.contains("already encrypted"))
    }

    @Test func newCommitsCarryNoTitlesAndHistoryDecrypts() throws {
        let box = try Sandbox()
        let (first, _, _) = try encryptedJournal(box)
        box.advanceClock()
        let third = try box.add("Secret garden\n\nThe marigolds are up.")
        #expect(try box.commitSubjects().first == "Add entry \(third)")
        box.advanceClock()
        #expect(try box.journal("edit", first, "--tag", "sea").status == 0)
        let subjects = try box.commitSubjects()
        #expect(!subjects[0].contains("Harbour"), "\(subjects[0])")
        let path = try #require(box.entryFiles().first { $0.contains(third) })
        try box.write(path, try #require(box.read(path)).replacingOccurrences(of: "marigolds", with: "tulips"))
        #expect(try box.journal("commit").status == 0)
        let history = try box.journal("log", third, "-p")
        #expect(history.status == 0, "\(history.stderr)")
        #expect(history.stdout.contains("-The marigolds are up."))
        #expect(history.stdout.contains("+The tulips are up."))
        // The git program diffs plaintext through the textconv driver journal set up.
        let gitLog = try box.git("log", "-p", "-1")
        #expect(gitLog.contains("+The tulips are up."), "\(gitLog)")
        #expect(try blob(box, "HEAD:" + path).hasPrefix(EncryptionTests.magic))
        // Delete and restore: the restored file is plain, its blob sealed.
        box.advanceClock()
        #expect(try box.journal("rm", "-y", third).status == 0)
        box.advanceClock()
        let restored = try box.journal("restore", third)
        #expect(restored.status == 0, "\(restored.stderr)")
        #expect(box.read(path)?.contains("tulips") == true)
        #expect(try blob(box, "HEAD:" + path).hasPrefix(EncryptionTests.magic))
        try box.expectCleanRepository()
    }

    @Test func theGitProgramStoresAndChecksOutThroughTheFilter() throws {
        let box = try Sandbox()
        let (first, _, key) = try encryptedJournal(box)
        let path = try #require(box.entryFiles().first { $0.contains(first) })
        // An edit committed by the git program is sealed by journal's clean filter.
        try box.write(path, try #require(box.read(path)) + "Gulls everywhere.\n")
        try box.git("commit", "-q", "-am", "by hand")
        #expect(try blob(box, "HEAD:" + path).hasPrefix(EncryptionTests.magic))
        try box.expectCleanRepository()
        // A clone made by the git program holds ciphertext until `encrypt unlock`.
        let other = box.root.path + "/other"
        try box.git("clone", "-q", box.journal, other, in: box.root.path)
        #expect(FileManager.default.contents(atPath: other + "/" + path)?.starts(with: Data(EncryptionTests.magic.utf8)) == true)
        let elsewhere = ["XDG_CONFIG_HOME": box.root.path + "/elsewhere"]
        // Without the key nothing is committed (never a plaintext blob): the new file waits in the folder.
        let before = try box.git("rev-parse", "HEAD", in: other)
        let locked = try box.run(["-J", other, "add", "Locked out\n\nPlainword secret."], env: elsewhere)
        #expect(locked.status == 1)
        #expect(locked.stderr.contains("no key for this journal"), "\(locked.stderr)")
        #expect(try box.git("rev-parse", "HEAD", in: other) == before)
        let unlocked = try box.run(["-J", other, "encrypt", "unlock", "--key-file", key], env: elsewhere)
        #expect(unlocked.status == 0, "\(unlocked.stderr)")
        #expect(unlocked.stdout.contains("3 files decrypted"), "\(unlocked.stdout)")
        #expect(String(decoding: FileManager.default.contents(atPath: other + "/" + path) ?? Data(), as: UTF8.self)
            .contains("Gulls everywhere."))
        // The entry added while locked is committed now, sealed.
        #expect(try box.run(["-J", other, "commit"], env: elsewhere).status == 0)
        #expect(try box.git("status", "--porcelain", in: other) == "")
        let dump = try box.git("cat-file", "--batch-all-objects", "--batch", in: other)
        #expect(!dump.contains("Plainword"))
    }

    @Test func cloneAsksForTheKeyAndChecksItFirst() throws {
        let box = try Sandbox()
        let (first, _, key) = try encryptedJournal(box)
        let remote = box.root.path + "/remote.git"
        try box.git("init", "--bare", "-q", "-b", "main", remote, in: box.root.path)
        #expect(try box.journal("remote", "add", "origin", remote).status == 0)
        // Its past from before encryption goes too: these tests are about the key, not the past.
        #expect(try box.journal("sync", "--include-plaintext-history").status == 0)
        let elsewhere = ["XDG_CONFIG_HOME": box.root.path + "/elsewhere"]
        let target = box.root.path + "/copy"
        let without = try box.run(["clone", remote, target], env: elsewhere)
        #expect(without.status == 1)
        #expect(without.stderr == "journal: \(remote) is an encrypted journal: give its key with --key-file PATH (or type its recovery words on a terminal); nothing was cloned\n")
        #expect(!FileManager.default.fileExists(atPath: target))
        let wrongKey = box.root.path + "/wrong.key"
        try String(repeating: "ab", count: 32).writeReplacing(toFile: wrongKey)
        let wrong = try box.run(["clone", remote, target, "--key-file", wrongKey], env: elsewhere)
        #expect(wrong.status == 1)
        #expect(wrong.stderr.contains("is not the key of \(remote)"), "\(wrong.stderr)")
        #expect(!FileManager.default.fileExists(atPath: target))
        let cloned = try box.run(["clone", remote, target, "--key-file", key], env: elsewhere)
        #expect(cloned.status == 0, "\(cloned.stderr)")
        let path = try #require(box.entryFiles().first { $0.contains(first) })
        #expect(String(decoding: FileManager.default.contents(atPath: target + "/" + path) ?? Data(), as: UTF8.self)
            .contains("zephyrine"))
        #expect(try box.run(["-J", target, "list"], env: elsewhere).stdout.contains("Harbour walk"))
        #expect(try box.git("status", "--porcelain", in: target) == "")
        let words = try box.run(["-J", target, "encrypt", "status"], env: elsewhere)
        #expect(words.stdout.contains("Key: \(box.root.path)/elsewhere/journal/keys/"))
    }

    @Test func recoveryWordsAreAKey() throws {
        let box = try Sandbox()
        #expect(try box.journal("init").status == 0)
        _ = try box.add("Harbour walk\n\nZephyrine boats.")
        let result = try box.journal("encrypt", "init")
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n")
        let index = try #require(lines.firstIndex { $0.hasPrefix("Recovery words") })
        let words = String(lines[index + 1])
        #expect(words.split(separator: " ").count == 24)
        let remote = box.root.path + "/remote.git"
        try box.git("init", "--bare", "-q", "-b", "main", remote, in: box.root.path)
        #expect(try box.journal("remote", "add", "origin", remote).status == 0)
        // Its past from before encryption goes too: these tests are about the key, not the past.
        #expect(try box.journal("sync", "--include-plaintext-history").status == 0)
        let wordFile = box.root.path + "/words.txt"
        try words.writeReplacing(toFile: wordFile)
        let elsewhere = ["XDG_CONFIG_HOME": box.root.path + "/elsewhere"]
        let cloned = try box.run(["clone", remote, box.root.path + "/copy", "--key-file", wordFile], env: elsewhere)
        #expect(cloned.status == 0, "\(cloned.stderr)")
        // One word changed: the check fails.
        var changed = words.split(separator: " ").map(String.init)
        changed[3] = changed[3] == "abandon" ? "ability" : "abandon"
        try changed.joined(separator: " ").writeReplacing(toFile: wordFile)
        let bad = try box.run(["clone", remote, box.root.path + "/copy2", "--key-file", wordFile], env: elsewhere)
        #expect(bad.status == 1)
        // Refused either way: the check fails, or (one time in 256) the words make another key.
        #expect(bad.stderr.contains("not a journal key") || bad.stderr.contains("is not the key of"), "\(bad.stderr)")
    }

    /// A person cloning on a new machine types the recovery words at the prompt, on a real terminal.
    @Test func cloneAsksForTheRecoveryWordsOnATerminal() throws {
        let box = try Sandbox()
        #expect(try box.journal("init").status == 0)
        _ = try box.add("Harbour walk\n\nZephyrine boats.")
        let result = try box.journal("encrypt", "init")
        let lines = result.stdout.split(separator: "\n")
        let index = try #require(lines.firstIndex { $0.hasPrefix("Recovery words") })
        let words = String(lines[index + 1])
        let remote = box.root.path + "/remote.git"
        try box.git("init", "--bare", "-q", "-b", "main", remote, in: box.root.path)
        #expect(try box.journal("remote", "add", "origin", remote).status == 0)
        // Its past from before encryption goes too: these tests are about the key, not the past.
        #expect(try box.journal("sync", "--include-plaintext-history").status == 0)
        let elsewhere = ["XDG_CONFIG_HOME": box.root.path + "/elsewhere"]
        let copy = box.root.path + "/copy"
        // Typed at the prompt once it shows, and not echoed: the words are the key.
        let session = try TerminalSession(box, journal: ["clone", remote, copy], env: elsewhere)
        try session.waitFor("Recovery words: ")
        session.type(words + "\r")
        let typed = try session.finish()
        #expect(typed.status == 0, "\(typed.stdout)")
        #expect(!typed.stdout.contains(words.split(separator: " ").prefix(2).joined(separator: " ")), "\(typed.stdout)")
        #expect(typed.stdout.contains("Recovery words: \nCloned"), "\(typed.stdout)")
        let entry = try #require(try FileManager.default.subpathsOfDirectory(atPath: copy + "/entries").first { $0.hasSuffix(".md") })
        #expect(try String(contentsOfFile: copy + "/entries/" + entry, encoding: .utf8).contains("Zephyrine boats."))
        // A wrong word typed: refused, and nothing is left behind.
        var changed = words.split(separator: " ").map(String.init)
        changed[5] = changed[5] == "abandon" ? "ability" : "abandon"
        let wrong = try box.runInTerminal(["clone", remote, copy + "2"], input: changed.joined(separator: " ") + "\n", env: elsewhere)
        #expect(wrong.status == 1)
        // The words still checked out as a key (BIP-39's checksum lets one in 256 through), or did not.
        #expect(wrong.stdout.contains("not a journal key") || wrong.stdout.contains("is not the key of"), "\(wrong.stdout)")
        #expect(!FileManager.default.fileExists(atPath: copy + "2"))
    }

    /// Ctrl-C at the hidden prompt stops the clone as no answer does (nothing left behind) and gives
    /// the shell back its echo.
    @Test func interruptedRecoveryWordsPromptRestoresTheTerminal() throws {
        let box = try Sandbox()
        #expect(try box.journal("init").status == 0)
        _ = try box.add("Harbour walk")
        #expect(try box.journal("encrypt", "init").status == 0)
        let remote = box.root.path + "/remote.git"
        try box.git("init", "--bare", "-q", "-b", "main", remote, in: box.root.path)
        #expect(try box.journal("remote", "add", "origin", remote).status == 0)
        // Its past from before encryption goes too: these tests are about the key, not the past.
        #expect(try box.journal("sync", "--include-plaintext-history").status == 0)
        let clone = ([Sandbox.binary, "clone", remote, box.root.path + "/copy"]).map(Sandbox.shellQuote).joined(separator: " ")
        // The shell catches SIGINT (its children still die of it) so that it goes on to show the settings.
        let session = try TerminalSession(
            box, command: "trap ':' INT; \(clone); echo STATUS $?; stty -a",
            env: ["XDG_CONFIG_HOME": box.root.path + "/elsewhere"])
        try session.waitFor("Recovery words: ")
        session.type("\u{03}")
        let result = try session.finish()
        #expect(result.stdout.contains("nothing was cloned\nSTATUS 1"), "\(result.stdout)")
        let settings = try #require(result.stdout.components(separatedBy: "STATUS").last)
            .split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == ";" }).map(String.init)
        #expect(settings.contains("echo") && !settings.contains("-echo"), "\(settings)")
        #expect(!FileManager.default.fileExists(atPath: box.root.path + "/copy"))
    }

    @Test func aDamagedBlobIsOneLineNamingTheFileAndTheRestWorks() throws {
        let box = try Sandbox()
        let (first, second, _) = try encryptedJournal(box)
        let path = try #require(box.entryFiles().first { $0.contains(first) })
        let sealed = try blob(box, "HEAD:" + path)
        // A truncated copy of the blob, committed by hand at the entry's path.
        let cut = box.root.path + "/cut"
        try Data(sealed.utf8.prefix(30)).write(to: URL(fileURLWithPath: cut))
        let id = try box.git("hash-object", "-w", "--no-filters", cut).trimmingCharacters(in: .whitespacesAndNewlines)
        try box.git("update-index", "--cacheinfo", "100644,\(id),\(path)")
        try box.git("commit", "-q", "-m", "damage")
        let log = try box.journal("log", first, "-p")
        #expect(log.status == 1)
        #expect(log.stderr.contains(path) && log.stderr.contains("cut short"), "\(log.stderr)")
        #expect(log.stderr.split(separator: "\n").count == 1)
        #expect(try box.journal("show", second).stdout.contains("quillwort"))
    }

    /// The proof: a bare remote and two journals; after adds, edits, a conflict, deletes and a restore, no
    /// object in the remote holds any word of any entry, title or attachment, and both sides hold the
    /// same entries (the conflict copy included).
    @Test func theRemoteHoldsNoPlaintext() throws {
        let peers = try Peers()
        let init0 = try peers.run("a", "encrypt", "init")
        #expect(init0.status == 0, "\(init0.stderr)")
        try peers.sync("a")
        try peers.sync("b")
        #expect(try peers.run("b", "encrypt", "status").stdout.contains("Encryption: on"))
        let lunch = try peers.add("a", "Xylolunch title\n\nWe ate xylonoodles.")
        let walk = try peers.add("b", "Xylowalk title\n\nAlong the xyloriver.")
        let photo = peers.box.root.path + "/photo.jpg"
        try "xylophoto bytes".writeReplacing(toFile: photo)
        #expect(try peers.run("b", "attach", walk.id, photo).status == 0)
        try peers.sync("a")
        try peers.sync("b")
        try peers.sync("a")
        // The same words changed on both sides: a conflict copy.
        let base = try #require(peers.read("a", lunch.path))
        try peers.write("a", lunch.path, base.replacingOccurrences(of: "xylonoodles", with: "xylocold xylonoodles"))
        try peers.run("a", "commit")
        peers.box.advanceClock()
        try peers.write("b", lunch.path, base.replacingOccurrences(of: "xylonoodles", with: "xylodumplings"))
        try peers.run("b", "commit")
        try peers.sync("a")
        let summary = try peers.run("b", "sync")
        #expect(summary.stdout.contains("1 conflict"), "\(summary.stdout)")
        try peers.sync("a")
        // A delete and a restore.
        peers.box.advanceClock()
        #expect(try peers.run("a", "rm", "-y", walk.id).status == 0)
        try peers.sync("a")
        try peers.sync("b")
        peers.box.advanceClock()
        #expect(try peers.run("b", "restore", walk.id).status == 0)
        try peers.sync("b")
        try peers.sync("a")
        #expect(try peers.snapshot("a") == peers.snapshot("b"))
        #expect(try peers.entryFiles("a").count == 3)
        let attachments = FileManager.default.enumerator(atPath: peers.path("a") + "/attachments")?.allObjects as? [String] ?? []
        let photoPath = try #require(attachments.first { $0.hasSuffix("photo.jpg") })
        #expect(peers.read("a", "attachments/" + photoPath) == "xylophoto bytes")
        #expect(peers.read("b", "attachments/" + photoPath) == "xylophoto bytes")
        #expect(try peers.git("a", "status", "--porcelain") == "")
        // Every object of the remote, commits and trees included.
        let dump = try peers.box.git("cat-file", "--batch-all-objects", "--batch", in: peers.remote)
        for word in ["Xylolunch", "xylonoodles", "Xylowalk", "xyloriver", "xylophoto", "xylocold", "xylodumplings"] {
            #expect(!dump.contains(word), "the remote holds \(word)")
        }
    }

    /// A machine that wrote while another turned encryption on: its commits the remote has not seen hold
    /// plaintext (and titles in their messages). The sync that brings it the encryption re-stores them
    /// sealed, so the remote never holds their words; the originals stay on that machine under a ref.
    @Test func commitsMadeBeforeEncryptionArrivedNeverReachTheRemote() throws {
        let peers = try Peers()
        let shared = try peers.add("a", "Shared title\n\nThe first line.")
        try peers.sync("a")
        try peers.sync("b")
        // b, offline: a new entry and an edit of the shared one.
        peers.box.advanceClock()
        let early = try peers.add("b", "Xyloearly title\n\nWritten offline on xylomountain.")
        let sharedText = try #require(peers.read("b", shared.path))
        try peers.write("b", shared.path, sharedText + "An xyloedit made offline.\n")
        #expect(try peers.run("b", "commit").status == 0)
        // Meanwhile a turns encryption on and pushes.
        peers.box.advanceClock()
        #expect(try peers.run("a", "encrypt", "init").status == 0)
        try peers.sync("a")

        let synced = try peers.run("b", "sync")
        #expect(synced.status == 0, "\(synced.stderr)")
        #expect(synced.stderr.contains("2 commits made before it knew were re-stored encrypted"), "\(synced.stderr)")
        #expect(!synced.stderr.contains("made outside journal"), "\(synced.stderr)")
        try peers.sync("a")
        #expect(peers.read("a", early.path)?.contains("xylomountain") == true)
        #expect(peers.read("a", shared.path)?.contains("xyloedit") == true)
        #expect(try peers.snapshot("a") == peers.snapshot("b"))
        try peers.expectHealthy("a")
        try peers.expectHealthy("b")

        let dump = try peers.box.git("cat-file", "--batch-all-objects", "--batch", in: peers.remote)
        for word in ["Xyloearly", "xylomountain", "xyloedit"] {
            #expect(!dump.contains(word), "the remote holds \(word)")
        }
        // Every commit the remote got after the encryption names the marker; b's originals are kept locally.
        let kept = try peers.git("b", "for-each-ref", "--format=%(refname)", "refs/journal/before-encryption/")
        #expect(kept.split(separator: "\n").count == 1, "\(kept)")
        let original = kept.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(try peers.git("b", "log", "--format=%s", original).contains("Add \"Xyloearly title\""))
        #expect(throws: (any Error).self, "b's plaintext commits are not in its branch") {
            try peers.git("b", "merge-base", "--is-ancestor", original, "HEAD")
        }
        // The entry's history on b goes on from the sync: log shows it.
        #expect(try peers.run("b", "log", early.id).status == 0)
    }
}
