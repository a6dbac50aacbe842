import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// What a running `journal serve` writes for others to find it: `.git/journal/serve.json`, mode 0600 (it holds
/// the web view's token), removed when the server stops. A record whose process is gone is stale: anyone may
/// remove it.
public struct ServeRecord: Codable, Sendable, Equatable {
    public var pid: Int32
    /// The web view's address and port (127.0.0.1 unless `--listen` said otherwise).
    public var address: String
    public var port: Int
    /// The secret every request of the web view must carry.
    public var token: String
    /// When the server started (seconds since 1970).
    public var started: Double
    /// The Unix socket the command line asks for freshness.
    public var socket: String
    /// The address a browser opens (on plain http on loopback it signs the browser in, for this run);
    /// empty in a record of an older server.
    public var page: String
    /// This run's id: the sessions of plain http belong to it.
    public var run: String

    public init(pid: Int32, address: String, port: Int, token: String, started: Double, socket: String, page: String = "", run: String = "") {
        self.pid = pid
        self.address = address
        self.port = port
        self.token = token
        self.started = started
        self.socket = socket
        self.page = page
        self.run = run
    }

    /// The address to open in a browser. The token is the programs' (`Authorization: Bearer`), never in an address.
    public var url: String {
        if !page.isEmpty { return page }
        let host = address.contains(":") ? "[\(address)]" : address
        return "http://\(host):\(port)/"
    }

    static let fileName = "serve.json"

    static func path(stateFolder: String) -> String { stateFolder + "/" + fileName }

    /// The record of the server of the journal whose tool folder is `stateFolder`, when its process still
    /// runs; a record left by a killed server is removed.
    public static func running(stateFolder: String) -> ServeRecord? {
        let path = path(stateFolder: stateFolder)
        guard let data = FileSystem.contents(path), let record = ServeRecord(json: data) else { return nil }
        guard record.isAlive else {
            try? FileSystem.remove(path)
            return nil
        }
        return record
    }

    /// The record as `write` stores it: one flat JSON object of strings and numbers; nil for anything else.
    /// Read by hand, as every command that reads entries reads it: JSONDecoder's first use costs a quarter
    /// of a millisecond. `ServeRecordTests` holds it to JSONDecoder.
    init?(json data: Data) {
        var fields: [String: String] = [:]
        var bytes = data[...]
        func skipSpace() { while let byte = bytes.first, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { bytes.removeFirst() } }
        func take(_ byte: UInt8) -> Bool {
            skipSpace()
            guard bytes.first == byte else { return false }
            bytes.removeFirst()
            return true
        }
        /// A string's text, its escapes undone (`\/` as JSONEncoder writes a slash; `\uXXXX` of the BMP).
        func string() -> String? {
            guard take(0x22) else { return nil }
            var text: [UInt8] = []
            while let byte = bytes.popFirst() {
                switch byte {
                case 0x22: return String(decoding: text, as: UTF8.self)
                case 0x5C:
                    guard let escaped = bytes.popFirst() else { return nil }
                    switch escaped {
                    case 0x22, 0x5C, 0x2F: text.append(escaped)
                    case 0x6E: text.append(0x0A)
                    case 0x74: text.append(0x09)
                    case 0x72: text.append(0x0D)
                    case 0x75:
                        guard bytes.count >= 4, let code = UInt32(String(decoding: bytes.prefix(4), as: UTF8.self), radix: 16),
                              let scalar = Unicode.Scalar(code) else { return nil }
                        bytes.removeFirst(4)
                        text += Array(String(Character(scalar)).utf8)
                    default: return nil
                    }
                default: text.append(byte)
                }
            }
            return nil
        }
        guard take(0x7B) else { return nil }
        while !take(0x7D) {
            if !fields.isEmpty, !take(0x2C) { return nil }
            guard let key = string(), take(0x3A) else { return nil }
            skipSpace()
            if bytes.first == 0x22 {
                guard let value = string() else { return nil }
                fields[key] = value
            } else {
                let number = bytes.prefix { (0x30...0x39).contains($0) || $0 == 0x2D || $0 == 0x2B || $0 == 0x2E || $0 == 0x45 || $0 == 0x65 }
                guard !number.isEmpty else { return nil }
                bytes.removeFirst(number.count)
                fields[key] = String(decoding: number, as: UTF8.self)
            }
        }
        guard bytes.allSatisfy({ $0 == 0x20 || $0 == 0x0A }),
              let pid = fields["pid"].flatMap({ Int32($0) }), let address = fields["address"],
              let port = fields["port"].flatMap({ Int($0) }), let token = fields["token"],
              let started = fields["started"].flatMap({ Double($0) }), let socket = fields["socket"]
        else { return nil }
        self.init(pid: pid, address: address, port: port, token: token, started: started, socket: socket, page: fields["page"] ?? "",
                  run: fields["run"] ?? "")
    }

