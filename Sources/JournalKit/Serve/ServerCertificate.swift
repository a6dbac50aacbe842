import Crypto
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// The certificate `journal serve --listen` serves HTTPS with when the user gives none of their own: a P-256
/// key and a self-signed certificate for the names and addresses the server is reached by, made once and kept
/// in `.git/journal/tls/` (the key readable by its owner only), made again when it no longer covers the
/// address asked for or nears its end. Its fingerprint is what a person compares on the phone.
public struct ServerCertificate: Sendable, Equatable {
    public var certificatePEM: String
    public var keyPEM: String
    /// SHA-256 of the certificate (DER), as `AB:CD:…`: what a browser's certificate viewer shows.
    public var fingerprint: String
    /// base64 SHA-256 of the public key (SubjectPublicKeyInfo): what Chromium's
    /// `--ignore-certificate-errors-spki-list` takes, and the tests give it.
    public var publicKeyPin: String
    public var notAfter: Date

    /// How long a certificate made here is valid: Apple's devices refuse a TLS certificate valid longer than 398 days.
    static let lifetime: TimeInterval = 397 * 86400

    static func folder(_ stateFolder: String) -> String { stateFolder + "/tls" }

    /// The kept certificate when it covers `names` and `addresses` and is valid for a month more, else a new one,
    /// kept.
    public static func kept(stateFolder: String, names: [String], addresses: [String], now: Date) throws(JournalError) -> ServerCertificate {
        let folder = folder(stateFolder)
        if let data = FileSystem.contents(folder + "/certificate.json"),
           let record = try? JSONDecoder().decode(Record.self, from: data),
           Set(names).isSubset(of: record.names), Set(addresses).isSubset(of: record.addresses),
           record.notAfter > now.timeIntervalSince1970 + 30 * 86400,
           let keyData = FileSystem.contents(folder + "/key.pem"), let key = try? P256.Signing.PrivateKey(pemRepresentation: String(decoding: keyData, as: UTF8.self)),
           let certificate = FileSystem.contents(folder + "/certificate.pem") {
            return ServerCertificate(key: key, certificatePEM: String(decoding: certificate, as: UTF8.self),
                                     der: Data(base64Encoded: record.der) ?? Data(), notAfter: Date(timeIntervalSince1970: record.notAfter))
        }
        let key = P256.Signing.PrivateKey()
        let notAfter = now.addingTimeInterval(lifetime)
        let der: [UInt8]
        do {
            der = try DERCertificate.make(key: key, commonName: "journal serve", dnsNames: names,
                                          ipAddresses: addresses.compactMap(DERCertificate.addressBytes), notBefore: now.addingTimeInterval(-3600),
                                          notAfter: notAfter)
        } catch {
            throw .failed(doing: Say.text("doing.makeCertificate"), cause: "\(error)")
        }
        let made = ServerCertificate(key: key, certificatePEM: DERCertificate.pem(der), der: Data(der), notAfter: notAfter)
        let temporaries = stateFolder + "/" + Journal.temporaryFolderName
        try FileSystem.makeFolder(folder)
        chmod(folder, 0o700)
        try FileSystem.makeFolder(temporaries)
        try FileSystem.writeAtomically(Data(made.keyPEM.utf8), to: folder + "/key.pem", temporaryIn: temporaries, permissions: 0o600)
        try FileSystem.writeAtomically(Data(made.certificatePEM.utf8), to: folder + "/certificate.pem", temporaryIn: temporaries)
        let record = Record(names: Set(names), addresses: Set(addresses), notAfter: notAfter.timeIntervalSince1970,
                            der: Data(der).base64EncodedString(), fingerprint: made.fingerprint, pin: made.publicKeyPin)
        if let data = try? JSONEncoder().encode(record) {
            try FileSystem.writeAtomically(data, to: folder + "/certificate.json", temporaryIn: temporaries)
        }
        return made
    }

    private struct Record: Codable {
        var names: Set<String>
        var addresses: Set<String>
        var notAfter: Double
        /// The certificate's DER, base64; its fingerprint and its key's pin, for whoever reads the folder.
        var der: String
        var fingerprint: String?
        var pin: String?
    }

    private init(key: P256.Signing.PrivateKey, certificatePEM: String, der: Data, notAfter: Date) {
        self.certificatePEM = certificatePEM
        keyPEM = key.pemRepresentation
        fingerprint = SHA256.hash(data: der).map { String(format: "%02X", $0) }.joined(separator: ":")
        publicKeyPin = Data(SHA256.hash(data: key.publicKey.derRepresentation)).base64EncodedString()
        self.notAfter = notAfter
    }

    /// The fingerprint of a certificate the user gave (its first PEM block), as the server prints it.
    public static func fingerprint(pem: String) -> String? {
        DERCertificate.firstBlock(of: pem).map { SHA256.hash(data: $0).map { String(format: "%02X", $0) }.joined(separator: ":") }
    }
}

