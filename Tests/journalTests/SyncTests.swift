import Foundation
import TestSupport
import GRDB
import Testing

/// `journal sync` between clones of one bare remote: the entry-aware merge, edit/delete rules,
/// retries, kills, and the errors that change nothing.
@Suite struct SyncTests {
    @Test func addsOnBothSidesNeverConflict() throws {
        let peers = try Peers()
        let one = try peers.add("a", "Morning in Busan")
        let two = try peers.add("b", "Evening in Seoul")
        #expect(try peers.sync("a") == "↓ 0 new · ↑ 1 new · 0 conflicts")
        #expect(try peers.sync("b") == "↓ 1 new · ↑ 1 new · 0 conflicts")
        #expect(try peers.sync("a") == "↓ 1 new · ↑ 0 new · 0 conflicts")
        #expect(try peers.sync("a") == "↓ 0 new · ↑ 0 new · 0 conflicts")
        #expect(try peers.snapshot("a") == peers.snapshot("b"))
        #expect(try peers.entryFiles("a") == [one.path, two.path].sorted())
        // The merge is a real merge commit, the index sees both entries, and nothing is left dirty.
        #expect(try peers.git("b", "log", "-1", "--format=%p").split(separator: " ").count == 2)
        #expect(try peers.git("b", "log", "-1", "--format=%s") == "Sync with origin\n")
        let log = try peers.run("b", "log", "-n", "1")
        #expect(log.stdout.contains("synced with origin: added \(one.id) \"Morning in Busan\""), "\(log.stdout)")
        let listed = try peers.run("b", "list")
        #expect(listed.stdout.contains("Morning in Busan") && listed.stdout.contains("Evening in Seoul"))
        try peers.expectHealthy("a")
        try peers.expectHealthy("b")
        #expect(try peers.git("a", "rev-parse", "HEAD") == peers.git("a", "--git-dir", peers.remote, "rev-parse", "main"))
    }

    @Test func editsOfDifferentLinesMergeLineByLine() throws {
        let peers = try Peers()
        let entry = try peers.add("a", "Trip\n\nFirst line.\nSecond line.\nThird line.")
        try peers.sync("a")
        try peers.sync("b")
        let base = try #require(peers.read("a", entry.path))
        try peers.write("a", entry.path, base.replacingOccurrences(of: "First line.", with: "First line, edited in A."))
        try peers.write("b", entry.path, base.replacingOccurrences(of: "Third line.", with: "Third line, edited in B."))
        try peers.run("a", "commit")
        try peers.run("b", "commit")
        try peers.sync("a")
        #expect(try peers.sync("b") == "↓ 1 edited · ↑ 1 edited · 0 conflicts")
        try peers.sync("a")
        let merged = try #require(peers.read("a", entry.path))
        #expect(merged.contains("First line, edited in A.\nSecond line.\nThird line, edited in B.\n"))
        #expect(peers.read("b", entry.path) == merged)
        try peers.expectHealthy("a")
    }

    @Test func differentWordsOfOneLineMergeWordByWord() throws {
        let peers = try Peers()
        let entry = try peers.add("a", "Cat\n\nThe cat sat on the mat today.")
        try peers.sync("a")
        try peers.sync("b")
        let base = try #require(peers.read("a", entry.path))
        try peers.write("a", entry.path, base.replacingOccurrences(of: "The cat", with: "The black cat"))
        try peers.write("b", entry.path, base.replacingOccurrences(of: "the mat", with: "the red mat"))
        try peers.sync("a")
        #expect(try peers.sync("b") == "↓ 1 edited · ↑ 1 edited · 0 conflicts")
        #expect(try #require(peers.read("b", entry.path)).contains("The black cat sat on the red mat today.\n"))
        try peers.expectHealthy("b")
    }

    @Test func theSameWordsChangedTwiceKeepBothTextsAsTwoEntries() throws {
        let peers = try Peers()
        let entry = try peers.add("a", "Lunch\n\nWe ate noodles.", "--tag", "food")
        try peers.sync("a")
        try peers.sync("b")
        let base = try #require(peers.read("a", entry.path))
        try peers.write("a", entry.path, base.replacingOccurrences(of: "noodles", with: "cold noodles in Busan"))
        try peers.run("a", "commit")
        peers.box.advanceClock()  // b's edit is later: its text stays in the entry
        try peers.write("b", entry.path, base.replacingOccurrences(of: "noodles", with: "dumplings at the market"))
        try peers.run("b", "commit")
        try peers.sync("a")
        let summary = try peers.run("b", "sync")
        // b's text stays where it was and a's edit is kept in the copy; the remote gets both.
        #expect(summary.stdout == "↓ 1 edited · ↑ 1 new, 1 edited · 1 conflict\n")
        let files = try peers.entryFiles("b")
        #expect(files.count == 2)
        let copyPath = try #require(files.first { $0 != entry.path })
        #expect(summary.stderr == "conflict: the other text is kept in \(copyPath)\n")
        let kept = try #require(peers.read("b", entry.path))
        let copy = try #require(peers.read("b", copyPath))
        #expect(kept.contains("We ate dumplings at the market.\n"))
        #expect(copy.contains("We ate cold noodles in Busan.\n"))
        let id = try #require(kept.split(separator: "\n").first { $0.hasPrefix("id: ") }).dropFirst(4)
        #expect(copy.contains("conflict_of: \(id)\n"))
        #expect(copy.contains("tags: [food]\n") && !copy.contains("id: \(id)\n"))
        // a merges the same pair on its own and makes the very same copy (same id, same bytes).
        let peersA = try peers.run("a", "sync")
        #expect(peersA.status == 0)
        #expect(try peers.snapshot("a") == peers.snapshot("b"))
        let shown = try peers.run("b", "show", String(copyPath.suffix(11).prefix(8))).stdout
        #expect(shown.contains("cold noodles"))
        #expect(shown.contains("conflict copy of \(id.prefix(8)): the other text when a sync found both sides had changed the same words\n"))
        let json = try peers.run("b", "show", String(copyPath.suffix(11).prefix(8)), "--json").stdout
        #expect(json.contains("\"conflict_of\"") && json.contains(String(id)))
        #expect(try peers.run("b", "list", "--grep", "^conflict_of:").stdout.contains("Lunch"))
        try peers.expectHealthy("a")
        try peers.expectHealthy("b")
    }

