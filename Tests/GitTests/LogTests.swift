import Foundation
import Testing
@testable import Git

/// Repository+Log: walks, tree comparisons, one path's history, revisions, blob diffs.
@Suite struct LogTests {
    /// Commits the work tree with the git program and returns the new HEAD.
    @discardableResult
    private func commitAll(_ scratch: Scratch, _ dir: String, _ message: String) throws -> ObjectID {
        try scratch.git("add", "-A", in: dir)
        try scratch.git("commit", "-q", "--allow-empty", "-m", message, in: dir)
        return try #require(ObjectID(hex: try scratch.git("rev-parse", "HEAD", in: dir).trimmingTrailingWhitespace()))
    }

    @Test func treeComparisonMatchesGit() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let dir = scratch.root
        let repo = try Repository.create(at: dir)
        // Names that sort differently as files and as folders (`a.b` < `a/` < `a0`), a file that becomes a
        // folder, nested folders, and a subtree that does not change.
        for (path, text) in [("a.b", "1"), ("a/x.md", "1"), ("a0", "1"), ("t", "file"), ("keep/deep/k.md", "k"),
                             ("entries/2026/01/one.md", "one"), ("entries/2026/02/two.md", "two")] {
            try scratch.write(text + "\n", to: path, in: dir)
        }
        let first = try commitAll(scratch, dir, "first")
        try scratch.write("2\n", to: "a.b", in: dir)
        try scratch.write("new\n", to: "a/y/z.md", in: dir)
        try scratch.delete("a0", in: dir)
        try scratch.delete("t", in: dir)
        try scratch.write("folder\n", to: "t/inside.md", in: dir)
        try scratch.delete("entries/2026/02/two.md", in: dir)
        try scratch.write("three\n", to: "entries/2027/03/three.md", in: dir)
        let second = try commitAll(scratch, dir, "second")

