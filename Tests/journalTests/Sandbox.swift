import Foundation
import TestSupport
import Testing

/// A temporary HOME with a journal folder in it, and a way to run the real `journal` binary there.
/// Each test makes its own, so tests run in parallel and never touch the user's real files.
final class Sandbox {
    let root: URL
    var home: String { root.path + "/home" }
    var journal: String { home + "/journal" }
    /// Variables every run gets; tests add to it.
    var environment: [String: String]

    typealias Result = ProgramResult

    init(gitUser: Bool = true) throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("journal-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(atPath: root.path + "/home", withIntermediateDirectories: true)
        environment = [
            "HOME": root.path + "/home",
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
            "TZ": Sandbox.zone,
            "XDG_CONFIG_HOME": root.path + "/home/.config",
            "GIT_CONFIG_NOSYSTEM": "1",
            "JOURNAL_NOW": Sandbox.clock,
            // English messages and ISO dates unless a test asks for a language.
            "LANG": "C",
        ]
        // No test touches the internet: weather and geocoding go nowhere (a closed local port) unless
        // a test points them at its own ProviderServer.
        for variable in ["JOURNAL_WEATHER_URL", "JOURNAL_WEATHER_ARCHIVE_URL", "JOURNAL_GEOCODING_URL", "JOURNAL_OPEN_METEO_URL"] {
            environment[variable] = "http://127.0.0.1:9/unreachable"
        }
        if gitUser {
            try "[user]\n\tname = Test Writer\n\temail = writer@example.com\n".writeReplacing(toFile: home + "/.gitconfig")
        }
    }

    deinit {
        try? FileManager.default.removeItem(at: root)
    }

    /// The tests' clock: `journal` stamps entries and commits with it, so no test compares it with the real one.
    /// Most suites expect this day; the clock suite derives every expectation from it, and CI runs that suite
    /// again under another day and zone (`JOURNAL_TEST_NOW`, `JOURNAL_TEST_TZ`).
    static let clock = ProcessInfo.processInfo.environment["JOURNAL_TEST_NOW"] ?? "2026-11-22T09:15:00+09:00"
    static let zone = ProcessInfo.processInfo.environment["JOURNAL_TEST_TZ"] ?? "Asia/Seoul"

    /// The sandbox's current moment (its JOURNAL_NOW).
    var now: Date {
        get { environment["JOURNAL_NOW"].flatMap(Sandbox.parseClock) ?? Date(timeIntervalSince1970: 0) }
        set { environment["JOURNAL_NOW"] = Sandbox.formatClock(newValue) }
    }

    /// Moves the sandbox's clock on: what the next commands do happens that much later.
    func advanceClock(by seconds: TimeInterval = 60) {
        now = now.addingTimeInterval(seconds)
    }

    static func parseClock(_ text: String) -> Date? {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.date(from: text)
    }

    static func formatClock(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        formatter.timeZone = TimeZone(identifier: zone)
        return formatter.string(from: date)
    }

