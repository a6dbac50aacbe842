import Foundation
import Testing

/// The snapshot under .git/journal/ follows the files, whatever changed them.
@Suite struct FreshnessTests {
    @Test func sameSizeEditWithTheSameModificationTimeIsSeen() throws {
        let box = try Sandbox()
        try box.journal("init")
        _ = try box.add("Original title")
        let path = try #require(box.entryFiles().first)
        #expect(try box.journal("list").stdout.contains("Original title"))
        let full = box.journal + "/" + path
        let before = try FileManager.default.attributesOfItem(atPath: full)[.modificationDate] as? Date
        let text = try #require(box.read(path))
        try box.write(path, text.replacingOccurrences(of: "Original title", with: "Replaced title"))
        try FileManager.default.setAttributes([.modificationDate: try #require(before)], ofItemAtPath: full)
        let after = try box.journal("list")
        #expect(after.stdout.contains("Replaced title"), "\(after.stdout)")
        #expect(try box.commitSubjects().first?.hasPrefix("Edit \"Replaced title\"") == true)
    }

    /// An import moves the snapshot's scan time on (so that the next command does not read every new file
    /// again): an entry edited the moment after, to the same size and modification time, is still seen, and
    /// so is `journal.yml`, written a moment before the import.
    @Test func editsJustAfterAnImportAreSeen() throws {
        let box = try Sandbox()
        try box.journal("init")
        let notes = box.root.path + "/Notes"
        try FileManager.default.createDirectory(atPath: notes, withIntermediateDirectories: true)
        for n in 0..<30 {
            try Data("Note \(n + 10)\n\nText\n".utf8).write(to: URL(fileURLWithPath: notes + "/2024-05-\(n + 10).md"))
        }
        #expect(try box.journal("import", "markdown", notes).status == 0)
        let path = try #require(box.entryFiles().first { box.read($0)?.contains("Note 10") == true })
        let full = box.journal + "/" + path
        let before = try #require(try FileManager.default.attributesOfItem(atPath: full)[.modificationDate] as? Date)
        let text = try #require(box.read(path))
        try box.write(path, text.replacingOccurrences(of: "Note 10", with: "Edit 10"))
        try FileManager.default.setAttributes([.modificationDate: before], ofItemAtPath: full)
        let settings = try #require(box.read("journal.yml"))
        try box.write("journal.yml", settings.replacingOccurrences(of: "# Settings", with: "# SETTINGS"))
        let listed = try box.journal("list", "-n", "40")
        #expect(listed.stdout.contains("Edit 10"), "\(listed.stdout)")
        #expect(!listed.stdout.contains("Note 10"))
        let committed = try box.git("show", "--name-only", "--format=", "HEAD")
        #expect(committed.split(separator: "\n").sorted() == [Substring(path), "journal.yml"], "\(committed)")
        try box.expectCleanRepository()
    }

    @Test func renameDeleteAndNewFilesAreSeen() throws {
        let box = try Sandbox()
        try box.journal("init")
        let keep = try box.add("Keeps its id")
        let gone = try box.add("Will be deleted")
        let files = box.entryFiles()
        let moved = try #require(files.first { box.read($0)?.contains("Keeps its id") == true })
        let deleted = try #require(files.first { $0 != moved })
        _ = try box.journal("list")
        try FileManager.default.moveItem(atPath: box.journal + "/" + moved, toPath: box.journal + "/entries/moved.md")
        try FileManager.default.removeItem(atPath: box.journal + "/" + deleted)
        try box.write("entries/2026/11/new by hand.md", "Dropped in\n")
        let list = try box.journal("list")
        #expect(list.stdout.contains("\(keep)  Keeps its id"))
        #expect(!list.stdout.contains(gone))
        #expect(list.stdout.contains("Dropped in"))
        #expect(try box.journal("show", keep).stdout.contains("entries/moved.md"))
        try box.expectCleanRepository()
    }

    /// The snapshot compares the walk with its picture a folder at a time: a whole folder deleted or renamed,
    /// files moved between folders, a folder emptied and one made, an edit beside untouched files, and a same-size
    /// same-time edit in a folder whose other files did not change are all seen.
    @Test func changesOfWholeFoldersAreSeen() throws {
        let box = try Sandbox()
        try box.journal("init")
        for (folder, names) in [("2024/01", ["a", "b", "c"]), ("2024/02", ["d", "e"]), ("2025/07", ["f"])] {
            for name in names { try box.write("entries/\(folder)/\(name).md", "Note \(name)\n\nbody \(name)\n") }
        }
        try box.write("attachments/x/photo.txt", "photo\n")
        #expect(try box.journal("commit").status == 0)
        #expect(try box.journal("list").stdout.split(separator: "\n").count == 6)
        let fm = FileManager.default
        try fm.removeItem(atPath: box.journal + "/entries/2024/02")  // d and e gone
        try fm.moveItem(atPath: box.journal + "/entries/2025/07", toPath: box.journal + "/entries/2025/08")  // f moved
        try fm.createDirectory(atPath: box.journal + "/entries/2026", withIntermediateDirectories: true)
        try fm.moveItem(atPath: box.journal + "/entries/2024/01/a.md", toPath: box.journal + "/entries/2026/a.md")
        try box.write("entries/2024/01/b.md", "Note b edited\n\nbody b\n")
        try box.write("attachments/x/photo.txt", "another photo\n")
        let list = try box.journal("list")
        #expect(list.stdout.contains("Note a") && list.stdout.contains("Note b edited") && list.stdout.contains("Note c"))
        #expect(list.stdout.contains("Note f") && !list.stdout.contains("Note d") && !list.stdout.contains("Note e"), "\(list.stdout)")
        #expect(try box.journal("show", "entries/2025/08/f.md").status == 0)
        try box.expectCleanRepository()
        // A same-size edit of c with its old time, its folder's other files untouched, and the scan long past.
        box.advanceClock(by: 3600)
        let c = box.journal + "/entries/2024/01/c.md"
        let before = try #require(try fm.attributesOfItem(atPath: c)[.modificationDate] as? Date)
        try box.write("entries/2024/01/c.md", "Note C\n\nbody c\n")
        try fm.setAttributes([.modificationDate: before], ofItemAtPath: c)
        #expect(try box.journal("list").stdout.contains("Note C"))
        try box.expectCleanRepository()
    }

    /// A rebuilt snapshot keeps each folder's stamps as the walk found them (not read back from its files):
    /// afterwards a file dropped into a folder that was empty, a deleted file, and a same-size edit with the old
    /// time in a folder whose other files did not change are all seen.
    @Test func aRebuiltSnapshotFollowsLaterChanges() throws {
        let box = try Sandbox()
        try box.journal("init")
        for (folder, names) in [("2024/01", ["a", "b"]), ("2024/02", ["c"])] {
            for name in names { try box.write("entries/\(folder)/\(name).md", "Note \(name)\n\nbody \(name)\n") }
        }
        let fm = FileManager.default
        try fm.createDirectory(atPath: box.journal + "/entries/2024/03", withIntermediateDirectories: true)
        #expect(try box.journal("commit").status == 0)
        // Written an hour ago: not racy against the rebuild, so only the folders' stamps can tell what changed.
        for path in box.entryFiles() {
            try fm.setAttributes([.modificationDate: Date().addingTimeInterval(-3600)], ofItemAtPath: box.journal + "/" + path)
        }
        let index = box.journal + "/.git/journal/index.sqlite"
        for suffix in ["", "-wal", "-shm"] { try? fm.removeItem(atPath: index + suffix) }
        #expect(try box.journal("list").stdout.split(separator: "\n").count == 3)
        let a = box.journal + "/entries/2024/01/a.md"
        let before = try #require(try fm.attributesOfItem(atPath: a)[.modificationDate] as? Date)
        try box.write("entries/2024/01/a.md", "Note A\n\nbody a\n")
        try fm.setAttributes([.modificationDate: before], ofItemAtPath: a)
        try box.write("entries/2024/03/d.md", "Note d\n\nbody d\n")
        try fm.removeItem(atPath: box.journal + "/entries/2024/02/c.md")
        let list = try box.journal("list")
        #expect(list.stdout.contains("Note A") && !list.stdout.contains("Note a"), "\(list.stdout)")
        #expect(list.stdout.contains("Note d") && !list.stdout.contains("Note c"), "\(list.stdout)")
        try box.expectCleanRepository()
    }

    /// Two folders whose names differ only in how the accent is written (one character, or `e` and a combining
    /// accent) are two folders to the file system: each keeps its entries, listed every time, after a rebuild
    /// too (Swift's String equality took them for one, and the entries of one came and went).
    @Test func foldersWhoseNamesDifferOnlyInNormalizationAreKeptApart() throws {
        let box = try Sandbox()
        try box.journal("init")
        try box.write("entries/2024/caf\u{E9}/n.md", "---\ndate: 2024-03-01 08:00\n---\nComposed folder\n")
        try box.write("entries/2024/cafe\u{301}/d.md", "---\ndate: 2024-03-02 08:00\n---\nDecomposed folder\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: box.journal + "/entries/2024").count == 2)
        #expect(try box.journal("commit").status == 0)
        for round in 0..<4 {
            if round == 2 {
                let index = box.journal + "/.git/journal/index.sqlite"
                for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: index + suffix) }
            }
            let list = try box.journal("list")
            #expect(list.stdout.contains("Composed folder") && list.stdout.contains("Decomposed folder"), "round \(round): \(list.stdout)")
        }
        try box.expectCleanRepository()
    }

    @Test func gitCheckoutAndResetAreSeen() throws {
        let box = try Sandbox()
        try box.journal("init")
        _ = try box.add("First")
        _ = try box.journal("list")
        let second = try box.add("Second")
        #expect(try box.journal("list").stdout.contains(second))
        _ = try box.git("reset", "-q", "--hard", "HEAD~1")
        let after = try box.journal("list")
        #expect(!after.stdout.contains(second), "\(after.stdout)")
        #expect(after.stdout.contains("First"))
        #expect(after.stderr == "", "a checkout is not an edit to commit")
        _ = try box.git("reset", "-q", "--hard", "HEAD@{1}")
        #expect(try box.journal("list").stdout.contains(second))
    }

    @Test func missingOrCorruptSnapshotIsRebuilt() throws {
        let box = try Sandbox()
        try box.journal("init")
        let id = try box.add("Survives", "-t", "x")
        let index = box.journal + "/.git/journal/index.sqlite"
        #expect(FileManager.default.fileExists(atPath: index))
        try FileManager.default.removeItem(atPath: index)
        #expect(try box.journal("list", "--tag", "x").stdout.contains(id))
        for suffix in ["-wal", "-shm"] { try? FileManager.default.removeItem(atPath: index + suffix) }
        try Data("this is not a database, just bytes that happen to be here".utf8).write(to: URL(fileURLWithPath: index))
        let result = try box.journal("search", "survives")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains(id))
        #expect(try box.git("status", "--porcelain") == "", "the snapshot is never versioned")
    }

