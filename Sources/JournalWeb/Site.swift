import Foundation
import HTTPTypes
import Hummingbird
import JournalKit
import NIOCore
import Synchronization

/// Every request of the web view: the safety rules first (the Host named, the token, a write's CSRF token
/// and Origin), then the page or API answer, then the headers every answer carries (a Content-Security-Policy
/// that runs only the site's own script, no sniffing, no framing, no referrer, no caching).
struct Site: HTTPResponder {
    typealias Context = BasicRequestContext

    let root: String
    let context: JournalContext
    let secrets: Secrets
    let events: EventHub
    /// The user's configured language (`journal config set language`), read again when the config file
    /// changes; nil: the browser's.
    let configured: ConfiguredLanguage
    /// The user's units (`units:` of their config), for the weather on pages.
    let units: Units
    let address: String
    private let port = PortBox()
    /// Versions of entries as pages and API answers handed them out, by tag: the base of a later edit's merge.
    let versions = VersionCache()
    /// Journals kept open between requests.
    let pool: JournalPool

    init(root: String, context: JournalContext, secrets: Secrets, events: EventHub, language: String?, units: Units, address: String) {
        self.root = root
        self.context = context
        self.secrets = secrets
        self.events = events
        configured = ConfiguredLanguage(path: JournalContext.userConfigFile, given: language)
        self.units = units
        self.address = address
        pool = JournalPool(root: root, context: context)
    }

    func bound(port: Int) {
        self.port.value.withLock { $0 = port }
    }

    /// The cookie that carries the token: named for the port, so that two journals served on one machine
    /// (cookies do not tell ports apart) keep theirs.
    var cookieName: String { "journal_\(port.value.withLock { $0 })" }

    func respond(to request: Request, context: BasicRequestContext) async throws -> Response {
        var response = await answer(request, context)
        Site.secure(&response.headers)
        return response
    }

    private func answer(_ request: Request, _ context: BasicRequestContext) async -> Response {
        // HTTP/1.1: a second Host is a bad request (the first became the authority; the rest stay as fields).
        guard request.headers[HTTPField.Name("Host")!] == nil else { return Reply.text(.badRequest, "more than one Host\n") }
        guard hostIsServed(request.head.authority) else { return Reply.text(.misdirectedRequest, "unknown Host\n") }
        let path = request.uri.path
        let query = request.uri.queryParameters
        // The token once in the address: traded for a cookie, and dropped from the address.
        if request.method == .get, let given = query["token"] {
            guard Secrets.same(given, secrets.token) else { return Reply.text(.unauthorized, "unauthorized\n") }
            var rest = request.uri.query.map { Site.dropping("token", from: $0) } ?? ""
            if !rest.isEmpty { rest = "?" + rest }
            var response = Response(status: .seeOther)
            response.headers[.location] = (path.hasPrefix("/") && !path.hasPrefix("//") ? path : "/") + rest
            response.headers[.setCookie] = "\(cookieName)=\(secrets.token); Path=/; HttpOnly; SameSite=Strict"
            return response
        }
        let byBearer = bearer(request).map { Secrets.same($0, secrets.token) } == true
        guard byBearer || cookie(request).map({ Secrets.same($0, secrets.token) }) == true else {
            return Reply.text(.unauthorized, "unauthorized\n")
        }
        if ![.get, .head].contains(request.method) && !byBearer {
            // A page's write: sent by our own script (CSRF token) from our own origin.
            guard let sent = request.headers[HTTPField.Name("X-CSRF-Token")!], Secrets.same(sent, secrets.csrf) else {
                return Reply.text(.forbidden, "missing or wrong CSRF token\n")
            }
            guard let origin = request.headers[HTTPField.Name("Origin")!], originIsServed(origin) else {
                return Reply.text(.forbidden, "wrong Origin\n")
            }
        }
        let call = Call(site: self, request: request, language: pickLanguage(request))
        // Every message of the kit (an error's reason, a warning) in the page's language, not the server's.
        return await Say.$reader.withValue(call.language) { await work(call) }
    }

    private func work(_ given: Call) async -> Response {
        var call = given
        let path = call.path
        do {
            if path == "/api/events" { return API.events(call) }
            // The body first (bounded), so that a journal is held only while the answer is worked out.
            if ![.get, .head].contains(call.request.method) { call.data = try await call.body() }
            let ready = call
            return try pool.with { journal in
                var call = ready
                call.journal = journal
                if path.hasPrefix("/api/") { return try API.answer(call) }
                return try Pages.answer(call)
            }
        } catch let error as JournalError {
            return failed(call, Reply.status(of: error), error.description)
        } catch let error as BadRequest {
            return failed(call, error.status, error.line)
        } catch let error as HistoryError {
            if case .neverExisted = error { return failed(call, .notFound, error.description) }
            return failed(call, .badRequest, error.description)
        } catch {
            return failed(call, .internalServerError, "\(error)")
        }
    }