/// A self-signed P-256 server certificate, DER written by hand (swift-crypto only): CA:FALSE, keyUsage
/// digitalSignature (BoringSSL refuses an EC server certificate without it), extendedKeyUsage serverAuth,
/// subjectAltName DNS names and IP addresses.
enum DERCertificate {
    static func make(key: P256.Signing.PrivateKey, commonName: String, dnsNames: [String], ipAddresses: [[UInt8]],
                     notBefore: Date, notAfter: Date) throws -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        var serial = (0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) }
        serial[0] = serial[0] & 0x7F | 0x01  // positive, no leading zero
        let algorithm = der(0x30, [0x06, 0x08, 0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x04, 0x03, 0x02])  // ecdsa-with-SHA256
        let name = der(0x30, der(0x31, der(0x30, [0x06, 0x03, 0x55, 0x04, 0x03] + der(0x0C, Array(commonName.utf8)))))
        let names = dnsNames.map { der(0x82, Array($0.utf8)) } + ipAddresses.map { der(0x87, $0) }
        let extensions = der(0xA3, der(0x30,
            ext([0x55, 0x1D, 0x13], critical: true, der(0x30, []))  // basicConstraints: CA:FALSE
            + ext([0x55, 0x1D, 0x0F], critical: true, [0x03, 0x02, 0x07, 0x80])  // keyUsage: digitalSignature
            + ext([0x55, 0x1D, 0x25], critical: false, der(0x30, [0x06, 0x08, 0x2B, 0x06, 0x01, 0x05, 0x05, 0x07, 0x03, 0x01]))  // serverAuth
            + ext([0x55, 0x1D, 0x11], critical: false, der(0x30, names.flatMap { $0 }))))  // subjectAltName
        let tbs = der(0x30,
            der(0xA0, der(0x02, [0x02]))  // version 3
            + der(0x02, serial) + algorithm + name
            + der(0x30, time(notBefore) + time(notAfter))
            + name + Array(key.publicKey.derRepresentation) + extensions)
        let signature = try key.signature(for: tbs).derRepresentation
        return der(0x30, tbs + algorithm + der(0x03, [0x00] + Array(signature)))
    }

    static func pem(_ der: [UInt8], type: String = "CERTIFICATE") -> String {
        let base64 = Data(der).base64EncodedString(options: [.lineLength64Characters, .endLineWithLineFeed])
        return "-----BEGIN \(type)-----\n\(base64)\n-----END \(type)-----\n"
    }

    /// The DER of the first `CERTIFICATE` block of a PEM text.
    static func firstBlock(of pem: String) -> Data? {
        guard let begin = pem.range(of: "-----BEGIN CERTIFICATE-----"),
              let end = pem.range(of: "-----END CERTIFICATE-----", range: begin.upperBound..<pem.endIndex) else { return nil }
        return Data(base64Encoded: pem[begin.upperBound..<end.lowerBound].filter { !$0.isWhitespace })
    }

    /// An IPv4 or IPv6 address as the 4 or 16 bytes a certificate names it by; nil for anything else.
    static func addressBytes(_ text: String) -> [UInt8]? {
        var v4 = in_addr()
        if inet_pton(AF_INET, text, &v4) == 1 { return withUnsafeBytes(of: v4) { Array($0) } }
        var v6 = in6_addr()
        if inet_pton(AF_INET6, text, &v6) == 1 { return withUnsafeBytes(of: v6) { Array($0) } }
        return nil
    }

    private static func ext(_ oid: [UInt8], critical: Bool, _ value: [UInt8]) -> [UInt8] {
        der(0x30, der(0x06, oid) + (critical ? [0x01, 0x01, 0xFF] : []) + der(0x04, value))
    }

    /// UTCTime through 2049, GeneralizedTime after (RFC 5280, 4.1.2.5).
    private static func time(_ date: Date) -> [UInt8] {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? .gmt
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        let year = c.year ?? 2000
        let rest = [c.month, c.day, c.hour, c.minute, c.second].map { String(format: "%02d", $0 ?? 0) }.joined()
        return year < 2050 ? der(0x17, Array((String(format: "%02d", year % 100) + rest + "Z").utf8))
            : der(0x18, Array((String(format: "%04d", year) + rest + "Z").utf8))
    }

    private static func der(_ tag: UInt8, _ content: [UInt8]) -> [UInt8] {
        let n = content.count
        if n < 0x80 { return [tag, UInt8(n)] + content }
        let length = withUnsafeBytes(of: UInt32(n).bigEndian) { Array($0) }.drop { $0 == 0 }
        return [tag, 0x80 | UInt8(length.count)] + length + content
    }
}
