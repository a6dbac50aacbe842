import Foundation
import HTTPTypes
import Hummingbird
import JournalKit
import NIOCore
import Synchronization

/// The secrets of one run of the server, from the system's generator.
struct Secrets: Sendable {
    /// The programs' credential (`Authorization: Bearer`, kept in serve.json): never in an address, never a cookie.
    let token: String
    /// What a page sends back with every write (CSRF).
    let csrf: String
    /// This run's id: the sessions of plain http belong to it.
    let run: String
    /// On plain http on loopback, the path every page of this run lives under (`/p/<hex>`), which the session
    /// cookie is scoped to: a browser sends that cookie to no other port's program, as it would a cookie of
    /// the host's. Empty over HTTPS.
    let prefix: String
    /// On plain http on loopback, the code of the address `journal serve` prints, which signs a browser in.
    let login: String
    /// What a page checks the server by before it sends anything typed (`GET api/prove`): a program that took
    /// the port after this server stopped does not know it.
    let proof: String

    init(https: Bool) {
        token = Secret.random()
        csrf = Secret.random()
        run = Secret.random(bytes: 8)
        prefix = https ? "" : "/p/" + Secret.random(bytes: 16)
        login = Secret.random()
        proof = Secret.random()
    }
}

/// Who a request comes from: a program with the token, a signed-in browser (a device), or no one yet.
enum Visitor {
    case program
    case device(DeviceSession)
    case stranger
}

/// Signing a browser in and keeping it signed in: sessions of its own (`DeviceSessions`), on plain http on
/// loopback for this run and under this run's path, over HTTPS for 90 days; pairing a phone by a one-time code.
final class SignIn: Sendable {
    let sessions: DeviceSessions
    let secrets: Secrets
    let https: Bool
    let stateFolder: String
    /// After too many wrong pairing codes: no code is checked before this moment.
    private let pausedUntil = Mutex(Date.distantPast)

    init(stateFolder: String, secrets: Secrets, https: Bool) {
        self.stateFolder = stateFolder
        self.secrets = secrets
        self.https = https
        sessions = DeviceSessions(stateFolder: stateFolder)
    }

    /// The cookie's name: over HTTPS one a browser keeps for this host and path only (`__Host-`), named for the
    /// port (a cookie does not tell ports apart); on loopback its path is this run's.
    func cookieName(port: Int) -> String { https ? "__Host-journal_\(port)" : "journal" }

    func cookie(for secret: String, port: Int) -> String {
        if https {
            return "\(cookieName(port: port))=\(secret); Path=/; Secure; HttpOnly; SameSite=Lax; Max-Age=\(Int(DeviceSessions.lastingDays * 86400))"
        }
        return "\(cookieName(port: port))=\(secret); Path=\(secrets.prefix)/; HttpOnly; SameSite=Strict"
    }

    /// The cookie that signs a browser out (a revoked or expired session's).
    func expired(port: Int) -> String {
        https ? "\(cookieName(port: port))=; Path=/; Secure; HttpOnly; SameSite=Lax; Max-Age=0"
            : "\(cookieName(port: port))=; Path=\(secrets.prefix)/; HttpOnly; SameSite=Strict; Max-Age=0"
    }

    func visitor(_ request: Request, port: Int, now: Date) -> Visitor {
        if let bearer = SignIn.bearer(request), Secret.same(bearer, secrets.token) { return .program }
        guard let secret = SignIn.cookie(request, named: cookieName(port: port)),
              let session = sessions.session(secret: secret, run: secrets.run, now: now) else { return .stranger }
        // A lasting session needs the origin the server's key proves; one of plain http, this run's.
        if https != session.lasts { return .stranger }
        return .device(session)
    }

    /// A new device's session, named from its browser; its cookie.
    func open(_ request: Request, port: Int, now: Date) -> (cookie: String, session: DeviceSession) {
        let name = DeviceSessions.deviceName(userAgent: request.headers[.userAgent] ?? "")
        let opened = sessions.open(name: name, run: https ? nil : secrets.run, now: now)
        return (cookie(for: opened.secret, port: port), opened.session)
    }

    enum PairingAnswer { case paired, wrong(left: Int), paused, none }

    /// A code typed on the sign-in page: right once; five wrong tries spend it, and then no code is checked
    /// for a minute (a code of six digits is not guessed in five).
    func pair(_ code: String, now: Date) -> PairingAnswer {
        if pausedUntil.withLock({ now < $0 }) { return .paused }
        switch Pairing.check(code, stateFolder: stateFolder, now: now) {
        case .paired: return .paired
        case .none: return .none
        case .wrong(let left):
            if left == 0 { pausedUntil.withLock { $0 = now.addingTimeInterval(60) } }
            return .wrong(left: left)
        }
    }

    static func bearer(_ request: Request) -> String? {
        guard let value = request.headers[.authorization], value.hasPrefix("Bearer ") else { return nil }
        return String(value.dropFirst("Bearer ".count)).trimmingCharacters(in: .whitespaces)
    }

    static func cookie(_ request: Request, named name: String) -> String? {
        for header in request.headers[values: .cookie] {
            for pair in header.split(separator: ";") {
                let parts = pair.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                if parts.count == 2, parts[0] == name, !parts[1].isEmpty { return parts[1] }
            }
        }
        return nil
    }
}

extension Pages {
    /// What a browser that is not signed in sees, in its language: how to get in. On loopback, the address
    /// `journal serve` printed; over HTTPS, a code from `journal serve pair`, typed here.
    static func signedOut(_ site: Site, language: String, base: String, problem: String? = nil) -> Response {
        func say(_ key: String, _ arguments: Any...) -> String { Say.text(in: language, key, arguments) }
        var body = "<section class=\"signin\"><h1>\(h(say("web.signIn.title")))</h1>"
        if site.signIn.https {
            body += "<p>\(h(say("web.signIn.pair")))</p>"
            body += "<form method=\"post\" action=\"\(base)/pair\" class=\"pair\"><label for=\"code\">\(h(say("web.signIn.code")))</label>"
            body += "<input id=\"code\" name=\"code\" inputmode=\"numeric\" autocomplete=\"one-time-code\" pattern=\"[0-9 ]*\" maxlength=\"7\" required>"
            body += "<button type=\"submit\">\(h(say("web.signIn.submit")))</button></form>"
        } else {
            body += "<p>\(h(say("web.signIn.loopback")))</p>"
        }
        if let problem { body += "<p class=\"problem\" role=\"alert\">\(h(problem))</p>" }
        body += "</section>"
        var response = Reply.html(Pages.plain(language: language, title: say("web.signIn.title"), body: body), status: .unauthorized)
        response.headers[.cacheControl] = "no-store"
        response.headers[HTTPField.Name("Referrer-Policy")!] = "same-origin"
        return response
    }
}
