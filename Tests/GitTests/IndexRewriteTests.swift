import Foundation
import Testing
@testable import Git

/// A commit of a few paths rewrites git's index as bytes (`IndexFile`) instead of through libgit2. git must
/// read the result as its own: the same trees, a cache of trees it can build on, stat data that keeps a
/// racily clean file's change visible, and libgit2 taking over for whatever the rewrite does not handle.
@Suite struct IndexRewriteTests {
    /// Files in nested folders: one changed, one added in a new folder, the last of a folder removed. The trees
    /// match the index, and the git program's next commit, built on the cache of trees written, holds every file.
    @Test func treesAndTheirCacheAgreeWithGit() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let dir = scratch.root
        let repo = try Repository.create(at: dir)
        for path in ["journal.yml", "entries/2023/12/only.md", "entries/2024/01/a.md", "entries/2024/01/b.md",
                     "entries/2024/01/sub/deep.md", "entries/2024/01-x.md", "entries/2024/010.md"] {
            try scratch.write("\(path)\n", to: path, in: dir)
        }
        _ = try repo.commit(paths: ["journal.yml", "entries/2023/12/only.md", "entries/2024/01/a.md",
                                    "entries/2024/01/b.md", "entries/2024/01/sub/deep.md", "entries/2024/01-x.md",
                                    "entries/2024/010.md"], message: "first", signature: tester)

        try scratch.write("changed\n", to: "entries/2024/01/a.md", in: dir)
        try scratch.write("new\n", to: "entries/2024/02/new.md", in: dir)
        try scratch.delete("entries/2023/12/only.md", in: dir)
        let paths = ["entries/2023/12/only.md", "entries/2024/01/a.md", "entries/2024/02/new.md"]
        let second = try #require(try repo.commitRewritingIndex(paths, message: "second", signature: tester))
        #expect(try repo.head() == second)
        #expect(try scratch.git("ls-tree", "-r", "--name-only", "HEAD", in: dir) == """
            entries/2024/01-x.md
            entries/2024/01/a.md
            entries/2024/01/b.md
            entries/2024/01/sub/deep.md
            entries/2024/010.md
            entries/2024/02/new.md
            journal.yml

