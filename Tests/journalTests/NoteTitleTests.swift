import Foundation
import Testing

/// A note's own `title:` is its title everywhere (issue 35, section 1); a title taken from the text passes
/// over what is not text; Hugo's TOML front matter is read; nested tags are found by their parent.
@Suite struct NoteTitleTests {
    static let hugo = """
        ---
        title: Taxonomies
        date: 2024-03-01
        weight: 10
        ---

        The `ByWeight` method returns the given menu
        with its entries sorted by weight.

        """

    @Test func aHeadersTitleIsTheTitleEverywhere() throws {
        let box = try Sandbox()
        try box.journal("init")
        let path = "entries/2024/03/taxonomies.md"
        try box.write(path, Self.hugo)
        let list = try box.journal("list")
        #expect(list.status == 0, "\(list.stderr)")
        #expect(list.stdout.hasPrefix("2024-03-01 12:00 "), "\(list.stdout)")
        #expect(list.stdout.contains("  Taxonomies\n"), "\(list.stdout)")
        // The commit of a file dropped in names it by its title; the file is not rewritten.
        let subjects = try box.commitSubjects()
        #expect(subjects.first?.contains("\"Taxonomies\"") == true, "\(subjects)")
        #expect(box.read(path) == Self.hugo)
        let id = String(list.stdout.split(separator: " ")[2])

        let show = try box.journal("show", id)
        #expect(show.stdout.hasSuffix("""
            \(path)

            Taxonomies

            The `ByWeight` method returns the given menu
            with its entries sorted by weight.

            """), "\(show.stdout)")
        let search = try box.journal("search", "ByWeight")
        #expect(search.stdout.contains("Taxonomies"), "\(search.stdout)")
        #expect(try box.journal("search", "Taxonomies").stdout.contains(id))

        // JSON: the title is the header's, the body the whole text (no line of it is the title).
        let json = try box.journal("show", id, "--json")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["title"] as? String == "Taxonomies")
        #expect(object["body"] as? String == "The `ByWeight` method returns the given menu\nwith its entries sorted by weight.")
        let exported = try box.journal("export", "json")
        #expect(exported.stdout.contains("\"title\" : \"Taxonomies\""), "\(exported.stdout)")
        #expect(exported.stdout.contains("\"body\" : \"The `ByWeight` method returns the given menu\\nwith its entries sorted by weight.\""))

        let markdown = try box.journal("export", "markdown")
        #expect(markdown.stdout.contains("## Taxonomies\n"), "\(markdown.stdout)")
        #expect(markdown.stdout.contains("The `ByWeight` method returns the given menu\n"))
        let jrnl = try box.journal("export", "jrnl")
        #expect(jrnl.stdout.hasPrefix("[2024-03-01 12:00:00 PM] Taxonomies\nThe `ByWeight` method"), "\(jrnl.stdout)")
        // Day One's title is its text's first line: the header's title goes there, as a heading.
        let zip = box.root.path + "/dayone.zip"
        #expect(try box.journal("export", "dayone", "-o", zip).status == 0)
        try RoundTripTests.unzip(zip, into: box.root.path + "/dayone")
        let dayOne = try RoundTripTests.entries(ofJSON: box.root.path + "/dayone/Journal.json")
        #expect(dayOne.first?["text"] as? String == "# Taxonomies\n\nThe `ByWeight` method returns the given menu\nwith its entries sorted by weight\\.")
        let share = try box.journal("share", id)
        #expect(share.stdout.hasPrefix("Taxonomies\n"), "\(share.stdout)")
        #expect(share.stdout.contains("\nThe `ByWeight` method returns the given menu\n"))

        // Tagging it names it in the commit by the same title.
        #expect(try box.journal("tag", id, "+hugo").status == 0)
        let tagged = try box.commitSubjects()
        #expect(tagged.first?.contains("Taxonomies") == true, "\(tagged)")
        try box.expectCleanRepository()
    }

    @Test func aTitleFromTheTextPassesOverWhatIsNotText() throws {
        let box = try Sandbox()
        try box.journal("init")
        try box.write("entries/2024/03/page.md", """
            <!--
            hidden
            -->
            {{< new-in 0.123.0 >}}
            [docs]: https://gohugo.io
            ![banner](banner.png)

            # Menus

            Text of the page.

            """)
        let list = try box.journal("list")
        #expect(list.stdout.contains("  Menus\n"), "\(list.stdout)")
        let id = String(list.stdout.split(separator: " ")[2])
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(try box.journal("show", id, "--json").stdout.utf8)) as? [String: Any])
        #expect(object["title"] as? String == "Menus")
        #expect(object["body"] as? String == "<!--\nhidden\n-->\n{{< new-in 0.123.0 >}}\n[docs]: https://gohugo.io\n![banner](banner.png)\n\nText of the page.")
        // Export JSON writes the same bytes by hand, body in two pieces.
        let exported = try box.journal("export", "json")
        #expect(exported.stdout.contains("\"body\" : \"<!--\\nhidden\\n-->\\n{{< new-in 0.123.0 >}}\\n[docs]: https://gohugo.io\\n![banner](banner.png)\\n\\nText of the page.\""), "\(exported.stdout)")
        // On a terminal, show marks the title line itself.
        let shown = try box.runInTerminal(["show", id], env: ["PAGER": "cat"])
        #expect(shown.stdout.contains("\u{1B}[1m# Menus\u{1B}[0m"), "\(shown.stdout)")
    }

    @Test func hugosTOMLFrontMatterIsRead() throws {
        let box = try Sandbox()
        try box.journal("init")
        let text = """
            +++
            title = "Taxonomies"
            date = 2024-03-01T09:00:00-05:00
            tags = ["hugo", "docs"]
            +++

            How taxonomies work.

            """
        try box.write("entries/2024/03/toml.md", text)
        let list = try box.journal("list")
        #expect(list.stdout.contains("2024-03-01 09:00 "), "\(list.stdout)")
        #expect(list.stdout.contains("  Taxonomies  #hugo #docs\n"), "\(list.stdout)")
        #expect(try box.journal("list", "--tag", "docs").stdout == list.stdout)
        #expect(box.read("entries/2024/03/toml.md") == text)
        // A field set by the tool goes into a YAML header above it; the TOML stays as written.
        let id = String(list.stdout.split(separator: " ")[2])
        #expect(try box.journal("star", id).status == 0)
        #expect(box.read("entries/2024/03/toml.md") == "---\nstarred: true\n---\n" + text)
        #expect(try box.journal("list").stdout.contains("  Taxonomies ★  #hugo #docs\n"))
    }

    /// Snapshots of format 8 hold titles taken from the text: the format moved on, so they are rebuilt.
    @Test func aSnapshotFromBeforeIsRebuiltWithTheHeadersTitles() throws {
        let box = try Sandbox()
        try box.journal("init")
        try box.write("entries/2024/03/taxonomies.md", Self.hugo)
        #expect(try box.journal("list").stdout.contains("Taxonomies"))
        let index = box.journal + "/.git/journal/index.sqlite"
        var bytes = try Data(contentsOf: URL(fileURLWithPath: index))
        // The stored title changed in place (same length): a snapshot trusted as current shows it.
        let stored = Data("Taxonomies".utf8)
        while let range = bytes.range(of: stored) { bytes.replaceSubrange(range, with: Data("Taxonomiez".utf8)) }
        try bytes.write(to: URL(fileURLWithPath: index))
        #expect(try box.journal("list").stdout.contains("Taxonomiez"))
        // SQLite keeps `PRAGMA user_version` as a big-endian integer at offset 60 of the header.
        bytes.replaceSubrange(60..<64, with: [0, 0, 0, 8])
        try bytes.write(to: URL(fileURLWithPath: index))
        let list = try box.journal("list")
        #expect(list.stdout.contains("  Taxonomies\n"), "\(list.stdout)")
    }

    /// `work` finds `work/meeting` (as Obsidian's tag search does), not `workshop`; `--not-tag` leaves both out.
    @Test func aNestedTagIsFoundByItsParent() throws {
        let box = try Sandbox()
        try box.journal("init")
        let meeting = try box.add("Standup #work/meeting")
        let work = try box.add("Plain work", "-t", "work")
        let shop = try box.add("Workshop day #workshop")
        let deep = try box.add("Deeper", "-t", "Work/Meeting/Notes")
        func ids(_ arguments: String...) throws -> Set<String> {
            Set(try box.run(["list"] + arguments).stdout.split(separator: "\n").map { String($0.split(separator: " ")[2]) })
        }
        #expect(try ids("--tag", "work") == [meeting, work, deep])
        #expect(try ids("--tag", "#Work") == [meeting, work, deep])
        #expect(try ids("--tag", "work/meeting") == [meeting, deep])
        #expect(try ids("--tag", "work/meeting", "-n", "1").count == 1)
        #expect(try ids("--not-tag", "work") == [shop])
        #expect(try ids("--tag", "work", "--tag", "workshop").isEmpty)
    }
}
