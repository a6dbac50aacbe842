import Foundation
import Testing

/// What an encrypted journal lets out: commit messages with verbs and ids only, key files readable by their
/// owner alone, and a deliberate, local way to turn encryption off.
@Suite struct EncryptionPrivacyTests {
    @Test func commitMessagesCarryVerbsAndIdsOnly() throws {
        let box = try Sandbox()
        #expect(try box.journal("init").status == 0)
        #expect(try box.journal("encrypt", "init").status == 0)
        let id = try box.add("Xylosecret title\n\nText #holidayleak")
        #expect(try box.journal("tag", id, "+tagleakcheck").status == 0)
        #expect(try box.journal("categories", "add", "zebrasecretcat").status == 0)
        #expect(try box.journal("edit", id, "--category", "zebrasecretcat").status == 0)
        #expect(try box.journal("tags", "rename", "holidayleak", "renamedholidaytag").status == 0)
        let file = box.root.path + "/ocelot-secret-name.txt"
        try "bytes".writeReplacing(toFile: file)
        #expect(try box.journal("attach", id, file).status == 0)
        let source = box.root.path + "/secret-diary-name.txt"
        try "[2024-03-01 09:00] Imported xylotitle.\n".writeReplacing(toFile: source)
        let imported = try box.journal("import", "jrnl", source)
        #expect(imported.status == 0, "\(imported.stderr)")
        let log = try box.git("log", "--format=%B")
        for secret in ["Xylosecret", "tagleakcheck", "zebrasecretcat", "holidayleak", "renamedholidaytag", "ocelot",
                       "secret-diary-name", "xylotitle"] {
            #expect(!log.contains(secret), "a commit message names \(secret):\n\(log)")
        }
        #expect(log.contains("Tag entry \(id)"), "\(log)")
        #expect(log.contains("Attach entry \(id)"), "\(log)")
    }

    /// journal.yml (category names) is sealed like entries; a journal encrypted before that seals it at
    /// its next command.
    @Test func theSettingsAreSealed() throws {
        let box = try Sandbox()
        #expect(try box.journal("init").status == 0)
        #expect(try box.journal("encrypt", "init").status == 0)
        #expect(try box.journal("categories", "add", "zebrasecretcat").status == 0)
        #expect(try box.git("cat-file", "-p", "HEAD:journal.yml").hasPrefix("\u{0}JOURNALCRYPT2\u{0}"))
        #expect(try box.journal("categories").stdout.contains("zebrasecretcat"))
        #expect(!(try box.git("cat-file", "-p", "HEAD:journal.yml").contains("zebrasecretcat")))
        // As an earlier version left it: journal.yml plain, .gitattributes without its line.
        try box.write(".gitattributes", "entries/** filter=journal-crypt diff=journal-crypt\nattachments/** filter=journal-crypt diff=journal-crypt\n")
        try box.write(".git/info/attributes", "")
        // (--renormalize: git would keep the index's sealed blob of a file whose stat data did not change,
        // whenever the index was written a second after it: a test that failed on a loaded machine.)
        try box.git("add", "--renormalize", ".gitattributes", "journal.yml")
        try box.git("commit", "-q", "-m", "as before")
        #expect(!(try box.git("cat-file", "-p", "HEAD:journal.yml").hasPrefix("\u{0}JOURNALCRYPT")))
        let list = try box.journal("list")
        #expect(list.status == 0, "\(list.stderr)")
        #expect(!list.stderr.contains("encryption stays on"), "\(list.stderr)")
        #expect(try box.git("log", "-1", "--format=%s") == "Encrypt journal.yml and templates\n")
        #expect(try box.git("cat-file", "-p", "HEAD:journal.yml").hasPrefix("\u{0}JOURNALCRYPT2\u{0}"))
        #expect(try box.git("status", "--porcelain") == "")
    }

    @Test func keyFilesAreTheOwnersAlone() throws {
        let box = try Sandbox()
        #expect(try box.journal("init").status == 0)
        let key = box.root.path + "/journal.key"
        #expect(try box.run(["encrypt", "init", "--export", key]).status == 0)
        let mode = { (path: String) in
            ((try? FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) ?? 0) & 0o777
        }
        #expect(mode(key) == 0o600)
        #expect(mode(box.home + "/.config/journal/keys") == 0o700)
        // An existing file is never written over.
        let again = try box.run(["-J", box.root.path + "/other", "init"])
        #expect(again.status == 0)
        let refused = try box.run(["-J", box.root.path + "/other", "encrypt", "init", "--export", key])
        #expect(refused.status == 1)
        // A clone on a machine with no keys folder yet makes it 0700 too.
        let remote = box.root.path + "/remote.git"
        try box.git("init", "--bare", "-q", "-b", "main", remote, in: box.root.path)
        #expect(try box.journal("remote", "add", "origin", remote).status == 0)
        // Its past from before encryption goes too: these tests are about the key, not the past.
        #expect(try box.journal("sync", "--include-plaintext-history").status == 0)
        let elsewhere = ["XDG_CONFIG_HOME": box.root.path + "/elsewhere"]
        #expect(try box.run(["clone", remote, box.root.path + "/copy", "--key-file", key], env: elsewhere).status == 0)
        #expect(mode(box.root.path + "/elsewhere/journal/keys") == 0o700)
    }

