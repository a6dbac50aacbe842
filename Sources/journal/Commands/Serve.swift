import ArgumentParser
import Foundation
import JournalKit

extension JournalCommand {
    struct Serve: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "serve",
            abstract: Help.text("help.Serve.abstract"),
            discussion: Help.reflow(Say.text("help.Serve.discussion")))

        @OptionGroup var options: GlobalOptions

        @Option(help: ArgumentHelp(Help.text("help.Serve.port")))
        var port: Int?

        @Option(help: ArgumentHelp(Help.text("help.Serve.listen")))
        var listen: String?

        @Flag(help: ArgumentHelp(Help.text("help.Serve.detach")))
        var detach = false

        @Flag(help: ArgumentHelp(Help.text("help.Serve.status")))
        var status = false

        @Flag(help: ArgumentHelp(Help.text("help.Serve.stop")))
        var stop = false

        func validate() throws {
            if [detach, status, stop].filter({ $0 }).count > 1 { throw ValidationError(Say.text("serveOneOf")) }
            if let port, !(0...65535).contains(port) { throw ValidationError(Say.text("serveBadPort", port)) }
        }

        func run() throws {
            let journal = try options.openJournal()
            if status { return try printStatus(journal) }
            if stop { return try stopServer(journal) }
            if let running = journal.runningServer {
                throw JournalError.invalid(Say.text("serveAlreadyRunning", running.pid, running.url))
            }
            if detach { return try startInBackground(journal) }
            // The server is its own program, so that no other command loads SwiftNIO: it takes this process's
            // place (the same pid; Ctrl-C reaches it).
            let program = ServeProgram.path
            let argv = ([program] + ServeProgram.arguments(journal, port: port, listen: listen)).map { strdup($0) } + [nil]
            execv(program, argv)
            throw JournalError.invalid(Say.text("serveNoCompanion", program, String(cString: strerror(errno))))
        }

        private func printStatus(_ journal: Journal) throws {
            guard let running = journal.runningServer else {
                print(Say.text("serveNotRunning", journal.root))
                throw JournalError.declined
            }
            print(Say.text("serveRunning", running.url, running.pid))
        }

        private func stopServer(_ journal: Journal) throws {
            guard let running = journal.runningServer else {
                print(Say.text("serveNotRunning", journal.root))
                return
            }
            kill(running.pid, SIGTERM)
            // Gone once its record is: it removes it on its way out (a killed one's is removed by `runningServer`).
            let deadline = Date().addingTimeInterval(10)
            while journal.runningServer != nil, Date() < deadline { usleep(20_000) }
            if journal.runningServer != nil {
                throw JournalError.invalid(Say.text("serveDidNotStop", running.pid))
            }
            print(Say.text("serveStopped", running.pid))
        }

        /// Starts `journal serve` again, in a session of its own with no terminal, and returns once it answers.
        private func startInBackground(_ journal: Journal) throws {
            let log = journal.stateFile("serve.log")
            let program = ServeProgram.path
            guard FileManager.default.isExecutableFile(atPath: program) else {
                throw JournalError.invalid(Say.text("serveNoCompanion", program, String(cString: strerror(ENOENT))))
            }
            let pid = try Shell.spawnDetached(program, ServeProgram.arguments(journal, port: port, listen: listen), log: log)
            let deadline = Date().addingTimeInterval(30)
            while Date() < deadline {
                if let running = journal.runningServer, running.pid == pid, journal.serverAnswers {
                    print(Say.text("serveStarted", running.url, pid))
                    return
                }
                if kill(pid, 0) != 0 { break }
                usleep(20_000)
            }
            let said = (try? String(contentsOfFile: log, encoding: .utf8))?.split(separator: "\n").last.map(String.init) ?? ""
            throw JournalError.invalid(Say.text("serveDidNotStart", said))
        }
    }
}

/// `journal-serve`, the server program beside this one (see `Sources/journal-serve`).
enum ServeProgram {
    static var path: String { (Shell.executablePath as NSString).deletingLastPathComponent + "/journal-serve" }

    static func arguments(_ journal: Journal, port: Int?, listen: String?) -> [String] {
        arguments(root: journal.root, port: port, listen: listen)
    }

    static func arguments(root: String, port: Int?, listen: String?) -> [String] {
        var arguments = ["-J", root]
        if let port { arguments += ["--port", String(port)] }
        if let listen { arguments += ["--listen", listen] }
        if let language = Language.configured() { arguments += ["--language", language] }
        if UserSettings.units != .metric { arguments += ["--units", UserSettings.units.rawValue] }
        return arguments
    }

    /// `serve.auto: true`: a server started for the journal in the background, not waited for (a second
    /// command that starts one at the same moment finds the first one's claim, and its server ends).
    static func startIfConfigured(root: String, stateFolder: String) {
        guard UserConfig.servesAutomatically(at: UserSettings.path), FileManager.default.isExecutableFile(atPath: path) else { return }
        _ = try? Shell.spawnDetached(path, arguments(root: root, port: nil, listen: nil), log: stateFolder + "/serve.log")
    }
}
