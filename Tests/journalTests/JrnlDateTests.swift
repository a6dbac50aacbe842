import Foundation
import Testing

/// `journal import jrnl` reads every date jrnl 4.6 reads in a journal of its default `timeformat` (`%F %r`,
/// which Python's strptime cannot read, so that every date goes to jrnl's parsers: dateutil, then
/// parsedatetime), and a text in brackets that jrnl reads as no date is text of the entry it is in (issue 50).
/// Held against jrnl itself: jrnl exports the journal as JSON, the import's entries are exported as jrnl's
/// JSON, and every entry's day, time, title and body must agree. jrnl reads some dates from the day it reads
/// them (`yesterday 15:39`, `June 9 15:39`): there the sandbox's clock is set to jrnl's, the real one.
@Suite struct JrnlDateTests {
    /// Dates jrnl writes, dates its parsers read (day first with dots, no day, a month's name, a weekday, words
    /// read from today), and dates that are none (a day that does not exist, with a time after it).
    static let forms = [
        "2013-06-09 15:39", "2020-08-29 11:11:00 PM", "2020-08-29 11:11:00 AM", "06.09.2013 15:39", "13.09.2013 15:39",
        "2019-07 14:23", "2013/06/09 15:39", "June 9, 2013 3pm", "9 June 2013 15:39", "Sat, 09 Jun 2013 15:39", "20130609 1539",
        "06/09/13 15:39", "09-Jun-2013", "2013.06.09 15:39", "2013-06-09T15:39:00+09:00", "2013-06-09 15:39 +0900",
        "2013-06-09 00:00:30", "2013-06-09", "June 2013 noon", "yesterday 15:39", "tomorrow 9am", "last monday 10:00",
        "next friday 3pm", "3 days ago", "June 9 15:39", "Jun 9th at 3pm", "06/09 15:39", "Friday 3pm", "2024-13-45 10:00",
        "2019-02-29 10:00", "2013-06-09 15:39:60", "Jan 32 2013", "in 3 days", "tonight", "today noon", "next week",
        "Sat 15:39", "9999-01-01 10:00", "December 31st", "2012-02-29 23:59", "1999-12-31 11:59 PM", "12/25/2020 08:00 AM",
        "25/12/2020 08:00", "2021-03-04 5:06:07 pm", "noon yesterday", "2 weeks ago", "end of month", "this week",
        "next month", "last year", "Monday 09:00", "2020-01-01 12 am", "2020-01-01 12 pm", "Thu Jan 2 2020 10:00",
        "2020 Jan 2 10:00", "Jan 2nd, 2020, 10:00", "2 Jan 20 10:00", "10:00 2020-01-02", "May I ask",
    ]

    /// Brackets jrnl reads no date in: the line stays in the entry before.
    static let notDates = [
        "link text", "Note to self", "todo list", "important note", "1 2 3 4", "Chapter 12", "Part 2 of 3", "the end of time",
        "Update: later", "Buy milk at 5", "x", "^1",
    ]

    /// Random bracketed texts made of the words and numbers jrnl's parsers know, the same every run.
    static func randomForms(_ count: Int) -> [String] {
        let pieces = [
            "2013", "13", "06", "6", "9", "09", "31", "30", "29", "2", "12", "1", "00", "59", "60", "24", "2024", "1999", "20130609",
            "1539", "153900", "3:30", "23:59:59", "1pm", "10am", "1.5", "3rd", "31st", "june", "Jun", "jan", "may", "sept", "december",
            "monday", "sat", "Sun", "tues", "friday", "am", "pm", "a", "p", "a.m.", "p.m.", "at", "on", "of", "the", "and", "th",
            "yesterday", "today", "tomorrow", "noon", "night", "tonight", "morning", "next", "last", "ago", "this", "from", "before",
            "after", "eod", "eom", "end of", "day", "days", "week", "weeks", "month", "year", "h", "m", "s", "d", "one", "two",
            "twenty", "UTC", "GMT", "Z", "+0900", "-05:00", "T", "note", "link", "월요일",
        ]
        let separators = [" ", " ", " ", "-", "/", ".", ":", ", ", ","]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        var forms: [String] = []
        while forms.count < count {
            var form = pieces[next(pieces.count)]
            for _ in 0..<next(5) { form += separators[next(separators.count)] + pieces[next(pieces.count)] }
            if form.unicodeScalars.count > 6 { forms.append(form) }
        }
        return forms
    }

