import Crypto
import Foundation
import Synchronization

/// A browser signed in to `journal serve`: a device, with a session of its own (never the server's token).
/// The server keeps only a hash of the session's secret, in `.git/journal/sessions.json` (0600); the browser
/// holds the secret in a cookie. On plain http on loopback a session lasts as long as the server's run (its
/// pages' address changes at the next run, and with it what another program could have caught); over HTTPS,
/// where the server's key proves the origin, it lasts 90 days from its last use.
public struct DeviceSession: Codable, Sendable, Equatable {
    /// A short public handle (8 hex characters), for `journal serve revoke`.
    public var id: String
    /// "Chromium on Linux", "Safari on iPhone": from the browser's User-Agent when it signed in.
    public var name: String
    /// SHA-256 of the secret, hex.
    var hash: String
    public var created: Date
    public var lastUsed: Date
    /// Past it, the session no longer opens anything.
    public var expires: Date
    /// The server run a session of plain http belongs to; nil for a lasting one (HTTPS).
    public var run: String?

    public var lasts: Bool { run == nil }
}

/// The sessions of one journal's devices, as the server and `journal serve devices|revoke` see them. The
/// server reads the file again when it changed (a revoke from the command line signs that browser out at
/// its next request).
public final class DeviceSessions: Sendable {
    public static let lastingDays: Double = 90
    /// A lasting session's use is written down at most this often (its expiry moves with it).
    static let renewEvery: TimeInterval = 3600

    let path: String
    private let temporaries: String
    private let state: Mutex<(stamp: FileIdentity?, sessions: [DeviceSession])>

    public init(stateFolder: String) {
        path = stateFolder + "/sessions.json"
        temporaries = stateFolder + "/" + Journal.temporaryFolderName
        state = Mutex((FileIdentity(path), DeviceSessions.read(stateFolder + "/sessions.json")))
    }

    static func read(_ path: String) -> [DeviceSession] {
        guard let data = FileSystem.contents(path) else { return [] }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        return (try? decoder.decode([DeviceSession].self, from: data)) ?? []
    }

    private func write(_ sessions: [DeviceSession]) -> FileIdentity? {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        encoder.outputFormatting = [.sortedKeys]
        guard let data = try? encoder.encode(sessions) else { return nil }
        try? FileSystem.makeFolder(temporaries)
        // Best effort: a session that could not be kept lasts for this run only.
        try? FileSystem.writeAtomically(data, to: path, temporaryIn: temporaries, permissions: 0o600)
        return FileIdentity(path)
    }

    /// The sessions as they are now (the file read again when another process changed it).
    public var all: [DeviceSession] {
        state.withLock { state in
            reloadIfChanged(&state)
            return state.sessions
        }
    }

    private func reloadIfChanged(_ state: inout (stamp: FileIdentity?, sessions: [DeviceSession])) {
        let now = FileIdentity(path)
        if now != state.stamp {
            state.stamp = now
            state.sessions = DeviceSessions.read(path)
        }
    }

    static func hash(_ secret: String) -> String { Secret.sha256Hex(secret) }

    /// A new session for a browser named `name`: its secret (for the cookie) and the session. `run`: the server
    /// run it lasts for (plain http), nil for a lasting one. Expired sessions and those of other runs go.
    public func open(name: String, run: String?, now: Date) -> (secret: String, session: DeviceSession) {
        let secret = Secret.random(bytes: 32)
        return state.withLock { state in
            reloadIfChanged(&state)
            var taken = Set(state.sessions.filter { $0.expires > now }.map(\.name))
            var unique = name
            var number = 2
            while taken.contains(unique) {
                unique = "\(name) \(number)"
                number += 1
            }
            taken.insert(unique)
            let session = DeviceSession(
                id: String(DeviceSessions.hash(secret + "#id").prefix(8)), name: unique, hash: DeviceSessions.hash(secret), created: now,
                lastUsed: now, expires: run == nil ? now.addingTimeInterval(DeviceSessions.lastingDays * 86400) : .distantFuture, run: run)
            state.sessions = state.sessions.filter { $0.expires > now && ($0.run == nil || $0.run == run) } + [session]
            state.stamp = write(state.sessions)
            return (secret, session)
        }
    }

