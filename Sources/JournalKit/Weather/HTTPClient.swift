import CFetch
import Foundation

/// What a server answered.
public struct HTTPReply: Sendable, Equatable {
    public var status: Int
    public var body: Data

    public init(status: Int, body: Data) {
        self.status = status
        self.body = body
    }
}

/// The one way the kit talks to the network: a GET with a hard time limit. Everything about weather
/// goes through it, so tests point it at a server of their own on 127.0.0.1.
///
/// It is libcurl, loaded on the first request (CFetch), not URLSession: FoundationNetworking links
/// libcurl with its TLS, Kerberos and LDAP libraries into every run of every command, about 40 shared
/// libraries loaded before `main` even when nothing goes to the network (BENCHMARKS.md, issue 12).
public final class HTTPClient: Sendable {
    public init() {}

    /// Fetches `url`, giving up after `timeout` seconds whatever the server does (a slow trickle too).
    /// Transport failures become `WeatherFailure`s; any HTTP status is a reply.
    public func get(_ url: URL, timeout: TimeInterval) throws(WeatherFailure) -> HTTPReply {
        let host = HTTPClient.hostName(url)
        var reply = cfetch_reply()
        cfetch_get(url.absoluteString, "journal (a diary in git)", "Accept: application/json", Int(max(0.1, timeout) * 1000), &reply)
        defer { cfetch_free(&reply) }
        let message = withUnsafeBytes(of: reply.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        switch cfetch_failure(rawValue: UInt32(reply.failure)) {
        case CFETCH_OK:
            let body = reply.body.map { Data(bytes: $0, count: reply.length) } ?? Data()
            return HTTPReply(status: reply.status, body: body)
        case CFETCH_TIMEOUT: throw .timeout(host: host, seconds: timeout)
        case CFETCH_UNKNOWN_HOST: throw .unreachable(host: host, reason: Say.unknownHost)
        case CFETCH_REFUSED: throw .unreachable(host: host, reason: Say.connectionRefused)
        case CFETCH_LOST: throw .unreachable(host: host, reason: Say.connectionLost)
        case CFETCH_NO_REPLY: throw .malformed(host: host, detail: Say.replyEmpty)
        default: throw .unreachable(host: host, reason: message)
        }
    }

    /// `api.open-meteo.com`, or `127.0.0.1:8080` when a port is given.
    static func hostName(_ url: URL) -> String {
        let host = url.host ?? url.absoluteString
        return url.port.map { "\(host):\($0)" } ?? host
    }
}
