import Foundation
import Hummingbird
import JournalKit
import Logging
import NIOCore
import Synchronization

/// `journal serve` (the `journal-serve` program it runs): the resident mirror of one journal and its web
/// view in one process, until Ctrl-C or SIGTERM. Kept out of `journal` itself so that no other command
/// loads SwiftNIO.
public enum WebServer {
    public struct Options: Sendable {
        public var root: String
        public var address = "127.0.0.1"
        public var port = 0
        /// The user's configured language; nil: each browser's `Accept-Language`.
        public var language: String?
        /// The user's units, for the weather on pages.
        public var units = Units.metric
        /// The user's own certificate (a chain, PEM) and its key, for HTTPS; without them, off loopback, one the
        /// journal makes and keeps.
        public var certificateFile: String?
        public var keyFile: String?
        /// Plain http on loopback for a reverse proxy that serves HTTPS (Caddy, nginx): its `X-Forwarded-Host` is
        /// the address served, and sessions last as over HTTPS.
        public var behindProxy = false

        public init(root: String) {
            self.root = root
        }

        /// Whether the address is this machine's own loopback name, where plain http is served.
        public var onLoopback: Bool { ["127.0.0.1", "::1", "localhost"].contains(address) }
        /// Served over HTTPS (here or by the proxy in front): an origin the server's key proves.
        public var https: Bool { behindProxy || !onLoopback || certificateFile != nil }
    }

    public static func run(_ options: Options) async throws {
        // The program an encrypted journal's git filters run is `journal`, beside this one.
        let own = JournalContext.programPath ?? CommandLine.arguments[0]
        var context = JournalContext.fromEnvironment(executable: (own as NSString).deletingLastPathComponent + "/journal")
        context.asksServer = false
        context.notice = { line in FileHandle.standardError.write(Data(("journal: " + line + "\n").utf8)) }
        let journal = try Journal.open(at: options.root, context: context)
        let https = options.https
        // HTTPS: the certificate checked before anything else starts (a bad file is one line, not a crash later).
        let tls = options.behindProxy ? nil : try ServerTLS.configuration(options, stateFolder: journal.stateFolder, context: context)
        let claim = try journal.claimServer()
        // No port asked for: over HTTPS the last one, when it is free (an installed app's address stays); on plain
        // http a new one each run, a new origin that nothing left at the old one (a program that took the
        // port meanwhile, its script or storage) can reach.
        var port = options.port
        if port == 0, https, let last = claim.lastPort, WebServer.isFree(port: last, on: options.address) { port = last }
        let resident: Resident
        do { resident = try Resident(journal: journal) } catch {
            claim.release()
            throw error
        }
        let secrets = Secrets(https: https)
        // Sessions of earlier runs of plain http end with them.
        DeviceSessions(stateFolder: journal.stateFolder).prune(keepingRun: secrets.run, now: JournalContext.pinnedNow ?? Date())
        let events = EventHub()
        // Syncing by itself (`serve.sync`), shortly after a change settles too.
        let syncing = UserConfig.serveSync(at: JournalContext.userConfigFile).map { every in
            ServeSync(root: journal.root, context: context, every: every, events: events)
        }
        resident.onChange = { change in
            events.send(change)
            syncing?.changed()
        }
        let mirror = Thread { resident.run() }
        mirror.stackSize = 1 << 20
        mirror.start()
        // On the way out (Ctrl-C, SIGTERM): the mirror stops, and the record and the socket go.
        defer {
            resident.stop()
            unlink(resident.socketPath)
            claim.release()
        }

        let site = Site(root: journal.root, stateFolder: journal.stateFolder, context: context, secrets: secrets, https: https,
                        behindProxy: options.behindProxy, events: events, syncing: syncing, language: options.language,
                        units: options.units, address: options.address)
        syncing?.start()
        defer { syncing?.stop() }
        var logger = Logger(label: "journal-serve")
        logger.logLevel = .error
        let published = Mutex(false)
        // 30 s; JOURNAL_SERVE_IDLE_TIMEOUT (seconds) for the test that waits for the close.
        let idleSeconds = ProcessInfo.processInfo.environment["JOURNAL_SERVE_IDLE_TIMEOUT"].flatMap { Int64($0) }.flatMap { $0 > 0 ? $0 : nil } ?? 30
        let app = Application(
            responder: site,
            // A connection that sends nothing for 30 s is closed (not one whose answer is still going, as the
            // event stream): idle ones, with or without a token, would otherwise hold the server's files open
            // until it could accept no other. Each connection's requests run on its own event loop
            // (`LoopBoundHTTP1`).
            server: try tls.map { try .tls(.loopBoundHTTP1(idleTimeout: .seconds(idleSeconds)), tlsConfiguration: $0.configuration) }
                ?? .loopBoundHTTP1(idleTimeout: .seconds(idleSeconds)),
            configuration: ApplicationConfiguration(address: .hostname(options.address, port: port), serverName: nil),
            onServerRunning: { [port] channel in
                let port = channel.localAddress?.port ?? port
                site.bound(port: port)
                let host = options.address.contains(":") ? "[\(options.address)]" : options.address
                // Behind a proxy the address is the proxy's: the record names the listener.
                let origin = (https && !options.behindProxy ? "https://" : "http://") + host + ":\(port)"
                let page = https ? origin + "/" : origin + secrets.prefix + "/login?code=" + secrets.login
                let record = ServeRecord(pid: getpid(), address: options.address, port: port, token: secrets.token,
                                         started: Date().timeIntervalSince1970, socket: resident.socketPath, page: page, run: secrets.run)
                // Said before the record is published: `--detach` returns once it is, and the log holds these.
                if let tls {
                    // What a person compares on the phone before trusting the address.
                    FileHandle.standardOutput.write(Data((Say.text(tls.made ? "serveCertificateMade" : "serveCertificateGiven", tls.fingerprint)
                        + "\n").utf8))
                }
                if !options.onLoopback {
                    FileHandle.standardError.write(Data((Say.text("serveListenWarning", options.address) + "\n").utf8))
                }
                do {
                    try claim.publish(record)
                } catch {
                    FileHandle.standardError.write(Data(("journal: \(error)\n").utf8))
                }
                published.withLock { $0 = true }
                if !resident.watches.complete {
                    FileHandle.standardError.write(Data((Say.text("serveWatchLimit", resident.watches.count) + "\n").utf8))
                }
                FileHandle.standardOutput.write(Data((Say.text("serveListening", record.url) + "\n").utf8))
            },
            logger: logger)
        // Open pages' event streams never end by themselves: Ctrl-C or SIGTERM ends them, so that the
        // server's graceful shutdown (which waits for answers in progress) is quick.
        let endStreams = [SIGINT, SIGTERM].map { number -> DispatchSourceSignal in
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { events.finish() }
            source.resume()
            return source
        }
        try await app.runService()
        events.finish()
        withExtendedLifetime(endStreams) {}
    }
}

