import Foundation
import Testing

/// `kill -9` of every command that writes, at random moments of its run. After each kill: the next
/// command works (exit 0), every file of the journal is either its old or its new version, no temporary
/// file is left in the work tree, the work tree ends clean and `git fsck --strict` passes.
///
/// The moments are spread over the command's real duration, measured first, so that a slow or a fast
/// machine kills at every stage. `JOURNAL_CRASH_SEED` replays a failure (the seed is printed);
/// `JOURNAL_CRASH_ROUNDS` sets the kills per command.
@Suite struct CrashTests {
    enum Command: String, CaseIterable, Sendable {
        case add, editInEditor, editFlags, tag, rm, restore, sync
    }

    static let seed = ProcessInfo.processInfo.environment["JOURNAL_CRASH_SEED"].flatMap(UInt64.init) ?? 20261123
    static let rounds = ProcessInfo.processInfo.environment["JOURNAL_CRASH_ROUNDS"].flatMap(Int.init) ?? 30

    /// The commands run at once, each on its own thread and journal: they spend most of their time
    /// waiting for processes and the disk.
    @Test func aKilledCommandLeavesAJournalTheNextCommandWorksOn() throws {
        print("crash test: seed \(CrashTests.seed), \(CrashTests.rounds) kills per command")
        let problems = NSLock()
        nonisolated(unsafe) var found: [String] = []
        let group = DispatchGroup()
        for (index, command) in Command.allCases.enumerated() {
            group.enter()
            Thread {
                defer { group.leave() }
                let lines = CrashTests.run(command, seed: CrashTests.seed &+ UInt64(index) &* 0x1_0000_0001)
                problems.withLock { found += lines }
            }.start()
        }
        group.wait()
        for problem in found { Issue.record(Comment(rawValue: problem)) }
    }

    /// Kills `command` `rounds` times; returns what went wrong, one line each.
    private static func run(_ command: Command, seed: UInt64) -> [String] {
        var random = SyncRandomTests.Generator(state: seed)
        let rig: CrashRig
        do { rig = try CrashRig(command) } catch { return ["\(command): \(error)"] }
        do {
            let duration = try rig.measure()
            // The kill moments spread over the run's duration: at first the measured one, then nudged
            // so that about a quarter of the runs end before their kill (runs among the others may be
            // slower or quicker than the ones measured).
            var window = duration * 1_000_000
            var ended = 0
            for round in 0..<rounds {
                if try rig.killOnce(round: round, after: UInt32.random(in: 0...max(1, UInt32(window)), using: &random)) {
                    ended += 1
                    window *= 0.9
                } else {
                    window *= 1.03
                }
            }
            try rig.finish()
            print("crash test \(command.rawValue): measured \(Int(duration * 1000)) ms, last window \(Int(window / 1000)) ms; \(ended) of \(rounds) runs ended before their kill")
        } catch {
            rig.problems.append("\(command): \(error)")
        }
        return rig.problems
    }
}

/// One journal (for sync: two clones of a bare remote) and one command to kill again and again.
private final class CrashRig {
    let command: CrashTests.Command
    /// What went wrong, one line each (recorded by the test's own thread).
    var problems: [String] = []
    let box: Sandbox
    /// The journal the killed command works on.
    let journal: String
    /// Entries made up front: their 8-character ids, paths, and the text each had when it was deleted
    /// (restore's entries are deleted up front).
    var ids: [String] = []
    var paths: [String: String] = [:]
    var deleted: [String: String] = [:]
    /// The file the editor script moves onto the entry: present until the editor has run.
    var prepared: String { box.root.path + "/prepared.md" }
    var other: String { box.root.path + "/other" }

    init(_ command: CrashTests.Command) throws {
        self.command = command
        box = try Sandbox()
        journal = box.journal
        let editor = try box.script("editor", "mv -f '\(box.root.path)/prepared.md' \"$1\"\n")
        box.environment["EDITOR"] = editor
        box.environment["VISUAL"] = editor
        if command == .sync {
            let remote = box.root.path + "/remote.git"
            try box.git(["init", "--bare", "-q", "-b", "main", remote], in: box.root.path)
            try expectRun(["init", journal])
            try expectRun(["-J", journal, "remote", "add", "origin", remote])
            try expectRun(["-J", journal, "sync"])
            try expectRun(["clone", remote, other])
            return
        }
        try expectRun(["init", journal])
        // Entries written as files and committed at once: quicker than one `add` each.
        for number in 0...CrashTests.rounds + 2 {
            let uuid = String(format: "%08x-0000-4000-8000-%012x", 0xc0de_0000 + number, number)
            let id = String(uuid.prefix(8))
            let path = "entries/2026/11/2026-11-21-\(id).md"
            try box.write(path, "---\nid: \(uuid)\ncreated_at: 2026-11-21T10:00:00+09:00\n---\nEntry \(number)\n\nSome text.\n")
            try box.write("attachments/\(uuid)/photo.txt", "photo of \(number)\n")
            ids.append(id)
            paths[id] = path
        }
        try expectRun(["-J", journal, "commit"])
        if command == .restore {
            for id in ids {
                let path = paths[id] ?? ""
                deleted[id] = box.read(path)
                try FileManager.default.removeItem(atPath: journal + "/" + path)
            }
            try FileManager.default.removeItem(atPath: journal + "/attachments")
            try expectRun(["-J", journal, "commit"])
        }
    }

