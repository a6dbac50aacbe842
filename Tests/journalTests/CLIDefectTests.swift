import Foundation
import TestSupport
import Testing

/// Defects 6, 7, 8, 9, 13, 15 and 16 of issue 9, each through the real binary.
@Suite struct CLIDefectTests {
    // MARK: 16. The command line

    @Test func aMistypedCommandIsNamedWithTheNearestOne() throws {
        let box = try Sandbox()
        try box.journal("init")
        let typo = try box.journal("serach", "친구")
        #expect(typo.status == 64)
        #expect(typo.stderr == "journal: unknown command 'serach' (did you mean 'search'?)\n", "\(typo.stderr)")
        #expect(typo.stdout == "")
        let nested = try box.journal("tags", "renmae", "a", "b")
        #expect(nested.status == 64)
        #expect(nested.stderr == "journal: unknown command 'renmae' (did you mean 'rename'?)\n", "\(nested.stderr)")
        let afterOption = try box.journal("-J", box.journal, "frobnicate")
        #expect(afterOption.status == 64)
        #expect(afterOption.stderr == "journal: unknown command 'frobnicate'\n", "\(afterOption.stderr)")
        #expect(try box.journal("help", "search").status == 0)
    }

    @Test func countsTakeTheirValueJoinedOrApart() throws {
        let box = try Sandbox()
        try box.journal("init")
        _ = try box.add("First")
        _ = try box.add("Second")
        for count in [["-n1"], ["-n", "1"]] {
            let list = try box.run(["list", "--color", "never"] + count)
            #expect(list.status == 0, "\(count): \(list.stderr)")
            #expect(list.stdout.split(separator: "\n").count == 1, "\(count): \(list.stdout)")
            let log = try box.run(["log", "--color", "never"] + count)
            #expect(log.status == 0, "\(count): \(log.stderr)")
            #expect(log.stdout.split(separator: "\n").count == 1, "\(count): \(log.stdout)")
        }
    }

    @Test func aBadLatitudeIsAddsOwnUsageError() throws {
        let box = try Sandbox()
        try box.journal("init")
        let result = try box.journal("add", "--lat", "999", "--lon", "0", "x")
        #expect(result.status == 64)
        #expect(result.stderr.contains("--lat 999.0 is not a latitude"), "\(result.stderr)")
        #expect(result.stderr.contains("Usage: journal add "), "\(result.stderr)")
        #expect(box.entryFiles().isEmpty)
    }

    /// South of the equator or west of Greenwich, coordinates are negative, and typed as they are written.
    @Test func negativeCoordinatesAreValues() throws {
        let box = try Sandbox()
        try box.journal("init")
        let result = try box.journal("add", "--lat", "-33.87", "--lon", "-151.21", "--no-weather", "Harbour walk")
        #expect(result.status == 0, "\(result.stderr)")
        let file = try #require(box.entryFiles().first.flatMap { box.read($0) })
        #expect(file.contains("location:\n  latitude: -33.87\n  longitude: -151.21\n"), "\(file)")
        let missing = try box.journal("add", "--lat", "--lon", "1", "x")
        #expect(missing.status == 64)
        #expect(missing.stderr.contains("--lat"), "\(missing.stderr)")
        #expect(box.entryFiles().count == 1)
        try box.expectCleanRepository()
    }

    @Test func aJoinedJournalOptionBeforeSearchIsTheJournal() throws {
        let box = try Sandbox()
        let elsewhere = box.root.path + "/elsewhere"
        try box.journal("init", elsewhere)
        #expect(try box.journal("-J", elsewhere, "add", "Busan trip").status == 0)
        let search = try box.journal("-J" + elsewhere, "search", "busan", "--color", "never")
        #expect(search.status == 0, "\(search.stderr)")
        #expect(search.stdout.contains("Busan trip"), "\(search.stdout)")
        let excluding = try box.journal("-J" + elsewhere, "search", "busan", "-trip")
        #expect(excluding.status == 0, "\(excluding.stderr)")
        #expect(!excluding.stdout.contains("Busan trip"), "a -word after search still excludes")
    }
}

