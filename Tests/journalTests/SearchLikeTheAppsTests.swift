import Foundation
import Testing

/// Search as the Korean diary apps and phone keyboards have it (issue 31 §3): whole words and word
/// starts first, a line that shows and marks what matched, a consonant typed alone at the end (`떡ㅂ`)
/// or initials only (`ㄸㅂㅇ`), verb stems in their irregular forms, emoji.
@Suite struct SearchLikeTheAppsTests {
    /// `journal search --json WORDS`: the titles in order, with each match line.
    static func found(_ box: Sandbox, _ words: String...) throws -> [(title: String, match: String)] {
        let result = try box.run(["search", "--json"] + words)
        #expect(result.status == 0 || result.stderr.contains("No entries"), "\(words): \(result.stderr)")
        guard result.status == 0 else { return [] }
        let entries = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]] ?? []
        return entries.map { (($0["title"] as? String) ?? "", ($0["match"] as? String) ?? "") }
    }

    static func titles(_ box: Sandbox, _ words: String...) throws -> Set<String> {
        let result = try box.run(["search", "--json"] + words)
        guard result.status == 0 else { return [] }
        let entries = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]] ?? []
        return Set(entries.compactMap { $0["title"] as? String })
    }

    static func journal(_ texts: [String]) throws -> Sandbox {
        let box = try Sandbox()
        try box.journal("init")
        for (n, text) in texts.enumerated() {
            let added = try box.journal("add", "--date", "2026-11-\(String(format: "%02d", n + 1)) 10:00", text)
            #expect(added.status == 0, "\(added.stderr)")
        }
        return box
    }

    @Test func wordStartsComeFirstAndTheLineShowsWhatMatched() throws {
        let box = try Self.journal(["송편\n\n추석에 송편을 빚었다.", "비 오는 날\n\n비가 많이 왔다.", "여행\n\n비행기를 탔다.", "캠핑\n\n장비를 샀다."])
        let hits = try Self.found(box, "비")
        #expect(hits.count == 4)
        #expect(Set(hits.prefix(2).map(\.title)) == ["비 오는 날", "여행"], "\(hits)")
        #expect(hits.allSatisfy { !$0.match.isEmpty }, "\(hits)")
        #expect(hits.first { $0.title == "송편" }?.match == "추석에 송편을 빚었다.")
        // On a terminal the syllable typed on is marked where it is.
        let shown = try box.journal("search", "비", "--color", "always")
        #expect(shown.stdout.contains("송편을 \u{1B}[33m\u{1B}[1m빚\u{1B}[0m\u{1B}[0m었다."), "\(shown.stdout)")
    }

    @Test func aConsonantTypedAloneAndInitials() throws {
        let box = try Self.journal(["분식\n\n매운 떡볶이를 먹었다.", "설날\n\n아침에 떡국을 먹었다.", "동네\n\n산책을 했다."])
        #expect(try Self.titles(box, "떡ㅂ") == ["분식"])
        #expect(try Self.titles(box, "떡ㄱ") == ["설날"])
        #expect(try Self.titles(box, "ㄸㅂㅇ") == ["분식"])
        #expect(try Self.titles(box, "ㄸㄱ") == ["설날"])
        #expect(try Self.titles(box, "ㅅㅊ") == ["동네"])
        // A cluster an input method makes of two consonants typed with no vowel (ㄸ then ㄱ is ㄸㄱ, but ㅂ
        // then ㅅ is the one letter ㅄ): its two consonants.
        _ = try box.journal("add", "--date", "2026-11-09 10:00", "바다\n\n부산에 갔다.")
        #expect(try Self.titles(box, "ㅄ") == ["바다", "분식"])
        #expect(try Self.titles(box, "ㅂㅅ") == ["바다", "분식"])
        #expect(try Self.titles(box, "ㅋㅋㅋ").isEmpty)
        // Initials typed as such in a text are found as written too.
        try box.journal("add", "--date", "2026-11-10 10:00", "웃긴 날\n\n하루 종일 ㅋㅋㅋ 웃었다.")
        #expect(try Self.titles(box, "ㅋㅋ") == ["웃긴 날"])
        #expect(try Self.found(box, "ㅋㅋ").first?.match == "하루 종일 ㅋㅋㅋ 웃었다.")
        #expect(try Self.found(box, "ㄸㅂㅇ").first?.match == "매운 떡볶이를 먹었다.")
        let shown = try box.journal("search", "떡ㅂ", "--color", "always")
        #expect(shown.stdout.contains("매운 \u{1B}[33m\u{1B}[1m떡볶\u{1B}[0m\u{1B}[0m이를"), "\(shown.stdout)")
    }

    /// A syllable typed so far whose last consonant becomes the next syllable's first once a vowel follows (issue
    /// 49): a phone's keyboard shows `행` on the way to `해운대`, `을지롱` to `을지로에서`, `됒` to `돼지`, `닭` (a
    /// double final, split) to `달걀`. The syllable as typed still finds itself; nothing else is found.
    @Test func aFinalConsonantMayBeTheNextSyllablesFirst() throws {
        let box = try Self.journal([
            "바다\n\n해운대에서 수영했다.", "산책\n\n을지로에서 걸었다.", "저녁\n\n돼지국밥을 먹었다.", "아침\n\n달걀을 삶았다.",
            "행복\n\n행복한 하루.", "동네\n\n해가 졌다.", "장보기\n\n을지문덕 책을 샀다.",
        ])
        #expect(try Self.titles(box, "행") == ["바다", "행복"])
        #expect(try Self.titles(box, "을지롱") == ["산책"])
        #expect(try Self.titles(box, "됒") == ["저녁"])  // 돼 and ㅈ (the issue's 돶 is 돠 and ㅈ)
        #expect(try Self.titles(box, "닭") == ["아침"])
        #expect(try Self.titles(box, "해운") == ["바다"])
        // Not a wildcard: the consonant begins the next syllable, and the syllable before keeps its vowel.
        #expect(try Self.titles(box, "햊").isEmpty)
        #expect(try Self.titles(box, "을지롭").isEmpty)
        #expect(try Self.titles(box, "돷").isEmpty)
        #expect(try Self.titles(box, "핵") == ["동네"])  // 해가, on the way
        // Only the word's last syllable: `행 복` is two words, `행복` stays itself.
        #expect(try Self.titles(box, "행복") == ["행복"])
        // Found as a reader sees it: the line, and what matched marked.
        let hits = try Self.found(box, "을지롱")
        #expect(hits.map(\.match) == ["을지로에서 걸었다."], "\(hits)")
        #expect(try Self.found(box, "행").first { $0.title == "바다" }?.match == "해운대에서 수영했다.")
        let shown = try box.journal("search", "을지롱", "--color", "always")
        #expect(shown.stdout.contains("\u{1B}[33m\u{1B}[1m을지로에\u{1B}[0m\u{1B}[0m서 걸었다."), "\(shown.stdout)")
        let none = try box.journal("search", "햊")
        #expect(none.stdout + none.stderr == "No entries match.\n", "\(none)")
    }

    @Test func stemsFindTheirIrregularForms() throws {
        let box = try Self.journal([
            "산책\n\n산길을 걸었다.", "음악\n\n재즈를 들었다.", "카페\n\n라떼를 마셨다.", "꽃\n\n꽃이 예뻤다.",
            "겨울\n\n너무 추웠다.", "노래방\n\n노래를 불렀다.", "도서관\n\n영어를 공부했다.", "청소\n\n걸레를 빨았다.",
            "하늘\n\n하늘이 파랬다.",
        ])
        #expect(try Self.titles(box, "걷") == ["산책"])
        #expect(try Self.titles(box, "듣") == ["음악"])
        #expect(try Self.titles(box, "마시") == ["카페"])
        #expect(try Self.titles(box, "예쁘") == ["꽃"])
        #expect(try Self.titles(box, "춥") == ["겨울"])
        #expect(try Self.titles(box, "부르") == ["노래방"])
        #expect(try Self.titles(box, "공부하") == ["도서관"])
        #expect(try Self.titles(box, "파랗") == ["하늘"])
        // The stem's own text still finds what it did; the ending's syllable is not a wildcard.
        #expect(try Self.titles(box, "걸") == ["산책", "청소"])
        #expect(try Self.found(box, "걷").first?.match == "산길을 걸었다.")
    }

    @Test func emojiAreSearchable() throws {
        let box = try Self.journal(["🎉🎂🥳\n\n생일", "아침 ☕️ 한 잔", "좋아요 👍🏽", "No emoji here"])
        #expect(try Self.titles(box, "🎉") == ["🎉🎂🥳"])
        #expect(try Self.titles(box, "🥳") == ["🎉🎂🥳"])
        #expect(try Self.titles(box, "☕") == ["아침 ☕️ 한 잔"])
        #expect(try Self.titles(box, "☕️") == ["아침 ☕️ 한 잔"])
        #expect(try Self.titles(box, "👍") == ["좋아요 👍🏽"])
        let coffee = try box.journal("search", "☕")
        #expect(coffee.status == 0, "\(coffee.stderr)")
        #expect(coffee.stdout.contains("아침 ☕️ 한 잔"))
        let none = try box.journal("search", "🐙")
        #expect(none.stdout + none.stderr == "No entries match.\n", "\(none)")
    }
}