    /// The session `secret` opens now, when there is one (not expired, of this run when it is a run's); a
    /// lasting one's use renews it (written down at most hourly).
    public func session(secret: String, run: String, now: Date) -> DeviceSession? {
        let hash = DeviceSessions.hash(secret)
        return state.withLock { state in
            reloadIfChanged(&state)
            guard let index = state.sessions.firstIndex(where: { Secret.same($0.hash, hash) }) else { return nil }
            let found = state.sessions[index]
            guard found.expires > now, found.run == nil || found.run == run else { return nil }
            if found.lasts, now.timeIntervalSince(found.lastUsed) > DeviceSessions.renewEvery {
                state.sessions[index].lastUsed = now
                state.sessions[index].expires = now.addingTimeInterval(DeviceSessions.lastingDays * 86400)
                state.stamp = write(state.sessions)
            }
            return state.sessions[index]
        }
    }

    /// Ends the sessions a name or id names (the name as listed, its id, or a prefix of either that names one
    /// device); returns them, or an error naming the devices there are.
    public func revoke(_ given: String, now: Date) throws(JournalError) -> [DeviceSession] {
        try state.withLock { state throws(JournalError) in
            reloadIfChanged(&state)
            let live = state.sessions.filter { $0.expires > now }
            let lower = given.lowercased()
            var picked = live.filter { $0.name.lowercased() == lower || $0.id == lower }
            if picked.isEmpty {
                let prefixed = live.filter { $0.name.lowercased().hasPrefix(lower) || $0.id.hasPrefix(lower) }
                if prefixed.count == 1 { picked = prefixed }
            }
            guard !picked.isEmpty, !given.isEmpty else {
                throw .invalid(Say.text("unknownDevice", given, live.map(\.name).joined(separator: ", ")))
            }
            state.sessions.removeAll { session in picked.contains { $0.id == session.id } }
            state.stamp = write(state.sessions)
            return picked
        }
    }

    /// Drops the sessions of other runs than `run` and the expired ones (a server starting).
    public func prune(keepingRun run: String, now: Date) {
        state.withLock { state in
            reloadIfChanged(&state)
            let kept = state.sessions.filter { $0.expires > now && ($0.run == nil || $0.run == run) }
            if kept != state.sessions {
                state.sessions = kept
                state.stamp = write(kept)
            }
        }
    }

    /// A device's name from its browser's User-Agent: "Chromium on Linux", "Safari on iPhone".
    public static func deviceName(userAgent: String) -> String {
        let agent = userAgent
        let browser: String
        if agent.contains("Edg/") || agent.contains("EdgA/") || agent.contains("EdgiOS/") { browser = "Edge" }
        else if agent.contains("OPR/") { browser = "Opera" }
        else if agent.contains("SamsungBrowser/") { browser = "Samsung Internet" }
        else if agent.contains("Firefox/") || agent.contains("FxiOS/") { browser = "Firefox" }
        else if agent.contains("CriOS/") { browser = "Chrome" }
        else if agent.contains("Chromium/") || agent.contains("HeadlessChrome/") { browser = "Chromium" }
        else if agent.contains("Chrome/") { browser = "Chrome" }
        else if agent.contains("Safari/") { browser = "Safari" }
        else if agent.hasPrefix("curl/") { browser = "curl" }
        else { browser = Say.text("device.browser") }
        let system: String
        if agent.contains("iPhone") { system = "iPhone" }
        else if agent.contains("iPad") { system = "iPad" }
        else if agent.contains("Android") { system = "Android" }
        else if agent.contains("Windows") { system = "Windows" }
        else if agent.contains("CrOS") { system = "ChromeOS" }
        else if agent.contains("Mac OS X") || agent.contains("Macintosh") { system = "Mac" }
        else if agent.contains("Linux") { system = "Linux" }
        else { return browser }
        return "\(browser) on \(system)"
    }
}

