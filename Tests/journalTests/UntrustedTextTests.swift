import Foundation
import Testing

/// Entries arrive by sync from other machines: control characters in them (a title that retitles the
/// terminal, a tag that colours the screen) never reach a terminal or a commit message raw.
@Suite struct UntrustedTextTests {
    /// Scalars a terminal acts on: ESC, BEL, CR, DEL, CSI (C1) and a right-to-left override.
    static let hidden: [Unicode.Scalar] = ["\u{1B}", "\u{07}", "\u{0D}", "\u{7F}", "\u{9B}", "\u{202E}"]

    static func raw(_ text: String) -> [Unicode.Scalar] {
        text.unicodeScalars.filter { hidden.contains($0) }
    }

    /// Output with our own colour codes (`ESC [ digits m`) taken out.
    static func uncoloured(_ text: String) -> String {
        text.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
    }

    static let path = "entries/2026/11/2026-11-20-hand.md"

    /// A hand-made entry with control characters in every field a command shows.
    static func writeHostileEntry(_ box: Sandbox) throws {
        try box.write(path, """
            ---
            created_at: 2026-11-20T10:00:00+09:00
            time_zone: "Asia/Seoul\\e[2J"
            category: "cat\\e[31m"
            tags: ["tag\\e]0;pwned\\a", plain]
            weather:
              condition: "clear\\e[5m"
              temperature_c: 3
              description: "sunny\\x9b31m"
            location:
              name: "Busan\\e[1A"
              latitude: 35.1
              longitude: 129.0
            ---
            # Evil \u{1B}]0;pwned\u{07} title \u{1B}[31mred\u{7F}

            A body\u{0D} with \u{202E}reversed\u{202C} text and \u{9B}31m C1.

            """)
    }

    @Test func controlCharactersFromAFileAreShownVisibleByEveryCommand() throws {
        let box = try Sandbox()
        try box.journal("init")
        try Self.writeHostileEntry(box)
        let commit = try box.journal("commit")
        #expect(commit.status == 0, "\(commit.stderr)")
        let id = try #require(try box.journal("list", "--json").stdout.split(separator: "\"").first { $0.count == 36 })
        let runs: [[String]] = [
            ["list"], ["list", "--full"], ["show", String(id)], ["search", "Evil"], ["search", "body"], ["today"],
            ["log"], ["log", String(id)], ["log", String(id), "-p"], ["tags"], ["categories"],
        ]
        for arguments in runs {
            for colour in ["never", "always"] {
                let result = try box.run(arguments + ["--color", colour])
                #expect(result.status == 0, "\(arguments): \(result.stderr)")
                let shown = Self.uncoloured(result.stdout + result.stderr)
                #expect(Self.raw(shown).isEmpty, "\(arguments) --color \(colour): \(shown.debugDescription)")
            }
        }
        // The control characters are written out, not dropped.
        let list = try box.journal("list", "--color", "always", env: ["COLUMNS": "200"])
        #expect(list.stdout.contains("Evil \\u{1B}]0;pwned\\u{7} title \\u{1B}[31mred\\u{7F}"), "\(list.stdout)")
        #expect(list.stdout.contains("#tag\\u{1B}]0;pwned\\u{7}"))
        #expect(list.stdout.contains("cat\\u{1B}[31m"))
        let show = try box.journal("show", String(id))
        #expect(show.stdout.contains("A body\\u{D} with \\u{202E}reversed\\u{202C} text and \\u{9B}31m C1."), "\(show.stdout)")
        #expect(show.stdout.contains("Busan\\u{1B}[1A"))
        #expect(show.stdout.contains("Asia/Seoul\\u{1B}[2J"))
        // Only `show --raw` prints the bytes as stored.
        let raw = try box.journal("show", String(id), "--raw")
        #expect(raw.stdout.contains("# Evil \u{1B}]0;pwned\u{07} title \u{1B}[31mred\u{7F}"))
        // The commit message names the entry with its title made visible.
        let message = try box.git("log", "-1", "--format=%B")
        #expect(Self.raw(message).isEmpty, "\(message.debugDescription)")
        #expect(message.contains("Evil \\u{1B}]0;pwned\\u{7} title \\u{1B}[31mred\\u{7F}"), "\(message)")
    }

