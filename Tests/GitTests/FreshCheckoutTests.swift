import Foundation
import Testing
@testable import Git

/// A clone's checkout writes HEAD's files on every core and git's index as bytes: git must find the work tree
/// and the index exactly as its own checkout leaves them.
@Suite struct FreshCheckoutTests {
    /// Makes a repository at `source` with `files` (path: content) committed by the git program (after
    /// `staged` has its way with the index), and clones it without checking out.
    private func cloned(_ scratch: Scratch, _ files: [String: String], staged: (String) throws -> Void = { _ in })
        throws -> (Repository, String)
    {
        let source = scratch.path("source")
        try FileManager.default.createDirectory(atPath: source, withIntermediateDirectories: true)
        try scratch.git("init", "-q", "-b", "main", in: source)
        for (path, text) in files { try scratch.write(text, to: path, in: source) }
        try scratch.git("add", "-A", in: source)
        try staged(source)
        try scratch.git("commit", "-q", "-m", "files", in: source)
        let target = scratch.path("clone")
        let repo = try Repository.clone(url: source, into: target, access: local, checkout: false)
        return (repo, target)
    }

    @Test func theWorkTreeAndIndexAreGitsOwn() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        var files: [String: String] = ["journal.yml": "name: x\n", ".gitignore": ".DS_Store\n", "a.md": "a\n",
                                       "a-b": "dash\n", "a0": "zero\n", "a/x.md": "in a\n", "a/b/c/deep.md": "deep\n",
                                       "entries/2024/01/é.md": "accent\n", "empty.md": "", "스크립트.sh": "#!/bin/sh\n"]
        for day in 1...300 { files["entries/2024/02/\(day).md"] = "day \(day)\n" }
        let source = scratch.path("source")
        try FileManager.default.createDirectory(atPath: source, withIntermediateDirectories: true)
        #expect(symlink("a/x.md", source + "/link") == 0)
        try scratch.write("#!/bin/sh\n", to: "스크립트.sh", in: source)
        #expect(chmod(source + "/스크립트.sh", 0o755) == 0)
        let (repo, target) = try cloned(scratch, files)

