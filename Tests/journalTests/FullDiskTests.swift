import Foundation
import Testing

/// A small file system of a test's own: a tmpfs of a few megabytes, mounted in a user and mount namespace
/// (`unshare -rm`), which needs no root. Only the processes run through `run` (nsenter) see it; the rest of
/// the machine (the sandbox's HOME, a remote, an import's source) they see as everyone does.
final class SmallDisk {
    let box: Sandbox
    /// Where the file system is mounted (inside the namespace only).
    let mount: String
    private let holder: FixtureProcess

    init(_ box: Sandbox, megabytes: Int) throws {
        self.box = box
        mount = box.root.path + "/disk"
        try FileManager.default.createDirectory(atPath: mount, withIntermediateDirectories: true)
        guard let unshare = GitServers.findProgram(["unshare"]), GitServers.findProgram(["nsenter"]) != nil else {
            throw SkipReason("unshare and nsenter (util-linux) are not installed")
        }
        holder = try FixtureProcess(
            unshare, ["-rm", "sh", "-c", "mount -t tmpfs -o size=\(megabytes)m tmpfs \"$0\" && echo mounted && exec sleep infinity", mount],
            environment: box.environment, cwd: box.root.path, logPath: box.root.path + "/disk.log")
        guard holder.wait(until: { holder.log.contains("mounted") }) else {
            let log = holder.log.trimmingCharacters(in: .whitespacesAndNewlines)
            holder.terminate()
            throw SkipReason("this machine lets no user namespace mount a tmpfs (unshare -rm: \(log))")
        }
    }

    deinit { holder.terminate() }

    /// Runs `program ARGS` inside the namespace, in `cwd` (the disk, by default).
    @discardableResult
    func run(_ program: String, _ arguments: [String], env extra: [String: String] = [:], cwd: String? = nil) throws
        -> Sandbox.Result
    {
        try Sandbox.exec(
            "/usr/bin/env", ["nsenter", "-t", String(holder.pid), "-U", "-m", "--preserve-credentials", program] + arguments,
            stdin: nil, env: box.environment.merging(extra) { $1 }, cwd: cwd ?? box.root.path)
    }

    /// `journal -J JOURNAL ARGS` inside the namespace.
    @discardableResult
    func journal(_ journal: String, _ arguments: String..., env: [String: String] = [:]) throws -> Sandbox.Result {
        try run(Sandbox.binary, ["-J", journal] + arguments, env: env)
    }

    /// A shell command line inside the namespace; its output, which must succeed.
    @discardableResult
    func shell(_ script: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let result = try run("/bin/sh", ["-c", script])
        #expect(result.status == 0, "\(script): \(result.stderr)", sourceLocation: sourceLocation)
        return result.stdout
    }

    /// Fills the file system to its last block.
    func fill() throws {
        _ = try run("/bin/sh", ["-c", "dd if=/dev/zero of=\(Sandbox.shellQuote(mount))/filler bs=4096 2>/dev/null; sync"])
        #expect(try shell("df -P \(Sandbox.shellQuote(mount)) | awk 'NR == 2 { print $4 }'").trimmingCharacters(in: .whitespacesAndNewlines) == "0")
    }

    func free() throws { try shell("rm \(Sandbox.shellQuote(mount))/filler") }
}

/// A full disk and a read-only file system: reads answer as they do anywhere (the snapshot as it is, changed
/// files read directly) with one line saying why nothing is written; writes fail with one line that says the
/// disk is full and where, leave nothing half-written and no temporary file; once there is space, everything
/// works and is consistent.
@Suite struct FullDiskTests {
    /// The entry files, the tool's temporaries and git's, and the commits, as the disk has them.
    static func state(_ disk: SmallDisk, _ journal: String) throws -> String {
        try disk.shell(
            "cd \(Sandbox.shellQuote(journal)) && find entries attachments -type f 2>/dev/null | sort"
                + " && echo --- && ls -A .git/journal/tmp && find .git/objects -name 'tmp_*' -o -name '*pack_git2_*' && echo ---"
                + " && git rev-parse HEAD")
    }