    func check(_ condition: Bool, _ message: @autoclosure () -> String) {
        if !condition { problems.append(message()) }
    }

    @discardableResult
    func expectRun(_ arguments: [String]) throws -> Sandbox.Result {
        let result = try box.run(arguments)
        guard result.status == 0 else {
            throw SandboxError("\(command) rig: journal \(arguments.joined(separator: " ")) failed: \(result.stderr)")
        }
        return result
    }

    /// What round `round` runs, with what it may change: the new version a path may have (nil: deleted)
    /// besides its old one.
    private func plan(round: Int) throws -> (arguments: [String], allowed: (String, Data?) -> Bool) {
        let target = ids.isEmpty ? "" : ids[command == .editInEditor || command == .editFlags ? 0 : round % ids.count]
        let path = paths[target] ?? ""
        let old = box.read(path) ?? ""
        func sameBody(_ data: Data?) -> Bool { data.map { body(of: String(decoding: $0, as: UTF8.self)) == body(of: old) } ?? false }
        func headerText(_ data: Data?) -> String { data.map { header(of: String(decoding: $0, as: UTF8.self)) } ?? "" }
        switch command {
        case .add:
            let text = "Added in round \(round)"
            return (["-J", journal, "add", text], { file, data in
                guard let data, file.hasPrefix("entries/") else { return false }
                let written = String(decoding: data, as: UTF8.self)
                return written.hasPrefix("---\n") && written.hasSuffix("\n---\n\(text)\n")
            })
        case .editInEditor:
            let new = header(of: old) + "Edited in round \(round)\n\nNew text.\n"
            try Data(new.utf8).write(to: URL(fileURLWithPath: prepared))
            return (["-J", journal, "edit", target], { file, data in file == path && data == Data(new.utf8) })
        case .editFlags:
            let star = !old.contains("starred: true")
            return (["-J", journal, "edit", target, star ? "--star" : "--unstar"], { file, data in
                file == path && sameBody(data) && headerText(data).contains("starred: true") == star
            })
        case .tag:
            let tag = "round\(round)"
            return (["-J", journal, "tag", target, tag], { file, data in file == path && sameBody(data) && headerText(data).contains(tag) })
        case .rm:
            let uuid = (old.split(separator: "\n").first { $0.hasPrefix("id: ") } ?? "").dropFirst(4)
            return (["-J", journal, "rm", "-y", target], { file, data in
                data == nil && (file == path || file.hasPrefix("attachments/\(uuid)/"))
            })
        case .restore:
            let text = deleted[target] ?? ""
            let uuid = (text.split(separator: "\n").first { $0.hasPrefix("id: ") } ?? "").dropFirst(4)
            let number = Int(uuid.suffix(12), radix: 16) ?? -1
            return (["-J", journal, "restore", target], { file, data in
                (file == path && data == Data(text.utf8))
                    || (file == "attachments/\(uuid)/photo.txt" && data == Data("photo of \(number)\n".utf8))
            })
        case .sync:
            // The other clone brings a new entry and an edit; this one has a new entry of its own,
            // uncommitted (sync commits it first).
            func entry(_ name: String, _ number: Int, _ text: String) -> String {
                let uuid = String(format: "%08x-0000-4000-8000-%012x", name == "local" ? 0x10ca_1000 + number : 0x07e5_0000 + number, number)
                return "---\nid: \(uuid)\ncreated_at: 2026-11-21T10:00:00+09:00\n---\n\(name) \(number)\n\n\(text)\n"
            }
            func put(_ root: String, _ name: String, _ number: Int, _ text: String) throws {
                let folder = root + "/entries/2026/11"
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
                try Data(entry(name, number, text).utf8).write(to: URL(fileURLWithPath: folder + "/2026-11-21-\(name)-\(number).md"))
            }
            try put(other, "other", round, "From the other clone.")
            if FileManager.default.fileExists(atPath: other + "/entries/2026/11/2026-11-21-other-\(round - 1).md") {
                try put(other, "other", round - 1, "Edited by the other clone.")
            }
            try expectRun(["-J", other, "sync"])
            try put(journal, "local", round, "Written here.")
            let theirs = files(in: other)
            return (["-J", journal, "sync"], { file, data in data != nil && data == theirs[file] })
        }
    }

