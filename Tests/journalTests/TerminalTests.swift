import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The editor and the pager get the terminal: they read the keys typed on it, as they do when a
/// person runs `journal` (before, they ran as a background job of the terminal and stopped, or
/// failed, at their first read of it).
@Suite struct TerminalTests {
    /// An editor that shows a marker, then reads one line from the terminal itself (not from its
    /// stdin) and appends it to the file, as a person typing into an editor would.
    private func terminalReadingEditor(_ box: Sandbox) throws -> String {
        try box.script(
            "tty-editor.sh",
            """
            echo EDITOR-READY
            IFS= read -r line < /dev/tty || exit 7
            printf '%s\\n' "$line" >> "$1"

            """)
    }

    @Test func addReadsWhatIsTypedOnTheTerminal() throws {
        let box = try Sandbox()
        try box.journal("init")
        let session = try TerminalSession(box, journal: ["add"], env: ["EDITOR": try terminalReadingEditor(box)])
        try session.waitFor("EDITOR-READY")
        session.type("Typed on the terminal\r")
        let result = try session.finish()
        #expect(result.status == 0, "\(result.stdout)")
        let id = try #require(box.entryFiles().first.map { String($0.suffix(11).prefix(8)) })
        #expect(result.stdout.contains("Added \(id) "))
        #expect(try box.onlyEntry().hasSuffix("---\nTyped on the terminal\n"))
        #expect(try box.commitSubjects().first == "Add \"Typed on the terminal\" (\(id))")
        try box.expectCleanRepository()
    }

    @Test func editReadsWhatIsTypedOnTheTerminal() throws {
        let box = try Sandbox()
        try box.journal("init")
        let id = try box.add("Trip to Busan")
        let session = try TerminalSession(box, journal: ["edit", id], env: ["EDITOR": try terminalReadingEditor(box)])
        try session.waitFor("EDITOR-READY")
        session.type("A line typed later.\r")
        let result = try session.finish()
        #expect(result.status == 0, "\(result.stdout)")
        #expect(try box.onlyEntry().hasSuffix("---\nTrip to Busan\nA line typed later.\n"))
        #expect(try box.commitSubjects().first == "Edit \"Trip to Busan\" (\(id))")
        try box.expectCleanRepository()
    }

    /// Ctrl-C while the editor is open belongs to the editor: journal outlives it and saves what it wrote.
    @Test func interruptGoesToTheEditorNotToJournal() throws {
        let box = try Sandbox()
        try box.journal("init")
        let editor = try box.script(
            "interrupted.sh",
            """
            trap 'printf "Kept after Ctrl-C\\n" >> "$1"; exit 0' INT
            echo EDITOR-READY
            while :; do read -r line < /dev/tty; done

            """)
        let session = try TerminalSession(box, journal: ["add"], env: ["EDITOR": editor])
        try session.waitFor("EDITOR-READY")
        session.type("\u{03}")
        let result = try session.finish()
        #expect(result.status == 0, "\(result.stdout)")
        #expect(try box.onlyEntry().hasSuffix("---\nKept after Ctrl-C\n"))
        try box.expectCleanRepository()
    }

