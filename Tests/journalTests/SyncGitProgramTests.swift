import Foundation
import TestSupport
import Testing

/// After `journal clone` or the first `journal sync`, the git program works on the journal (`git status`
/// shows the upstream, `git pull` works) and on a fresh `git clone` of the shared repository, with no
/// set-up by hand (issue 9, defect 10).
@Suite struct SyncGitProgramTests {
    /// The git program's full result (stderr too), in `folder`.
    static func git(_ box: Sandbox, _ arguments: String..., in folder: String) throws -> Sandbox.Result {
        try Program.git(arguments, in: folder, env: box.environment)
    }

    /// A bare repository whose HEAD names master, as `git init --bare` makes on most machines.
    static func bareWithMasterHead(_ box: Sandbox) throws -> String {
        let remote = box.root.path + "/shared.git"
        try box.git("init", "--bare", "-q", "-b", "master", remote, in: box.root.path)
        return remote
    }

    /// `git clone` of the shared repository checks out main without a warning and holds `file`.
    static func expectPlainCloneWorks(_ box: Sandbox, _ remote: String, holding file: String,
                                      sourceLocation: SourceLocation = #_sourceLocation) throws {
        let target = box.root.path + "/plain-\(UUID().uuidString.prefix(8))"
        let cloned = try git(box, "clone", "-q", remote, target, in: box.root.path)
        #expect(cloned.status == 0 && cloned.stderr == "", "\(cloned.stderr)", sourceLocation: sourceLocation)
        #expect(try box.git("branch", "--show-current", in: target) == "main\n", sourceLocation: sourceLocation)
        #expect(FileManager.default.fileExists(atPath: target + "/" + file), sourceLocation: sourceLocation)
    }

    @Test func theFirstSyncSetsTheUpstreamAndTheSharedRepositorysHead() throws {
        let box = try Sandbox()
        let remote = try Self.bareWithMasterHead(box)
        let a = box.root.path + "/a"
        #expect(try box.journal("init", a).status == 0)
        #expect(try box.run(["-J", a, "remote", "add", "origin", remote]).status == 0)
        let added = try box.run(["-J", a, "add", "Hello"])
        #expect(added.status == 0)
        let file = try #require(added.stdout.split(separator: " ").last.map { $0.trimmingCharacters(in: .newlines) })
        #expect(try box.run(["-J", a, "sync"]).status == 0)

        #expect(try box.git("status", "-sb", in: a).hasPrefix("## main...origin/main\n"))
        #expect(try box.git("rev-parse", "--abbrev-ref", "@{upstream}", in: a) == "origin/main\n")
        #expect(try Self.git(box, "pull", "-q", "--ff-only", in: a).status == 0)
        // The shared repository now names main, which it has.
        #expect(try box.git("symbolic-ref", "HEAD", in: remote) == "refs/heads/main\n")
        try Self.expectPlainCloneWorks(box, remote, holding: file)
    }

    @Test func aCloneTracksTheBranchItChecksOut() throws {
        let box = try Sandbox()
        let remote = try Self.bareWithMasterHead(box)
        // Seeded by the git program: the shared repository holds main while its HEAD names master.
        let seed = box.root.path + "/seed"
        #expect(try box.journal("init", seed).status == 0)
        try box.git("remote", "add", "origin", remote, in: seed)
        try box.git("push", "-q", "origin", "main", in: seed)

        let b = box.root.path + "/b"
        let cloned = try box.run(["clone", remote, b])
        #expect(cloned.status == 0, "\(cloned.stderr)")
        #expect(try box.git("config", "--get-regexp", "^branch\\.", in: b)
            == "branch.main.remote origin\nbranch.main.merge refs/heads/main\n")
        #expect(try box.git("status", "-sb", in: b).hasPrefix("## main...origin/main\n"))
        try Self.expectPlainCloneWorks(box, remote, holding: "journal.yml")