    @Test func twoMachinesMergingTheSamePairMakeTheSameCopy() throws {
        let peers = try Peers(["a", "b", "c"])
        let entry = try peers.add("a", "Plan\n\nMeet at noon.")
        try peers.sync("a")
        try peers.sync("b")
        try peers.sync("c")
        let base = try #require(peers.read("a", entry.path))
        try peers.write("a", entry.path, base.replacingOccurrences(of: "noon", with: "ten"))
        try peers.write("b", entry.path, base.replacingOccurrences(of: "noon", with: "six"))
        try peers.run("a", "commit")
        try peers.run("b", "commit")
        // b and c each merge a's version into b's without talking to each other first.
        try peers.sync("a")
        try peers.git("c", "fetch", "-q", peers.remote, "main")
        try peers.sync("b")
        let copyB = try peers.entryFiles("b").filter { $0 != entry.path }
        #expect(copyB.count == 1)
        try peers.sync("a")
        try peers.sync("c")
        #expect(try peers.entryFiles("a") == peers.entryFiles("b"))
        #expect(try peers.snapshot("a") == peers.snapshot("b"))
        #expect(try peers.snapshot("c") == peers.snapshot("b"))
    }

    @Test func headerFieldsMergeOneByOneAndTagsAsSets() throws {
        let peers = try Peers()
        let entry = try peers.add("a", "Concert", "--tag", "music", "--tag", "seoul", "--category", "music")
        try peers.sync("a")
        try peers.sync("b")
        #expect(try peers.run("a", "tag", entry.id, "+live", "-seoul").status == 0)
        #expect(try peers.run("b", "tag", entry.id, "+jazz").status == 0)
        #expect(try peers.run("b", "star", entry.id).status == 0)
        #expect(try peers.run("a", "edit", entry.id, "--category", "hobby").status == 0)
        try peers.sync("a")
        #expect(try peers.sync("b") == "↓ 1 edited · ↑ 1 edited · 0 conflicts")
        let merged = try #require(peers.read("b", entry.path))
        // The later side's order first, then what the other side added.
        #expect(merged.contains("tags: [music, live, jazz]\n") || merged.contains("tags: [music, jazz, live]\n"))
        #expect(merged.contains("category: hobby\n"))
        #expect(merged.contains("starred: true\n"))
        #expect(try peers.run("b", "list", "--tag", "jazz").stdout.contains("Concert"))
        #expect(try peers.run("b", "list", "--tag", "seoul").stdout.isEmpty)
    }

    @Test func aScalarChangedOnBothSidesTakesTheLaterOneAndNamesTheOther() throws {
        let peers = try Peers()
        let entry = try peers.add("a", "Walk", "--category", "hobby")
        try peers.sync("a")
        try peers.sync("b")
        #expect(try peers.run("a", "edit", entry.id, "--category", "travel").status == 0)
        peers.box.advanceClock()
        #expect(try peers.run("b", "edit", entry.id, "--category", "study").status == 0)
        try peers.sync("a")
        let synced = try peers.run("b", "sync")
        #expect(synced.stderr == "\(entry.path): category: kept study; the other side had travel\n")
        #expect(try #require(peers.read("b", entry.path)).contains("category: study\n"))
        let message = try peers.git("b", "log", "-1", "--format=%B")
        #expect(message.contains("\(entry.path): category: kept study; the other side had travel"))
        let log = try peers.run("b", "log", "-n", "1").stdout
        #expect(log.contains("synced with origin (nothing came in)\n    \(entry.path): category: kept study; the other side had travel\n"), "\(log)")
    }

    @Test func aTextEditBeatsADeleteButAToolChangeLosesToIt() throws {
        let peers = try Peers()
        let edited = try peers.add("a", "Kept\n\nOriginal text.")
        let weathered = try peers.add("a", "Gone")
        // The entry that comes back has an attachment, which `rm` deletes with it.
        let editedID = try #require(peers.read("a", edited.path)?.split(separator: "\n").first { $0.hasPrefix("id: ") }?.dropFirst(4))
        try FileManager.default.createDirectory(atPath: peers.path("a") + "/attachments/\(editedID)", withIntermediateDirectories: true)
        try peers.write("a", "attachments/\(editedID)/photo.txt", "a photo\n")
        #expect(try peers.run("a", "commit").status == 0)
        try peers.sync("a")
        try peers.sync("b")
        // a deletes both; b edits the text of one and only lets the tool change the other.
        #expect(try peers.run("a", "rm", edited.id, "--yes").status == 0)
        #expect(try peers.run("a", "rm", weathered.id, "--yes").status == 0)
        let text = try #require(peers.read("b", edited.path))
        try peers.write("b", edited.path, text.replacingOccurrences(of: "Original text.", with: "Edited text."))
        let other = try #require(peers.read("b", weathered.path))
        try peers.write("b", weathered.path, other.replacingOccurrences(
            of: "---\nGone", with: "weather:\n  condition: clear\n  temperature_c: 3\n---\nGone"))
        try peers.run("b", "commit")
        try peers.sync("a")
        try peers.sync("b")
        try peers.sync("a")
        for name in ["a", "b"] {
            #expect(try peers.entryFiles(name) == [edited.path], "\(name)")
            #expect(peers.read(name, "attachments/\(editedID)/photo.txt") == "a photo\n", "\(name)")
            #expect(peers.read(name, edited.path)?.contains("Edited text.") == true)
            try peers.expectHealthy(name)
        }
        let message = try peers.git("b", "log", "-1", "--format=%B")
        #expect(message.contains("\(edited.path): edited on one side and deleted on the other: the edit is kept"))
        #expect(message.contains("\(weathered.path): deleted on one side"))
    }

    @Test func theDeletingSideGetsTheEntryAndItsAttachmentsBack() throws {
        let peers = try Peers()
        let entry = try peers.add("a", "Picnic\n\nText.")
        let id = try #require(peers.read("a", entry.path)?.split(separator: "\n").first { $0.hasPrefix("id: ") }?.dropFirst(4))
        try FileManager.default.createDirectory(atPath: peers.path("a") + "/attachments/\(id)", withIntermediateDirectories: true)
        try peers.write("a", "attachments/\(id)/map.txt", "a map\n")
        try peers.sync("a")
        try peers.sync("b")
        let text = try #require(peers.read("b", entry.path))
        try peers.write("b", entry.path, text + "More text.\n")
        try peers.sync("b")
        #expect(try peers.run("a", "rm", entry.id, "--yes").status == 0)
        #expect(!FileManager.default.fileExists(atPath: peers.path("a") + "/attachments/\(id)"))
        try peers.sync("a")
        #expect(peers.read("a", entry.path)?.contains("More text.") == true)
        #expect(peers.read("a", "attachments/\(id)/map.txt") == "a map\n")
        try peers.expectHealthy("a")
    }

