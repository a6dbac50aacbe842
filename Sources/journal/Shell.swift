import Foundation
import JournalKit

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The process's surroundings as the command line needs them: the locale, the terminal's notices, this
/// program's path. The clock, the zone and the XDG folders are read once, by `JournalContext.fromEnvironment`
/// (the kit's, shared with `journal-serve`); the accessors here forward to it.
enum Shell {
    /// One variable of the environment (getenv: `ProcessInfo.environment` copies all of them on every call).
    static func env(_ name: String) -> String? { getenv(name).map { String(cString: $0) } }

    static var home: String { JournalContext.home }

    /// The working directory, from getcwd(3): `FileManager.default`, made at its first use, cost a command 0.1 ms.
    static var currentDirectory: String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) != nil else { return FileManager.default.currentDirectoryPath }
        return buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }

    static func absolute(_ path: String) -> String {
        var path = path
        if path == "~" || path.hasPrefix("~/") { path = home + path.dropFirst() }
        if !path.hasPrefix("/") { path = currentDirectory + "/" + path }
        // A path that exists is what realpath(3) makes of it (links resolved, as `standardizingPath` resolves
        // them, without its walk in Swift of one component at a time); one that does not yet, its way.
        if let resolved = realpath(path, nil) {
            defer { free(resolved) }
            return String(cString: resolved)
        }
        let standard = (path as NSString).standardizingPath
        return standard.count > 1 && standard.hasSuffix("/") ? String(standard.dropLast()) : standard
    }

    /// The clock; `JOURNAL_NOW` (RFC 3339) pins it, for tests and reproducible demos.
    static var now: Date { pinnedNow ?? Date() }

    /// `JOURNAL_NOW`, when set (see `JournalContext.pinnedNow`).
    static var pinnedNow: Date? { JournalContext.pinnedNow }

    static var timeZone: TimeZone { JournalContext.environmentTimeZone }

    /// The environment's context (`JournalContext.fromEnvironment`), saying its notices on this terminal.
    static func context() -> JournalContext {
        var context = JournalContext.fromEnvironment(executable: executablePath)
        context.notice = { Terminal.printError($0) }
        context.readingOnly = { line in Terminal.afterSuccess(line) }
        context.workingDirectory = currentDirectory
        context.noServer = { root, stateFolder in ServeProgram.startIfConfigured(root: root, stateFolder: stateFolder) }
        return context
    }

    /// The user's config folder (see `JournalContext.configHome`).
    static var configHome: String { JournalContext.configHome }

    /// Journal keys, outside every repository.
    static var keysFolder: String { configHome + "/journal/keys" }

    /// This program, as the git program is to run it for the encryption filters.
    static let executablePath =
        JournalContext.programPath ?? Bundle.main.executableURL?.resolvingSymlinksInPath().path ?? absolute(CommandLine.arguments[0])

    /// The locale for dates, from LC_ALL, LC_TIME or LANG; nil for C/POSIX (then dates print as ISO 8601).
    static var locale: Locale? { localeIdentifier.map(Locale.init(identifier:)) }

    /// Whether `id` has a locale identifier's shape (`en_US`, `sr_Latn_RS`, `de_DE@calendar=…`): a language
    /// of 2 to 8 letters, then parts of at most 8 letters or digits. ICU crashes on a longer language
    /// (`LANG=eeeeeeeeeeee`); anything else is no locale (ISO dates).
    static func isLocaleIdentifier(_ id: String) -> Bool {
        let name = id.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false)[0]
        let parts = name.split(separator: "_", omittingEmptySubsequences: false).flatMap { $0.split(separator: "-", omittingEmptySubsequences: false) }
        guard let language = parts.first, (2...8).contains(language.count), language.allSatisfy({ $0.isASCII && $0.isLetter }) else { return false }
        return parts.dropFirst().allSatisfy { (1...8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } }
    }

    /// The locale's identifier (`en_US`), without making a `Locale` (which starts ICU): what dates need.
    static var localeIdentifier: String? {
        for name in ["LC_ALL", "LC_TIME", "LANG"] {
            guard let value = env(name), !value.isEmpty else { continue }
            let id = value.split(separator: ".").first.map(String.init) ?? value
            return id == "C" || id == "POSIX" || !isLocaleIdentifier(id) ? nil : id
        }
        return nil
    }

    /// Finds a program on PATH, as a shell would.
    static func which(_ program: String) -> String? {
        if program.contains("/") { return FileManager.default.isExecutableFile(atPath: program) ? program : nil }
        for dir in (env("PATH") ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":") {
            let candidate = "\(dir)/\(program)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// Splits a command string like `code --wait` or `vim -u NONE` as a shell would, without running one:
    /// words, single and double quotes, backslash escapes.
    static func words(_ command: String) -> [String] {
        var words: [String] = []
        var current = ""
        var inWord = false
        var quote: Character?
        var escaped = false
        for c in command {
            if escaped {
                current.append(c)
                escaped = false
                continue
            }
            switch (quote, c) {
            case (nil, "\\"), ("\"", "\\"):
                escaped = true
                inWord = true
            case (nil, "'"), (nil, "\""):
                quote = c
                inWord = true
            case (let q?, _) where c == q:
                quote = nil
            case (nil, _) where c == " " || c == "\t" || c == "\n":
                if inWord { words.append(current) }
                current = ""
                inWord = false
            default:
                current.append(c)
                inWord = true
            }
        }
        if inWord { words.append(current) }
        return words
    }

    /// Runs a program on this terminal (see `TerminalChild`) and waits for it. Returns its exit status.
    static func run(_ arguments: [String]) throws -> Int32 {
        guard let program = arguments.first, let path = which(program) else {
            throw JournalError.invalid(Say.programNotFound(arguments.first ?? ""))
        }
        return try TerminalChild.run(path, arguments)
    }

    /// Starts `program` with `arguments` in a session of its own (no terminal, so no Ctrl-C or hang-up of ours
    /// reaches it), reading nothing and writing to `log`; returns its pid without waiting for it.
    static func spawnDetached(_ program: String, _ arguments: [String], log: String) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, log, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        // Nothing else of ours goes with it: a pipe or socket left open would keep whoever reads our output
        // (a shell's `$(…)`, a test) waiting for the server to end.
        // (glibc's posix_spawn_file_actions_addclosefrom_np is not exported to Swift; a close of an fd
        // that is gone by then is ignored.)
        let open = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        for fd in open.compactMap(Int32.init) where fd > 2 { posix_spawn_file_actions_addclose(&actions, fd) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // POSIX_SPAWN_SETSID (glibc's 0x80, which its module does not export): a session of its own.
        posix_spawnattr_setflags(&attributes, 0x80)
        let argv = ([program] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, program, &actions, &attributes, argv, environ)
        guard status == 0 else { throw JournalError.invalid(Say.programNotFound(program + ": " + String(cString: strerror(status)))) }
        return pid
    }

    /// Opens `file` in `$VISUAL`, else `$EDITOR`, else `vi`; returns the editor's exit status.
    static func edit(_ file: String) throws -> Int32 {
        let command = [env("VISUAL"), env("EDITOR")].compactMap { $0 }.first { !$0.trimmingCharacters(in: .whitespaces).isEmpty } ?? "vi"
        return try run(words(command) + [file])
    }
}

enum Terminal {
    static var stdoutIsTerminal: Bool { isatty(1) == 1 }
    static var stdinIsTerminal: Bool { isatty(0) == 1 }
    static var stderrIsTerminal: Bool { isatty(2) == 1 }

    /// Writes `data` to stdout as it is (`show --raw`, an escape sequence of our own); text goes through
    /// `write(_:to:)`, which makes its control characters visible first.
    static func write(_ data: Data) {
        data.withUnsafeBytes { write($0) }
    }

    /// The UTF-8 of `text` to stdout as it is, made into no `Data`: that costs a dynamic cast, whose first
    /// time searches every protocol conformance in the binary (0.15 ms of a `list`).
    static func write(bytesOf text: String) {
        var text = text
        text.withUTF8 { write(UnsafeRawBufferPointer($0)) }
    }

    /// Bytes to stdout. When the reader has gone away (`journal list | head -1`), journal ends quietly as if
    /// SIGPIPE had killed it, as git does: it ignores SIGPIPE for the network's sake, and the rest of the
    /// output is not wanted.
    static func write(_ buffer: UnsafeRawBufferPointer) {
        guard outputFailure == nil, var next = buffer.baseAddress else { return }
        var left = buffer.count
        while left > 0 {
            let written = Foundation.write(1, next, left)
            if written >= 0 {
                next += written
                left -= written
            } else if errno == EPIPE {
                signal(SIGPIPE, SIG_DFL)
                raise(SIGPIPE)
                exit(128 + SIGPIPE)
            } else if errno != EINTR {
                outputFailure = String(cString: strerror(errno))
                return
            }
        }
    }

    /// Why stdout could not be written (a full disk, a closed descriptor): the command then writes no
    /// more and ends with this as its error (`JournalCommand.main`).
    nonisolated(unsafe) static var outputFailure: String?

    /// Notes for the end of a command that succeeds (a journal read without writing, on a full disk): a
    /// command that fails says only why.
    nonisolated(unsafe) static var notesAfterSuccess: [String] = []

    static func afterSuccess(_ note: String) {
        if !notesAfterSuccess.contains(note) { notesAfterSuccess.append(note) }
    }

    static func printError(_ message: String) {
        write("journal: \(message)\n", to: .standardError)
    }

    static func warn(_ message: String) {
        write("journal: \(Say.warning): \(message)\n", to: .standardError)
    }

    static func note(_ message: String) {
        write("\(message)\n", to: .standardError)
    }

    /// The terminal's width; else `$COLUMNS`; else 80.
    static var columns: Int {
        var size = winsize()
        if ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        return Shell.env("COLUMNS").flatMap(Int.init).flatMap { $0 > 0 ? $0 : nil } ?? 80
    }

    static var rows: Int {
        var size = winsize()
        if ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0 { return Int(size.ws_row) }
        return 24
    }

    /// Prints `text`, through `$PAGER` (default `less -FRX`) when stdout is a terminal and it doesn't fit.
    static func page(_ text: String) {
        let text = shown(text)
        guard stdoutIsTerminal, text.utf8.reduce(0, { $1 == 0x0A ? $0 + 1 : $0 }) >= rows,
            let words = Optional(Shell.words(Shell.env("PAGER") ?? "less -FRX")), let program = words.first,
            let path = Shell.which(program)
        else {
            write(bytesOf: text)
            return
        }
        var environment = ProcessInfo.processInfo.environment
        if environment["LESS"] == nil { environment["LESS"] = "FRX" }
        if (try? TerminalChild.run(path, words, environment: environment, input: text)) == nil {
            write(bytesOf: text)
        }
    }
}
