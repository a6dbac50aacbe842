import Foundation
import Testing

/// `journal import`: jrnl, Day One and Markdown sources written by hand from their documented formats,
/// and jrnl itself when it can be installed.
@Suite struct ImportTests {
    // MARK: jrnl

    /// A jrnl journal file as jrnl 4 writes it: `[date] title` lines, a star after the title, @tags,
    /// its default time format (`%F %r`) and the short one its tests use, and an entry whose date is no day
    /// (which jrnl reads as the time on the day it reads it).
    static let jrnlText = """
        [2013-06-09 15:39] My first entry.
        Everything is alright @work

        [2013-06-10 15:40] Life is good. But I'm better. @Home and #garden *
        [2024-13-45 10:00] Not a real day.
        jrnl reads its time on the day it reads it.
        [2020-08-29 11:11:00 PM] I have an @idea:
        (1) write a command line @journal software
        (2) ???
        (3) PROFIT!

        [2021-01-01 09:00] One sentence then more. The rest of the line is the body.
        """

    /// What `jrnl --export json` prints for the same journal (less the entry of no day: see `jrnlTextWithDays`).
    static let jrnlJSON = """
        {
          "tags": {"@work": 1, "@home": 1, "#garden": 1, "@idea": 1, "@journal": 1},
          "entries": [
            {"title": "My first entry.", "body": "Everything is alright @work", "date": "2013-06-09",
             "time": "15:39", "tags": ["@work"], "starred": false},
            {"title": "Life is good. But I'm better. @Home and #garden", "body": "", "date": "2013-06-10",
             "time": "15:40", "tags": ["@home", "#garden"], "starred": true},
            {"title": "I have an @idea:", "body": "(1) write a command line @journal software\\n(2) ???\\n(3) PROFIT!",
             "date": "2020-08-29", "time": "23:11", "tags": ["@idea", "@journal"], "starred": false},
            {"title": "One sentence then more.", "body": "The rest of the line is the body.",
             "date": "2021-01-01", "time": "09:00", "tags": [], "starred": false},
            {"title": "No time", "date": "2021-01-02"}
          ]
        }
        """

    /// `jrnlText` without its entry of no day.
    static let jrnlTextWithDays = jrnlText.replacingOccurrences(
        of: "[2024-13-45 10:00] Not a real day.\njrnl reads its time on the day it reads it.\n", with: "")

