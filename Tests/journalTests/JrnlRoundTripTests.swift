import Foundation
import Testing

/// The way back to jrnl (issue 32, section 2), proven with the real jrnl 4.6: `journal export jrnl` writes
/// jrnl's journal file, which `jrnl --import` reads; `export jrnl-json` writes `jrnl --export json`'s JSON.
/// jrnl → journal → jrnl and journal → jrnl → journal keep every entry's text, time, tags and star; what
/// jrnl cannot hold is named in one warning line.
@Suite struct JrnlRoundTripTests {
    /// Entries as jrnl users write them: a title and body, a star, @tags and #tags, a heading, a number tag,
    /// Korean, a body of paragraphs, a time of day with seconds (jrnl's `%F %r` holds them).
    static let jrnlEntries: [[String]] = [
        ["2024-03-01 09:00:05:", "First jrnl entry. With body @work"],
        ["2024-03-02 21:30:", "Dinner with @minji and @Jun. We had noodles *"],
        ["2024-03-03 07:15:", "Morning.\nA second line of the body.\n\nA second paragraph #garden"],
        ["2024-03-04 10:00:", "# Heading title\nbody #4412 and (parentheses)."],
        ["2024-03-05 23:59:", "오늘의 일기. 비가 왔다 @서울"],
        ["2024-03-06 12:00:", "Just one line, no body"],
        ["2024-03-07 08:00:", "first in the minute"], ["2024-03-07 08:00:", "second in the minute"],
    ]

    @Test func jrnlToJournalToJrnl() throws {
        let box = try ImportTests.newJournal()
        guard let jrnl = try SkipReason.startOrSkip({ try JrnlInstall.shared() }) else { return }
        let original = box.root.path + "/original"
        let (file, json) = try JrnlInstall.write(Self.jrnlEntries, with: jrnl, in: original)
        #expect(try box.journal("import", "jrnl", file).status == 0)

        // journal's jrnl file is jrnl's own, byte for byte; its JSON, jrnl's.
        let out = box.root.path + "/out.txt"
        let exported = try box.journal("export", "jrnl", "-o", out)
        #expect(exported.status == 0, "\(exported.stderr)")
        #expect(exported.stderr == "Exported 8 entries to \(out)\n", "nothing lost, nothing to say")
        #expect(try String(contentsOfFile: out, encoding: .utf8) == String(contentsOfFile: file, encoding: .utf8))
        let ownJSON = try box.journal("export", "jrnl-json")
        RoundTripTests.expectSameJrnl(try Self.entries(json), try Self.entries(ownJSON.stdout))
        #expect(try Self.tagCounts(ownJSON.stdout) == Self.tagCounts(json))

        // And jrnl reads it back to the same entries (jrnl's own import orders entries of one minute as it
        // likes: compared in one order).
        let again = box.root.path + "/again"
        let imported = try JrnlInstall.run(jrnl, ["--import", "--file", out], in: again)
        #expect(imported.status == 0, "\(imported.stderr)")
        let againJSON = try JrnlInstall.run(jrnl, ["--export", "json"], in: again)
        RoundTripTests.expectSameJrnl(Self.sorted(try Self.entries(json)), Self.sorted(try Self.entries(againJSON.stdout)))
    }