    /// The local calendar day `days` from the sandbox's today, as YYYY-MM-DD, in the sandbox's zone.
    func day(_ days: Int = 0) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: Sandbox.zone) ?? .gmt
        let date = calendar.date(byAdding: .day, value: days, to: now) ?? now
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
    }

    static let binary: String = {
        if let path = ProcessInfo.processInfo.environment["JOURNAL_BIN"] { return path }
        let runner = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for candidate in [runner, runner.deletingLastPathComponent()] {
            let path = candidate.appendingPathComponent("journal").path
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        return package.appendingPathComponent(".build/debug/journal").path
    }()

    /// Runs `journal ARGS` in the sandbox; stdin is the given text, or empty (not a terminal).
    @discardableResult
    func run(_ arguments: [String], stdin: String? = nil, env extra: [String: String] = [:], cwd: String? = nil) throws
        -> Result
    {
        try Sandbox.exec(Sandbox.binary, arguments, stdin: stdin, env: environment.merging(extra) { $1 }, cwd: cwd ?? home)
    }

    @discardableResult
    func journal(_ arguments: String..., stdin: String? = nil, env extra: [String: String] = [:]) throws -> Result {
        try run(arguments, stdin: stdin, env: extra)
    }

    /// The git program, to check what the tool left behind.
    @discardableResult
    func git(_ arguments: String..., in folder: String? = nil) throws -> String {
        let result = try Program.git(arguments, in: folder ?? journal, env: environment)
        guard result.status == 0 else {
            throw SandboxError("git \(arguments.joined(separator: " ")) failed: \(result.stderr)")
        }
        return result.stdout
    }

    func read(_ relative: String) -> String? {
        FileManager.default.contents(atPath: journal + "/" + relative).map { String(decoding: $0, as: UTF8.self) }
    }

    func write(_ relative: String, _ text: String) throws {
        let path = journal + "/" + relative
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    /// Entry files under entries/, relative to the journal.
    func entryFiles() -> [String] {
        let base = journal + "/entries"
        let items = (FileManager.default.enumerator(atPath: base)?.allObjects as? [String]) ?? []
        return items.filter { $0.hasSuffix(".md") }.map { "entries/" + $0 }.sorted()
    }

    /// Each file staged as `git add` stages it: the blob git's own filters make of the file, mode 100644.
    func expectStagedAsGitWould(_ files: [String], sourceLocation: SourceLocation = #_sourceLocation) throws {
        for file in files {
            let staged = try git("ls-files", "-s", "--", file).split(separator: " ").prefix(2).joined(separator: " ")
            let hashed = try git("hash-object", "--path", file, "--", file).trimmingCharacters(in: .whitespacesAndNewlines)
            #expect(staged == "100644 " + hashed, "\(file)", sourceLocation: sourceLocation)
        }
    }

    func commitSubjects() throws -> [String] {
        try git("log", "--format=%s").split(separator: "\n").map(String.init)
    }

    /// Writes an executable script and returns its path (a fake editor, a fake pager).
    func script(_ name: String, _ body: String) throws -> String {
        let path = root.path + "/" + name
        try ("#!/bin/sh\n" + body).writeReplacing(toFile: path)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
        return path
    }

    /// `git status` shows nothing and fsck is happy; unless `statCurrent` is false (a file rewritten outside
    /// a commit), the index also holds the stat data git would have recorded, checked before `git status`
    /// refreshes it.
    func expectCleanRepository(statCurrent: Bool = true, sourceLocation: SourceLocation = #_sourceLocation) throws {
        if statCurrent { #expect(try git("diff-files", "--name-only") == "", sourceLocation: sourceLocation) }
        #expect(try git("status", "--porcelain") == "", sourceLocation: sourceLocation)
        _ = try git("fsck", "--strict", "--no-progress")
    }

    /// Adds an entry and returns its short id.
    func add(_ arguments: String...) throws -> String {
        let result = try run(["add"] + arguments)
        guard result.status == 0, let id = result.stdout.split(separator: " ").dropFirst().first else {
            throw SandboxError("add failed: \(result.stderr)")
        }
        return String(id)
    }

    static func exec(_ program: String, _ arguments: [String], stdin: String?, env: [String: String], cwd: String) throws
        -> Result
    {
        try Program.run(program, arguments, stdin: stdin, env: env, cwd: cwd)
    }
}

struct SandboxError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

extension Sandbox {
    /// Runs `journal ARGS` with a pseudo-terminal as stdin and stdout (through util-linux `script`),
    /// the way a person at a terminal runs it. Output arrives with CRLF line endings, normalised here.
    func runInTerminal(_ arguments: [String], input: String = "", env extra: [String: String] = [:]) throws -> Result {
        let command = ([Sandbox.binary] + arguments).map(Sandbox.shellQuote).joined(separator: " ")
        var result = try Sandbox.exec(
            "/usr/bin/env", ["script", "-qec", command, "/dev/null"], stdin: input,
            env: environment.merging(extra) { $1 }, cwd: home)
        result.stdout = result.stdout.replacingOccurrences(of: "\r\n", with: "\n")
        return result
    }

    static func shellQuote(_ word: String) -> String {
        "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}

extension Sandbox {
    /// The text of the journal's only entry file.
    func onlyEntry() throws -> String {
        let files = entryFiles()
        guard files.count == 1, let text = read(files[0]) else {
            throw SandboxError("expected one entry file, found \(files)")
        }
        return text
    }
}

extension String {
    /// Writes this text over the file at `path` as an editor saves, by renaming a new file onto it: what
    /// Foundation's `write(toFile:atomically: true)` does, without the `TemporaryDirectory.*` folder it
    /// leaves in /tmp at every call. (The new file is made in the temporary folder, where the sandboxes are.)
    func writeReplacing(toFile path: String) throws {
        let temporary = FileManager.default.temporaryDirectory.path + "/journal-test-write-" + UUID().uuidString
        try Data(utf8).write(to: URL(fileURLWithPath: temporary))
        if rename(temporary, path) == 0 { return }
        let code = errno
        unlink(temporary)
        guard code == EXDEV else { throw POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO) }
        try Data(utf8).write(to: URL(fileURLWithPath: path))
    }
}