        func ours(_ old: ObjectID?, _ new: ObjectID, under paths: [String] = []) throws -> [String] {
            try repo.changes(from: old, to: new, under: paths).map { change in
                let letter = switch change.kind { case .added: "A"; case .modified: "M"; case .deleted: "D" }
                return "\(letter)\t\(change.path)"
            }.sorted()
        }
        func theirs(_ arguments: String...) throws -> [String] {
            try scratch.run(arguments, in: dir).out.split(separator: "\n").map(String.init).sorted()
        }
        #expect(try ours(first, second) == theirs("diff", "--name-status", "--no-renames", first.hex, second.hex))
        #expect(try ours(second, first) == theirs("diff", "--name-status", "--no-renames", second.hex, first.hex))
        #expect(try ours(nil, first) == theirs("ls-tree", "-r", "--name-only", first.hex).map { "A\t" + $0 }.sorted())
        #expect(try ours(first, second, under: ["entries"])
            == ["A\tentries/2027/03/three.md", "D\tentries/2026/02/two.md"])
        #expect(try ours(first, second, under: ["a/y"]) == ["A\ta/y/z.md"])
        #expect(try ours(first, first).isEmpty)

        let changed = try repo.changes(from: first, to: second).first { $0.path == "a.b" }
        #expect(changed?.oldBlob?.hex == (try scratch.git("rev-parse", "\(first.hex):a.b", in: dir)).trimmingTrailingWhitespace())
        #expect(changed?.newBlob?.hex == (try scratch.git("rev-parse", "\(second.hex):a.b", in: dir)).trimmingTrailingWhitespace())
    }

    @Test func walksAreNewestFirstAndStopWhenAsked() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let dir = scratch.root
        let repo = try Repository.create(at: dir)
        #expect(try { var count = 0; try repo.walkCommits { _ in count += 1; return true }; return count }() == 0)
        var made: [ObjectID] = []
        for index in 1...5 {
            try scratch.write("\(index)\n", to: "entries/\(index).md", in: dir)
            made.append(try commitAll(scratch, dir, "commit \(index)\n\nbody"))
        }
        var seen: [CommitInfo] = []
        try repo.walkCommits { seen.append($0); return true }
        #expect(seen.map(\.id) == made.reversed())
        #expect(seen[0].summary == "commit 5")
        #expect(seen[0].message == "commit 5\n\nbody\n")
        #expect(seen[0].author == Signature(name: "Test Author", email: "author@example.com"))
        #expect(seen[0].parents == [made[3]])
        #expect(seen[4].parents.isEmpty)

        var two: [ObjectID] = []
        try repo.walkCommits { two.append($0.id); return two.count < 2 }
        #expect(two == [made[4], made[3]])
        var since: [ObjectID] = []
        try repo.walkCommits(hiding: [made[2]]) { since.append($0.id); return true }
        #expect(since == [made[4], made[3]])

        var changes: [[String]] = []
        try repo.walkChanges(from: made[1]) { _, list in changes.append(list.map(\.path)); return true }
        #expect(changes == [["entries/2.md"], ["entries/1.md"]])
        #expect(try repo.isAncestor(made[0], of: made[4]))
        #expect(try repo.isAncestor(made[4], of: made[4]))
        #expect(try !repo.isAncestor(made[4], of: made[0]))
    }

    @Test func pathHistoryFindsEveryVersionOnEveryBranch() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let dir = scratch.root
        let repo = try Repository.create(at: dir)
        let path = "entries/2026/11/e.md"
        try scratch.write("v1\n", to: path, in: dir)
        try scratch.write("other\n", to: "entries/2026/11/other.md", in: dir)
        let added = try commitAll(scratch, dir, "add")
        try scratch.write("other 2\n", to: "entries/2026/11/other.md", in: dir)
        _ = try commitAll(scratch, dir, "other only")
        try scratch.git("checkout", "-qb", "side", in: dir)
        try scratch.write("v2 on the side\n", to: path, in: dir)
        let side = try commitAll(scratch, dir, "side edit")
        try scratch.git("checkout", "-q", "main", in: dir)
        try scratch.write("unrelated\n", to: "journal.yml", in: dir)
        _ = try commitAll(scratch, dir, "main, unrelated")
        try scratch.git("merge", "-q", "--no-ff", "-m", "merge", "side", in: dir)
        try scratch.delete(path, in: dir)
        let deleted = try commitAll(scratch, dir, "delete")
        try scratch.write("v3\n", to: path, in: dir)
        let readded = try commitAll(scratch, dir, "back")

        var changes: [PathChange] = []
        try repo.pathHistory(path) { changes.append($0); return true }
        #expect(changes.map(\.commit.id) == [readded, deleted, side, added])
        let blob = { (commit: ObjectID, file: String) in
            ObjectID(hex: try scratch.git("rev-parse", "\(commit.hex):\(file)", in: dir).trimmingTrailingWhitespace())
        }
        let (v1, v2, v3) = (try blob(added, path), try blob(side, path), try blob(readded, path))
        #expect(changes[0].oldBlob == nil)
        #expect(changes[0].newBlob == v3)
        #expect(changes[1].newBlob == nil)
        #expect(changes[1].oldBlob == v2)
        #expect(changes[2].oldBlob == v1)
        #expect(changes[2].newBlob == v2)
        #expect(changes[3].oldBlob == nil)
        #expect(try repo.blobID(of: path, at: deleted) == nil)
        #expect(try repo.blobData(try #require(changes[2].newBlob)) == Data("v2 on the side\n".utf8))

        var first: [PathChange] = []
        try repo.pathHistory(path) { first.append($0); return false }
        #expect(first.count == 1)
        var none: [PathChange] = []
        try repo.pathHistory("entries/nowhere.md") { none.append($0); return true }
        #expect(none.isEmpty)
    }

    @Test func revisionsAndDiffs() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let dir = scratch.root
        let repo = try Repository.create(at: dir)
        #expect(try repo.lookUpRevision("HEAD") == .notFound)
        try scratch.write("one\ntwo\n", to: "e.md", in: dir)
        let first = try commitAll(scratch, dir, "first")
        try scratch.write("one\n2\n", to: "e.md", in: dir)
        let second = try commitAll(scratch, dir, "second")
        try scratch.git("tag", "v1", first.hex, in: dir)

        #expect(try repo.lookUpRevision("HEAD") == .commit(second))
        #expect(try repo.lookUpRevision("HEAD~1") == .commit(first))
        #expect(try repo.lookUpRevision("main^") == .commit(first))
        #expect(try repo.lookUpRevision("v1") == .commit(first))
        #expect(try repo.lookUpRevision(String(first.hex.prefix(10))) == .commit(first))
        #expect(try repo.lookUpRevision("HEAD~5") == .notFound)
        #expect(try repo.lookUpRevision("no-such-branch") == .notFound)
        #expect(try repo.lookUpRevision("") == .notFound)
        #expect(try repo.lookUpRevision("HEAD:e.md") == .notACommit)

        let old = try repo.blobID(of: "e.md", at: first)
        let new = try repo.blobID(of: "e.md", at: second)
        let diff = try repo.unifiedDiff(from: old, to: new, oldPath: "e.md", newPath: "e.md")
        #expect(diff.hasPrefix("diff --git a/e.md b/e.md\n"))
        #expect(diff.contains("@@ -1,2 +1,2 @@\n one\n-two\n+2\n"), "\(diff)")
        let added = try repo.unifiedDiff(from: nil, to: old, oldPath: "e.md", newPath: "e.md")
        #expect(added.contains("--- /dev/null\n+++ b/e.md\n@@ -0,0 +1,2 @@\n+one\n+two\n"), "\(added)")
        #expect(try repo.unifiedDiff(from: old, to: old, oldPath: "e.md", newPath: "e.md") == "")

        #expect(ObjectID(hex: first.hex.uppercased()) == first)
        #expect(ObjectID(hex: "abc") == nil)
        #expect(ObjectID(hex: String(repeating: "g", count: 40)) == nil)
        #expect(try repo.commitInfo(first).summary == "first")
    }
}
