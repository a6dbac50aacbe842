import Foundation
import Testing

/// `journal import markdown`: a folder of notes as Obsidian keeps them.
@Suite struct ImportMarkdownTests {
    /// Daily/kickoff.md (front matter: date, tags, a key of its own), Daily/2024-03-02.md (date in the
    /// name), loose.md (no date at all, CRLF), broken.md (front matter that is not YAML) and .obsidian/.
    static func makeNotes(_ box: Sandbox) throws -> String {
        let root = box.root.path + "/Vault"
        func write(_ relative: String, _ text: String) throws {
            let path = root + "/" + relative
            try FileManager.default.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        }
        try write("Daily/kickoff.md", """
            ---
            date: 2024-03-01 08:30
            tags: [work, "#plans"]
            aliases:
              - kickoff
            ---
            # Kickoff

            Met the team. #meeting

              indented line

            """)
        try write("Daily/2024-03-02.md", "Walked by the river. #walk\n")
        try write("loose.md", "No date anywhere\r\nsecond line\r\n")
        try write("broken.md", "---\ntags: [a\n---\nbroken\n")
        try write(".obsidian/app.json", "{}")
        try write(".obsidian/hidden.md", "not a note\n")
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSince1970: 1_643_796_000)], ofItemAtPath: root + "/loose.md")  // 2022-02-02 10:00 UTC
        return root
    }

    @Test func notesBecomeEntriesWithTheirDatesTagsAndText() throws {
        let box = try ImportTests.newJournal()
        let vault = try Self.makeNotes(box)
        let result = try box.journal("import", "markdown", vault, "--time-zone", "Asia/Seoul")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "Imported 3 entries from markdown (Vault).\n")
        #expect(result.stderr.hasPrefix("journal: warning: skipped broken.md:2: its front matter cannot be read"))
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(try box.commitSubjects().first == "Import 3 entries from markdown (Vault)")
        try box.expectCleanRepository()

        let files = box.entryFiles()
        #expect(files.count == 3)
        let kickoff = try #require(files.first { $0.hasPrefix("entries/2024/03/2024-03-01-") }.flatMap(box.read))
        #expect(kickoff.hasSuffix("""
            created_at: 2024-03-01T08:30:00+09:00
            time_zone: Asia/Seoul
            tags: [work, plans, meeting, folder/Daily]
            title: kickoff
            aliases:
              - kickoff
            ---
            # Kickoff

            Met the team. #meeting

              indented line

            """))
        let river = try #require(files.first { $0.hasPrefix("entries/2024/03/2024-03-02-") }.flatMap(box.read))
        #expect(river.hasSuffix("created_at: 2024-03-02T12:00:00+09:00\ntime_zone: Asia/Seoul\ntags: [walk, folder/Daily]\n---\nWalked by the river. #walk\n"))
        let loose = try #require(files.first { $0.hasPrefix("entries/2022/02/2022-02-02-") }.flatMap(box.read))
        #expect(loose.hasSuffix("created_at: 2022-02-02T19:00:00+09:00\ntime_zone: Asia/Seoul\ntitle: loose\n---\nNo date anywhere\nsecond line\n"))

        // A note keeps its name as its title (a daily note's name is its day), and its folder as a tag.
        #expect(try box.journal("list", "--tag", "plans").stdout.contains("  kickoff  #work #plans #meeting #folder/Daily\n"))
        let daily = try box.journal("list", "--tag", "folder/Daily").stdout
        #expect(daily.split(separator: "\n").count == 2 && daily.contains("Walked by the river"), "\(daily)")
    }

    /// Many files are stored and staged by the tool itself on every core, but only where no filter could
    /// change them on their way into git: with an attributes file asking for `ident`, libgit2 stages them.
    @Test(arguments: [false, true])
    func importedFilesAreStagedAsGitWouldStageThem(withAttributes: Bool) throws {
        let box = try ImportTests.newJournal()
        if withAttributes {
            try box.write("entries/.gitattributes", "*.md ident\n")
            _ = try box.git("add", "entries/.gitattributes")
            _ = try box.git("commit", "-qm", "Attributes")
        }
        let notes = box.root.path + "/Notes"
        try FileManager.default.createDirectory(atPath: notes, withIntermediateDirectories: true)
        for n in 0..<40 {
            let text = "Note \(n) $Id: stale $\n\nline \(n)\n"
            try Data(text.utf8).write(to: URL(fileURLWithPath: notes + "/2024-03-\(10 + n % 20) note \(n).md"))
        }
        let result = try box.journal("import", "markdown", notes, "--time-zone", "UTC")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "Imported 40 entries from markdown (Notes).\n")
        let files = box.entryFiles()
        #expect(files.count == 40)
        try box.expectCleanRepository()
        try box.expectStagedAsGitWould(files)
        let blob = try box.git("cat-file", "-p", "HEAD:" + files[0])
        #expect(blob.contains(withAttributes ? "$Id$" : "$Id: stale $"))
    }

    @Test func reimportAndDryRunAddNothing() throws {
        let box = try ImportTests.newJournal()
        let vault = try Self.makeNotes(box)
        let dry = try box.journal("import", "markdown", vault, "--dry-run")
        #expect(dry.status == 0)
        #expect(dry.stdout.hasSuffix("Would import 3 entries from markdown (Vault).\n"))
        #expect(box.entryFiles().isEmpty)
        #expect(try box.commitSubjects().count == 1)

        #expect(try box.journal("import", "markdown", vault).status == 0)
        // An edited note is still the same note (its id comes from its path).
        try "Walked by the river again. #walk\n".writeReplacing(toFile: vault + "/Daily/2024-03-02.md")
        let again = try box.journal("import", "markdown", vault)
        #expect(again.stdout == "Imported 0 entries from markdown (Vault); 3 already in the journal.\n")
        #expect(try box.commitSubjects().count == 2)
    }

    @Test func aLinkInTheVaultIsRefused() throws {
        let box = try ImportTests.newJournal()
        let vault = try Self.makeNotes(box)
        try "secret\n".writeReplacing(toFile: box.root.path + "/secret.md")
        try FileManager.default.createSymbolicLink(atPath: vault + "/Daily/link.md", withDestinationPath: box.root.path + "/secret.md")
        let result = try box.journal("import", "markdown", vault)
        #expect(result.status == 1)
        #expect(result.stderr == "journal: refused: 'Daily/link.md' is a symbolic link; nothing was imported\n")
        #expect(box.entryFiles().isEmpty)
        #expect(try box.commitSubjects().count == 1)

        let empty = box.root.path + "/Empty"
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        let none = try box.journal("import", "markdown", empty)
        #expect(none.status == 1)
        #expect(none.stderr.contains("holds no Markdown notes"))
    }

    /// A long import shows a progress line on a terminal (on stderr), and none when not on one.
    @Test func progressLineOnATerminal() throws {
        let box = try ImportTests.newJournal()
        var text = ""
        for i in 0..<3000 {
            text += "[2020-01-01 \(String(format: "%02d:%02d", i / 60 % 24, i % 60))] Entry \(i). Body \(i)\n"
        }
        let file = try ImportTests.source(box, "big.txt", text)
        let terminal = try box.runInTerminal(["import", "jrnl", file], env: ["JOURNAL_PROGRESS_AFTER": "0"])
        #expect(terminal.status == 0, "\(terminal.stdout)")
        #expect(terminal.stdout.contains("Importing… "), "\(terminal.stdout)")
        #expect(terminal.stdout.contains("Imported 3000 entries from jrnl (big.txt)."))
        #expect(box.entryFiles().count == 3000)
    }
}
