import Foundation
import TestSupport
import Testing

/// What a command loads and writes on its way (issue 12): nothing for the network unless it goes
/// there, and no write to the snapshot when nothing changed.
@Suite struct StartupTests {
    /// The libraries the dynamic loader started during one run (LD_DEBUG=libs, on glibc), dlopen too.
    static func librariesStarted(_ result: Sandbox.Result) -> [String] {
        result.stderr.split(separator: "\n").compactMap { line in
            guard let range = line.range(of: "calling init: ") else { return nil }
            return String(line[range.upperBound...])
        }
    }

    @Test func aCommandThatStaysOffTheNetworkLoadsNoLibcurl() throws {
        #if os(Linux)
        let box = try Sandbox()
        try box.journal("init")
        _ = try box.add("Off the network")
        let list = try box.journal("list", env: ["LD_DEBUG": "libs"])
        #expect(list.status == 0)
        let started = Self.librariesStarted(list)
        #expect(started.contains { $0.contains("libsqlite3") }, "LD_DEBUG=libs said: \(started)")
        #expect(!started.contains { $0.contains("libcurl") }, "\(started)")
        #expect(!started.contains { $0.contains("FoundationNetworking") }, "\(started)")
        #endif
    }

    /// Debian's libgit2 reads and parses the system's CA bundle when it starts (a tenth of a small `list`):
    /// a read with nothing to commit never starts libgit2, and a command that uses git without the network
    /// (log, add) starts it without the bundle, which only a sync reads. Seen in the files each opens (strace).
    @Test func onlyTheNetworkReadsTheCABundle() throws {
        #if os(Linux)
        guard let strace = try Self.strace() else { return }
        let box = try Sandbox()
        try box.journal("init")
        _ = try box.add("Nothing to commit")
        func opened(_ arguments: [String]) throws -> String {
            try Self.trace(strace, box, calls: "openat,open", arguments).joined(separator: "\n")
        }
        for command in [["list"], ["search", "commit"], ["today"], ["tags"], ["log", "-n", "1"], ["add", "Another"]] {
            let files = try opened(command)
            #expect(files.contains("index.sqlite"), "\(command): \(files.prefix(500))")
            #expect(!files.contains("/etc/ssl/"), "\(command) read the CA bundle")
        }
        let remote = box.root.path + "/remote.git"
        try box.git("init", "--bare", "-q", "-b", "main", remote, in: box.root.path)
        #expect(try box.journal("remote", "add", "origin", remote).status == 0)
        #expect(try opened(["sync"]).contains("/etc/ssl/"))
        #endif
    }

    /// strace's path, or the test is skipped where it is missing or cannot trace.
    static func strace(sourceLocation: SourceLocation = #_sourceLocation) throws -> String? {
        try SkipReason.startOrSkip({ () throws -> String in
            guard let path = GitServers.findProgram(["strace"]) else { throw SkipReason("strace is not installed") }
            // The probe's program by its path: the environment handed to it has no PATH.
            guard let program = GitServers.findProgram(["true"]) else { throw SkipReason("no true(1) to trace") }
            let probe = try Sandbox.exec(path, ["-o", "/dev/null", program], stdin: nil, env: [:], cwd: "/")
            guard probe.status == 0 else { throw SkipReason("strace cannot trace here: \(probe.stderr)") }
            return path
        }, sourceLocation: sourceLocation)
    }

    /// What strace saw of the system calls `calls` (all threads, one line each) while `journal ARGUMENTS` ran in
    /// `box`, which must succeed; `options` go to strace.
    static func trace(_ strace: String, _ box: Sandbox, calls: String, options: [String] = [], _ arguments: [String],
                      sourceLocation: SourceLocation = #_sourceLocation) throws -> [String] {
        let path = box.root.path + "/trace"
        let result = try Sandbox.exec(strace, ["-f", "-qq"] + options + ["-e", "trace=" + calls, "-o", path, Sandbox.binary] + arguments,
                                      stdin: nil, env: box.environment, cwd: box.home)
        #expect(result.status == 0, "\(arguments): \(result.stderr)", sourceLocation: sourceLocation)
        return String(decoding: FileManager.default.contents(atPath: path) ?? Data(), as: UTF8.self).split(separator: "\n").map(String.init)
    }

