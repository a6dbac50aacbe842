import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

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
public final class HTTPClient: @unchecked Sendable {
    private let session: URLSession

    public init() {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        configuration.httpCookieStorage = nil
        configuration.httpAdditionalHeaders = ["User-Agent": "journal (a diary in git)", "Accept": "application/json"]
        session = URLSession(configuration: configuration)
    }

    /// Fetches `url`, giving up after `timeout` seconds whatever the server does (a slow trickle too).
    /// Transport failures become `WeatherFailure`s; any HTTP status is a reply.
    public func get(_ url: URL, timeout: TimeInterval) throws(WeatherFailure) -> HTTPReply {
        let host = HTTPClient.hostName(url)
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: max(0.1, timeout))
        request.httpMethod = "GET"
        let box = ReplyBox()
        let done = DispatchSemaphore(value: 0)
        let task = session.dataTask(with: request) { data, response, error in
            box.set(data: data, response: response, error: error)
            done.signal()
        }
        task.resume()
        guard done.wait(timeout: .now() + max(0.1, timeout)) == .success else {
            task.cancel()
            throw .timeout(host: host, seconds: timeout)
        }
        let (data, response, error) = box.get()
        if let error {
            throw HTTPClient.failure(error, host: host, timeout: timeout)
        }
        guard let http = response as? HTTPURLResponse else {
            throw .malformed(host: host, detail: Say.replyNotJSON)
        }
        return HTTPReply(status: http.statusCode, body: data ?? Data())
    }

    /// `api.open-meteo.com`, or `127.0.0.1:8080` when a port is given.
    static func hostName(_ url: URL) -> String {
        let host = url.host ?? url.absoluteString
        return url.port.map { "\(host):\($0)" } ?? host
    }

    private static func failure(_ error: any Error, host: String, timeout: TimeInterval) -> WeatherFailure {
        let code = (error as? URLError)?.code ?? URLError.Code(rawValue: (error as NSError).code)
        switch code {
        case .timedOut: return .timeout(host: host, seconds: timeout)
        case .notConnectedToInternet: return .unreachable(host: host, reason: Say.noNetwork)
        case .cannotFindHost, .dnsLookupFailed: return .unreachable(host: host, reason: Say.unknownHost)
        case .cannotConnectToHost: return .unreachable(host: host, reason: Say.connectionRefused)
        case .networkConnectionLost: return .unreachable(host: host, reason: Say.connectionLost)
        case .badServerResponse, .cannotParseResponse, .zeroByteResource: return .malformed(host: host, detail: Say.replyEmpty)
        default: return .unreachable(host: host, reason: error.localizedDescription)
        }
    }
}

/// The reply handed from URLSession's queue to the waiting thread.
private final class ReplyBox: @unchecked Sendable {
    private let lock = NSLock()
    private var data: Data?
    private var response: URLResponse?
    private var error: (any Error)?

    func set(data: Data?, response: URLResponse?, error: (any Error)?) {
        lock.lock()
        defer { lock.unlock() }
        self.data = data
        self.response = response
        self.error = error
    }

    func get() -> (Data?, URLResponse?, (any Error)?) {
        lock.lock()
        defer { lock.unlock() }
        return (data, response, error)
    }
}