        var planned: [String] = []
        let visits = Visits()
        #expect(try repo.checkOutHeadIntoEmptyTree { files in
            planned = files.map { String(decoding: $0.path, as: UTF8.self) }
            return Repository.CheckoutVisitor(wrote: { visits.add($0, $1.count, $2) }, failed: { Issue.record("failed") })
        })
        #expect(planned.count == files.count + 1 && Set(planned) == Set(files.keys).union(["link"]))
        // Every file heard once, as written.
        #expect(visits.seen.keys.sorted() == Array(planned.indices))
        // What git's index says is what HEAD's tree says, mode and blob, and git finds nothing changed.
        let staged = try scratch.git("ls-files", "-s", in: target).split(separator: "\n").map { line in
            let parts = line.split(separator: "\t")
            let fields = parts[0].split(separator: " ")
            return "\(fields[0]) \(fields[1])\t\(parts[1])"
        }
        let committed = try scratch.git("ls-tree", "-r", "HEAD", in: target).split(separator: "\n").map { line in
            let parts = line.split(separator: "\t")
            let fields = parts[0].split(separator: " ")
            return "\(fields[0]) \(fields[2])\t\(parts[1])"
        }
        #expect(staged == committed)
        #expect(try scratch.git("write-tree", in: target) == scratch.git("rev-parse", "HEAD^{tree}", in: target))
        try scratch.git("update-index", "--force-write-index", in: target, env: ["GIT_TEST_CHECK_CACHE_TREE": "1"])
        try scratch.expectClean(target)
        #expect(FileManager.default.isExecutableFile(atPath: target + "/스크립트.sh"))
        #expect(!FileManager.default.isExecutableFile(atPath: target + "/a.md"))
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: target + "/link") == "a/x.md")
        #expect(try String(contentsOfFile: target + "/entries/2024/01/é.md", encoding: .utf8) == "accent\n")
        // Each stamp heard is the file's as it is now, and its bytes were all of it (a link's: its target).
        for (index, path) in planned.enumerated() {
            var info = stat()
            #expect(lstat(target + "/" + path, &info) == 0)
            let (count, file) = try #require(visits.seen[index])
            #expect(count == Int(info.st_size), "\(path)")
            #expect(file.st_size == info.st_size && file.st_ino == info.st_ino)
            #expect(file.st_mtim.tv_sec == info.st_mtim.tv_sec && file.st_mtim.tv_nsec == info.st_mtim.tv_nsec)
            #expect(file.st_ctim.tv_sec == info.st_ctim.tv_sec && file.st_ctim.tv_nsec == info.st_ctim.tv_nsec)
        }
        // The git program commits on top of it as usual.
        try scratch.write("changed\n", to: "a/b/c/deep.md", in: target)
        try scratch.git("commit", "-q", "-am", "by git", in: target)
        try scratch.expectClean(target)
    }

    /// A file that cannot be written (a name too long for the file system) fails the checkout while another
    /// thread's visitor waits for the files before it: the visitor hears that the checkout failed, stops
    /// waiting, and the error comes out (a clone hung here).
    @Test func aFailedWriteReleasesAWaitingVisitor() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        var files: [String: String] = [:]
        for n in 1...600 { files["entries/\(1000 + n).md"] = "day \(n)\n" }
        files["a"] = "first\n"
        try scratch.write("long\n", to: "long.txt", in: scratch.root)
        let (repo, _) = try cloned(scratch, files) { source in
            let blob = try scratch.git("hash-object", "-w", scratch.path("long.txt"), in: source)
                .trimmingCharacters(in: .whitespacesAndNewlines)
            // Second in git's order ("a", then "aa…", then "entries"), in the first thread's first run.
            try scratch.git("update-index", "--add", "--cacheinfo", "100644,\(blob),\(String(repeating: "a", count: 300))", in: source)
        }
        let released = Released()
        #expect(throws: GitError.self) {
            try repo.checkOutHeadIntoEmptyTree { _ in
                Repository.CheckoutVisitor(
                    wrote: { index, _, _ in
                        // The first file waits until another thread waits for it, and only then is the next
                        // one, the one that cannot be written, tried.
                        if index == 0 { released.waitForAWaiter() }
                        if index >= 256 { released.wait() }
                    },
                    failed: { released.release() })
            }
        }
        #expect(!released.timedOut, "a visitor waited until its own time limit")
    }

    /// What the fast checkout does not handle is left to libgit2, before anything is written: a tree whose
    /// files a filter could change, a work tree that is not empty, a submodule.
    @Test func otherCheckoutsAreLeftToLibgit2() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let (repo, target) = try cloned(scratch, ["a.md": "a\n", ".gitattributes": "*.md text\n"])
        #expect(try !repo.checkOutHeadIntoEmptyTree { _ in Issue.record("the plan was heard"); return nil })
        #expect(try FileManager.default.contentsOfDirectory(atPath: target) == [".git"])
        try repo.checkOutHead()
        try scratch.expectClean(target)

        let other = try Scratch()
        defer { other.remove() }
        let (plain, path) = try cloned(other, ["a.md": "a\n"])
        try other.write("mine\n", to: "notes.txt", in: path)
        #expect(try !plain.checkOutHeadIntoEmptyTree { _ in Issue.record("the plan was heard"); return nil })
        #expect(!FileManager.default.fileExists(atPath: path + "/a.md"))

        let third = try Scratch()
        defer { third.remove() }
        let source = third.path("source")
        try FileManager.default.createDirectory(atPath: source, withIntermediateDirectories: true)
        try third.git("init", "-q", "-b", "main", in: source)
        try third.write("a\n", to: "a.md", in: source)
        try third.git("add", "a.md", in: source)
        try third.git("update-index", "--add", "--cacheinfo", "160000,\(String(repeating: "1", count: 40)),sub", in: source)
        try third.git("commit", "-q", "-m", "with a submodule", in: source)
        let withSubmodule = try Repository.clone(url: source, into: third.path("clone"), access: local, checkout: false)
        #expect(try !withSubmodule.checkOutHeadIntoEmptyTree { _ in Issue.record("the plan was heard"); return nil })
        #expect(!FileManager.default.fileExists(atPath: third.path("clone") + "/a.md"))
    }
}

/// Trees a remote can serve that git would not write: each is left to libgit2 before anything is written, and
/// nothing lands outside the work tree or in `.git`.
@Suite struct FreshCheckoutOddTreeTests {
    /// The root trees, as (mode, name, content) rows; `tree:` names a subtree of the given rows' first row.
    static let cases: [(String, [(String, String, String)])] = [
        ("a name going up", [("100644", "../escape.md", "pwned\n"), ("100644", "a.md", "a\n")]),
        ("a name into .git", [("100755", ".git/hooks/pre-commit", "#!/bin/sh\n"), ("100644", "a.md", "a\n")]),
        ("a name through a link", [("120000", "d", "/tmp"), ("100644", "d/owned.md", "pwned\n")]),
        ("an old mode", [("100664", "a.md", "a\n"), ("100644", "b.md", "b\n")]),
        ("an empty folder", [("100644", "a.md", "a\n"), ("40000", "empty", "")]),
        ("names out of order", [("100644", "b.md", "b\n"), ("100644", "a.md", "a\n")]),
        ("attributes in a folder", [("100644", "a.md", "a\n"), ("40000", "entries", ".gitattributes")]),
    ]

