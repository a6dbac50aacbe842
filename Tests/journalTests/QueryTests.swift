import Foundation
import Testing

/// list filters, search, today and on-this-day, through the index.
@Suite struct QueryTests {
    /// Entries over several years; returns short ids by name. Its clock and zone are its own, as the goldens' are:
    /// the expectations name days ("friday", "this week", "1 year ago") of that morning, whatever day and zone
    /// the suite is run under (JOURNAL_TEST_NOW, JOURNAL_TEST_TZ).
    func journal(_ box: Sandbox) throws -> [String: String] {
        box.environment["JOURNAL_NOW"] = "2026-11-22T09:15:00+09:00"
        box.environment["TZ"] = "Asia/Seoul"
        try box.journal("init")
        var ids: [String: String] = [:]
        ids["busan"] = try box.add("--date", "2025-11-22 08:00", "Trip to Busan\n\nWe ate hotteok by the sea.", "-c", "travel", "-t", "busan,food")
        ids["seoul"] = try box.add("--date", "2024-11-22 20:00", "서울역에서 친구를 만났다\n\n대학교 앞 카페", "-t", "서울")
        ids["cafe"] = try box.add("--date", "2026-03-14 09:00", "Café au lait\n\nA slow morning in the early train. #coffee", "-c", "hobby", "--star")
        ids["work"] = try box.add("--date", "2026-11-20 10:00", "Deadline\n\nShipped the release; rain all day.", "-c", "work", "-t", "release,food")
        ids["today"] = try box.add("Today's note\n\nNothing much.", "-t", "rest")
        return ids
    }

    func ids(_ result: Sandbox.Result) -> [String] {
        result.stdout.split(separator: "\n").compactMap { line in
            let columns = line.split(separator: " ", omittingEmptySubsequences: true).map { String($0) }
            guard columns.count > 2, columns[0].hasPrefix("20"), columns[2].count == 8,
                columns[2].allSatisfy(\.isHexDigit)
            else { return nil }
            return columns[2]
        }
    }

    @Test func filtersCombine() throws {
        let box = try Sandbox()
        let id = try journal(box)
        func list(_ arguments: String...) throws -> [String] {
            let result = try box.run(["list"] + arguments)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            return ids(result)
        }
        #expect(try list() == [id["today"], id["work"], id["cafe"], id["busan"], id["seoul"]].compactMap { $0 })
        #expect(try list("--reverse", "-n", "2") == [id["seoul"], id["busan"]].compactMap { $0 })
        #expect(try list("--from", "2026-01-01") == [id["today"], id["work"], id["cafe"]].compactMap { $0 })
        #expect(try list("--from", "2025", "--to", "2025") == [id["busan"]].compactMap { $0 })
        #expect(try list("--on", "2026-03") == [id["cafe"]].compactMap { $0 })
        #expect(try list("--on", "march 2026") == [id["cafe"]].compactMap { $0 })
        #expect(try list("--on", "this week") == [id["today"], id["work"]].compactMap { $0 })
        #expect(try list("--on", "yesterday").isEmpty)
        #expect(try list("--on", "friday") == [id["work"]].compactMap { $0 })
        #expect(try list("--category", "travel") == [id["busan"]].compactMap { $0 })
        #expect(try list("--tag", "food") == [id["work"], id["busan"]].compactMap { $0 })
        #expect(try list("--tag", "food", "--tag", "busan") == [id["busan"]].compactMap { $0 })
        #expect(try list("--tag", "busan", "--tag", "서울", "--any-tag") == [id["busan"], id["seoul"]].compactMap { $0 })
        #expect(try list("--tag", "food", "--not-tag", "release") == [id["busan"]].compactMap { $0 })
        #expect(try list("--tag", "COFFEE") == [id["cafe"]].compactMap { $0 }, "inline #hashtags count, case-insensitively")
        #expect(try list("--starred") == [id["cafe"]].compactMap { $0 })
        #expect(try list("--contains", "hott") == [id["busan"]].compactMap { $0 })
        #expect(try list("--grep", "rain all day") == [id["work"]].compactMap { $0 })
        #expect(try list("--grep", "^tags: \\[.*food") == [id["work"], id["busan"]].compactMap { $0 })
        #expect(try list("--from", "2025", "--tag", "food", "--contains", "sea") == [id["busan"]].compactMap { $0 })
    }