    /// A refusal: its first line as text to the API and to a file's address; a page of its own, in the frame
    /// and the reader's language, to a person who followed a link to a page.
    private func failed(_ call: Call, _ status: HTTPResponse.Status, _ reason: String) -> Response {
        let line = reason.split(separator: "\n").first.map(String.init) ?? ""
        let path = call.path
        guard call.request.method == .get || call.request.method == .head,
              !path.hasPrefix("/api/"), !path.hasPrefix("/attachments/"), !path.hasPrefix("/assets/") else {
            return Reply.text(status, line + "\n")
        }
        return Pages.failure(call, status, line)
    }

    private func pickLanguage(_ request: Request) -> String {
        configured.current() ?? Site.pickLanguage(request.headers[.acceptLanguage] ?? "") ?? "en"
    }

    /// The language an `Accept-Language` header prefers among those with a catalogue: the highest `q`
    /// (1 when not given; 0 is "not this one"), the first named of equal ones.
    static func pickLanguage(_ header: String) -> String? {
        var best: (language: String, q: Double)?
        for part in header.split(separator: ",") {
            let pieces = part.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            var q = 1.0
            for piece in pieces.dropFirst() where piece.lowercased().hasPrefix("q=") {
                q = Double(piece.dropFirst(2)) ?? 0
            }
            guard q > 0, let code = pieces.first, let language = Say.language(ofLocale: code) else { continue }
            if best == nil || q > best!.q { best = (language, q) }
        }
        return best?.language
    }

    // MARK: The rules

    /// The names this server answers to (DNS rebinding: a page of another site that resolves its own name to
    /// 127.0.0.1 sends its own name).
    func hostIsServed(_ host: String?) -> Bool {
        guard let host else { return false }
        let port = self.port.value.withLock { $0 }
        var names = ["127.0.0.1:\(port)", "localhost:\(port)", "[::1]:\(port)"]
        names.append((address.contains(":") ? "[\(address)]" : address) + ":\(port)")
        return names.contains(host.lowercased())
    }

    func originIsServed(_ origin: String) -> Bool {
        guard origin.hasPrefix("http://") else { return false }
        return hostIsServed(String(origin.dropFirst("http://".count)))
    }

    private func bearer(_ request: Request) -> String? {
        guard let value = request.headers[.authorization], value.hasPrefix("Bearer ") else { return nil }
        return String(value.dropFirst("Bearer ".count)).trimmingCharacters(in: .whitespaces)
    }

    private func cookie(_ request: Request) -> String? {
        for header in request.headers[values: .cookie] {
            for pair in header.split(separator: ";") {
                let parts = pair.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                if parts.count == 2, parts[0] == cookieName { return parts[1] }
            }
        }
        return nil
    }

    static func secure(_ headers: inout HTTPFields) {
        headers[HTTPField.Name("Content-Security-Policy")!] =
            "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; media-src 'self'; "
            + "connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'"
        headers[HTTPField.Name("X-Content-Type-Options")!] = "nosniff"
        headers[HTTPField.Name("X-Frame-Options")!] = "DENY"
        headers[HTTPField.Name("Referrer-Policy")!] = "no-referrer"
        headers[HTTPField.Name("Cross-Origin-Opener-Policy")!] = "same-origin"
        headers[HTTPField.Name("Cross-Origin-Resource-Policy")!] = "same-origin"
        if headers[.cacheControl] == nil { headers[.cacheControl] = "no-store" }
    }

    static func dropping(_ name: String, from query: String) -> String {
        query.split(separator: "&").filter { !$0.hasPrefix(name + "=") && $0 != name }.joined(separator: "&")
    }
}

/// The `language` of the user's config as the server last read it: the file is looked at (`stat`) on every
/// page, and read again only when it changed, so that `journal config set language ko` shows on the next page.
final class ConfiguredLanguage: Sendable {
    private let path: String
    private let state: Mutex<(stamp: FileIdentity?, language: String?)>

    /// `given`: what the command that started the server read from the file (`--language`).
    init(path: String, given: String?) {
        self.path = path
        state = Mutex((FileIdentity(path), given))
    }

