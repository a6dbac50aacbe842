import Foundation
import Testing

/// jrnl's everyday moves (issue 32, section 3), run against the real binary. The sandbox's clock is
/// 2026-11-22 09:15 in Seoul.
@Suite struct JrnlHabitsTests {
    static func newJournal() throws -> Sandbox {
        let box = try Sandbox()
        #expect(try box.journal("init").status == 0)
        return box
    }

    /// `journal yesterday: Text` and `journal add "yesterday 9pm: Text"`: a date before the first colon.
    @Test func aDateBeforeTheColon() throws {
        let box = try Self.newJournal()
        let bare = try box.journal("yesterday:", "Dinner", "with", "Minji")
        #expect(bare.status == 0, "\(bare.stderr)")
        #expect(bare.stdout.hasPrefix("Added ") && bare.stdout.contains("entries/2026/11/2026-11-21-"))
        let quoted = try box.journal("add", "yesterday 9pm: Late walk")
        #expect(quoted.status == 0, "\(quoted.stderr)")
        let listed = try box.journal("list").stdout
        #expect(listed.contains("2026-11-21 21:00") && listed.contains("Late walk"))
        #expect(listed.contains("2026-11-21 12:00") && listed.contains("Dinner with Minji"))
        let late = try #require(box.entryFiles().compactMap(box.read).first { $0.contains("Late walk") })
        #expect(late.hasSuffix("---\nLate walk\n"))
        // Not a date: the colon is text, and the entry is today's.
        let note = try box.journal("add", "Note to self: buy milk")
        #expect(note.status == 0)
        #expect(try box.journal("list", "--on", "today").stdout.contains("Note to self: buy milk"))
        // A word that is no command and no date is still a mistake, named.
        let typo = try box.journal("lsit", "x")
        #expect(typo.status == 64)
        #expect(box.entryFiles().count == 3)
    }

    /// The date before the colon after the options every command takes, in each of their spellings.
    @Test func aDateBeforeTheColonAfterTheJournalOption() throws {
        let box = try Self.newJournal()
        for (n, options) in [["--journal", box.journal], ["-J", box.journal], ["--journal=" + box.journal]].enumerated() {
            let added = try box.run(options + ["yesterday: Written with option \(n)"])
            #expect(added.status == 0, "\(options): \(added.stderr)")
            #expect(added.stdout.contains("entries/2026/11/2026-11-21-"), "\(options): \(added.stdout)")
        }
        #expect(try box.journal("list", "--on", "yesterday").stdout.components(separatedBy: "Written with option").count == 4)
    }

    @Test func theDatesJrnlUsersType() throws {
        let box = try Self.newJournal()
        for (date, day) in [("nov 3", "2026-11-03"), ("december 24", "2025-12-24"), ("last week", "2026-11-15")] {
            let added = try box.journal("add", "--date", date, "On \(date)")
            #expect(added.status == 0, "\(date): \(added.stderr)")
            #expect(added.stdout.contains("entries/\(day.prefix(4))/\(day.dropFirst(5).prefix(2))/\(day)-"), "\(date): \(added.stdout)")
        }
        let korean = try box.journal("add", "--date", "3시간 전", "세 시간 전")
        #expect(korean.status == 0 && korean.stdout.contains("2026-11-22-"), "\(korean.stderr)")
        #expect(try box.journal("list", "--on", "nov 3").stdout.contains("On nov 3"))

        // `restore --at "10 minutes ago"`: the version of ten minutes before now.
        let id = try box.add("Draft one")
        let path = try #require(box.entryFiles().first { box.read($0)?.contains("Draft one") == true })
        box.advanceClock(by: 30 * 60)
        try box.write(path, (box.read(path) ?? "").replacingOccurrences(of: "Draft one", with: "Draft two"))
        #expect(try box.journal("commit").status == 0)
        box.advanceClock(by: 5 * 60)
        let restored = try box.journal("restore", id, "--at", "10 minutes ago")
        #expect(restored.status == 0, "\(restored.stderr)")
        #expect(box.read(path)?.contains("Draft one") == true)
    }

    // MARK: Bulk moves

    /// A journal of four entries: two tagged work in 2024, one tagged work in 2025, one untagged.
    static func fourEntries() throws -> (Sandbox, [String]) {
        let box = try Self.newJournal()
        let ids = [
            try box.add("--date", "2024-03-01 09:00", "-t", "work", "Standup notes"),
            try box.add("--date", "2024-06-01 09:00", "-t", "work", "Planning"),
            try box.add("--date", "2025-01-02 09:00", "-t", "work", "New year at work"),
            try box.add("--date", "2024-07-01 09:00", "Holiday"),
        ]
        return (box, ids)
    }

