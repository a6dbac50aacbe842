import Foundation
import Testing

/// `journal log`, `journal log ID`, `journal show --at` and `journal restore`, end to end.
@Suite struct HistoryTests {
    // MARK: journal log

    @Test func logListsCommitsNewestFirstWithWhatTheyDid() throws {
        let box = try Sandbox()
        try box.journal("init")
        let dinner = try box.add("--date", "yesterday", "Dinner")
        let trip = try box.add("Trip to Busan", "-t", "busan")
        let path = "entries/2026/11/2026-11-22-\(trip).md"
        try box.write(path, try #require(box.read(path)) + "We ate hotteok.\n")
        try box.git("commit", "-qam", "fix by hand")
        try box.git("rm", "-q", "entries/2026/11/2026-11-21-\(dinner).md")
        try box.git("commit", "-qm", "gone")

        let log = try box.journal("log")
        #expect(log.status == 0, "\(log.stderr)")
        let lines = log.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 5, "\(log.stdout)")
        #expect(lines[0].hasSuffix("Test Writer  deleted \(dinner) \"Dinner\""), "\(lines[0])")
        #expect(lines[1].hasSuffix("Test Writer  edited \(trip) \"Trip to Busan\""), "\(lines[1])")
        #expect(lines[2].hasSuffix("added \(trip) \"Trip to Busan\""))
        #expect(lines[3].hasSuffix("added \(dinner) \"Dinner\""))
        #expect(lines[4].hasSuffix("added journal.yml"))
        let commits = try box.git("log", "--format=%h").split(separator: "\n").map { String($0.prefix(7)) }
        for (line, commit) in zip(lines, commits) { #expect(line.contains("  \(commit)  "), "\(line)") }
        #expect(!log.stdout.contains("\u{1B}["), "no colours when not on a terminal")

        let two = try box.journal("log", "-n", "2")
        #expect(two.stdout.split(separator: "\n").count == 2)

        let json = try box.journal("log", "--json", "-n", "2")
        let array = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(array.count == 2)
        #expect(array[1]["subject"] as? String == "fix by hand")
        #expect(array[1]["author"] as? String == "Test Writer")
        #expect(array[1]["email"] as? String == "writer@example.com")
        #expect(array[1]["merge"] as? Bool == false)
        let entries = try #require(array[1]["entries"] as? [[String: Any]])
        #expect(entries.count == 1)
        #expect(entries[0]["change"] as? String == "edited")
        #expect((entries[0]["id"] as? String)?.hasPrefix(trip) == true)
        #expect(entries[0]["title"] as? String == "Trip to Busan")
        #expect(entries[0]["path"] as? String == path)
        #expect((array[0]["entries"] as? [[String: Any]])?.first?["change"] as? String == "deleted")
    }

    @Test func logSinceAndUntilPickDaysByAuthorDate() throws {
        let box = try Sandbox()
        try box.journal("init")
        try commit(box, amending: true, at: "2026-09-01T12:00:00+09:00")
        for (day, title) in [("2026-10-01", "First"), ("2026-10-15", "Middle"), ("2026-10-30", "Last")] {
            try box.write("entries/2026/10/\(day)-\(title.lowercased()).md", "\(title)\n")
            try commit(box, "add \(title)", at: "\(day)T12:00:00+09:00")
        }
        let middle = try box.journal("log", "--since", "2026-10-10", "--until", "2026-10-20")
        #expect(middle.status == 0)
        #expect(middle.stdout.split(separator: "\n").count == 1)
        #expect(middle.stdout.contains("\"Middle\""), "\(middle.stdout)")
        let since = try box.journal("log", "--since", "2026-10-15")
        #expect(since.stdout.split(separator: "\n").count == 2, "Middle and Last: \(since.stdout)")
        let month = try box.journal("log", "--until", "october 2026")
        #expect(month.stdout.split(separator: "\n").count == 4, "the three and the journal's creation")
        let relative = try box.journal("log", "--since", "last week")
        #expect(relative.stdout == "", "the sandbox clock says 2026-11-22")
        let none = try box.journal("log", "--since", "2027-01-01")
        #expect(none.status == 0)
        #expect(none.stdout == "")
        #expect(none.stderr == "No commits match.\n")
        let reversed = try box.journal("log", "--since", "2026-10-20", "--until", "2026-10-10")
        #expect(reversed.status == 1)
        #expect(reversed.stderr == "journal: --since 2026-10-20 is after --until 2026-10-10: no commit can match\n")
        let bad = try box.journal("log", "--since", "2019-02-29")
        #expect(bad.status == 1)
        #expect(bad.stderr == "journal: --since: invalid date '2019-02-29': February 2019 has 28 days\n")
    }

    @Test func logShowsMergesAndEditsMadeOnABranch() throws {
        let box = try Sandbox()
        try box.journal("init")
        let first = try box.add("First entry")
        let second = try box.add("Second entry")
        let firstPath = "entries/2026/11/2026-11-22-\(first).md"
        let secondPath = "entries/2026/11/2026-11-22-\(second).md"
        try box.git("checkout", "-qb", "laptop")
        try box.write(firstPath, try #require(box.read(firstPath)) + "Written on the laptop.\n")
        try box.git("commit", "-qam", "laptop edit")
        try box.git("checkout", "-q", "main")
        try box.write(secondPath, try #require(box.read(secondPath)) + "Written at home.\n")
        try box.git("commit", "-qam", "home edit")
        try box.git("merge", "-q", "--no-ff", "-m", "Merge branch laptop", "laptop")

        let log = try box.journal("log", "-n", "1")
        #expect(log.stdout.contains("merged: edited \(first) \"First entry\""), "\(log.stdout)")
        let json = try box.journal("log", "--json", "-n", "1")
        let array = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(array.first?["merge"] as? Bool == true)
        #expect((array.first?["parents"] as? [String])?.count == 2)

        let history = try box.journal("log", first)
        #expect(history.status == 0)
        let lines = history.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 3, "\(history.stdout)")
        #expect(lines[1].contains("edited  laptop edit"), "the edit where it was made, not the merge: \(lines[1])")
        #expect(lines[2].contains("added   Add \"First entry\" (\(first))"))
    }

    // MARK: journal log ID

    @Test func entryHistoryIncludesEditsCommittedByTheGitProgramWithDiffs() throws {
        let box = try Sandbox()
        try box.journal("init")
        let other = try box.add("Other entry")
        let id = try box.add("Trip to Busan", "-t", "busan")
        let path = "entries/2026/11/2026-11-22-\(id).md"
        try box.write(path, try #require(box.read(path)) + "We ate hotteok.\n")
        try box.git("commit", "-qam", "fix a typo by hand")
        _ = try box.journal("tag", id, "+food")

        let log = try box.journal("log", id)
        #expect(log.status == 0, "\(log.stderr)")
        let lines = log.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 4, "\(log.stdout)")
        #expect(lines[0] == "History of \(id) \"Trip to Busan\" (\(path))")
        #expect(lines[1].hasSuffix("Test Writer  edited  Tag \"Trip to Busan\" (\(id)): +food"), "\(lines[1])")
        #expect(lines[2].hasSuffix("Test Writer  edited  fix a typo by hand"), "\(lines[2])")
        #expect(lines[3].hasSuffix("Test Writer  added   Add \"Trip to Busan\" (\(id))"), "\(lines[3])")
        #expect(!log.stdout.contains(other))

        let patch = try box.journal("log", id, "-p", "-n", "2")
        #expect(patch.status == 0)
        #expect(patch.stdout.contains("diff --git a/\(path) b/\(path)"))
        #expect(patch.stdout.contains("\n-tags: [busan]\n+tags: [busan, food]\n"), "\(patch.stdout)")
        #expect(patch.stdout.contains("\n+We ate hotteok.\n"))
        #expect(patch.stdout.contains("@@ "))
        #expect(!patch.stdout.contains("\u{1B}["))
        let coloured = try box.journal("log", id, "-p", "--color", "always")
        #expect(coloured.stdout.contains("\u{1B}[32m+We ate hotteok.\u{1B}[0m"))
        #expect(coloured.stdout.contains("\u{1B}[31m-tags: [busan]\u{1B}[0m"))
        let terminal = try box.runInTerminal(["log", id, "-p"], env: ["PAGER": "cat"])
        #expect(terminal.stdout.contains("\u{1B}[32m+We ate hotteok."), "coloured on a terminal")

        let json = try box.journal("log", id, "--json")
        let array = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(array.map { $0["change"] as? String } == ["edited", "edited", "added"])
        #expect(array[1]["subject"] as? String == "fix a typo by hand")
        #expect(array[2]["old_blob"] is NSNull)
        #expect(array[0]["title"] as? String == "Trip to Busan")

        let usage = try box.journal("log", "-p")
        #expect(usage.status == 64)
    }

    @Test func entryHistoryFollowsARenameMadeByHand() throws {
        let box = try Sandbox()
        try box.journal("init")
        let id = try box.add("Moving entry")
        let old = "entries/2026/11/2026-11-22-\(id).md"
        try box.write(old, try #require(box.read(old)) + "Before the move.\n")
        try box.journal("commit")
        let new = "entries/2026/11/moved-\(id).md"
        try box.git("mv", old, new)
        try box.git("commit", "-qm", "move it")
        let log = try box.journal("log", id)
        #expect(log.status == 0, "\(log.stderr)")
        let lines = log.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 4, "\(log.stdout)")
        #expect(lines[1].contains("renamed  move it (was \(old))"), "\(lines[1])")
        #expect(lines[2].contains("edited "))
        #expect(lines[3].contains("added "))
        let shown = try box.journal("show", id, "--at", "HEAD~2", "--raw")
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(!shown.stdout.contains("Before the move."))
    }

    // MARK: journal show --at

    @Test func showAtARevisionOrADay() throws {
        let box = try Sandbox()
        try box.journal("init")
        let path = "entries/2026/10/2026-10-01-abcd1111.md"
        let first = "---\nid: abcd1111-5b7d-4e0a-9c1d-5a6e2f0c4d11\ncreated_at: 2026-10-01T10:00:00+09:00\n---\nAutumn walk\n"
        try box.write(path, first)
        try commit(box, "walk", at: "2026-10-01T10:00:00+09:00")
        let second = first + "Leaves everywhere.\n"
        try box.write(path, second)
        try commit(box, "more", at: "2026-10-05T21:00:00+09:00")
        let third = second + "And rain.\n"
        try box.write(path, third)
        try commit(box, "rain", at: "2026-10-09T08:00:00+09:00")
        let commits = try box.git("log", "--format=%H").split(separator: "\n").map(String.init)

        #expect(try box.journal("show", "abcd", "--at", "2026-10-03", "--raw").stdout == first)
        #expect(try box.journal("show", "abcd", "--at", "2026-10-05", "--raw").stdout == second)
        #expect(try box.journal("show", "abcd", "--at", "today", "--raw").stdout == third)
        #expect(try box.journal("show", "abcd", "--at", "HEAD~1", "--raw").stdout == second)
        #expect(try box.journal("show", "abcd", "--at", String(commits[2].prefix(7)), "--raw").stdout == first)
        #expect(try box.journal("show", "abcd", "--at", commits[1], "--raw").stdout == second)
        #expect(try box.journal("show", "abcd", "--at", "main~2", "--raw").stdout == first)

        let page = try box.journal("show", "abcd", "--at", "2026-10-06")
        #expect(page.status == 0)
        #expect(page.stdout.hasPrefix("Version of 2026-10-05 21:00 (commit \(commits[1].prefix(7)))\n2026-10-01 10:00 · abcd1111-"), "\(page.stdout)")
        #expect(page.stdout.hasSuffix("Autumn walk\nLeaves everywhere.\n"))
        let json = try box.journal("show", "abcd", "--at", "2026-10-06", "--json")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["text"] as? String == "Autumn walk\nLeaves everywhere.\n")
    }

    @Test func badPointsInHistoryFailWithOneLineAndChangeNothing() throws {
        let box = try Sandbox()
        try box.journal("init")
        let path = "entries/2026/10/2026-10-01-abcd1111.md"
        try box.write(path, "---\nid: abcd1111-5b7d-4e0a-9c1d-5a6e2f0c4d11\ncreated_at: 2026-10-01T10:00:00+09:00\n---\nOne\n")
        try commit(box, "one", at: "2026-10-01T10:00:00+09:00")
        let twin = "entries/2026/10/2026-10-02-abcd2222.md"
        try box.write(twin, "---\nid: abcd2222-5b7d-4e0a-9c1d-5a6e2f0c4d11\ncreated_at: 2026-10-02T10:00:00+09:00\n---\nTwo\n")
        try commit(box, "two", at: "2026-10-02T10:00:00+09:00")
        let before = try box.commitSubjects()

        func fails(_ arguments: [String], _ message: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
            let result = try box.run(arguments)
            #expect(result.status == 1, "\(arguments)", sourceLocation: sourceLocation)
            #expect(result.stdout == "", sourceLocation: sourceLocation)
            #expect(result.stderr == "journal: \(message)\n", sourceLocation: sourceLocation)
        }
        for command in [["show", "abcd1"], ["restore", "abcd1"]] {
            try fails(command + ["--at", "nosuchbranch"],
                      "'nosuchbranch' is neither a revision (a commit id, HEAD~2, a branch) nor a date "
                        + "(not a date I understand (try 2026-11-20, june 2013, last week, or friday))")
            try fails(command + ["--at", "2019-02-29"],
                      "'2019-02-29' is neither a revision (a commit id, HEAD~2, a branch) nor a date (February 2019 has 28 days)")
            try fails(command + ["--at", "2026-09-30"],
                      "entry abcd1111 did not exist yet at the end of 2026-09-30 (it was added on 2026-10-01)")
            try fails(command + ["--at", "HEAD~2"], "entry abcd1111 does not exist at \(try box.git("rev-parse", "--short=7", "HEAD~2").prefix(7))")
            try fails(command + ["--at", "0000000"],
                      "'0000000' is neither a revision (a commit id, HEAD~2, a branch) nor a date "
                        + "(not a date I understand (try 2026-11-20, june 2013, last week, or friday))")
        }
        let ambiguous = try box.journal("log", "abcd")
        #expect(ambiguous.status == 1)
        #expect(ambiguous.stderr.hasPrefix("journal: id 'abcd' matches 2 entries: "), "\(ambiguous.stderr)")
        try fails(["log", "ffff0000"], "no entry with id 'ffff0000', now or in the journal's history")
        try fails(["restore", "ffff0000"], "no entry with id 'ffff0000', now or in the journal's history")
        try fails(["restore", "abcd1"], "entry abcd1111 has no earlier version: it has not changed since it was added")
        try fails(["log", "abc"], "id 'abc' is too short: give at least 4 characters")

        // The same among deleted entries.
        try box.git("rm", "-q", path, twin)
        try commit(box, "both gone", at: "2026-10-03T10:00:00+09:00")
        let deleted = try box.journal("restore", "abcd")
        #expect(deleted.status == 1)
        #expect(deleted.stderr.hasPrefix("journal: id 'abcd' matches 2 entries: "), "\(deleted.stderr)")
        #expect(deleted.stderr.contains("\"One\"") && deleted.stderr.contains("\"Two\""))
        try fails(["show", "abcd1", "--at", "2026-10-04"],
                  "entry abcd1111 had been deleted by the end of 2026-10-04 (on 2026-10-03); give an earlier date")
        #expect(try box.journal("show", "abcd1", "--at", "2026-10-02", "--raw").stdout.hasSuffix("---\nOne\n"))
        #expect(try box.commitSubjects() == ["both gone"] + before)
        try box.expectCleanRepository()
    }

    // MARK: journal restore

    @Test func restoreBringsBackTheVersionBeforeTheLastChangeAsOneCommit() throws {
        let box = try Sandbox()
        try box.journal("init")
        let other = try box.add("Other entry")
        let id = try box.add("Trip to Busan")
        let path = "entries/2026/11/2026-11-22-\(id).md"
        let original = try #require(box.read(path))
        try box.write(path, original + "A line I regret.\n")
        try box.write("entries/2026/11/2026-11-22-\(other).md", "changed elsewhere, uncommitted\n")
        let addCommit = try box.git("rev-parse", "--short=7", "HEAD~0").prefix(7)

        let restored = try box.journal("restore", id)
        #expect(restored.status == 0, "\(restored.stderr)")
        #expect(restored.stdout == "Restored \(id) \(path) from \(addCommit)\n")
        #expect(box.read(path) == original)
        let subjects = try box.commitSubjects()
        #expect(subjects[0] == "Restore \"Trip to Busan\" (\(id)) from \(addCommit)")
        #expect(subjects[1].contains("Edit") || subjects[1].hasPrefix("Commit 2 changes"), "the pending edits first: \(subjects)")
        #expect(try box.git("show", "--name-only", "--format=", "HEAD") == "\(path)\n", "only the entry's file")
        try box.expectCleanRepository()

        // Restoring the version it already is: said so, nothing committed.
        let again = try box.journal("restore", id, "--at", String(addCommit))
        #expect(again.status == 0)
        #expect(again.stdout == "\(id) \"Trip to Busan\" is already the version from \(addCommit): nothing to restore.\n")
        #expect(try box.commitSubjects() == subjects)

        // Undoing the restore brings the regretted line back (restore is itself a change).
        #expect(try box.journal("restore", id).status == 0)
        #expect(box.read(path) == original + "A line I regret.\n")
    }

    @Test func restoreAtADayOrARevision() throws {
        let box = try Sandbox()
        try box.journal("init")
        let path = "entries/2026/10/2026-10-01-abcd1111.md"
        let first = "---\nid: abcd1111-5b7d-4e0a-9c1d-5a6e2f0c4d11\ncreated_at: 2026-10-01T10:00:00+09:00\n---\nAutumn walk\n"
        try box.write(path, first)
        try commit(box, "walk", at: "2026-10-01T10:00:00+09:00")
        try box.write(path, first + "Two.\n")
        try commit(box, "two", at: "2026-10-05T10:00:00+09:00")
        try box.write(path, first + "Three.\n")
        try commit(box, "three", at: "2026-10-09T10:00:00+09:00")
        let walk = try box.git("rev-parse", "--short=7", "HEAD~2").prefix(7)
        let two = try box.git("rev-parse", "--short=7", "HEAD~1").prefix(7)

        let byDay = try box.journal("restore", "abcd1111", "--at", "2026-10-06")
        #expect(byDay.stdout == "Restored abcd1111 \(path) from \(two)\n", "\(byDay.stderr)")
        #expect(box.read(path) == first + "Two.\n")
        let byRevision = try box.journal("restore", "abcd", "--at", String(walk))
        #expect(byRevision.stdout == "Restored abcd1111 \(path) from \(walk)\n")
        #expect(box.read(path) == first)
        #expect(try box.commitSubjects().prefix(2) == [
            "Restore \"Autumn walk\" (abcd1111) from \(walk)", "Restore \"Autumn walk\" (abcd1111) from \(two)",
        ])
        try box.expectCleanRepository()
    }

    @Test func restoreBringsBackADeletedEntry() throws {
        let box = try Sandbox()
        try box.journal("init")
        let keep = try box.add("Keep me")
        let id = try box.add("Doomed", "-t", "gone")
        let path = "entries/2026/11/2026-11-22-\(id).md"
        let text = try #require(box.read(path))
        #expect(try box.journal("rm", "-y", id).status == 0)
        _ = try box.add("Later entry")
        #expect(try box.journal("show", id).status == 1, "plain show knows only current entries")

        let log = try box.journal("log", id)
        #expect(log.status == 0, "\(log.stderr)")
        #expect(log.stdout.hasPrefix("History of \(id) \"Doomed\" (\(path)), deleted\n"))
        #expect(log.stdout.contains("deleted  Delete \"Doomed\" (\(id))"))
        let old = try box.journal("show", id, "--at", "HEAD~2", "--raw")
        #expect(old.stdout == text, "\(old.stderr)")

        let maker = try box.git("log", "--format=%h", "--abbrev=7", "--diff-filter=A", "--", path).prefix(7)
        let restored = try box.journal("restore", id)
        #expect(restored.status == 0, "\(restored.stderr)")
        #expect(restored.stdout == "Restored \(id) \(path) from \(maker)\n")
        #expect(box.read(path) == text)
        #expect(try box.commitSubjects().first == "Restore \"Doomed\" (\(id)) from \(maker)")
        #expect(try box.git("show", "--name-status", "--format=", "HEAD") == "A\t\(path)\n")
        let list = try box.journal("list")
        #expect(list.stdout.contains("\(id)  Doomed  #gone"), "\(list.stdout)")
        #expect(list.stdout.contains(keep))
        try box.expectCleanRepository()
    }

    @Test func deletedHandWrittenFilesAreFoundByPathOrDerivedId() throws {
        let box = try Sandbox()
        try box.journal("init")
        let path = "entries/notes/idea.md"
        try box.write(path, "A header-less idea\n")
        try box.git("add", path)
        try box.git("commit", "-qm", "idea")
        let json = try box.journal("list", "--json")
        let array = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        let id = try #require(array.first?["id"] as? String)
        try box.git("rm", "-q", path)
        try box.git("commit", "-qm", "drop the idea")

        let byPath = try box.journal("log", path)
        #expect(byPath.status == 0, "\(byPath.stderr)")
        #expect(byPath.stdout.contains("deleted  drop the idea"))
        let byID = try box.journal("restore", String(id.prefix(6)))
        #expect(byID.status == 0, "\(byID.stderr)")
        #expect(box.read(path) == "A header-less idea\n")
        try box.expectCleanRepository()
        // Found again after the restore, by the cache of deleted files too.
        #expect(FileManager.default.fileExists(atPath: box.journal + "/.git/journal/deleted"))
        try box.git("rm", "-q", path)
        try box.git("commit", "-qm", "drop it again")
        #expect(try box.journal("restore", path).status == 0)
        #expect(box.read(path) == "A header-less idea\n")
    }

    @Test func helpHasExamples() throws {
        let box = try Sandbox()
        for command in ["log", "restore", "show"] {
            let help = try box.journal(command, "--help")
            #expect(help.status == 0)
            #expect(help.stdout.contains("Examples:"), "\(command)")
        }
        #expect(try box.journal("show", "--help").stdout.contains("--at <at>"))
    }

    // MARK: Helpers

    /// Commits everything with the git program, authored and committed at `date` (or gives the last commit
    /// that date).
    private func commit(_ box: Sandbox, _ message: String = "", amending: Bool = false, at date: String) throws {
        try box.git("add", "-A")
        let result = try Sandbox.exec(
            "/usr/bin/env", ["git", "commit", "-q"] + (amending ? ["--amend", "--no-edit", "--date", date] : ["-m", message]),
            stdin: nil, env: box.environment.merging(["GIT_AUTHOR_DATE": date, "GIT_COMMITTER_DATE": date]) { $1 },
            cwd: box.journal)
        guard result.status == 0 else { throw SandboxError("git commit failed: \(result.stderr)") }
    }
}