    /// An editor that leaves the terminal raw and silent (as a killed full-screen editor does) does not
    /// leave the shell that way: journal puts back the settings it had.
    @Test func terminalSettingsAreRestoredAfterTheEditor() throws {
        let box = try Sandbox()
        try box.journal("init")
        let editor = try box.script("raw.sh", "stty raw -echo\nprintf 'Raw editor\\n' >> \"$1\"\n")
        let command = Sandbox.shellQuote(Sandbox.binary) + " add; echo SETTINGS; stty -a"
        let session = try TerminalSession(box, command: command, env: ["EDITOR": editor])
        let result = try session.finish()
        #expect(result.status == 0, "\(result.stdout)")
        #expect(try box.onlyEntry().hasSuffix("---\nRaw editor\n"))
        let settings = try #require(result.stdout.components(separatedBy: "SETTINGS").last)
            .split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == ";" }).map(String.init)
        #expect(settings.contains("echo") && settings.contains("icanon"), "\(settings)")
        #expect(!settings.contains("-echo") && !settings.contains("-icanon"), "\(settings)")
    }

    @Test func realVimWritesTheEntry() throws {
        guard let vim = try SkipReason.startOrSkip({ try Self.program("vim") }) else { return }
        let box = try Sandbox()
        try box.journal("init")
        let editor = ["EDITOR": "\(vim) -u NONE -N"]
        // vim reports the file it opened on its last line, then waits for keys.
        let adding = try TerminalSession(box, journal: ["add"], env: editor)
        try adding.waitFor("draft-")
        adding.type("iHello from vim\u{1B}:wq\r")
        let added = try adding.finish()
        #expect(added.status == 0, "\(added.stdout)")
        let id = try #require(box.entryFiles().first.map { String($0.suffix(11).prefix(8)) })
        #expect(try box.onlyEntry().hasSuffix("---\nHello from vim\n"))
        #expect(try box.commitSubjects().first == "Add \"Hello from vim\" (\(id))")

        let editing = try TerminalSession(box, journal: ["edit", id], env: editor)
        try editing.waitFor("\(id).md")
        editing.type("GoA second line.\u{1B}:wq\r")
        let edited = try editing.finish()
        #expect(edited.status == 0, "\(edited.stdout)")
        #expect(try box.onlyEntry().hasSuffix("---\nHello from vim\nA second line.\n"))
        #expect(try box.commitSubjects().first == "Edit \"Hello from vim\" (\(id))")
        try box.expectCleanRepository()
    }

    /// `list` longer than the screen goes through less, which pages on a key and quits on `q`.
    @Test func listPagesThroughLessReadingKeys() throws {
        guard let less = try SkipReason.startOrSkip({ try Self.program("less") }) else { return }
        let box = try Sandbox()
        try box.journal("init")
        for number in 1...30 { try box.journal("add", String(format: "Entry %02d", number)) }
        let session = try TerminalSession(box, journal: ["list"], env: ["PAGER": less, "LESS": "FRX"])
        // One screenful (24 rows: the terminal has no size, so both sides assume 24), then the prompt.
        try session.waitFor("Entry ", count: 23)
        #expect(session.count("Entry ") < 30)
        session.type(" ")
        try session.waitFor("Entry ", count: 30)
        session.type("q")
        let result = try session.finish()
        #expect(result.status == 0, "\(result.stdout)")
        for number in 1...30 { #expect(result.stdout.contains(String(format: "Entry %02d", number))) }
    }

    /// A terminal session (a long-lived child of the test process) holds none of the test process's
    /// descriptors: one it inherited open for writing on another test's fake editor made that
    /// editor's exec fail with "Text file busy" (a flaky run on a fresh clone).
    @Test func aSessionInheritsNoDescriptorOfTheTests() throws {
        let box = try Sandbox()
        let path = box.root.path + "/open-for-writing.sh"
        let fd = open(path, O_WRONLY | O_CREAT, 0o755)  // no O_CLOEXEC, as Foundation writes files
        try #require(fd >= 0)
        defer { close(fd) }
        let session = try TerminalSession(box, command: "ls -l /proc/self/fd/ /proc/$PPID/fd/")
        let result = try session.finish()
        #expect(result.status == 0, "\(result.stdout)")
        #expect(result.stdout.contains("/dev/pts/"), "\(result.stdout)")
        #expect(!result.stdout.contains("open-for-writing"), "\(result.stdout)")
    }

    static func program(_ name: String) throws -> String {
        guard let path = GitServers.findProgram([name]) else { throw SkipReason("\(name) is not installed") }
        return path
    }
}

/// A command running on a pseudo-terminal made by util-linux `script`, with keys typed into it while
/// it runs and everything the terminal shows collected, the way a person uses `journal`. The
/// terminal has no size (script's stdin is not a terminal), so programs assume 24 rows.
///
/// script is started with posix_spawn, with no signal blocked: a child of Foundation's Process
/// inherits the mask of the Dispatch thread the test runs on, which blocks SIGINT and SIGTERM, and
/// then neither Ctrl-C nor ending a stuck command would work as on a real terminal. The keyboard is
/// a socket, written with MSG_NOSIGNAL, so typing at a command that has ended cannot kill the tests.
final class TerminalSession: @unchecked Sendable {
    private let pid: pid_t
    private let keyboard: Int32
    private let lock = NSLock()
    private var shown = Data()
    private var exitStatus: Int32?
    private let reading = DispatchGroup()

