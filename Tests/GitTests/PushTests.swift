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
}
