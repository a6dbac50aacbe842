import Foundation
import Testing
import TestSupport

/// `journal stats` (issue 49 §4): the figures of a journal counted by hand — streaks (one across the end of
/// October, the current one through yesterday while today has no entry yet), each entry's own local day and
/// hour (one written in New York), entries and words per month over the last year (eojeol, without the header
/// and Markdown's marks), days of the week, tags and categories — as lines, as JSON, and for one year.
@Suite struct StatsTests {
    /// Twelve entries whose figures are counted below by hand. Today (the sandbox's clock) is Sunday
    /// 2026-11-22, with no entry; the last year's months are 2025-12 … 2026-11.
    static func handCounted() throws -> Sandbox {
        let box = try Sandbox()
        #expect(try box.journal("init").status == 0)
        let entries: [(day: String, time: String, zone: String, header: String, text: String)] = [
            // 15 words: 부산 여행 첫날 (3) · 아침 (1) · 기차를 일찍 탔다. (3) · 사진 정리 (2) · 해운대에서 회를 먹었다. (3)
            // · 바다가 정말 예뻤다 (3); the picture, the comment, the rule, the dash and the emoji count nothing.
            ("2026-10-30", "09:00:00", "+09:00", "category: travel\ntags: [busan, food]\n", """
            부산 여행 첫날

            # 아침
            - 기차를 **일찍** 탔다.
            - [ ] 사진 정리
            1. 해운대에서 [회](https://example.com/hoe)를 먹었다.
            ![바다](photo.jpg)
            <!-- 메모: 세지 않음 -->
            ---
            > 바다가 정말 예뻤다 — 😀
            """),
            // 10 words: Rain all day. (3) · We stayed in and read a book. (7)
            ("2026-10-31", "21:00:00", "+09:00", "tags: [Busan]\n", "Rain all day.\n\nWe stayed in and read `a book`."),
            // 6 words.
            ("2026-11-01", "08:00:00", "+09:00", "category: work\n", "월요일 준비\n\n내일 회의 자료를 만들었다."),
            // 3 words (the hashtag is one, and a tag).
            ("2026-11-02", "12:30:00", "+09:00", "", "점심\n\n김치찌개 #맛집"),
            // 5 words, on its own day and hour: Thursday the 5th at 23:30 in New York (Friday the 6th in Seoul).
            ("2026-11-05", "23:30:00", "-05:00", "time_zone: America/New_York\n", "Late night in New York"),
            // Two entries on one day: 2 and 3 words.
            ("2026-11-10", "07:00:00", "+09:00", "tags: [food]\n", "아침 산책"),
            ("2026-11-10", "23:30:00", "+09:00", "", "밤 산책도 했다"),
            ("2026-11-19", "20:00:00", "+09:00", "category: travel\n", "목요일"),
            ("2026-11-20", "20:00:00", "+09:00", "tags: [food]\n", "금요일 저녁"),
            // 2 words: an HTML tag is none.
            ("2026-11-21", "20:00:00", "+09:00", "", "토요일 <br> 밤"),
            ("2025-12-01", "10:00:00", "+09:00", "", "December first"),
            // Before the last year's months: counted everywhere but in the months and the words.
            ("2025-11-15", "10:00:00", "+09:00", "tags: [old]\n", "Outside the window"),
        ]
        for (number, entry) in entries.enumerated() {
            let id = String(format: "%08x-0000-4000-8000-%012x", number + 1, number + 1)
            let folder = "entries/\(entry.day.prefix(4))/\(entry.day.dropFirst(5).prefix(2))"
            try box.write("\(folder)/\(entry.day)-\(id.prefix(8)).md",
                          "---\nid: \(id)\ncreated_at: \(entry.day)T\(entry.time)\(entry.zone)\n\(entry.header)---\n\(entry.text)\n")
        }
        #expect(try box.journal("commit").status == 0)
        return box
    }