    @Test func aDeleteOnTheOtherSideOfAnEditWorksBothWaysAndDeletesOnBothSidesStayGone() throws {
        let peers = try Peers()
        let first = try peers.add("a", "First\n\ntext")
        let second = try peers.add("a", "Second")
        try peers.sync("a")
        try peers.sync("b")
        // b deletes what a edits (a syncs first this time), and both delete the second.
        let text = try #require(peers.read("a", first.path))
        try peers.write("a", first.path, text + "more text\n")
        try peers.run("a", "commit")
        #expect(try peers.run("b", "rm", first.id, "--yes").status == 0)
        #expect(try peers.run("a", "rm", second.id, "--yes").status == 0)
        #expect(try peers.run("b", "rm", second.id, "--yes").status == 0)
        try peers.sync("b")
        try peers.sync("a")
        try peers.sync("b")
        for name in ["a", "b"] {
            #expect(try peers.entryFiles(name) == [first.path])
            #expect(peers.read(name, first.path)?.contains("more text") == true)
        }
    }

    @Test func anEditFollowsAFileMovedByHandOnTheOtherSide() throws {
        for moverSyncsFirst in [true, false] {
            let peers = try Peers()
            let entry = try peers.add("a", "Moving day\n\nFirst line.")
            try peers.sync("a")
            try peers.sync("b")
            let moved = "entries/2026/11/moving-day.md"
            try FileManager.default.moveItem(atPath: peers.path("a") + "/" + entry.path, toPath: peers.path("a") + "/" + moved)
            #expect(try peers.run("a", "commit").status == 0)
            let text = try #require(peers.read("b", entry.path))
            try peers.write("b", entry.path, text + "Added on b.\n")
            #expect(try peers.run("b", "commit").status == 0)
            for name in moverSyncsFirst ? ["a", "b", "a"] : ["b", "a", "b"] { try peers.sync(name) }
            for name in ["a", "b"] {
                #expect(try peers.entryFiles(name) == [moved], "\(name), mover first: \(moverSyncsFirst)")
                #expect(peers.read(name, moved)?.contains("First line.\nAdded on b.\n") == true)
                #expect(try peers.run(name, "show", entry.id).status == 0)
                try peers.expectHealthy(name)
            }
        }
    }