    /// What `add` writes is on the disk before it says so (DESIGN.md: a crash or a power cut leaves every entry
    /// old or new and the repository readable): the entry file, every object of its commit (stored by threads
    /// that each open the object database alone, not the whole repository) and the branch are each flushed
    /// before they get their names, and each one's folder after. Seen in the flushes strace reports, by path.
    @Test func addFlushesEveryFileItNamesAndItsFolder() throws {
        #if os(Linux)
        guard let strace = try Self.strace() else { return }
        let box = try Sandbox()
        try box.journal("init")
        _ = try box.add("Before")
        let lines = try Self.trace(strace, box, calls: "fsync,fdatasync,link,rename,renameat,renameat2", options: ["-y", "-s", "4096"],
                                   ["add", "Flushed to disk"])
        // Whether the call on line `index` returned 0: on its line, or on the one that resumes it (the same thread)
        // where strace split it around another thread's calls.
        func succeeded(_ index: Int) -> Bool {
            var line = lines[index]
            if line.contains("<unfinished") {
                let thread = line.prefix { $0 != " " } + " "
                guard let resumed = lines[(index + 1)...].first(where: { $0.hasPrefix(thread) && $0.contains("resumed>") })
                else { return false }
                line = resumed
            }
            return line.contains(/\)\s+=\s+0(\s|$)/)  // strace pads the result to a column
        }
        // (line, from, to) of each file given its name by link(2) or rename(2); not the calls that failed (libgit2
        // tries a link first, and renames when the name is taken).
        let named: [(line: Int, from: String, to: String)] = lines.enumerated().compactMap { index, line in
            guard let match = line.firstMatch(of: /(?:link|rename|renameat2?)\((?:[^"]*)"([^"]+)", (?:[^"]*)"([^"]+)"/),
                succeeded(index)
            else { return nil }
            return (index, String(match.1), String(match.2))
        }
        // The lines that flush a descriptor whose path ends so (strace gives the path as the kernel resolves it).
        func flushes(endingWith suffix: String) -> [Int] {
            lines.indices.filter { lines[$0].contains(/f(?:data)?sync\(\d+</) && lines[$0].contains(suffix + ">") }
        }
        func expectDurable(_ what: String, _ target: (String) -> Bool) {
            guard let name = named.first(where: { target($0.to) }) else {
                Issue.record("\(what): never named; named were \(named.map(\.to))")
                return
            }
            let temporary = "/" + (name.from as NSString).lastPathComponent
            #expect(flushes(endingWith: temporary).contains { $0 < name.line }, "\(what): \(temporary) not flushed before it was named")
            let parts = name.to.split(separator: "/")
            let folder = "/" + parts.dropLast().suffix(2).joined(separator: "/")
            #expect(flushes(endingWith: folder).contains { $0 > name.line }, "\(what): \(folder) not flushed after")
        }
        let entry = try #require(box.entryFiles().first { box.read($0)?.contains("Flushed to disk") == true })
        expectDurable("the entry") { $0.hasSuffix("/" + entry) }
        let objects = try box.git("rev-list", "--objects", "HEAD", "--not", "HEAD^").split(separator: "\n").map { String($0.prefix(40)) }
        #expect(objects.count == 6, "the commit, four trees and the blob: \(objects)")
        for id in objects {
            expectDurable("object \(id)") { $0.hasSuffix("/objects/" + id.prefix(2) + "/" + id.dropFirst(2)) }
        }
        expectDurable("the branch") { $0.hasSuffix("/refs/heads/main") }
        #endif
    }

    @Test func weatherLoadsLibcurlWhenItGoesToTheNetwork() throws {
        #if os(Linux)
        let server = try ProviderServer()
        let box = try WeatherCommandTests.sandbox(server)
        let result = try box.journal("add", "--location", "Busan", "Sea at Haeundae", env: ["LD_DEBUG": "libs"])
        #expect(result.status == 0)
        #expect(Self.librariesStarted(result).contains { $0.contains("libcurl") })
        #expect(server.requests.map(\.path) == ["/v1/search", "/v1/forecast"])
        #expect(try box.onlyEntry().contains("condition: cloudy"))
        #endif
    }

    @Test func readingWritesNothingAndAnEditAfterManyReadsIsSeen() throws {
        let box = try Sandbox()
        try box.journal("init")
        _ = try box.add("Original title")
        let path = try #require(box.entryFiles().first)
        // Files written within a second of a scan are re-read by every command until that second has
        // passed (a same-size rewrite in the same clock tick could hide): files from an hour ago are not.
        let hourAgo = Date().addingTimeInterval(-3600)
        for file in [path, "journal.yml"] {
            try FileManager.default.setAttributes([.modificationDate: hourAgo], ofItemAtPath: box.journal + "/" + file)
        }
        _ = try box.journal("list")
        let snapshot = box.journal + "/.git/journal/index.sqlite"
        let written = try FileManager.default.attributesOfItem(atPath: snapshot)[.modificationDate] as? Date
        for _ in 0..<3 { #expect(try box.journal("list").stdout.contains("Original title")) }
        #expect(try FileManager.default.attributesOfItem(atPath: snapshot)[.modificationDate] as? Date == written)
        let wal = FileManager.default.fileExists(atPath: snapshot + "-wal")
            ? try FileManager.default.attributesOfItem(atPath: snapshot + "-wal")[.size] as? Int : 0
        #expect(wal == 0, "a read left \(wal ?? -1) bytes in the write-ahead log")

        // The same size, the same modification time: still seen, whatever the reads before did.
        let full = box.journal + "/" + path
        let before = try FileManager.default.attributesOfItem(atPath: full)[.modificationDate] as? Date
        let text = try #require(box.read(path))
        try box.write(path, text.replacingOccurrences(of: "Original title", with: "Replaced title"))
        try FileManager.default.setAttributes([.modificationDate: try #require(before)], ofItemAtPath: full)
        #expect(try box.journal("list").stdout.contains("Replaced title"))
        #expect(try box.commitSubjects().first?.hasPrefix("Edit \"Replaced title\"") == true)
    }

    /// A file still racy (here: stamped an hour ahead, so for as long as the test runs whatever the machine's
    /// load) is re-read by every command, but when its bytes are unchanged nothing is written: the reads
    /// right after an `add` pay no snapshot write. Its edit is still seen. The same with many racy files
    /// (as after a clone), which are hashed on every core.
    @Test(arguments: [0, 150]) func readsRightAfterAWriteWriteNothing(others: Int) throws {
        let box = try Sandbox()
        try box.journal("init")
        _ = try box.add("Original title")
        let path = try #require(box.entryFiles().first)
        let full = box.journal + "/" + path
        let ahead = Date().addingTimeInterval(3600)
        for n in 0..<others { try box.write("entries/2024/01/other-\(n).md", "Other \(n)\n") }
        if others > 0 { _ = try box.journal("commit") }
        // Every file the walk sees, so that none stops being racy while the test runs (one that does is
        // worth one write: it is not read again after it).
        for file in try box.entryFiles() + ["journal.yml"] {
            try FileManager.default.setAttributes([.modificationDate: ahead], ofItemAtPath: box.journal + "/" + file)
        }
        _ = try box.journal("list")  // records the new stamps
        let snapshot = box.journal + "/.git/journal/index.sqlite"
        let written = try FileManager.default.attributesOfItem(atPath: snapshot)[.modificationDate] as? Date
        for _ in 0..<3 { #expect(try box.journal("list").stdout.contains("Original title")) }
        #expect(try box.journal("search", "original").stdout.contains("Original title"))
        #expect(try FileManager.default.attributesOfItem(atPath: snapshot)[.modificationDate] as? Date == written)
        // The write-ahead log is kept between commands (SQLITE_FCNTL_PERSIST_WAL), empty.
        let log = try FileManager.default.attributesOfItem(atPath: snapshot + "-wal")[.size] as? Int
        #expect(log == 0, "a read left frames in the write-ahead log")

        let text = try #require(box.read(path))
        try box.write(path, text.replacingOccurrences(of: "Original title", with: "Replaced title"))
        try FileManager.default.setAttributes([.modificationDate: ahead], ofItemAtPath: full)
        #expect(try box.journal("list").stdout.contains("Replaced title"))
        #expect(try box.commitSubjects().first?.hasPrefix("Edit \"Replaced title\"") == true)
    }

    @Test func aJournalInALinkedWorkTreeStillOpens() throws {
        // `.git` is a file there: libgit2, not the quick check for a `.git` folder, finds the repository.
        let box = try Sandbox()
        try box.journal("init")
        _ = try box.add("In the main tree")
        let linked = box.home + "/linked"
        _ = try box.git("worktree", "add", "-q", linked)
        let list = try box.run(["-J", linked, "list"])
        #expect(list.status == 0, "\(list.stderr)")
        #expect(list.stdout.contains("In the main tree"))
        let add = try box.run(["-J", linked, "add", "In the linked tree"])
        #expect(add.status == 0, "\(add.stderr)")
        // Its objects went to the repository's one object store (`.git/objects`), not to the linked tree's
        // own git folder, and git sees the commit whole and the tree clean.
        #expect(try box.git("log", "-1", "--format=%s", in: linked).hasPrefix("Add \"In the linked tree\""))
        #expect(try box.git("write-tree", in: linked) == box.git("rev-parse", "HEAD^{tree}", in: linked))
        #expect(try box.git("status", "--porcelain", in: linked) == "")
        _ = try box.git("fsck", "--strict", "--no-progress", in: linked)
        #expect(!FileManager.default.fileExists(atPath: box.journal + "/.git/worktrees/linked/objects"))
    }

}