    func json(_ box: Sandbox, _ arguments: [String] = [], env: [String: String] = [:]) throws -> [String: Any] {
        let run = try box.run(["stats", "--json"] + arguments, env: env)
        #expect(run.status == 0, "\(run.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    }

    func streak(_ value: Any?) -> [String] {
        let streak = value as? [String: Any] ?? [:]
        func text(_ field: String) -> String { streak[field] is NSNull ? "null" : "\(streak[field] ?? "")" }
        return [text("days"), text("from"), text("to")]
    }

    @Test func theFiguresOfAHandCountedJournal() throws {
        let box = try Self.handCounted()
        let stats = try json(box)
        #expect(stats["today"] as? String == "2026-11-22")
        #expect(stats["entries"] as? Int == 12)
        #expect(stats["days_written"] as? Int == 11)
        // Today has no entry yet: the streak still runs through yesterday (19, 20, 21 November).
        #expect(streak(stats["current_streak"]) == ["3", "2026-11-19", "2026-11-21"])
        // The longest crosses the end of October.
        #expect(streak(stats["longest_streak"]) == ["4", "2026-10-30", "2026-11-02"])
        #expect(stats["from"] as? String == "2025-12-01" && stats["to"] as? String == "2026-11-30")
        let months = try #require(stats["months"] as? [[String: Any]])
        #expect(months.map { $0["month"] as? String ?? "" } == ["2025-12"] + (1...11).map { String(format: "2026-%02d", $0) })
        #expect(months.map { $0["entries"] as? Int ?? -1 } == [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 8])
        #expect(months.map { $0["words"] as? Int ?? -1 } == [2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 25, 24])
        #expect(stats["words"] as? Int == 51)
        let weekdays = try #require(stats["weekdays"] as? [[String: Any]])
        #expect(weekdays.map { $0["day"] as? String ?? "" } == ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"])
        #expect(weekdays.map { $0["entries"] as? Int ?? -1 } == [2, 2, 0, 2, 2, 3, 1])
        let hours = try #require(stats["hours"] as? [[String: Any]])
        var expected = [Int](repeating: 0, count: 24)
        for (hour, count) in [7: 1, 8: 1, 9: 1, 10: 2, 12: 1, 20: 3, 21: 1, 23: 2] { expected[hour] = count }
        #expect(hours.map { $0["entries"] as? Int ?? -1 } == expected)
        #expect(hours.map { $0["hour"] as? Int ?? -1 } == Array(0...23))
        // Tags that differ only in case are one; most used first, then by name.
        let tags = try #require(stats["tags"] as? [[String: Any]])
        #expect(tags.map { ($0["tag"] as? String ?? "").lowercased() } == ["food", "busan", "old", "맛집"])
        #expect(tags.map { $0["count"] as? Int ?? -1 } == [3, 2, 1, 1])
        let categories = try #require(stats["categories"] as? [[String: Any]])
        #expect(categories.map { $0["category"] as? String ?? "" } == ["travel", "work"])
        #expect(categories.map { $0["count"] as? Int ?? -1 } == [2, 1])

        // As lines: the same figures.
        let lines = try box.journal("stats")
        #expect(lines.status == 0, "\(lines.stderr)")
        let out = lines.stdout
        #expect(out.contains("Current streak  3 days  2026-11-19 – 2026-11-21\n"), "\(out)")
        #expect(out.contains("Longest streak  4 days  2026-10-30 – 2026-11-02\n"), "\(out)")
        #expect(out.contains("Entries         12 entries on 11 days\n"), "\(out)")
        #expect(out.contains("Words           51 in 2025-12 – 2026-11\n"), "\(out)")
        #expect(out.contains("Month    Entries  Words\n2025-12        1      2  ███\n2026-01        0      0\n"), "\(out)")
        #expect(out.contains("2026-11        8     24  " + String(repeating: "█", count: 24) + "\n"), "\(out)")
        #expect(out.contains("Days of the week\nMonday     2  ████████████████\n"), "\(out)")
        #expect(out.contains("Saturday   3  " + String(repeating: "█", count: 24) + "\nSunday     1  ████████\n"), "\(out)")
        #expect(out.contains("\n23  2  ████████████████\n"), "\(out)")
        #expect(out.contains("Most used tags\n#food   3\n#Busan  2\n#old    1\n#맛집   1\n"), "\(out)")
        #expect(out.contains("Most used categories\n✈️ travel  2\n") || out.contains("Most used categories\ntravel  2\n"), "\(out)")
        let korean = try box.journal("stats", env: ["LANG": "ko_KR.UTF-8"])
        #expect(korean.stdout.contains("지금 연속  3일  2026-11-19 – 2026-11-21\n"), "\(korean.stdout)")
        #expect(korean.stdout.contains("어절       2025-12 – 2026-11: 51어절\n"), "\(korean.stdout)")
        // A Korean week starts on Sunday.
        #expect(korean.stdout.contains("요일\n일요일  1  ████████\n월요일  2"), "\(korean.stdout)")
    }

    /// An entry written today joins the streak; once a whole day passes unwritten, there is none.
    @Test func theCurrentStreakCountsTodayOnceWrittenAndEndsAfterADayMissed() throws {
        let box = try Self.handCounted()
        _ = try box.add("Written today")
        #expect(streak(try json(box)["current_streak"]) == ["4", "2026-11-19", "2026-11-22"])
        #expect(streak(try json(box, env: ["JOURNAL_NOW": "2026-11-24T09:00:00+09:00"])["current_streak"]) == ["0", "null", "null"])
        // On the 23rd, today (the 23rd) has none: the streak still runs through yesterday, the 22nd.
        #expect(streak(try json(box, env: ["JOURNAL_NOW": "2026-11-23T22:00:00+09:00"])["current_streak"]) == ["4", "2026-11-19", "2026-11-22"])
    }

    /// `--year`: that year's entries and its twelve months; the current streak is still today's.
    @Test func oneYear() throws {
        let box = try Self.handCounted()
        let stats = try json(box, ["--year", "2025"])
        #expect(stats["year"] as? Int == 2025)
        #expect(stats["entries"] as? Int == 2 && stats["days_written"] as? Int == 2 && stats["words"] as? Int == 5)
        let months = try #require(stats["months"] as? [[String: Any]])
        #expect(months.first?["month"] as? String == "2025-01" && months.count == 12)
        #expect(months.map { $0["words"] as? Int ?? -1 } == [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3, 2])
        #expect(streak(stats["longest_streak"]) == ["1", "2025-12-01", "2025-12-01"])
        #expect(streak(stats["current_streak"]) == ["3", "2026-11-19", "2026-11-21"])
        #expect((stats["tags"] as? [[String: Any]])?.map { $0["tag"] as? String ?? "" } == ["old"])
        #expect((stats["categories"] as? [[String: Any]])?.isEmpty == true)
    }

    /// A year that is not one: one line, a non-zero exit, and nothing done (not even the outside edit waiting
    /// to be committed, which any command that opens the journal commits).
    @Test func aYearThatIsNotOneIsRefusedAndNothingChanges() throws {
        let box = try Self.handCounted()
        try box.write("entries/2026/11/by-hand.md", "Written by hand\n")
        let before = try box.git("rev-list", "--count", "HEAD")
        for year in ["abc", "0", "10000", "2025.5", ""] {
            let run = try box.journal("stats", "--year", year)
            #expect(run.status == 1, "\(year): \(run.stderr)")
            #expect(run.stdout.isEmpty)
            #expect(run.stderr == "journal: \(year) is not a year: give one such as 2025\n", "\(year): \(run.stderr)")
        }
        let korean = try box.journal("stats", "--year", "abc", env: ["LANG": "ko_KR.UTF-8"])
        #expect(korean.stderr == "journal: abc는 연도가 아니에요: 2025처럼 써 주세요\n", "\(korean.stderr)")
        #expect(try box.git("rev-list", "--count", "HEAD") == before)
        #expect(try box.git("status", "--porcelain").contains("by-hand.md"))
    }

    /// An empty journal: every figure zero, said as such.
    @Test func anEmptyJournal() throws {
        let box = try Sandbox()
        #expect(try box.journal("init").status == 0)
        let stats = try json(box)
        #expect(stats["entries"] as? Int == 0 && stats["words"] as? Int == 0)
        #expect(streak(stats["current_streak"]).first == "0" && streak(stats["longest_streak"]).first == "0")
        let lines = try box.journal("stats")
        #expect(lines.status == 0 && lines.stdout.contains("Current streak  0 days\n") && lines.stdout.contains("Most used tags\nNone yet.\n"), "\(lines.stdout)")
    }
}