    /// `journal -J` of the disk's journal finds exactly one line on stderr, saying the disk is full and where.
    static func expectNoSpace(_ result: Sandbox.Result, _ disk: SmallDisk, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(result.status == 1, "\(result.stdout)", sourceLocation: sourceLocation)
        #expect(result.stderr.hasPrefix("journal: no space left to write \(disk.mount)/j/"), "\(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stderr.contains(": the disk at \(disk.mount) is full (or your quota there is used up)"), sourceLocation: sourceLocation)
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)", sourceLocation: sourceLocation)
        #expect(!result.stderr.contains("safe to delete"), "not the index's fault: \(result.stderr)", sourceLocation: sourceLocation)
    }

    @Test func aFullDiskIsStillReadAndRefusesWritesCleanly() throws {
        let box = try Sandbox()
        guard let disk = try SkipReason.startOrSkip({ try SmallDisk(box, megabytes: 6) }) else { return }
        let journal = disk.mount + "/j"
        let remote = box.root.path + "/remote.git"
        try box.git("init", "--bare", "-q", "-b", "main", remote, in: box.root.path)
        #expect(try disk.run(Sandbox.binary, ["init", journal]).status == 0)
        var ids: [String] = []
        for title in ["Market day", "Rain in Busan", "Hotteok"] {
            let added = try disk.journal(journal, "add", "\(title) hello")
            ids.append(String(added.stdout.split(separator: " ")[1]))
            box.advanceClock()
        }
        #expect(try disk.journal(journal, "remote", "add", "origin", remote).status == 0)
        #expect(try disk.journal(journal, "sync").status == 0)
        // Another machine adds entries the full disk has no room for.
        let other = box.root.path + "/other"
        #expect(try box.run(["clone", remote, other]).status == 0)
        let bulk = (0..<4000).map { "line \($0) of a long day" }.joined(separator: "\n")
        for index in 1...5 { #expect(try box.run(["-J", other, "add", "From afar \(index)\n\n\(bulk)"]).status == 0) }
        #expect(try box.run(["-J", other, "sync"]).status == 0)
        let notes = box.root.path + "/notes"
        try FileManager.default.createDirectory(atPath: notes, withIntermediateDirectories: true)
        for day in 1...3 { try "# Note \(day)\n\nfrom my notes\n".writeReplacing(toFile: notes + "/2026-10-0\(day).md") }
        let editor = try box.script("editor.sh", "echo 'edited in the editor' >> \"$1\"\n")

        try disk.fill()
        let before = try Self.state(disk, journal)

        // Reads answer as ever.
        let list = try disk.journal(journal, "list")
        #expect(list.status == 0, "\(list.stderr)")
        #expect(list.stdout.split(separator: "\n").count == 3)
        #expect(try disk.journal(journal, "search", "hotteok").stdout.contains(ids[2]))
        #expect(try disk.journal(journal, "today").stdout.split(separator: "\n").count == 3)
        #expect(try disk.journal(journal, "show", ids[0]).stdout.contains("Market day hello"))

        // Writes fail with one line each, and change nothing.
        Self.expectNoSpace(try disk.journal(journal, "add", "No room for this"), disk)
        Self.expectNoSpace(try disk.journal(journal, "tag", ids[0], "+food"), disk)
        Self.expectNoSpace(try disk.journal(journal, "sync"), disk)
        let imported = try disk.journal(journal, "import", "markdown", notes)
        Self.expectNoSpace(imported, disk)
        #expect(try Self.state(disk, journal) == before)

        // A file changed since the snapshot (by hand: a few bytes fit in the file's last block) is shown as it
        // is now, read from the file; reads say why the snapshot is not brought up to date, and writes are
        // refused before they start.
        let path = try disk.shell("cd \(Sandbox.shellQuote(journal)) && ls entries/*/*/*\(ids[1]).md").trimmingCharacters(in: .newlines)
        try disk.shell("echo 'changed by hand' >> \(Sandbox.shellQuote(journal + "/" + path))")
        let changed = try disk.journal(journal, "show", ids[1])
        #expect(changed.status == 0, "\(changed.stderr)")
        #expect(changed.stdout.contains("changed by hand"))
        let full = "journal: the disk at \(disk.mount) is full (or your quota there is used up): the journal was read as it is, "
            + "without updating its index or committing anything\n"
        #expect(changed.stderr == full)
        let search = try disk.journal(journal, "search", "hand")
        #expect(search.stdout.contains(ids[1]), "\(search.stdout)")
        #expect(search.stderr == full)
        #expect(try disk.journal(journal, "list").stderr == full)
        for arguments in [["add", "Still no room"], ["tag", ids[0], "+food"], ["sync"], ["import", "markdown", notes]] {
            let refused = try disk.run(Sandbox.binary, ["-J", journal] + arguments)
            Self.expectNoSpace(refused, disk)
        }
        let refusedEdit = try disk.journal(journal, "edit", ids[0], env: ["EDITOR": editor])
        Self.expectNoSpace(refusedEdit, disk)
        #expect(!(try disk.journal(journal, "show", ids[0]).stdout.contains("edited in the editor")), "the editor never opened")
        #expect(try Self.state(disk, journal) == before)
        // In Korean too.
        let korean = try disk.journal(journal, "add", "공간이 없어요", env: KoreanTests.korean)
        #expect(korean.status == 1)
        #expect(korean.stderr.contains("에 쓸 공간이 없어요: \(disk.mount)의 디스크가 가득 찼어요"), "\(korean.stderr)")
        #expect(try disk.journal(journal, "list", env: KoreanTests.korean).stderr.contains("\(disk.mount)의 디스크가 가득 찼어요"))

        // Space again: the next commands just work, and everything is consistent.
        try disk.free()
        let after = try disk.journal(journal, "list")
        #expect(after.status == 0, "\(after.stderr)")
        #expect(after.stderr == "Committed 1 change made outside journal.\n")
        #expect(try disk.journal(journal, "sync").stdout.hasPrefix("↓ 5 new"))
        #expect(try disk.journal(journal, "import", "markdown", notes).status == 0)
        #expect(try disk.journal(journal, "tag", ids[0], "+food").status == 0)
        #expect(try disk.journal(journal, "add", "Room again").status == 0)
        try disk.shell("cd \(Sandbox.shellQuote(journal)) && git fsck --strict --no-progress && test -z \"$(git status --porcelain)\"")
        let files = try disk.shell("cd \(Sandbox.shellQuote(journal)) && find entries -name '*.md' | wc -l")
        let listed = try disk.journal(journal, "list", "-n", "100").stdout.split(separator: "\n").count
        #expect(Int(files.trimmingCharacters(in: .whitespacesAndNewlines)) == listed)
        #expect(listed == 3 + 5 + 3 + 1)
        #expect(try disk.shell("ls -A \(Sandbox.shellQuote(journal))/.git/journal/tmp") == "")
    }

    @Test func aReadOnlyFileSystemIsReadWithTheFilesChangedSince() throws {
        let box = try Sandbox()
        guard let disk = try SkipReason.startOrSkip({ try SmallDisk(box, megabytes: 4) }) else { return }
        let journal = disk.mount + "/j"
        let copy = disk.mount + "/copy"
        #expect(try disk.run(Sandbox.binary, ["init", journal]).status == 0)
        let first = try disk.journal(journal, "add", "First day").stdout.split(separator: " ")[1]
        let second = try disk.journal(journal, "add", "Second day").stdout.split(separator: " ")[1]
        let path = try disk.shell("cd \(Sandbox.shellQuote(journal)) && ls entries/*/*/*\(second).md").trimmingCharacters(in: .newlines)
        try disk.shell("echo 'written before the disk went read-only' >> \(Sandbox.shellQuote(journal + "/" + path))")
        // A copy of the journal without its snapshot (as `cp` of the work tree and `.git` but the tool's folder).
        try disk.shell("cp -a \(Sandbox.shellQuote(journal)) \(Sandbox.shellQuote(copy)) && rm -r \(Sandbox.shellQuote(copy))/.git/journal")
        try disk.shell("mount -o remount,ro \(Sandbox.shellQuote(disk.mount))")

        let note = "journal: the file system at \(disk.mount) is read-only: the journal was read as it is, "
            + "without updating its index or committing anything\n"
        for folder in [journal, copy] {
            let list = try disk.journal(folder, "list")
            #expect(list.status == 0, "\(list.stderr)")
            #expect(list.stdout.contains("First day") && list.stdout.contains("Second day"), "\(list.stdout)")
            #expect(list.stderr == note)
            let search = try disk.journal(folder, "search", "read-only")
            #expect(search.stdout.contains(String(second)), "\(search.stdout)")
            #expect(try disk.journal(folder, "show", String(second)).stdout.contains("written before the disk went read-only"))
            let add = try disk.journal(folder, "add", "Nowhere to go")
            #expect(add.status == 1)
            #expect(add.stderr.hasPrefix("journal: cannot write \(folder)/"), "\(add.stderr)")
            #expect(add.stderr.hasSuffix(": the file system at \(disk.mount) is read-only\n"), "\(add.stderr)")
            #expect(add.stderr.split(separator: "\n").count == 1)
            #expect(try disk.journal(folder, "tag", String(first), "+x").stderr.hasSuffix("is read-only\n"))
        }
    }
}
