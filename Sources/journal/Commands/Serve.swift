import ArgumentParser
import Dispatch
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
            try refresh(journal)
            try ServeRun.foreground(journal: journal, address: listen ?? "127.0.0.1", port: port ?? 0)
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
            var arguments = ["-J", journal.root, "serve"]
            if let port { arguments += ["--port", String(port)] }
            if let listen { arguments += ["--listen", listen] }
            let log = journal.stateFile("serve.log")
            let pid = try Shell.spawnDetached(Shell.executablePath, arguments, log: log)
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

/// `journal serve` in the foreground: the resident mirror (and the web view), until Ctrl-C or SIGTERM.
enum ServeRun {
    static func foreground(journal: Journal, address: String, port: Int) throws {
        let claim = try journal.claimServer()
        defer { claim.release() }
        let resident = try Resident(journal: journal)
        // The system's generator (getrandom): 192 bits no one can guess.
        var generator = SystemRandomNumberGenerator()
        let token = (0..<24).map { _ in String(format: "%02x", UInt8.random(in: 0...255, using: &generator)) }.joined()
        let record = ServeRecord(pid: getpid(), address: address, port: port, token: token,
                                 started: Date().timeIntervalSince1970, socket: resident.socketPath)
        try claim.publish(record)
        // Ctrl-C and SIGTERM end the run; the record and the socket go with it.
        signal(SIGINT, SIG_IGN)
        signal(SIGTERM, SIG_IGN)
        let stops = [SIGINT, SIGTERM].map { number -> DispatchSourceSignal in
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { resident.stop() }
            source.resume()
            return source
        }
        if resident.watches.complete == false { Terminal.warn(Say.text("serveWatchLimit", resident.watches.count)) }
        print(Say.text("serveListening", record.url))
        resident.run()
        withExtendedLifetime(stops) {}
    }
}