    /// A clone the git program made without the key holds ciphertext: `list` says each entry is locked
    /// and how to unlock it, instead of calling it broken.
    @Test func aCloneWithoutTheKeyListsEntriesAsLocked() throws {
        let box = try Sandbox()
        #expect(try box.journal("init").status == 0)
        _ = try box.add("Harbour walk\n\nBoats.")
        #expect(try box.journal("encrypt", "init").status == 0)
        let remote = box.root.path + "/remote.git"
        try box.git("init", "--bare", "-q", "-b", "main", remote, in: box.root.path)
        #expect(try box.journal("remote", "add", "origin", remote).status == 0)
        // Its past from before encryption goes too: these tests are about the key, not the past.
        #expect(try box.journal("sync", "--include-plaintext-history").status == 0)
        let copy = box.root.path + "/copy"
        try box.git("clone", "-q", remote, copy, in: box.root.path)
        let elsewhere = ["XDG_CONFIG_HOME": box.root.path + "/elsewhere"]
        let list = try box.run(["-J", copy, "list"], env: elsewhere)
        #expect(list.stdout.contains("locked: stored encrypted and this machine has no key"), "\(list.stdout)\(list.stderr)")
        #expect(!list.stdout.contains("not UTF-8"))
    }

    /// `encrypt off` asks (or wants --yes), stores every entry again in plain text, keeps the key for the
    /// history, and does not reach other machines by itself: each refuses the remote's turning off until
    /// it runs `encrypt off` too.
    @Test func turningEncryptionOffIsDeliberateAndLocal() throws {
        let peers = try Peers()
        #expect(try peers.run("a", "encrypt", "init").status == 0)
        let walk = try peers.add("a", "Harbour walk\n\nWe watched the boats.")
        try peers.sync("a")
        try peers.sync("b")
        let head = try peers.git("a", "rev-parse", "HEAD")
        let unasked = try peers.run("a", "encrypt", "off")
        #expect(unasked.status == 1)
        #expect(unasked.stderr.contains("add --yes"), "\(unasked.stderr)")
        #expect(try peers.git("a", "rev-parse", "HEAD") == head)
        let off = try peers.run("a", "encrypt", "off", "--yes")
        #expect(off.status == 0, "\(off.stderr)")
        #expect(off.stdout.contains("Encryption is off"))
        #expect(try peers.git("a", "show", "HEAD:" + walk.path).contains("We watched the boats."))
        #expect(peers.read("a", ".journal-crypt") == nil && peers.read("a", ".gitattributes") == nil)
        #expect(try peers.run("a", "encrypt", "status").stdout.contains("Encryption: off"))
        let later = try peers.add("a", "Plain now")
        #expect(try peers.git("a", "show", "HEAD:" + later.path).contains("Plain now"))
        // The history's sealed versions still read.
        #expect(try peers.run("a", "log", walk.id, "-p").stdout.contains("We watched the boats."))
        try peers.sync("a")
        let refused = try peers.run("b", "sync")
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("tried to turn encryption off"), "\(refused.stderr)")
        #expect(try peers.run("b", "encrypt", "off", "--yes").status == 0)
        try peers.sync("b")
        try peers.sync("a")
        #expect(try peers.snapshot("a") == peers.snapshot("b"))
        try peers.expectHealthy("a")
        try peers.expectHealthy("b")
    }
}

/// A machine that cloned before encryption was turned on elsewhere: its sync says how to give the key,
/// `encrypt init` refuses to make a second key, and the key given once (to `unlock` or `sync`) is enough.
@Suite struct EncryptionLateMachineTests {
    @Test func aMachineThatClonedBeforeEncryptionTakesTheKeyOnce() throws {
        let peers = try Peers(["a", "b", "c"])
        let key = peers.box.root.path + "/journal.key"
        // b and c live elsewhere: their own keys folders.
        let bEnv = ["XDG_CONFIG_HOME": peers.box.root.path + "/b-config"]
        let cEnv = ["XDG_CONFIG_HOME": peers.box.root.path + "/c-config"]
        #expect(try peers.run("a", "encrypt", "init", "--export", key).status == 0)
        try peers.add("a", "Sealed from the start")
        try peers.sync("a")
        let offline = try peers.add("b", "Xylowritten before it knew")
        let stuck = try peers.run("b", "sync", env: bEnv)
        #expect(stuck.status == 1)
        #expect(stuck.stderr.contains("run `journal sync --key-file PATH`"), "\(stuck.stderr)")
        let second = try peers.run("b", "encrypt", "init", env: bEnv)
        #expect(second.status == 1)
        #expect(second.stderr.contains("encrypted already"), "\(second.stderr)")
        let unlocked = try peers.run("b", "encrypt", "unlock", "--key-file", key, env: bEnv)
        #expect(unlocked.status == 0, "\(unlocked.stderr)")
        #expect(unlocked.stdout.contains("Key kept"))
        let synced = try peers.run("b", "sync", env: bEnv)
        #expect(synced.status == 0, "\(synced.stderr)")
        #expect(try peers.run("b", "encrypt", "status", env: bEnv).stdout.contains("Encryption: on"))
        // c gives the key to sync itself.
        try peers.add("c", "Also from before")
        let cSynced = try peers.run("c", "sync", "--key-file", key, env: cEnv)
        #expect(cSynced.status == 0, "\(cSynced.stderr)")
        try peers.sync("a")
        let titles = try peers.run("a", "list").stdout
        #expect(titles.contains("Xylowritten before it knew") && titles.contains("Also from before"))
        #expect(peers.read("a", offline.path)?.contains("Xylowritten") == true)
        let objects = try peers.box.git(["cat-file", "--batch-all-objects", "--batch"], in: peers.remote)
        #expect(!objects.contains("Xylowritten"))
    }
}
