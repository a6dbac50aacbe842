import Foundation
import Testing

@Suite struct EditRemoveTests {
    @Test func editCommitsTheChangedFile() throws {
        let box = try Sandbox()
        try box.journal("init")
        let id = try box.add("Trip to Busan", "-t", "busan")
        let editor = try box.script("edit.sh", "echo 'We ate hotteok.' >> \"$1\"\n")
        let result = try box.runInTerminal(["edit", id], env: ["EDITOR": editor])
        #expect(result.status == 0, "\(result.stdout)")
        #expect(result.stdout.hasPrefix("Edited \(id) entries/2026/11/2026-11-22-\(id).md"))
        #expect(try box.onlyEntry().hasSuffix("---\nTrip to Busan\nWe ate hotteok.\n"))
        #expect(try box.commitSubjects().first == "Edit \"Trip to Busan\" (\(id))")
        try box.expectCleanRepository()
    }

    @Test func editWithoutIdOpensTheNewestAndWorksWithoutATerminal() throws {
        let box = try Sandbox()
        try box.journal("init")
        _ = try box.add("--date", "yesterday", "Older")
        let newest = try box.add("Newest")
        let editor = try box.script("edit.sh", "echo 'more' >> \"$1\"\n")
        let result = try box.journal("edit", env: ["EDITOR": editor])
        #expect(result.status == 0)
        #expect(try box.commitSubjects().first == "Edit \"Newest\" (\(newest))")
    }

    @Test func unchangedFileMakesNoCommit() throws {
        let box = try Sandbox()
        try box.journal("init")
        let id = try box.add("Same")
        let before = try box.commitSubjects()
        let result = try box.journal("edit", id, env: ["EDITOR": "true"])
        #expect(result.status == 0)
        #expect(result.stdout == "No changes.\n")
        // Saved without a change (same bytes, new mtime): still no commit.
        let touch = try box.script("touch.sh", "touch \"$1\"\n")
        #expect(try box.journal("edit", id, env: ["EDITOR": touch]).stdout == "No changes.\n")
        #expect(try box.commitSubjects() == before)
    }

