import Foundation
import Testing

@Suite struct AddTests {
    @Test func addFromArgumentsWritesTheFileAndOneCommit() throws {
        let box = try Sandbox()
        try box.journal("init")
        let result = try box.journal("add", "Trip to Busan", "-c", "travel", "-t", "busan,food", "--tag", "#trip")
        #expect(result.status == 0, "\(result.stderr)")
        let files = box.entryFiles()
        #expect(files.count == 1)
        let path = try #require(files.first)
        #expect(path.hasPrefix("entries/2026/11/2026-11-22-"))
        let short = String(path.dropFirst("entries/2026/11/2026-11-22-".count).prefix(8))
        #expect(result.stdout == "Added \(short) \(path)\n")
        let text = try #require(box.read(path))
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[0] == "---")
        #expect(lines[1].hasPrefix("id: \(short)-"))
        #expect(UUID(uuidString: String(lines[1].dropFirst(4))) != nil)
        #expect(lines[2] == "created_at: 2026-11-22T09:15:00+09:00")
        #expect(lines[3] == "time_zone: Asia/Seoul")
        #expect(lines[4] == "category: travel")
        #expect(lines[5] == "tags: [busan, food, trip]")
        #expect(lines[6] == "---")
        #expect(lines[7] == "Trip to Busan")
        #expect(text.hasSuffix("Trip to Busan\n"))
        #expect(try box.commitSubjects() == ["Add \"Trip to Busan\" (\(short))", "Create journal"])
        #expect(try box.git("log", "-1", "--format=%an <%ae>") == "Test Writer <writer@example.com>\n")
        try box.expectCleanRepository()
    }

    @Test func firstAddCreatesTheDefaultJournalAndSaysSo() throws {
        let box = try Sandbox()
        let result = try box.journal("add", "hello")
        #expect(result.status == 0)
        #expect(result.stderr.contains("created one at \(box.journal)"))
        #expect(FileManager.default.fileExists(atPath: box.journal + "/journal.yml"))
        #expect(box.entryFiles().count == 1)
        #expect(try box.commitSubjects().count == 2)
        try box.expectCleanRepository()
    }

    @Test func textFromStandardInputIsStoredExactly() throws {
        let box = try Sandbox()
        try box.journal("init")
        let typed = "\n\n# Morning\n\n    indented code\ntrailing spaces   \n\tand a tab\n"
        let result = try box.journal("add", stdin: typed)
        #expect(result.status == 0, "\(result.stderr)")
        let text = try box.onlyEntry()
        let body = text.components(separatedBy: "---\n").dropFirst(2).joined(separator: "---\n")
        #expect(body == typed)
        #expect(try box.commitSubjects().first?.hasPrefix("Add \"Morning\" (") == true)
    }

    @Test func crlfFromStandardInputIsStoredWithLF() throws {
        let box = try Sandbox()
        try box.journal("init")
        try box.journal("add", stdin: "Title\r\nline two\r\n\r\n\r\n")
        let text = try box.onlyEntry()
        #expect(text.hasSuffix("---\nTitle\nline two\n"))
    }

    @Test func editorComposesTheEntryOnATerminal() throws {
        let box = try Sandbox()
        try box.journal("init")
        let editor = try box.script("editor.sh", "printf 'From the editor\\n\\nBody here.\\n' >> \"$1\"\n")
        let result = try box.runInTerminal(["add", "-t", "x"], env: ["EDITOR": editor])
        #expect(result.status == 0, "\(result.stdout)")
        let text = try box.onlyEntry()
        #expect(text.hasSuffix("tags: [x]\n---\nFrom the editor\n\nBody here.\n"))
        let drafts = (try? FileManager.default.contentsOfDirectory(atPath: box.journal + "/.git/journal/drafts")) ?? []
        #expect(drafts.isEmpty, "the draft is removed once the entry is saved")
        try box.expectCleanRepository()
    }

    @Test func editorCommandIsSplitLikeAShellWouldAndVisualWins() throws {
        let box = try Sandbox()
        try box.journal("init")
        let log = box.root.path + "/args.txt"
        let editor = try box.script(
            "my editor.sh", "for a in \"$@\"; do echo \"[$a]\" >> '\(log)'; done\necho 'Split' >> \"$(eval echo \\${$#})\"\n")
        let visual = "'\(editor)' --wait -u 'NONE two'"
        let result = try box.runInTerminal(["add"], env: ["VISUAL": visual, "EDITOR": "/bin/false"])
        #expect(result.status == 0, "\(result.stdout)")
        let args = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n")
        #expect(args.prefix(3) == ["[--wait]", "[-u]", "[NONE two]"])
        #expect(args.last?.contains("/.git/journal/drafts/") == true)
    }

    @Test func editorLeftUntouchedOrFailingCreatesNothing() throws {
        let box = try Sandbox()
        try box.journal("init")
        let before = try box.commitSubjects()
        let untouched = try box.runInTerminal(["add"], env: ["EDITOR": "true"])
        #expect(untouched.status == 1)
        #expect(untouched.stdout.contains("the entry is empty: nothing was saved"))
        let failing = try box.script("fail.sh", "echo 'half typed' >> \"$1\"; exit 3\n")
        let failed = try box.runInTerminal(["add"], env: ["EDITOR": failing])
        #expect(failed.status == 1)
        #expect(failed.stdout.contains("the editor exited with status 3"))
        #expect(box.entryFiles().isEmpty)
        #expect(try box.commitSubjects() == before)
        // The half-typed text is kept as a draft, never thrown away.
        let drafts = try FileManager.default.contentsOfDirectory(atPath: box.journal + "/.git/journal/drafts")
        #expect(drafts.filter { $0.hasSuffix(".md") }.count == 1, "\(drafts)")
        #expect(try box.journal("drafts").stdout.contains("half typed"))
        let missing = try box.runInTerminal(["add"], env: ["EDITOR": "no-such-editor-xyz"])
        #expect(missing.status == 1)
        #expect(missing.stdout.contains("cannot run 'no-such-editor-xyz'"))
    }

    @Test func journalTemplateFillsTheEditorBuffer() throws {
        let box = try Sandbox()
        try box.journal("init")
        try box.write("templates/entry.md", "# {{weekday}} {{date}}\n\n")
        let copy = try box.script("copy.sh", "cp \"$1\" '\(box.root.path)/seen.md'\n")
        let untouched = try box.runInTerminal(["add"], env: ["EDITOR": copy])
        #expect(untouched.status == 1, "a buffer left as the template saves nothing")
        #expect(try String(contentsOfFile: box.root.path + "/seen.md", encoding: .utf8) == "# Sunday 2026-11-22\n\n")
        let write = try box.script("write.sh", "echo 'Went hiking.' >> \"$1\"\n")
        #expect(try box.runInTerminal(["add"], env: ["EDITOR": write]).status == 0)
        let text = try box.onlyEntry()
        #expect(text.hasSuffix("---\n# Sunday 2026-11-22\n\nWent hiking.\n"))
    }

    @Test func emptyTextCreatesNothing() throws {
        let box = try Sandbox()
        try box.journal("init")
        let before = try box.commitSubjects()
        for stdin in ["", "  \n\n \t\n"] {
            let result = try box.journal("add", stdin: stdin)
            #expect(result.status == 1)
            #expect(result.stderr == "journal: the entry is empty: nothing was saved\n")
        }
        let blank = try box.journal("add", "   ")
        #expect(blank.status == 1)
        #expect(box.entryFiles().isEmpty)
        #expect(try box.commitSubjects() == before)
    }

    @Test(arguments: [
        ("yesterday 21:30", "2026-11-21T21:30:00+09:00", "2026-11-21"),
        ("2026-11-20 08:00", "2026-11-20T08:00:00+09:00", "2026-11-20"),
        ("2026-11-20T08:00:00Z", "2026-11-20T08:00:00+00:00", "2026-11-20"),
        ("2025-06-01", "2025-06-01T12:00:00+09:00", "2025-06-01"),
        ("friday", "2026-11-20T12:00:00+09:00", "2026-11-20"),
        ("today", "2026-11-22T09:15:00+09:00", "2026-11-22"),
    ])
    func dates(when: String, createdAt: String, day: String) throws {
        let box = try Sandbox()
        try box.journal("init")
        let result = try box.journal("add", "--date", when, "Dated")
        #expect(result.status == 0, "\(result.stderr)")
        let path = try #require(box.entryFiles().first)
        #expect(path.contains("/\(day)-"))
        let text = try #require(box.read(path))
        #expect(text.contains("\ncreated_at: \(createdAt)\n"))
        #expect(text.contains("time_zone:") == !when.hasSuffix("Z"))
    }

    @Test(arguments: ["2019-02-29", "2026-13-01", "next blursday", "25:00"])
    func impossibleDateIsAnErrorAndChangesNothing(when: String) throws {
        let box = try Sandbox()
        let result = try box.journal("add", "--date", when, "text")
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("journal: "))
        #expect(result.stderr.contains(when))
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(!FileManager.default.fileExists(atPath: box.journal), "a bad date must not create the journal")
    }

    @Test func unknownCategoryAndBadTagAreErrorsThatChangeNothing() throws {
        let box = try Sandbox()
        try box.journal("init")
        let before = try box.commitSubjects()
        let category = try box.journal("add", "-c", "travle", "text")
        #expect(category.status == 1)
        #expect(category.stderr.contains("unknown category 'travle'"))
        #expect(category.stderr.contains("travel"))
        let tag = try box.journal("add", "-t", "two\u{1B}words", "text")
        #expect(tag.status == 1)
        #expect(tag.stderr.contains("invalid tag 'two\\u{1B}words'"))
        #expect(box.entryFiles().isEmpty)
        #expect(try box.commitSubjects() == before)
        // Nothing on disk either when the journal does not exist yet.
        let fresh = try Sandbox()
        #expect(try fresh.journal("add", "-c", "nope", "text").status == 1)
        #expect(!FileManager.default.fileExists(atPath: fresh.journal))
    }

    @Test func starAndLocation() throws {
        let box = try Sandbox()
        try box.journal("init")
        try box.journal("add", "--star", "--location", "Busan", "Sea")
        let text = try box.onlyEntry()
        #expect(text.contains("\nstarred: true\nlocation:\n  name: Busan\n---\nSea\n"))
    }

    @Test func koreanTextIsNotEscaped() throws {
        let box = try Sandbox()
        try box.journal("init")
        try box.journal("add", "-t", "서울,여행", "서울역에서 친구를 만났다")
        let text = try box.onlyEntry()
        #expect(text.contains("tags: [서울, 여행]\n"))
        #expect(text.contains("서울역에서 친구를 만났다\n"))
        #expect(try box.commitSubjects().first?.hasPrefix("Add \"서울역에서 친구를 만났다\"") == true)
    }

    @Test func authorFallsBackWhenGitHasNone() throws {
        let box = try Sandbox(gitUser: false)
        try box.journal("init")
        try box.journal("add", "hello", env: ["USER": "minji"])
        let author = try box.git("log", "-1", "--format=%an <%ae>")
        #expect(author.hasPrefix("minji <minji@"))
        try box.expectCleanRepository()
    }
}
