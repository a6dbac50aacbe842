import Foundation
import Testing

/// Errors from below the kit (a decoder, the file system) reach the user as one readable line that says what
/// was being done, never as a dump of Swift's error value or as a "git" failure.
@Suite struct ErrorMessageTests {
    @Test func aDamagedSyncMarkerIsNamedAsDamagedData() throws {
        let box = try Sandbox()
        try box.journal("init")
        try Data("garbage".utf8).write(to: URL(fileURLWithPath: box.journal + "/.git/journal/sync-checkout.json"))
        let commits = try box.commitSubjects()
        let result = try box.journal("add", "Blocked")
        #expect(result.status == 1)
        #expect(result.stderr == "journal: cannot finish the interrupted sync: the data is damaged (The given data was not valid JSON.)\n")
        #expect(box.entryFiles().isEmpty)
        #expect(try box.commitSubjects() == commits)
    }

    @Test func kitErrorsOfEveryKindAreOneLine() throws {
        let box = try Sandbox()
        try box.journal("init")
        // A history error, a date grammar error and a journal error, each one line with exit 1.
        for arguments in [["log", "ffff0000"], ["list", "--on", "2019-02-29"], ["show", "ffff"]] {
            let result = try box.run(arguments)
            #expect(result.status == 1, "\(arguments)")
            #expect(result.stderr.hasPrefix("journal: ") && result.stderr.split(separator: "\n").count == 1, "\(arguments): \(result.stderr)")
        }
    }
}
