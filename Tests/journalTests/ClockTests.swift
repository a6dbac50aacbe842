import Foundation
import Testing

/// The date- and time-sensitive behaviour, written against the sandbox's clock alone: every expected day is
/// derived from it, never written down. CI runs this suite again under other days and zones
/// (`JOURNAL_TEST_NOW`, `JOURNAL_TEST_TZ`: a DST change, a year's end west of UTC), so a test that only passes
/// on the day it was written, or in one zone, fails there first.
@Suite struct ClockTests {
    /// `git log`'s dates printed in the sandbox's zone.
    func commitTimes(_ box: Sandbox) throws -> [String] {
        try box.git("log", "--date=format-local:%Y-%m-%d %H:%M:%S", "--format=%ad").split(separator: "\n").map(String.init)
    }

    @Test func commitsAreStampedWithTheSameClockAsEntries() throws {
        let box = try Sandbox()
        try box.journal("init")
        _ = try box.add("Stamped")
        let epoch = Int(box.now.timeIntervalSince1970)
        #expect(try box.git("log", "-1", "--format=%at %ct") == "\(epoch) \(epoch)\n")
        box.advanceClock(by: 90)
        _ = try box.add("Later")
        #expect(try box.git("log", "-1", "--format=%at") == "\(epoch + 90)\n")
    }

    @Test func showAtATimeOfDayGivesTheVersionOfThatMoment() throws {
        let box = try Sandbox()
        try box.journal("init")
        let id = try box.add("Version one")
        let first = try #require(commitTimes(box).first)
        box.advanceClock()
        let path = try #require(box.entryFiles().first)
        try box.write(path, (box.read(path) ?? "").replacingOccurrences(of: "Version one", with: "Version two"))
        #expect(try box.journal("commit").status == 0)
        let then = try box.journal("show", id, "--at", first, "--raw")
        #expect(then.status == 0, "\(then.stderr)")
        #expect(then.stdout.hasSuffix("Version one\n"))
        #expect(try box.journal("show", id, "--at", "today", "--raw").stdout.hasSuffix("Version two\n"))
        #expect(try box.journal("show", id, "--at", "yesterday", "--raw").status == 1, "the entry did not exist yet")
    }

    @Test func relativeDatesLandOnTheLocalDay() throws {
        let box = try Sandbox()
        try box.journal("init")
        let today = try box.add("Today's note")
        let yesterday = try box.add("--date", "yesterday", "Yesterday's note")
        // The same day a year ago (a 29 February looks back to the 28th, which on-this-day does not list).
        let sameDayLastYear = "\((Int(box.day().prefix(4)) ?? 0) - 1)" + box.day().dropFirst(4)
        let leapDay = sameDayLastYear.hasSuffix("-02-29")
        let lastYear = try box.add("--date", leapDay ? box.day(-366) : sameDayLastYear, "A year ago")
        #expect(box.entryFiles().contains { $0.hasSuffix("/\(box.day())-\(today).md") })
        #expect(box.entryFiles().contains { $0.hasSuffix("/\(box.day(-1))-\(yesterday).md") })
        func ids(_ arguments: String...) throws -> [String] {
            let result = try box.run(arguments)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            return result.stdout.split(separator: "\n").compactMap { line in
                [today, yesterday, lastYear].first { line.contains($0) }
            }
        }
        #expect(try ids("today") == [today])
        #expect(try ids("list", "--on", "today") == [today])
        #expect(try ids("list", "--on", "yesterday") == [yesterday])
        #expect(try ids("list", "--on", box.day(-1)) == [yesterday])
        #expect(try ids("list", "--from", "yesterday") == [today, yesterday])
        #expect(try ids("list", "--to", "yesterday") == [yesterday, lastYear])
        #expect(try ids("on-this-day") == (leapDay ? [] : [lastYear]))
    }

    @Test func aFileWithNoDateIsDatedByTheCommitThatAddsIt() throws {
        let box = try Sandbox()
        try box.journal("init")
        try box.write("entries/loose/note.md", "Loose note\n\nNo header, no date in the name.\n")
        // Whatever the file's modification time (the real clock's), the commit dates it: the clock's day.
        let today = try box.journal("today")
        #expect(today.status == 0)
        #expect(today.stdout.contains("Loose note"))
        #expect(try box.journal("list", "--on", box.day(-1)).stdout.isEmpty)
        try box.expectCleanRepository()
    }

    @Test func logSinceAndRelativeTimesFollowTheClock() throws {
        let box = try Sandbox()
        try box.journal("init")
        _ = try box.add("Logged")
        let since = try box.journal("log", "--since", "yesterday")
        #expect(since.status == 0)
        #expect(since.stdout.contains("\"Logged\""))
        box.advanceClock(by: 3 * 86_400)
        #expect(try box.journal("log", "--since", "yesterday").stdout.isEmpty)
        #expect(try box.journal("log", "--since", "last week").stdout.contains("\"Logged\""))
    }

    @Test func aSyncKeepsTheLaterEditByTheClockNotByChance() throws {
        let peers = try Peers()
        let entry = try peers.add("a", "Walk", "--category", "hobby")
        try peers.sync("a")
        try peers.sync("b")
        // b edits first, a later by the clock: a's value wins, whichever machine merges.
        #expect(try peers.run("b", "edit", entry.id, "--category", "study").status == 0)
        peers.box.advanceClock()
        #expect(try peers.run("a", "edit", entry.id, "--category", "travel").status == 0)
        try peers.sync("b")
        try peers.sync("a")
        try peers.sync("b")
        #expect(try #require(peers.read("a", entry.path)).contains("category: travel\n"))
        #expect(try #require(peers.read("b", entry.path)).contains("category: travel\n"))
    }
}