    /// The sandbox's today in `zone`, as YYYY-MM-DD.
    static func today(_ box: Sandbox, _ zone: String) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: zone) ?? .gmt
        let p = calendar.dateComponents([.year, .month, .day], from: box.now)
        return String(format: "%04d-%02d-%02d", p.year ?? 0, p.month ?? 0, p.day ?? 0)
    }

    static func source(_ box: Sandbox, _ name: String, _ text: String) throws -> String {
        let path = box.root.path + "/" + name
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    static func newJournal() throws -> Sandbox {
        let box = try Sandbox()
        let created = try box.journal("init")
        #expect(created.status == 0, "\(created.stderr)")
        return box
    }

    @Test func jrnlTextBecomesEntriesInOneCommit() throws {
        let box = try Self.newJournal()
        let file = try Self.source(box, "journal.txt", Self.jrnlText)
        let result = try box.journal("import", "jrnl", file, "--time-zone", "Europe/Berlin")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "Imported 5 entries from jrnl (journal.txt).\n")
        // No day: jrnl reads the time on the day it reads the journal, and so does the import, saying so.
        let today = Self.today(box, "Europe/Berlin")
        #expect(result.stderr == "journal: warning: journal.txt:5: [2024-13-45 10:00] is a date jrnl reads from the day it opens the journal: taken as \(today) 10:00, as jrnl reads it today\n", "\(result.stderr)")
        #expect(try box.commitSubjects().first == "Import 5 entries from jrnl (journal.txt)")
        try box.expectCleanRepository()

        let files = box.entryFiles()
        #expect(files.count == 5)
        let noDay = try #require(files.compactMap(box.read).first { $0.contains("Not a real day.") })
        #expect(noDay.contains("created_at: \(today)T10:00:00+01:00\n"), "\(noDay)")
        let first = try #require(files.first { $0.hasPrefix("entries/2013/06/2013-06-09-") }.flatMap(box.read))
        #expect(first.contains("created_at: 2013-06-09T15:39:00+02:00\ntime_zone: Europe/Berlin\ntags: [work]\n"))
        #expect(first.hasSuffix("---\nMy first entry.\n\nEverything is alright @work\n"))
        let starred = try #require(files.first { $0.hasPrefix("entries/2013/06/2013-06-10-") }.flatMap(box.read))
        // As written in the text (jrnl lower-cases them; tags compare without case here).
        #expect(starred.contains("tags: [Home, garden]\nstarred: true\n"))
        #expect(starred.hasSuffix("---\nLife is good. But I'm better. @Home and #garden\n"))
        // %F %r: 11:11:00 PM is 23:11.
        let idea = try #require(files.first { $0.hasPrefix("entries/2020/08/2020-08-29-") }.flatMap(box.read))
        #expect(idea.contains("created_at: 2020-08-29T23:11:00+02:00\n"))
        #expect(idea.contains("tags: [idea, journal]\n"))
        #expect(idea.hasSuffix("---\nI have an @idea:\n\n(1) write a command line @journal software\n(2) ???\n(3) PROFIT!\n"))
        // No newline in the text at all: jrnl's title is the first sentence.
        let sentence = try #require(files.first { $0.hasPrefix("entries/2021/01/") }.flatMap(box.read))
        #expect(sentence.hasSuffix("---\nOne sentence then more.\n\nThe rest of the line is the body.\n"))

        let shown = try box.journal("list", "--tag", "garden")
        #expect(shown.stdout.contains("Life is good"))
    }

    @Test func jrnlImportedTwiceAddsNothing() throws {
        let box = try Self.newJournal()
        let file = try Self.source(box, "journal.txt", Self.jrnlText)
        #expect(try box.journal("import", "jrnl", file).status == 0)
        let before = box.entryFiles()
        let again = try box.journal("import", "jrnl", file)
        #expect(again.status == 0)
        #expect(again.stdout == "Imported 0 entries from jrnl (journal.txt); 5 already in the journal.\n")
        #expect(box.entryFiles() == before)
        #expect(try box.commitSubjects().count == 2)  // Create journal, one import
    }

    @Test func jrnlJSONGivesTheSameEntriesAsItsText() throws {
        let box = try Self.newJournal()
        let json = try Self.source(box, "export.json", Self.jrnlJSON)
        let result = try box.journal("import", "jrnl", json, "--time-zone", "Europe/Berlin")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "Imported 4 entries from jrnl (export.json).\n")
        #expect(result.stderr.contains("export.json: entry 5: no valid \"time\""))
        let fromJSON = box.entryFiles().map { box.read($0) ?? "" }

        let other = try Self.newJournal()
        let text = try Self.source(other, "journal.txt", Self.jrnlTextWithDays)
        #expect(try other.journal("import", "jrnl", text, "--time-zone", "Europe/Berlin").status == 0)
        #expect(other.entryFiles() == box.entryFiles())
        let fromText = other.entryFiles().map { other.read($0) ?? "" }
        #expect(fromText == fromJSON)

        // The text file after its JSON export: every entry is recognised.
        let both = try box.journal("import", "jrnl", try Self.source(box, "journal.txt", Self.jrnlTextWithDays), "--time-zone", "Europe/Berlin")
        #expect(both.stdout == "Imported 0 entries from jrnl (journal.txt); 4 already in the journal.\n")
    }

    @Test func dryRunListsAndChangesNothing() throws {
        let box = try Self.newJournal()
        let file = try Self.source(box, "journal.txt", Self.jrnlText)
        let head = try box.git("rev-parse", "HEAD")
        let result = try box.journal("import", "jrnl", file, "--dry-run", "--time-zone", "UTC")
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 6)
        #expect(lines[0].hasPrefix("would add 2013-06-09 ") && lines[0].hasSuffix(" My first entry."))
        #expect(lines[2].hasPrefix("would add \(Self.today(box, "UTC")) ") && lines[2].hasSuffix(" Not a real day."), "\(lines)")
        #expect(lines[5] == "Would import 5 entries from jrnl (journal.txt).")
        #expect(box.entryFiles().isEmpty)
        #expect(try box.git("rev-parse", "HEAD") == head)
        try box.expectCleanRepository()
    }

    @Test func timeZoneDefaultsToTheSystems() throws {
        let box = try Self.newJournal()
        let file = try Self.source(box, "journal.txt", "[2024-03-01 09:00] First jrnl entry. With body @work\n")
        let result = try box.journal("import", "jrnl", file, env: ["TZ": "America/New_York"])
        #expect(result.status == 0, "\(result.stderr)")
        let text = try box.onlyEntry()
        #expect(text.contains("created_at: 2024-03-01T09:00:00-05:00\ntime_zone: America/New_York\ntags: [work]\n"))
        // The last entry runs to the end of the file, newline and all: jrnl's title is then its first line,
        // not its first sentence.
        #expect(text.hasSuffix("---\nFirst jrnl entry. With body @work\n"))
    }

    @Test func badArgumentsAreOneLineErrors() throws {
        let box = try Self.newJournal()
        let notJrnl = try Self.source(box, "notes.txt", "just some text\n")
        let cases: [([String], String)] = [
            (["import", "jrnl", box.root.path + "/missing.txt"], "missing.txt does not exist"),
            (["import", "jrnl", notJrnl], "holds no jrnl entries"),
            (["import", "jrnl", notJrnl, "--time-zone", "Mars/Olympus"], "time zone 'Mars/Olympus'"),
            (["import", "jrnl", try Self.source(box, "broken.json", "{\"entries\": [")], "not JSON"),
        ]
        for (arguments, message) in cases {
            let result = try box.run(arguments)
            #expect(result.status != 0, "\(arguments)")
            #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
            // A usage mistake (the zone) is followed by argument-parser's usage lines; the rest are one line.
            let first = result.stderr.split(separator: "\n").first.map(String.init) ?? ""
            #expect(first.contains(message), "\(result.stderr)")
            if !message.hasPrefix("time zone") { #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)") }
        }
        #expect(box.entryFiles().isEmpty)
        #expect(try box.commitSubjects().count == 1)
    }

    /// jrnl 4.6 itself writes a journal and exports it; both files import to the same entries.
    @Test func realJrnlRoundTrip() throws {
        let box = try Self.newJournal()
        guard let jrnl = try SkipReason.startOrSkip({ try JrnlInstall.shared() }) else { return }
        let (journalFile, exported) = try JrnlInstall.write(
            [
                ["2024-03-01 09:00:", "First jrnl entry. With body @work"],
                ["2024-03-02 21:30:", "Dinner with @minji and @Jun. We had noodles *"],
                ["2024-03-03 07:15:", "Morning.\nA second line of the body.\n\nA second paragraph #garden"],
            ], with: jrnl, in: box.root.path + "/jrnl-home")
        let json = try Self.source(box, "export.json", exported)

        let fromText = try box.journal("import", "jrnl", journalFile)
        #expect(fromText.status == 0, "\(fromText.stderr)")
        #expect(fromText.stdout == "Imported 3 entries from jrnl (journal.txt).\n", "\(fromText.stderr)")
        #expect(fromText.stderr == "")
        let fromJSON = try box.journal("import", "jrnl", json)
        #expect(fromJSON.stdout == "Imported 0 entries from jrnl (export.json); 3 already in the journal.\n")

        let other = try Self.newJournal()
        #expect(try other.journal("import", "jrnl", json).status == 0)
        #expect(other.entryFiles() == box.entryFiles())

        let files = box.entryFiles().map { box.read($0) ?? "" }
        #expect(files.count == 3)
        let dinner = try #require(files.first { $0.contains("Dinner with") })
        #expect(dinner.contains("created_at: 2024-03-02T21:30:00+09:00\n"))
        #expect(dinner.contains("tags: [minji, Jun]\nstarred: true\n"))
        // jrnl wrote the star after the whole line, so on reading the line is one title.
        #expect(dinner.hasSuffix("---\nDinner with @minji and @Jun. We had noodles\n"))
        let morning = try #require(files.first { $0.contains("Morning.") })
        #expect(morning.hasSuffix("---\nMorning.\n\nA second line of the body.\n\nA second paragraph #garden\n"))
        #expect(morning.contains("tags: [garden]\n"))
    }
}