    @Test func editorFailureCommitsNothing() throws {
        let box = try Sandbox()
        try box.journal("init")
        let id = try box.add("Keep")
        let before = try box.commitSubjects()
        let result = try box.journal("edit", id, env: ["EDITOR": "false"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("the editor exited with status 1"))
        #expect(try box.commitSubjects() == before)
    }

    @Test func headerBrokenByTheEditIsCommittedAsWrittenAndListedAsBroken() throws {
        let box = try Sandbox()
        try box.journal("init")
        let other = try box.add("--date", "yesterday", "Other entry")
        let id = try box.add("Will break", "-t", "a")
        let editor = try box.script("break.sh", "sed -i 's/^tags: \\[a\\]$/tags: [a, b/' \"$1\"\n")
        let result = try box.journal("edit", id, env: ["EDITOR": editor])
        #expect(result.status == 1)
        let path = "entries/2026/11/2026-11-22-\(id).md"
        #expect(result.stderr.hasPrefix("journal: \(path):5: "), "\(result.stderr)")
        #expect(result.stderr.contains("committed as written"))
        #expect(try box.commitSubjects().first == "Edit \"Will break\" (\(id))")
        #expect(box.read(path)?.contains("tags: [a, b\n") == true)
        try box.expectCleanRepository()

        let list = try box.journal("list")
        #expect(list.status == 0)
        #expect(list.stdout.contains("\(id)  broken: \(path):5:"), "\(list.stdout)")
        #expect(list.stdout.contains("Other entry"))
        #expect(try box.journal("show", other).status == 0)
        let show = try box.journal("show", id)
        #expect(show.status == 0)
        #expect(show.stderr.contains("broken: \(path):5:"))
        let json = try box.journal("list", "--json")
        #expect(json.stdout.contains("\"broken\" : \"line 5: "))
        // Fixing it through `journal edit` works, by the same id.
        let fix = try box.script("fix.sh", "sed -i 's/^tags: \\[a, b$/tags: [a, b]/' \"$1\"\n")
        #expect(try box.journal("edit", id, env: ["EDITOR": fix]).status == 0)
        #expect(!(try box.journal("list").stdout.contains("broken")))
    }

    /// An edit never changes an entry's id, in the editor as in the web view: a file left without its header
    /// (or with another entry's `id:`) is put back as it was, nothing committed, and what was typed is kept
    /// as a draft.
    @Test func anEditThatDropsOrChangesTheIdIsPutBackAndKeptAsADraft() throws {
        let box = try Sandbox()
        try box.journal("init")
        let other = try box.add("--date", "yesterday", "Other entry")
        let id = try box.add("Keep my id", "-t", "a")
        let path = "entries/2026/11/2026-11-22-\(id).md"
        let original = try #require(box.read(path))
        let before = try box.commitSubjects()
        let dropHeader = try box.script("drop.sh", "sed -i '1,/^---$/d' \"$1\"\necho 'Typed without a header.' >> \"$1\"\n")
        let dropped = try box.journal("edit", id, env: ["EDITOR": dropHeader])
        #expect(dropped.status == 1)
        #expect(dropped.stderr.hasPrefix("journal: line 1: the text has no header with `id: "), "\(dropped.stderr)")
        #expect(dropped.stderr.contains("your text is kept in"))
        #expect(box.read(path) == original)
        let otherFull = try #require(try JSONSerialization.jsonObject(with: Data(box.journal("show", "--json", other).stdout.utf8)) as? [String: Any])
        let otherUUID = try #require(otherFull["id"] as? String)
        let steal = try box.script("steal.sh", "sed -i 's/^id: .*$/id: \(otherUUID)/' \"$1\"\n")
        let stolen = try box.journal("edit", id, env: ["EDITOR": steal])
        #expect(stolen.status == 1)
        #expect(stolen.stderr.hasPrefix("journal: line 2: `id: \(otherUUID)` is not this entry's id"), "\(stolen.stderr)")
        #expect(box.read(path) == original)
        #expect(try box.commitSubjects() == before)
        // Put back as it was: the same bytes as committed, written again (git's stat data is older).
        try box.expectCleanRepository(statCurrent: false)
        let drafts = try box.journal("drafts")
        #expect(drafts.stdout.contains("Keep my id"), "\(drafts.stdout)")
    }

    @Test func removeNeedsConfirmation() throws {
        let box = try Sandbox()
        try box.journal("init")
        let id = try box.add("Doomed")
        let before = try box.commitSubjects()
        let refused = try box.journal("rm", id)
        #expect(refused.status == 1)
        #expect(refused.stderr == "journal: not deleting \(id) without confirmation: no terminal to ask on; pass --yes\n")
        let declined = try box.runInTerminal(["rm", id], input: "n\n")
        #expect(declined.status == 1)
        #expect(declined.stdout.contains("Delete \(id) \"Doomed\"? [y/N]"))
        #expect(box.entryFiles().count == 1)
        #expect(try box.commitSubjects() == before)
        let accepted = try box.runInTerminal(["rm", id], input: "y\n")
        #expect(accepted.status == 0, "\(accepted.stdout)")
        #expect(box.entryFiles().isEmpty)
        #expect(try box.commitSubjects().first == "Delete \"Doomed\" (\(id))")
        try box.expectCleanRepository()
    }

    @Test func removeWithYesDeletesTheEntryAndItsAttachments() throws {
        let box = try Sandbox()
        try box.journal("init")
        let id = try box.add("With photo")
        let full = try #require(try JSONSerialization.jsonObject(with: Data(try box.journal("show", "--json", id).stdout.utf8)) as? [String: Any])
        let uuid = try #require(full["id"] as? String)
        try box.write("attachments/\(uuid)/photo.jpg", "jpeg")
        try box.journal("commit")
        let result = try box.journal("rm", "-y", id)
        #expect(result.status == 0)
        #expect(result.stdout == "Deleted \(id) entries/2026/11/2026-11-22-\(id).md\n")
        #expect(!FileManager.default.fileExists(atPath: box.journal + "/attachments/\(uuid)"))
        #expect(try box.git("show", "--stat", "--format=%s", "HEAD").contains("attachments/\(uuid)/photo.jpg"))
        try box.expectCleanRepository()
        // History still has it.
        #expect(try box.git("log", "--all", "--format=%s").contains("Add \"With photo\""))
    }
}
