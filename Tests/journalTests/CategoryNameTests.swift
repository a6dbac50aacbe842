import Foundation
import Testing

/// One category, one thing, by its key, its English name or its Korean name (issue 31 §1): in `-c`,
/// in filters, in headers written by hand, in `categories rename` and `remove`; an unknown one in a
/// header is kept as written and said once; colours by name in either language or `#rrggbb`.
@Suite struct CategoryNameTests {
    static let korean = ["LANG": "ko_KR.UTF-8"]

    /// The entry file of the short id `id`.
    static func file(_ box: Sandbox, _ id: String) throws -> String {
        try #require(box.entryFiles().first { $0.contains(id) })
    }

    /// The entry's header line `category: old` written over by hand, as an editor would.
    static func setCategory(_ box: Sandbox, _ id: String, _ name: String) throws {
        let path = try file(box, id)
        let text = try #require(box.read(path))
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.hasPrefix("category: ") ? "category: \(name)" : String(line)
        }
        try box.write(path, lines.joined(separator: "\n"))
    }

    @Test func eitherLanguageNamesTheSameCategory() throws {
        let box = try Sandbox()
        try box.journal("init")
        // Under English, the Korean name is taken and the key stored.
        let first = try box.add("--date", "2026-11-20 10:00", "-c", "일상", "Groceries")
        #expect(try box.read(Self.file(box, first))?.contains("category: stuff\n") == true)
        let second = try box.add("--date", "2026-11-21 10:00", "-c", "stuff", "Laundry")
        // A header written by hand in Korean is the same category: no warning, counted, found, shown.
        try Self.setCategory(box, second, "일상")
        let commit = try box.journal("commit")
        #expect(commit.status == 0)
        #expect(!commit.stderr.contains("warning"), "\(commit.stderr)")
        for name in ["stuff", "일상"] {
            let list = try box.journal("list", "-c", name, "--color", "never")
            #expect(list.status == 0, "\(list.stderr)")
            #expect(list.stdout.contains("Groceries") && list.stdout.contains("Laundry"), "\(name): \(list.stdout)")
            #expect(list.stdout.components(separatedBy: "🏠 stuff").count == 3, "\(list.stdout)")
        }
        let korean = try box.journal("list", "--color", "never", env: Self.korean)
        #expect(korean.stdout.components(separatedBy: "🏠 일상").count == 3, "\(korean.stdout)")
        let categories = try box.journal("categories", "--color", "never")
        #expect(categories.stdout.contains("🏠 stuff     2  green"), "\(categories.stdout)")
        #expect(!categories.stdout.contains("not in journal.yml"), "\(categories.stdout)")
        let search = try box.journal("search", "Laundry", "-c", "일상", "--json")
        #expect(search.status == 0 && search.stdout.contains("Laundry"), "\(search.stderr)")
        // Exports pick by either name too (the header written in Korean included).
        for name in ["stuff", "일상"] {
            let export = try box.journal("export", "json", "-c", name)
            #expect(export.status == 0, "\(export.stderr)")
            #expect(export.stdout.contains("Groceries") && export.stdout.contains("Laundry"), "\(name): \(export.stdout)")
        }
        // The file says what its writer wrote.
        #expect(try box.read(Self.file(box, second))?.contains("category: 일상\n") == true)
        try box.expectCleanRepository()
    }

    @Test func renameAndRemoveTakeAnyName() throws {
        let box = try Sandbox()
        box.environment.merge(Self.korean) { $1 }
        try box.journal("init")
        let typed = try box.add("--date", "2026-11-20 10:00", "-c", "stuff", "장보기")
        let byHand = try box.add("--date", "2026-11-21 10:00", "-c", "stuff", "빨래")
        try Self.setCategory(box, byHand, "일상")
        try box.journal("commit")
        let renamed = try box.journal("categories", "rename", "일상", "생활")
        #expect(renamed.status == 0, "\(renamed.stderr)")
        #expect(renamed.stdout.contains("일기 2"), "\(renamed.stdout)")
        #expect(box.read("journal.yml")?.contains("  생활:\n    emoji: \"🏠\"") == true)
        for id in [typed, byHand] { #expect(try box.read(Self.file(box, id))?.contains("category: 생활\n") == true) }
        let removed = try box.journal("categories", "remove", "쇼핑")
        #expect(removed.status == 0, "\(removed.stderr)")
        #expect(box.read("journal.yml")?.contains("shopping") == false)
        // English names work under Korean too, and a name no category has is refused, listing them as shown.
        #expect(try box.journal("categories", "remove", "hobby").status == 0)
        let unknown = try box.journal("categories", "remove", "쇼핑")
        #expect(unknown.status == 1)
        #expect(unknown.stderr.contains("알 수 없는 카테고리예요: '쇼핑'(있는 카테고리: 업무, 음악, 여행, 공부, 생활)"), "\(unknown.stderr)")
        try box.expectCleanRepository()
    }

    @Test func anUnknownCategoryInAHeaderIsKeptAndSaidOnce() throws {
        let box = try Sandbox()
        box.environment.merge(Self.korean) { $1 }
        try box.journal("init")
        let id = try box.add("-c", "stuff", "산책")
        try Self.setCategory(box, id, "일싱")
        let written = try box.read(Self.file(box, id))
        let next = try box.journal("list", "--color", "never")
        #expect(next.status == 0)
        #expect(next.stderr.contains("카테고리 '일싱'은 journal.yml에 없어요. 혹시 일상 말인가요? (쓴 그대로 두었어요)"), "\(next.stderr)")
        #expect(next.stdout.contains("일싱"), "\(next.stdout)")
        #expect(try box.journal("list").stderr == "")
        #expect(try box.read(Self.file(box, id)) == written)
        #expect(try box.journal("list", "-c", "일싱").stdout.contains("산책"))
        let categories = try box.journal("categories", "--color", "never")
        #expect(categories.stdout.contains("일싱") && categories.stdout.contains("journal.yml에 없음"), "\(categories.stdout)")

        // Far from every name: all of them are listed; through `journal edit` too.
        let editor = try box.script("editor", "sed -i 's/^category: .*/category: zebra/' \"$1\"\n")
        let edited = try box.journal("edit", id, env: ["EDITOR": editor, "VISUAL": editor, "LANG": "C"])
        #expect(edited.status == 0, "\(edited.stderr)")
        #expect(
            edited.stderr.contains("category 'zebra' is not in journal.yml (known: work, music, travel, study, stuff, hobby, shopping); kept as written"),
            "\(edited.stderr)")
        try box.expectCleanRepository()
    }

    /// A category's name may hold spaces (`생각해볼 것`, the memo apps' own, issue 49 §3): one name everywhere, in
    /// quotes on a command line. Two spaces together, a tab or a `#` are still refused, nothing changed.
    @Test func aNameMayHoldSpaces() throws {
        let box = try Sandbox()
        try box.journal("init")
        let made = try box.journal("categories", "add", "생각해볼 것", "--color", "하늘색")
        #expect(made.status == 0, "\(made.stderr)")
        let settings = try #require(box.read("journal.yml"))
        #expect(settings.contains("  생각해볼 것:\n    color: sky\n"), "\(settings)")
        let added = try box.journal("add", "-c", "생각해볼 것", "우주는 왜 넓을까")
        #expect(added.status == 0, "\(added.stderr)")
        _ = try box.journal("add", "다른 글")
        let listed = try box.journal("list", "-c", "생각해볼 것")
        #expect(listed.status == 0 && listed.stdout.contains("우주는 왜 넓을까") && !listed.stdout.contains("다른 글"), "\(listed)")
        let file = try #require(FileManager.default.enumerator(atPath: box.journal + "/entries")?.allObjects
            .compactMap { $0 as? String }.compactMap { box.read("entries/" + $0) }.first { $0.contains("우주는") })
        #expect(file.contains("\ncategory: 생각해볼 것\n"), "\(file)")
        let shown = try box.journal("categories", "--color", "never", env: Self.korean)
        #expect(shown.stdout.contains("생각해볼 것") && shown.stdout.contains("하늘색"), "\(shown.stdout)")

        let before = try box.git("rev-parse", "HEAD")
        for bad in ["생각해볼  것", "생각\t것", "생각 #것"] {
            let refused = try box.journal("categories", "add", bad)
            #expect(refused.status != 0, "\(bad.debugDescription)")
            #expect(refused.stderr.hasPrefix("journal: invalid category name") && refused.stderr.split(separator: "\n").count == 1,
                    "\(refused.stderr)")
        }
        #expect(try box.git("rev-parse", "HEAD") == before)
        #expect(box.read("journal.yml") == settings)
    }

    @Test func coloursByNameInEitherLanguageOrHex() throws {
        let box = try Sandbox()
        try box.journal("init")
        #expect(try box.journal("categories", "add", "hiking", "--color", "분홍").status == 0)
        #expect(try box.journal("categories", "add", "reading", "--color", "#FF8800").status == 0)
        #expect(try box.journal("categories", "add", "cooking", "--color", "Purple").status == 0)
        let settings = try #require(box.read("journal.yml"))
        #expect(settings.contains("  hiking:\n    color: pink\n"), "\(settings)")
        #expect(settings.contains("  reading:\n    color: \"#ff8800\"\n") || settings.contains("  reading:\n    color: '#ff8800'\n"), "\(settings)")
        #expect(settings.contains("  cooking:\n    color: purple\n"), "\(settings)")
        let english = try box.journal("categories", "--color", "always")
        #expect(english.stdout.contains("\u{1B}[38;5;211mhiking"), "\(english.stdout)")
        #expect(english.stdout.contains("pink"), "\(english.stdout)")
        let korean = try box.journal("categories", "--color", "never", env: Self.korean)
        #expect(korean.stdout.contains("분홍") && korean.stdout.contains("#ff8800") && korean.stdout.contains("보라"), "\(korean.stdout)")

        let before = try box.git("rev-parse", "HEAD")
        let bad = try box.journal("categories", "add", "x", "--color", "blurple")
        #expect(bad.status == 1)
        #expect(bad.stderr.hasPrefix("journal: unknown colour 'blurple': a colour name (black, red,"), "\(bad.stderr)")
        #expect(bad.stderr.contains("or #rrggbb\n"))
        let badKorean = try box.journal("categories", "add", "x", "--color", "#12345", env: Self.korean)
        #expect(badKorean.stderr.contains("알 수 없는 색이에요: '#12345'"), "\(badKorean.stderr)")
        #expect(try box.git("rev-parse", "HEAD") == before)
        #expect(box.read("journal.yml") == settings)
    }
}
