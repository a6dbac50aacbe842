import Foundation

/// An SSH server's public host key, as libgit2's certificate callback hands it over.
public struct HostKey: Sendable, Equatable {
    /// The key type: "ssh-ed25519", "ssh-rsa", "ecdsa-sha2-nistp256", ...
    public var type: String
    /// The raw key blob in SSH wire format (what the base64 of a known_hosts line decodes to).
    public var blob: [UInt8]
    /// "SHA256:" + unpadded base64 of SHA-256(blob), exactly as `ssh-keygen -l` prints it.
    public var fingerprint: String

    public init(type: String, blob: [UInt8]) {
        self.type = type
        self.blob = blob
        fingerprint = HostKey.fingerprint(of: blob)
    }

    /// Takes the type from the blob itself (its leading SSH string); nil when the blob does not start with one.
    public init?(blob: [UInt8]) {
        guard let type = HostKey.embeddedType(of: blob) else { return nil }
        self.init(type: type, blob: blob)
    }

    /// Parses the "type base64" of a known_hosts line or a `.pub` file (anything after them is ignored);
    /// nil when the base64 is invalid or names a different key type.
    public init?(openSSH text: String) {
        let fields = scalarSplit(text[...], omittingEmpty: true) { $0 == " " || $0 == "\t" || $0 == "\r" || $0 == "\n" }
        guard fields.count >= 2, let data = Data(base64Encoded: String(fields[1])) else { return nil }
        let blob = [UInt8](data)
        guard HostKey.embeddedType(of: blob) == String(fields[0]) else { return nil }
        self.init(type: String(fields[0]), blob: blob)
    }

    /// "SHA256:" + unpadded base64 of SHA-256(`blob`).
    public static func fingerprint(of blob: [UInt8]) -> String {
        let encoded = Data(Digest.sha256(blob)).base64EncodedString()
        return "SHA256:" + encoded.prefix { $0 != "=" }
    }

    /// The blob's leading SSH string (uint32 length, then that many bytes), when it is printable ASCII.
    static func embeddedType(of blob: [UInt8]) -> String? {
        guard blob.count >= 4 else { return nil }
        let length = blob[0..<4].reduce(0) { $0 << 8 | Int($1) }
        guard length > 0, length <= 64, blob.count >= 4 + length else { return nil }
        let name = blob[4..<(4 + length)]
        guard name.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else { return nil }
        return String(decoding: name, as: UTF8.self)
    }

    /// The line form "type base64".
    var openSSH: String { type + " " + Data(blob).base64EncodedString() }
}

/// Why `KnownHosts.add` refused to write.
public enum KnownHostsError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The host name is empty or holds characters that would break the line (space, comma, newline, ...).
    case invalidHost(String)
    /// The key type is empty or holds whitespace.
    case invalidKeyType(String)

    public var description: String {
        switch self {
        case .invalidHost(let host): "cannot record host key: invalid host name \"\(host)\""
        case .invalidKeyType(let type): "cannot record host key: invalid key type \"\(type)\""
        }
    }
}

/// OpenSSH known_hosts files (see sshd(8), SSH_KNOWN_HOSTS FILE FORMAT), read afresh on every check.
///
/// Honoured: comma-separated patterns with `*`, `?` and `!negation` (case-insensitive), `[host]:port` for
/// ports other than 22, hashed names `|1|salt|hash` (HMAC-SHA1), `@revoked` (a matching revoked key gives
/// `changed`), `@cert-authority` (ignored: we never see certificates), comments, blank and malformed lines
/// (skipped, as OpenSSH does).
public struct KnownHosts: Sendable {
    public enum Verdict: Equatable, Sendable {
        /// A line for this host holds exactly this key.
        case known
        /// No line for this host holds a key of this type: ask the user.
        case unknown
        /// The host is listed with a different key of the same type, or this key is revoked.
        case changed
    }

    /// The files read, in order; missing or unreadable ones count as empty.
    public let files: [String]

    /// `files` are full paths (the caller expands "~").
    public init(files: [String]) {
        self.files = files
    }

