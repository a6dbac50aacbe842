import Foundation
import TestSupport
import Testing

/// Entry templates: built-in and the journal's own, `add --template`, `journal templates`, a category's
/// template, the user's locale, and the errors of a missing or broken template.
@Suite struct TemplateCommandTests {
    /// A journal and an editor that copies the buffer it is given to seen.md, then writes a line.
    private func setUp() throws -> (box: Sandbox, editor: String) {
        let box = try Sandbox()
        try box.journal("init")
        let editor = try box.script("editor.sh", "cp \"$1\" '\(box.root.path)/seen.md'\necho 'Written.' >> \"$1\"\n")
        return (box, editor)
    }

    private func seen(_ box: Sandbox) throws -> String {
        try String(contentsOfFile: box.root.path + "/seen.md", encoding: .utf8)
    }

    // 2026-11-23 is a Monday: the date is given, so the tests pass on any day.
    private let day = "2026-11-23 08:05"

    @Test func eachBuiltInRenders() throws {
        let (box, editor) = try setUp()
        let expected: [(String, String)] = [
            ("daily", "# Monday, 2026-11-23\n\n## How am I today?\n"),
            ("travel", "# 2026-11-23\n\n## Where I went\n"),
            ("gratitude", "# Grateful, Monday 2026-11-23\n\nThree things I am grateful for today:\n"),
            ("default", ""),
        ]
        for (name, start) in expected {
            let result = try box.runInTerminal(["add", "--template", name, "--date", day], env: ["EDITOR": editor])
            #expect(result.status == 0, "\(name): \(result.stdout)")
            let buffer = try seen(box)
            #expect(buffer.hasPrefix(start), "\(name): \(buffer)")
            #expect(!buffer.contains("{{"), "\(name): \(buffer)")
        }
        // The header presets the category and tags: travel's category and tag, daily's tag.
        let files = box.entryFiles().map { (try? String(contentsOfFile: box.journal + "/" + $0, encoding: .utf8)) ?? "" }
        #expect(files.contains { $0.contains("category: travel") && $0.contains("travel") && $0.contains("Where I went") })
        #expect(files.contains { $0.contains("daily") && $0.contains("How am I today?") })
        #expect(files.contains { $0.contains("gratitude") && $0.contains("Three things") })
    }

    @Test func placeAndWeatherValuesAreNotEscaped() throws {
        let (box, editor) = try setUp()
        let result = try box.runInTerminal(
            ["add", "--template", "travel", "--date", day, "--lat", "35.1", "--lon", "129.0", "--location", "Busan & Jeju",
             "--no-weather"], env: ["EDITOR": editor])
        #expect(result.status == 0, "\(result.stdout)")
        #expect(try seen(box).hasPrefix("# Busan & Jeju, 2026-11-23\n"))
    }

    @Test func placeAndWeatherAreLookedUpBeforeTheEditorOpens() throws {
        let server = try ProviderServer()
        let box = try WeatherCommandTests.sandbox(server)
        let editor = try box.script("editor.sh", "cp \"$1\" '\(box.root.path)/seen.md'\necho 'Written.' >> \"$1\"\n")
        let result = try box.runInTerminal(["add", "--template", "travel", "--location", "Busan"], env: ["EDITOR": editor])
        #expect(result.status == 0, "\(result.stdout)")
        let buffer = try seen(box)
        #expect(buffer.hasPrefix("# Busan, "), "\(buffer)")
        #expect(buffer.contains("\nWeather: ☁️ cloudy (overcast) 12.5°C"), "\(buffer)")
        #expect(try box.onlyEntry().contains("  condition: cloudy\n"))
        #expect(server.requests.map(\.path) == ["/v1/search", "/v1/forecast"], "looked up once")
    }

    @Test func theJournalsOwnTemplateWinsAndAdds() throws {
        let (box, editor) = try setUp()
        try box.write("templates/daily.md", "Mine: {{weekday}} {{time}} {{category}}\n")
        try box.write("templates/dream.md", "---\ncategory: hobby\ntags: [dream, night]\n---\nDream of {{date}}\n")
        #expect(try box.runInTerminal(["add", "--template", "daily", "--date", day, "-c", "work"], env: ["EDITOR": editor]).status == 0)
        #expect(try seen(box) == "Mine: Monday 08:05 work\n")
        #expect(try box.runInTerminal(["add", "--template", "dream", "--date", day], env: ["EDITOR": editor]).status == 0)
        #expect(try seen(box) == "Dream of 2026-11-23\n")
        // With the text on the command line, the header presets still apply; the text is the one given.
        let given = try box.journal("add", "--template", "dream", "Flying")
        #expect(given.status == 0, "\(given.stderr)")
        let flying = box.entryFiles().map { (try? String(contentsOfFile: box.journal + "/" + $0, encoding: .utf8)) ?? "" }
            .first { $0.contains("Flying") } ?? ""
        #expect(flying.contains("category: hobby"))
        #expect(flying.contains("dream") && flying.contains("night"))
        #expect(!flying.contains("Dream of"))
    }

    @Test func theOldEntryTemplateStandsForDefault() throws {
        let (box, editor) = try setUp()
        try box.write("templates/entry.md", "# {{weekday}} {{date}} {{time}}\n\n")
        #expect(try box.runInTerminal(["add", "--date", day], env: ["EDITOR": editor]).status == 0)
        #expect(try seen(box) == "# Monday 2026-11-23 08:05\n\n")
    }

