import Foundation
import Testing

/// Nothing a person wrote is lost or mangled on the way in (issue 32, section 1): byte-order marks, other
/// encodings, NUL bytes, identical twins, headings and `#4412`, entries that share a minute, times the clocks
/// skipped, entries deleted since an earlier import, and a journal that is not there yet. jrnl's files are
/// written by the real jrnl 4.6 where it is installed (scripts/deps.sh).
@Suite struct ImportFidelityTests {
    /// jrnl 4.6's own journal file for `entries`, as bytes; skips the test when jrnl is not installed.
    static func jrnlFile(_ box: Sandbox, _ entries: [[String]]) throws -> Data? {
        guard let jrnl = try SkipReason.startOrSkip({ try JrnlInstall.shared() }) else { return nil }
        let (file, _) = try JrnlInstall.write(entries, with: jrnl, in: box.root.path + "/jrnl-home")
        return try Data(contentsOf: URL(fileURLWithPath: file))
    }

    static func write(_ box: Sandbox, _ name: String, _ data: Data) throws -> String {
        let path = box.root.path + "/" + name
        try data.write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Every entry file of the journal, and HEAD: what a refused import must leave as it was.
    static func state(_ box: Sandbox) throws -> [String] {
        try [box.git("rev-parse", "HEAD")] + box.entryFiles().map { $0 + "\n" + (box.read($0) ?? "") }
    }

    @Test func aByteOrderMarkIsNoText() throws {
        let box = try ImportTests.newJournal()
        guard let jrnl = try Self.jrnlFile(box, [["2024-03-01 09:00:", "First entry. With body"], ["2024-03-02 10:00:", "Second"]])
        else { return }
        let file = try Self.write(box, "bom.txt", Data([0xEF, 0xBB, 0xBF]) + jrnl)
        let result = try box.journal("import", "jrnl", file)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "Imported 2 entries from jrnl (bom.txt).\n")
        #expect(result.stderr == "")
        let first = try #require(box.entryFiles().first.flatMap(box.read))
        #expect(first.hasSuffix("---\nFirst entry.\n\nWith body\n"))
        #expect(!first.contains("\u{FEFF}"))
    }