extension CLIDefectTests {
    // MARK: 8. An unknown category in a filter

    @Test func anUnknownCategoryInAFilterIsAnError() throws {
        let box = try Sandbox()
        try box.journal("init")
        _ = try box.add("First", "-c", "travel")
        let added = try box.journal("add", "-c", "nosuch", "x")
        #expect(added.status == 1)
        for command in [["list"], ["search", "first"]] {
            let result = try box.run(command + ["-c", "nosuch"])
            #expect(result.status == 1, "\(command)")
            #expect(result.stderr == added.stderr, "\(command): \(result.stderr)")
            #expect(result.stderr.hasPrefix("journal: unknown category 'nosuch' (known: work, music, travel,"), "\(result.stderr)")
            #expect(result.stdout == "")
        }
        #expect(try box.journal("list", "-c", "travel", "--color", "never").stdout.contains("First"))
        #expect(try box.journal("list", "-c", "study").stderr == "No entries match.\n")
        // A category entries carry but journal.yml does not define still filters them.
        try box.write("entries/hand.md", "---\ncategory: diving\n---\nReef\n")
        let hand = try box.journal("list", "-c", "diving", "--color", "never")
        #expect(hand.status == 0, "\(hand.stderr)")
        #expect(hand.stdout.contains("Reef"))
    }

    // MARK: 15. A broken journal.yml

    @Test func aBrokenSettingsFileStillLetsTheJournalBeRead() throws {
        let box = try Sandbox()
        try box.journal("init")
        _ = try box.add("Trip", "-c", "travel")
        try box.write("journal.yml", "version: 1\ncategories:\n  work: [unclosed\n")
        let warning = "journal: warning: cannot read \(box.journal)/journal.yml:3: "
        for command in [["list", "--color", "never"], ["search", "trip", "--color", "never"], ["categories"], ["tags"]] {
            let result = try box.run(command)
            #expect(result.status == 0, "\(command): \(result.stderr)")
            let lines = result.stderr.split(separator: "\n").filter { $0.hasPrefix("journal:") }
            #expect(lines.count == 1, "\(command): \(result.stderr)")
            #expect(result.stderr.hasPrefix(warning), "\(command): \(result.stderr)")
            #expect(result.stderr.contains("using the built-in categories"), "\(result.stderr)")
        }
        #expect(try box.journal("list", "--color", "never").stdout.contains("✈️ travel  Trip"))
        // Writes that need the settings refuse, and change nothing.
        let before = try box.commitSubjects()
        let files = box.entryFiles()
        let add = try box.journal("add", "-c", "work", "Meeting")
        #expect(add.status == 1)
        #expect(add.stderr.contains("journal: cannot read \(box.journal)/journal.yml:3: "), "\(add.stderr)")
        #expect(add.stderr.contains("fix journal.yml before setting a category"), "\(add.stderr)")
        let id = String(try #require(files.first).dropFirst("entries/2026/11/2026-11-22-".count).prefix(8))
        let edit = try box.journal("edit", id, "-c", "work")
        #expect(edit.status == 1, "\(edit.stderr)")
        let category = try box.journal("categories", "add", "hiking")
        #expect(category.status == 1)
        #expect(category.stderr.contains("journal.yml:3:"), "\(category.stderr)")
        #expect(try box.commitSubjects() == before)
        #expect(box.entryFiles() == files)
    }
}

extension CLIDefectTests {
    // MARK: 6. add commits outside edits

    @Test func addCommitsAnOutsideEditFirstInItsOwnCommit() throws {
        let box = try Sandbox()
        try box.journal("init")
        _ = try box.add("First")
        let file = try #require(box.entryFiles().first)
        try box.write(file, try #require(box.read(file)) + "more\n")
        let result = try box.journal("add", "Second")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr == "Committed 1 change made outside journal.\n", "\(result.stderr)")
        let subjects = try box.commitSubjects()
        #expect(subjects.count == 4)
        #expect(subjects[0].hasPrefix("Add \"Second\""), "\(subjects)")
        #expect(subjects[1].hasPrefix("Edit \"First\""), "\(subjects)")
        #expect(try box.git("show", "--format=", "--name-only", "HEAD~1") == file + "\n")
        try box.expectCleanRepository()
    }
}

extension CLIDefectTests {
    // MARK: 7. Entries made in the same second