    @Test func aFileThatNamesNoDateHasTheSameDateOnEveryMachine() throws {
        let peers = try Peers()
        let path = peers.path("a") + "/entries/misc/thought.md"
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data("A thought with no date\n".utf8).write(to: URL(fileURLWithPath: path))
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_577_836_800)], ofItemAtPath: path)
        try peers.sync("a")  // commits it: from now on the commit that added it dates it
        try peers.sync("b")
        let lines = try ["a", "b"].map { name in
            try peers.run(name, "list").stdout  // from the snapshot (--json would read the file again)
        }
        #expect(lines[0] == lines[1])
        #expect(!lines[0].contains("2020-01-01"))
    }

    @Test func anEditorOpenDuringASyncKeepsWhatTheSyncBroughtIn() throws {
        let peers = try Peers()
        let entry = try peers.add("a", "Evening\n\nFirst paragraph.\n\nSecond paragraph.")
        try peers.sync("a")
        try peers.sync("b")
        let text = try #require(peers.read("b", entry.path))
        try peers.write("b", entry.path, text.replacingOccurrences(of: "First paragraph.", with: "First paragraph, from b."))
        try peers.run("b", "commit")
        try peers.sync("b")
        // a's editor holds the old text while a sync (run from the editor itself) brings b's edit in.
        let editor = try peers.box.script("slow-editor", """
            buffer=$(cat "$1")
            '\(Sandbox.binary)' -J '\(peers.path("a"))' sync >/dev/null 2>&1
            printf '%s\\nThird paragraph, typed in the editor.\\n' "$buffer" > "$1"
            """)
        let result = try peers.run("a", "edit", entry.id, env: ["EDITOR": editor, "VISUAL": editor])
        #expect(result.status == 0, "\(result.stderr)")
        let merged = try #require(peers.read("a", entry.path))
        #expect(merged.contains("First paragraph, from b.\n\nSecond paragraph.\nThird paragraph, typed in the editor.\n"), "\(merged)")
        #expect(try peers.git("a", "show", "HEAD:" + entry.path) == merged)
        try peers.expectHealthy("a")
    }

    @Test func editsPushedByTheGitProgramMerge() throws {
        let peers = try Peers()
        let entry = try peers.add("a", "Diary\n\nline one\nline two")
        try peers.sync("a")
        try peers.sync("b")
        // Someone edits a's copy with an editor and pushes with git itself.
        let text = try #require(peers.read("a", entry.path))
        try peers.write("a", entry.path, text.replacingOccurrences(of: "line one", with: "line one (git)"))
        try peers.git("a", "commit", "-qam", "edit by hand")
        try peers.git("a", "push", "-q", "origin", "main")
        try peers.write("b", entry.path, text.replacingOccurrences(of: "line two", with: "line two (journal)"))
        #expect(try peers.sync("b") == "↓ 1 edited · ↑ 1 edited · 0 conflicts")
        #expect(peers.read("b", entry.path)?.contains("line one (git)\nline two (journal)\n") == true)
        try peers.expectHealthy("b")
    }

    @Test func journalYmlMergesKeyByKey() throws {
        let peers = try Peers()
        #expect(try peers.run("a", "categories", "add", "garden", "--emoji", "🌱").status == 0)
        #expect(try peers.run("b", "categories", "add", "cooking", "--emoji", "🍳").status == 0)
        try peers.sync("a")
        try peers.sync("b")
        try peers.sync("a")
        let settings = try #require(peers.read("a", "journal.yml"))
        #expect(settings.contains("  garden:") && settings.contains("  cooking:"))
        #expect(peers.read("b", "journal.yml") == settings)
        let categories = try peers.run("a", "categories").stdout
        #expect(categories.contains("garden") && categories.contains("cooking"))
    }

    @Test func aHandPullThatLeftConflictsIsLeftAlone() throws {
        let peers = try Peers()
        let entry = try peers.add("a", "Note\n\nsame line")
        try peers.sync("a")
        try peers.sync("b")
        let text = try #require(peers.read("a", entry.path))
        try peers.write("a", entry.path, text.replacingOccurrences(of: "same line", with: "line from a"))
        try peers.run("a", "commit")
        try peers.sync("a")
        try peers.write("b", entry.path, text.replacingOccurrences(of: "same line", with: "line from b"))
        try peers.git("b", "commit", "-qam", "b by hand")
        _ = try? peers.git("b", "pull", "-q", "--no-rebase", "origin", "main")
        let conflicted = try #require(peers.read("b", entry.path))
        #expect(conflicted.contains("<<<<<<<"))
        let head = try peers.git("b", "rev-parse", "HEAD")
        let sync = try peers.run("b", "sync")
        #expect(sync.status == 1)
        #expect(sync.stderr.hasPrefix("journal: ") && sync.stderr.contains("merge"))
        #expect(sync.stderr.split(separator: "\n").count == 1)
        let list = try peers.run("b", "list")
        #expect(list.status == 0)
        #expect(try peers.git("b", "rev-parse", "HEAD") == head)
        #expect(peers.read("b", entry.path) == conflicted)
    }

    @Test func anUnreachableRemoteChangesNothing() throws {
        let peers = try Peers(["a"])
        try peers.add("a", "Local only")
        try peers.git("a", "remote", "set-url", "origin", peers.box.root.path + "/nowhere.git")
        let head = try peers.git("a", "rev-parse", "HEAD")
        let result = try peers.run("a", "sync")
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("journal: "))
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(try peers.git("a", "rev-parse", "HEAD") == head)
        try peers.expectHealthy("a")
        try peers.git("a", "remote", "set-url", "origin", "git://127.0.0.1:9/closed")
        let closed = try peers.run("a", "sync")
        #expect(closed.status == 1 && closed.stderr.split(separator: "\n").count == 1)
    }

    @Test func aCheckoutLeftHalfDoneIsFinishedBeforeAnythingElse() throws {
        let peers = try Peers()
        let one = try peers.add("b", "One from b")
        let two = try peers.add("b", "Two from b")
        try peers.sync("b")
        // a fetched b's commits, wrote the marker and one of the two files, and was killed.
        try peers.git("a", "fetch", "-q", "origin")
        let from = try peers.git("a", "rev-parse", "HEAD").trimmingCharacters(in: .newlines)
        let to = try peers.git("a", "rev-parse", "origin/main").trimmingCharacters(in: .newlines)
        let marker = "{\"from\":\"\(from)\",\"to\":\"\(to)\",\"message\":\"journal sync: fast-forward to origin\"}"
        try Data(marker.utf8).write(to: URL(fileURLWithPath: peers.path("a") + "/.git/journal/sync-checkout.json"))
        let folder = (peers.path("a") + "/" + one.path as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try peers.write("a", one.path, try #require(peers.read("b", one.path)))
        // Before the next command the user adds a line to the entry that had arrived: it is kept.
        let typed = try #require(peers.read("b", one.path)) + "Typed after the crash.\n"
        try peers.write("a", one.path, typed)
        let list = try peers.run("a", "list")
        #expect(list.status == 0)
        #expect(list.stdout.contains("One from b") && list.stdout.contains("Two from b"))
        // The checkout was finished (HEAD's parent), then the typed line committed as an edit.
        #expect(try peers.git("a", "rev-parse", "HEAD~1").trimmingCharacters(in: .newlines) == to)
        #expect(peers.read("a", one.path) == typed)
        #expect(try peers.git("a", "log", "-1", "--format=%s") == "Edit \"One from b\" (\(one.id))\n")
        #expect(try peers.git("a", "log", "--format=%s", "HEAD~1").contains("Commit") == false)
        #expect(try peers.git("a", "show", "HEAD:" + one.path) == typed)
        #expect(!FileManager.default.fileExists(atPath: peers.path("a") + "/.git/journal/sync-checkout.json"))
        #expect(peers.read("a", two.path) == peers.read("b", two.path))
        try peers.expectHealthy("a")
    }

    @Test func aJournalStartedOnItsOwnJoinsARemoteThatAlreadyHasOne() throws {
        let peers = try Peers(["a"])
        let shared = try peers.add("a", "Written on the first machine")
        try peers.sync("a")
        // The second machine ran `journal init` and wrote before it knew of the remote.
        #expect(try peers.box.run(["init", peers.path("second")]).status == 0)
        let own = try peers.add("second", "Written on the second machine")
        #expect(try peers.run("second", "remote", "add", "origin", peers.remote).status == 0)
        #expect(try peers.sync("second") == "↓ 1 new · ↑ 1 new · 0 conflicts")
        try peers.sync("a")
        for name in ["a", "second"] {
            #expect(try peers.entryFiles(name) == [shared.path, own.path].sorted())
            try peers.expectHealthy(name)
        }
        #expect(peers.read("a", "journal.yml") == peers.read("second", "journal.yml"))
    }

    @Test func aJournalOnMasterSyncsWithARemoteOnMain() throws {
        let peers = try Peers(["a"])
        try peers.add("a", "On main")
        try peers.sync("a")
        let old = peers.path("old")
        try peers.box.git(["init", "-q", "-b", "master", old], in: peers.box.root.path)
        #expect(try peers.box.run(["init", old]).status == 0)
        try peers.add("old", "On master")
        #expect(try peers.run("old", "remote", "add", "origin", peers.remote).status == 0)
        #expect(try peers.sync("old") == "↓ 1 new · ↑ 1 new · 0 conflicts")
        #expect(try peers.box.git(["--git-dir", peers.remote, "branch", "--format=%(refname:short)"], in: peers.box.root.path) == "main\n")
        try peers.sync("a")
        #expect(try peers.entryFiles("a") == peers.entryFiles("old"))
        #expect(try peers.sync("old") == "↓ 0 new · ↑ 0 new · 0 conflicts")
    }

    @Test func aRemoteHistoryThatWouldWriteOutsideTheJournalIsRefused() throws {
        let peers = try Peers(["a"])
        // Someone pushes a commit whose tree holds `..` and `.git` folders.
        let bare = ["--git-dir", peers.remote]
        func git(_ arguments: [String], stdin: String? = nil) throws -> String {
            let result = try Program.git(bare + arguments, in: peers.box.root.path, env: peers.box.environment, stdin: stdin)
            guard result.status == 0 else { throw SandboxError(result.stderr) }
            return result.stdout.trimmingCharacters(in: .newlines)
        }
        let blob = try git(["hash-object", "-w", "--stdin"], stdin: "escaped\n")
        let inner = try git(["mktree", "--missing"], stdin: "100644 blob \(blob)\toutside-journal.txt\n")
        for name in ["..", ".git"] {
            let head = try git(["rev-parse", "main"])
            let tree = try git(["rev-parse", "main^{tree}"])
            let listing = try git(["ls-tree", tree])
            let top = try git(["mktree", "--missing"], stdin: listing + "\n040000 tree \(inner)\t\(name)\n")
            let commit = try git(["commit-tree", top, "-p", head, "-m", "evil"])
            _ = try git(["update-ref", "refs/heads/main", commit])
            let result = try peers.run("a", "sync")
            #expect(result.status == 1)
            #expect(result.stderr == "journal: the remote's history holds a file the journal will not write: '\(name)/outside-journal.txt' (outside the journal or inside .git); nothing was changed\n")
            #expect(!FileManager.default.fileExists(atPath: peers.box.root.path + "/outside-journal.txt"))
            #expect(!FileManager.default.fileExists(atPath: peers.path("a") + "/.git/outside-journal.txt"))
            #expect(!FileManager.default.fileExists(atPath: peers.path("a") + "/.git/journal/sync-checkout.json"))
            #expect(try peers.run("a", "list").status == 0)
            _ = try git(["update-ref", "refs/heads/main", head])
        }
    }

    @Test func aRemoteThatIsNotAJournalIsRefused() throws {
        let peers = try Peers(["a"])
        let code = peers.path("code")
        try peers.box.git(["init", "-q", "-b", "main", code], in: peers.box.root.path)
        try Data("print(1)\n".utf8).write(to: URL(fileURLWithPath: code + "/main.py"))
        try peers.box.git(["add", "main.py"], in: code)
        try peers.box.git(["commit", "-qm", "code"], in: code)
        let bare = peers.path("code.git")
        try peers.box.git(["clone", "-q", "--bare", code, bare], in: peers.box.root.path)
        #expect(try peers.run("a", "remote", "add", "work", bare).status == 0)
        let head = try peers.git("a", "rev-parse", "HEAD")
        let result = try peers.run("a", "sync", "work")
        #expect(result.status == 1)
        #expect(result.stderr == "journal: work holds a git repository but not a journal (no journal.yml): nothing was merged\n")
        #expect(try peers.git("a", "rev-parse", "HEAD") == head)
        #expect(!FileManager.default.fileExists(atPath: peers.path("a") + "/main.py"))
        #expect(try peers.box.git(["--git-dir", bare, "log", "--format=%s"], in: peers.box.root.path) == "code\n")
    }

    @Test func aBranchDeletedOnTheRemoteIsPushedAgain() throws {
        let peers = try Peers(["a"])
        try peers.add("a", "Still here")
        try peers.sync("a")
        try peers.box.git(["--git-dir", peers.remote, "update-ref", "-d", "refs/heads/main"], in: peers.box.root.path)
        #expect(try peers.sync("a") == "↓ 0 new · ↑ 1 new · 0 conflicts")
        #expect(try peers.box.git(["--git-dir", peers.remote, "rev-parse", "main"], in: peers.box.root.path)
            == peers.git("a", "rev-parse", "HEAD"))
    }

    @Test func aResumedCheckoutMergesAnEditMadeBeforeItsFileWasWritten() throws {
        let peers = try Peers()
        let entry = try peers.add("a", "Shared\n\nFirst.")
        try peers.sync("a")
        try peers.sync("b")
        let text = try #require(peers.read("b", entry.path))
        try peers.write("b", entry.path, text.replacingOccurrences(of: "First.", with: "First.\nRemote addition."))
        try peers.run("b", "commit")
        try peers.sync("b")
        // a's sync wrote its marker and was killed before writing the file; then the user edited it.
        try peers.git("a", "fetch", "-q", "origin")
        let from = try peers.git("a", "rev-parse", "HEAD").trimmingCharacters(in: .newlines)
        let to = try peers.git("a", "rev-parse", "origin/main").trimmingCharacters(in: .newlines)
        let marker = "{\"from\":\"\(from)\",\"to\":\"\(to)\",\"message\":\"journal sync: fast-forward to origin\"}"
        try Data(marker.utf8).write(to: URL(fileURLWithPath: peers.path("a") + "/.git/journal/sync-checkout.json"))
        try peers.write("a", entry.path, text + "Local line.\n")
        #expect(try peers.run("a", "list").status == 0)
        let merged = try #require(peers.read("a", entry.path))
        #expect(merged.contains("First.\nRemote addition.\nLocal line.\n"), "\(merged)")
        #expect(try peers.git("a", "show", "HEAD:" + entry.path) == merged)
        #expect(try peers.git("a", "rev-parse", "HEAD~1").trimmingCharacters(in: .newlines) == to)
        try peers.expectHealthy("a")
    }

    @Test func badRemoteCommandsSayWhatWasWrongAndChangeNothing() throws {
        let peers = try Peers(["a"])
        let before = try peers.git("a", "config", "--list", "--local")
        func fails(_ arguments: [String], _ message: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
            let result = try peers.box.run(["-J", peers.path("a")] + arguments)
            #expect(result.status == 1, sourceLocation: sourceLocation)
            #expect(result.stderr == "journal: \(message)\n", sourceLocation: sourceLocation)
            #expect(try peers.git("a", "config", "--list", "--local") == before, sourceLocation: sourceLocation)
        }
        try fails(["remote", "add", "origin", "/tmp"], "a remote named 'origin' already exists (see `journal remote list`)")
        try fails(["remote", "add", "bad name", "/tmp"],
                  "'bad name' is not a valid remote name: use letters, digits, '-', '_' or '.', as in origin")
        try fails(["remote", "add", "backup", "not a url"],
                  "'not a url' is not a git URL or an existing folder: use a path, file://, git://, ssh://, user@host:path or https://")
        for garbage in ["ht!tp:://:::garbage", "ftp://example.com/x", "a b:c", "@host:path"] {
            try fails(["remote", "add", "backup", garbage],
                      "'\(garbage)' is not a git URL or an existing folder: use a path, file://, git://, ssh://, user@host:path or https://")
        }
        try fails(["remote", "add", "other", peers.path("a")],
                  "\(peers.path("a")) is a folder with a work tree (a journal?), which sync cannot push into: share a bare repository instead (git init --bare), or use journal clone to copy it")
        try fails(["remote", "remove", "nope"], "no remote named 'nope' (see `journal remote list`)")
        try fails(["sync", "nope"], "no remote named 'nope' (see `journal remote list`)")
    }

    @Test func remoteAddListRemove() throws {
        let peers = try Peers(["a"])
        #expect(try peers.run("a", "remote", "list").stdout == "origin  \(peers.remote)\n")
        let added = try peers.run("a", "remote", "add", "backup", "ssh://me@example.com:2222/srv/journal.git")
        #expect(added.stdout == "Added remote backup → ssh://me@example.com:2222/srv/journal.git\n")
        #expect(try peers.run("a", "remote").stdout == "backup  ssh://me@example.com:2222/srv/journal.git\norigin  \(peers.remote)\n")
        #expect(try peers.git("a", "config", "remote.backup.url") == "ssh://me@example.com:2222/srv/journal.git\n")
        // With two remotes, sync picks origin.
        #expect(try peers.run("a", "sync").status == 0)
        #expect(try peers.run("a", "remote", "remove", "backup").stdout == "Removed remote backup\n")
        #expect(try peers.run("a", "remote", "rm", "origin").status == 0)
        let none = try peers.run("a", "sync")
        #expect(none.status == 1)
        #expect(none.stderr == "journal: this journal has no remote yet: add one with `journal remote add origin URL`\n")
    }

    /// A clone records its snapshot while its checkout writes the files: it must be the snapshot a rebuild
    /// from the files makes (the same rows, each folder's stamps packed as the walk packs them, so that the
    /// next command finds every folder as recorded), for a journal that also holds what the walk leaves out.
    /// With more than 500 entries it is a bulk load (text left to the first search), as a rebuild's is.
    @Test(arguments: [0, 600]) func aClonesSnapshotIsTheOneARebuildMakes(more: Int) throws {
        let peers = try Peers(["a"])
        for title in ["One", "Two", "Three"] { _ = try peers.add("a", title, "-t", "shared") }
        let a = peers.path("a")
        let many = (0..<more).map { n in
            ("entries/2019/\(n % 12 + 10)/day-\(n).md", "---\ndate: 2019-0\(n % 9 + 1)-1\(n % 9) 08:00\n---\nDay \(n)\n\nquietword\(n)\n")
        }
        for (path, text) in many + [("entries/2020/05/hand.md", "Written by hand\n\nNo date in it.\n"),
                             ("entries/2020/05/.hidden.md", "Hidden\n"), ("entries/.trash/old.md", "Thrown away\n"),
                             ("entries/2020/05/notes.txt", "not an entry\n"), ("attachments/p/photo.txt", "photo\n"),
                             ("templates/daily.md", "# {{date}}\n"), ("README.md", "about\n"),
                             ("entries/2021/caf\u{E9}/n.md", "Composed\n"), ("entries/2021/cafe\u{301}/d.md", "Decomposed\n")] {
            let full = a + "/" + path
            try FileManager.default.createDirectory(
                atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: URL(fileURLWithPath: full))
        }
        let (clone, snapshot, recorded) = try Self.commitAndClone(peers)
        #expect(clone.stdout == "Cloned \(peers.remote) into \(peers.path("fresh")) (\(6 + more) entries)\n", "\(clone.stderr)")
        // 9 files, 7 folders (two named alike but for how their accent is written), 6 entries and 3 tags; each
        // of the many a file and an entry waiting for its text.
        #expect(recorded.count == 25 + (more == 0 ? 0 : 12 + more * 3 + 6))
        #expect(recorded.contains { $0.hasPrefix("folder entries/2020/05 ") })
        #expect(!recorded.contains { $0.contains(".hidden") || $0.contains(".trash") || $0.contains("notes.txt") || $0.contains("README") })
        let (listed, rebuilt) = try Self.rebuild(peers, snapshot)
        #expect(listed.stdout.contains("Written by hand"), "\(listed.stderr)")
        #expect(rebuilt == recorded, "only recorded: \(Set(recorded).subtracting(rebuilt).sorted()); only rebuilt: \(Set(rebuilt).subtracting(recorded).sorted())")
        #expect(try peers.git("fresh", "status", "--porcelain") == "")
        #expect(try peers.run("fresh", "search", "hand").stdout.contains("Written by hand"))
    }

    /// A symbolic link the walk lists (the walk stats the link, the snapshot reads through it) is not recorded
    /// by the checkout: the clone builds its snapshot from the files afterwards, as a rebuild does.
    @Test func aCloneHoldingALinkTheWalkListsRebuildsItsSnapshot() throws {
        let peers = try Peers(["a"])
        _ = try peers.add("a", "Linked", "-t", "shared")
        let a = peers.path("a")
        try FileManager.default.createDirectory(atPath: a + "/attachments", withIntermediateDirectories: true)
        #expect(symlink("../journal.yml", a + "/attachments/settings") == 0)
        let (clone, snapshot, recorded) = try Self.commitAndClone(peers)
        #expect(clone.stdout == "Cloned \(peers.remote) into \(peers.path("fresh")) (1 entry)\n", "\(clone.stderr)")
        #expect(recorded.contains { $0.hasPrefix("file ") && $0.contains(" attachments/settings ") })
        let (listed, rebuilt) = try Self.rebuild(peers, snapshot)
        #expect(listed.stdout.contains("Linked"))
        #expect(rebuilt == recorded)
        #expect(try peers.git("fresh", "status", "--porcelain") == "")
    }

    /// A file the checkout cannot write (a name too long for the file system) fails the clone with one line,
    /// and nothing of it is left, the snapshot being recorded meanwhile or not.
    @Test(arguments: [1, 700]) func aCloneThatCannotWriteAFileLeavesNothing(entries: Int) throws {
        let peers = try Peers(["a"])
        let a = peers.path("a")
        for n in 0..<entries {
            let path = a + "/entries/2020/\(10 + n % 3)/day-\(n).md"
            try FileManager.default.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data("---\ndate: 2020-01-01 08:00\n---\nDay \(n)\n".utf8).write(to: URL(fileURLWithPath: path))
        }
        _ = try peers.git("a", "add", "-A")
        let blob = try peers.git("a", "hash-object", "-w", a + "/journal.yml").trimmingCharacters(in: .whitespacesAndNewlines)
        _ = try peers.git("a", "update-index", "--add", "--cacheinfo", "100644,\(blob),attachments/\(String(repeating: "x", count: 300))")
        _ = try peers.git("a", "commit", "-qm", "a name too long")
        _ = try peers.git("a", "push", "-q", "origin", "main")
        let clone = try peers.box.run(["clone", peers.remote, peers.path("fresh")])
        #expect(clone.status == 1)
        #expect(clone.stderr.hasPrefix("journal: ") && clone.stderr.split(separator: "\n").count == 1, "\(clone.stderr)")
        #expect(clone.stderr.contains("File name too long"), "\(clone.stderr)")
        #expect(!FileManager.default.fileExists(atPath: peers.path("fresh")))
    }

    /// The snapshot cannot be written (a limit on the size of any one file, which the clone's own files stay
    /// under and SQLite's do not): the clone keeps every file, says in one line what is wrong with the snapshot,
    /// and the next command, free of the limit, builds it.
    @Test func aCloneWhoseSnapshotCannotBeWrittenKeepsItsFiles() throws {
        let peers = try Peers(["a"])
        let a = peers.path("a")
        try FileManager.default.createDirectory(atPath: a + "/entries/2020/01", withIntermediateDirectories: true)
        for n in 1...3000 {
            try Data("---\ndate: 2020-01-01 08:00\n---\nDay \(n), with a few words more than a title\n".utf8)
                .write(to: URL(fileURLWithPath: a + "/entries/2020/01/d\(n).md"))
        }
        _ = try peers.git("a", "add", "-A")
        _ = try peers.git("a", "commit", "-qm", "many")
        _ = try peers.git("a", "push", "-q", "origin", "main")
        // 2,000 blocks: 1 MB at the least (blocks of 512 or 1,024 bytes); git's index of 3,000 files is 0.3 MB.
        let limited = try Sandbox.exec(
            "/bin/sh", ["-c", "trap '' XFSZ; ulimit -f 2000; exec \"$0\" \"$@\"", Sandbox.binary, "clone", peers.remote, peers.path("fresh")],
            stdin: nil, env: peers.box.environment, cwd: peers.box.root.path)
        #expect(limited.status == 1)
        #expect(limited.stderr.hasPrefix("journal: cannot use the index ") && limited.stderr.split(separator: "\n").count == 1,
                "\(limited.stderr)")
        #expect(try peers.git("fresh", "status", "--porcelain") == "")
        #expect(try peers.git("fresh", "ls-files").split(separator: "\n").count == 3001)
        let listed = try peers.run("fresh", "list", "-n", "5000")
        #expect(listed.status == 0, "\(listed.stderr)")
        #expect(listed.stdout.split(separator: "\n").count == 3000)
    }

    /// Commits everything in a's folder, syncs it, and clones the remote into "fresh": the clone's result, the
    /// path of its snapshot, and the snapshot's rows.
    private static func commitAndClone(_ peers: Peers) throws -> (Sandbox.Result, String, [String]) {
        _ = try peers.git("a", "add", "-A")
        _ = try peers.git("a", "commit", "-qm", "by hand")
        try peers.sync("a")
        let clone = try peers.box.run(["clone", peers.remote, peers.path("fresh")])
        let snapshot = peers.path("fresh") + "/.git/journal/index.sqlite"
        return (clone, snapshot, try rows(of: snapshot))
    }

    /// Deletes the snapshot and lets `list` rebuild it from the files: list's result and the new rows.
    private static func rebuild(_ peers: Peers, _ snapshot: String) throws -> (Sandbox.Result, [String]) {
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: snapshot + suffix) }
        let listed = try peers.run("fresh", "list")
        return (listed, try rows(of: snapshot))
    }

    /// A snapshot's rows as text (entries without their row numbers, which only order insertion).
    private static func rows(of path: String) throws -> [String] {
        var configuration = Configuration()
        configuration.readonly = true
        return try DatabaseQueue(path: path, configuration: configuration).read { db in
            try String.fetchAll(db, sql: """
                SELECT 'file ' || key || ' ' || path || ' ' || folder || ' ' || size || ' ' || mtime || ' ' || ctime || ' '
                  || inode || ' ' || hash || ' ' || dirty FROM file
                UNION ALL SELECT 'folder ' || path || ' ' || hex(stamps) FROM folder
                UNION ALL SELECT 'entry ' || path || ' ' || id || ' ' || created || ' ' || offset || ' ' || day || ' ' || source
                  || ' ' || title || ' ' || all_tags || ' ' || coalesce(problem, '') FROM entry
                UNION ALL SELECT 'tag ' || tag.key || ' ' || entry.path FROM tag JOIN entry USING (n)
                UNION ALL SELECT 'untexted ' || entry.path FROM untexted JOIN entry USING (n)
                ORDER BY 1
                """)
        }
    }

    @Test func cloneMakesAWorkingJournalAndRefusesWhatItCannotUse() throws {
        let peers = try Peers(["a"])
        try peers.add("a", "Shared entry")
        try peers.sync("a")
        let clone = try peers.box.run(["clone", peers.remote, peers.path("fresh")])
        #expect(clone.status == 0, "\(clone.stderr)")
        #expect(clone.stdout == "Cloned \(peers.remote) into \(peers.path("fresh")) (1 entry)\n")
        #expect(try peers.run("fresh", "list").stdout.contains("Shared entry"))
        // git finds the checkout and its index as its own would be, and the clone committed nothing.
        #expect(try peers.git("fresh", "status", "--porcelain") == "")
        #expect(try peers.git("fresh", "diff-files", "--name-only") == "")
        #expect(try peers.git("fresh", "write-tree") == peers.git("fresh", "rev-parse", "HEAD^{tree}"))
        #expect(try peers.git("fresh", "rev-parse", "HEAD") == peers.git("a", "rev-parse", "HEAD"))
        // An edit made right after is seen and committed as one.
        let entry = try #require(try peers.git("fresh", "ls-files", "entries").split(separator: "\n").first)
        let file = peers.path("fresh") + "/" + entry
        try (String(contentsOfFile: file, encoding: .utf8) + "More.\n").write(toFile: file, atomically: false, encoding: .utf8)
        #expect(try peers.run("fresh", "list").status == 0)
        #expect(try peers.git("fresh", "status", "--porcelain") == "")
        #expect(try peers.git("fresh", "rev-list", "--count", "HEAD") != peers.git("a", "rev-list", "--count", "HEAD"))
        // Into a folder that has something in it.
        try FileManager.default.createDirectory(atPath: peers.path("full"), withIntermediateDirectories: true)
        try Data("x".utf8).write(to: URL(fileURLWithPath: peers.path("full") + "/note.txt"))
        let full = try peers.box.run(["clone", peers.remote, peers.path("full")])
        #expect(full.status == 1)
        #expect(full.stderr == "journal: \(peers.path("full")) already exists and is not an empty folder\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: peers.path("full")) == ["note.txt"])
        // A repository that is not a journal.
        let plain = peers.path("plain")
        try peers.box.git(["init", "-q", "-b", "main", plain], in: peers.box.root.path)
        try Data("hi\n".utf8).write(to: URL(fileURLWithPath: plain + "/README"))
        try peers.box.git(["add", "README"], in: plain)
        try peers.box.git(["commit", "-qm", "readme"], in: plain)
        let notJournal = try peers.box.run(["clone", plain, peers.path("other")])
        #expect(notJournal.status == 1)
        #expect(notJournal.stderr == "journal: \(plain) holds a git repository but not a journal (no journal.yml): nothing was cloned\n")
        #expect(!FileManager.default.fileExists(atPath: peers.path("other")))
        // Nothing there at all.
        let missing = try peers.box.run(["clone", peers.box.root.path + "/missing.git", peers.path("none")])
        #expect(missing.status == 1)
        #expect(missing.stderr.split(separator: "\n").count == 1)
        #expect(!FileManager.default.fileExists(atPath: peers.path("none")))
        // A remote whose HEAD names master while the journal is on main.
        let other = peers.box.root.path + "/master-head.git"
        try peers.box.git(["init", "--bare", "-q", "-b", "master", other], in: peers.box.root.path)
        try peers.box.git(["push", "-q", other, "main"], in: peers.path("a"))
        let mismatched = try peers.box.run(["clone", other, peers.path("mismatched")])
        #expect(mismatched.stdout == "Cloned \(other) into \(peers.path("mismatched")) (1 entry)\n", "\(mismatched.stderr)")
        #expect(try peers.git("mismatched", "status", "--porcelain") == "")
        #expect(try peers.git("mismatched", "rev-parse", "--abbrev-ref", "HEAD") == "main\n")
        // An empty repository becomes a new journal whose first sync sends it.
        let empty = peers.box.root.path + "/empty.git"
        try peers.box.git(["init", "--bare", "-q", "-b", "main", empty], in: peers.box.root.path)
        let started = try peers.box.run(["clone", empty, peers.path("new")])
        #expect(started.status == 0, "\(started.stderr)")
        #expect(started.stdout.hasPrefix("Cloned the empty repository"))
        try peers.add("new", "First words")
        #expect(try peers.sync("new") == "↓ 0 new · ↑ 1 new · 0 conflicts")
        #expect(try peers.box.git(["--git-dir", empty, "log", "--format=%s", "main"], in: peers.box.root.path)
            .contains("Add \"First words\""))
    }
}