    /// Each form opens an entry of its own title; a text that is no date follows some of them.
    static func journalText(_ forms: [String]) -> String {
        var lines: [String] = []
        for (n, form) in forms.enumerated() {
            lines += ["[\(form)] Entry \(n).", "Body of entry \(n)."]
            if n < notDates.count { lines.append("[\(notDates[n])] is no date, in entry \(n).") }
            lines.append("")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    struct Entry: Hashable, CustomStringConvertible {
        var date, time, title, body: String
        var description: String { "\(date) \(time) \(title) | \(body)" }
    }

    static func entries(_ json: String) throws -> [String: Entry] {
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        var found: [String: Entry] = [:]
        for item in object?["entries"] as? [[String: Any]] ?? [] {
            // jrnl writes a year before 1000 without its zeros (strftime's %Y); the entry's day is the same.
            var date = item["date"] as? String ?? ""
            while date.hasPrefix("0") { date.removeFirst() }
            let entry = Entry(date: date, time: item["time"] as? String ?? "", title: item["title"] as? String ?? "", body: item["body"] as? String ?? "")
            found[entry.title] = entry
        }
        return found
    }

    /// jrnl's reading of `text`, and the import's at the same moment (a retry when the minute turned meanwhile).
    static func bothReadings(_ text: String) throws -> (jrnl: [String: Entry], journal: [String: Entry], stderr: String)? {
        guard let jrnl = try SkipReason.startOrSkip({ try JrnlInstall.shared() }) else { return nil }
        for _ in 0..<3 {
            let box = try ImportTests.newJournal()
            let home = box.root.path + "/jrnl-home"
            let (file, environment) = try JrnlInstall.configure(home)
            try text.writeReplacing(toFile: file)
            let before = Date()
            let exported = try Sandbox.exec(jrnl, ["--export", "json"], stdin: nil, env: environment.merging(["TZ": Sandbox.zone]) { $1 }, cwd: home)
            let after = Date()
            guard exported.status == 0 else { throw SandboxError("jrnl --export json: \(exported.stderr)") }
            guard Int(before.timeIntervalSince1970 / 60) == Int(after.timeIntervalSince1970 / 60) else { continue }
            box.now = before
            let imported = try box.journal("import", "jrnl", file)
            guard imported.status == 0 else { throw SandboxError("import: \(imported.stderr)") }
            let ours = try box.journal("export", "jrnl-json")
            return (try entries(exported.stdout), try entries(ours.stdout), imported.stderr)
        }
        throw SandboxError("the minute turned while jrnl read, three times")
    }

    @Test func everyDateJrnlReadsIsReadAlike() throws {
        let text = Self.journalText(Self.forms)
        guard let (jrnl, journal, stderr) = try Self.bothReadings(text) else { return }
        #expect(jrnl.count == Self.forms.count, "\(jrnl.keys.sorted())")
        for title in Set(jrnl.keys).union(journal.keys).sorted() {
            #expect(jrnl[title] == journal[title], "jrnl: \(jrnl[title].map(String.init(describing:)) ?? "none")\njournal: \(journal[title].map(String.init(describing:)) ?? "none")")
        }
        // A date read from today says so, naming what it was taken as.
        #expect(stderr.contains("[yesterday 15:39] is a date jrnl reads from the day it opens the journal: taken as "), "\(stderr)")
        #expect(!stderr.contains("[2013-06-09 15:39]"), "\(stderr)")
    }

    @Test func randomBracketsAreReadAsJrnlReadsThem() throws {
        let forms = Self.randomForms(250)
        guard let (jrnl, journal, _) = try Self.bothReadings(Self.journalText(forms)) else { return }
        #expect(jrnl.count == journal.count)
        for title in Set(jrnl.keys).union(journal.keys).sorted() {
            let n = Int(title.dropFirst("Entry ".count).dropLast()) ?? -1
            let form = forms.indices.contains(n) ? forms[n] : "?"
            #expect(jrnl[title] == journal[title], "[\(form)]\njrnl: \(jrnl[title].map(String.init(describing:)) ?? "none")\njournal: \(journal[title].map(String.init(describing:)) ?? "none")")
        }
    }

    /// The issue's dates on the sandbox's clock, without jrnl: day first with dots is read month first where it
    /// can be, as jrnl reads it; a month without a day is its first; the line after each is its own entry.
    @Test func theIssuesDatesOpenEntriesOfTheirOwn() throws {
        let box = try ImportTests.newJournal()
        let file = try ImportTests.source(box, "journal.txt", """
            [2013-06-08 09:00] Before.
            [06.09.2013 15:39] Dots.
            Its body.
            [13.09.2013 15:39] Day first.
            [2019-07 14:23] No day.
            [link text] stays in this entry.
            [yesterday 21:00] Yesterday.

            """)
        let result = try box.journal("import", "jrnl", file, "--time-zone", "Asia/Seoul")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "Imported 5 entries from jrnl (journal.txt).\n")
        let yesterday = box.day(-1)
        #expect(result.stderr == "journal: warning: journal.txt:7: [yesterday 21:00] is a date jrnl reads from the day it opens the journal: taken as \(yesterday) 21:00, as jrnl reads it today\n", "\(result.stderr)")
        let texts = box.entryFiles().compactMap(box.read)
        func entry(_ words: String) -> String { texts.first { $0.contains(words) } ?? "" }
        #expect(entry("Before.").hasSuffix("---\nBefore.\n"), "\(entry("Before."))")
        #expect(entry("Dots.").contains("created_at: 2013-06-09T15:39:00+09:00\n"))
        #expect(entry("Dots.").hasSuffix("---\nDots.\n\nIts body.\n"))
        #expect(entry("Day first.").contains("created_at: 2013-09-13T15:39:00+09:00\n"))
        #expect(entry("No day.").contains("created_at: 2019-07-01T14:23:00+09:00\n"))
        #expect(entry("No day.").hasSuffix("---\nNo day.\n\n[link text] stays in this entry.\n"))
        #expect(entry("Yesterday.").contains("created_at: \(yesterday)T21:00:00+09:00\n"))
    }

    /// `journal import jrnl` with no file reads jrnl's config, says which journals it names (and why one is
    /// left out), then brings each in, read with its own `timeformat` and `tagsymbols`.
    @Test func withoutAFileItReadsJrnlsConfig() throws {
        let box = try ImportTests.newJournal()
        let jrnlFolder = box.home + "/.config/jrnl"
        try FileManager.default.createDirectory(atPath: jrnlFolder, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: box.home + "/folder-journal/2024/03", withIntermediateDirectories: true)
        try "[2024-03-01 09:00] Default entry @home #garden\n".writeReplacing(toFile: box.home + "/default.txt")
        try "[06.09.2013 15:39] Work entry @standup #notatag\n[2013-06-10 09:00:00 AM] Read by jrnl's parsers.\n"
            .writeReplacing(toFile: box.home + "/work.txt")
        try "[2024-03-01 09:00] Secret\n".writeReplacing(toFile: box.home + "/secret.txt")
        try """
            colors: {body: none, date: none, tags: none, title: none}
            encrypt: false
            journals:
              default:
                journal: ~/default.txt
              work:
                journal: $HOME/work.txt
                timeformat: '%d.%m.%Y %H:%M'
                tagsymbols: '@'
              secret:
                journal: ~/secret.txt
                encrypt: true
              folder: ~/folder-journal
              gone: ~/gone.txt
            tagsymbols: '#@'
            timeformat: '%F %r'
            version: v4.6

            """.writeReplacing(toFile: jrnlFolder + "/jrnl.yaml")
        let result = try box.journal("import", "jrnl", "--time-zone", "Asia/Seoul")
        #expect(result.status == 0, "\(result.stderr)")
        let home = box.home
        #expect(result.stdout == """
            jrnl's config \(jrnlFolder)/jrnl.yaml names 5 journals:
              default: \(home)/default.txt
              work: \(home)/work.txt
              secret: \(home)/secret.txt — encrypted, which jrnl alone can open: `jrnl secret --export json --file secret.json`, then `journal import jrnl secret.json`
              folder: \(home)/folder-journal — a folder journal, which jrnl alone reads: `jrnl folder --export json --file folder.json`, then `journal import jrnl folder.json`
              gone: \(home)/gone.txt — its file is not there
            Imported 1 entry from jrnl (default.txt).
            Imported 2 entries from jrnl (work.txt).

            """, "\(result.stdout)")
        #expect(try box.commitSubjects().prefix(2) == ["Import 2 entries from jrnl (work.txt)", "Import 1 entry from jrnl (default.txt)"])
        let texts = box.entryFiles().compactMap(box.read)
        let work = try #require(texts.first { $0.contains("Work entry") })
        // Its own timeformat: day first, as strptime reads it; its own tag symbol: @ only.
        #expect(work.contains("created_at: 2013-09-06T15:39:00+09:00\n"), "\(work)")
        #expect(work.contains("tags: [standup]\n"), "\(work)")
        let parsers = try #require(texts.first { $0.contains("Read by jrnl's parsers.") })
        #expect(parsers.contains("created_at: 2013-06-10T09:00:00+09:00\n"))
        let main = try #require(texts.first { $0.contains("Default entry") })
        #expect(main.contains("tags: [home, garden]\n"), "\(main)")
        try box.expectCleanRepository()

        // A file named is read with the settings jrnl's config gives it.
        let other = try ImportTests.newJournal()
        try FileManager.default.createDirectory(atPath: other.home + "/.config/jrnl", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: jrnlFolder + "/jrnl.yaml", toPath: other.home + "/.config/jrnl/jrnl.yaml")
        try FileManager.default.copyItem(atPath: box.home + "/work.txt", toPath: other.home + "/work.txt")
        #expect(try other.journal("import", "jrnl", other.home + "/work.txt", "--time-zone", "Asia/Seoul").status == 0)
        #expect(other.entryFiles().compactMap(other.read).contains { $0.contains("created_at: 2013-09-06T15:39:00+09:00\n") })
    }

    @Test func withoutAFileAndWithoutJrnlItIsOneLine() throws {
        let box = try ImportTests.newJournal()
        let result = try box.journal("import", "jrnl")
        #expect(result.status == 1)
        #expect(result.stderr == "journal: no file named, and jrnl has no config at \(box.home)/.config/jrnl/jrnl.yaml: name the journal file (journal import jrnl FILE)\n", "\(result.stderr)")
        let korean = try box.journal("import", "jrnl", env: ["LANG": "ko_KR.UTF-8"])
        #expect(korean.stderr.contains("jrnl 설정도 없어요"), "\(korean.stderr)")
        // Only jrnl has a config to read.
        let markdown = try box.journal("import", "markdown")
        #expect(markdown.status == 64)
        #expect(markdown.stderr.hasPrefix("Error: name the file or folder to import (only `journal import jrnl` reads jrnl's own config without one)\n"), "\(markdown.stderr)")
        // A config that names only journals jrnl alone reads: they are listed, and nothing is imported.
        try FileManager.default.createDirectory(atPath: box.home + "/.config/jrnl", withIntermediateDirectories: true)
        try "journals:\n  default: ~/missing.txt\n".writeReplacing(toFile: box.home + "/.config/jrnl/jrnl.yaml")
        let none = try box.journal("import", "jrnl")
        #expect(none.status == 1)
        #expect(none.stdout.hasSuffix("  default: \(box.home)/missing.txt — its file is not there\n"), "\(none.stdout)")
        #expect(none.stderr == "journal: none of jrnl's journals can be read here; export them as shown above\n", "\(none.stderr)")
        #expect(box.entryFiles().isEmpty)
        #expect(try box.commitSubjects().count == 1)
    }

    /// jrnl's config that is not YAML: one line naming it and the line at fault, exit 1, nothing changed.
    @Test func aBrokenConfigIsOneLineAndChangesNothing() throws {
        let box = try ImportTests.newJournal()
        try FileManager.default.createDirectory(atPath: box.home + "/.config/jrnl", withIntermediateDirectories: true)
        try "[2024-03-01 09:00] An entry\n".writeReplacing(toFile: box.home + "/journal.txt")
        try "journals:\n  default: ~/journal.txt\n  work: : x\n".writeReplacing(toFile: box.home + "/.config/jrnl/jrnl.yaml")
        let head = try box.git("rev-parse", "HEAD")
        let result = try box.journal("import", "jrnl")
        #expect(result.status == 1)
        #expect(result.stdout == "")
        #expect(result.stderr.hasPrefix("journal: jrnl's config \(box.home)/.config/jrnl/jrnl.yaml cannot be read (line 3): "), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(box.entryFiles().isEmpty)
        #expect(try box.git("rev-parse", "HEAD") == head)
        try box.expectCleanRepository()
    }

    /// A journal of jrnl's config that cannot be read (its text is not UTF-8): one line naming it, exit 1, and
    /// nothing brought in, not even the journals before it; an empty journal (as jrnl makes one) is named and
    /// passed over.
    @Test func aJournalItCannotReadChangesNothing() throws {
        let box = try ImportTests.newJournal()
        try FileManager.default.createDirectory(atPath: box.home + "/.config/jrnl", withIntermediateDirectories: true)
        try "[2024-03-01 09:00] A good entry\n".writeReplacing(toFile: box.home + "/default.txt")
        try "".writeReplacing(toFile: box.home + "/new.txt")
        try Data("[2024-03-02 09:00] Caf\u{E9}\n".utf8 + [0xE9, 0x0A]).write(to: URL(fileURLWithPath: box.home + "/latin.txt"))
        try "journals:\n  default: ~/default.txt\n  new: ~/new.txt\n  latin: ~/latin.txt\n".writeReplacing(toFile: box.home + "/.config/jrnl/jrnl.yaml")
        let head = try box.git("rev-parse", "HEAD")
        let result = try box.journal("import", "jrnl")
        #expect(result.status == 1)
        #expect(result.stdout.contains("  new: \(box.home)/new.txt — it holds no entries yet\n"), "\(result.stdout)")
        #expect(!result.stdout.contains("Imported"), "\(result.stdout)")
        #expect(result.stderr.hasPrefix("journal: latin.txt:2: "), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(box.entryFiles().isEmpty)
        #expect(try box.git("rev-parse", "HEAD") == head)
        try box.expectCleanRepository()

        // Without the journal it cannot read, the others come in.
        try "journals:\n  default: ~/default.txt\n  new: ~/new.txt\n".writeReplacing(toFile: box.home + "/.config/jrnl/jrnl.yaml")
        let good = try box.journal("import", "jrnl")
        #expect(good.status == 0, "\(good.stderr)")
        #expect(good.stdout.hasSuffix("Imported 1 entry from jrnl (default.txt).\n"), "\(good.stdout)")
    }

    /// Where jrnl 4 finds no `jrnl.yaml` it reads the older `~/.jrnl_config` (JSON, which is YAML too), and so does
    /// the import; `$XDG_CONFIG_HOME` names the folder of the newer one.
    @Test func anOlderConfigAtHomeIsReadToo() throws {
        let box = try ImportTests.newJournal()
        try "[2024-03-01 09:00] From the old config @home\n".writeReplacing(toFile: box.home + "/old.txt")
        try ##"{"journals": {"default": "~/old.txt"}, "tagsymbols": "#", "timeformat": "%Y-%m-%d %H:%M"}"##
            .writeReplacing(toFile: box.home + "/.jrnl_config")
        let result = try box.journal("import", "jrnl", "--time-zone", "Asia/Seoul")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("jrnl's config \(box.home)/.jrnl_config names 1 journal:\n  default: \(box.home)/old.txt\n"), "\(result.stdout)")
        let entry = try #require(box.entryFiles().compactMap(box.read).first)
        #expect(entry.contains("created_at: 2024-03-01T09:00:00+09:00\n"))
        #expect(!entry.contains("tags:"), "only # starts a tag in this journal: \(entry)")

        let other = try ImportTests.newJournal()
        let config = other.root.path + "/xdg"
        try FileManager.default.createDirectory(atPath: config + "/jrnl", withIntermediateDirectories: true)
        try "[2024-03-01 09:00] From XDG\n".writeReplacing(toFile: other.home + "/x.txt")
        try "journals:\n  default: ~/x.txt\n".writeReplacing(toFile: config + "/jrnl/jrnl.yaml")
        let xdg = try other.journal("import", "jrnl", env: ["XDG_CONFIG_HOME": config])
        #expect(xdg.status == 0, "\(xdg.stderr)")
        #expect(xdg.stdout.hasPrefix("jrnl's config \(config)/jrnl/jrnl.yaml names 1 journal:\n"), "\(xdg.stdout)")
    }
}
