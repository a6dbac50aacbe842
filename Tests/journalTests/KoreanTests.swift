import Foundation
import TestSupport
import Testing

/// The Korean interface: the language chosen by `config set language` or LC_ALL, LC_MESSAGES, LANG;
/// messages, errors, --help, dates, weekdays, weather and category names in Korean; columns that
/// stay aligned with Korean and emoji; places looked up in Korean.
@Suite struct KoreanTests {
    static let korean = ["LANG": "ko_KR.UTF-8"]

    /// Terminal cells, counted independently of the tool: Hangul syllables and the emoji used here
    /// take two, ASCII one.
    static func cells(_ text: some StringProtocol) -> Int {
        text.reduce(0) { width, character in
            let scalar = character.unicodeScalars.first?.value ?? 0
            let wide = (0xAC00...0xD7A3).contains(scalar) || character.unicodeScalars.count > 1 || scalar >= 0x1F000
            return width + (wide ? 2 : 1)
        }
    }

    /// The cells before the first occurrence of `part` in `line`.
    static func column(of part: String, in line: String) -> Int? {
        line.range(of: part).map { cells(line[..<$0.lowerBound]) }
    }

    @Test func messagesAndErrorsUnderAKoreanLocale() throws {
        let box = try Sandbox()
        box.environment.merge(Self.korean) { $1 }
        let created = try box.journal("init")
        #expect(created.status == 0)
        #expect(created.stdout.contains("일기장을 만들었어요"), "\(created.stdout)")
        let added = try box.journal("add", "--date", "2026-11-24 14:05", "-c", "work", "부산 여행")
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.stdout.hasPrefix("추가했어요: "), "\(added.stdout)")
        // Dates written by hand from the catalogue; the built-in category in Korean, stored in English.
        let list = try box.journal("list")
        #expect(list.stdout.contains("2026. 11. 24. 오후 2:05"), "\(list.stdout)")
        #expect(list.stdout.contains("💼 업무"), "\(list.stdout)")
        #expect(try box.onlyEntry().contains("category: work"))
        // The commit stays English: it is the journal's shared history.
        #expect(try box.git("log", "-1", "--format=%s").hasPrefix("Add \"부산 여행\""))
        let unknownCategory = try box.journal("add", "-c", "산책", "x")
        #expect(unknownCategory.status != 0)
        #expect(unknownCategory.stderr.contains("알 수 없는 카테고리예요: '산책'"), "\(unknownCategory.stderr)")
        // What list shows is what -c takes: 여행 is travel.
        let trip = try box.journal("add", "--date", "2026-11-25 10:00", "-c", "여행", "바다")
        #expect(trip.status == 0, "\(trip.stderr)")
        #expect(try box.journal("list", "-c", "travel").stdout.contains("바다"))
        #expect(try box.journal("list", "--category", "여행").stdout.contains("✈️ 여행"))

