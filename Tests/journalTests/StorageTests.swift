import Foundation
import Testing

@Suite struct StorageTests {
    @Test func handWrittenFileWithoutHeaderIsAnEntryAndIsNeverRewritten() throws {
        let box = try Sandbox()
        try box.journal("init")
        let path = "entries/notes/2025-03-14 pi day.md"
        let text = "# Pi day\n\nAte pie.   \n"
        try box.write(path, text)
        let list = try box.journal("list")
        #expect(list.status == 0)
        #expect(list.stdout.hasPrefix("2025-03-14 12:00  "), "date from the file name: \(list.stdout)")
        #expect(list.stdout.contains("Pi day"))
        #expect(try box.commitSubjects().first?.hasPrefix("Add \"Pi day\" (") == true, "committed by the next command")
        try box.expectCleanRepository()
        let json = try #require(try JSONSerialization.jsonObject(with: Data(try box.journal("list", "--json").stdout.utf8)) as? [[String: Any]])
        let id = try #require(json.first?["id"] as? String)
        #expect(UUID(uuidString: id) != nil)
        // The same path gives the same id in another process.
        #expect((try JSONSerialization.jsonObject(with: Data(try box.journal("list", "--json").stdout.utf8)) as? [[String: Any]])?.first?["id"] as? String == id)
        #expect(try box.journal("show", "--raw", String(id.prefix(6))).stdout == text)
        #expect(box.read(path) == text)
        let editor = try box.script("e.sh", "echo 'Second slice.' >> \"$1\"\n")
        #expect(try box.journal("edit", String(id.prefix(6)), env: ["EDITOR": editor]).status == 0)
        #expect(box.read(path) == text + "Second slice.\n", "only the user's edit, no header added")
    }

