import Foundation
import Testing

/// An editor that saves in another encoding than UTF-8 (issue 47 §1): what was typed is never taken for an
/// empty text, never deleted and never written over; it waits in a draft, the message names the file, what is
/// wrong and how to go on, and `--encoding` takes it up. Typed in real vim, set to Latin-1, in a terminal.
@Suite struct EditorEncodingTests {
    /// vim saving in Latin-1, in a UTF-8 terminal.
    static func latin1Vim() throws -> [String: String]? {
        guard let vim = try SkipReason.startOrSkip({ try TerminalTests.program("vim") }) else { return nil }
        return ["EDITOR": "\(vim) -u NONE -N -n -c 'set fenc=latin1'", "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"]
    }

    static func drafts(_ box: Sandbox) -> [String] {
        let folder = box.journal + "/.git/journal/drafts"
        return ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".md") }
            .map { folder + "/" + $0 }
    }

    @Test func aNewEntrySavedInLatin1IsKeptAndTakenUpWithItsEncoding() throws {
        guard let editor = try EditorEncodingTests.latin1Vim() else { return }
        let box = try Sandbox()
        try box.journal("init")
        let writing = try TerminalSession(box, journal: ["add", "--no-location"], env: editor)
        try writing.waitFor("draft-")
        writing.type("ggdGiCafé au lait\r\rIt was crème brûlée weather.\u{1B}:wq\r")
        let said = try writing.finish()
        #expect(said.status == 1, "\(said.stdout)")
        #expect(box.entryFiles().isEmpty)
        let kept = try #require(EditorEncodingTests.drafts(box).first)
        let bytes = try #require(FileManager.default.contents(atPath: kept))
        #expect(bytes == Data("Caf\u{E9} au lait\n\nIt was cr\u{E8}me br\u{FB}l\u{E9}e weather.\n".unicodeScalars.map { UInt8($0.value) }))
        let id = String((kept as NSString).lastPathComponent.dropFirst(6).dropLast(3))
        let shown = said.stdout.replacingOccurrences(of: "\n", with: "")
        #expect(shown.contains("\(kept) is not UTF-8 text (line 1: byte 0xe9"), "\(said.stdout)")
        #expect(shown.contains("nothing was saved, and what you wrote is kept there as it is"), "\(said.stdout)")
        #expect(shown.contains("`journal drafts resume \(id) --encoding cp949`"), "\(said.stdout)")
        #expect(try box.journal("drafts").stdout.contains(id))

        // Resumed without naming the encoding: refused again, the draft's bytes untouched (not written over).
        let again = try box.journal("drafts", "resume", id, env: ["EDITOR": "true"])
        #expect(again.status == 1)
        #expect(again.stderr.contains("is not UTF-8 text"), "\(again.stderr)")
        #expect(FileManager.default.contents(atPath: kept) == bytes)
        // An encoding the system does not know: a usage mistake, nothing changes.
        let unknown = try box.journal("drafts", "resume", id, "--encoding", "klingon", env: ["EDITOR": "true"])
        #expect(unknown.status == 64)
        #expect(unknown.stderr.contains("unknown encoding 'klingon'"), "\(unknown.stderr)")
        #expect(FileManager.default.contents(atPath: kept) == bytes)

        let resumed = try box.journal("drafts", "resume", id, "--encoding", "latin1", env: ["EDITOR": "true"])
        #expect(resumed.status == 0, "\(resumed.stderr)")
        #expect(resumed.stdout.hasPrefix("Added "), "\(resumed.stdout)")
        let text = try box.onlyEntry()
        #expect(text.hasSuffix("---\nCafé au lait\n\nIt was crème brûlée weather.\n"), "\(text)")
        #expect(EditorEncodingTests.drafts(box).isEmpty)
        try box.expectCleanRepository()
    }

    @Test func anEditSavedInLatin1LeavesTheEntryAndIsKeptAsAnEdit() throws {
        guard let editor = try EditorEncodingTests.latin1Vim() else { return }
        let box = try Sandbox()
        try box.journal("init")
        let id = try box.add("Morning", "--no-location")
        let file = try #require(box.entryFiles().first)
        let before = try #require(box.read(file))
        let commits = try box.commitSubjects().count

        let editing = try TerminalSession(box, journal: ["edit", id], env: editor)
        try editing.waitFor("Morning")
        editing.type("GoWe had a café crème.\u{1B}:wq\r")
        let said = try editing.finish()
        #expect(said.status == 1, "\(said.stdout)")
        // The entry is as it was; what was typed waits in a draft of this edit, as it was saved.
        #expect(box.read(file) == before)
        #expect(try box.commitSubjects().count == commits)
        // Put back as it was: the same bytes as committed, written again (git's stat data is older).
        try box.expectCleanRepository(statCurrent: false)
        let kept = try #require(EditorEncodingTests.drafts(box).first)
        let draftID = String((kept as NSString).lastPathComponent.dropFirst(6).dropLast(3))
        #expect(String(decoding: try #require(FileManager.default.contents(atPath: kept)), as: UTF8.self).contains("We had a caf"))
        let shown = said.stdout.replacingOccurrences(of: "\n", with: "")
        #expect(shown.contains("is not UTF-8 text"), "\(said.stdout)")
        #expect(shown.contains("`journal drafts resume \(draftID)"), "\(said.stdout)")

        // A change made meanwhile (a tag) is merged with the kept edit.
        #expect(try box.journal("tag", id, "+cafe").status == 0)
        let resumed = try box.journal("drafts", "resume", draftID, "--encoding", "latin1", env: ["EDITOR": "true"])
        #expect(resumed.status == 0, "\(resumed.stderr)")
        #expect(resumed.stdout.hasPrefix("Edited \(id)"), "\(resumed.stdout)")
        let now = try #require(box.read(file))
        #expect(now.contains("We had a café crème.\n"), "\(now)")
        #expect(now.contains("tags: [cafe]\n"), "\(now)")
        #expect(EditorEncodingTests.drafts(box).isEmpty)
        try box.expectCleanRepository()

        // Named up front, the encoding reads the editor's file as it is saved.
        let named = try TerminalSession(box, journal: ["edit", id, "--encoding", "latin1"], env: editor)
        try named.waitFor("café")
        named.type("GoAnd a crêpe.\u{1B}:wq\r")
        let done = try named.finish()
        #expect(done.status == 0, "\(done.stdout)")
        #expect(box.read(file)?.contains("And a crêpe.\n") == true)
        try box.expectCleanRepository()
    }

    /// Text piped in: refused when it is not UTF-8 (no `caf�` stored), read in the encoding named.
    @Test func textPipedInIsReadInItsEncoding() throws {
        let box = try Sandbox()
        try box.journal("init")
        let shell = { (command: String) in
            try Sandbox.exec("/bin/sh", ["-c", command], stdin: nil, env: box.environment, cwd: box.home)
        }
        let journal = Sandbox.shellQuote(Sandbox.binary)
        let refused = try shell("printf 'caf\\351 au lait\\n' | \(journal) add --no-location")
        #expect(refused.status == 1)
        #expect(refused.stderr == "journal: the text given on standard input is not UTF-8 (line 1: byte 0xe9): nothing was saved; name its encoding with --encoding (latin1, cp949, euc-kr, utf-16, …)\n")
        #expect(box.entryFiles().isEmpty)
        let read = try shell("printf 'caf\\351 au lait\\n' | \(journal) add --no-location --encoding latin1")
        #expect(read.status == 0, "\(read.stderr)")
        #expect(try box.onlyEntry().hasSuffix("café au lait\n"))
        // Korean from cp949.
        let korean = try shell("printf '\\273\\347\\260\\372\\n' | \(journal) add --no-location --encoding cp949")
        #expect(korean.status == 0, "\(korean.stderr)")
        #expect(box.entryFiles().contains { box.read($0)?.hasSuffix("사과\n") == true })
    }
}
