import Foundation
import Testing

@Suite struct IdentifierTests {
    func twoEntriesSharingAPrefix(_ box: Sandbox) throws {
        try box.journal("init")
        for (id, title) in [("3f2a9c1e-5b7d-4e0a-9c1d-5a6e2f0c4d11", "One"), ("3f2a1111-5b7d-4e0a-9c1d-5a6e2f0c4d12", "Two")] {
            try box.write("entries/2026/11/2026-11-21-\(id.prefix(8)).md", "---\nid: \(id)\ncreated_at: 2026-11-21T10:00:00+09:00\n---\n\(title)\n")
        }
        try box.journal("commit")
    }

    @Test func uniquePrefixFindsTheEntry() throws {
        let box = try Sandbox()
        try twoEntriesSharingAPrefix(box)
        #expect(try box.journal("show", "--raw", "3f2a9").stdout.hasSuffix("One\n"))
        #expect(try box.journal("show", "--raw", "3F2A1").stdout.hasSuffix("Two\n"), "ids are case-insensitive")
    }

    @Test func ambiguousPrefixListsTheCandidates() throws {
        let box = try Sandbox()
        try twoEntriesSharingAPrefix(box)
        let result = try box.journal("show", "3f2a")
        #expect(result.status == 1)
        #expect(result.stdout == "")
        #expect(result.stderr.hasPrefix("journal: id '3f2a' matches 2 entries: "))
        #expect(result.stderr.contains("3f2a9c1e-5b7") && result.stderr.contains("3f2a1111-5b7"))
        #expect(result.stderr.contains("\"One\"") && result.stderr.contains("\"Two\""))
        #expect(result.stderr.split(separator: "\n").count == 1)
    }

    @Test(arguments: ["edit", "show", "rm"])
    func unknownAndTooShortIdsAreErrors(command: String) throws {
        let box = try Sandbox()
        try twoEntriesSharingAPrefix(box)
        let before = try box.commitSubjects()
        let unknown = try box.run([command, "beef", "--yes"].filter { command == "rm" || $0 != "--yes" })
        #expect(unknown.status == 1)
        #expect(unknown.stderr == "journal: no entry with id 'beef'\n")
        let short = try box.run([command, "3f2"])
        #expect(short.status == 1)
        #expect(short.stderr == "journal: id '3f2' is too short: give at least 4 characters\n")
        #expect(try box.commitSubjects() == before)
        #expect(box.entryFiles().count == 2)
    }
}