    public func check(host: String, port: Int, key: HostKey) -> Verdict {
        let name = KnownHosts.lookupName(host: host, port: port)
        let type = KnownHosts.plainType(key.type)
        var otherKey = false
        var matched = false
        for file in files {
            guard let data = FileManager.default.contents(atPath: file) else { continue }
            for line in scalarSplit(String(decoding: data, as: UTF8.self)[...], omittingEmpty: true, { $0 == "\n" }) {
                guard let entry = Entry(line), entry.marker != .certAuthority, entry.matches(name) else { continue }
                let same = KnownHosts.plainType(entry.key.type) == type && entry.key.blob == key.blob
                if entry.marker == .revoked {
                    if same { return .changed }
                    continue
                }
                if same {
                    matched = true
                } else {
                    // Any other key for this host, of this type or another: the host is known, and
                    // this is not its key (a server that switched key types must be re-trusted by hand).
                    otherKey = true
                }
            }
        }
        // Revoked lines anywhere win over a match, hence the full scan before answering.
        if matched { return .known }
        return otherKey ? .changed : .unknown
    }

    /// Appends "host keytype base64" (host lowercased, written as `[host]:port` when port is not 22), creating
    /// the file (0600) and its folder (0700) when missing. Existing files keep their permissions.
    public static func add(host: String, port: Int, key: HostKey, to file: String) throws {
        let bare = bareHost(host)
        guard !bare.isEmpty, bare.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value != 0x7F && $0 != "," }),
              !bare.contains(where: { "*?".contains($0) }), !"|@#!".contains(bare.first!)
        else { throw KnownHostsError.invalidHost(host) }
        guard !key.type.isEmpty, key.type.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value != 0x7F })
        else { throw KnownHostsError.invalidKeyType(key.type) }

        let url = URL(fileURLWithPath: file)
        let manager = FileManager.default
        let folder = url.deletingLastPathComponent().path
        if !manager.fileExists(atPath: folder) {
            try manager.createDirectory(atPath: folder, withIntermediateDirectories: true,
                                        attributes: [.posixPermissions: 0o700])
        }
        if !manager.fileExists(atPath: file) {
            do {
                try Data().write(to: url, options: .withoutOverwriting)
                try manager.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file)
            } catch where manager.fileExists(atPath: file) {
                // Created meanwhile by someone else: append to theirs.
            }
        }

        let handle = try FileHandle(forUpdating: url)
        defer { try? handle.close() }
        var text = lookupName(host: host, port: port) + " " + key.openSSH + "\n"
        let end = try handle.seekToEnd()
        if end > 0 {
            try handle.seek(toOffset: end - 1)
            if try handle.read(upToCount: 1) != Data([0x0A]) { text = "\n" + text }
            try handle.seekToEnd()
        }
        try handle.write(contentsOf: Data(text.utf8))
    }

    // MARK: Lines

    /// The name OpenSSH looks up: lowercased, and `[host]:port` unless the port is the default.
    static func lookupName(host: String, port: Int) -> String {
        let bare = bareHost(host).lowercased()
        return port == 22 || port <= 0 ? bare : "[\(bare)]:\(port)"
    }

    /// `[::1]` → `::1`: URLs bracket IPv6 addresses, known_hosts only does so together with a port.
    private static func bareHost(_ host: String) -> String {
        host.hasPrefix("[") && host.hasSuffix("]") && host.count >= 2 ? String(host.dropFirst().dropLast()) : host
    }

    /// RSA keys are listed as "ssh-rsa" whatever signature algorithm ("rsa-sha2-256", ...) is negotiated.
    private static func plainType(_ type: String) -> String {
        type == "rsa-sha2-256" || type == "rsa-sha2-512" ? "ssh-rsa" : type
    }

    enum Marker { case revoked, certAuthority }

    enum Hosts {
        case patterns([Substring])
        case hashed(salt: [UInt8], hash: [UInt8])
    }

    /// One usable known_hosts line; nil for comments, blank and malformed lines.
    struct Entry {
        var marker: Marker?
        var hosts: Hosts
        var key: HostKey

        init?(_ line: Substring) {
            var fields = scalarSplit(line, omittingEmpty: true) { $0 == " " || $0 == "\t" || $0 == "\r" }[...]
            guard let first = fields.first, !first.hasPrefix("#") else { return nil }
            if first.hasPrefix("@") {
                switch first {
                case "@revoked": marker = .revoked
                case "@cert-authority": marker = .certAuthority
                default: return nil
                }
                fields = fields.dropFirst()
            }
            // hosts, key type, base64; anything after is a comment.
            guard fields.count >= 3 else { return nil }
            let names = fields[fields.startIndex]
            let type = fields[fields.startIndex + 1]
            let base64 = fields[fields.startIndex + 2]
            if names.hasPrefix("#") || names.hasPrefix("@") || type.hasPrefix("#") || base64.hasPrefix("#") { return nil }

            if names.hasPrefix("|") {
                // "|1|" base64(salt) "|" base64(HMAC-SHA1(salt, name)): the whole field, never a list.
                let parts = scalarSplit(names, omittingEmpty: false) { $0 == "|" }
                guard parts.count == 4, parts[0].isEmpty, parts[1] == "1",
                      let salt = Data(base64Encoded: String(parts[2])), salt.count == 20,
                      let hash = Data(base64Encoded: String(parts[3])), hash.count == 20
                else { return nil }
                hosts = .hashed(salt: [UInt8](salt), hash: [UInt8](hash))
            } else {
                hosts = .patterns(scalarSplit(names, omittingEmpty: false) { $0 == "," })
            }

            guard let data = Data(base64Encoded: String(base64)), !data.isEmpty else { return nil }
            let blob = [UInt8](data)
            // Like OpenSSH, the blob must be the key the type field names.
            guard let embedded = HostKey.embeddedType(of: blob),
                  KnownHosts.plainType(String(type)) == embedded
            else { return nil }
            key = HostKey(type: embedded, blob: blob)
        }

        /// OpenSSH's rule: some positive pattern matches and no negated one does.
        func matches(_ name: String) -> Bool {
            switch hosts {
            case .hashed(let salt, let hash):
                return Digest.hmacSHA1(key: salt, message: Array(name.utf8)) == hash
            case .patterns(let patterns):
                let subject = Array(name.lowercased().utf8)
                var positive = false
                for pattern in patterns {
                    let negated = pattern.hasPrefix("!")
                    let glob = Array((negated ? pattern.dropFirst() : pattern).lowercased().utf8)
                    guard KnownHosts.globMatch(subject[...], glob[...]) else { continue }
                    if negated { return false }
                    positive = true
                }
                return positive
            }
        }
    }

    /// `*` is any run of bytes (even none), `?` exactly one byte; everything else matches itself.
    static func globMatch(_ subject: ArraySlice<UInt8>, _ pattern: ArraySlice<UInt8>) -> Bool {
        var s = subject.startIndex, p = pattern.startIndex
        var star: Int? = nil, starSubject = s
        while s < subject.endIndex {
            if p < pattern.endIndex, pattern[p] == UInt8(ascii: "?") || pattern[p] == subject[s] {
                s += 1
                p += 1
            } else if p < pattern.endIndex, pattern[p] == UInt8(ascii: "*") {
                star = p
                starSubject = s
                p += 1
            } else if let star {
                p = star + 1
                starSubject += 1
                s = starSubject
            } else {
                return false
            }
        }
        while p < pattern.endIndex, pattern[p] == UInt8(ascii: "*") { p += 1 }
        return p == pattern.endIndex
    }
}

/// Splits on single Unicode scalars rather than Characters, so that "\r\n" (one Character) still splits at "\n".
private func scalarSplit(_ text: Substring, omittingEmpty: Bool,
                         _ isSeparator: (Unicode.Scalar) -> Bool) -> [Substring] {
    text.unicodeScalars.split(omittingEmptySubsequences: omittingEmpty, whereSeparator: isSeparator).map(Substring.init)
}

// MARK: Digests