    @Test(arguments: [
        (["list", "--from", "2019-02-29"], "2019-02-29"),
        (["list", "--on", "someday"], "someday"),
        (["list", "--from", "2026", "--to", "2025"], "the dates run backwards: 2026-01-01 is after 2025-12-31"),
        (["list", "--grep", "(unclosed"], "not a valid regular expression"),
        (["list", "--tag", "two\u{7}words"], "invalid tag"),
        (["list", "--contains", "!!!"], "no words to look for"),
        (["on-this-day", "2019-02-29"], "2019-02-29"),
        (["on-this-day", "2026-11"], "'2026-11' is more than one day (2026-11-01 to 2026-11-30): name one day"),
    ])
    func badFiltersAreOneLineErrors(arguments: [String], message: String) throws {
        let box = try Sandbox()
        try box.journal("init")
        let before = try box.commitSubjects()
        let result = try box.run(arguments)
        #expect(result.status == 1)
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(try box.commitSubjects() == before)
    }

    @Test func searchRanksHighlightsAndHandlesKoreanAndAccents() throws {
        let box = try Sandbox()
        let id = try journal(box)
        func search(_ arguments: String...) throws -> [String] {
            let result = try box.run(["search"] + arguments)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            return ids(result)
        }
        #expect(try search("서울") == [id["seoul"]].compactMap { $0 }, "서울 finds 서울역에서")
        #expect(try search("친구") == [id["seoul"]].compactMap { $0 }, "a particle doesn't hide the word")
        #expect(try search("학교") == [id["seoul"]].compactMap { $0 }, "Korean is found inside words (issue 11): 학교 in 대학교")
        #expect(try search("cafe") == [id["cafe"]].compactMap { $0 }, "accents fold")
        #expect(try search("CAFÉ") == [id["cafe"]].compactMap { $0 })
        #expect(try search("hott") == [id["busan"]].compactMap { $0 }, "word prefixes")
        #expect(try search("\"early train\"") == [id["cafe"]].compactMap { $0 })
        #expect(try search("\"train early\"").isEmpty)
        #expect(try search("food") == [id["work"], id["busan"]].compactMap { $0 }, "header tags are searched")
        #expect(try search("the").count == 3)
        let withoutSea = try search("the", "-sea")
        // One "the" each: the shorter text ranks first (bm25), here also the newer entry.
        #expect(withoutSea == [id["work"], id["cafe"]].compactMap { $0 })
        #expect(withoutSea.count == 2)
        #expect(try search("the", "--from", "2026", "-n", "1").count == 1)
        #expect(try search("nothinglikethis").isEmpty)
        // The matching line, highlighted only on a terminal.
        let plain = try box.journal("search", "hotteok")
        #expect(plain.stdout.contains("\n    We ate hotteok by the sea.\n"))
        let coloured = try box.journal("search", "hotteok", "--color", "always")
        #expect(coloured.stdout.contains("We ate \u{1B}[33m\u{1B}[1mhotteok\u{1B}[0m\u{1B}[0m by the sea."))
        let json = try box.journal("search", "hotteok", "--json")
        let array = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(array.first?["match"] as? String == "We ate hotteok by the sea.")
        #expect(array.first?["body"] as? String == "We ate hotteok by the sea.")
    }

    @Test func titleMatchesRankFirst() throws {
        let box = try Sandbox()
        try box.journal("init")
        let body = try box.add("A walk\n\nWe talked about lanterns for an hour.")
        let title = try box.add("--date", "2020-01-01", "Lanterns")
        #expect(ids(try box.journal("search", "lantern")) == [title, body])
    }

    /// `--from`/`--to` take each entry's own day, however far its offset puts the instant from that day, and a
    /// limit or `--reverse` takes the first ones in time among them (the query walks entries by instant).
    @Test func dateRangesTakeEachEntrysOwnDayAtTheFarthestOffsets() throws {
        let box = try Sandbox()
        try box.journal("init")
        let written = [
            ("first-plus-14", "2021-01-01T00:30:00+14:00"),  // 2020-12-31 10:30 UTC
            ("before-minus-12", "2020-12-31T23:30:00-12:00"),  // 2021-01-01 11:30 UTC, but the writer's 31 December
            ("last-minus-12", "2021-12-31T23:30:00-12:00"),  // 2022-01-01 11:30 UTC
            ("after-plus-14", "2022-01-01T00:30:00+14:00"),  // 2021-12-31 10:30 UTC, but the writer's 1 January
            ("first-plus-2359", "2021-01-01T00:00:00+23:59"),  // 2020-12-31 00:01 UTC
            ("last-minus-2359", "2021-12-31T23:59:00-23:59"),  // 2022-01-01 23:58 UTC
            ("middle", "2021-06-15T12:00:00+09:00"),
        ]
        for (title, time) in written {
            try box.write("entries/by-hand/\(title).md", "---\ncreated_at: \(time)\n---\n\(title)\n")
        }
        func titles(_ arguments: String...) throws -> [String] {
            let result = try box.run(["list", "--json"] + arguments)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            let array = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
            return array.compactMap { $0["title"] as? String }
        }
        let year = ["last-minus-2359", "last-minus-12", "middle", "first-plus-14", "first-plus-2359"]
        #expect(try titles("--from", "2021-01-01", "--to", "2021-12-31") == year)
        #expect(try titles("--from", "2021", "--to", "2021", "-n", "2") == Array(year.prefix(2)))
        #expect(try titles("--from", "2021", "--to", "2021", "-n", "2", "--reverse") == Array(year.reversed().prefix(2)))
        #expect(try titles("--from", "2021-01-01") == ["last-minus-2359", "last-minus-12", "after-plus-14", "middle", "first-plus-14", "first-plus-2359"])
        #expect(try titles("--to", "2020-12-31") == ["before-minus-12"])
        #expect(try titles("--on", "2022-01-01") == ["after-plus-14"])
        #expect(try titles("--on", "2021-12-31", "-n", "1") == ["last-minus-2359"])
    }

