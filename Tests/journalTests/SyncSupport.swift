import Foundation
import TestSupport
import Testing

/// A bare remote and journals that share it, all inside one sandbox (one HOME, one git user).
final class Peers {
    let box: Sandbox
    /// The bare repository everyone syncs with.
    let remote: String

    /// The URL the clones use: the remote's path, or what `serve` returns (a server it started for it).
    private(set) var url = ""

    init(_ names: [String] = ["a", "b"], serve: ((_ box: Sandbox, _ remote: String) throws -> String)? = nil) throws {
        box = try Sandbox()
        remote = box.root.path + "/remote.git"
        try box.git("init", "--bare", "-q", "-b", "main", remote, in: box.root.path)
        try box.journal("init", path("origin-seed"))
        let seed = path("origin-seed")
        try box.git("remote", "add", "origin", remote, in: seed)
        try box.git("push", "-q", "origin", "main", in: seed)
        url = try serve?(box, remote) ?? remote
        for name in names {
            let result = try box.run(["clone", url, path(name)])
            guard result.status == 0 else { throw SandboxError("clone failed: \(result.stderr)") }
        }
    }

    func path(_ name: String) -> String { box.root.path + "/" + name }

    /// `journal -J <peer> ARGS`.
    @discardableResult
    func run(_ name: String, _ arguments: String..., stdin: String? = nil, env: [String: String] = [:]) throws -> Sandbox.Result {
        try box.run(["-J", path(name)] + arguments, stdin: stdin, env: env)
    }

    /// Syncs and expects success; returns the summary line.
    @discardableResult
    func sync(_ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let result = try run(name, "sync")
        #expect(result.status == 0, "sync \(name): \(result.stderr)", sourceLocation: sourceLocation)
        return result.stdout.trimmingCharacters(in: .newlines)
    }

    /// Adds an entry and returns its id and its path relative to the journal.
    @discardableResult
    func add(_ name: String, _ text: String, _ extra: String...) throws -> (id: String, path: String) {
        let result = try box.run(["-J", path(name), "add", text] + extra)
        guard result.status == 0, let id = result.stdout.split(separator: " ").dropFirst().first else {
            throw SandboxError("add failed: \(result.stderr)")
        }
        let file = try entryFiles(name).first { $0.hasSuffix("-\(id).md") }
        guard let file else { throw SandboxError("no file for \(id)") }
        return (String(id), file)
    }

    func entryFiles(_ name: String) throws -> [String] {
        let base = path(name) + "/entries"
        let items = (FileManager.default.enumerator(atPath: base)?.allObjects as? [String]) ?? []
        return items.filter { $0.hasSuffix(".md") }.map { "entries/" + $0 }.sorted()
    }

    func read(_ name: String, _ relative: String) -> String? {
        FileManager.default.contents(atPath: path(name) + "/" + relative).map { String(decoding: $0, as: UTF8.self) }
    }

    func write(_ name: String, _ relative: String, _ text: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path(name) + "/" + relative))
    }

    @discardableResult
    func git(_ name: String, _ arguments: String...) throws -> String {
        try box.git(arguments, in: path(name))
    }

    /// Every file of the work tree under entries/ and journal.yml, with its text.
    func snapshot(_ name: String) throws -> [String: String] {
        var result: [String: String] = [:]
        for file in try entryFiles(name) + ["journal.yml"] { result[file] = read(name, file) }
        return result
    }

    /// The work tree is clean, no file holds a conflict marker and `git fsck --strict` finds nothing.
    func expectHealthy(_ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(try git(name, "status", "--porcelain") == "", "\(name) is dirty", sourceLocation: sourceLocation)
        _ = try git(name, "fsck", "--strict", "--no-progress")
        for (file, text) in try snapshot(name) {
            #expect(!text.contains("<<<<<<<") && !text.contains(">>>>>>>"), "\(file) holds a conflict marker",
                    sourceLocation: sourceLocation)
        }
    }
}

extension Sandbox {
    /// The git program with an argument array, in `folder`.
    @discardableResult
    func git(_ arguments: [String], in folder: String) throws -> String {
        let result = try Program.git(arguments, in: folder, env: environment)
        guard result.status == 0 else {
            throw SandboxError("git \(arguments.joined(separator: " ")) failed: \(result.stderr)")
        }
        return result.stdout
    }
}
