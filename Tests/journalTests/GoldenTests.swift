import Foundation
import Testing

/// What users and scripts read — every command's `--help`, `list`, `show`, `search`, `log`, `tags`,
/// `categories` and every `--json` shape — compared with the files under `Tests/journalTests/Golden/`, so that
/// a change to the output is a diff someone reviews. `RECORD_GOLDEN=1 swift test --filter GoldenTests`
/// writes them anew from what the binary prints now.
@Suite struct GoldenTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden").path
    static let recording = ProcessInfo.processInfo.environment["RECORD_GOLDEN"] == "1"

    /// Compares `text` with the golden file `name`, or records it.
    func expectGolden(_ name: String, _ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let path = Self.folder + "/" + name
        if Self.recording {
            try FileManager.default.createDirectory(atPath: Self.folder, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            return
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            Issue.record("no golden file \(name): record it with RECORD_GOLDEN=1", sourceLocation: sourceLocation)
            return
        }
        let expected = String(decoding: data, as: UTF8.self)
        guard expected != text else { return }
        let want = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let got = text.split(separator: "\n", omittingEmptySubsequences: false)
        let first = zip(want, got).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(want.count, got.count)
        Issue.record(
            """
            \(name) differs from its golden file at line \(first + 1) (RECORD_GOLDEN=1 records it anew):
              golden: \(first < want.count ? String(want[first]) : "<end>")
              now:    \(first < got.count ? String(got[first]) : "<end>")
            """, sourceLocation: sourceLocation)
    }

    /// A sandbox whose output is the same on every run: a fixed clock and zone, a fixed git user,
    /// entries with fixed ids written as files. The fixed clock drives everything compared here (entries'
    /// days, "today", commit times and so the commit ids), so the goldens hold on any real day and in any
    /// zone; checked by running the binary with its real clock 400 days ahead (faketime).
    func fixture() throws -> Sandbox {
        let box = try Sandbox()
        box.environment["JOURNAL_NOW"] = "2026-11-22T09:15:00+09:00"
        box.environment["TZ"] = "Asia/Seoul"
        box.environment["COLUMNS"] = "100"
        try box.journal("init")
        let entries: [(String, String)] = [
            ("entries/2026/11/2026-11-21-3f2a9c1e.md", """
            ---
            id: 3f2a9c1e-5b7d-4e0a-9c1d-5a6e2f0c4d11
            created_at: 2026-11-21T22:44:55+09:00
            time_zone: Asia/Seoul
            category: travel
            tags: [busan, food]
            starred: true
            weather:
              condition: clear
              temperature_c: 12.5
              provider: open-meteo
            location:
              name: Busan
              latitude: 35.1796
              longitude: 129.0756
            ---
            Trip to Busan

            We took the early KTX and ate hotteok at the market. #street-food

            """),
            ("entries/2026/11/2026-11-22-8c41d2aa.md", """
            ---
            id: 8c41d2aa-0f3e-4c55-8a0b-2d9b7e6f1a20
            created_at: 2026-11-22T08:05:00+09:00
            time_zone: Asia/Seoul
            category: work
            tags: [스터디]
            ---
            # 카페에서 공부

            친구를 만나서 서울역에서 커피를 마셨다. #카페

            """),
            ("entries/2025/11/2025-11-22-51be07f3.md", """
            ---
            id: 51be07f3-9a2c-4d8e-b1f0-6c3a5e7d9b42
            created_at: 2025-11-22T19:30:00+09:00
            ---
            A year ago

            Rain all day.

            """),
            ("entries/notes/loose.md", "Loose note without a header\n"),
        ]
        for (path, text) in entries { try box.write(path, text) }
        let committed = try box.journal("commit")
        guard committed.status == 0 else { throw SandboxError("commit failed: \(committed.stderr)") }
        return box
    }

    func run(_ box: Sandbox, _ arguments: [String]) throws -> String {
        let result = try box.run(arguments)
        return "$ journal \(arguments.joined(separator: " "))\n" + result.stdout + result.stderr
            + (result.status == 0 ? "" : "[exit \(result.status)]\n")
    }

    @Test func helpOfEveryCommand() throws {
        try expectGolden("help.txt", helpTranscript(columns: 100, language: "C"))
    }

    /// The Korean help at 80 columns (issue 31 §4): every line fits, by display cells.
    @Test func koreanHelpOfEveryCommand() throws {
        let transcript = try helpTranscript(columns: 80, language: "ko_KR.UTF-8")
        for line in transcript.split(separator: "\n") {
            #expect(KoreanTests.cells(line) <= 80, "\(KoreanTests.cells(line)) cells: \(line)")
        }
        // The default subcommand's description starts in the column of the others' (`list (기본)` is no
        // wider on the screen than `list (default)` was).
        let lines = transcript.split(separator: "\n").map(String.init)
        // Where the description starts: after the first gap of two spaces past the indent.
        func column(_ line: String) -> Int {
            let rest = line.dropFirst(2)
            let gap = rest.range(of: "  ")?.lowerBound ?? rest.endIndex
            let start = rest[gap...].firstIndex { $0 != " " } ?? rest.endIndex
            return KoreanTests.cells(line[..<start])
        }
        let marked = lines.filter { $0.hasPrefix("  list (기본) ") }
        #expect(!marked.isEmpty)
        for line in marked { #expect(column(line) == 26, "\(column(line)): \(line)") }
        #expect(column(try #require(lines.first { $0.hasPrefix("  search ") })) == 26)
        try expectGolden("ko-help.txt", transcript)
    }

    /// What Korean users read at 80 columns: list, show, search, today, tags, categories, the
    /// questions a command asks and its errors.
    @Test func koreanListShowSearchAndErrors() throws {
        let box = try fixture()
        box.environment["LANG"] = "ko_KR.UTF-8"
        box.environment["COLUMNS"] = "80"
        let commands: [[String]] = [
            ["list"], ["list", "--full"], ["list", "--preview"], ["show", "3f2a"], ["show", "8c41"],
            ["search", "서울"], ["search", "ㅅㅇ"], ["today"], ["tags"], ["categories"], ["drafts"],
            ["rm", "3f2a"], ["show", "zzzz"], ["add", "--date", "2019-02-29", "x"], ["add", "-c", "산책", "x"],
            ["list", "--bogus"], ["serach", "x"], ["categories", "add", "x", "--color", "blurple"],
            ["stats"], ["stats", "--year", "abc"],
        ]
        let transcript = try commands.map { try run(box, $0) }.joined(separator: "\n")
        // Errors are one line each (the terminal wraps them); the rest fits.
        for line in transcript.split(separator: "\n") where !line.hasPrefix("$ ") && !line.hasPrefix("journal: ") {
            #expect(KoreanTests.cells(line) <= 80, "\(KoreanTests.cells(line)) cells: \(line)")
        }
        try expectGolden("ko-text.txt", transcript)
    }

    /// `journal --help` and every subcommand's, as one transcript.
    func helpTranscript(columns: Int, language: String) throws -> String {
        let box = try Sandbox()
        box.environment["COLUMNS"] = String(columns)
        box.environment["LANG"] = language
        var transcript = ""
        var queue: [[String]] = [[]]
        while !queue.isEmpty {
            let command = queue.removeFirst()
            let help = try box.run(command + ["--help"])
            #expect(help.status == 0, "\(command) --help: \(help.stderr)")
            transcript += "$ journal \((command + ["--help"]).joined(separator: " "))\n" + help.stdout + "\n"
            // Subcommands are the lines under SUBCOMMANDS: indented by two, first word the name.
            let lines = help.stdout.split(separator: "\n", omittingEmptySubsequences: false)
            guard let start = lines.firstIndex(where: { $0 == "SUBCOMMANDS:" || $0 == "하위 명령:" }) else { continue }
            for line in lines[(start + 1)...] {
                guard line.hasPrefix("  "), !line.hasPrefix("   "), let name = line.split(separator: " ").first,
                      name.allSatisfy(\.isASCII) else { continue }
                if name == "See" || name.hasPrefix("자세한") { break }
                queue.append(command + [String(name.split(separator: ",")[0])])
            }
        }
        #expect(transcript.contains("$ journal remote add --help"))
        return transcript
    }

    @Test func whatListShowSearchAndFriendsPrint() throws {
        let box = try fixture()
        let commands: [[String]] = [
            ["list"], ["list", "--full"], ["list", "--tag", "busan"], ["list", "--starred"],
            ["show", "3f2a"], ["show", "8c41"], ["show", "3f2a", "--raw"],
            ["search", "hotteok"], ["search", "서울"],
            ["today"], ["on-this-day"], ["tags"], ["categories"],
            ["log"], ["log", "3f2a"], ["stats"],
        ]
        try expectGolden("text.txt", commands.map { try run(box, $0) }.joined(separator: "\n"))
    }

    @Test func everyJSONShape() throws {
        let box = try fixture()
        let commands: [[String]] = [
            ["list", "--json"], ["show", "3f2a", "--json"], ["search", "hotteok", "--json"], ["today", "--json"],
            ["tags", "--json"], ["categories", "--json"], ["log", "--json"], ["log", "3f2a", "--json"], ["stats", "--json"],
        ]
        for command in commands {
            let result = try box.run(command)
            #expect(result.status == 0, "\(command): \(result.stderr)")
            #expect((try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8))) != nil, "\(command) prints JSON")
        }
        try expectGolden("json.txt", commands.map { try run(box, $0) }.joined(separator: "\n"))
    }
}