    @Test func rmTakesSeveralIdsOrAFilter() throws {
        let (box, ids) = try Self.fourEntries()
        let before = try box.commitSubjects()
        // Without a terminal to ask on: refused, nothing changed.
        let unasked = try box.journal("rm", ids[0], ids[1])
        #expect(unasked.status == 1)
        #expect(unasked.stderr == "journal: not deleting 2 entries without confirmation: no terminal to ask on; pass --yes\n")
        #expect(try box.commitSubjects() == before)
        let korean = try box.journal("rm", "--tag", "work", env: ["LANG": "ko_KR.UTF-8"])
        #expect(korean.stderr == "journal: 확인 없이 일기 3개를 지우지 않아요: 물어볼 터미널이 없어요. --yes를 주세요\n")
        // Asked on a terminal: "n" changes nothing.
        let declined = try box.runInTerminal(["rm", "--tag", "work", "--from", "2024", "--to", "2024"], input: "n\n")
        #expect(declined.status == 1)
        #expect(declined.stdout.contains("Delete 2 entries? [y/N] ") && declined.stdout.contains("Nothing changed."), "\(declined.stdout)")
        #expect(box.entryFiles().count == 4)

        let removed = try box.journal("rm", "--tag", "work", "--from", "2024", "--to", "2024", "--yes")
        #expect(removed.status == 0, "\(removed.stderr)")
        #expect(removed.stdout.split(separator: "\n").count == 2)
        #expect(try box.commitSubjects().first == "Delete 2 entries")
        #expect(box.entryFiles().count == 2)
        try box.expectCleanRepository()
        // Several ids: one commit.
        #expect(try box.journal("rm", ids[2], ids[3], "--yes").status == 0)
        #expect(try box.commitSubjects().first == "Delete 2 entries")
        #expect(box.entryFiles().isEmpty)
        // Nothing named: a mistake.
        let nothing = try box.journal("rm")
        #expect(nothing.status == 1 && nothing.stderr.contains("name the entries"))
    }

    @Test func tagTakesSeveralIdsOrAFilter() throws {
        let (box, ids) = try Self.fourEntries()
        let several = try box.journal("tag", ids[0], ids[3], "+done", "--yes")
        #expect(several.status == 0, "\(several.stderr)")
        #expect(several.stdout == "Changed 2 entries: +done\n")
        #expect(try box.commitSubjects().first == "Edit 2 entries: +done")
        let filtered = try box.journal("tag", "--tag", "work", "--from", "2025", "-work", "+archive", "--yes")
        #expect(filtered.status == 0, "\(filtered.stderr)")
        #expect(filtered.stdout == "Changed 1 entry: +archive -work\n")
        #expect(try box.journal("list", "--tag", "archive").stdout.contains("New year at work"))
        let unasked = try box.journal("tag", "--tag", "work", "+x")
        #expect(unasked.status == 1 && unasked.stderr.contains("not changing 2 entries without confirmation"))
        // One id, as always: no question.
        #expect(try box.journal("tag", ids[1], "+solo").stdout.contains("+solo"))
        try box.expectCleanRepository()
    }

    /// `edit ID --date WHEN` (jrnl's --change-time): the date changes, the file stays where it is.
    @Test func editMovesAnEntryToAnotherDate() throws {
        let (box, ids) = try Self.fourEntries()
        let path = try #require(box.entryFiles().first { $0.contains(ids[3]) })
        let moved = try box.journal("edit", ids[3], "--date", "2024-07-02 21:30")
        #expect(moved.status == 0, "\(moved.stderr)")
        #expect(box.read(path)?.contains("created_at: 2024-07-02T21:30:00+09:00\n") == true)
        #expect(try box.commitSubjects().first == "Edit \"Holiday\" (\(ids[3])): date 2024-07-02 21:30")
        #expect(try box.journal("list", "--on", "2024-07-02").stdout.contains("Holiday"))
        let bad = try box.journal("edit", ids[3], "--date", "2019-02-29")
        #expect(bad.status == 1 && bad.stderr.contains("February 2019 has 28 days"))
    }

