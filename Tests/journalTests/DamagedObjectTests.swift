import Foundation
import TestSupport
import Testing

/// A loose git object damaged on disk (a bad sector, a copy cut short): `journal doctor` finds every object the
/// history needs that does not read whole, names it with the entry it holds, and writes it again from the work
/// tree's file or a remote's copy; a command that needs one says which, and points at the doctor.
@Suite struct DamagedObjectTests {
    /// Flips three bytes of the loose object `id`, as a bad sector would.
    static func damage(_ box: Sandbox, _ id: String, in folder: String? = nil) throws {
        let path = (folder ?? box.journal) + "/.git/objects/\(id.prefix(2))/\(id.dropFirst(2))"
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
        var data = try Data(contentsOf: URL(fileURLWithPath: path))
        for offset in 10..<13 { data[offset] ^= 0xFF }
        try data.write(to: URL(fileURLWithPath: path))
        #expect(throws: (any Error).self) { try box.git("fsck", "--no-progress", in: folder) }
    }

    /// A journal with one entry in two versions (the second committed after an edit by hand).
    static func twoVersions(_ box: Sandbox) throws -> (id: String, path: String) {
        try box.journal("init")
        let id = try box.add("Harbour walk")
        let path = try #require(box.entryFiles().first)
        box.advanceClock()
        try box.write(path, try #require(box.read(path)) + "\nThe boats came in at dusk.\n")
        #expect(try box.journal("commit").status == 0)
        return (id, path)
    }

    static func damaged(_ object: String, _ holding: String, _ reason: String = "invalid code lengths set") -> String {
        "journal: the git object \(object.prefix(8)) (\(holding)) is damaged: \(reason); run `journal doctor`, "
            + "which repairs it from the file or from a remote that has it\n"
    }

    @Test func theDoctorWritesDamagedObjectsAgainFromTheFileAndTheRemote() throws {
        let server = try ProviderServer()
        let box = try DoctorTests.wellJournal(server)
        let id = try box.add("Harbour walk")
        let path = try #require(box.entryFiles().first { $0.hasSuffix("-\(id).md") })
        box.advanceClock()
        try box.write(path, try #require(box.read(path)) + "\nThe boats came in at dusk.\n")
        #expect(try box.journal("sync").status == 0)
        let old = try box.git("rev-parse", "HEAD~1:\(path)").trimmingCharacters(in: .newlines)
        let current = try box.git("rev-parse", "HEAD:\(path)").trimmingCharacters(in: .newlines)
        let folder = try box.git("rev-parse", "HEAD:entries").trimmingCharacters(in: .newlines)
        let commit = try box.git("rev-parse", "HEAD~1").trimmingCharacters(in: .newlines)
        let head = try box.git("rev-parse", "HEAD").trimmingCharacters(in: .newlines)
        for object in [old, current, folder, commit] { try Self.damage(box, object) }
        let log = try box.journal("log", "-p", id)
        #expect(log.status == 1)
        #expect(log.stderr.contains("is damaged") && log.stderr.contains("`journal doctor`"), "\(log.stderr)")

        let result = try box.journal("doctor")
        #expect(result.status == 0, "\(result.stdout)")
        for expected in [
            "fixed    object \(folder.prefix(8)) (the folder entries as of commit \(head.prefix(8))) was damaged: written again from the remote origin",
            "fixed    object \(commit.prefix(8)) (commit \(commit.prefix(8))) was damaged: written again from the remote origin",
            "fixed    object \(current.prefix(8)) (entry \(id), \(path) as of commit \(head.prefix(8))) was damaged: "
                + "written again from the file \(path) in the work tree",
            "fixed    object \(old.prefix(8)) (entry \(id), \(path) as of commit \(commit.prefix(8))) was damaged: "
                + "written again from the remote origin",
        ] {
            #expect(result.stdout.contains(expected + "\n"), "\(expected)\n\(result.stdout)")
        }
        #expect(result.stdout.contains("ok       objects: 4 commits and "), "\(result.stdout)")
        #expect(result.stdout.hasSuffix("\nAll is well.\n"))
        try box.expectCleanRepository()
        #expect(try box.journal("log", "-p", id).stdout.contains("+The boats came in at dusk."))
        #expect(try box.journal("doctor").stdout.contains("ok       objects: 4 commits and "))
        #expect(try FileManager.default.contentsOfDirectory(atPath: box.journal + "/.git/journal/tmp").isEmpty)
    }

    @Test func commandsThatNeedADamagedObjectNameItAndTheEntry() throws {
        let box = try Sandbox()
        let (id, path) = try Self.twoVersions(box)
        let old = try box.git("rev-parse", "HEAD~1:\(path)").trimmingCharacters(in: .newlines)
        let maker = try box.git("rev-parse", "HEAD~1").trimmingCharacters(in: .newlines)
        try Self.damage(box, old)
        let expected = Self.damaged(old, "entry \(id), \(path) as of commit \(maker.prefix(8))")
        // `log` reads each version's title.
        for arguments in [["log", "-p", id], ["restore", id, "--at", "HEAD~1"], ["show", id, "--at", "HEAD~1"], ["restore", id], ["log"]] {
            let result = try box.run(arguments)
            #expect(result.status == 1, "\(arguments)")
            #expect(result.stderr == expected, "\(arguments): \(result.stderr)")
        }
        let korean = try box.journal("log", "-p", id, env: KoreanTests.korean)
        // The particle follows the object's id, read aloud (…3 삼이, …a 에이가).
        let particle = "013678".contains(old.prefix(8).last ?? "a") ? "이" : "가"
        #expect(korean.stderr.contains("git 객체 \(old.prefix(8))(일기 \(id), 커밋 \(maker.prefix(8)) 시점의 \(path))\(particle) 손상됐어요"), "\(korean.stderr)")
        #expect(korean.stderr.contains("`journal doctor`를 실행하면"))
        // What does not need it still works.
        #expect(try box.journal("show", id).status == 0)
        #expect(try box.journal("log", id).status == 0)

        // A sync has to send it (the remote has never seen it): refused, naming it; nothing is pushed.
        let bare = box.root.path + "/remote.git"
        try box.git("init", "--bare", "-q", "-b", "main", bare, in: box.root.path)
        try box.journal("remote", "add", "origin", bare)
        let sync = try box.journal("sync")
        #expect(sync.status == 1)
        #expect(sync.stderr == expected, "\(sync.stderr)")
        #expect((try? box.git("rev-parse", "--verify", "-q", "main", in: bare)) == nil)

        // No file and no remote has that version: the doctor names it and says what to do.
        let doctor = try box.journal("doctor")
        #expect(doctor.status == 1)
        let line = DoctorTests.line(doctor, "PROBLEM", "object \(old.prefix(8))")
        #expect(line == "PROBLEM  object \(old.prefix(8)) (entry \(id), \(path) as of commit \(maker.prefix(8))) is damaged: invalid code lengths set"
            + "\nfix: add a remote that has it (`journal remote add NAME URL`) and run `journal doctor` again, or copy "
            + ".git/objects/\(old.prefix(2))/\(old.dropFirst(2)) from another clone of this journal", "\(doctor.stdout)")
        #expect(!doctor.stdout.contains("fixed    object"))
    }

    @Test func anEncryptedJournalsBlobIsSealedAgainFromItsFile() throws {
        let box = try Sandbox()
        let (first, _, _) = try EncryptionTests().encryptedJournal(box)
        let path = try #require(box.entryFiles().first { $0.hasSuffix("-\(first).md") })
        let sealed = try box.git("rev-parse", "HEAD:\(path)").trimmingCharacters(in: .newlines)
        let bytes = try box.git("cat-file", "blob", sealed)
        try Self.damage(box, sealed)
        let result = try box.journal("doctor")
        #expect(result.stdout.contains("fixed    object \(sealed.prefix(8)) (entry \(first), \(path) as of commit "), "\(result.stdout)")
        #expect(result.stdout.contains("was damaged: written again from the file \(path) in the work tree\n"))
        try box.expectCleanRepository()
        // The same sealed bytes as before: the work tree's plaintext went through the cipher.
        #expect(try box.git("cat-file", "blob", sealed) == bytes)
        #expect(!bytes.contains("Harbour walk"))
        #expect(try box.journal("show", first, "--at", "HEAD").stdout.contains("Harbour walk"))
    }
}
