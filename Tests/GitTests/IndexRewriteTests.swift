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
        // write-tree takes every folder the cache says it knows: a wrong count or id would show here.
        #expect(try scratch.git("write-tree", in: dir) == scratch.git("rev-parse", "HEAD^{tree}", in: dir))
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
        try scratch.git("rm", "-q", "--cached", "entries/intent.md", in: dir)

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
}