    /// Runs the shell command line `command` (TERM=xterm unless `env` says otherwise).
    init(_ box: Sandbox, command: String, env extra: [String: String] = [:]) throws {
        var keys: [Int32] = [-1, -1]
        var screen: [Int32] = [-1, -1]
        #if canImport(Glibc)
        let stream = Int32(SOCK_STREAM.rawValue)
        #else
        let stream = SOCK_STREAM
        #endif
        guard socketpair(AF_UNIX, stream, 0, &keys) == 0, pipe(&screen) == 0 else {
            throw SandboxError("socketpair or pipe: \(errno)")
        }
        for fd in keys + screen { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        let environment = box.environment.merging(["TERM": "xterm"]) { $1 }.merging(extra) { $1 }
        let arguments: [String] = ["-qec", "cd \(Sandbox.shellQuote(box.home)) && \(command)", "/dev/null"]
        let started: pid_t
        do {
            guard let script = GitServers.findProgram(["script"]) else { throw SandboxError("script is not installed") }
            started = try Spawn.start(script, arguments, environment: environment, newProcessGroup: false) { actions in
                posix_spawn_file_actions_adddup2(&actions, keys[1], 0)
                posix_spawn_file_actions_adddup2(&actions, screen[1], 1)
                posix_spawn_file_actions_adddup2(&actions, screen[1], 2)
            }
        } catch {
            for fd in keys + screen { close(fd) }
            throw error
        }
        close(keys[1])
        close(screen[1])
        pid = started
        keyboard = keys[0]
        let output = screen[0]
        reading.enter()
        DispatchQueue.global().async { [self] in
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = read(output, &buffer, buffer.count)
                if count < 0, errno == EINTR { continue }
                if count <= 0 { break }
                lock.withLock { shown.append(contentsOf: buffer[..<count]) }
            }
            close(output)
            reading.leave()
        }
    }

    /// Runs `journal ARGUMENTS` in place of the shell, so Ctrl-C reaches journal and what it runs only
    /// (a shell waiting for it would die of it, as a login shell that is a job of its own does not).
    convenience init(_ box: Sandbox, journal arguments: [String], env extra: [String: String] = [:]) throws {
        let command = ([Sandbox.binary] + arguments).map(Sandbox.shellQuote).joined(separator: " ")
        try self.init(box, command: "exec " + command, env: extra)
    }

    deinit {
        stop()
        close(keyboard)
    }

    /// What the terminal has shown so far.
    var screen: String { lock.withLock { String(decoding: shown, as: UTF8.self) } }

    func count(_ text: String) -> Int { screen.components(separatedBy: text).count - 1 }

    /// Waits until the terminal has shown `text` (`count` times); throws with what it showed if it
    /// does not within `timeout`, after ending the command.
    func waitFor(_ text: String, count: Int = 1, timeout: TimeInterval = 30) throws {
        guard GitServers.poll(timeout: timeout, { self.count(text) >= count }) else {
            stop()
            throw SandboxError("the terminal never showed \(text.debugDescription) \(count) times; it showed \(screen.debugDescription)")
        }
    }

    /// Types `keys` on the terminal.
    func type(_ keys: String) {
        var bytes = Array(keys.utf8)[...]
        while !bytes.isEmpty {
            let sent = bytes.withUnsafeBytes { send(keyboard, $0.baseAddress, $0.count, noSignal) }
            if sent < 0, errno == EINTR { continue }
            if sent <= 0 { return }
            bytes = bytes.dropFirst(sent)
        }
    }

    /// Waits for the command to end; its exit status and all the terminal showed (CRLF as LF).
    func finish(timeout: TimeInterval = 30) throws -> Sandbox.Result {
        guard GitServers.poll(timeout: timeout, { status != nil }) else {
            stop()
            throw SandboxError("the command did not end; the terminal showed \(screen.debugDescription)")
        }
        shutdown(keyboard, Int32(SHUT_WR))
        reading.wait()
        return Sandbox.Result(
            status: status ?? -1, stdout: screen.replacingOccurrences(of: "\r\n", with: "\n"), stderr: "")
    }

    /// Closes the terminal, as a person closing its window does: its programs get the hangup.
    func hangUp() {
        stop()
        shutdown(keyboard, Int32(SHUT_WR))
        reading.wait()
    }

    /// script's exit status (its command's, with -e) once it has ended; nil while it runs.
    private var status: Int32? {
        lock.withLock {
            if exitStatus == nil {
                var raw: Int32 = 0
                if waitpid(pid, &raw, WNOHANG) == pid {
                    exitStatus = raw & 0x7f == 0 ? (raw >> 8) & 0xff : 128 + (raw & 0x7f)
                }
            }
            return exitStatus
        }
    }

    /// Ends script, which ends the command it runs (SIGTERM, then the terminal's hangup), and waits for it.
    private func stop() {
        guard status == nil else { return }
        kill(pid, SIGTERM)
        if !GitServers.poll(timeout: 5, { status != nil }) {
            kill(pid, SIGKILL)
            _ = GitServers.poll(timeout: 5) { status != nil }
        }
    }
}