    func current() -> String? {
        let now = FileIdentity(path)
        return state.withLock { state in
            if now != state.stamp {
                state.stamp = now
                state.language = UserConfig.language(at: path).flatMap { Say.languages.contains($0) ? $0 : nil }
            }
            return state.language
        }
    }
}

/// The port the server was given (known once it listens).
final class PortBox: Sendable {
    let value = Mutex(0)
}

/// One request as a handler sees it.
struct Call {
    let site: Site
    let request: Request
    let language: String
    /// The request's body (for a write), read before the journal is taken.
    var data = Data()
    /// The journal this request reads and writes, from the pool.
    var journal: Journal!

    func say(_ key: String, _ arguments: Any...) -> String {
        Say.text(in: language, key, arguments)
    }

    /// The address's parameters, read as a form sends them (`Call.parameters(of:)`).
    let parameters: [(name: String, value: String)]

    init(site: Site, request: Request, language: String) {
        self.site = site
        self.request = request
        self.language = language
        parameters = Call.parameters(of: request.uri.query)
    }

    var path: String { request.uri.path }
    /// The names of the address's parameters.
    var parameterNames: [String] { parameters.map(\.name) }

    func all(_ name: String) -> [String] { parameters.filter { $0.name == name }.map(\.value) }
    func one(_ name: String) -> String? { parameters.first { $0.name == name }?.value }

    /// A query as a browser's form writes it (application/x-www-form-urlencoded): `+` is a space and `%2B`
    /// a plus, so that a search for two words is two words. (A percent sign that starts no escape stays.)
    static func parameters(of query: String?) -> [(name: String, value: String)] {
        func decoded(_ part: Substring) -> String {
            let spaced = part.replacingOccurrences(of: "+", with: " ")
            return spaced.removingPercentEncoding ?? spaced
        }
        return (query ?? "").split(separator: "&").map { pair in
            let halves = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return (decoded(halves[0]), halves.count > 1 ? decoded(halves[1]) : "")
        }
    }

    /// The request's body, up to `limit` bytes (a larger one is refused).
    mutating func body(limit: Int = 1 << 20) async throws -> Data {
        var request = self.request
        do {
            let buffer = try await request.collectBody(upTo: limit)
            return Data(buffer.readableBytesView)
        } catch {
            throw BadRequest(.contentTooLarge, "the request's body is larger than \(limit) bytes")
        }
    }
}

/// A request refused with its reason in one line.
struct BadRequest: Error {
    var status: HTTPResponse.Status
    var line: String

    init(_ status: HTTPResponse.Status, _ line: String) {
        self.status = status
        self.line = line
    }
}

enum Reply {
    static func text(_ status: HTTPResponse.Status, _ text: String, type: String = "text/plain; charset=utf-8") -> Response {
        var headers = HTTPFields()
        headers[.contentType] = type
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }

    static func json(_ text: String, status: HTTPResponse.Status = .ok) -> Response {
        Reply.text(status, text, type: "application/json; charset=utf-8")
    }

    static func json(bytes: [UInt8], status: HTTPResponse.Status = .ok) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "application/json; charset=utf-8"
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
    }

    static func html(_ text: String, status: HTTPResponse.Status = .ok) -> Response {
        Reply.text(status, text, type: "text/html; charset=utf-8")
    }

    /// A kit error's status: what the reader got wrong is a 4xx.
    static func status(of error: JournalError) -> HTTPResponse.Status {
        switch error {
        case .unknownID, .idTooShort: .notFound
        case .ambiguousID: .conflict
        case .busy: .serviceUnavailable
        case .noSpace, .readOnly, .io: .internalServerError
        default: .badRequest
        }
    }
}

/// The last versions of entries handed out (tag → bytes), so that an edit sent back with its tag can be
/// merged with a change made on disk meanwhile. Bounded: an edit whose version has left it and whose file
/// changed is refused, not guessed at.
final class VersionCache: Sendable {
    private let stored = Mutex<(order: [String], data: [String: Data])>(([], [:]))
    private let limit = 512

    func keep(_ data: Data, tag: String) {
        stored.withLock { cache in
            if cache.data[tag] == nil {
                cache.order.append(tag)
                if cache.order.count > limit { cache.data[cache.order.removeFirst()] = nil }
            }
            cache.data[tag] = data
        }
    }

    func data(tag: String) -> Data? {
        stored.withLock { $0.data[tag] }
    }
}
