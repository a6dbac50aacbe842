import ArgumentParser
import Foundation
import JournalKit

extension JournalCommand {
    struct Serve: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "serve",
            abstract: Help.text("help.Serve.abstract"),
            discussion: Help.reflow(Say.text("help.Serve.discussion")),
            subcommands: [ServeDevices.self, ServeRevoke.self, ServePair.self])

        @OptionGroup var options: GlobalOptions

        @Option(help: ArgumentHelp(Help.text("help.Serve.port")))
        var port: Int?

        @Option(help: ArgumentHelp(Help.text("help.Serve.listen")))
        var listen: String?

        @Option(help: ArgumentHelp(Help.text("help.Serve.tlsCert")))
        var tlsCert: String?

        @Option(help: ArgumentHelp(Help.text("help.Serve.tlsKey")))
        var tlsKey: String?

        @Flag(help: ArgumentHelp(Help.text("help.Serve.behindProxy")))
        var behindProxy = false

        @Flag(help: ArgumentHelp(Help.text("help.Serve.detach")))
        var detach = false

        @Flag(help: ArgumentHelp(Help.text("help.Serve.status")))
        var status = false

        @Flag(help: ArgumentHelp(Help.text("help.Serve.stop")))
        var stop = false

        func validate() throws {
            if [detach, status, stop].filter({ $0 }).count > 1 { throw ValidationError(Say.text("serveOneOf")) }
            if let port, !(0...65535).contains(port) { throw ValidationError(Say.text("serveBadPort", port)) }
            if (tlsCert == nil) != (tlsKey == nil) { throw ValidationError(Say.text("serveCertAndKey")) }
            if behindProxy, tlsCert != nil || (listen.map { !["127.0.0.1", "::1", "localhost"].contains($0) } ?? false) {
                throw ValidationError(Say.text("serveProxyOnLoopback"))
            }
            for file in [tlsCert, tlsKey].compactMap({ $0 }) where !FileManager.default.isReadableFile(atPath: Shell.absolute(file)) {
                throw ValidationError(Say.text("serveUnreadableFile", file, "no such file, or not readable"))
            }
        }

        /// What the server program is given beyond the journal: the address, HTTPS's files, the proxy.
        private var serving: ServeProgram.Serving {
            ServeProgram.Serving(port: port, listen: listen, certificate: tlsCert.map(Shell.absolute), key: tlsKey.map(Shell.absolute),
                                 behindProxy: behindProxy)
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
            let argv = ([program] + ServeProgram.arguments(root: journal.root, serving)).map { strdup($0) } + [nil]
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
            let pid = try Shell.spawnDetached(program, ServeProgram.arguments(root: journal.root, serving), log: log)
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

/// `journal serve devices`: the browsers signed in, and when each was last used.
struct ServeDevices: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "devices", abstract: Help.text("help.ServeDevices.abstract"))

    @OptionGroup var options: GlobalOptions

    func run() throws {
        let journal = try options.openJournal()
        let devices = journal.devices()
        guard !devices.isEmpty else {
            print(Say.text("noDevices"))
            return
        }
        let dates = DateText(localeIdentifier: Shell.localeIdentifier)
        let shown = { (date: Date) in dates.format(Timestamp(date: date, timeZone: Shell.timeZone)) }
        printColumns(devices.map { device in
            (device.name, Say.text(device.lasts ? "deviceLasting" : "deviceThisRun", device.id, shown(device.lastUsed), shown(device.expires)))
        })
    }
}

/// `journal serve revoke NAME`: that browser's next request finds itself signed out.
struct ServeRevoke: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "revoke", abstract: Help.text("help.ServeRevoke.abstract"))

    @OptionGroup var options: GlobalOptions

    @Argument(help: ArgumentHelp(Help.text("help.ServeRevoke.name")))
    var name: String

    func run() throws {
        let journal = try options.openJournal()
        for device in try journal.revokeDevice(name) { print(Say.text("deviceRevoked", device.name, device.id)) }
    }
}

/// `journal serve pair`: a one-time code a phone types on the server's sign-in page.
struct ServePair: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "pair", abstract: Help.text("help.ServePair.abstract"))

    @OptionGroup var options: GlobalOptions

    func run() throws {
        let journal = try options.openJournal()
        guard let running = journal.runningServer else { throw JournalError.invalid(Say.text("pairNoServer")) }
        // A browser on loopback signs in by the address printed (its login link); pairing is for HTTPS.
        guard !running.url.contains("/login?code=") else { throw JournalError.invalid(Say.text("pairNotHTTPS")) }
        let made = try journal.makePairingCode()
        let minutes = Int(Pairing.validFor / 60)
        // Behind a proxy the address the phone opens is the proxy's, which the server does not know.
        print(running.url.hasPrefix("https://") ? Say.text("pairCode", running.url, made.code, minutes) : Say.text("pairCodeProxy", made.code, minutes))
    }
}

/// `journal-serve`, the server program beside this one (see `Sources/journal-serve`).
enum ServeProgram {
    static var path: String { (Shell.executablePath as NSString).deletingLastPathComponent + "/journal-serve" }

    /// Where and how the server serves: its address, the user's certificate, a proxy in front.
    struct Serving {
        var port: Int?
        var listen: String?
        var certificate: String?
        var key: String?
        var behindProxy = false
    }

    static func arguments(root: String, _ serving: Serving) -> [String] {
        var arguments = ["-J", root]
        if let port = serving.port { arguments += ["--port", String(port)] }
        if let listen = serving.listen { arguments += ["--listen", listen] }
        if let certificate = serving.certificate, let key = serving.key { arguments += ["--tls-cert", certificate, "--tls-key", key] }
        if serving.behindProxy { arguments.append("--behind-proxy") }
        if let language = Language.configured() { arguments += ["--language", language] }
        if UserSettings.units != .metric { arguments += ["--units", UserSettings.units.rawValue] }
        return arguments
    }

    /// `serve.auto: true`: a server started for the journal in the background, not waited for (a second
    /// command that starts one at the same moment finds the first one's claim, and its server ends).
    static func startIfConfigured(root: String, stateFolder: String) {
        guard UserConfig.servesAutomatically(at: UserSettings.path), FileManager.default.isExecutableFile(atPath: path) else { return }
        _ = try? Shell.spawnDetached(path, arguments(root: root, Serving()), log: stateFolder + "/serve.log")
    }
}