    @Test func jsonEscapesEveryControlCharacterAndKeepsTheValue() throws {
        let box = try Sandbox()
        try box.journal("init")
        try Self.writeHostileEntry(box)
        for arguments in [["list", "--json"], ["search", "Evil", "--json"], ["log", "--json"], ["tags", "--json"]] {
            let result = try box.run(arguments)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            #expect(Self.raw(result.stdout).isEmpty, "\(arguments): \(result.stdout.debugDescription)")
        }
        let json = try box.journal("list", "--json")
        #expect(json.stdout.contains("\\u001b]0;pwned\\u0007"), "\(json.stdout)")
        #expect(json.stdout.contains("\\u202e") && json.stdout.contains("\\u009b") && json.stdout.contains("\\u007f"))
        let array = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(array.first?["title"] as? String == "Evil \u{1B}]0;pwned\u{07} title \u{1B}[31mred\u{7F}")
        #expect(array.first?["tags"] as? [String] == ["tag\u{1B}]0;pwned\u{07}", "plain"])
    }

    @Test func aTitleTypedIntoAddIsCommittedAndListedVisible() throws {
        let box = try Sandbox()
        try box.journal("init")
        let add = try box.journal("add", "Hello \u{1B}]0;pwned\u{07}\u{1B}[31m there")
        #expect(add.status == 0, "\(add.stderr)")
        #expect(Self.raw(add.stdout + add.stderr).isEmpty)
        let message = try box.git("log", "-1", "--format=%B")
        #expect(Self.raw(message).isEmpty, "\(message.debugDescription)")
        #expect(message.hasPrefix("Add \"Hello \\u{1B}]0;pwned\\u{7}\\u{1B}[31m there\""), "\(message)")
        let list = try box.journal("list")
        #expect(list.stdout.contains("Hello \\u{1B}]0;pwned\\u{7}\\u{1B}[31m there"), "\(list.stdout)")
        let log = try box.journal("log")
        #expect(Self.raw(log.stdout).isEmpty && log.stdout.contains("\\u{1B}]0;pwned"), "\(log.stdout)")
        // The file holds what was typed.
        #expect(try box.onlyEntry().contains("Hello \u{1B}]0;pwned\u{07}\u{1B}[31m there"))
    }

    @Test func theQuestionOfRmShowsTheTitleVisible() throws {
        let box = try Sandbox()
        try box.journal("init")
        let id = try box.add("Bye \u{1B}]0;pwned\u{07} now")
        let result = try box.runInTerminal(["rm", id], input: "n\n")
        #expect(result.stdout.contains("Delete \(id) \"Bye \\u{1B}]0;pwned\\u{7} now\"? [y/N]"), "\(result.stdout.debugDescription)")
        #expect(Self.raw(Self.uncoloured(result.stdout)).isEmpty, "\(result.stdout.debugDescription)")
        #expect(box.entryFiles().count == 1)
    }

    @Test func aCommitMessageMadeElsewhereIsShownVisibleByLog() throws {
        let box = try Sandbox()
        try box.journal("init")
        try box.write("entries/2026/11/note.md", "Plain\n")
        try box.git("add", "-A")
        try box.git("commit", "-q", "-m", "Sneaky \u{1B}]0;pwned\u{07} subject")
        let log = try box.journal("log", "entries/2026/11/note.md")
        #expect(log.status == 0, "\(log.stderr)")
        #expect(Self.raw(log.stdout).isEmpty, "\(log.stdout.debugDescription)")
        #expect(log.stdout.contains("Sneaky \\u{1B}]0;pwned\\u{7} subject"), "\(log.stdout)")
    }

    @Test func syncingAFileWithControlCharactersInItsNameIsReportedVisibly() throws {
        let peers = try Peers()
        let name = "entries/2026/11/evil\u{1B}]0;pwned\u{07}.md"
        try FileManager.default.createDirectory(
            atPath: peers.path("a") + "/entries/2026/11", withIntermediateDirectories: true)
        try peers.write("a", name, "Evil \u{1B}[31m title\n")
        try peers.git("a", "add", "-A")
        try peers.git("a", "commit", "-q", "-m", "evil")
        try peers.git("a", "push", "-q", "origin", "main")
        let sync = try peers.run("b", "sync")
        #expect(sync.status != 0)
        #expect(Self.raw(sync.stdout + sync.stderr).isEmpty, "\((sync.stdout + sync.stderr).debugDescription)")
        #expect(sync.stderr.contains("evil\\u{1B}]0;pwned\\u{7}.md"), "\(sync.stderr)")
    }

