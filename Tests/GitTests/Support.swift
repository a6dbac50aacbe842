import Foundation
import TestSupport
import Testing
@testable import Git

/// A fresh temporary folder, removed by `remove()`; also serves as HOME for the git program.
struct Scratch {
    let root: String

    init() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("GitTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
        // Canonical form so it compares equal to libgit2's realpath'd workdir.
        root = base.resolvingSymlinksInPath().path
    }

    func remove() {
        try? FileManager.default.removeItem(atPath: root)
    }

    func path(_ relative: String) -> String { root + "/" + relative }

    /// Writes `text` at `relative` under `dir`, creating folders.
    func write(_ text: String, to relative: String, in dir: String) throws {
        let url = URL(fileURLWithPath: dir + "/" + relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    func delete(_ relative: String, in dir: String) throws {
        try FileManager.default.removeItem(atPath: dir + "/" + relative)
    }

    /// Runs the git program in `dir` with HOME set to this scratch folder and no system config; throws on failure.
    @discardableResult
    func git(_ arguments: String..., in dir: String, env extra: [String: String] = [:],
             allowFailure: Bool = false) throws -> String {
        let result = try run(arguments, in: dir, env: extra)
        if result.status != 0 && !allowFailure {
            throw ProgramFailure(command: "git " + arguments.joined(separator: " "),
                                 status: result.status, output: result.out + result.err)
        }
        return result.out
    }

    func run(_ arguments: [String], in dir: String,
             env extra: [String: String] = [:]) throws -> (status: Int32, out: String, err: String) {
        var environment: [String: String] = [
            "HOME": root,
            "XDG_CONFIG_HOME": root + "/.config",
            "GIT_CONFIG_NOSYSTEM": "1",
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
            "LC_ALL": "C",
            "GIT_AUTHOR_NAME": "Test Author",
            "GIT_AUTHOR_EMAIL": "author@example.com",
            "GIT_COMMITTER_NAME": "Test Author",
            "GIT_COMMITTER_EMAIL": "author@example.com",
        ]
        environment.merge(extra) { _, new in new }
        let result = try Program.git(arguments, in: dir, env: environment)
        return (result.status, result.stdout, result.stderr)
    }

    /// `git fsck --strict` is clean and `git status --porcelain` prints nothing.
    func expectClean(_ dir: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let fsck = try run(["fsck", "--strict", "--no-progress"], in: dir)
        #expect(fsck.status == 0 && fsck.out.isEmpty && fsck.err.isEmpty,
                "fsck: \(fsck.out)\(fsck.err)", sourceLocation: sourceLocation)
        // diff-files does not refresh the index: it fails when the index stat data is stale.
        let dirty = try git("diff-files", "--name-only", in: dir)
        #expect(dirty.isEmpty, "stale index entries: \(dirty)", sourceLocation: sourceLocation)
        let status = try git("status", "--porcelain", in: dir)
        #expect(status.isEmpty, "status: \(status)", sourceLocation: sourceLocation)
    }
}

struct ProgramFailure: Error, CustomStringConvertible {
    let command: String
    let status: Int32
    let output: String
    var description: String { "\(command) exited \(status): \(output)" }
}

let tester = Signature(name: "Journal Tester", email: "tester@example.com")