    /// A file that names no date is dated by the commit that added it; a commit whose time zone no clock lives in
    /// (libgit2 reads `--9999` as 100 hours ahead; git's fsck calls it a bad time zone) dates it in UTC, so that its
    /// day holds its instant and a range of days finds it.
    @Test func aCommitsImpossibleTimeZoneDatesItsEntryInUTC() throws {
        let box = try Sandbox()
        try box.journal("init")
        let path = "entries/notes/undated.md"
        try box.write(path, "Undated note\n")
        _ = try box.git("add", path)
        let tree = try box.git("write-tree").trimmingCharacters(in: .whitespacesAndNewlines)
        let parent = try box.git("rev-parse", "HEAD").trimmingCharacters(in: .whitespacesAndNewlines)
        // 1600000000 is 2020-09-13 12:26:40 UTC.
        let raw = box.root.path + "/commit"
        try Data("""
            tree \(tree)
            parent \(parent)
            author Someone <someone@example.com> 1600000000 --9999
            committer Someone <someone@example.com> 1600000000 --9999

            Add a note by hand

            """.utf8).write(to: URL(fileURLWithPath: raw))
        let commit = try box.git("hash-object", "-t", "commit", "-w", "--literally", raw).trimmingCharacters(in: .whitespacesAndNewlines)
        _ = try box.git("update-ref", "refs/heads/main", commit)
        let list = try box.journal("list", "--on", "2020-09-13")
        #expect(list.status == 0, "\(list.stderr)")
        #expect(list.stdout.hasPrefix("2020-09-13 12:26  "), "\(list.stdout)")
        #expect(list.stdout.contains("Undated note"))
        #expect(try box.journal("list", "--from", "2020-09-01", "--to", "2020-09-30", "-n", "1").stdout.contains("Undated note"))
        #expect(try box.journal("list", "--on", "2020-09-17").stdout.isEmpty)
    }

    @Test func todayAndOnThisDayUseEachEntrysOwnLocalDate() throws {
        let box = try Sandbox()
        let id = try journal(box)
        // Written late on Nov 21 in New York: Nov 22 in Seoul, but its own day is the 21st.
        try box.write("entries/2026/11/2026-11-21-aaaabbbb.md", "---\nid: aaaabbbb-0000-4000-8000-000000000001\ncreated_at: 2026-11-21T20:00:00-05:00\ntime_zone: America/New_York\n---\nNew York evening\n")
        let today = try box.journal("today")
        #expect(ids(today) == [id["today"]].compactMap { $0 })
        let onThisDay = try box.journal("on-this-day")
        #expect(onThisDay.stdout == """
            2025 · 1 year ago
            2025-11-22 08:00  \(id["busan"] ?? "")  ✈️ travel  Trip to Busan  #busan #food

            2024 · 2 years ago
            2024-11-22 20:00  \(id["seoul"] ?? "")             서울역에서 친구를 만났다  #서울

            """)
        #expect(ids(try box.journal("on-this-day", "2027-03-14")) == [id["cafe"]].compactMap { $0 })
        let none = try box.journal("on-this-day", "2026-01-01")
        #expect(none.stdout == "" && none.stderr == "No entries match.\n")
    }

    @Test func fullPrintsWholeEntries() throws {
        let box = try Sandbox()
        let id = try journal(box)
        let result = try box.journal("list", "--full", "-n", "2")
        #expect(result.stdout.hasPrefix("2026-11-22 09:15 (Asia/Seoul) · \(id["today"] ?? "")"))
        #expect(result.stdout.contains(".md\n\nToday's note\n\nNothing much.\n"))
        #expect(result.stdout.contains("\n\nDeadline\n\nShipped the release; rain all day.\n"))
        #expect(result.stdout.contains("────"))
    }
}