/// Syncs at once, and the git lock files a killed sync leaves.
@Suite struct SyncConcurrencyTests {
    @Test func lockFilesLeftByAKilledSyncAreCleared() throws {
        let peers = try Peers(["a"])
        let git = peers.path("a") + "/.git"
        // A sync was killed while git held its locks: it left its "running" file and the lock files.
        try Data("12345\n".utf8).write(to: URL(fileURLWithPath: git + "/journal/sync-running"))
        for lock in ["/index.lock", "/refs/heads/main.lock", "/refs/remotes/origin/main.lock"] {
            try Data().write(to: URL(fileURLWithPath: git + lock))
        }
        let added = try peers.run("a", "add", "After the kill")
        #expect(added.status == 0, "\(added.stderr)")
        for lock in ["/index.lock", "/refs/heads/main.lock", "/refs/remotes/origin/main.lock", "/journal/sync-running"] {
            #expect(!FileManager.default.fileExists(atPath: git + lock), "\(lock)")
        }
        #expect(try peers.sync("a") == "↓ 0 new · ↑ 1 new · 0 conflicts")
    }

    @Test func syncsAndAddsAtOnceAllSucceed() throws {
        let peers = try Peers(["a", "b"])
        try peers.add("b", "From b")
        try peers.sync("b")
        let group = DispatchGroup()
        let results = NSLock()
        nonisolated(unsafe) var failures: [String] = []
        let (journal, environment, home) = (peers.path("a"), peers.box.environment, peers.box.home)
        for index in 0..<6 {
            group.enter()
            DispatchQueue.global().async {
                defer { group.leave() }
                let arguments = index % 3 == 2 ? ["add", "Added at once \(index)"] : ["sync"]
                let result = try? Sandbox.exec(Sandbox.binary, ["-J", journal] + arguments, stdin: nil, env: environment, cwd: home)
                if result?.status != 0 {
                    results.lock()
                    failures.append("\(arguments): \(result?.stderr ?? "did not run")")
                    results.unlock()
                }
            }
        }
        group.wait()
        #expect(failures.isEmpty, "\(failures)")
        try peers.sync("a")
        try peers.sync("b")
        #expect(try peers.snapshot("a") == peers.snapshot("b"))
        #expect(try peers.entryFiles("a").count == 3)
        try peers.expectHealthy("a")
    }
}