    @Test func entriesMadeInOneSecondListInTheOrderTheyWereMade() throws {
        let box = try Sandbox()  // JOURNAL_NOW holds the clock still: every entry is made in one second
        try box.journal("init")
        let titles = ["One", "Two", "Three", "Four", "Five", "Six"]
        for title in titles { _ = try box.add(title) }
        let newestFirst = Array(titles.reversed())
        func listed(_ arguments: String...) throws -> [String] {
            let result = try box.run(["list", "--color", "never"] + arguments)
            #expect(result.status == 0, "\(result.stderr)")
            return result.stdout.split(separator: "\n").map { String($0.split(separator: " ").last ?? "") }
        }
        #expect(try listed() == newestFirst)
        #expect(try listed("--reverse") == titles)
        // Only the entries that needed it carry a fraction of a second.
        let stamps = box.entryFiles().compactMap(box.read).compactMap { text in
            text.split(separator: "\n").first { $0.hasPrefix("created_at: ") }.map(String.init)
        }
        #expect(Set(stamps) == Set(["created_at: 2026-11-22T09:15:00+09:00"] + (1...5).map { "created_at: 2026-11-22T09:15:00.00\($0)+09:00" }), "\(stamps)")
        // edit with no id opens the newest.
        let opened = box.root.path + "/opened"
        let editor = try box.script("editor", "cat \"$1\" > '\(opened)'\n")
        #expect(try box.journal("edit", env: ["EDITOR": editor, "VISUAL": editor]).status == 0)
        #expect(String(decoding: try Data(contentsOf: URL(fileURLWithPath: opened)), as: UTF8.self).hasSuffix("---\nSix\n"))
        // The order lives in the files: a fresh clone, with no snapshot, lists the same.
        let clone = box.root.path + "/clone"
        _ = try box.git("clone", "-q", box.journal, clone)
        let cloned = try box.journal("-J", clone, "list", "--color", "never")
        #expect(cloned.stdout.split(separator: "\n").map { String($0.split(separator: " ").last ?? "") } == newestFirst, "\(cloned)")
    }
}

extension CLIDefectTests {
    // MARK: 9. Inline #tags

    @Test func aListLineShowsEachTagOnce() throws {
        let box = try Sandbox()
        try box.journal("init")
        _ = try box.add("Study day #스터디 #카페")
        _ = try box.add("Plain title", "-t", "busan")
        try box.write("entries/hand.md", "Notes\n\nsome #sea here\n")
        let list = try box.journal("list", "--color", "never")
        #expect(list.stdout.contains("Study day #스터디 #카페\n"), "\(list.stdout)")
        #expect(list.stdout.contains("Plain title  #busan\n"), "\(list.stdout)")
        #expect(list.stdout.contains("Notes  #sea\n"), "\(list.stdout)")
        // One tag however it is spelled, as `tags` counts it.
        _ = try box.add("Case test\n\n#Sea and #sea and #SEA")
        let again = try box.journal("list", "-n", "1", "--color", "never")
        #expect(again.stdout.contains("Case test  #Sea\n"), "\(again.stdout)")
    }

