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
    let signIn: SignIn
    let events: EventHub
    /// Behind a reverse proxy that serves HTTPS (`--behind-proxy`): its forwarded host is the one asked for.
    let behindProxy: Bool
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
    /// Writes sent with an `Idempotency-Key`, each done once (a phone's offline write sent again).
    let sent: SentWrites
    /// The largest file a page may send (a phone's photo): 25 MiB.
    static let uploadLimit = 25 << 20

    /// The server's own sync, when `serve.sync` asks for it.
    let syncing: ServeSync?

    init(root: String, stateFolder: String, context: JournalContext, secrets: Secrets, https: Bool, behindProxy: Bool, events: EventHub,
         syncing: ServeSync?, language: String?, units: Units, address: String) {
        self.syncing = syncing
        self.root = root
        self.context = context
        self.secrets = secrets
        signIn = SignIn(stateFolder: stateFolder, secrets: secrets, https: https)
        self.events = events
        self.behindProxy = behindProxy
        configured = ConfiguredLanguage(path: JournalContext.userConfigFile, given: language)
        self.units = units
        self.address = address
        pool = JournalPool(root: root, context: context)
        sent = SentWrites(stateFolder: stateFolder)
    }

    func bound(port: Int) {
        self.port.value.withLock { $0 = port }
    }

    var boundPort: Int { port.value.withLock { $0 } }

    /// Now, as the server's context has it (the tests' pinned clock, else the real one): a session's age.
    var now: Date { JournalContext.pinnedNow ?? Date() }

    func respond(to request: Request, context: BasicRequestContext) async throws -> Response {
        var response = await answer(request, context)
        Site.secure(&response.headers)
        if request.method == .head { response.body = ResponseBody() }
        return response
    }

    private func answer(_ request: Request, _ context: BasicRequestContext) async -> Response {
        // HTTP/1.1: a second Host is a bad request (the first became the authority; the rest stay as fields).
        guard request.headers[HTTPField.Name("Host")!] == nil else { return Reply.text(.badRequest, "more than one Host\n") }
        guard hostIsServed(authority(of: request)) else { return Reply.text(.misdirectedRequest, "unknown Host\n") }
        let full = request.uri.path
        // The program's own style, script and icons: no secret in them, served to anyone (the sign-in page uses them).
        if request.method == .get || request.method == .head, let asset = Pages.assetName(full, prefix: secrets.prefix) {
            switch asset {
            case "manifest.webmanifest":
                let language = Call.parameters(of: request.uri.query).first { $0.name == "lang" }?.value
                return Pages.manifest(language: language.flatMap { Say.languages.contains($0) ? $0 : nil } ?? pickLanguage(request))
            case "sw.js": return Pages.serviceWorker()
            case "offline": return Pages.offline(language: pickLanguage(request))
            default: return (try? Pages.asset(asset)) ?? Reply.text(.notFound, "no such file\n")
            }
        }
        // On plain http on loopback, a browser's pages live under this run's path; a program may use both.
        let prefix = secrets.prefix
        var base = ""
        var path = full
        if !prefix.isEmpty, full == prefix || full.hasPrefix(prefix + "/") {
            base = prefix
            path = full == prefix ? "/" : String(full.dropFirst(prefix.count))
        }
        let language = pickLanguage(request)
        let port = boundPort
        let visitor = signIn.visitor(request, port: port, now: now)
        var device: DeviceSession?
        switch visitor {
        case .program: break
        case .device(let session):
            // A browser's session opens this run's pages only (on loopback, the cookie is scoped to them anyway).
            guard prefix.isEmpty || !base.isEmpty else { return Pages.signedOut(self, language: language, base: base) }
            device = session
        case .stranger:
            return await signInOrRefuse(request, path: path, base: base, language: language, port: port)
        }
        if ![.get, .head].contains(request.method), device != nil {
            // A page's write: sent by our own script (CSRF token) from our own origin.
            guard let sent = request.headers[HTTPField.Name("X-CSRF-Token")!], Secret.same(sent, secrets.csrf) else {
                return Reply.text(.forbidden, "missing or wrong CSRF token\n")
            }
            guard let origin = request.headers[HTTPField.Name("Origin")!], originIsServed(origin, request: request) else {
                return Reply.text(.forbidden, "wrong Origin\n")
            }
        }
        let call = Call(site: self, request: request, language: language, path: path, base: base, device: device)
        // Every message of the kit (an error's reason, a warning) in the page's language, not the server's.
        // On a page, never a command line's flag: `Say.onPage`.
        return await Say.$reader.withValue(call.language) { await Say.$onPage.withValue(true) { await work(call) } }
    }

    /// A request from no one signed in: the sign-in itself (the address `journal serve` printed, on loopback; a
    /// pairing code, over HTTPS), else the page that says how to sign in, or, to a program, a plain 401.
    private func signInOrRefuse(_ request: Request, path: String, base: String, language: String, port: Int) async -> Response {
        let prefix = secrets.prefix
        if !signIn.https, request.method == .get, !base.isEmpty, path == "/login" {
            let parameters = Call.parameters(of: request.uri.query)
            let code = parameters.first { $0.name == "code" }?.value ?? ""
            guard Secret.same(code, secrets.login) else {
                return Pages.signedOut(self, language: language, base: base, problem: Say.text(in: language, "web.signIn.oldAddress", []))
            }
            let opened = signIn.open(request, port: port, now: now)
            var response = Response(status: .seeOther)
            // `next`: the page to go on to (a path of this site, never another's).
            let next = parameters.first { $0.name == "next" }?.value ?? "/"
            response.headers[.location] = prefix + (next.hasPrefix("/") && !next.hasPrefix("//") && !next.contains("\\") ? next : "/")
            response.headers[.setCookie] = opened.cookie
            return response
        }
        if signIn.https, request.method == .post, path == "/pair" {
            return await pair(request, language: language, port: port)
        }
        let asPage = (request.method == .get || request.method == .head) && !path.hasPrefix("/api/") && !path.hasPrefix("/attachments/")
        guard asPage else { return Reply.text(.unauthorized, "unauthorized\n") }
        var response = Pages.signedOut(self, language: language, base: base)
        // A browser whose session was revoked or expired forgets its cookie.
        if SignIn.cookie(request, named: signIn.cookieName(port: port)) != nil { response.headers[.setCookie] = signIn.expired(port: port) }
        return response
    }

    /// `POST /pair` with `code=…` (the sign-in page's form): a new device, signed in for 90 days; a wrong code
    /// says how many tries are left.
    private func pair(_ request: Request, language: String, port: Int) async -> Response {
        guard let origin = request.headers[HTTPField.Name("Origin")!], originIsServed(origin, request: request) else {
            return Reply.text(.forbidden, "wrong Origin\n")
        }
        // The form's body (`code=482+913`): a few bytes.
        var body = request
        guard let buffer = try? await body.collectBody(upTo: 1024) else { return Reply.text(.contentTooLarge, "too large\n") }
        let code = Call.parameters(of: String(buffer: buffer)).first { $0.name == "code" }?.value ?? ""

        switch signIn.pair(code, now: now) {
        case .paired:
            let opened = signIn.open(request, port: port, now: now)
            var response = Response(status: .seeOther)
            response.headers[.location] = "/"
            response.headers[.setCookie] = opened.cookie
            return response
        case .wrong(let left):
            return Pages.signedOut(self, language: language, base: "",
                                   problem: left > 0 ? Say.text(in: language, "web.signIn.wrong", [left]) : Say.text(in: language, "web.signIn.spent", []))
        case .paused:
            return Pages.signedOut(self, language: language, base: "", problem: Say.text(in: language, "web.signIn.paused", []))
        case .none:
            return Pages.signedOut(self, language: language, base: "", problem: Say.text(in: language, "web.signIn.noCode", []))
        }
    }

    private func work(_ given: Call) async -> Response {
        var call = given
        let path = call.path
        do {
            if path == "/api/events" { return API.events(call) }
            // The body first (bounded), so that a journal is held only while the answer is worked out.
            if ![.get, .head].contains(call.request.method) {
                // A file sent to an entry (a photo) may be larger than any other body.
                let upload = path.hasPrefix("/api/entries/") && path.hasSuffix("/attachments")
                if upload { try API.checkUpload(call) }
                call.data = try await call.body(limit: upload ? Site.uploadLimit : 1 << 20)
            }
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
        // Over HTTPS the certificate names whom the browser may ask (a page of another name that resolves to
        // this machine gets no session of TLS for it); behind a proxy, the proxy decides what it forwards.
        if signIn.https { return true }
        let port = self.port.value.withLock { $0 }
        var names = ["127.0.0.1:\(port)", "localhost:\(port)", "[::1]:\(port)"]
        names.append((address.contains(":") ? "[\(address)]" : address) + ":\(port)")
        return names.contains(host.lowercased())
    }

    /// The authority a browser asked for: its Host, or behind a proxy (which only ever reaches this loopback
    /// listener) the host the proxy was asked for.
    func authority(of request: Request) -> String? {
        if behindProxy, let forwarded = request.headers[HTTPField.Name("X-Forwarded-Host")!] {
            return forwarded.split(separator: ",").first.map { $0.trimmingCharacters(in: .whitespaces) }
        }
        return request.head.authority
    }

    /// A page's own origin: over HTTPS exactly the one it asked (scheme, host, port), on loopback one of the names served.
    func originIsServed(_ origin: String, request: Request) -> Bool {
        if signIn.https {
            guard let authority = authority(of: request) else { return false }
            return origin.lowercased() == "https://" + authority.lowercased()
        }
        guard origin.hasPrefix("http://") else { return false }
        return hostIsServed(String(origin.dropFirst("http://".count)))
    }

    static func secure(_ headers: inout HTTPFields) {
        headers[HTTPField.Name("Content-Security-Policy")!] =
            "default-src 'none'; script-src 'self'; style-src \(Assets.styleSource); img-src 'self' data: blob:; media-src 'self'; "
            + "connect-src 'self'; manifest-src 'self'; worker-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'"
        headers[HTTPField.Name("X-Content-Type-Options")!] = "nosniff"
        headers[HTTPField.Name("X-Frame-Options")!] = "DENY"
        // (The sign-in page sets its own: its form's post must carry its Origin, which no-referrer makes `null`.)
        if headers[HTTPField.Name("Referrer-Policy")!] == nil { headers[HTTPField.Name("Referrer-Policy")!] = "no-referrer" }
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

    /// The path as the site reads it (this run's path prefix taken off), and that prefix, which every link of a
    /// page starts with ("" over HTTPS and for a program).
    let path: String
    let base: String
    /// The signed-in browser asking; nil for a program with the token.
    let device: DeviceSession?

    init(site: Site, request: Request, language: String, path: String, base: String, device: DeviceSession?) {
        self.site = site
        self.request = request
        self.language = language
        self.path = path
        self.base = base
        self.device = device
        parameters = Call.parameters(of: request.uri.query)
    }
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
            if limit == Site.uploadLimit { throw BadRequest(.contentTooLarge, say("web.tooLarge", one("name") ?? "", limit >> 20)) }
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
