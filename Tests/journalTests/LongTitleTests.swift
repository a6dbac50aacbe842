import Foundation
import TestSupport
import Testing

/// A title of a whole paragraph (300 words) and a long Korean one, seen at 80 columns: every line that
/// shows a title in a column or a heading (`log`, `log ID`, `weather --missing`, the sync's notes, `star`)
/// cuts it by display width at 60 cells, ended with `…`; `list` and the prompt of `rm` cut it to fit the
/// terminal's width; `show` has it whole.
@Suite struct LongTitleTests {
    static let words = (1...300).map { "word\($0)" }.joined(separator: " ")
    static let korean = String(repeating: "아주 긴 한국어 제목 ", count: 30).trimmingCharacters(in: .whitespaces)
    static let columns = ["COLUMNS": "80", "LINES": "24"]

    /// The 60 cells a title is cut to, with its `…`.
    static func cut(_ title: String) -> String {
        var used = 0
        var out = ""
        for character in title {
            let width = KoreanTests.cells(String(character))
            if used + width > 59 { break }
            used += width
            out.append(character)
        }
        return out + "…"
    }

    /// Lines of `text` that hold the start of a title, each checked: the cut title is there, whole
    /// words of the rest are not, and the title takes at most 60 cells.
    static func expectCut(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
        for title in [words, korean] {
            #expect(text.contains(cut(title)), "\(text)", sourceLocation: sourceLocation)
            #expect(!text.contains(title), "the whole title: \(text)", sourceLocation: sourceLocation)
        }
        #expect(!text.contains("word300"), sourceLocation: sourceLocation)
        for line in text.split(separator: "\n") where line.contains("word1 ") || line.contains("아주 긴") {
            // Date, id, author and verbs besides the title: well under two 80-column rows.
            #expect(KoreanTests.cells(line) <= 150, "\(line)", sourceLocation: sourceLocation)
        }
    }

    @Test func listLogAndHistoryCutALongTitle() throws {
        let box = try Sandbox()
        box.environment.merge(Self.columns) { $1 }
        try box.journal("init")
        let english = try box.add(Self.words)
        box.advanceClock()
        let korean = try box.add(Self.korean)

        // `list` fits the terminal: at 80 and 60 columns, in English and Korean, no row wraps.
        for language in [[:], KoreanTests.korean] {
            for columns in [80, 60] {
                let list = try box.journal("list", env: language.merging(["COLUMNS": "\(columns)"]) { $1 })
                #expect(list.status == 0, "\(list.stderr)")
                let rows = list.stdout.split(separator: "\n")
                #expect(rows.count == 2)
                for row in rows {
                    #expect(KoreanTests.cells(row) < columns, "\(columns): \(row)")
                    #expect(row.hasSuffix("…") && (row.contains("  word1 word2") || row.contains("  아주 긴 한국어")), "\(row)")
                }
            }
        }
        let wide = try box.journal("list", env: ["COLUMNS": "300"]).stdout
        #expect(wide.contains(Self.cut(Self.korean).dropLast()) && !wide.contains(Self.korean), "a wide terminal shows more")

        let log = try box.journal("log")
        #expect(log.status == 0, "\(log.stderr)")
        #expect(log.stdout.contains("added \(english) \"\(Self.cut(Self.words))\""), "\(log.stdout)")
        Self.expectCut(log.stdout)

        for (id, title) in [(english, Self.words), (korean, Self.korean)] {
            let history = try box.journal("log", id)
            #expect(history.status == 0, "\(history.stderr)")
            let heading = try #require(history.stdout.split(separator: "\n").first)
            #expect(heading.hasPrefix("History of \(id) \"\(Self.cut(title))\" (entries/"), "\(heading)")
            #expect(!history.stdout.contains(title))
            // `show` has the title whole.
            #expect(try box.journal("show", id).stdout.contains(title))
        }

        let star = try box.journal("star", korean)
        #expect(star.stdout == "Starred \(korean) \"\(Self.cut(Self.korean))\"\n", "\(star.stdout)")

        // The same in Korean.
        let ko = try box.journal("log", english, env: KoreanTests.korean)
        #expect(ko.stdout.contains(Self.cut(Self.words)), "\(ko.stdout)")
        #expect(!ko.stdout.contains(Self.words))
    }

    @Test func theRemovePromptCutsALongTitle() throws {
        let box = try Sandbox()
        try box.journal("init")
        let id = try box.add(Self.korean)
        let huge = try box.add(String(repeating: "가나다라마바사 ", count: 700))
        for (entry, language) in [(id, "C"), (huge, "C"), (id, "ko_KR.UTF-8"), (huge, "ko_KR.UTF-8")] {
            for columns in ["80", "60"] {
                let declined = try box.runInTerminal(["rm", entry], input: "n\n", env: ["COLUMNS": columns, "LANG": language])
                #expect(declined.status == 1)
                // The question is one line, shorter than the terminal, with the start of the title.
                let line = try #require(declined.stdout.split(separator: "\n").first { $0.contains("[y/N]") })
                let prompt = String(line[..<(line.range(of: "[y/N] ")?.upperBound ?? line.endIndex)])
                #expect(prompt.contains(entry) && (prompt.contains("\"아주 긴 한국어") || prompt.contains("\"가나다라마바사")), "\(prompt)")
                #expect(prompt.contains("…"))
                #expect(KoreanTests.cells(prompt) < Int(columns) ?? 0, "\(prompt)")
            }
        }
        #expect(box.entryFiles().count == 2)
    }

