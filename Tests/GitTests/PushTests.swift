import Foundation
import Testing
@testable import Git
import CGit2

/// A push moves the remote's branch only from the value the caller expects (compare-and-swap), for a
/// remote on this machine, which libgit2's own local transport overwrites without comparing.
@Suite struct PushTests {
    let access = RemoteAccess(token: nil, sshKeyFiles: [], agentSocket: nil, sshUser: "git", knownHostsFiles: [],
                              acceptNewHost: false)

    /// A bare remote holding `first`, and a clone of it with two more commits.
    func setUp(_ scratch: Scratch, url: (String) -> String) throws -> (repo: Repository, remote: String, first: ObjectID) {
        let remote = scratch.path("remote.git")
        let work = scratch.path("work")
        try scratch.git("init", "-q", "--bare", "-b", "main", remote, in: scratch.root)
        try scratch.git("init", "-q", "-b", "main", work, in: scratch.root)
        try scratch.write("one\n", to: "a.txt", in: work)
        try scratch.git("add", "a.txt", in: work)
        try scratch.git("commit", "-q", "-m", "one", in: work)
        try scratch.git("push", "-q", remote, "main", in: work)
        let first = try scratch.git("rev-parse", "HEAD", in: work).trimmingCharacters(in: .whitespacesAndNewlines)
        for text in ["two", "three"] {
            try scratch.write(text + "\n", to: text + ".txt", in: work)
            try scratch.git("add", ".", in: work)
            try scratch.git("commit", "-q", "-m", text, in: work)
        }
        let repo = try Repository(at: work)
        try repo.addRemote(name: "origin", url: url(remote))
        var oid = git_oid()
        _ = git_oid_fromstr(&oid, first)
        return (repo, remote, ObjectID(oid))
    }

    func remoteMain(_ scratch: Scratch, _ remote: String) throws -> String {
        try scratch.git("rev-parse", "main", in: remote).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test(arguments: ["path", "file"]) func aPushComparesWithTheExpectedValue(kind: String) throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let (repo, remote, first) = try setUp(scratch) { kind == "file" ? "file://" + $0 : $0 }
        let head = try #require(try repo.head())
        // Expected: no branch, or another commit: the remote is left as it is.
        #expect(try repo.push(remote: "origin", branch: "main", expecting: nil, access: access) == .raced(reason: "fetch first"))
        #expect(try repo.push(remote: "origin", branch: "main", expecting: head, access: access) == .raced(reason: "fetch first"))
        #expect(try remoteMain(scratch, remote) == first.hex)
        // Its ref locked by another push: left as it is too.
        let lock = remote + "/refs/heads/main.lock"
        FileManager.default.createFile(atPath: lock, contents: Data())
        #expect(try repo.push(remote: "origin", branch: "main", expecting: first, access: access) == .raced(reason: "locked"))
        #expect(try remoteMain(scratch, remote) == first.hex)
        try FileManager.default.removeItem(atPath: lock)
        // From the value it has: moved, with every object, and the tracking branch follows.
        #expect(try repo.push(remote: "origin", branch: "main", expecting: first, access: access) == .pushed)
        #expect(try remoteMain(scratch, remote) == head.hex)
        #expect(try repo.referenceTarget("refs/remotes/origin/main") == head)
        let fsck = try scratch.run(["fsck", "--strict", "--no-progress"], in: remote)
        #expect(fsck.status == 0, "\(fsck.err)")
        #expect(try scratch.git("log", "--format=%s", "main", in: remote) == "three\ntwo\none\n")
    }

    @Test func aNewBranchIsMadeOnlyWhereThereIsNone() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let (repo, remote, first) = try setUp(scratch) { $0 }
        let head = try #require(try repo.head())
        #expect(try repo.push(remote: "origin", branch: "main", to: "other", expecting: first, access: access)
                    == .raced(reason: "fetch first"))
        #expect(try repo.push(remote: "origin", branch: "main", to: "other", expecting: nil, access: access) == .pushed)
        #expect(try scratch.git("rev-parse", "other", in: remote).trimmingCharacters(in: .whitespacesAndNewlines) == head.hex)
        #expect(try remoteMain(scratch, remote) == first.hex)
    }

    /// Only what the remote lacks is sent (each new commit's tree against its parents'), and it lacks nothing
    /// after: files deep in folders, one changed where others stay, one removed, and a merge of a side the
    /// remote already has with one it has not.
    @Test func aPushSendsEveryObjectTheRemoteLacks() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let (repo, remote, _) = try setUp(scratch) { $0 }
        let work = scratch.path("work")
        try scratch.git("push", "-q", remote, "main", in: work)
        for (path, text) in [("entries/2026/01/a.md", "a"), ("entries/2026/01/b.md", "b"), ("entries/2025/12/c.md", "c")] {
            try scratch.write(text + "\n", to: path, in: work)
        }
        try scratch.git("add", ".", in: work)
        try scratch.git("commit", "-q", "-m", "folders", in: work)
        try scratch.git("push", "-q", remote, "main", in: work)
        let pushed = try #require(try repo.head())
        // The remote's side: one file changed in a folder that keeps another, one folder emptied.
        try scratch.git("checkout", "-q", "-b", "theirs", in: work)
        try scratch.write("a, again\n", to: "entries/2026/01/a.md", in: work)
        try scratch.delete("entries/2025/12/c.md", in: work)
        try scratch.git("add", "-A", ".", in: work)
        try scratch.git("commit", "-q", "-m", "theirs", in: work)
        try scratch.git("push", "-q", remote, "theirs:main", in: work)
        let theirs = try scratch.git("rev-parse", "HEAD", in: work).trimmingCharacters(in: .whitespacesAndNewlines)
        // Ours, from before it: a new folder, and a change next to theirs; then the merge.
        try scratch.git("checkout", "-q", "main", in: work)
        try scratch.write("d\n", to: "entries/2026/02/d.md", in: work)
        try scratch.write("b, again\n", to: "entries/2026/01/b.md", in: work)
        try scratch.git("add", ".", in: work)
        try scratch.git("commit", "-q", "-m", "ours", in: work)
        try scratch.git("merge", "-q", "--no-edit", "theirs", in: work)
        let head = try #require(try repo.head())
        var oid = git_oid()
        _ = git_oid_fromstr(&oid, theirs)
        #expect(head != pushed)
        #expect(try repo.push(remote: "origin", branch: "main", expecting: ObjectID(oid), access: access) == .pushed)
        #expect(try remoteMain(scratch, remote) == head.hex)
        let fsck = try scratch.run(["fsck", "--strict", "--no-progress", "--no-dangling"], in: remote)
        #expect(fsck.status == 0 && fsck.out.isEmpty && fsck.err.isEmpty, "\(fsck.out)\(fsck.err)")
        // Nothing the remote had was sent again (git's own pushes above left loose objects): the one pack holds
        // the two commits, the blobs b (again) and d, the trees above them in "ours" (root, entries, 2026, 01,
        // 02) and the merge's own (root, entries, 2026, 01): 13 objects, nothing of 2025.
        let packs = try FileManager.default.contentsOfDirectory(atPath: remote + "/objects/pack").filter { $0.hasSuffix(".idx") }
        #expect(packs.count == 1)
        let listing = try packs.map { try scratch.git("verify-pack", "-v", remote + "/objects/pack/" + $0, in: remote) }
        let objects = listing.joined().split(separator: "\n").filter { $0.count > 40 && $0.prefix(40).allSatisfy(\.isHexDigit) }
        #expect(objects.count == 13, "\(listing)")
    }
}