extension WebServer {
    /// Whether a listening socket could be bound to `port` on the IPv4 `address` now (another address: no).
    static func isFree(port: Int, on address: String) -> Bool {
        var socketAddress = sockaddr_in()
        socketAddress.sin_family = sa_family_t(AF_INET)
        socketAddress.sin_port = in_port_t(UInt16(port).bigEndian)
        guard inet_pton(AF_INET, address == "localhost" ? "127.0.0.1" : address, &socketAddress.sin_addr) == 1 else { return false }
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var yes: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        let bound = withUnsafePointer(to: &socketAddress) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        return bound == 0
    }
}

/// Tells every open page's event stream that something changed on disk.
final class EventHub: Sendable {
    private let streams = Mutex<(open: [UUID: AsyncStream<String>.Continuation], finished: Bool)>(([:], false))

    func subscribe() -> (UUID, AsyncStream<String>) {
        let id = UUID()
        let (stream, continuation) = AsyncStream<String>.makeStream(bufferingPolicy: .bufferingNewest(8))
        streams.withLock { state in
            if state.finished { continuation.finish() } else { state.open[id] = continuation }
        }
        continuation.onTermination = { [weak self] _ in self?.unsubscribe(id) }
        return (id, stream)
    }

    func unsubscribe(_ id: UUID) {
        _ = streams.withLock { $0.open.removeValue(forKey: id) }
    }

    func send(_ change: ResidentChange) {
        // A folder's name as a JSON string of plain characters: one that holds a line break (a folder can)
        // would end the event's data and start an event of its own.
        let folders = change.folders.sorted().map { folder in
            "\"" + String(String.UnicodeScalarView(folder.unicodeScalars.filter { $0.value >= 0x20 && $0 != "\"" && $0 != "\\" && $0.value != 0x7F })) + "\""
        }
        send(event: "change", data: "{\"folders\":[\(folders.joined(separator: ","))],\"git\":\(change.git)}")
    }

    /// An event of `name` to every open page; `data` is one line (JSON).
    func send(event name: String, data: String) {
        let text = "event: \(name)\ndata: \(data.replacingOccurrences(of: "\n", with: " "))\n\n"
        streams.withLock { for continuation in $0.open.values { continuation.yield(text) } }
    }

    func finish() {
        let open = streams.withLock { state in
            state.finished = true
            defer { state.open = [:] }
            return Array(state.open.values)
        }
        for continuation in open { continuation.finish() }
    }
}