/// jrnl 4.6 in a virtualenv under the temporary folder, installed once per test run.
enum JrnlInstall {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var result: Result<String, SkipReason>?

    /// The path of the `jrnl` program; a SkipReason when python3 or the package index is not there.
    static func shared() throws -> String {
        lock.lock()
        defer { lock.unlock() }
        if let result { return try result.get() }
        let made = install()
        result = made
        return try made.get()
    }

    /// Writes `entries` (jrnl's command-line words each) with the real jrnl, in a config of its own under `home`;
    /// returns its journal file and its `--export json`.
    static func write(_ entries: [[String]], with jrnl: String, in home: String) throws -> (file: String, json: String) {
        let (journalFile, env) = try configure(home)
        for words in entries {
            let run = try Sandbox.exec(jrnl, words, stdin: nil, env: env, cwd: home)
            guard run.status == 0 else { throw SandboxError("jrnl \(words): \(run.stderr)") }
        }
        let export = try Sandbox.exec(jrnl, ["--export", "json"], stdin: nil, env: env, cwd: home)
        guard export.status == 0 else { throw SandboxError("jrnl --export json: \(export.stderr)") }
        return (journalFile, export.stdout)
    }

    /// A jrnl config of its own under `home` (its default time format, `%F %r`; both tag symbols): the
    /// journal file it names and the environment to run jrnl with.
    static func configure(_ home: String) throws -> (file: String, env: [String: String]) {
        let journalFile = home + "/journal.txt"
        try FileManager.default.createDirectory(atPath: home + "/.config/jrnl", withIntermediateDirectories: true)
        let config = """
            colors: {body: none, date: none, tags: none, title: none}
            default_hour: 9
            default_minute: 0
            editor: ''
            encrypt: false
            highlight: false
            indent_character: '|'
            journals:
              default:
                journal: \(journalFile)
            linewrap: 79
            tagsymbols: '#@'
            template: false
            timeformat: '%F %r'
            version: v4.6

            """
        try config.writeReplacing(toFile: home + "/.config/jrnl/jrnl.yaml")
        let env = [
            "HOME": home, "XDG_CONFIG_HOME": home + "/.config", "XDG_DATA_HOME": home + "/.local/share",
            "PATH": "/usr/bin:/bin", "TZ": "Asia/Seoul",
        ]
        return (journalFile, env)
    }

    /// Runs the real jrnl in the config `configure` made under `home`.
    static func run(_ jrnl: String, _ arguments: [String], in home: String) throws -> Sandbox.Result {
        let (_, env) = try configure(home)
        return try Sandbox.exec(jrnl, arguments, stdin: nil, env: env, cwd: home)
    }

    /// jrnl 4.6 as scripts/deps.sh installs it (into .build/jrnl-4.6, from PyPI), or `JOURNAL_TEST_JRNL`.
    /// The tests never install it themselves: they reach nothing beyond this machine.
    private static func install() -> Result<String, SkipReason> {
        if let given = ProcessInfo.processInfo.environment["JOURNAL_TEST_JRNL"] { return .success(given) }
        let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().path
        let program = package + "/.build/jrnl-4.6/bin/jrnl"
        guard FileManager.default.isExecutableFile(atPath: program) else {
            return .failure(SkipReason("no jrnl 4.6 at \(program): scripts/deps.sh installs it (make test runs it)"))
        }
        return .success(program)
    }
}
