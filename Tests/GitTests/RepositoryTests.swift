import Foundation
import Testing
@testable import Git

@Suite struct RepositoryTests {
    @Test func createAndRecognise() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let dir = scratch.path("nested/journal")
        #expect(!Repository.isRepository(at: dir))
        #expect(!Repository.isRepository(at: scratch.root))

        let repo = try Repository.create(at: dir)
        #expect(repo.workdir == dir)
        #expect(repo.gitdir == dir + "/.git")
        #expect(try repo.head() == nil)
        #expect(repo.state == .none)
        #expect(Repository.isRepository(at: dir))
        #expect(Repository.isRepository(at: dir + "/"))
        #expect(!Repository.isRepository(at: dir + "/.git"))
        try FileManager.default.createDirectory(atPath: dir + "/sub", withIntermediateDirectories: true)
        #expect(!Repository.isRepository(at: dir + "/sub"))
        #expect(try scratch.git("symbolic-ref", "HEAD", in: dir) == "refs/heads/main\n")
    }

    @Test func createOnExistingRepositoryLeavesItAlone() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let dir = scratch.root
        try scratch.git("init", "-q", "-b", "trunk", in: dir)
        try scratch.write("x\n", to: "a.txt", in: dir)
        try scratch.git("add", "a.txt", in: dir)
        try scratch.git("commit", "-q", "-m", "one", in: dir)
        let before = try scratch.git("rev-parse", "HEAD", in: dir)

        let repo = try Repository.create(at: dir)
        #expect(try repo.head()?.hex == before.trimmingCharacters(in: .whitespacesAndNewlines))
        #expect(try scratch.git("symbolic-ref", "HEAD", in: dir) == "refs/heads/trunk\n")
    }

    @Test func openingANonRepositoryThrows() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let dir = scratch.path("plain")
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        do {
            _ = try Repository(at: dir)
            Issue.record("opened a plain folder")
        } catch let error as GitError {
            #expect(error.operation == "open repository")
            #expect(error.code < 0)
            #expect(error.description.hasPrefix("cannot open repository: "))
            #expect(error.description.contains(dir))
        }
        // A subfolder of a repository is not opened by searching upwards.
        _ = try Repository.create(at: scratch.root)
        #expect(throws: GitError.self) { try Repository(at: dir) }
    }

    @Test func commitOnUnbornHeadThenSecond() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let dir = scratch.path("j")
        let repo = try Repository.create(at: dir)
        try scratch.write("hello\n", to: "journal.yml", in: dir)

        let first = try repo.commit(paths: ["journal.yml"], message: "first", signature: tester)
        #expect(try repo.head() == first)
        #expect(first.hex.count == 40 && first.short == String(first.hex.prefix(8)))
        #expect(try scratch.git("rev-parse", "HEAD", in: dir) == first.hex + "\n")
        try scratch.expectClean(dir)

        try scratch.write("more\n", to: "entries/2024/01/02.md", in: dir)
        let second = try repo.commit(paths: ["entries/2024/01/02.md"], message: "second\n", signature: tester)
        #expect(second != first)
        #expect(try scratch.git("rev-parse", "HEAD~1", in: dir) == first.hex + "\n")
        #expect(try scratch.git("rev-list", "--count", "HEAD", in: dir) == "2\n")
        #expect(try repo.commitMessages(limit: 10) == ["second\n", "first\n"])
        #expect(try repo.commitMessages(limit: 1) == ["second\n"])
        #expect(try scratch.git("log", "-1", "--format=%an <%ae>|%cn <%ce>", in: dir)
            == "Journal Tester <tester@example.com>|Journal Tester <tester@example.com>\n")
        #expect(try scratch.git("symbolic-ref", "HEAD", in: dir) == "refs/heads/main\n")
        try scratch.expectClean(dir)
    }

    /// git's index ends with a SHA-1 of the rest, which libgit2 checks on every read (with libcrypto's SHA-1
    /// here, `CGitTLS/checksums.c`): a damaged index is refused, not committed from.
    @Test func aDamagedIndexIsRefused() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let dir = scratch.path("j")
        let repo = try Repository.create(at: dir)
        try scratch.write("hello\n", to: "journal.yml", in: dir)
        try scratch.write("entry\n", to: "entries/a.md", in: dir)
        let first = try repo.commit(paths: ["journal.yml", "entries/a.md"], message: "first", signature: tester)
        let index = dir + "/.git/index"
        var data = try #require(FileManager.default.contents(atPath: index))
        let name = try #require(data.range(of: Data("entries/a.md".utf8)))
        data[name.upperBound - 1] = UInt8(ascii: "x")  // entries/a.mx: still a path, only the checksum tells
        try data.write(to: URL(fileURLWithPath: index))

        try scratch.write("more\n", to: "journal.yml", in: dir)
        let error = try #require(throws: GitError.self) {
            try Repository(at: dir).commit(paths: ["journal.yml"], message: "second", signature: tester)
        }
        #expect(error.description.contains("checksum"), "\(error)")
        #expect(try Repository(at: dir).head() == first)
    }

    @Test func addModifyDeleteThroughCommit() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let dir = scratch.root
        let repo = try Repository.create(at: dir)
        try scratch.write("a1\n", to: "entries/a.md", in: dir)
        try scratch.write("b1\n", to: "entries/b.md", in: dir)
        let first = try repo.commit(paths: ["entries/a.md", "entries/b.md"], message: "add", signature: tester)

        try scratch.write("a2\n", to: "entries/a.md", in: dir)
        try scratch.delete("entries/b.md", in: dir)
        try scratch.write("c1\n", to: "entries/new/c.md", in: dir)
        let second = try repo.commit(paths: ["entries/a.md", "entries/b.md", "entries/new/c.md"],
                                     message: "change", signature: tester)

        #expect(try scratch.git("ls-tree", "-r", "--name-only", "HEAD", in: dir) == "entries/a.md\nentries/new/c.md\n")
        #expect(try repo.fileContents("entries/a.md", at: second) == Data("a2\n".utf8))
        #expect(try repo.fileContents("entries/a.md", at: first) == Data("a1\n".utf8))
        #expect(try repo.fileContents("entries/b.md", at: first) == Data("b1\n".utf8))
        #expect(try repo.fileContents("entries/b.md", at: second) == nil)
        #expect(try repo.fileContents("entries", at: second) == nil)
        #expect(try repo.fileContents("nowhere/x.md", at: second) == nil)
        try scratch.expectClean(dir)
    }

    @Test func otherWorkTreeChangesAreLeftOut() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let dir = scratch.root
        let repo = try Repository.create(at: dir)
        try scratch.write("1\n", to: "mine.md", in: dir)
        try scratch.write("1\n", to: "theirs.md", in: dir)
        _ = try repo.commit(paths: ["mine.md", "theirs.md"], message: "both", signature: tester)

        try scratch.write("2\n", to: "mine.md", in: dir)
        try scratch.write("2\n", to: "theirs.md", in: dir)
        try scratch.write("new\n", to: "untracked.md", in: dir)
        let head = try repo.commit(paths: ["mine.md"], message: "mine", signature: tester)

        #expect(try scratch.git("status", "--porcelain", in: dir) == " M theirs.md\n?? untracked.md\n")
        #expect(try repo.fileContents("theirs.md", at: head) == Data("1\n".utf8))
        #expect(try repo.status(paths: []) == [
            StatusEntry(path: "theirs.md", change: .modified),
            StatusEntry(path: "untracked.md", change: .added),
        ])
    }

    @Test func nothingChangedMakesNoCommit() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let dir = scratch.root
        let repo = try Repository.create(at: dir)

        do {
            _ = try repo.commit(paths: ["missing.md"], message: "empty", signature: tester)
            Issue.record("committed nothing on an unborn HEAD")
        } catch let error as GitError {
            #expect(error.operation == "commit")
        }
        #expect(try repo.head() == nil)

        try scratch.write("x\n", to: "a.md", in: dir)
        let first = try repo.commit(paths: ["a.md"], message: "one", signature: tester)
        #expect(try repo.commit(paths: ["a.md"], message: "again", signature: tester) == first)
        #expect(try repo.commit(paths: ["a.md", "never-existed.md"], message: "again", signature: tester) == first)
        #expect(try scratch.git("rev-list", "--count", "HEAD", in: dir) == "1\n")
        try scratch.expectClean(dir)
    }

    @Test func commitSeesIndexChangesMadeByTheGitProgram() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let dir = scratch.root
        let repo = try Repository.create(at: dir)
        try scratch.write("x\n", to: "a.md", in: dir)
        _ = try repo.commit(paths: ["a.md"], message: "one", signature: tester)

        // Staged behind this handle's back: goes in with the next commit (documented).
        try scratch.write("staged\n", to: "b.md", in: dir)
        try scratch.git("add", "b.md", in: dir)
        try scratch.write("y\n", to: "a.md", in: dir)
        let second = try repo.commit(paths: ["a.md"], message: "two", signature: tester)
        #expect(try repo.fileContents("b.md", at: second) == Data("staged\n".utf8))
        try scratch.expectClean(dir)
    }

    @Test func statusReportsChangesPerFile() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let dir = scratch.root
        let repo = try Repository.create(at: dir)
        try scratch.write("*.tmp\n", to: ".gitignore", in: dir)
        try scratch.write("name: j\n", to: "journal.yml", in: dir)
        try scratch.write("a\n", to: "entries/a.md", in: dir)
        try scratch.write("b\n", to: "entries/b.md", in: dir)
        #expect(try repo.status(paths: ["entries", "journal.yml"]) == [
            StatusEntry(path: "entries/a.md", change: .added),
            StatusEntry(path: "entries/b.md", change: .added),
            StatusEntry(path: "journal.yml", change: .added),
        ])
        _ = try repo.commit(paths: [".gitignore", "journal.yml", "entries/a.md", "entries/b.md"],
                            message: "start", signature: tester)
        #expect(try repo.status(paths: ["entries", "journal.yml"]) == [])

        try scratch.write("a2\n", to: "entries/a.md", in: dir)
        try scratch.delete("entries/b.md", in: dir)
        try scratch.write("c\n", to: "entries/2024/05/c.md", in: dir)
        try scratch.write("d\n", to: "entries/2024/06/d.md", in: dir)
        try scratch.write("junk\n", to: "entries/scratch.tmp", in: dir)
        try scratch.write("elsewhere\n", to: "notes/other.md", in: dir)
        try scratch.write("pathspecs are anchored\n", to: "notes/journal.yml", in: dir)
        try scratch.write("name: k\n", to: "journal.yml", in: dir)
        try scratch.git("add", "journal.yml", in: dir)   // staged changes count too

        #expect(try repo.status(paths: ["entries", "journal.yml"]) == [
            StatusEntry(path: "entries/2024/05/c.md", change: .added),
            StatusEntry(path: "entries/2024/06/d.md", change: .added),
            StatusEntry(path: "entries/a.md", change: .modified),
            StatusEntry(path: "entries/b.md", change: .deleted),
            StatusEntry(path: "journal.yml", change: .modified),
        ])
        #expect(try repo.status(paths: ["notes"]) == [
            StatusEntry(path: "notes/journal.yml", change: .added),
            StatusEntry(path: "notes/other.md", change: .added),
        ])
        #expect(try repo.status(paths: []).count == 7)
    }

    @Test func mergeConflictShowsInStateAndStatus() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let dir = scratch.root
        let repo = try Repository.create(at: dir)
        try scratch.write("base\n", to: "a.md", in: dir)
        _ = try repo.commit(paths: ["a.md"], message: "base", signature: tester)
        try scratch.git("checkout", "-q", "-b", "other", in: dir)
        try scratch.write("theirs\n", to: "a.md", in: dir)
        try scratch.git("commit", "-q", "-am", "theirs", in: dir)
        try scratch.git("checkout", "-q", "main", in: dir)
        try scratch.write("ours\n", to: "a.md", in: dir)
        _ = try repo.commit(paths: ["a.md"], message: "ours", signature: tester)
        #expect(repo.state == .none)

        try scratch.git("merge", "other", in: dir, allowFailure: true)
        #expect(repo.state == .merge)
        #expect(try repo.status(paths: []) == [StatusEntry(path: "a.md", change: .conflicted)])

        try scratch.git("merge", "--abort", in: dir)
        #expect(repo.state == .none)
    }

    @Test func firstAuthorDateFindsTheOldestCommitContainingThePath() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let dir = scratch.root
        let repo = try Repository.create(at: dir)
        #expect(try repo.firstAuthorDate(adding: "a.md") == nil)

        // The author date counts (when the words were written), not the committer date, and keeps its offset.
        func commit(_ file: String, at seconds: Int) throws {
            try scratch.write("\(seconds)\n", to: file, in: dir)
            try scratch.git("add", "-A", in: dir)
            try scratch.git("commit", "-q", "-m", "at \(seconds)", in: dir,
                            env: ["GIT_AUTHOR_DATE": "@\(seconds) +0900", "GIT_COMMITTER_DATE": "@\(seconds + 500_000) +0000"])
        }
        try commit("a.md", at: 1_600_000_000)
        try commit("b.md", at: 1_600_001_000)
        try commit("a.md", at: 1_600_002_000)

        #expect(try repo.firstAuthorDate(adding: "a.md")?.date == Date(timeIntervalSince1970: 1_600_000_000))
        #expect(try repo.firstAuthorDate(adding: "a.md")?.offsetSeconds == 9 * 3600)
        #expect(try repo.firstAuthorDate(adding: "b.md")?.date == Date(timeIntervalSince1970: 1_600_001_000))
        #expect(try repo.firstAuthorDate(adding: "c.md") == nil)
        #expect(try repo.commitMessages(limit: 5) == ["at 1600002000\n", "at 1600001000\n", "at 1600000000\n"])
    }

    @Test func defaultSignatureUsesRepositoryConfig() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let dir = scratch.root
        let repo = try Repository.create(at: dir)
        try scratch.git("config", "user.name", "Local Name", in: dir)
        try scratch.git("config", "user.email", "local@example.com", in: dir)
        // Repository-level config wins over whatever the machine's global config says.
        #expect(repo.defaultSignature(fallback: tester) == Signature(name: "Local Name", email: "local@example.com"))
        #expect(repo.configString("user.name") == "Local Name")
        #expect(repo.configString("journal.no-such-key") == nil)
    }

    @Test func signatureFallsBackPerField() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let dir = scratch.root
        _ = try Repository.create(at: dir)
        let config = dir + "/.git/config"
        // Only this file is read, so the machine's global config cannot interfere.
        #expect(Repository.signature(configFile: config, fallback: tester) == tester)
        try scratch.git("config", "user.name", "Only Name", in: dir)
        #expect(Repository.signature(configFile: config, fallback: tester)
            == Signature(name: "Only Name", email: tester.email))
        #expect(Repository.signature(configFile: scratch.path("missing"), fallback: tester) == tester)
    }

    @Test func errorDescription() {
        let error = GitError(operation: "commit", code: -1, message: "boom")
        #expect(error.description == "cannot commit: boom")
    }

    /// A tree built from a commit with files put and removed: only the paths given change, a folder left
    /// empty goes, a path named twice takes its last, removing what is not there is nothing.
    @Test func aTreeFromACommitWithFilesPutAndRemoved() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let dir = scratch.root
        try scratch.git("init", "-q", "-b", "main", in: dir)
        for path in ["entries/2026/01/a.md", "entries/2026/01/b.md", "entries/2025/12/c.md", "journal.yml"] {
            try scratch.write(path + "\n", to: path, in: dir)
        }
        try scratch.git("add", ".", in: dir)
        try scratch.git("commit", "-q", "-m", "one", in: dir)
        let repo = try Repository(at: dir)
        let head = try #require(try repo.head())
        let tree = try repo.tree(from: head, applying: [
            ("entries/2026/01/a.md", Data("first\n".utf8)), ("entries/2025/12/c.md", nil), ("entries/2026/02/d.md", Data("d\n".utf8)),
            ("entries/2026/01/a.md", Data("last\n".utf8)), ("entries/1999/01/absent.md", nil), ("entries/2026/01/b.md/x", nil),
        ])
        #expect(try scratch.git("ls-tree", "-r", "--format=%(objectmode) %(path)", tree.hex, in: dir)
                    == "100644 entries/2026/01/a.md\n100644 entries/2026/01/b.md\n100644 entries/2026/02/d.md\n100644 journal.yml\n")
        #expect(try scratch.git("cat-file", "blob", tree.hex + ":entries/2026/01/a.md", in: dir) == "last\n")
        // From no commit: the files alone.
        let fresh = try repo.tree(from: nil, applying: [("journal.yml", Data("x\n".utf8)), ("gone.md", nil)])
        #expect(try scratch.git("ls-tree", "-r", "--name-only", fresh.hex, in: dir) == "journal.yml\n")
        let fsck = try scratch.run(["fsck", "--strict", "--no-progress", "--no-dangling"], in: dir)
        #expect(fsck.status == 0, "\(fsck.err)")
    }
}