        // What someone else pushes, `git pull` brings in by hand.
        try Data("more\n".utf8).write(to: URL(fileURLWithPath: seed + "/notes.txt"))
        try box.git("add", "notes.txt", in: seed)
        try box.git("commit", "-q", "-m", "notes", in: seed)
        try box.git("push", "-q", "origin", "main", in: seed)
        let pulled = try Self.git(box, "pull", "-q", "--ff-only", in: b)
        #expect(pulled.status == 0, "\(pulled.stderr)")
        #expect(FileManager.default.fileExists(atPath: b + "/notes.txt"))
    }

    @Test func aCloneOfAnEmptyRepositoryTracksMainOnceSynced() throws {
        let box = try Sandbox()
        let remote = try Self.bareWithMasterHead(box)
        let c = box.root.path + "/c"
        #expect(try box.run(["clone", remote, c]).status == 0)
        #expect(try box.run(["-J", c, "sync"]).status == 0)
        #expect(try box.git("config", "--get-regexp", "^branch\\.", in: c)
            == "branch.main.remote origin\nbranch.main.merge refs/heads/main\n")
        #expect(try box.git("status", "-sb", in: c).hasPrefix("## main...origin/main\n"))
        try Self.expectPlainCloneWorks(box, remote, holding: "journal.yml")
    }

    /// `journal clone` leaves the same files `git clone` does: git's line-end conversions apply when
    /// a `.gitattributes` or the user's config asks for them (the checkout skips filters only when
    /// nothing could), and `git status` is clean after it.
    @Test func aCloneConvertsLineEndsAsGitDoes() throws {
        let box = try Sandbox()
        let remote = try Self.bareWithMasterHead(box)
        let seed = box.root.path + "/seed"
        #expect(try box.journal("init", seed).status == 0)
        #expect(try box.run(["-J", seed, "add", "Plain words"]).status == 0)
        try Data("one\ntwo\n".utf8).write(to: URL(fileURLWithPath: seed + "/notes.txt"))
        try box.git("add", "notes.txt", in: seed)
        try box.git("commit", "-q", "-m", "notes", in: seed)
        try box.git("remote", "add", "origin", remote, in: seed)
        try box.git("push", "-q", "origin", "main", in: seed)

        /// Every file under `folder` but .git, by path, with its bytes.
        func files(_ folder: String) throws -> [String: Data] {
            var found: [String: Data] = [:]
            let walker = FileManager.default.enumerator(atPath: folder)
            while let path = walker?.nextObject() as? String {
                if path == ".git" { walker?.skipDescendants(); continue }
                var isFolder: ObjCBool = false
                if FileManager.default.fileExists(atPath: folder + "/" + path, isDirectory: &isFolder), !isFolder.boolValue {
                    found[path] = try Data(contentsOf: URL(fileURLWithPath: folder + "/" + path))
                }
            }
            return found
        }
        func expectSameAsGit(_ name: String, crlf: Bool, sourceLocation: SourceLocation = #_sourceLocation) throws {
            let ours = box.root.path + "/\(name)-journal", theirs = box.root.path + "/\(name)-git"
            let cloned = try box.run(["clone", remote, ours])
            #expect(cloned.status == 0, "\(cloned.stderr)", sourceLocation: sourceLocation)
            #expect(try Self.git(box, "clone", "-q", remote, theirs, in: box.root.path).status == 0,
                    sourceLocation: sourceLocation)
            let mine = try files(ours)
            #expect(mine == (try files(theirs)), sourceLocation: sourceLocation)
            #expect(mine["notes.txt"] == Data((crlf ? "one\r\ntwo\r\n" : "one\ntwo\n").utf8), sourceLocation: sourceLocation)
            #expect(try box.git("status", "--porcelain", in: ours) == "", sourceLocation: sourceLocation)
            #expect(try box.run(["-J", ours, "list"]).stdout.contains("Plain words"), sourceLocation: sourceLocation)
        }

        try expectSameAsGit("plain", crlf: false)
        try box.git("config", "--global", "core.autocrlf", "true", in: box.root.path)
        try expectSameAsGit("autocrlf", crlf: true)
        try box.git("config", "--global", "--unset", "core.autocrlf", in: box.root.path)

        try Data("*.txt text eol=crlf\n".utf8).write(to: URL(fileURLWithPath: seed + "/.gitattributes"))
        try box.git("add", ".gitattributes", in: seed)
        try box.git("commit", "-q", "-m", "attributes", in: seed)
        try box.git("push", "-q", "origin", "main", in: seed)
        try expectSameAsGit("attributes", crlf: true)
    }
}