/// Random secrets, and their comparison in a time that does not depend on where they differ.
public enum Secret {
    /// `bytes` random bytes (the system's generator), as URL-safe text (hex).
    public static func random(bytes: Int = 24) -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<bytes).map { _ in String(format: "%02x", UInt8.random(in: 0...255, using: &generator)) }.joined()
    }

    /// SHA-256 of a text's UTF-8, as hex.
    public static func sha256Hex(_ text: String) -> String {
        SHA256.hash(data: Data(text.utf8)).map { String(format: "%02x", $0) }.joined()
    }

    /// SHA-256 of a text's UTF-8, as base64: a Content-Security-Policy's `'sha256-…'` source.
    public static func sha256Base64(_ text: String) -> String {
        Data(SHA256.hash(data: Data(text.utf8))).base64EncodedString()
    }

    public static func same(_ given: some StringProtocol, _ secret: String) -> Bool {
        let a = Array(given.utf8)
        let b = Array(secret.utf8)
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for index in a.indices { difference |= a[index] ^ b[index] }
        return difference == 0
    }
}

extension Journal {
    /// The devices signed in to this journal's server (`journal serve devices`), newest first.
    public func devices() -> [DeviceSession] {
        let run = runningServer?.run
        return DeviceSessions(stateFolder: stateFolder).all.filter { $0.expires > context.now && ($0.run == nil || $0.run == run) }
            .sorted { $0.created > $1.created }
    }

    /// Signs a device out (`journal serve revoke NAME`): its next request finds no session.
    public func revokeDevice(_ name: String) throws(JournalError) -> [DeviceSession] {
        try DeviceSessions(stateFolder: stateFolder).revoke(name, now: context.now)
    }
}

/// The one-time code that pairs a phone (`journal serve pair`): six digits, easy to type, valid five minutes,
/// spent by its first right use or its fifth wrong one. Kept as a hash in `.git/journal/pairing.json` (0600),
/// where the server reads it.
public enum Pairing {
    public static let validFor: TimeInterval = 300
    public static let tries = 5

    struct Record: Codable {
        var hash: String
        var expires: Double
        var tries: Int
    }

    static func path(_ stateFolder: String) -> String { stateFolder + "/pairing.json" }

    public enum Outcome: Sendable, Equatable {
        case paired
        /// Wrong: this many tries are left.
        case wrong(left: Int)
        /// No code waits (none made, spent, or past its five minutes).
        case none
    }

    /// A new code (any earlier one is spent), as it is to be typed: `482 913`.
    public static func make(stateFolder: String, now: Date) throws(JournalError) -> (code: String, expires: Date) {
        var generator = SystemRandomNumberGenerator()
        let digits = String(format: "%06d", Int.random(in: 0..<1_000_000, using: &generator))
        let expires = now.addingTimeInterval(validFor)
        let record = Record(hash: DeviceSessions.hash(digits), expires: expires.timeIntervalSince1970, tries: 0)
        let data: Data
        do { data = try JSONEncoder().encode(record) } catch { throw .failed(doing: Say.text("doing.pair"), cause: "\(error)") }
        try FileSystem.makeFolder(stateFolder + "/" + Journal.temporaryFolderName)
        try FileSystem.writeAtomically(data, to: path(stateFolder), temporaryIn: stateFolder + "/" + Journal.temporaryFolderName,
                                       permissions: 0o600)
        return (String(digits.prefix(3)) + " " + String(digits.suffix(3)), expires)
    }

    /// Checks a code as typed (spaces and dashes ignored), spending it when it is right or tried too often.
    public static func check(_ typed: String, stateFolder: String, now: Date) -> Outcome {
        let file = path(stateFolder)
        guard let data = FileSystem.contents(file), var record = try? JSONDecoder().decode(Record.self, from: data) else { return .none }
        guard now.timeIntervalSince1970 < record.expires, record.tries < tries else {
            try? FileSystem.remove(file)
            return .none
        }
        let digits = typed.filter(\.isNumber)
        if digits.count == 6, Secret.same(DeviceSessions.hash(digits), record.hash) {
            try? FileSystem.remove(file)
            return .paired
        }
        record.tries += 1
        if record.tries >= tries {
            try? FileSystem.remove(file)
            return .wrong(left: 0)
        }
        if let data = try? JSONEncoder().encode(record) {
            try? FileSystem.writeAtomically(data, to: file, temporaryIn: stateFolder + "/" + Journal.temporaryFolderName, permissions: 0o600)
        }
        return .wrong(left: tries - record.tries)
    }
}

extension Journal {
    /// `journal serve pair`: a new one-time code for a phone to sign in with.
    public func makePairingCode() throws(JournalError) -> (code: String, expires: Date) {
        try Pairing.make(stateFolder: stateFolder, now: context.now)
    }
}