    @Test func readersAndWritersAtOnce() throws {
        let box = try Sandbox()
        try box.journal("init")
        let writer = try box.script("writer.sh", """
            i=0; while [ $i -lt 15 ]; do "\(Sandbox.binary)" add "entry $1 $i" >/dev/null || echo "FAILED add $1 $i" >&2; i=$((i+1)); done

            """)
        let reader = try box.script("reader.sh", """
            i=0; while [ $i -lt 15 ]; do "\(Sandbox.binary)" list -n 3 >/dev/null || echo "FAILED list $i" >&2; "\(Sandbox.binary)" search entry -n 1 >/dev/null || echo "FAILED search $i" >&2; i=$((i+1)); done

            """)
        let log = box.root.path + "/errors.log"
        _ = FileManager.default.createFile(atPath: log, contents: nil)
        let processes = try [(writer, "1"), (writer, "2"), (reader, "r")].map { script, name -> Process in
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", "'\(script)' \(name) 2>>'\(log)'"]
            process.environment = box.environment
            try process.run()
            return process
        }
        for process in processes { process.waitUntilExit() }
        // Notes such as "No entries yet" are fine; errors start with "journal:" and failed runs say FAILED.
        let failures = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n")
            .filter { $0.hasPrefix("FAILED") || $0.hasPrefix("journal:") }
        #expect(failures.isEmpty, "\(failures)")
        #expect(try box.journal("list").stdout.split(separator: "\n").count == 30)
        #expect(try box.journal("search", "entry").stdout.split(separator: "\n").count == 60)
        try box.expectCleanRepository()
    }
}