    @Test func renamingATagRenamesItsInlineHashtagsToo() throws {
        let box = try Sandbox()
        try box.journal("init")
        _ = try box.add("Study day #스터디 #카페")
        let text = "Cafe day\n\nAt the #cafe, not the #cafeteria. #Cafe! `#cafe` (#cafe)\n\n    #cafe in code\n"
        _ = try box.run(["add", "-t", "cafe"], stdin: text)
        _ = try box.add("Lunch at the #cafeteria")
        let before = Dictionary(uniqueKeysWithValues: box.entryFiles().compactMap { path in box.read(path).map { (path, $0) } })

        let inline = try box.journal("tags", "rename", "카페", "coffee")
        #expect(inline.status == 0, "\(inline.stderr)")
        #expect(inline.stdout == "Renamed #카페 to #coffee in 1 entry.\n", "\(inline.stdout)")
        let both = try box.journal("tags", "rename", "#cafe", "coffee")
        #expect(both.status == 0, "\(both.stderr)")
        #expect(both.stdout == "Renamed #cafe to #coffee in 1 entry.\n", "\(both.stdout)")

        for (path, old) in before {
            let now = try #require(box.read(path))
            if old.contains("Study day") {
                #expect(now == old.replacingOccurrences(of: "#카페", with: "#coffee"))
            } else if old.contains("Cafe day") {
                let expected = old.replacingOccurrences(of: "tags: [cafe]", with: "tags: [coffee]")
                    .replacingOccurrences(
                        of: "At the #cafe, not the #cafeteria. #Cafe! `#cafe` (#cafe)",
                        with: "At the #coffee, not the #cafeteria. #coffee! `#cafe` (#coffee)")
                #expect(now == expected, "\(now)")
            } else {
                #expect(now == old, "#cafeteria is another tag")
            }
        }
        let tags = try box.journal("tags", "--color", "never")
        #expect(tags.stdout == "#cafeteria  2\n#coffee     2\n#스터디     1\n", "\(tags.stdout)")
        #expect(try box.journal("tags", "rename", "nosuch", "x").status == 1)
        try box.expectCleanRepository()
    }
}

extension CLIDefectTests {
    // MARK: 13. Weather

    @Test func weatherKeepsSubKeysAddedByHand() throws {
        let server = try ProviderServer()
        let box = try WeatherCommandTests.sandbox(server)
        server.handler = ProviderServer.providers()
        let id = try box.add("--lat", "35.1", "--lon", "129", "Placed")
        let path = try #require(box.entryFiles().first)
        let mine = "  feels_like: chilly\n  # my own notes\n  sky:\n    - pink\n    - grey\n"
        let original = try #require(box.read(path))
        #expect(original.contains("  wind_kph: 10.4\nlocation:\n"))
        try box.write(path, original.replacingOccurrences(of: "  wind_kph: 10.4\n", with: "  wind_kph: 10.4\n" + mine))
        server.handler = ProviderServer.providers(code: 95)
        let result = try box.journal("weather", id)
        #expect(result.status == 0, "\(result.stderr)")
        let now = try #require(box.read(path))
        #expect(now.contains("  condition: thunderstorm\n"), "\(now)")
        #expect(now.contains("  wind_kph: 10.4\n" + mine + "location:\n"), "\(now)")
        try box.expectCleanRepository()
    }

    @Test func aPlaceThatCannotBeFoundIsSkippedNotAFailure() throws {
        let server = try ProviderServer()
        let box = try WeatherCommandTests.sandbox(server)
        server.handler = { _ in .json("{}", status: 503) }
        let good = try box.add("--lat", "35.1", "--lon", "129", "Good")
        let bad = try box.add("--location", "Atlantis", "Bad")
        server.handler = ProviderServer.providers()
        let warning = "journal: warning: \(bad): no weather: no place called 'Atlantis' was found\n"
        let fill = try box.journal("weather", "--missing")
        #expect(fill.status == 0, "\(fill.stderr)")
        #expect(fill.stdout == "\(good) 2026-11-22 \"Good\": ☁️ cloudy 12.5°C\nSkipped 1 entry whose place could not be found (see above).\n", "\(fill.stdout)")
        #expect(fill.stderr == warning, "\(fill.stderr)")
        let again = try box.journal("weather", "--missing")
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stdout == "Skipped 1 entry whose place could not be found (see above).\n", "\(again.stdout)")
        #expect(again.stderr == warning)
        // Trouble with the network is still a failure: trying again later helps.
        server.handler = { _ in .json("{}", status: 503) }
        _ = try box.add("--lat", "35.1", "--lon", "129", "Later")
        server.handler = { request in
            request.path == "/v1/search" ? ProviderServer.providers()(request) : .json("{}", status: 500)
        }
        #expect(try box.journal("weather", "--missing").status == 1)
    }
}