/// `kill -9` in the middle of a sync, at several moments: the next command finishes or leaves the
/// checkout, never commits a half-updated tree as the user's edit, and a later sync converges.
@Suite struct SyncKillTests {
    @Test func aSyncKilledAtAnyMomentLeavesAJournalTheNextCommandRepairs() throws {
        let delays = [0.0, 0.1, 0.25, 0.3, 0.35, 0.4, 0.45, 0.55]
        let names = delays.indices.map { "k\($0)" }
        let peers = try Peers(["b"] + names)
        for name in names { try peers.add(name, "Local entry of \(name)") }
        // b brings 400 entries in one commit, so that the checkout takes a while.
        let folder = peers.path("b") + "/entries/2026/11"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for index in 0..<400 {
            let id = String(format: "%08x-0000-4000-8000-%012x", index, index)
            try Data("---\nid: \(id)\ncreated_at: 2026-11-21T10:00:00+09:00\n---\nBulk \(index)\n\n\(String(repeating: "text ", count: 200))\n".utf8)
                .write(to: URL(fileURLWithPath: folder + "/2026-11-21-\(id.prefix(8)).md"))
        }
        #expect(try peers.run("b", "commit").status == 0)
        try peers.sync("b")
        for (name, delay) in zip(names, delays) {
            let before = try peers.git(name, "rev-parse", "HEAD")
            let process = Process()
            process.executableURL = URL(fileURLWithPath: Sandbox.binary)
            process.arguments = ["-J", peers.path(name), "sync"]
            process.environment = peers.box.environment
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            Thread.sleep(forTimeInterval: delay)
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            let marker = peers.path(name) + "/.git/journal/sync-checkout.json"
            print("kill after \(delay)s: checkout \(FileManager.default.fileExists(atPath: marker) ? "left half done" : "not started or finished")")
            // The next command repairs first; nothing it commits is a half-checked-out tree.
            let list = try peers.run(name, "list", "-n", "1000")
            #expect(list.status == 0, "\(name): \(list.stderr)")
            let head = try peers.git(name, "rev-parse", "HEAD")
            // Commits made here since: none, or the sync's merge, never an "outside edit" of b's files.
            try peers.git(name, "fetch", "-q", peers.remote, "main:refs/check/remote")
            let mine = try peers.git(name, "log", "--format=%s", "HEAD", "^" + before.trimmingCharacters(in: .newlines), "^refs/check/remote")
            #expect(mine == "" || mine == "Sync with origin\n", "\(name) committed: \(mine)")
            let status = try peers.git(name, "status", "--porcelain")
            #expect(status == "", "\(name) after a kill at \(delay)s: \(status.prefix(300))")
            let bulk = list.stdout.components(separatedBy: "Bulk ").count - 1
            #expect(bulk == (head == before ? 0 : 400), "\(name): \(bulk) bulk entries listed")
            #expect(!FileManager.default.fileExists(atPath: peers.path(name) + "/.git/journal/sync-checkout.json"))
            try peers.sync(name)
            try peers.expectHealthy(name)
            #expect(try peers.entryFiles(name).count >= 401)
        }
    }
}