            """)
        #expect(try repo.fileContents("entries/2024/01/a.md", at: second) == Data("changed\n".utf8))
        // write-tree takes every folder the cache says it knows: a wrong count or id would show here; and git
        // checks the whole cache against the entries when asked to.
        #expect(try scratch.git("write-tree", in: dir) == scratch.git("rev-parse", "HEAD^{tree}", in: dir))
        try scratch.git("update-index", "--force-write-index", in: dir, env: ["GIT_TEST_CHECK_CACHE_TREE": "1"])
        try scratch.expectClean(dir)

        try scratch.write("by git\n", to: "entries/2024/01/sub/git.md", in: dir)
        try scratch.git("add", "entries/2024/01/sub/git.md", in: dir)
        try scratch.git("commit", "-q", "-m", "by git", in: dir)
        #expect(try scratch.git("ls-tree", "-r", "--name-only", "HEAD", in: dir) == scratch.git("ls-files", in: dir))
        try scratch.expectClean(dir)

        // And the rewrite builds on the index git wrote.
        try scratch.write("again\n", to: "entries/2024/01/b.md", in: dir)
        _ = try #require(try repo.commitRewritingIndex(["entries/2024/01/b.md"], message: "third", signature: tester))
        #expect(try scratch.git("write-tree", in: dir) == scratch.git("rev-parse", "HEAD^{tree}", in: dir))
        #expect(try scratch.git("rev-list", "--count", "HEAD", in: dir) == "4\n")
        try scratch.expectClean(dir)
    }

    /// More objects than threads to store them (the batch goes to eight at most, each taking every eighth) and
    /// more bytes than a batch holds: 30 new files in ten new folders and three large ones, all committed at
    /// once, and git finds every blob and tree.
    @Test func manyObjectsAreStoredTogether() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let dir = scratch.root
        let repo = try Repository.create(at: dir)
        try scratch.write("journal\n", to: "journal.yml", in: dir)
        _ = try repo.commit(paths: ["journal.yml"], message: "first", signature: tester)
        var paths: [String] = []
        for n in 0..<30 {
            let path = "entries/2025/\(n % 10)/\(n).md"
            try scratch.write("entry \(n)\n", to: path, in: dir)
            paths.append(path)
        }
        // Two files with the same bytes: one blob, stored once.
        try scratch.write("entry 0\n", to: "entries/2025/copy.md", in: dir)
        paths.append("entries/2025/copy.md")
        // Three of 2 MB: the batch is stored when it holds more than 4 MB, and goes on filling.
        for n in 0..<3 {
            try scratch.write(String(repeating: "\(n)", count: 2 << 20), to: "attachments/big\(n).txt", in: dir)
            paths.append("attachments/big\(n).txt")
        }
        let second = try #require(try repo.commitRewritingIndex(paths, message: "second", signature: tester))
        #expect(try repo.head() == second)
        #expect(try scratch.git("ls-tree", "-r", "--name-only", "HEAD", in: dir).split(separator: "\n").count == 35)
        #expect(try repo.fileContents("attachments/big2.txt", at: second)?.count == 2 << 20)
        #expect(try scratch.git("write-tree", in: dir) == scratch.git("rev-parse", "HEAD^{tree}", in: dir))
        try scratch.expectClean(dir)
    }

    /// The commit is written while the new index is hashed, and the branch moved afterwards on its own: as
    /// libgit2's commit moves it, with "commit: <summary>" in the branch's reflog and HEAD's, and HEAD itself
    /// moved when it is detached. A tree that does not change makes no commit, and moves nothing.
    @Test func theBranchMovesAsLibgit2MovesIt() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let dir = scratch.root
        let repo = try Repository.create(at: dir)
        try scratch.write("one\n", to: "entries/a.md", in: dir)
        _ = try repo.commit(paths: ["entries/a.md"], message: "first", signature: tester)
        try scratch.write("two\n", to: "entries/a.md", in: dir)
        let second = try #require(
            try repo.commitRewritingIndex(["entries/a.md"], message: "Second line one\nand two\n\nbody", signature: tester))
        #expect(try repo.head() == second)
        let lines = "commit: Second line one and two\ncommit (initial): first\n"
        #expect(try scratch.git("reflog", "--format=%gs", "HEAD", in: dir) == lines)
        #expect(try scratch.git("reflog", "--format=%gs", "main", in: dir) == lines)
        for name in ["HEAD", "main"] {  // the committer, as libgit2's commit names it, not the config's user
            #expect(try scratch.git("reflog", "-1", "--format=%gn <%ge>", name, in: dir)
                    == "Journal Tester <tester@example.com>\n")
        }
        #expect(try scratch.git("rev-parse", "HEAD~1", in: dir) == scratch.git("rev-parse", "HEAD@{1}", in: dir))

        #expect(try repo.commitRewritingIndex(["entries/a.md"], message: "nothing", signature: tester) == second)
        #expect(try scratch.git("reflog", "--format=%gs", "HEAD", in: dir) == lines)

        try scratch.git("checkout", "-q", "--detach", in: dir)
        try scratch.write("three\n", to: "entries/a.md", in: dir)
        let third = try #require(try repo.commitRewritingIndex(["entries/a.md"], message: "third", signature: tester))
        #expect(try scratch.git("rev-parse", "HEAD", in: dir) == third.description + "\n")
        #expect(try scratch.git("rev-parse", "main", in: dir) == second.description + "\n")
        #expect(try scratch.git("status", "--porcelain", in: dir).isEmpty)
        try scratch.git("fsck", "--strict", in: dir)
    }

    /// The index this tool wrote last is trusted without hashing it again: its identity is kept in the journal's
    /// folder. One written to since, even in place with the same size and its modification time set back, is
    /// checked again, and refused when damaged; a record that matches the file as it is now is trusted.
    @Test func onlyTheIndexWrittenLastGoesUnchecked() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let dir = scratch.root
        let repo = try Repository.create(at: dir)
        try FileManager.default.createDirectory(atPath: dir + "/.git/journal", withIntermediateDirectories: true)
        repo.privateFolder = dir + "/.git/journal"
        try scratch.write("one\n", to: "entries/a.md", in: dir)
        try scratch.write("one\n", to: "entries/b.md", in: dir)
        _ = try repo.commit(paths: ["entries/a.md", "entries/b.md"], message: "first", signature: tester)
        try scratch.write("two\n", to: "entries/a.md", in: dir)
        let second = try #require(try repo.commitRewritingIndex(["entries/a.md"], message: "second", signature: tester))
        let record = dir + "/.git/journal/index-written"
        let index = dir + "/.git/index"
        var before = stat()
        #expect(stat(index, &before) == 0)
        let written = try #require(FileManager.default.contents(atPath: index))
        #expect(FileManager.default.contents(atPath: record) == Data(IndexFile.identity(before, checksum: written.suffix(20))))

        // b.md's object id damaged in place, once the clock has moved past the time the index was written.
        var probe = stat()
        repeat {
            try scratch.write("", to: "probe", in: dir)
            #expect(stat(dir + "/probe", &probe) == 0)
        } while probe.st_ctim.tv_sec == before.st_ctim.tv_sec && probe.st_ctim.tv_nsec == before.st_ctim.tv_nsec
        var data = try #require(FileManager.default.contents(atPath: index))
        let entry = try #require(data.range(of: Data("entries/b.md".utf8))).lowerBound - 62
        data[entry + 40] ^= 0xFF
        let handle = try #require(FileHandle(forWritingAtPath: index))
        try handle.write(contentsOf: data)
        try handle.close()
        var times = [before.st_atim, before.st_mtim]
        #expect(utimensat(AT_FDCWD, index, &times, 0) == 0)
        try scratch.write("three\n", to: "entries/a.md", in: dir)
        #expect(try repo.commitRewritingIndex(["entries/a.md"], message: "third", signature: tester) == nil)
        #expect(try repo.head() == second)
        #expect(FileManager.default.contents(atPath: index) == data)

        // A record made to match the damaged file is trusted: nothing hashes it.
        var now = stat()
        #expect(stat(index, &now) == 0)
        try Data(IndexFile.identity(now, checksum: data.suffix(20))).write(to: URL(fileURLWithPath: record))
        #expect(try repo.commitRewritingIndex(["entries/a.md"], message: "third", signature: tester) != nil)
    }

    /// The index's entry count is read before its checksum is known to match: a damaged one (two billion
    /// entries) is not believed, the index is left to libgit2, which refuses it, and git's lock is let go.
    @Test func aDamagedEntryCountIsRefused() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let dir = scratch.root
        let repo = try Repository.create(at: dir)
        try scratch.write("one\n", to: "entries/a.md", in: dir)
        let first = try repo.commit(paths: ["entries/a.md"], message: "first", signature: tester)
        let index = dir + "/.git/index"
        var data = try #require(FileManager.default.contents(atPath: index))
        data.replaceSubrange(8..<12, with: [0x7F, 0xFF, 0xFF, 0xFF])
        try data.write(to: URL(fileURLWithPath: index))
        try scratch.write("two\n", to: "entries/a.md", in: dir)
        #expect(try repo.commitRewritingIndex(["entries/a.md"], message: "second", signature: tester) == nil)
        #expect(!FileManager.default.fileExists(atPath: index + ".lock"))
        #expect(throws: GitError.self) {
            try Repository(at: dir).commit(paths: ["entries/a.md"], message: "second", signature: tester)
        }
        #expect(try repo.head() == first)
        #expect(FileManager.default.contents(atPath: index) == data)
    }

    /// An index of more than half a megabyte (6,000 entries) has its checksum checked, and the new one computed,
    /// on another thread while the commit goes on: the file written is one git reads as its own, and a damaged
    /// one is still refused before anything is written over it.
    @Test func aLargeIndexIsCheckedAndWrittenWhole() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let dir = scratch.root
        _ = try Repository.create(at: dir)
        for month in 1...12 {
            for day in 1...500 {
                try scratch.write("entry \(month) \(day)\n", to: "entries/2024/\(month)/\(day).md", in: dir)
            }
        }
        try scratch.git("add", "entries", in: dir)
        try scratch.git("commit", "-q", "-m", "by git", in: dir)
        let index = dir + "/.git/index"
        let size = try #require(try FileManager.default.attributesOfItem(atPath: index)[.size] as? Int)
        #expect(size > 512 * 1024)

        try scratch.write("changed\n", to: "entries/2024/7/250.md", in: dir)
        try scratch.write("new\n", to: "entries/2024/13/1.md", in: dir)
        let repo = try Repository(at: dir)
        let second = try #require(
            try repo.commitRewritingIndex(["entries/2024/7/250.md", "entries/2024/13/1.md"], message: "second",
                                          signature: tester))
        #expect(try repo.head() == second)
        #expect(try scratch.git("write-tree", in: dir) == scratch.git("rev-parse", "HEAD^{tree}", in: dir))
        #expect(try scratch.git("ls-files", in: dir).split(separator: "\n").count == 6001)
        try scratch.expectClean(dir)  // fsck checks the index's checksum

        // One byte of a path changed: still a path, only the checksum tells.
        var data = try #require(FileManager.default.contents(atPath: index))
        let name = try #require(data.range(of: Data("entries/2024/3/100.md".utf8)))
        data[name.upperBound - 1] = UInt8(ascii: "x")
        try data.write(to: URL(fileURLWithPath: index))
        try scratch.write("more\n", to: "entries/2024/1/1.md", in: dir)
        #expect(try repo.commitRewritingIndex(["entries/2024/1/1.md"], message: "third", signature: tester) == nil)
        #expect(FileManager.default.contents(atPath: index) == data)
        #expect(!FileManager.default.fileExists(atPath: index + ".lock"))
        let error = try #require(throws: GitError.self) {
            try Repository(at: dir).commit(paths: ["entries/2024/1/1.md"], message: "third", signature: tester)
        }
        #expect(error.description.contains("checksum"), "\(error)")
        #expect(try repo.head() == second)
    }

    /// An entry whose file changed in the same clock tick as the index was written looks clean by its stat data.
    /// Once the index is rewritten later, git would no longer look at its content: the rewrite marks it (size
    /// 0) when its file no longer matches, and leaves an unchanged one as it was.
    @Test func aRacilyCleanChangeStaysVisible() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let dir = scratch.root
        let repo = try Repository.create(at: dir)
        try scratch.write("aaaa\n", to: "a.md", in: dir)
        try scratch.write("cccc\n", to: "c.md", in: dir)
        try scratch.write("b\n", to: "b.md", in: dir)
        _ = try repo.commit(paths: ["a.md", "b.md", "c.md"], message: "first", signature: tester)
        let then = Date(timeIntervalSince1970: 1_600_000_000)
        for file in ["a.md", "c.md"] {
            try FileManager.default.setAttributes([.modificationDate: then], ofItemAtPath: dir + "/" + file)
        }
        try scratch.git("add", "a.md", "c.md", in: dir)
        // The index written in the files' tick, and a.md changed after, same size, same stamp.
        try FileManager.default.setAttributes([.modificationDate: then], ofItemAtPath: dir + "/.git/index")
        try scratch.write("AAAA\n", to: "a.md", in: dir)
        try FileManager.default.setAttributes([.modificationDate: then], ofItemAtPath: dir + "/a.md")

        try scratch.write("b2\n", to: "b.md", in: dir)
        _ = try #require(try repo.commitRewritingIndex(["b.md"], message: "b", signature: tester))
        #expect(try scratch.git("ls-files", "--debug", "a.md", in: dir).contains("size: 0\t"))
        #expect(try scratch.git("ls-files", "--debug", "c.md", in: dir).contains("size: 5\t"))
        #expect(try scratch.git("diff-files", "--name-only", in: dir) == "a.md\n")
        #expect(try scratch.git("status", "--porcelain", in: dir) == " M a.md\n")
    }

    /// What the rewrite does not handle goes to libgit2 untouched: an index in version 4, an entry added with
    /// intent (an extended flag), an index another process holds locked.
    @Test func otherIndexesAreLeftToLibgit2() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let dir = scratch.root
        let repo = try Repository.create(at: dir)
        try scratch.write("1\n", to: "entries/a.md", in: dir)
        _ = try repo.commit(paths: ["entries/a.md"], message: "first", signature: tester)

        try scratch.git("update-index", "--index-version", "4", in: dir)
        try scratch.write("2\n", to: "entries/a.md", in: dir)
        #expect(try repo.commitRewritingIndex(["entries/a.md"], message: "v4", signature: tester) == nil)
        _ = try repo.commit(paths: ["entries/a.md"], message: "v4", signature: tester)
        #expect(try repo.fileContents("entries/a.md", at: try #require(try repo.head())) == Data("2\n".utf8))
        try scratch.expectClean(dir)

        try scratch.git("update-index", "--index-version", "2", in: dir)
        try scratch.write("later\n", to: "entries/intent.md", in: dir)
        try scratch.git("add", "-N", "entries/intent.md", in: dir)
        try scratch.write("3\n", to: "entries/a.md", in: dir)
        #expect(try repo.commitRewritingIndex(["entries/a.md"], message: "ita", signature: tester) == nil)
        // libgit2 commits it, leaving the entry added with intent out of the tree and in the index, as git does.
        _ = try repo.commit(paths: ["entries/a.md"], message: "ita", signature: tester)
        #expect(try scratch.git("ls-tree", "-r", "--name-only", "HEAD", in: dir) == "entries/a.md\n")
        #expect(try scratch.git("status", "--porcelain", in: dir) == " A entries/intent.md\n")
        #expect(try scratch.git("write-tree", in: dir) == scratch.git("rev-parse", "HEAD^{tree}", in: dir))
        try scratch.git("rm", "-q", "--cached", "entries/intent.md", in: dir)
        try scratch.write("3b\n", to: "entries/a.md", in: dir)

        let lock = dir + "/.git/index.lock"
        #expect(FileManager.default.createFile(atPath: lock, contents: Data()))
        #expect(try repo.commitRewritingIndex(["entries/a.md"], message: "locked", signature: tester) == nil)
        #expect(FileManager.default.fileExists(atPath: lock))
        try FileManager.default.removeItem(atPath: lock)
        _ = try #require(try repo.commitRewritingIndex(["entries/a.md"], message: "3", signature: tester))
        #expect(try scratch.git("write-tree", in: dir) == scratch.git("rev-parse", "HEAD^{tree}", in: dir))
        #expect(try scratch.git("diff-files", "--name-only", in: dir).isEmpty)
        #expect(try scratch.git("status", "--porcelain", in: dir) == "?? entries/intent.md\n")
    }

    /// A file where a folder was, and a folder where a file was, as `git add` has them: the old entries go.
    @Test func aFileAndAFolderReplaceEachOther() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let dir = scratch.root
        let repo = try Repository.create(at: dir)
        for path in ["a", "b", "d/x", "d/y"] { try scratch.write("\(path)\n", to: path, in: dir) }
        _ = try repo.commit(paths: ["a", "b", "d/x", "d/y"], message: "first", signature: tester)
        try scratch.delete("a", in: dir)
        try scratch.write("x\n", to: "a/x", in: dir)
        try scratch.delete("d", in: dir)
        try scratch.write("file\n", to: "d", in: dir)
        _ = try #require(try repo.commitRewritingIndex(["a/x", "d"], message: "swap", signature: tester))
        #expect(try scratch.git("ls-files", in: dir) == "a/x\nb\nd\n")
        #expect(try scratch.git("ls-tree", "-r", "--name-only", "HEAD", in: dir) == "a/x\nb\nd\n")
        #expect(try scratch.git("write-tree", in: dir) == scratch.git("rev-parse", "HEAD^{tree}", in: dir))
        try scratch.expectClean(dir)
    }

    /// A path git would refuse is left to libgit2, which refuses it.
    @Test(arguments: ["entries//a.md", "./a.md", ".git/description", "/a.md", "x/../a.md", ".GIT/config"])
    func pathsGitRefusesAreLeftToLibgit2(path: String) throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let dir = scratch.root
        let repo = try Repository.create(at: dir)
        try scratch.write("1\n", to: "a.md", in: dir)
        try scratch.write("1\n", to: "entries/a.md", in: dir)
        let first = try repo.commit(paths: ["a.md", "entries/a.md"], message: "first", signature: tester)
        try scratch.write("2\n", to: "a.md", in: dir)
        try scratch.write("2\n", to: "entries/a.md", in: dir)
        try FileManager.default.createDirectory(atPath: dir + "/x", withIntermediateDirectories: true)
        #expect(try repo.commitRewritingIndex([path], message: "odd", signature: tester) == nil)
        #expect(try repo.head() == first)
        #expect(try scratch.git("ls-files", in: dir) == "a.md\nentries/a.md\n")
    }

    /// Racily clean entries whose files did not change keep their stat data: a symbolic link, a name that is
    /// not UTF-8, a regular file.
    @Test func racilyCleanButUnchangedEntriesStayClean() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let dir = scratch.root
        let repo = try Repository.create(at: dir)
        try scratch.write("b\n", to: "b.md", in: dir)
        _ = try repo.commit(paths: ["b.md"], message: "first", signature: tester)
        let latin = Array("l".utf8) + [0xE9] + Array("t.md".utf8)  // "lét.md" in Latin-1
        #expect(symlink("target", dir + "/link") == 0)
        let fd = open((Array((dir + "/").utf8) + latin + [0]).map { CChar(bitPattern: $0) }, O_WRONLY | O_CREAT, 0o644)
        #expect(fd >= 0 && write(fd, "x", 1) == 1)
        close(fd)
        try scratch.write("cccc\n", to: "c.md", in: dir)
        let then = timespec(tv_sec: 1_600_000_000, tv_nsec: 0)
        for name in [Array("link".utf8), latin, Array("c.md".utf8)] {
            #expect(IndexRewriteTests.setTime(then, of: Array((dir + "/").utf8) + name))
        }
        try scratch.git("add", "-A", in: dir)
        try scratch.git("commit", "-q", "-m", "more", in: dir)
        #expect(IndexRewriteTests.setTime(then, of: Array((dir + "/.git/index").utf8)))

        try scratch.write("b2\n", to: "b.md", in: dir)
        _ = try #require(try repo.commitRewritingIndex(["b.md"], message: "b", signature: tester))
        #expect(!(try scratch.git("ls-files", "--debug", in: dir).contains("size: 0\t")))
        try scratch.expectClean(dir)
    }

    /// git compares a racy entry's stamp with the index's by the second: a change later in the same second as
    /// the index was written, same size, stays visible. In an index of version 4 too, which libgit2 writes
    /// (and compares by the nanosecond).
    @Test(arguments: ["2", "4"]) func aChangeInTheSameSecondAsTheIndexStaysVisible(version: String) throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let dir = scratch.root
        let repo = try Repository.create(at: dir)
        try scratch.write("a.md\n", to: "a.md", in: dir)
        try scratch.write("b\n", to: "b.md", in: dir)
        _ = try repo.commit(paths: ["a.md", "b.md"], message: "first", signature: tester)
        try scratch.git("update-index", "--index-version", version, in: dir)
        // The change's inode time would give it away otherwise, when the second turns between it and `git add`.
        try scratch.git("config", "core.trustctime", "false", in: dir)
        #expect(IndexRewriteTests.setTime(timespec(tv_sec: 1_600_000_000, tv_nsec: 200_000_000), of: Array((dir + "/a.md").utf8)))
        try scratch.git("add", "a.md", in: dir)
        #expect(IndexRewriteTests.setTime(timespec(tv_sec: 1_600_000_000, tv_nsec: 500_000_000), of: Array((dir + "/.git/index").utf8)))
        try scratch.write("A.md\n", to: "a.md", in: dir)
        #expect(IndexRewriteTests.setTime(timespec(tv_sec: 1_600_000_000, tv_nsec: 700_000_000), of: Array((dir + "/a.md").utf8)))

        try scratch.write("b2\n", to: "b.md", in: dir)
        #expect((try repo.commitRewritingIndex(["b.md"], message: "b", signature: tester) == nil) == (version == "4"))
        if version == "4" { _ = try repo.commit(paths: ["b.md"], message: "b", signature: tester) }
        #expect(try repo.fileContents("b.md", at: try #require(try repo.head())) == Data("b2\n".utf8))
        #expect(try scratch.git("diff-files", "--name-only", in: dir) == "a.md\n")
        #expect(try scratch.git("status", "--porcelain", in: dir) == " M a.md\n")
    }

    /// Sets the modification (and access) time of the file or link at `path` (bytes), not following links.
    static func setTime(_ time: timespec, of path: [UInt8]) -> Bool {
        let times = [time, time]
        return utimensat(AT_FDCWD, (path + [0]).map { CChar(bitPattern: $0) }, times, AT_SYMLINK_NOFOLLOW) == 0
    }

    /// A path that goes through a symbolic link to a folder (git refuses it), and an entry marked
    /// assume-unchanged, are left to libgit2.
    @Test func aPathThroughALinkAndAnAssumedEntryAreLeftToLibgit2() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let dir = scratch.root
        let repo = try Repository.create(at: dir)
        try scratch.write("a\n", to: "a.md", in: dir)
        try scratch.write("x\n", to: "real/b.md", in: dir)
        _ = try repo.commit(paths: ["a.md", "real/b.md"], message: "first", signature: tester)
        #expect(symlink("real", dir + "/e") == 0)
        try scratch.git("add", "e", in: dir)
        try scratch.git("commit", "-q", "-m", "link", in: dir)
        try scratch.write("y\n", to: "real/b.md", in: dir)
        #expect(try repo.commitRewritingIndex(["e/b.md"], message: "beyond", signature: tester) == nil)
        #expect(try scratch.git("ls-files", in: dir) == "a.md\ne\nreal/b.md\n")

        try scratch.git("update-index", "--assume-unchanged", "a.md", in: dir)
        try scratch.write("a2\n", to: "a.md", in: dir)
        #expect(try repo.commitRewritingIndex(["real/b.md"], message: "b", signature: tester) == nil)
        #expect(try scratch.git("ls-files", "-v", "a.md", in: dir) == "h a.md\n")
    }
}
