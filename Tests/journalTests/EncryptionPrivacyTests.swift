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
        try "bytes".write(toFile: file, atomically: true, encoding: .utf8)
        #expect(try box.journal("attach", id, file).status == 0)
        let source = box.root.path + "/secret-diary-name.txt"
        try "[2024-03-01 09:00] Imported xylotitle.\n".write(toFile: source, atomically: true, encoding: .utf8)
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
        #expect(try box.journal("sync").status == 0)
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
        #expect(try box.journal("sync").status == 0)
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