        let unknown = try box.journal("show", "zzzz")
        #expect(unknown.status == 1)
        #expect(unknown.stderr == "journal: id가 'zzzz'인 일기가 없어요\n", "\(unknown.stderr)")
        let date = try box.journal("add", "--date", "2019-02-29", "x")
        #expect(date.status != 0)
        #expect(date.stderr.contains("잘못된 날짜 '2019-02-29': 2019년 2월은 28일까지 있어요"), "\(date.stderr)")
        let typo = try box.journal("serach")
        #expect(typo.status == 64)
        #expect(typo.stderr.contains("알 수 없는 명령이에요: 'serach'(혹시 'search' 말인가요?)"), "\(typo.stderr)")
        let option = try box.journal("list", "--bogus")
        #expect(option.status == 64)
        #expect(option.stderr.contains("오류: 모르는 옵션: '--bogus'"), "\(option.stderr)")
        #expect(option.stderr.contains("사용법: journal list"), "\(option.stderr)")
        #expect(box.entryFiles().count == 2)
    }

    @Test func theConfigChoosesTheLanguageAndBeatsTheEnvironment() throws {
        let box = try Sandbox()
        try box.journal("init")
        #expect(try box.journal("show", "zzzz").stderr == "journal: no entry with id 'zzzz'\n")
        let set = try box.journal("config", "set", "language", "ko")
        #expect(set.status == 0, "\(set.stderr)")
        #expect(try box.journal("show", "zzzz").stderr == "journal: id가 'zzzz'인 일기가 없어요\n")
        // An explicit setting wins over any locale.
        let english = ["LC_ALL": "en_US.UTF-8", "LANG": "en_US.UTF-8"]
        #expect(try box.journal("show", "zzzz", env: english).stderr == "journal: id가 'zzzz'인 일기가 없어요\n")
        let config = try String(contentsOfFile: box.home + "/.config/journal/config.yml", encoding: .utf8)
        let bad = try box.journal("config", "set", "language", "xx")
        #expect(bad.status != 0)
        #expect(bad.stderr.contains("language 'xx'는 올바르지 않아요(가능한 값: en, ko 중 하나)"), "\(bad.stderr)")
        #expect(try String(contentsOfFile: box.home + "/.config/journal/config.yml", encoding: .utf8) == config)
        #expect(try box.journal("config", "unset", "language").status == 0)
        #expect(try box.journal("show", "zzzz").stderr == "journal: no entry with id 'zzzz'\n")
        #expect(try box.journal("show", "zzzz", env: Self.korean).stderr == "journal: id가 'zzzz'인 일기가 없어요\n")
    }

    @Test func lcAllThenLcMessagesThenLang() throws {
        let box = try Sandbox()
        try box.journal("init")
        let cases: [([String: String], Bool)] = [
            (["LC_ALL": "en_US.UTF-8", "LANG": "ko_KR.UTF-8"], false),
            (["LC_ALL": "ko_KR.UTF-8", "LANG": "en_US.UTF-8"], true),
            (["LC_ALL": "", "LC_MESSAGES": "ko_KR.UTF-8", "LANG": "en_US.UTF-8"], true),
            (["LC_MESSAGES": "C", "LANG": "ko_KR.UTF-8"], false),
            (["LANG": "ko"], true),
            (["LANG": "C"], false),
            (["LANG": "de_DE.UTF-8"], false),
        ]
        for (env, isKorean) in cases {
            let result = try box.journal("show", "zzzz", env: env)
            #expect(result.status == 1)
            #expect(result.stderr.contains("일기가 없어요") == isKorean, "\(env): \(result.stderr)")
        }
    }

    @Test func helpInKorean() throws {
        let box = try Sandbox()
        let help = try box.journal("list", "--help", env: Self.korean)
        #expect(help.status == 0)
        #expect(help.stdout.hasPrefix("개요: 일기를 최신순으로 보여 줘요."), "\(help.stdout)")
        for part in ["사용법: journal list", "옵션:", "일기 전체를 차례로 보여 줘요", "도움말을 보여 줘요.", "이날 또는 그 뒤의 일기"] {
            #expect(help.stdout.contains(part), "\(part): \(help.stdout)")
        }
        #expect(!help.stdout.contains("Whole entries"))
        let root = try box.journal("--help", env: Self.korean)
        #expect(root.stdout.contains("하위 명령:"))
        #expect(root.stdout.contains("자세한 도움말: 'journal help <subcommand>'"), "\(root.stdout)")
        // The setting works for --help too.
        #expect(try box.journal("config", "set", "language", "ko").status == 0)
        let add = try box.journal("add", "--help").stdout
        #expect(add.hasPrefix("개요: 새 일기를 써요."))
        // The discussion is wrapped by terminal cells, not by characters.
        let discussion = add.components(separatedBy: "사용법:")[0].split(separator: "\n")
        #expect(discussion.count > 10)
        #expect(discussion.allSatisfy { Self.cells($0) <= 80 }, "\(discussion.filter { Self.cells($0) > 80 })")
    }

    /// Every command's help in Korean fits 80 and 60 columns: options, arguments, command lists and
    /// discussions are wrapped by cells (issue 31 §4). Left to argument-parser, as in English: the usage
    /// line, and the `(가능한 값: …)` it adds after a flag's text.
    @Test func everyHelpFitsTheTerminalInKorean() throws {
        let box = try Sandbox()
        let commands = [
            "", "add", "list", "show", "edit", "rm", "tag", "star", "search", "today", "on-this-day", "tags", "categories",
            "templates", "config", "weather", "export", "import", "share", "attach", "sync", "log", "restore", "encrypt",
            "doctor", "serve", "init", "journals", "commit",
        ]
        for columns in [80, 60] {
            for command in commands {
                let help = try box.run((command.isEmpty ? [] : [command]) + ["--help"], env: Self.korean.merging(["COLUMNS": "\(columns)"]) { $1 })
                #expect(help.status == 0, "\(command)")
                let wide = help.stdout.split(separator: "\n").filter {
                    Self.cells($0) > columns && !$0.hasPrefix("사용법:") && !$0.contains("(가능한 값:")
                }
                #expect(wide.isEmpty, "journal \(command) --help at \(columns): \(wide)")
                // argument-parser's own words are in Korean too.
                #expect(!help.stdout.contains("(values:") && !help.stdout.contains("(default)"), "journal \(command) --help")
            }
        }
    }

    @Test func columnsAlignWithKoreanAndEmojiTitles() throws {
        let box = try Sandbox()
        try box.journal("init")
        #expect(try box.journal("categories", "add", "산책", "--emoji", "🚶").status == 0)
        let entries: [(String, String, [String])] = [
            ("work", "회의록 정리", ["회사"]),
            ("travel", "Trip to Busan 🌊", ["바다", "여행"]),
            ("산책", "🍜🍜 라면", ["a"]),
            ("shopping", "plain title", ["longer-tag-name"]),
        ]
        for (index, (category, title, tags)) in entries.enumerated() {
            let added = try box.journal(
                "add", "--date", "2026-11-\(10 + index) 0\(index):30", "-c", category, "-t", tags.joined(separator: ","), title)
            #expect(added.status == 0, "\(added.stderr)")
        }
        for env in [Self.korean, [:]] {
            let lines = try box.journal("list", env: env).stdout.split(separator: "\n").map(String.init)
            #expect(lines.count == 4)
            let starts = zip(lines, entries.reversed()).map { Self.column(of: $1.1, in: $0) }
            #expect(Set(starts).count == 1 && starts[0] != nil, "\(env): \(lines)")

            let tags = try box.journal("tags", env: env).stdout.split(separator: "\n").map(String.init)
            #expect(tags.count == 5)
            #expect(Set(tags.map(Self.cells)).count == 1, "tags: \(tags)")

            let categories = try box.journal("categories", env: env).stdout.split(separator: "\n").map(String.init)
            let countEnds = categories.map { line -> Int? in
                guard let match = line.range(of: #" \d+  "#, options: .regularExpression) else { return nil }
                return Self.cells(line[..<match.upperBound])
            }
            #expect(Set(countEnds).count == 1 && countEnds[0] != nil, "categories: \(categories)")
        }
        #expect(try box.journal("categories", env: Self.korean).stdout.contains("업무 (work)"))

        // log: authors of different widths, Korean verbs.
        try "[user]\n\tname = 김민지\n\temail = minji@example.com\n".writeReplacing(toFile: box.home + "/.gitconfig")
        #expect(try box.journal("add", "--date", "2026-11-20 10:00", "둘째 작성자").status == 0)
        let log = try box.journal("log", env: Self.korean).stdout.split(separator: "\n").map(String.init)
        #expect(log.count >= 6)
        let summaries = log.map { line -> Int? in
            for author in ["Test Writer", "김민지"] {
                guard let range = line.range(of: author) else { continue }
                let rest = line[range.upperBound...].drop { $0 == " " }
                return Self.cells(line[..<rest.startIndex])
            }
            return nil
        }
        #expect(Set(summaries).count == 1 && summaries[0] != nil, "log: \(log)")
        #expect(log[0].contains("추가"), "\(log)")
    }

    @Test func longTitlesAreCutBetweenCharacters() throws {
        let box = try Sandbox()
        try box.journal("init")
        let title = String(repeating: "가나다라마", count: 8)  // 40 syllables, 80 cells
        #expect(try box.journal("add", title).status == 0)
        let subject = try box.git("log", "-1", "--format=%s").trimmingCharacters(in: .newlines)
        // 59 cells hold 29 syllables: the 30th would need a 60th cell.
        #expect(subject.hasPrefix("Add \"" + String(title.prefix(29)) + "…\" ("), "\(subject)")
        let emoji = String(repeating: "ab👩‍👩‍👧", count: 20)  // 4 cells each
        #expect(try box.journal("add", emoji).status == 0)
        let cut = try box.git("log", "-1", "--format=%s").trimmingCharacters(in: .newlines)
        #expect(cut.hasPrefix("Add \"" + String(repeating: "ab👩‍👩‍👧", count: 14) + "ab…\" ("), "\(cut)")
        // `list` cuts the same way, to what its 80 columns leave after date and id (51 cells: 50 and `…`);
        // its JSON keeps the title whole.
        let list = try box.journal("list").stdout.split(separator: "\n").map(String.init)
        #expect(list.contains { $0.hasSuffix("  " + String(repeating: "ab👩‍👩‍👧", count: 12) + "ab…") }, "\(list)")
        #expect(list.contains { $0.hasSuffix("  " + String(title.prefix(25)) + "…") }, "\(list)")
        #expect(try box.journal("list", "--json").stdout.contains(title))
    }

    @Test func templateWeekdayDateAndTimeInKorean() throws {
        let box = try Sandbox()
        box.environment.merge(Self.korean) { $1 }
        try box.journal("init")
        try box.write("templates/entry.md", "# {{weekday}} {{date}} {{time}}\n\n")
        let editor = try box.script("editor.sh", "cp \"$1\" '\(box.root.path)/seen.md'\necho 'Written.' >> \"$1\"\n")
        // 2026-11-24 is a Tuesday.
        let result = try box.runInTerminal(["add", "--date", "2026-11-24 14:05"], env: ["EDITOR": editor])
        #expect(result.status == 0, "\(result.stdout)")
        let seen = try String(contentsOfFile: box.root.path + "/seen.md", encoding: .utf8)
        #expect(seen.hasPrefix("# 화요일 2026년 11월 24일 오후 2:05\n"), "\(seen)")
    }

    /// The built-in templates are in Korean under Korean, the daily title in Korean date order.
    @Test func builtInTemplatesInKorean() throws {
        let box = try Sandbox()
        try box.journal("init")
        let editor = try box.script("editor.sh", "cp \"$1\" '\(box.root.path)/seen.md'\necho 'Written.' >> \"$1\"\n")
        for (language, title, heading) in [
            (Self.korean, "# 2026년 11월 24일 화요일\n", "## 오늘 기분은 어때요?"), ([:], "# Tuesday, 2026-11-24\n", "## How am I today?"),
        ] {
            let result = try box.runInTerminal(["add", "--template", "daily", "--date", "2026-11-24 14:05"],
                                               env: language.merging(["EDITOR": editor]) { $1 })
            #expect(result.status == 0, "\(result.stdout)")
            let seen = try String(contentsOfFile: box.root.path + "/seen.md", encoding: .utf8)
            #expect(seen.hasPrefix(title) && seen.contains(heading), "\(seen)")
        }
    }

    @Test func yearsAgoInKorean() throws {
        let box = try Sandbox()
        box.environment.merge(Self.korean) { $1 }
        try box.journal("init")
        #expect(try box.journal("add", "--date", "2025-03-14 09:00", "작년 오늘").status == 0)
        #expect(try box.journal("add", "--date", "2023-03-14 09:00", "삼 년 전").status == 0)
        let out = try box.journal("on-this-day", "2026-03-14").stdout
        #expect(out.contains("2025년 · 1년 전"), "\(out)")
        #expect(out.contains("2023년 · 3년 전"), "\(out)")
    }

    /// A geocoder that answers in Korean when asked to, as Open-Meteo does with `language=ko`.
    static func koreanGeocoder() throws -> ProviderServer {
        let providers = ProviderServer.providers()
        return try ProviderServer { request in
            guard request.path == "/v1/search", request.query["language"] == "ko" else { return providers(request) }
            let name = request.query["name"] ?? ""
            guard let place = ProviderServer.places.first(where: { $0.korean == name || $0.name.lowercased() == name.lowercased() })
            else { return providers(request) }
            var korean = place
            korean.name = place.korean
            return .json(ProviderServer.openMeteoGeocoding(korean))
        }
    }

    @Test func placesAndWeatherInKorean() throws {
        let server = try Self.koreanGeocoder()
        defer { server.stop() }
        let box = try WeatherCommandTests.sandbox(server)
        box.environment.merge(Self.korean) { $1 }
        let added = try box.journal("add", "--location", "부산", "--date", box.day(-3) + " 09:00", "바다")
        #expect(added.status == 0, "\(added.stderr)")
        let search = server.requests.filter { $0.path == "/v1/search" }
        #expect(search.count == 1)
        #expect(search.first?.query["language"] == "ko")
        #expect(search.first?.query["name"] == "부산")
        let file = try box.onlyEntry()
        #expect(file.contains("name: 부산"), "\(file)")
        #expect(file.contains("latitude: 35.10168"), "\(file)")
        // Stored in the provider-neutral English words; shown in Korean.
        #expect(file.contains("condition: rain"), "\(file)")
        let id = try #require(box.entryFiles().first.flatMap { box.read($0) }).split(separator: "\n")
            .first { $0.hasPrefix("id: ") }.map { String($0.dropFirst(4).prefix(8)) }
        let show = try box.journal("show", try #require(id)).stdout
        #expect(show.contains("부산"), "\(show)")
        #expect(show.contains("🌧️ 비 (약한 비)"), "\(show)")
        #expect(show.contains("습도 "), "\(show)")
        #expect(!show.contains("rain"), "\(show)")

        // The setting asks in Korean too, whatever the locale.
        let other = try WeatherCommandTests.sandbox(server)
        #expect(try other.journal("config", "set", "language", "ko").status == 0)
        #expect(try other.journal("add", "--location", "Busan", "x").status == 0)
        #expect(server.requests.filter { $0.path == "/v1/search" }.last?.query["language"] == "ko")
        // In English, places are asked for in English.
        let english = try WeatherCommandTests.sandbox(server)
        #expect(try english.journal("add", "--location", "Busan", "x").status == 0)
        #expect(server.requests.filter { $0.path == "/v1/search" }.last?.query["language"] == "en")
    }

    @Test func htmlExportInKorean() throws {
        let box = try Sandbox()
        box.environment.merge(Self.korean) { $1 }
        try box.journal("init")
        #expect(try box.journal("add", "--date", "2026-11-24 14:05", "-c", "work", "-t", "회의", "회의록").status == 0)
        let exported = try box.journal("export", "html", "-o", box.root.path + "/site")
        #expect(exported.status == 0, "\(exported.stderr)")
        let index = try String(contentsOfFile: box.root.path + "/site/index.html", encoding: .utf8)
        for part in ["<html lang=\"ko\">", "<h1>일기장</h1>", "<h3>2026년 11월</h3>", "<h2>카테고리</h2>", "<h2>태그</h2>", "💼 업무"] {
            #expect(index.contains(part), "\(part): \(index)")
        }
    }

    /// JSON is for programs: the same in every language.
    @Test func jsonIsTheSameInEveryLanguage() throws {
        let box = try Sandbox()
        try box.journal("init")
        #expect(try box.journal("add", "--date", "2026-11-24 14:05", "-c", "work", "-t", "회의", "회의록").status == 0)
        for command in [["list", "--json"], ["templates", "--json"], ["categories", "--json"], ["tags", "--json"], ["log", "--json"]] {
            let english = try box.run(command)
            let korean = try box.run(command, env: Self.korean)
            #expect(english.status == 0 && korean.status == 0)
            #expect(english.stdout == korean.stdout, "\(command)")
        }
        #expect(try box.journal("templates", "--json", env: Self.korean).stdout.contains("\"built-in\""))
        #expect(try box.journal("templates", env: Self.korean).stdout.contains("기본 제공"))
    }
}

/// Particles after values in messages, and `today` without entries (issue 31 §5), through the real binary.
@Suite struct KoreanWordsTests {
    @Test func particlesFollowTheWordBeforeThem() throws {
        let box = try Sandbox()
        try box.journal("init")
        let id = try box.add("#카페 에서 #여행 계획 #제주")
        for (file, expected) in [("제주", "제주를 첨부할 수 없어요"), ("부산", "부산을 첨부할 수 없어요")] {
            let result = try box.journal("attach", id, file, env: KoreanTests.korean)
            #expect(result.status == 1 && result.stderr.contains(expected), "\(result.stderr)")
            #expect(!result.stderr.contains("(를)"))
        }
        let english = try box.journal("attach", id, "제주")
        #expect(english.stderr.contains("/제주: no such file"), "\(english.stderr)")

        let renamed = try box.journal("tags", "rename", "카페", "서울", env: KoreanTests.korean)
        #expect(renamed.status == 0, "\(renamed.stderr)")
        #expect(renamed.stdout.contains("#카페를 #서울로 바꿨어요"), "\(renamed.stdout)")
        let again = try box.journal("tags", "rename", "여행", "부산", env: KoreanTests.korean)
        #expect(again.stdout.contains("#여행을 #부산으로 바꿨어요"), "\(again.stdout)")
        let bad = try box.journal("config", "set", "language", "xx", env: KoreanTests.korean)
        #expect(bad.stderr.contains("'xx'는 올바르지 않아요"), "\(bad.stderr)")
        try box.expectCleanRepository()
    }

    /// `log ID` shows the tool's own commit subjects in Korean; git keeps them in English.
    @Test func historyOfAnEntryInKoreanWords() throws {
        let box = try Sandbox()
        try box.journal("init")
        let id = try box.add("부산 여행")
        box.advanceClock()
        #expect(try box.journal("star", id).status == 0)
        box.advanceClock()
        #expect(try box.journal("tag", id, "+바다").status == 0)
        let korean = try box.journal("log", id, env: KoreanTests.korean)
        #expect(korean.status == 0, "\(korean.stderr)")
        for words in ["\"부산 여행\" (\(id)) 추가", "\"부산 여행\" (\(id))에 별표", "\"부산 여행\" (\(id))의 태그: +바다"] {
            #expect(korean.stdout.contains(words), "\(words): \(korean.stdout)")
        }
        #expect(!korean.stdout.contains("Add \"") && !korean.stdout.contains("Star \""))
        let english = try box.journal("log", id)
        #expect(english.stdout.contains("Add \"부산 여행\" (\(id))") && english.stdout.contains("Star \"부산 여행\""), "\(english.stdout)")
        #expect(try box.commitSubjects().contains("Add \"부산 여행\" (\(id))"))
    }

    @Test func todayWithoutEntriesSaysSo() throws {
        let box = try Sandbox()
        try box.journal("init")
        _ = try box.add("--date", "어제 저녁", "어제 쓴 글")
        for (env, words) in [([:], "Nothing written today yet"), (KoreanTests.korean, "오늘은 아직 쓴 일기가 없어요")] {
            let result = try box.journal("today", env: env)
            #expect(result.status == 0)
            #expect(result.stdout.isEmpty)
            #expect(result.stderr.contains(words) && result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        }
        let json = try box.journal("today", "--json")
        #expect(json.status == 0 && json.stderr.isEmpty, "\(json.stderr)")
        let written = try box.add("오늘 쓴 글")
        let today = try box.journal("today", env: KoreanTests.korean)
        #expect(today.status == 0 && today.stdout.contains(written) && today.stderr.isEmpty, "\(today.stderr)")
    }
}

/// `tag ID -부산` where #부산 is in the text, not the header (issue 31 §5).
@Suite struct TagInTextTests {
    @Test func aTagFromTheTextIsNamedAndInTextTakesItsMarkOff() throws {
        let box = try Sandbox()
        try box.journal("init")
        let id = try box.add("-t", "여행", "해운대\n\n오늘 #부산 바다에 갔다. #부산 은 따뜻했다. `#부산` 그대로")
        let before = try box.git("rev-parse", "HEAD")
        for (env, words) in [([:], "#부산 is in the text of \(id), not its header: `journal tag \(id) -부산 --in-text`"),
                             (KoreanTests.korean, "#부산은 머리말이 아니라 \(id)의 본문에 있어요: `journal tag \(id) -부산 --in-text`로")] {
            let result = try box.journal("tag", id, "-부산", env: env)
            #expect(result.status == 0)
            #expect(result.stderr.contains(words), "\(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1)
        }
        #expect(try box.git("rev-parse", "HEAD") == before, "nothing written")

        let unmarked = try box.journal("tag", id, "-부산", "--in-text", env: KoreanTests.korean)
        #expect(unmarked.status == 0, "\(unmarked.stderr)")
        #expect(unmarked.stdout == "\(id)의 본문에서 #부산의 #를 뗐어요\n", "\(unmarked.stdout)")
        let file = try #require(box.entryFiles().first)
        let text = try #require(box.read(file))
        #expect(text.hasSuffix("오늘 부산 바다에 갔다. 부산 은 따뜻했다. `#부산` 그대로\n"), "\(text)")
        #expect(text.contains("tags: [여행]"))
        #expect(try box.commitSubjects().first == "Untag #부산 in the text of \"해운대\" (\(id))")
        #expect(try box.journal("list", "--tag", "부산").stdout.isEmpty)
        // A header tag is removed as before; --in-text has nothing more to do.
        let header = try box.journal("tag", id, "-여행", "--in-text")
        #expect(header.status == 0 && header.stdout.hasPrefix("Tagged \(id): -여행"), "\(header.stdout)")
        try box.expectCleanRepository()
    }
}