    /// `edit` over a filter opens the entries one after another, each edit its own commit.
    @Test func editOverAFilterOpensEachInTurn() throws {
        let (box, _) = try Self.fourEntries()
        let editor = try box.script("edit.sh", "echo 'Reviewed.' >> \"$1\"\n")
        let unasked = try box.journal("edit", "--tag", "work", "--from", "2024", env: ["EDITOR": editor])
        #expect(unasked.status == 1 && unasked.stderr.contains("not opening 3 entries without confirmation"))
        let result = try box.journal("edit", "--tag", "work", "--from", "2024", "--to", "2024", "--yes", env: ["EDITOR": editor])
        #expect(result.status == 0, "\(result.stderr)")
        let subjects = try box.commitSubjects()
        #expect(subjects.prefix(2) == ["Edit \"Planning\" (\(subjects[0].suffix(9).prefix(8)))", "Edit \"Standup notes\" (\(subjects[1].suffix(9).prefix(8)))"])
        let reviewed = box.entryFiles().compactMap(box.read).filter { $0.hasSuffix("Reviewed.\n") }
        #expect(reviewed.count == 2)
        // Without filters, --tag still tags the newest entry, as before.
        #expect(try box.journal("edit", "-t", "extra").status == 0)
    }

    // MARK: list --format