    @Test func aSyncNoteNamingAFileWithHiddenCharactersIsVisibleInOutputAndMergeCommit() throws {
        let peers = try Peers()
        // A C1 control and a right-to-left override are allowed in a file name, but not shown raw.
        let path = "entries/2026/11/evil\u{9B}2J\u{202E}dm.txt.md"
        try FileManager.default.createDirectory(
            atPath: peers.path("a") + "/entries/2026/11", withIntermediateDirectories: true)
        try peers.write("a", path, "---\ntime_zone: Asia/Seoul\n---\nShared\n")
        #expect(try peers.run("a", "commit").status == 0)
        _ = try peers.sync("a")
        _ = try peers.sync("b")
        // Both sides set the time zone: the merge keeps one and says so, naming the file.
        for (name, zone) in [("a", "Europe/Paris"), ("b", "America/New_York")] {
            try peers.write(name, path, "---\ntime_zone: \(zone)\n---\nShared\n")
            #expect(try peers.run(name, "commit").status == 0)
        }
        _ = try peers.sync("a")
        let sync = try peers.run("b", "sync")
        #expect(sync.status == 0, "\(sync.stderr)")
        let output = sync.stdout + sync.stderr
        #expect(Self.raw(output).isEmpty, "\(output.debugDescription)")
        #expect(output.contains("evil\\u{9B}2J\\u{202E}dm.txt.md: time_zone: kept"), "\(output)")
        let message = try peers.git("b", "log", "-1", "--format=%B")
        #expect(Self.raw(message).isEmpty, "\(message.debugDescription)")
        #expect(message.contains("evil\\u{9B}2J\\u{202E}dm.txt.md: time_zone: kept"), "\(message)")
    }

    // MARK: Files that are not text

    @Test func aBinaryFileNamedMdIsListedAsNotTextAndCommittedUnderItsName() throws {
        let box = try Sandbox()
        try box.journal("init")
        _ = try box.add("Normal entry")
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D, 0x49, 0x48, 0x44, 0x52, 0x1B, 0x5D]
        let path = "entries/2026/11/photo.md"
        try Data(png).write(to: URL(fileURLWithPath: box.journal + "/" + path))
        let list = try box.journal("list")
        #expect(list.status == 0, "\(list.stderr)")
        #expect(list.stdout.contains("broken: \(path):1: not UTF-8 text"), "\(list.stdout)")
        #expect(list.stdout.contains("Normal entry"))
        #expect(Self.raw(list.stdout + list.stderr).isEmpty)
        let added = try box.commitSubjects()
        #expect(added.first?.hasPrefix("Add \"photo.md\" (") == true, "\(added)")
        let json = try box.journal("list", "--json")
        let array = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        let photo = try #require(array.first { $0["path"] as? String == path })
        #expect(photo["title"] as? String == "" && photo["text"] as? String == "")
        #expect(photo["broken"] as? String == "line 1: not UTF-8 text")
        #expect(try box.journal("search", "PNG", "--json").stdout == "[\n\n]\n")
        let show = try box.journal("show", path)
        #expect(show.status == 0)
        #expect(show.stderr.contains("broken: \(path):1: not UTF-8 text"))
        #expect(!show.stdout.contains("PNG") && Self.raw(show.stdout).isEmpty, "\(show.stdout.debugDescription)")
        let remove = try box.journal("rm", path, "--yes")
        #expect(remove.status == 0, "\(remove.stderr)")
        let deleted = try box.commitSubjects()
        #expect(deleted.first?.hasPrefix("Delete \"photo.md\" (") == true, "\(deleted)")
        try box.expectCleanRepository()
    }

    @Test func aNulByteOrABadSequenceMakesTheFileNotTextFromItsLine() throws {
        let box = try Sandbox()
        try box.journal("init")
        try box.write("entries/2026/11/nul.md", "Title\n\nhello\u{0}world\n")
        var bad = Data("---\ncreated_at: 2026-11-20T10:00:00+09:00\n---\nTitle\n".utf8)
        bad.append(contentsOf: [0x41, 0xFF, 0x0A])
        try bad.write(to: URL(fileURLWithPath: box.journal + "/entries/2026/11/latin1.md"))
        let list = try box.journal("list")
        #expect(list.stdout.contains("broken: entries/2026/11/nul.md:3: not UTF-8 text"), "\(list.stdout)")
        #expect(list.stdout.contains("broken: entries/2026/11/latin1.md:5: not UTF-8 text"), "\(list.stdout)")
        let message = try box.git("log", "-1", "--format=%B")
        #expect(message.contains("Add \"latin1.md\"") && message.contains("Add \"nul.md\""), "\(message)")
        try box.expectCleanRepository()
    }
}