    @Test func textThatIsNotUTF8IsRefusedWithItsPlace() throws {
        let box = try ImportTests.newJournal()
        guard let jrnl = try Self.jrnlFile(box, [["2024-03-01 09:00:", "Plain first"], ["2024-03-02 10:00:", "Un café à Paris"]])
        else { return }
        // The file as a Windows tool saved it: Latin-1.
        let latin1 = try #require(String(decoding: jrnl, as: UTF8.self).data(using: .isoLatin1))
        let file = try Self.write(box, "latin1.txt", latin1)
        let before = try Self.state(box)
        let refused = try box.journal("import", "jrnl", file)
        #expect(refused.status == 1)
        // Line 3 (`[2024-03-02 …] Un café`), the 0xE9 of café: its byte offset in the file.
        let offset = try #require(latin1.firstIndex(of: 0xE9))
        #expect(refused.stderr == """
            journal: latin1.txt:3: byte \(offset) (0xE9) is not UTF-8 text; nothing was imported. \
            Name the file's encoding with --encoding (latin1, cp949, euc-kr, utf-16, …)

            """)
        #expect(try Self.state(box) == before)
        try box.expectCleanRepository()
        let korean = try box.journal("import", "jrnl", file, env: ["LANG": "ko_KR.UTF-8"])
        #expect(korean.status == 1)
        #expect(korean.stderr.contains("latin1.txt:3: \(offset)번째 바이트(0xE9)가 UTF-8 글자가 아니에요"))

        let read = try box.journal("import", "jrnl", file, "--encoding", "latin1")
        #expect(read.status == 0, "\(read.stderr)")
        #expect(try box.journal("list").stdout.contains("Un café à Paris"))
    }

    @Test func koreanFromOldWindowsToolsAndUTF16() throws {
        let box = try ImportTests.newJournal()
        guard let jrnl = try Self.jrnlFile(box, [["2024-03-01 09:00:", "오늘의 일기. 비가 왔다"]]) else { return }
        let text = String(decoding: jrnl, as: UTF8.self)
        // cp949 (euc-kr's superset), as iconv writes it; UTF-16 with its byte-order mark.
        let cp949File = box.root.path + "/cp949.txt"
        _ = try Sandbox.exec("/bin/sh", ["-c", "iconv -f UTF-8 -t CP949 > '\(cp949File)'"], stdin: text, env: [:], cwd: "/")
        let utf16 = try Self.write(box, "utf16.txt", try #require(text.data(using: .utf16)))

        let wrong = try box.journal("import", "jrnl", cp949File)
        #expect(wrong.status == 1 && wrong.stderr.contains("cp949.txt:1: byte 25 (0x"), "\(wrong.stderr)")
        let right = try box.journal("import", "jrnl", cp949File, "--encoding", "cp949")
        #expect(right.status == 0, "\(right.stderr)")
        #expect(try box.onlyEntry().hasSuffix("---\n오늘의 일기.\n\n비가 왔다\n"))
        // The same entry again, from UTF-16: found without --encoding, and recognised.
        let again = try box.journal("import", "jrnl", utf16)
        #expect(again.stdout == "Imported 0 entries from jrnl (utf16.txt); 1 already in the journal.\n", "\(again.stderr)")
        // euc-kr is a name iconv knows too; a name it does not know is a usage mistake.
        #expect(try box.journal("import", "jrnl", cp949File, "--encoding", "EUC-KR", "--dry-run").status == 0)
        let unknown = try box.journal("import", "jrnl", cp949File, "--encoding", "klingon")
        #expect(unknown.status == 64)
        #expect(unknown.stderr.hasPrefix("Error: unknown encoding 'klingon'"))
    }

    @Test func aNULByteLeavesItsEntryOutWithItsPlace() throws {
        let box = try ImportTests.newJournal()
        guard let jrnl = try Self.jrnlFile(box, [["2024-03-01 09:00:", "Before"], ["2024-03-02 10:00:", "Broken here"], ["2024-03-03 11:00:", "After"]])
        else { return }
        let text = String(decoding: jrnl, as: UTF8.self).replacingOccurrences(of: "Broken here", with: "Broken\u{0}here")
        let file = try Self.write(box, "nul.txt", Data(text.utf8))
        let result = try box.journal("import", "jrnl", file)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "Imported 2 entries from jrnl (nul.txt).\n")
        #expect(result.stderr == "journal: warning: skipped nul.txt:3: the entry holds a NUL byte, which a text file cannot: left out\n")
        // Nothing the tool cannot read back: no entry listed as broken.
        let listed = try box.journal("list")
        #expect(!listed.stdout.contains("broken") && listed.stdout.contains("After") && listed.stdout.contains("Before"))
    }

    /// Two identical entries in the source are two entries; a second import of the same file adds nothing.
    @Test func identicalTwinsStayTwo() throws {
        let box = try ImportTests.newJournal()
        guard let jrnl = try Self.jrnlFile(box, [["2024-03-01 09:00:", "Twin"], ["2024-03-01 09:00:", "Twin"], ["2024-03-01 09:00:", "Other"]])
        else { return }
        let file = try Self.write(box, "twins.txt", jrnl)
        let first = try box.journal("import", "jrnl", file)
        #expect(first.stdout == "Imported 3 entries from jrnl (twins.txt).\n", "\(first.stderr)")
        #expect(box.entryFiles().count == 3)
        let again = try box.journal("import", "jrnl", file)
        #expect(again.stdout == "Imported 0 entries from jrnl (twins.txt); 3 already in the journal.\n")
        #expect(box.entryFiles().count == 3)
    }

    /// A `# Heading` keeps its `#`, `#4412` stays a tag, and entries of one minute keep the source's order,
    /// a millisecond apart (as `add` orders entries of one second).
    @Test func headingsNumbersAndOneMinuteKeepTheirShape() throws {
        let box = try ImportTests.newJournal()
        guard let jrnl = try Self.jrnlFile(box, [
            ["2024-03-02 10:00:", "# Heading title\nbody #4412"],
            ["2024-03-03 08:00:", "first in minute"], ["2024-03-03 08:00:", "second in minute"], ["2024-03-03 08:00:", "third in minute"],
        ]) else { return }
        let file = try Self.write(box, "shape.txt", jrnl)
        #expect(try box.journal("import", "jrnl", file).status == 0)
        let headingFile = box.entryFiles().first { box.read($0)?.contains("Heading") == true }
        let heading = try #require(headingFile.flatMap(box.read))
        #expect(heading.hasSuffix("---\n# Heading title\n\nbody #4412\n"))
        #expect(heading.contains("tags: [\"4412\"]\n"))
        // Newest first: the last of the minute on top.
        let listed = try box.journal("list", "--on", "2024-03-03").stdout.split(separator: "\n")
        #expect(listed.count == 3)
        #expect(zip(listed, ["third in minute", "second in minute", "first in minute"]).allSatisfy { $0.hasSuffix($1) }, "\(listed)")
        let times = box.entryFiles().compactMap { box.read($0) }.filter { $0.contains("in minute") }
            .compactMap { $0.split(separator: "\n").first { $0.hasPrefix("created_at:") } }.sorted()
        #expect(times == ["created_at: 2024-03-03T08:00:00+09:00", "created_at: 2024-03-03T08:00:00.001+09:00", "created_at: 2024-03-03T08:00:00.002+09:00"])
    }

    /// 02:30 on 2023-03-26 did not exist in Berlin: kept as written, at the offset it had, and said.
    @Test func aTimeTheClocksSkippedIsKeptAsWritten() throws {
        let box = try ImportTests.newJournal()
        guard let jrnl = try Self.jrnlFile(box, [["2023-03-26 02:30:", "In the gap"], ["2023-03-26 04:00:", "After it"]]) else { return }
        let file = try Self.write(box, "gap.txt", jrnl)
        let result = try box.journal("import", "jrnl", file, "--time-zone", "Europe/Berlin")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr == """
            journal: warning: gap.txt:1: 2023-03-26 02:30 did not exist in Europe/Berlin (the clocks skipped it): \
            kept as written, 2023-03-26T02:30:00+01:00

            """)
        let gap = try #require(box.entryFiles().compactMap(box.read).first { $0.contains("In the gap") })
        #expect(gap.contains("created_at: 2023-03-26T02:30:00+01:00\ntime_zone: Europe/Berlin\n"))
        #expect(try box.journal("list").stdout.contains("2023-03-26 02:30"))
        // Said once: a second import has nothing to add and nothing to say.
        let again = try box.journal("import", "jrnl", file, "--time-zone", "Europe/Berlin")
        #expect(again.stderr == "")
    }

    @Test func entriesDeletedSinceAreNotBroughtBack() throws {
        let box = try ImportTests.newJournal()
        guard let jrnl = try Self.jrnlFile(box, [["2024-03-01 09:00:", "Keep me"], ["2024-03-02 10:00:", "Delete me"]]) else { return }
        let file = try Self.write(box, "journal.txt", jrnl)
        #expect(try box.journal("import", "jrnl", file).status == 0)
        let found = box.entryFiles().first { box.read($0)?.contains("Delete me") == true }
        let doomed = try #require(found)
        let short = String(doomed.suffix(11).prefix(8))
        #expect(try box.journal("rm", short, "--yes").status == 0)
        let again = try box.journal("import", "jrnl", file)
        #expect(again.stdout == """
            Imported 0 entries from jrnl (journal.txt); 1 already in the journal; 1 skipped: deleted since the last import \
            (--include-deleted brings them back).

            """, "\(again.stderr)")
        #expect(box.entryFiles().count == 1)
        let korean = try box.journal("import", "jrnl", file, "--dry-run", env: ["LANG": "ko_KR.UTF-8"])
        #expect(korean.stdout.contains("1개는 건너뛰었어요: 지난번 가져온 뒤에 지운 일기예요"), "\(korean.stdout)")
        let back = try box.journal("import", "jrnl", file, "--include-deleted")
        #expect(back.stdout == "Imported 1 entry from jrnl (journal.txt); 1 already in the journal.\n")
        #expect(box.entryFiles().contains(doomed))
    }

    @Test func importMakesTheJournalThatIsNotThereYet() throws {
        let box = try Sandbox()
        let source = try Self.write(box, "journal.txt", Data("[2024-03-01 09:00] First. Body\n".utf8))
        let missing = box.root.path + "/work-journal"
        let made = try box.journal("--journal", missing, "import", "jrnl", source)
        #expect(made.status == 0, "\(made.stderr)")
        #expect(made.stderr == "Created a journal at \(missing)\n")
        #expect(made.stdout == "Imported 1 entry from jrnl (journal.txt).\n")
        #expect(try box.git("log", "--format=%s", in: missing).split(separator: "\n") == ["Import 1 entry from jrnl (journal.txt)", "Create journal"])
        // An empty folder is no journal either: it becomes one.
        let empty = box.root.path + "/empty"
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        #expect(try box.journal("--journal", empty, "import", "jrnl", source).status == 0)
        // A folder with files in it is not taken over.
        let busy = box.root.path + "/busy"
        try FileManager.default.createDirectory(atPath: busy, withIntermediateDirectories: true)
        try Data("mine".utf8).write(to: URL(fileURLWithPath: busy + "/notes.txt"))
        let refused = try box.journal("--journal", busy, "import", "jrnl", source)
        #expect(refused.status == 1 && refused.stderr.split(separator: "\n").count == 1, "\(refused.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: busy) == ["notes.txt"])
    }

    @Test func aMarkdownNoteThatIsNotUTF8IsRefused() throws {
        let box = try ImportTests.newJournal()
        let folder = box.root.path + "/notes"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Data("# Fine\n\ntext\n".utf8).write(to: URL(fileURLWithPath: folder + "/2024-01-01.md"))
        try Data([0xEF, 0xBB, 0xBF] + Array("# With a BOM\n".utf8)).write(to: URL(fileURLWithPath: folder + "/2024-01-02.md"))
        try Data(Array("# Caf".utf8) + [0xE9] + Array("\n".utf8)).write(to: URL(fileURLWithPath: folder + "/2024-01-03.md"))
        let refused = try box.journal("import", "markdown", folder)
        #expect(refused.status == 1)
        #expect(refused.stderr.hasPrefix("journal: 2024-01-03.md:1: byte 5 (0xE9) is not UTF-8 text; nothing was imported."))
        #expect(box.entryFiles().isEmpty)
        let read = try box.journal("import", "markdown", folder, "--encoding", "cp1252")
        #expect(read.status == 0, "\(read.stderr)")
        let titles = try box.journal("list").stdout
        #expect(titles.contains("Café") && titles.contains("With a BOM") && !titles.contains("\u{FEFF}"))
    }
}