    @Test func fileWithoutAnyDateTakesItsCommitDate() throws {
        let box = try Sandbox()
        try box.journal("init")
        try box.write("entries/someday.md", "Undated thought\n")
        _ = try box.git("add", "-A")
        _ = try box.git("-c", "user.name=x", "-c", "user.email=x@y", "commit", "-qm", "by hand", "--date", "2024-05-06T07:08:09+09:00")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(try box.journal("list", "--json").stdout.utf8)) as? [[String: Any]])
        #expect(json.first?["created_at"] as? String == "2024-05-06T07:08:09+09:00")
    }

    @Test func bomCRLFAndMissingFinalNewlineSurvive() throws {
        let box = try Sandbox()
        try box.journal("init")
        let bytes = Data([0xEF, 0xBB, 0xBF]) + Data("---\r\nid: 11112222-5b7d-4e0a-9c1d-5a6e2f0c4d11\r\ncreated_at: 2026-01-02T03:04:05-05:00\r\nmood: calm # kept\r\n---\r\nWindows title\r\nline".utf8)
        let path = box.journal + "/entries/2026/01/win.md"
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try bytes.write(to: URL(fileURLWithPath: path))
        let list = try box.journal("list")
        #expect(list.stdout.hasPrefix("2026-01-02 03:04  11112222  Windows title\n"), "\(list.stdout)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes)
        #expect(try box.git("show", "HEAD:entries/2026/01/win.md") == String(decoding: bytes, as: UTF8.self))
    }

    @Test func editsMadeOutsideAreCommittedByTheNextCommand() throws {
        let box = try Sandbox()
        try box.journal("init")
        let a = try box.add("Alpha")
        let b = try box.add("Beta")
        let files = box.entryFiles()
        for file in files { try box.write(file, (box.read(file) ?? "") + "edited elsewhere\n") }
        let result = try box.journal("list")
        #expect(result.stderr == "Committed 2 changes made outside journal.\n")
        let message = try box.git("log", "-1", "--format=%B")
        #expect(message.hasPrefix("Commit 2 changes made outside journal\n\n"))
        #expect(message.contains("Edit \"Alpha\" (\(a))") && message.contains("Edit \"Beta\" (\(b))"))
        try box.expectCleanRepository()
        // A single deletion by hand is named by the title it had.
        try FileManager.default.removeItem(atPath: box.journal + "/" + files[0])
        #expect(try box.journal("commit").stdout == "Committed 1 change made outside journal.\n")
        #expect(try box.commitSubjects().first?.hasPrefix("Delete \"") == true)
        #expect(try box.journal("commit").stdout == "Nothing to commit.\n")
    }

    @Test func conflictMarkersAndMergesAreNeverCommitted() throws {
        let box = try Sandbox()
        try box.journal("init")
        _ = try box.add("Clean one")
        _ = try box.add("Will conflict")
        let files = box.entryFiles()
        let conflicted = try #require(files.first { box.read($0)?.contains("Will conflict") == true })
        let clean = try #require(files.first { $0 != conflicted })
        try box.write(conflicted, (box.read(conflicted) ?? "") + "<<<<<<< ours\nmine\n=======\ntheirs\n>>>>>>> theirs\n")
        try box.write(clean, (box.read(clean) ?? "") + "fine edit\n")
        let result = try box.journal("commit")
        #expect(result.stderr.contains("\(conflicted) holds conflict markers"))
        #expect(result.status == 0, "the clean edit was committed")
        #expect(try box.git("status", "--porcelain") == " M \(conflicted)\n")
        let leftOut = try box.journal("commit")
        #expect(leftOut.status == 1, "nothing could be committed: that is not a success")
        #expect(leftOut.stdout == "")

        try box.write(conflicted, "---\nid: 0\n---\nresolved\n")
        try box.write(clean, (box.read(clean) ?? "") + "second edit\n")
        try "0000000000000000000000000000000000000000\n".writeReplacing(toFile: box.journal + "/.git/MERGE_HEAD")
        let midMerge = try box.journal("list")
        #expect(midMerge.status == 0)
        #expect(midMerge.stderr.contains("in the middle of a merge"))
        #expect(try box.git("status", "--porcelain").split(separator: "\n").count == 2)
    }

    @Test func failedCommitKeepsTheFileAndTheNextCommandCommitsIt() throws {
        let box = try Sandbox()
        try box.journal("init")
        let lock = box.journal + "/.git/index.lock"
        try "".writeReplacing(toFile: lock)
        let result = try box.journal("add", "Precious words")
        #expect(result.status == 1)
        #expect(result.stderr.contains("is saved but not committed"))
        #expect(result.stderr.contains("the next journal command will commit it"))
        let path = try #require(box.entryFiles().first)
        #expect(box.read(path)?.hasSuffix("Precious words\n") == true)
        try FileManager.default.removeItem(atPath: lock)
        #expect(try box.journal("list").stdout.contains("Precious words"))
        #expect(try box.commitSubjects().first?.hasPrefix("Add \"Precious words\" (") == true)
        try box.expectCleanRepository()
    }

    @Test func fourWritersAtOnceLoseNothing() throws {
        let box = try Sandbox()
        try box.journal("init")
        let script = try box.script("writer.sh", """
            i=0
            while [ $i -lt 25 ]; do
              "\(Sandbox.binary)" add "writer $1 entry $i" >/dev/null || echo "FAILED $1 $i" >&2
              i=$((i+1))
            done

            """)
        let processes = try (1...4).map { n -> Process in
            let process = Process()
            process.executableURL = URL(fileURLWithPath: script)
            process.arguments = ["\(n)"]
            process.environment = box.environment
            try process.run()
            return process
        }
        for process in processes { process.waitUntilExit() }
        #expect(processes.allSatisfy { $0.terminationStatus == 0 })
        #expect(box.entryFiles().count == 100)
        #expect(try box.commitSubjects().count == 101)
        try box.expectCleanRepository()
    }

    @Test func aKilledLockHolderNeverBlocksTheNextWriter() throws {
        let box = try Sandbox()
        try box.journal("init")
        let lock = box.journal + "/.git/journal/lock"
        // Another process holds the writers' lock until it is killed.
        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        // flock -o keeps the lock in flock itself (not in its child), so killing it releases the lock.
        holder.arguments = ["flock", "-o", lock, "sh", "-c", "echo $$; exec sleep 30"]
        let ready = Pipe()
        holder.standardOutput = ready
        try holder.run()
        let sleeper = Int32(String(decoding: ready.fileHandleForReading.availableData, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))

        let blocked = try box.journal("add", "waits", env: ["JOURNAL_LOCK_TIMEOUT": "0.5"])
        #expect(blocked.status == 1)
        #expect(blocked.stderr.contains("another journal command is still writing"))
        #expect(box.entryFiles().isEmpty)
        kill(holder.processIdentifier, SIGKILL)
        if let sleeper { kill(sleeper, SIGKILL) }
        holder.waitUntilExit()
        let after = try box.journal("add", "goes through", env: ["JOURNAL_LOCK_TIMEOUT": "2"])
        #expect(after.status == 0)
    }
}
