import Foundation
import Testing

/// jrnl's everyday moves (issue 32, section 3), run against the real binary. The sandbox's clock is
/// 2026-11-22 09:15 in Seoul.
@Suite struct JrnlHabitsTests {
    static func newJournal() throws -> Sandbox {
        let box = try Sandbox()
        #expect(try box.journal("init").status == 0)
        return box
    }

    /// `journal yesterday: Text` and `journal add "yesterday 9pm: Text"`: a date before the first colon.
    @Test func aDateBeforeTheColon() throws {
        let box = try Self.newJournal()
        let bare = try box.journal("yesterday:", "Dinner", "with", "Minji")
        #expect(bare.status == 0, "\(bare.stderr)")
        #expect(bare.stdout.hasPrefix("Added ") && bare.stdout.contains("entries/2026/11/2026-11-21-"))
        let quoted = try box.journal("add", "yesterday 9pm: Late walk")
        #expect(quoted.status == 0, "\(quoted.stderr)")
        let listed = try box.journal("list").stdout
        #expect(listed.contains("2026-11-21 21:00") && listed.contains("Late walk"))
        #expect(listed.contains("2026-11-21 12:00") && listed.contains("Dinner with Minji"))
        let late = try #require(box.entryFiles().compactMap(box.read).first { $0.contains("Late walk") })
        #expect(late.hasSuffix("---\nLate walk\n"))
        // Not a date: the colon is text, and the entry is today's.
        let note = try box.journal("add", "Note to self: buy milk")
        #expect(note.status == 0)
        #expect(try box.journal("list", "--on", "today").stdout.contains("Note to self: buy milk"))
        // A word that is no command and no date is still a mistake, named.
        let typo = try box.journal("lsit", "x")
        #expect(typo.status == 64)
        #expect(box.entryFiles().count == 3)
    }

    @Test func theDatesJrnlUsersType() throws {
        let box = try Self.newJournal()
        for (date, day) in [("nov 3", "2026-11-03"), ("december 24", "2025-12-24"), ("last week", "2026-11-15")] {
            let added = try box.journal("add", "--date", date, "On \(date)")
            #expect(added.status == 0, "\(date): \(added.stderr)")
            #expect(added.stdout.contains("entries/\(day.prefix(4))/\(day.dropFirst(5).prefix(2))/\(day)-"), "\(date): \(added.stdout)")
        }
        let korean = try box.journal("add", "--date", "3시간 전", "세 시간 전")
        #expect(korean.status == 0 && korean.stdout.contains("2026-11-22-"), "\(korean.stderr)")
        #expect(try box.journal("list", "--on", "nov 3").stdout.contains("On nov 3"))

        // `restore --at "10 minutes ago"`: the version of ten minutes before now.
        let id = try box.add("Draft one")
        let path = try #require(box.entryFiles().first { box.read($0)?.contains("Draft one") == true })
        box.advanceClock(by: 30 * 60)
        try box.write(path, (box.read(path) ?? "").replacingOccurrences(of: "Draft one", with: "Draft two"))
        #expect(try box.journal("commit").status == 0)
        box.advanceClock(by: 5 * 60)
        let restored = try box.journal("restore", id, "--at", "10 minutes ago")
        #expect(restored.status == 0, "\(restored.stderr)")
        #expect(box.read(path)?.contains("Draft one") == true)
    }
}