    @Test func journalToJrnlToJournal() throws {
        let box = try ImportTests.newJournal()
        guard let jrnl = try SkipReason.startOrSkip({ try JrnlInstall.shared() }) else { return }
        func add(_ arguments: String..., stdin: String? = nil) throws -> String {
            let result = try box.run(["add"] + arguments, stdin: stdin)
            #expect(result.status == 0, "\(result.stderr)")
            return String(result.stdout.split(separator: " ").dropFirst().first ?? "")
        }
        _ = try add("--date", "2024-03-01 09:00:05", "-t", "Busan,food", stdin: "Trip to Busan\n\nWe ate hotteok.\nTwo lines.\n\nAnd a #sea paragraph.\n")
        let starred = try add("--date", "2024-03-02 21:30:45", stdin: "# A heading stays\n\nbody with #4412\n")
        #expect(try box.journal("star", starred).status == 0)
        _ = try add("--date", "2024-03-03 07:00", "One line. Two sentences, kept as one line.")
        _ = try add("--date", "2024-03-03 07:01", "-t", "new york", "Another entry")
        _ = try add("--date", "2024-03-04 08:00", stdin: "서울 일기\n\n비가 왔다 #서울\n")
        let before = try Self.entries(of: box)

        let out = box.root.path + "/out.txt"
        let exported = try box.journal("export", "jrnl", "-o", out)
        #expect(exported.status == 0)
        // `new york` has a space, which jrnl's tags cannot hold; header tags jrnl would not find go into the text.
        #expect(exported.stderr == """
            journal: warning: jrnl has no place for the tag 'new york' (1 entry): left out of the export; \
            header tags written at the end of the text as @tags, where jrnl finds them (1 entry)
            Exported 5 entries to \(out)

            """)
        let home = box.root.path + "/jrnl"
        let imported = try JrnlInstall.run(jrnl, ["--import", "--file", out], in: home)
        #expect(imported.status == 0, "\(imported.stderr)")

        let back = try ImportTests.newJournal()
        let result = try back.journal("import", "jrnl", home + "/journal.txt")
        #expect(result.status == 0 && result.stderr == "", "\(result.stderr)")
        let after = try Self.entries(of: back)
        #expect(after.count == before.count)
        for (old, new) in zip(before, after) {
            #expect(new.created == old.created, "\(old.text)")
            #expect(new.starred == old.starred, "\(old.text)")
            // The header tags jrnl would not have found are now also in the text, at its end.
            let written = old.text.hasPrefix("Trip to Busan") ? "\n\n@Busan @food\n" : "\n"
            #expect(new.text == String(old.text.dropLast()) + written)
            let lost: Set<String> = old.text.hasPrefix("Another entry") ? ["new york"] : []
            // jrnl's rule takes `#4412` for a tag, where the journal's does not (a number): it comes back one.
            let jrnlsOwn: Set<String> = old.text.contains("#4412") ? ["4412"] : []
            #expect(new.tags == old.tags.subtracting(lost).union(jrnlsOwn), "\(old.text)")
        }
    }

    /// What jrnl cannot hold is named once, in both languages: another zone's times, a place, the weather,
    /// an attachment.
    @Test func whatJrnlCannotHoldIsNamed() throws {
        let box = try ImportTests.newJournal()
        #expect(try box.journal("add", "--date", "2024-03-01 09:00", "In Paris", env: ["TZ": "Europe/Paris"]).status == 0)
        try box.write("entries/2024/03/2024-03-02-hand.md", """
            ---
            created_at: 2024-03-02T10:00:00+09:00
            weather:
              condition: rain
            location:
              name: Busan
            ---
            By hand

            """)
        #expect(try box.journal("commit").status == 0)
        let attached = try box.add("--date", "2024-03-03 09:00", "With a photo")
        let photo = box.root.path + "/photo.jpg"
        try Data("JPEG".utf8).write(to: URL(fileURLWithPath: photo))
        #expect(try box.journal("attach", attached, photo).status == 0)
        for format in ["jrnl", "jrnl-json"] {
            let result = try box.journal("export", format)
            #expect(result.status == 0)
            #expect(result.stderr == """
                journal: warning: jrnl has no place for time zones (1 entry), places (1 entry), weather (1 entry), \
                attachments (1 entry): left out of the export

                """, "\(format)")
        }
        let korean = try box.journal("export", "jrnl", env: ["LANG": "ko_KR.UTF-8"])
        #expect(korean.stderr.contains("jrnl에는 시간대(1개), 장소(1개), 날씨(1개), 첨부 파일(1개)를 담을 곳이 없어 내보내지 않았어요"), "\(korean.stderr)")
        // jrnl reads the Paris entry at its wall-clock time.
        #expect(try box.journal("export", "jrnl").stdout.hasPrefix("[2024-03-01 09:00:00 AM] In Paris\n"))
    }

    @Test func theFormatIsNamedOnce() throws {
        let box = try ImportTests.newJournal()
        _ = try box.add("Something")
        #expect(try box.journal("export", "--format", "jrnl-json").stdout == box.journal("export", "jrnl-json").stdout)
        let none = try box.journal("export")
        #expect(none.status == 64 && none.stderr.hasPrefix("Error: name the format to export"))
        let two = try box.journal("export", "jrnl", "--format", "json")
        #expect(two.status == 64 && two.stderr.hasPrefix("Error: two formats named: jrnl and json; name one"))
    }

    // MARK: Helpers

    static func entries(_ json: String) throws -> [[String: Any]] {
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        return try #require(object?["entries"] as? [[String: Any]])
    }

    static func sorted(_ entries: [[String: Any]]) -> [[String: Any]] {
        func key(_ entry: [String: Any]) -> String {
            ["date", "time", "title"].map { entry[$0] as? String ?? "" }.joined(separator: " ")
        }
        return entries.sorted { key($0) < key($1) }
    }

    static func tagCounts(_ json: String) throws -> [String: Int] {
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        return object?["tags"] as? [String: Int] ?? [:]
    }

    struct Seen {
        var created: String
        var starred: Bool
        var tags: Set<String>
        var text: String
    }

    /// Each entry of a journal, oldest first, from `export json`: its time (to the second), star, tags (any
    /// case) and text.
    static func entries(of box: Sandbox) throws -> [Seen] {
        let result = try box.journal("export", "json", "--reverse")
        let list = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        return list.map { entry in
            let tags = (entry["tags"] as? [String] ?? []) + (entry["inline_tags"] as? [String] ?? [])
            return Seen(
                created: String((entry["created_at"] as? String ?? "").prefix(19)), starred: entry["starred"] as? Bool ?? false,
                tags: Set(tags.map { $0.lowercased() }), text: entry["text"] as? String ?? "")
        }
    }
}