    @Test(arguments: 0..<cases.count) func isLeftToLibgit2(number: Int) throws {
        let (what, rows) = FreshCheckoutOddTreeTests.cases[number]
        let scratch = try Scratch()
        defer { scratch.remove() }
        let source = scratch.path("source")
        try FileManager.default.createDirectory(atPath: source, withIntermediateDirectories: true)
        try scratch.git("init", "-q", "-b", "main", in: source)
        var entries: [(String, [UInt8], String)] = []
        for (mode, name, content) in rows {
            if mode == "40000" {
                // A folder: empty, or holding one file named `content`.
                let inner = content.isEmpty ? [] : [("100644", Array(content.utf8), try blob(scratch, "* text eol=crlf\n", in: source))]
                entries.append((mode, Array(name.utf8), try tree(scratch, inner, in: source)))
            } else {
                entries.append((mode, Array(name.utf8), try blob(scratch, content, in: source)))
            }
        }
        let root = try tree(scratch, entries, in: source)
        let commit = try scratch.git("commit-tree", root, "-m", "odd", in: source).trimmingCharacters(in: .newlines)
        try scratch.git("update-ref", "refs/heads/main", commit, in: source)
        let target = scratch.path("clone")
        let repo = try Repository.clone(url: source, into: target, access: local, checkout: false)
        let hooks = try FileManager.default.contentsOfDirectory(atPath: target + "/.git/hooks")

        #expect(try !repo.checkOutHeadIntoEmptyTree { _ in Issue.record("the plan was heard"); return nil }, "\(what)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: target) == [".git"], "\(what)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: target + "/.git/hooks") == hooks, "\(what)")
        #expect(!FileManager.default.fileExists(atPath: scratch.path("escape.md")), "\(what)")
        #expect(!FileManager.default.fileExists(atPath: "/tmp/owned.md"), "\(what)")
        #expect(!FileManager.default.fileExists(atPath: target + "/.git/index"), "\(what)")
    }

    /// A blob of `text` written by the git program; its id.
    private func blob(_ scratch: Scratch, _ text: String, in dir: String) throws -> String {
        let file = scratch.path("blob-\(UUID().uuidString)")
        try Data(text.utf8).write(to: URL(fileURLWithPath: file))
        return try scratch.git("hash-object", "-w", file, in: dir).trimmingCharacters(in: .newlines)
    }

    /// A tree of `entries` (mode, name, id), written as given, in the given order.
    private func tree(_ scratch: Scratch, _ entries: [(String, [UInt8], String)], in dir: String) throws -> String {
        var bytes: [UInt8] = []
        for (mode, name, hex) in entries {
            bytes += Array(mode.utf8) + [0x20] + name + [0]
            var i = hex.startIndex
            while i < hex.endIndex {
                let j = hex.index(i, offsetBy: 2)
                bytes.append(UInt8(hex[i..<j], radix: 16)!)
                i = j
            }
        }
        let file = scratch.path("tree-\(UUID().uuidString)")
        try Data(bytes).write(to: URL(fileURLWithPath: file))
        return try scratch.git("hash-object", "-t", "tree", "--literally", "-w", file, in: dir).trimmingCharacters(in: .newlines)
    }
}

/// For a remote that is a path: no credentials, no hosts.
private let local = RemoteAccess(token: nil, sshKeyFiles: [], agentSocket: nil, sshUser: "git", knownHostsFiles: [],
                                 acceptNewHost: false)

/// What a checkout's visitor heard, from the writing threads.
private final class Visits: @unchecked Sendable {
    private let lock = NSLock()
    private var heard: [Int: (Int, stat)] = [:]
    var seen: [Int: (Int, stat)] {
        lock.lock()
        defer { lock.unlock() }
        return heard
    }
    func add(_ index: Int, _ count: Int, _ file: stat) {
        lock.lock()
        #expect(heard[index] == nil, "file \(index) heard twice")
        heard[index] = (count, file)
        lock.unlock()
    }
}

/// A visitor's wait, ended by the checkout's failure (or, so that a broken build fails instead of hanging, by
/// a time limit).
private final class Released: @unchecked Sendable {
    private let condition = NSCondition()
    private var done = false
    private var waiting = false
    private(set) var timedOut = false
    func wait() {
        condition.lock()
        defer { condition.unlock() }
        waiting = true
        condition.broadcast()
        let limit = Date().addingTimeInterval(60)
        while !done {
            if !condition.wait(until: limit) {
                timedOut = true
                return
            }
        }
    }
    /// Until a thread waits in `wait` (at most 10 s: with one core, no other thread writes).
    func waitForAWaiter() {
        condition.lock()
        defer { condition.unlock() }
        let limit = Date().addingTimeInterval(10)
        while !waiting && condition.wait(until: limit) {}
    }
    func release() {
        condition.lock()
        done = true
        condition.broadcast()
        condition.unlock()
    }
}