    /// Runs the command to its end three times (rounds after the last), and returns the middle time taken.
    func measure() throws -> TimeInterval {
        var times: [TimeInterval] = []
        for round in CrashTests.rounds..<CrashTests.rounds + 3 {
            let (arguments, _) = try plan(round: round)
            let start = Date()
            try expectRun(arguments)
            times.append(Date().timeIntervalSince(start))
            try? FileManager.default.removeItem(atPath: prepared)
        }
        return times.sorted()[1]
    }

    /// Starts the command of `round`, kills it `delay` microseconds later and checks what it left.
    /// Returns whether it had ended before the kill.
    func killOnce(round: Int, after delay: UInt32) throws -> Bool {
        let (arguments, allowed) = try plan(round: round)
        let before = files(in: journal)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Sandbox.binary)
        process.arguments = arguments
        process.environment = box.environment
        process.currentDirectoryURL = URL(fileURLWithPath: box.home)
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        usleep(delay)
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        let ended = process.terminationReason == .exit
        if command == .sync {
            // A push to a remote that is a path is written by the pushing process itself: killed mid-push, it
            // leaves the remote's ref lock behind, as the git program would. That lock is in the remote, not
            // in this journal (a server keeps its own); the rig clears it so the other clone can go on.
            let remote = box.root.path + "/remote.git"
            for lock in (FileManager.default.enumerator(atPath: remote)?.allObjects as? [String] ?? []) where lock.hasSuffix(".lock") {
                try? FileManager.default.removeItem(atPath: remote + "/" + lock)
            }
        }
        // An editor the killed command started may still run: taking its file away leaves it nothing to do.
        try? FileManager.default.removeItem(atPath: prepared)

        let label = "\(command) round \(round), killed after \(delay) µs"
        let after = files(in: journal)
        for file in Set(before.keys).union(after.keys) where before[file] != after[file] {
            check(allowed(file, after[file]), "\(label): \(file) is neither its old nor its new version: \(after[file].map { String(decoding: $0, as: UTF8.self) } ?? "deleted")")
        }
        if command == .restore {
            // An entry back in the folder is back with its attachment: a kill in between never leaves dead links.
            for (id, text) in deleted where after[paths[id] ?? ""] != nil {
                let uuid = (text.split(separator: "\n").first { $0.hasPrefix("id: ") } ?? "").dropFirst(4)
                check(after["attachments/\(uuid)/photo.txt"] != nil, "\(label): entry \(id) is back without its attachment")
            }
        }
        let litter = after.keys.filter { $0.contains(".tmp") }
        check(litter.isEmpty, "\(label): temporary files left in the work tree: \(litter)")

        let next = try box.run(["-J", journal, "commit"])
        check(next.status == 0, "\(label): the next command failed: \(next.stderr)")
        check(try box.git(["status", "--porcelain"], in: journal) == "", "\(label): the work tree is not clean")
        do {
            _ = try box.git(["fsck", "--strict", "--no-progress"], in: journal)
        } catch {
            problems.append("\(label): \(error)")
        }
        if command == .sync, round % 5 == 4 { try expectRun(["-J", journal, "sync"]) }
        return ended
    }

    /// The last checks: the command still works to its end, and for sync both clones end the same.
    func finish() throws {
        if command == .sync {
            try expectRun(["-J", journal, "sync"])
            try expectRun(["-J", other, "sync"])
            check(files(in: journal) == files(in: other), "sync: the clones differ at the end")
        }
        check(try box.git(["status", "--porcelain"], in: journal) == "", "\(command): the work tree is not clean at the end")
        _ = try box.git(["fsck", "--strict", "--no-progress"], in: journal)
        check(!FileManager.default.fileExists(atPath: journal + "/.git/index.lock"), "\(command): index.lock left at the end")
    }

    /// Every file of a work tree (hidden ones too, `.git` aside), relative path to bytes.
    func files(in root: String) -> [String: Data] {
        var result: [String: Data] = [:]
        let walker = FileManager.default.enumerator(atPath: root)
        while let item = walker?.nextObject() as? String {
            if item == ".git" {
                walker?.skipDescendants()
                continue
            }
            let full = root + "/" + item
            var folder: ObjCBool = false
            if FileManager.default.fileExists(atPath: full, isDirectory: &folder), !folder.boolValue {
                result[item] = FileManager.default.contents(atPath: full)
            }
        }
        return result
    }
}

/// An entry file's header (through its closing `---` line), and what follows it.
private func header(of text: String) -> String {
    guard text.hasPrefix("---\n"), let end = text.range(of: "\n---\n", range: text.index(text.startIndex, offsetBy: 3)..<text.endIndex) else {
        return ""
    }
    return String(text[..<end.upperBound])
}

private func body(of text: String) -> String {
    String(text.dropFirst(header(of: text).count))
}
