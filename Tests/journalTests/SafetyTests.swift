import Foundation
import Testing

/// Writes are refused where a commit would be lost or mixed into the user's own git work.
@Suite struct SafetyTests {
    @Test func addOnADetachedHeadIsRefusedAndChangesNothing() throws {
        let box = try Sandbox()
        try box.journal("init")
        _ = try box.add("First")
        _ = try box.add("Second")
        _ = try box.git("checkout", "-q", "HEAD~1")
        let before = try box.git("log", "--all", "--format=%H")
        let result = try box.journal("add", "on a detached head")
        #expect(result.status == 1)
        #expect(result.stderr == "journal: HEAD is detached (not on a branch): `git checkout main` (or your branch) before changing the journal\n")
        #expect(try box.git("log", "--all", "--format=%H") == before)
        #expect(try box.git("status", "--porcelain") == "")
    }

    @Test func addDuringAMergeIsRefusedAndAnEditorDraftIsKept() throws {
        let box = try Sandbox()
        try box.journal("init")
        _ = try box.add("Kept")
        try "0000000000000000000000000000000000000000\n".writeReplacing(toFile: box.journal + "/.git/MERGE_HEAD")
        let piped = try box.journal("add", "during a merge")
        #expect(piped.status == 1)
        #expect(piped.stderr.contains("in the middle of a merge: finish it"))
        #expect(box.entryFiles().count == 1)
        let editor = try box.script("write.sh", "echo 'Typed while merging' >> \"$1\"\n")
        let typed = try box.runInTerminal(["add"], env: ["EDITOR": editor])
        #expect(typed.status == 1)
        #expect(typed.stdout.contains("your text is kept in \(box.journal)/.git/journal/drafts/"))
        let drafts = try FileManager.default.contentsOfDirectory(atPath: box.journal + "/.git/journal/drafts")
        #expect(drafts.filter { $0.hasSuffix(".md") }.count == 1, "\(drafts)")
        #expect(box.entryFiles().count == 1)
    }

    @Test func emptyingAnEntryInTheEditorKeepsIt() throws {
        let box = try Sandbox()
        try box.journal("init")
        let id = try box.add("Precious", "-t", "x")
        let before = try box.onlyEntry()
        let commits = try box.commitSubjects()
        let empty = try box.script("empty.sh", ": > \"$1\"\n")
        let result = try box.journal("edit", id, env: ["EDITOR": empty])
        #expect(result.status == 1)
        #expect(result.stderr == "journal: the entry was emptied in the editor: it is kept as it was (delete it with `journal rm \(id)`)\n")
        #expect(try box.onlyEntry() == before)
        #expect(try box.commitSubjects() == commits)
        try box.expectCleanRepository(statCurrent: false)  // put back by a write, not a commit: git status re-reads it
    }
}

@Suite struct ConfigValueTests {
    @Test func anInvalidValueSaysWhatIsWrongInOneLine() throws {
        let box = try Sandbox()
        let result = try box.journal("config", "set", "units", "kelvin")
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("journal: "))
        #expect(result.stderr.contains("kelvin"))
        #expect(!result.stderr.contains("safely"))
        #expect(result.stderr.split(separator: "\n").count == 1)
    }
}

@Suite struct LogWithoutWalkTests {
    @Test func logNamesEditsThatCouldNotBeCommitted() throws {
        let box = try Sandbox()
        try box.journal("init")
        _ = try box.add("Entry")
        let path = try #require(box.entryFiles().first)
        try box.write(path, (box.read(path) ?? "") + "more\n")
        try "0000000000000000000000000000000000000000\n".writeReplacing(toFile: box.journal + "/.git/MERGE_HEAD")
        _ = try box.journal("list")  // sees the edit, cannot commit it mid-merge
        let log = try box.journal("log")
        #expect(log.status == 0)
        #expect(log.stderr == "1 edit made outside journal is not committed yet (`journal commit`).\n")
        #expect(log.stdout.contains("added"))
    }
}

@Suite struct HistoryCacheTests {
    @Test func anEntrysHistoryStaysRightAsHeadMovesOnOrBack() throws {
        let box = try Sandbox()
        try box.journal("init")
        let id = try box.add("Cached")
        func lines() throws -> [Substring] {
            let result = try box.journal("log", id)
            #expect(result.status == 0, "\(result.stderr)")
            return result.stdout.split(separator: "\n").dropFirst().map { $0 }
        }
        #expect(try lines().count == 1)
        #expect(FileManager.default.fileExists(atPath: box.journal + "/.git/journal/history"))
        try box.journal("tag", id, "+one")
        try box.journal("tag", id, "+two")
        let three = try lines()
        #expect(three.count == 3)
        #expect(three.first?.contains("+two") == true)
        _ = try box.git("reset", "-q", "--hard", "HEAD~1")
        let two = try lines()
        #expect(two.count == 2, "a rewound HEAD is not extended from the cache: \(two)")
        #expect(!two.contains { $0.contains("+two") })
        // A cache that is garbage is ignored.
        let folder = box.journal + "/.git/journal/history"
        for name in try FileManager.default.contentsOfDirectory(atPath: folder) {
            try Data("garbage".utf8).write(to: URL(fileURLWithPath: folder + "/" + name))
        }
        #expect(try lines().count == 2)
    }
}
