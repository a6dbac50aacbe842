import Foundation
import JournalKit

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one way `journal` runs a program that uses the terminal (the editor, the pager), as git's
/// run-command does. Foundation's `Process` puts its child in a new process group, which makes
/// the editor a background job on its own terminal: its reads of the terminal stop it (SIGTTIN) or
/// fail (EIO). Here the child stays in journal's process group, which is the terminal's foreground
/// group, so it reads keys and gets Ctrl-C itself; journal ignores SIGINT and SIGQUIT until the child
/// is gone and then puts the terminal's settings back as they were before.
enum TerminalChild {
    /// Runs `path` with `arguments` (the program's name comes first), its stdin a pipe fed with
    /// `input` when given, else journal's own. Returns its exit status, 128 + the signal that
    /// killed it.
    static func run(_ path: String, _ arguments: [String], environment: [String: String]? = nil, input: String? = nil)
        throws -> Int32
    {
        var pipeEnds: [Int32] = [-1, -1]
        if input != nil {
            guard pipe(&pipeEnds) == 0 else { throw JournalError.invalid(Say.cannotRun(path, String(cString: strerror(errno)))) }
            for fd in pipeEnds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        }
        defer { for fd in pipeEnds where fd >= 0 { close(fd) } }

        #if canImport(Glibc)
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        #else
        var actions: posix_spawn_file_actions_t = nil
        var attributes: posix_spawnattr_t = nil
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        if input != nil { posix_spawn_file_actions_adddup2(&actions, pipeEnds[0], 0) }
        closeOtherDescriptors(&actions)
        // No POSIX_SPAWN_SETPGROUP: the child stays in the terminal's foreground group. It starts
        // with no signal blocked and default handling of what journal ignores (SIGPIPE, and SIGINT
        // and SIGQUIT while it runs), as if the shell had started it.
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGINT, SIGQUIT, SIGPIPE] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)

        let argv = arguments.map { strdup($0) } + [nil]
        let envp = (environment ?? ProcessInfo.processInfo.environment).map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in argv + envp { free(pointer) } }

        let terminal = ForegroundTerminal()
        let savedInterrupt = signal(SIGINT, SIG_IGN)
        let savedQuit = signal(SIGQUIT, SIG_IGN)
        defer {
            signal(SIGINT, savedInterrupt)
            signal(SIGQUIT, savedQuit)
        }
        var child: pid_t = 0
        let started = posix_spawn(&child, path, &actions, &attributes, argv, envp)
        guard started == 0 else { throw JournalError.invalid(Say.cannotRun(path, String(cString: strerror(started)))) }

        if let input {
            close(pipeEnds[0])
            pipeEnds[0] = -1
            // A pager that quits before reading everything closes the pipe: the rest is not wanted.
            writeAll(pipeEnds[1], Array(input.utf8))
            close(pipeEnds[1])
            pipeEnds[1] = -1
        }
        var status: Int32 = 0
        while waitpid(child, &status, 0) == -1 {
            guard errno == EINTR else { break }
        }
        terminal.restore()
        let signalNumber = status & 0x7f
        return signalNumber == 0 ? (status >> 8) & 0xff : 128 + signalNumber
    }

    /// Writes every byte unless the reader goes away (EPIPE: journal ignores SIGPIPE).
    private static func writeAll(_ fd: Int32, _ bytes: [UInt8]) {
        var bytes = bytes[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                return
            }
            bytes = bytes.dropFirst(written)
        }
    }

    /// The child gets stdin, stdout and stderr only: not journal's lock file, index database or
    /// repository files. (Elsewhere than glibc it inherits what is not close-on-exec.)
    private static func closeOtherDescriptors(_ actions: inout posix_spawn_file_actions_t) {
        #if canImport(Glibc)
        // glibc 2.34+ has posix_spawn_file_actions_addclosefrom_np; older ones get an explicit list.
        typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
        if let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") {
            _ = unsafeBitCast(symbol, to: CloseFrom.self)(&actions, 3)
        } else {
            let open = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
            for fd in open.compactMap({ Int32($0) }) where fd > 2 { posix_spawn_file_actions_addclose(&actions, fd) }
        }
        #endif
    }
}