@Suite struct IndexUpkeepTests {
    @Test func wordsRemovedFromAnEntryNoLongerMatch() throws {
        let box = try Sandbox()
        try box.journal("init")
        let id = try box.add("Fruit\n\napple banana")
        #expect(try box.journal("search", "banana").stdout.contains(id))
        let path = try #require(box.entryFiles().first)
        try box.write(path, (box.read(path) ?? "").replacingOccurrences(of: "banana", with: "cherry"))
        let after = try box.journal("search", "banana")
        #expect(!after.stdout.contains(id), "\(after.stdout)")
        #expect(try box.journal("search", "cherry").stdout.contains(id))
        #expect(try box.journal("list", "--contains", "banana").stdout == "")
        try box.journal("rm", "--yes", id)
        #expect(try box.journal("search", "cherry").stdout == "")
    }

    @Test func anOlderSnapshotFormatIsRebuilt() throws {
        let box = try Sandbox()
        try box.journal("init")
        let id = try box.add("Kept")
        let index = box.journal + "/.git/journal/index.sqlite"
        // An index from an older version of the tool: same file, other schema version.
        var bytes = try Data(contentsOf: URL(fileURLWithPath: index))
        // SQLite keeps `PRAGMA user_version` as a big-endian integer at offset 60 of the header.
        bytes.replaceSubrange(60..<64, with: [0, 0, 0, 1])
        try bytes.write(to: URL(fileURLWithPath: index))
        let result = try box.journal("list")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains(id))
    }
}
