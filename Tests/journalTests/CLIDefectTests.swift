import Foundation
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
