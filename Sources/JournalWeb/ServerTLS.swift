import Foundation
import HummingbirdTLS
import JournalKit
import NIOSSL

#if canImport(Glibc)
import Glibc
#endif

/// HTTPS for `journal serve --listen`: the user's own certificate (`--tls-cert`/`--tls-key`, as `tailscale
/// cert`, mkcert or Let's Encrypt write them), else one the journal makes and keeps for the names and
/// addresses it is reached by (`ServerCertificate`). Checked here, before the server starts: a file that cannot
/// be read, a certificate and key that do not belong together, is one line.
struct ServerTLS {
    let configuration: TLSConfiguration
    let fingerprint: String
    /// The journal made the certificate (a phone trusts it only once the person has compared its fingerprint).
    let made: Bool

    static func configuration(_ options: WebServer.Options, stateFolder: String, context: JournalContext) throws -> ServerTLS? {
        guard options.https else { return nil }
        let certificatePEM: String
        let keyPEM: String
        let made: Bool
        var fingerprint = ""
        if let certificateFile = options.certificateFile, let keyFile = options.keyFile {
            certificatePEM = try read(certificateFile)
            keyPEM = try read(keyFile)
            made = false
            fingerprint = ServerCertificate.fingerprint(pem: certificatePEM) ?? ""
        } else {
            let kept = try ServerCertificate.kept(stateFolder: stateFolder, names: names(), addresses: addresses(options.address),
                                                  now: Date())
            certificatePEM = kept.certificatePEM
            keyPEM = kept.keyPEM
            fingerprint = kept.fingerprint
            made = true
        }
        do {
            let chain = try NIOSSLCertificate.fromPEMBytes(Array(certificatePEM.utf8))
            guard !chain.isEmpty else { throw JournalError.invalid(Say.text("serveBadCertificate", options.certificateFile ?? "", "no certificate in it")) }
            let key = try NIOSSLPrivateKey(bytes: Array(keyPEM.utf8), format: .pem)
            var tls = TLSConfiguration.makeServerConfiguration(certificateChain: chain.map { .certificate($0) }, privateKey: .privateKey(key))
            tls.minimumTLSVersion = .tlsv12
            // Built once now so that a key that is not the certificate's, or a certificate BoringSSL refuses, stops here.
            _ = try NIOSSLContext(configuration: tls)
            return ServerTLS(configuration: tls, fingerprint: fingerprint, made: made)
        } catch let error as JournalError {
            throw error
        } catch {
            throw JournalError.invalid(Say.text("serveBadCertificate", options.certificateFile ?? stateFolder + "/tls", "\(error)"))
        }
    }

    private static func read(_ path: String) throws -> String {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw JournalError.invalid(Say.text("serveUnreadableFile", path, String(cString: strerror(errno))))
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// The names the server is reached by: this machine's name (and with `.local`, as the phones' mDNS has it),
    /// and localhost.
    private static func names() -> [String] {
        var buffer = [CChar](repeating: 0, count: 256)
        var names = ["localhost"]
        if gethostname(&buffer, buffer.count) == 0 {
            let host = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if !host.isEmpty, host != "localhost" { names += [host, host + ".local"] }
        }
        return names
    }

    /// The addresses: the one listened on, or every address of this machine for the any-address.
    private static func addresses(_ listen: String) -> [String] {
        guard listen == "0.0.0.0" || listen == "::" else { return [listen] }
        var found: [String] = []
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0, let first = list else { return [] }
        defer { freeifaddrs(list) }
        for pointer in sequence(first: first, next: { $0.pointee.ifa_next }) {
            guard let address = pointer.pointee.ifa_addr else { continue }
            var host = [CChar](repeating: 0, count: Int(NI_MAXHOST))
            let family = Int32(address.pointee.sa_family)
            guard family == AF_INET || family == AF_INET6 else { continue }
            let size = socklen_t(family == AF_INET ? MemoryLayout<sockaddr_in>.size : MemoryLayout<sockaddr_in6>.size)
            if getnameinfo(address, size, &host, socklen_t(host.count), nil, 0, NI_NUMERICHOST) == 0 {
                let text = String(decoding: host.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
                if !text.contains("%") { found.append(text) }
            }
        }
        return found
    }
}