    /// Whether the process the record names runs and is a `journal` (a pid reused by another program is not).
    var isAlive: Bool {
        guard pid > 0, kill(pid, 0) == 0 || errno == EPERM else { return false }
        guard let command = FileSystem.contents("/proc/\(pid)/cmdline") else { return true }
        let first = command.split(separator: 0).first.map { String(decoding: $0, as: UTF8.self) } ?? ""
        return (first as NSString).lastPathComponent.hasPrefix("journal")
    }

    /// Writes the record, readable by its owner only.
    func write(stateFolder: String, temporaries: String) throws(JournalError) {
        let data: Data
        do { data = try JSONEncoder().encode(self) } catch { throw .failed(doing: Say.text("doing.serveRecord"), cause: "\(error)") }
        try FileSystem.writeAtomically(data, to: ServeRecord.path(stateFolder: stateFolder), temporaryIn: temporaries,
                                       permissions: 0o600)
    }
}

/// The right to be this journal's one server, held for the server's life: an flock of `.git/journal/serve.lock`
/// that the kernel lets go of however the process ends.
/// (Sendable: the server publishes its record from the web server's start-up callback, once; nothing else touches it.)
public final class ServerClaim: @unchecked Sendable {
    private let descriptor: Int32
    private let journal: Journal

    fileprivate init(descriptor: Int32, journal: Journal) {
        self.descriptor = descriptor
        self.journal = journal
    }

    /// Writes the record others find the server by, and remembers its port for the next start (`lastPort`).
    public func publish(_ record: ServeRecord) throws(JournalError) {
        try record.write(stateFolder: journal.stateFolder, temporaries: journal.temporaryFolder)
        try? FileSystem.writeAtomically(Data("\(record.port)\n".utf8), to: journal.stateFolder + "/serve.port",
                                        temporaryIn: journal.temporaryFolder, permissions: 0o600)
    }

    /// The port this journal's last server listened on (kept after it stopped): a server started again over
    /// HTTPS takes it when it is free, so that an installed app's address stays the same. (On plain http on
    /// loopback every run takes a new port: a new origin, which nothing another program left at the old one
    /// can reach.) Nil when none is known.
    public var lastPort: Int? {
        guard let data = FileSystem.contents(journal.stateFolder + "/serve.port"),
              let port = Int(String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)),
              (1024...65535).contains(port) else { return nil }
        return port
    }

    /// Removes the record and lets go of the claim.
    public func release() {
        try? FileSystem.remove(ServeRecord.path(stateFolder: journal.stateFolder))
        close(descriptor)
    }
}

extension Journal {
    /// The server of this journal, when one runs.
    public var runningServer: ServeRecord? { ServeRecord.running(stateFolder: stateFolder) }

    /// Whether this journal's server answers a command now.
    public var serverAnswers: Bool {
        guard let record = runningServer else { return false }
        return ServeSocket.askFresh(record.socket, timeout: 1) != nil
    }

    /// This journal's server's claim; an error naming the one that runs when there is one.
    public func claimServer() throws(JournalError) -> ServerClaim {
        let path = stateFolder + "/serve.lock"
        let descriptor = Glibc.open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw .io(path, String(cString: strerror(errno))) }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            close(descriptor)
            let running = runningServer
            throw .invalid(Say.text("serveAlreadyRunning", running?.pid ?? 0, running?.url ?? "?"))
        }
        return ServerClaim(descriptor: descriptor, journal: self)
    }

    /// A file of the tool's own folder (a log, say).
    public func stateFile(_ name: String) -> String { stateFolder + "/" + name }

    /// Where this journal's server listens for the command line, when that is known without its record:
    /// `.git/journal/serve.sock`, or, when that path is too long for a Unix socket (108 bytes), the user's own
    /// runtime folder (`$XDG_RUNTIME_DIR`, private). Nil when neither will do: the server then listens in a
    /// folder `mkdtemp` makes for it under `$TMPDIR` (a name no other user can take first), which serve.json names.
    var serveSocketPath: String? {
        let plain = stateFolder + "/serve.sock"
        if plain.utf8.count < 100 { return plain }
        let name = "journal-" + String(Scan.key(gitdir), radix: 16) + ".sock"
        if let runtime = JournalContext.environment("XDG_RUNTIME_DIR"), runtime.hasPrefix("/"),
           (runtime + "/" + name).utf8.count < 100, FileSystem.isPrivateFolder(runtime) {
            return runtime + "/" + name
        }
        return nil
    }
}