/// The terminal's settings (echo, line editing…) when journal is its foreground job, to put back
/// after a child that changes them (a full-screen editor killed before it could) exits.
private struct ForegroundTerminal {
    private var fd: Int32 = -1
    private var settings = termios()

    init() {
        for candidate: Int32 in [0, 1, 2] where isatty(candidate) == 1 && tcgetpgrp(candidate) == getpgrp() {
            if tcgetattr(candidate, &settings) == 0 {
                fd = candidate
                return
            }
        }
    }

    func restore() {
        guard fd >= 0, tcgetpgrp(fd) == getpgrp() else { return }
        var settings = settings
        _ = tcsetattr(fd, TCSADRAIN, &settings)
    }
}

/// The terminal's settings while a hidden line is read, to put back from a signal handler, and the pipe
/// that tells the reader Ctrl-C was pressed (a signal may be handled on any thread).
nonisolated(unsafe) private var settingsBeforeHiddenInput = termios()
nonisolated(unsafe) private var interruptPipe: [Int32] = [-1, -1]

extension Terminal {
    /// A line typed on the terminal without echoing it (recovery words, as a password prompt reads
    /// them); the terminal's settings come back afterwards. Ctrl-C gives no line (nil), so that the
    /// command stops as it does without an answer and cleans up; another signal that ends journal
    /// meanwhile puts the settings back first. `prompt` is shown once all that is in place. Not a
    /// terminal: an ordinary line.
    static func readHiddenLine(prompt: String) -> String? {
        guard isatty(0) == 1, tcgetattr(0, &settingsBeforeHiddenInput) == 0, pipe(&interruptPipe) == 0 else {
            ask(prompt)
            return readLine()
        }
        var quiet = settingsBeforeHiddenInput
        quiet.c_lflag = (quiet.c_lflag & ~tcflag_t(ECHO)) | tcflag_t(ECHONL)
        let ending: [Int32] = [SIGQUIT, SIGTERM, SIGHUP]
        let previous = ending.map { signal($0, restoreAndDie) }
        let previousInterrupt = signal(SIGINT, noteInterrupt)
        _ = tcsetattr(0, TCSANOW, &quiet)
        defer {
            _ = tcsetattr(0, TCSANOW, &settingsBeforeHiddenInput)
            for (number, handler) in zip(ending, previous) { signal(number, handler) }
            signal(SIGINT, previousInterrupt)
            for fd in interruptPipe { close(fd) }
        }
        ask(prompt)
        var line: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 512)
        while true {
            var ready = [pollfd(fd: 0, events: Int16(POLLIN), revents: 0), pollfd(fd: interruptPipe[0], events: Int16(POLLIN), revents: 0)]
            if poll(&ready, 2, -1) < 0 {
                if errno == EINTR { continue }
                return nil
            }
            if ready[1].revents != 0 { return nil }
            let count = read(0, &buffer, buffer.count)
            if count < 0, errno == EINTR { continue }
            if count <= 0 { return line.isEmpty ? nil : String(decoding: line, as: UTF8.self) }
            line += buffer[..<count]
            if let end = line.firstIndex(of: UInt8(ascii: "\n")) { return String(decoding: line[..<end], as: UTF8.self) }
        }
    }
}

private let noteInterrupt: @convention(c) (Int32) -> Void = { _ in
    var byte: UInt8 = 1
    _ = write(interruptPipe[1], &byte, 1)
}

private let restoreAndDie: @convention(c) (Int32) -> Void = { number in
    _ = tcsetattr(0, TCSANOW, &settingsBeforeHiddenInput)
    signal(number, SIG_DFL)
    raise(number)
}