    @Test func weatherMissingCutsALongTitle() throws {
        let server = try ProviderServer()
        let box = try WeatherCommandTests.sandbox(server)
        server.handler = { _ in .json("{}", status: 503) }
        #expect(try box.journal("add", "--lat", "35.1", "--lon", "129", Self.words).status == 0)
        server.handler = ProviderServer.providers()
        let fill = try box.journal("weather", "--missing", env: Self.columns)
        #expect(fill.status == 0, "\(fill.stderr)")
        #expect(fill.stdout.contains("\"\(Self.cut(Self.words))\": "), "\(fill.stdout)")
        #expect(!fill.stdout.contains("word300"))
        // Under Korean the day is whole too (it was cut to `2026. 11. `): the ISO day, as in English.
        #expect(try box.journal("add", "--lat", "35.1", "--lon", "129", "--no-weather", Self.korean).status == 0)
        let korean = try box.journal("weather", "--missing", env: Self.columns.merging(KoreanTests.korean) { $1 })
        #expect(korean.status == 0, "\(korean.stderr)")
        #expect(korean.stdout.contains(" \(box.day()) \"\(Self.cut(Self.korean))\": "), "\(korean.stdout)")
    }

    @Test func theSyncNotesCutALongTitle() throws {
        let peers = try Peers()
        let header = "---\nid: 0e5c5f0a-6d1e-4b8e-9a77-3c2f4d5e6f70\ncreated_at: 2026-11-20T10:00:00+09:00\ntitle: "
        let path = "entries/2026/11/2026-11-20-0e5c5f0a.md"
        try FileManager.default.createDirectory(atPath: peers.path("a") + "/entries/2026/11", withIntermediateDirectories: true)
        try peers.write("a", path, header + "Short\n---\nBody\n")
        #expect(try peers.run("a", "commit").status == 0)
        try peers.sync("a")
        try peers.sync("b")
        // Both sides give the entry a new long title: one is kept, and the note names both, cut.
        try peers.write("a", path, header + Self.words + "\n---\nBody\n")
        try peers.write("b", path, header + Self.korean + "\n---\nBody\n")
        #expect(try peers.run("a", "commit").status == 0)
        #expect(try peers.run("b", "commit").status == 0)
        try peers.sync("a")
        let result = try peers.run("b", "sync", env: Self.columns)
        #expect(result.status == 0, "\(result.stderr)")
        let note = try #require(result.stderr.split(separator: "\n").first { $0.contains("kept") }, "\(result.stderr)")
        #expect(note.contains(Self.cut(Self.words)), "\(note)")
        #expect(note.contains(Self.cut(Self.korean)), "\(note)")
        #expect(!note.contains("word300"))
        // The merge's message holds the same note, and `log` shows it as it is.
        let log = try peers.run("b", "log", "-n", "1", env: Self.columns)
        #expect(log.stdout.contains(Self.cut(Self.words)), "\(log.stdout)")
        #expect(!log.stdout.contains("word300"))
    }
}

/// `[y/N]` questions answered as Koreans answer them, in a real terminal.
@Suite struct KoreanAnswerTests {
    @Test func yesAndNoInKorean() throws {
        let box = try Sandbox()
        try box.journal("init")
        for (answer, language) in [("네", "ko_KR.UTF-8"), ("예", "ko_KR.UTF-8"), ("응", "C"), ("ㅛ", "ko_KR.UTF-8"), ("y", "ko_KR.UTF-8")] {
            let id = try box.add("지울 글 \(answer)")
            let result = try box.runInTerminal(["rm", id], input: "\(answer)\n", env: ["LANG": language])
            #expect(result.status == 0, "\(answer): \(result.stdout)")
            #expect(!box.entryFiles().contains { $0.contains(id) }, "\(answer)")
        }
        let kept = try box.add("남길 글")
        for (answer, language) in [("아니요", "ko_KR.UTF-8"), ("아니", "C"), ("ㄴ", "ko_KR.UTF-8"), ("ㅜ", "ko_KR.UTF-8"), ("n", "C"), ("", "C")] {
            let result = try box.runInTerminal(["rm", kept], input: "\(answer)\n", env: ["LANG": language])
            #expect(result.status == 1, "\(answer)")
            #expect(result.stdout.contains(language == "C" ? "Not deleted." : "삭제하지 않았어요."), "\(answer): \(result.stdout)")
        }
        #expect(box.entryFiles().count == 1)
        try box.expectCleanRepository()
    }
}