    @Test func listFormatsByJrnlsNames() throws {
        let (box, ids) = try Self.fourEntries()
        #expect(try box.journal("tag", ids[0], "+<b>&co").status == 0)
        let short = try box.journal("list", "--format", "short")
        #expect(short.stdout == "2025-01-02 09:00 New year at work\n2024-07-01 09:00 Holiday\n2024-06-01 09:00 Planning\n2024-03-01 09:00 Standup notes\n")
        #expect(try box.journal("list", "--format", "json").stdout == box.journal("list", "--json").stdout)
        #expect(try box.journal("list", "--format", "pretty", "-n", "1").stdout == box.journal("list", "--full", "-n", "1").stdout)
        #expect(try box.journal("list", "--format", "md", "-n", "1").stdout.hasPrefix("## New year at work\n"))
        // jrnl's journal file, oldest first.
        let txt = try box.journal("list", "--format", "txt", "--tag", "work")
        #expect(txt.stdout.hasPrefix("[2024-03-01 09:00:00 AM] Standup notes\n@work\n\n[2024-06-01 09:00:00 AM] Planning\n"), "\(txt.stdout)")
        #expect(txt.stderr.contains("jrnl has no place for the tag '<b>&co' (1 entry)"), "\(txt.stderr)")
        let yaml = try box.journal("list", "--format", "yaml", "-n", "1", "--tag", "<b>&co")
        #expect(yaml.stdout == """
            - id: \(try #require(box.entryFiles().compactMap(box.read).first { $0.contains("Standup") }?.split(separator: "\n")[1].dropFirst(4)))
              date: 2024-03-01T09:00:00+09:00
              time_zone: Asia/Seoul
              title: Standup notes
              tags: [work, <b>&co]
              starred: false
              text: |
                Standup notes

            """)
        // XML a parser reads, its markup escaped.
        let xml = try box.journal("list", "--format", "xml")
        #expect(xml.stdout.contains("<tag name=\"&lt;b&gt;&amp;co\"/>"))
        let parsed = try Sandbox.exec(
            "/usr/bin/env", ["python3", "-c", "import sys, xml.dom.minidom as m; d = m.parseString(sys.stdin.read()); print(len(d.getElementsByTagName('entry')))"],
            stdin: xml.stdout, env: [:], cwd: "/")
        #expect(parsed.stdout == "4\n", "\(parsed.stderr)")
        let unknown = try box.journal("list", "--format", "boxes")
        #expect(unknown.status == 64 && unknown.stderr.contains("unknown format 'boxes'"))
    }

    /// A year of months, days with entries marked: as wide as the terminal allows; Korean weeks start on Sunday.
    @Test func listFormatCalendar() throws {
        let (box, _) = try Self.fourEntries()
        let narrow = try box.journal("list", "--format", "calendar", "--from", "2024", "--to", "2024", env: ["COLUMNS": "50"])
        let lines = narrow.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.prefix(8) == [
            "2024", "",
            "March 2024             April 2024",
            "1 entry                No entries",
            " Mo Tu We Th Fr Sa Su   Mo Tu We Th Fr Sa Su",
            "            * 1  2  3    1  2  3  4  5  6  7",
            "  4  5  6  7  8  9 10    8  9 10 11 12 13 14",
            " 11 12 13 14 15 16 17   15 16 17 18 19 20 21",
        ], "\(narrow.stdout)")
        #expect(lines.allSatisfy { $0.count <= 50 })
        #expect(narrow.stdout.contains("December 2024"))
        #expect(!narrow.stdout.contains("2025"))
        let wide = try box.journal("list", "--format", "calendar", env: ["COLUMNS": "100"])
        #expect(wide.stdout.contains("March 2024             April 2024             May 2024               June 2024\n"))
        #expect(wide.stdout.contains("\n2025\n") && wide.stdout.contains("January 2025"))
        let korean = try box.journal("list", "--format", "calendar", "--on", "2024-03", env: ["COLUMNS": "80", "LANG": "ko_KR.UTF-8"])
        #expect(korean.stdout.contains("2024년 3월             2024년 4월             2024년 5월\n일기 1개"), "\(korean.stdout)")
        #expect(korean.stdout.contains(" 일 월 화 수 목 금 토   일 월 화 수 목 금 토"))
        #expect(korean.stdout.contains("\n               * 1  2       1  2  3  4  5  6"), "\(korean.stdout)")
    }

    // MARK: Named journals

    /// jrnl's `journals:`: `config set journals.work PATH`, then `journal work: add …`, `-J work`, `journal journals`.
    @Test func namedJournals() throws {
        let box = try Self.newJournal()
        let set = try box.journal("config", "set", "journals.work", "~/work-journal")
        #expect(set.status == 0, "\(set.stderr)")
        #expect(try box.journal("init", box.home + "/work-journal").status == 0)
        let added = try box.journal("work:", "add", "Standup notes")
        #expect(added.status == 0, "\(added.stderr)")
        #expect(try box.journal("work:", "Words after the name are an entry").status == 0)
        let work = try box.journal("-J", "work", "list")
        #expect(work.stdout.contains("Standup notes") && work.stdout.contains("Words after the name"), "\(work.stdout)")
        #expect(try box.journal("list", "-J", "work").stdout == work.stdout)
        #expect(try box.journal("work:", "list").stdout == work.stdout)
        #expect(try box.journal("list").stderr == "No entries yet: write one with `journal add`.\n")
        #expect(FileManager.default.fileExists(atPath: box.home + "/work-journal/entries/2026/11"))
        let listed = try box.journal("journals")
        #expect(listed.stdout == "default  \(box.journal)\nwork     \(box.home)/work-journal\n")
        #expect(try box.journal("config", "get", "journals.work").stdout == "~/work-journal\n")
        // Not a name: an unknown word is still a mistake, and `nowhere:` is no journal.
        #expect(try box.journal("nowhere:", "list").status == 64)
        let badName = try box.journal("config", "set", "journals.two.parts", "x")
        #expect(badName.status == 1 && badName.stderr.contains("unknown key 'journals.two.parts'"))
        let korean = try box.journal("journals", env: ["LANG": "ko_KR.UTF-8"])
        #expect(korean.stdout == listed.stdout)
    }

    // MARK: @tags

    /// `@word` in a new entry is a tag when the journal says so (a journal imported from jrnl does) or the
    /// user does (`config set tags.prefix @`); `--tag @x` is `--tag x`.
    @Test func atTagsWhereTheJournalSaysSo() throws {
        let box = try Self.newJournal()
        _ = try box.add("Lunch with @minji")
        #expect(try box.journal("list", "--tag", "minji").stderr == "No entries match.\n")
        let file = box.root.path + "/jrnl.txt"
        try Data("[2024-03-01 09:00] From jrnl @work\n".utf8).write(to: URL(fileURLWithPath: file))
        #expect(try box.journal("import", "jrnl", file).status == 0)
        #expect(box.read("journal.yml")?.hasSuffix("tag_prefix: \"@\"\n") == true)
        #expect(try box.git("show", "--name-only", "--format=", "HEAD").contains("journal.yml\n"))
        try box.expectCleanRepository()
        let dinner = try box.add("Dinner with @Jun and #food")
        #expect(box.entryFiles().compactMap(box.read).contains { $0.contains("tags: [Jun]\n") && $0.hasSuffix("Dinner with @Jun and #food\n") })
        #expect(try box.journal("list", "--tag", "@jun").stdout.contains(dinner))
        #expect(try box.journal("list", "--tag", "jun").stdout.contains(dinner))

        // Another journal, the user's setting.
        let other = try Self.newJournal()
        #expect(try other.journal("config", "set", "tags.prefix", "@").status == 0)
        _ = try other.add("Coffee @sam")
        #expect(try other.journal("list", "--tag", "sam").stdout.contains("Coffee @sam"))
        let bad = try other.journal("config", "set", "tags.prefix", "%")
        #expect(bad.status == 1 && bad.stderr.contains("tags.prefix '%' is not valid"))
    }
}
