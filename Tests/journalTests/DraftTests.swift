import Foundation
import Testing

/// The comforts of the phone apps (issue 31 §6): a draft is never orphaned when the terminal closes while
/// the editor is open, and `list --preview` shows each body's first line.
@Suite struct DraftTests {
    var draftsFolder: (Sandbox) -> String = { $0.journal + "/.git/journal/drafts" }

    func draftFiles(_ box: Sandbox) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: draftsFolder(box))) ?? []).sorted()
    }

    @Test func aDraftOutlivesAHangUpAndIsResumed() throws {
        guard let vim = try SkipReason.startOrSkip({ try TerminalTests.program("vim") }) else { return }
        let box = try Sandbox()
        try box.journal("init")
        let editor = ["EDITOR": "\(vim) -u NONE -N -n"]
        // Written and saved with :w, then the terminal closes with the editor open.
        let writing = try TerminalSession(box, journal: ["add", "-c", "여행", "-t", "busan", "--date", "2026-11-20 21:30"], env: editor)
        try writing.waitFor("draft-")
        writing.type("ggdGiBusan at night\r\rWe walked by the sea.\u{1B}:w\r")
        try writing.waitFor("written")
        writing.hangUp()
        #expect(box.entryFiles().isEmpty)
        // The next `journal` says a draft waits (once the hung-up process is gone).
        var said = ""
        #expect(GitServers.poll(timeout: 30) {
            said = (try? box.journal().stderr) ?? ""
            return said.contains("is waiting")
        }, "\(said)")
        #expect(said.contains("A draft from 2026-11-22 09:15 is waiting: `journal add --resume` opens it"), "\(said)")
        #expect(try box.journal("add", "Another", "--no-location").stderr.contains("A draft from"))
        let listed = try box.journal("drafts")
        #expect(listed.status == 0)
        #expect(listed.stdout.contains("Busan at night"), "\(listed.stdout)")
        let korean = try box.journal("drafts", env: ["LANG": "ko_KR.UTF-8"])
        #expect(korean.stdout.contains("2026. 11. 22. 오전 9:15"), "\(korean.stdout)")

        // Resumed: the editor opens it again, and it is saved as the entry it was begun as.
        let resuming = try TerminalSession(box, journal: ["add", "--resume"], env: editor)
        try resuming.waitFor("draft-")
        resuming.type("GoWe ate hotteok.\u{1B}:wq\r")
        let resumed = try resuming.finish()
        #expect(resumed.status == 0, "\(resumed.stdout)")
        let file = try #require(box.entryFiles().first { box.read($0)?.contains("Busan at night") == true })
        let text = try #require(box.read(file))
        #expect(text.contains("created_at: 2026-11-20T21:30:00+09:00\n"), "\(text)")
        #expect(text.contains("category: travel\n") && text.contains("tags: [busan]\n"), "\(text)")
        #expect(text.hasSuffix("Busan at night\n\nWe walked by the sea.\nWe ate hotteok.\n"), "\(text)")
        #expect(try box.commitSubjects().first?.hasPrefix("Add \"Busan at night\"") == true)
        #expect(draftFiles(box).isEmpty, "\(draftFiles(box))")
        #expect(try box.journal("drafts").stdout == "No drafts waiting.\n")
        #expect(!(try box.journal().stderr.contains("waiting")))
        try box.expectCleanRepository()
    }

    /// A draft left by hand (no process has it open): listed, refused without a terminal to ask on,
    /// discarded with --yes; bad ids and flags are errors that change nothing.
    @Test func draftsAreListedAndDiscarded() throws {
        let box = try Sandbox()
        try box.journal("init")
        try FileManager.default.createDirectory(atPath: draftsFolder(box), withIntermediateDirectories: true)
        try "제주 여행\n\n바람이 불었다.\n".writeReplacing(toFile: draftsFolder(box) + "/draft-abcd1234.md")
        // A draft still open in another `journal` (this test's own process stands for it) is not waiting.
        try "Open elsewhere\n".writeReplacing(toFile: draftsFolder(box) + "/draft-ffff0000.md")
        try "{\"process\": \(getpid()), \"tags\": [], \"starred\": false}".writeReplacing(toFile: draftsFolder(box) + "/draft-ffff0000.json")
        let listed = try box.journal("drafts", "list")
        #expect(listed.stdout.contains("abcd1234") && listed.stdout.contains("제주 여행"), "\(listed.stdout)")
        #expect(!listed.stdout.contains("ffff0000"))

        let head = try box.git("rev-parse", "HEAD")
        let refused = try box.journal("drafts", "discard", "abcd")
        #expect(refused.status == 1)
        #expect(refused.stderr == "journal: not discarding draft abcd1234 without confirmation: no terminal to ask on; pass --yes\n")
        let unknown = try box.journal("drafts", "discard", "9999", "--yes")
        #expect(unknown.status == 1)
        #expect(unknown.stderr == "journal: no waiting draft '9999' (waiting: abcd1234)\n", "\(unknown.stderr)")
        let withText = try box.journal("add", "--resume", "text")
        #expect(withText.status == 64)
        #expect(withText.stderr.contains("--resume opens a waiting draft as it was begun"), "\(withText.stderr)")
        #expect(draftFiles(box).contains("draft-abcd1234.md"))

        let discarded = try box.journal("drafts", "discard", "abcd", "--yes", env: ["LANG": "ko_KR.UTF-8"])
        #expect(discarded.status == 0)
        #expect(discarded.stdout == "초안 abcd1234를 버렸어요.\n", "\(discarded.stdout)")
        #expect(draftFiles(box) == ["draft-ffff0000.json", "draft-ffff0000.md"])
        let none = try box.journal("add", "--resume")
        #expect(none.status == 1)
        #expect(none.stderr == "journal: no draft is waiting (`journal drafts` lists them)\n")
        #expect(try box.git("rev-parse", "HEAD") == head)
    }

    @Test func listPreviewShowsEachBodysFirstLine() throws {
        let box = try Sandbox()
        try box.journal("init")
        try box.journal("add", "--date", "2026-11-20 10:00", "부산 여행\n\n![사진](a.jpg)\n## 바다\n\n새벽 기차를 탔다.")
        try box.journal("add", "--date", "2026-11-21 10:00", "Only a title")
        let list = try box.journal("list", "--preview", "--color", "always", env: ["COLUMNS": "60"])
        #expect(list.status == 0)
        let lines = list.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 3, "\(lines)")
        #expect(lines[2] == String(repeating: " ", count: 28) + "\u{1B}[2m바다\u{1B}[0m", "\(lines)")
        #expect(try box.journal("list").stdout.split(separator: "\n").count == 2)
        #expect(try box.journal("config", "set", "list.preview", "true").status == 0)
        #expect(try box.journal("list").stdout.contains("\n                            바다\n"))
        #expect(try box.journal("list", "--no-preview").stdout.split(separator: "\n").count == 2)
        let bad = try box.journal("config", "set", "list.preview", "maybe")
        #expect(bad.status == 1)
        #expect(bad.stderr == "journal: list.preview 'maybe' is not valid: expected true or false\n", "\(bad.stderr)")
        // The preview is the line as a reader sees it: a link's text, no emphasis marks.
        try box.journal("add", "--date", "2026-11-19 08:00", "Marks\n\n- **Walked** to [the sea](https://sea.example) in `snake_case`")
        #expect(try box.journal("list", "--on", "2026-11-19").stdout.hasSuffix("  Walked to the sea in snake_case\n"))
        // A long first line is cut to the terminal.
        try box.journal("add", "--date", "2026-11-22 08:00", "Long\n\n" + String(repeating: "가나다라 ", count: 40))
        let long = try box.journal("list", env: ["COLUMNS": "60"])
        for line in long.stdout.split(separator: "\n") { #expect(KoreanTests.cells(line) < 60, "\(line)") }
    }
}