    @Test func templatesListsEachWithItsSource() throws {
        let (box, _) = try setUp()
        try box.write("templates/daily.md", "Mine\n")
        try box.write("templates/dream.md", "Dream\n")
        let list = try box.journal("templates")
        #expect(list.status == 0)
        #expect(list.stdout == """
            daily      templates/daily.md (replaces the built-in one)
            default    built-in
            dream      templates/dream.md
            gratitude  built-in
            travel     built-in

            """)
        let json = try box.journal("templates", "--json")
        #expect(json.status == 0)
        let items = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]] ?? []
        #expect(items.map { $0["name"] as? String } == ["daily", "default", "dream", "gratitude", "travel"])
        #expect(items.map { $0["source"] as? String }
            == ["templates/daily.md", "built-in", "templates/dream.md", "built-in", "built-in"])
        #expect(items.map { $0["overrides"] as? Bool } == [true, false, false, false, false])
    }

    @Test func aCategoryNamesItsTemplate() throws {
        let (box, editor) = try setUp()
        let settings = try String(contentsOfFile: box.journal + "/journal.yml", encoding: .utf8)
        try box.write("journal.yml", settings.replacingOccurrences(
            of: "  travel:\n    emoji: \"✈️\"\n", with: "  travel:\n    emoji: \"✈️\"\n    template: gratitude\n"))
        try box.git("commit", "-qam", "travel uses gratitude", in: box.journal)
        #expect(try box.runInTerminal(["add", "-c", "travel", "--date", day], env: ["EDITOR": editor]).status == 0)
        #expect(try seen(box).hasPrefix("# Grateful, Monday 2026-11-23\n"))
        // --template wins over the category's.
        #expect(try box.runInTerminal(["add", "-c", "travel", "--template", "daily", "--date", day], env: ["EDITOR": editor]).status == 0)
        #expect(try seen(box).hasPrefix("# Monday, 2026-11-23\n"))
    }

    @Test func aKoreanLocaleGivesAKoreanDateAndWeekday() throws {
        let (box, editor) = try setUp()
        let result = try box.runInTerminal(
            ["add", "--template", "gratitude", "--date", day], env: ["EDITOR": editor, "LANG": "ko_KR.UTF-8"])
        #expect(result.status == 0)
        let buffer = try seen(box)
        // The built-in template itself is in Korean, in Korean date order.
        #expect(buffer.hasPrefix("# 감사 일기, 2026년 11월 23일 월요일\n"), "\(buffer)")
    }

    @Test func aMissingOrBrokenTemplateIsOneLineAndWritesNothing() throws {
        let (box, editor) = try setUp()
        try box.write("templates/unclosed.md", "# Hi\n\n{{#place}}\nno end\n")
        try box.write("templates/mismatch.md", "Line one\n{{#place}}\nHere {{/weather}}\nfour\n")
        try box.write("templates/badkey.md", "---\ncategory: work\ncolour: red\n---\nText\n")
        try box.write("templates/badtag.md", "---\ntags: [good, \"no\\ttab\"]\n---\nText\n")
        try box.write("templates/noend.md", "---\ncategory: work\n")
        try box.write("templates/badyaml.md", "---\ntags: [a, b\n---\nText\n")
        try box.git("add", "-A", in: box.journal)
        try box.git("commit", "-qm", "templates", in: box.journal)
        let before = try box.commitSubjects()
        let cases: [(String, String)] = [
            ("nope", "journal: unknown template 'nope' (known: badkey, badtag, badyaml, daily, default, gratitude, mismatch, noend, travel, unclosed); add templates/nope.md to the journal\n"),
            ("unclosed", "journal: template 'unclosed', line 3: Mustache syntax: a section {{#name}} is never closed with {{/name}}\n"),
            ("mismatch", "journal: template 'mismatch', line 3: Mustache syntax: a section is closed with another name than it was opened with\n"),
            ("badkey", "journal: template 'badkey', line 3: unknown header key 'colour' (a template's header may set category and tags)\n"),
            ("badtag", "journal: template 'badtag', line 2: invalid tag 'no\\u{9}tab': a tag holds no control characters or line breaks\n"),
            ("noend", "journal: template 'noend', line 1: the header opened with --- is never closed with ---\n"),
        ]
        for (name, message) in cases {
            let result = try box.runInTerminal(["add", "--template", name], env: ["EDITOR": editor])
            #expect(result.status == 1, "\(name)")
            #expect(result.stdout.contains(message.dropFirst("journal: ".count)), "\(name): \(result.stdout)")
            // Also with the text given: the template is read, and refused, before anything is written.
            let given = try box.journal("add", "--template", name, "Some text")
            #expect(given.status == 1)
            #expect(given.stderr == message)
        }
        let yaml = try box.journal("add", "--template", "badyaml", "Some text")
        #expect(yaml.status == 1)
        #expect(yaml.stderr.hasPrefix("journal: template 'badyaml', line "))
        #expect(yaml.stderr.split(separator: "\n").count == 1)
        #expect(!FileManager.default.fileExists(atPath: box.root.path + "/seen.md"))
        #expect(box.entryFiles().isEmpty)
        #expect(try box.commitSubjects() == before)
    }
}
