import Foundation
import Testing

@Suite struct ListShowTests {
    /// A journal with three entries on three days; returns their short ids, oldest first.
    func threeEntries(_ box: Sandbox) throws -> [String] {
        try box.journal("init")
        let a = try box.add("--date", "2026-11-20 08:00", "First day", "-c", "work")
        let b = try box.add("--date", "2026-11-21 22:44", "Trip to Busan\n\nWe took the early KTX.", "-c", "travel", "-t", "busan,food", "--star")
        let c = try box.add("Sunday", "-t", "rest")
        return [a, b, c]
    }

    @Test func listShowsNewestFirstInColumns() throws {
        let box = try Sandbox()
        let ids = try threeEntries(box)
        let result = try box.journal("list")
        #expect(result.status == 0)
        #expect(result.stdout == """
            2026-11-22 09:15  \(ids[2])             Sunday  #rest
            2026-11-21 22:44  \(ids[1])  ✈️ travel  Trip to Busan ★  #busan #food
            2026-11-20 08:00  \(ids[0])  💼 work    First day

            """)
        let two = try box.journal("list", "-n", "2")
        #expect(two.stdout.split(separator: "\n").count == 2)
        #expect(try box.journal("list", "-n", "0").stdout == "")
        // `journal` alone lists.
        #expect(try box.run([]).stdout == result.stdout)
    }

    @Test func listUsesTheLocaleForDates() throws {
        let box = try Sandbox()
        let ids = try threeEntries(box)
        let korean = try box.journal("list", "-n", "1", env: ["LANG": "ko_KR.UTF-8"])
        #expect(korean.stdout.hasPrefix("2026. 11. 22. 오전 9:15"), "\(korean.stdout)")
        let english = try box.journal("list", "-n", "1", env: ["LANG": "en_US.UTF-8"])
        #expect(english.stdout.hasPrefix("Nov 22, 2026"), "\(english.stdout)")
        #expect(english.stdout.contains(ids[2]))
    }

    /// A locale's dates are written without starting ICU once its style is kept in the cache folder
    /// (`LocaleDateStyle`): the first command takes it from the formatter, the next ones read it; what they
    /// print is what the formatter prints (a cache saying `none` leaves the dates to it), and a cache that
    /// is damaged or from another build is made again.
    @Test func aLocalesDateStyleIsKeptAndWritesWhatTheFormatterWrites() throws {
        let box = try Sandbox()
        _ = try threeEntries(box)
        // Dates the style leaves to the formatter: a zone's offset with seconds (Kolkata's of 1900), a day of
        // the Julian calendar.
        try box.write("entries/1900/kolkata.md", "---\nid: 7ca122f4-0000-4000-8000-000000000000\ncreated_at: 1900-01-01T10:00:00\ntime_zone: Asia/Kolkata\n---\nKolkata\n")
        try box.write("entries/1500/old.md", "---\nid: 77ed0882-0000-4000-8000-000000000000\ncreated_at: 1500-03-01T10:00:00+00:00\n---\nOld\n")
        let english = ["LANG": "en_US.UTF-8", "XDG_CACHE_HOME": box.root.path + "/cache"]
        let cache = box.root.path + "/cache/journal/dates-en_US"
        let first = try box.journal("list", env: english)
        #expect(first.status == 0 && first.stdout.hasPrefix("Nov 22, 2026 at 9:15"), "\(first.stdout)")
        let kept = try String(contentsOfFile: cache, encoding: .utf8)
        #expect(kept.hasPrefix("journal date style 1\n") && kept.contains("\nen_US\nMMM d, y"), "\(kept)")
        #expect(try box.journal("list", env: english).stdout == first.stdout)
        // The formatter's own: the cache says this locale is left to it.
        let lines = kept.split(separator: "\n", omittingEmptySubsequences: false)
        try (lines[0...2].joined(separator: "\n") + "\nnone\n").writeReplacing(toFile: cache)
        #expect(try box.journal("list", env: english).stdout == first.stdout)
        // Another build's, or damaged: made again.
        for damaged in [kept.replacingOccurrences(of: lines[1], with: "/another/journal 1 2.3"), "journal date style 1\n"] {
            try damaged.writeReplacing(toFile: cache)
            #expect(try box.journal("list", env: english).stdout == first.stdout)
            #expect(try String(contentsOfFile: cache, encoding: .utf8) == kept)
        }
        // A cache folder that cannot be written: the dates all the same.
        try FileManager.default.removeItem(atPath: box.root.path + "/cache")
        try "".writeReplacing(toFile: box.root.path + "/cache")
        #expect(try box.journal("list", env: english).stdout == first.stdout)
        #expect(first.stdout.contains("Jan 1, 1900 at 9:59") && first.stdout.contains("Feb 20, 1500"), "\(first.stdout)")
        // A LANG that is no locale's name (ICU crashed on a long one): ISO dates.
        for odd in ["eeeeeeeeeeee", "../../x", "en_US/../../x"] {
            let listed = try box.journal("list", "-n", "1", env: ["LANG": odd])
            #expect(listed.status == 0 && listed.stdout.hasPrefix("2026-11-22 09:15"), "\(odd): \(listed.stdout)\(listed.stderr)")
        }
    }

    @Test func colourOnlyWhenAskedOrOnATerminal() throws {
        let box = try Sandbox()
        _ = try threeEntries(box)
        #expect(!(try box.journal("list").stdout.contains("\u{1B}[")))
        #expect(try box.journal("list", "--color", "always").stdout.contains("\u{1B}[1mSunday\u{1B}[0m"))
        #expect(try box.runInTerminal(["list"], env: ["PAGER": "cat"]).stdout.contains("\u{1B}["))
        #expect(!(try box.runInTerminal(["list"], env: ["NO_COLOR": "1", "PAGER": "cat"]).stdout.contains("\u{1B}[")))
        #expect(!(try box.runInTerminal(["list", "--color", "never"], env: ["PAGER": "cat"]).stdout.contains("\u{1B}[")))
        let bad = try box.journal("list", "--color", "sometimes")
        #expect(bad.status == 64)
    }

    @Test func longListsGoThroughThePagerOnlyOnATerminal() throws {
        let box = try Sandbox()
        _ = try threeEntries(box)
        let pager = try box.script("pager.sh", "echo PAGED; cat\n")
        let onTerminal = try box.runInTerminal(["list"], env: ["PAGER": pager, "LINES": "2"])
        // script(1) gives a 0-row terminal, which counts as 24 rows: three lines fit, no pager.
        #expect(!onTerminal.stdout.contains("PAGED"))
        for i in 0..<30 { try box.journal("add", "filler \(i)") }
        let long = try box.runInTerminal(["list"], env: ["PAGER": pager])
        #expect(long.stdout.hasPrefix("PAGED"), "\(long.stdout.prefix(80))")
        let piped = try box.journal("list", env: ["PAGER": pager])
        #expect(!piped.stdout.contains("PAGED"))
    }

    @Test func listJSON() throws {
        let box = try Sandbox()
        let ids = try threeEntries(box)
        let result = try box.journal("list", "--json")
        let array = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        #expect(array.count == 3)
        let busan = array[1]
        #expect((busan["id"] as? String)?.hasPrefix(ids[1]) == true)
        #expect(busan["created_at"] as? String == "2026-11-21T22:44:00+09:00")
        #expect(busan["title"] as? String == "Trip to Busan")
        #expect(busan["body"] as? String == "We took the early KTX.")
        #expect(busan["category"] as? String == "travel")
        #expect(busan["tags"] as? [String] == ["busan", "food"])
        #expect(busan["starred"] as? Bool == true)
        #expect((busan["path"] as? String)?.hasPrefix("entries/2026/11/2026-11-21-\(ids[1])") == true)
        #expect(busan["weather"] is NSNull)
        #expect(busan["location"] is NSNull)
        #expect(array[0]["category"] is NSNull)
    }

    @Test func showPrintsMetadataThenTheTextAsWritten() throws {
        let box = try Sandbox()
        let ids = try threeEntries(box)
        let result = try box.journal("show", ids[1], env: ["COLUMNS": "120"])
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[0].hasPrefix("2026-11-21 22:44 (Asia/Seoul) · \(ids[1])-"))
        // Narrower, the facts go on as many lines as they need, broken between them.
        let narrow = try box.journal("show", ids[1], env: ["COLUMNS": "70"]).stdout.split(separator: "\n")
        #expect(narrow[0].hasPrefix("2026-11-21 22:44 (Asia/Seoul) · \(ids[1])-") && !narrow[0].contains("travel"))
        #expect(narrow[1] == "✈️ travel · #busan #food · ★")
        #expect(lines[0].hasSuffix(" · ✈️ travel · #busan #food · ★"))
        #expect(lines[1].hasPrefix("entries/2026/11/2026-11-21-\(ids[1]).md"))
        #expect(result.stdout.hasSuffix(".md\n\nTrip to Busan\n\nWe took the early KTX.\n"))
        #expect(result.stdout.components(separatedBy: "Trip to Busan").count == 2, "the title is printed once")
        let coloured = try box.journal("show", ids[1], "--color", "always")
        #expect(coloured.stdout.contains("\n\n\u{1B}[1mTrip to Busan\u{1B}[0m\n\nWe took the early KTX.\n"))
    }

    @Test func showRawIsByteIdenticalAndJSONIsAnObject() throws {
        let box = try Sandbox()
        let ids = try threeEntries(box)
        let path = try #require(box.entryFiles().first { $0.contains(ids[1]) })
        #expect(try box.journal("show", "--raw", ids[1]).stdout == box.read(path))
        let json = try box.journal("show", "--json", ids[1])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["title"] as? String == "Trip to Busan")
        #expect(object["path"] as? String == path)
        // Addressed by path too.
        #expect(try box.journal("show", "--raw", path).stdout == box.read(path))
    }

    @Test func showsWeatherAndLocationFromAHeader() throws {
        let box = try Sandbox()
        try box.journal("init")
        try box.write("entries/2026/11/2026-11-21-3f2a9c1e.md", """
            ---
            id: 3f2a9c1e-5b7d-4e0a-9c1d-5a6e2f0c4d11
            created_at: 2026-11-21T22:44:55+09:00
            time_zone: Asia/Seoul
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

            """)
        let show = try box.journal("show", "3f2a")
        #expect(show.stdout.contains("\n☀️ clear 12.5°C · Busan (35.1796, 129.0756)\n"))
        let json = try box.journal("show", "--json", "3f2a9c1e")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let weather = try #require(object["weather"] as? [String: Any])
        #expect(weather["condition"] as? String == "clear")
        #expect(weather["temperature_c"] as? Double == 12.5)
        let location = try #require(object["location"] as? [String: Any])
        #expect(location["latitude"] as? Double == 35.1796)
    }

    @Test func emptyResultsSaySoOnStandardError() throws {
        let box = try Sandbox()
        try box.journal("init")
        let empty = try box.journal("list")
        #expect(empty.status == 0)
        #expect(empty.stdout == "")
        #expect(empty.stderr == "No entries yet: write one with `journal add`.\n")
        _ = try box.add("Something")
        let none = try box.journal("list", "--tag", "nothing")
        #expect(none.status == 0)
        #expect(none.stdout == "" && none.stderr == "No entries match.\n")
        #expect(try box.journal("list", "--json", "--tag", "nothing").stdout == "[\n\n]\n")
    }
}
