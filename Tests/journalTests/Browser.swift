import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Headless Chromium driven through the DevTools protocol, the way a person uses a page: it opens an
/// address, types into a box key by key, clicks, accepts a dialog, and the test reads what the page
/// shows. The protocol runs over a pipe (`--remote-debugging-pipe`: the browser reads commands on its
/// descriptor 3 and writes answers and events on 4, each a JSON text ended by a NUL), so no port is
/// opened and nothing but 127.0.0.1 is reached.
final class Browser {
    private let pid: pid_t
    private let commands: Int32
    private let answers: Int32
    private var pending: [UInt8] = []
    private var nextID = 0
    private var session = ""
    /// Events seen while waiting for an answer, oldest first (`Page.loadEventFired`, dialogs).
    private(set) var events: [[String: Any]] = []

    /// Nil when Chromium is not installed (the test then has nothing to drive).
    static func chromium() -> String? { GitServers.findProgram(["/usr/bin/chromium", "chromium"]) }

    /// `arguments`: more of Chromium's switches (`--ignore-certificate-errors-spki-list=PIN` for a server's own certificate).
    init(_ box: Sandbox, language: String = "en", dark: Bool = false, arguments extra: [String] = []) throws {
        guard let chromium = Browser.chromium() else { throw SandboxError("chromium is not installed") }
        var toBrowser: [Int32] = [-1, -1]
        var fromBrowser: [Int32] = [-1, -1]
        guard pipe(&toBrowser) == 0, pipe(&fromBrowser) == 0 else { throw SandboxError("pipe: \(errno)") }
        for fd in toBrowser + fromBrowser { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        var arguments = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--remote-debugging-pipe",
                         "--user-data-dir=\(box.root.path)/chromium-cdp", "--lang=\(language)", "--accept-lang=\(language)",
                         "--window-size=412,900", "about:blank"]
        if dark { arguments.insert("--force-dark-mode", at: 0) }
        arguments.insert(contentsOf: extra, at: 0)
        var environment = box.environment
        environment["LANGUAGE"] = language
        do {
            pid = try Spawn.start(chromium, arguments, environment: environment, newProcessGroup: true, keeping: 5) { actions in
                posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
                posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
                posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
                posix_spawn_file_actions_adddup2(&actions, toBrowser[0], 3)
                posix_spawn_file_actions_adddup2(&actions, fromBrowser[1], 4)
            }
        } catch {
            for fd in toBrowser + fromBrowser { close(fd) }
            throw error
        }
        close(toBrowser[0])
        close(fromBrowser[1])
        commands = toBrowser[1]
        answers = fromBrowser[0]
        // One tab, its session the one every later command goes to.
        let target = try send("Target.createTarget", ["url": "about:blank"], inSession: false)
        let targetID = try (target["targetId"] as? String).orThrow("no target id in \(target)")
        let attached = try send("Target.attachToTarget", ["targetId": targetID, "flatten": true], inSession: false)
        session = try (attached["sessionId"] as? String).orThrow("no session id in \(attached)")
        _ = try send("Page.enable")
        _ = try send("Runtime.enable")
    }

    deinit {
        close(commands)
        close(answers)
        kill(-pid, SIGKILL)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
    }

    /// Sends one command and waits for its answer (events that arrive meanwhile are kept).
    @discardableResult
    func send(_ method: String, _ parameters: [String: Any] = [:], inSession: Bool = true, timeout: TimeInterval = 30) throws -> [String: Any] {
        let id = try post(method, parameters, inSession: inSession)
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let message = try nextMessage(until: deadline, doing: method)
            if message["id"] as? Int == id {
                if let error = message["error"] { throw SandboxError("\(method): \(error)") }
                return message["result"] as? [String: Any] ?? [:]
            }
            if message["method"] != nil { try heard(message) }
        }
    }

    /// Writes one command; its id.
    private func post(_ method: String, _ parameters: [String: Any], inSession: Bool = true) throws -> Int {
        nextID += 1
        var message: [String: Any] = ["id": nextID, "method": method, "params": parameters]
        if inSession { message["sessionId"] = session }
        var bytes = [UInt8](try JSONSerialization.data(withJSONObject: message))
        bytes.append(0)
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { write(commands, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { throw SandboxError("the browser stopped reading (\(method))") }
            sent += count
        }
        return nextID
    }

    /// The questions the page asked (`confirm`), each answered OK as a person who means it would.
    private(set) var dialogs: [String] = []

    private func heard(_ event: [String: Any]) throws {
        if event["method"] as? String == "Page.javascriptDialogOpening" {
            dialogs.append(((event["params"] as? [String: Any])?["message"] as? String) ?? "")
            // Not waited for: the click that opened it answers only once the dialog is gone.
            _ = try post("Page.handleJavaScriptDialog", ["accept": true])
            return
        }
        events.append(event)
    }

    private func nextMessage(until deadline: Date, doing what: String) throws -> [String: Any] {
        while true {
            if let end = pending.firstIndex(of: 0) {
                let text = Array(pending[..<end])
                pending.removeSubrange(...end)
                return (try JSONSerialization.jsonObject(with: Data(text))) as? [String: Any] ?? [:]
            }
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { throw SandboxError("the browser did not answer \(what) in time") }
            var ready = pollfd(fd: answers, events: Int16(POLLIN), revents: 0)
            let polled = poll(&ready, 1, Int32(min(left, 1) * 1000))
            if polled < 0, errno == EINTR { continue }
            if polled <= 0 { continue }
            var buffer = [UInt8](repeating: 0, count: 65536)
            let count = read(answers, &buffer, buffer.count)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { throw SandboxError("the browser ended (\(what))") }
            pending += buffer[..<count]
        }
    }

    /// Opens `url` and waits until the page has loaded.
    func open(_ url: String) throws {
        events.removeAll { $0["method"] as? String == "Page.loadEventFired" }
        _ = try send("Page.navigate", ["url": url])
        try waitForEvent("Page.loadEventFired")
    }

    /// Waits for an event of the page (already seen or still to come); it is then taken from `events`.
    @discardableResult
    func waitForEvent(_ method: String, timeout: TimeInterval = 30) throws -> [String: Any] {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if let index = events.firstIndex(where: { $0["method"] as? String == method }) {
                return events.remove(at: index)["params"] as? [String: Any] ?? [:]
            }
            let message = try nextMessage(until: deadline, doing: "waiting for \(method)")
            if message["method"] != nil { try heard(message) }
        }
    }

    /// The value of a JavaScript expression in the page (a promise is awaited).
    func evaluate(_ expression: String) throws -> Any? {
        let result = try send("Runtime.evaluate", ["expression": expression, "returnByValue": true, "awaitPromise": true])
        if let thrown = result["exceptionDetails"] { throw SandboxError("\(expression): \(thrown)") }
        return (result["result"] as? [String: Any])?["value"]
    }

    func text(_ expression: String) throws -> String { try evaluate(expression) as? String ?? "" }

    /// Waits until `condition` (a JavaScript expression, or a promise of one) is true in the page; throws with what `show`
    /// evaluates to when it does not become true within `timeout`.
    func waitUntil(_ condition: String, show: String = "document.getElementById('main').innerText", timeout: TimeInterval = 20) throws {
        let ok = GitServers.poll(timeout: timeout) { ((try? self.evaluate("Promise.resolve((\(condition))).then(Boolean)")) as? Bool) == true }
        if !ok { throw SandboxError("the page never had \(condition); it shows \(String(describing: try? evaluate(show)))") }
    }

    /// Types `text` into the focused element one character at a time, as a keyboard (or an input
    /// method committing a syllable) does: each character is an `input` event of its own.
    func type(_ text: String) throws {
        for character in text { _ = try send("Input.insertText", ["text": String(character)]) }
    }

    /// A word composed with an input method, as Korean is typed: each of `steps` is the composition so far
    /// (`ㅂ`, `부`, `붓`, …, each an `input` event that is still composing), then `done` is committed (nil:
    /// the word is left composing, as a phone's keyboard leaves it until a space or another word).
    /// `between` runs after each step, while the word is still being composed.
    func compose(_ steps: [String], _ done: String?, between: () throws -> Void = {}) throws {
        for step in steps {
            _ = try send("Input.imeSetComposition", ["text": step, "selectionStart": step.utf16.count, "selectionEnd": step.utf16.count])
            try between()
        }
        if let done { _ = try send("Input.insertText", ["text": done]) }
    }

    /// Presses a key (`Enter`, `Escape`) on the focused element.
    func press(_ key: String) throws {
        let code = ["Enter": 13, "Escape": 27][key] ?? 0
        var down: [String: Any] = ["type": "keyDown", "key": key, "code": key, "windowsVirtualKeyCode": code, "nativeVirtualKeyCode": code]
        if key == "Enter" { down["text"] = "\r" }
        _ = try send("Input.dispatchKeyEvent", down)
        _ = try send("Input.dispatchKeyEvent", ["type": "keyUp", "key": key, "code": key, "windowsVirtualKeyCode": code])
    }

    /// Clicks the middle of the first element `selector` names, with the mouse, as a person does.
    func click(_ selector: String) throws {
        let quoted = String(decoding: try JSONSerialization.data(withJSONObject: [selector]), as: UTF8.self)
        let box = try evaluate("""
            (() => { const e = document.querySelector(\(quoted)[0]); if (!e) return null; e.scrollIntoView({block: "center"});
                     const r = e.getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; })()
            """) as? [Double]
        guard let box, box.count == 2 else { throw SandboxError("nothing on the page is \(selector)") }
        for type in ["mousePressed", "mouseReleased"] {
            _ = try send("Input.dispatchMouseEvent", ["type": type, "x": box[0], "y": box[1], "button": "left", "clickCount": 1])
        }
    }

    /// Clicks what takes the browser to a page (a button whose script sets `location`), and waits until that
    /// page has loaded: the page it leaves may meanwhile show what is looked for (a live update), and the
    /// next click then finds nothing.
    func clickToLoad(_ selector: String) throws {
        events.removeAll { $0["method"] as? String == "Page.loadEventFired" }
        try click(selector)
        try waitForEvent("Page.loadEventFired")
    }

    /// Focuses the first element `selector` names.
    func focus(_ selector: String) throws {
        let quoted = String(decoding: try JSONSerialization.data(withJSONObject: [selector]), as: UTF8.self)
        guard try evaluate("(() => { const e = document.querySelector(\(quoted)[0]); if (!e) return false; e.focus(); return true; })()") as? Bool == true else {
            throw SandboxError("nothing on the page is \(selector)")
        }
    }

    /// axe-core, as `scripts/deps.sh` fetched it (the axe-playwright-python wheel's `axe.min.js`); a SkipReason
    /// when it is not there.
    static func axeCore() throws -> String? {
        try SkipReason.startOrSkip({ () throws -> String in
            let path = FileManager.default.currentDirectoryPath + "/.build/axe-core/axe.min.js"
            guard let text = FileManager.default.contents(atPath: path).map({ String(decoding: $0, as: UTF8.self) }), !text.isEmpty else {
                throw SkipReason("axe-core is not in .build/axe-core (scripts/deps.sh test fetches it)")
            }
            return text
        })
    }

    /// What axe-core finds wrong on the page as it is now (WCAG 2.1 A and AA, and axe's best practices) of a
    /// serious or critical impact, a line each: the rule, its impact, and the elements at fault. `axe`: the
    /// script (`Browser.axeCore`).
    func accessibilityViolations(_ axe: String) throws -> [String] {
        if try evaluate("typeof window.axe === 'undefined'") as? Bool == true {
            let loaded = try send("Runtime.evaluate", ["expression": axe])
            if let thrown = loaded["exceptionDetails"] { throw SandboxError("axe-core did not load: \(thrown)") }
        }
        let found = try evaluate("""
            axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
                                resultTypes: ['violations'] })
              .then(r => r.violations.filter(v => v.impact === 'serious' || v.impact === 'critical').map(v => v.id + ' (' + v.impact + '): ' + v.nodes.slice(0, 3).map(n => n.target.join(' ')).join(', ')))
            """)
        return found as? [String] ?? ["axe-core gave no answer"]
    }

    /// Saves what the page shows as a PNG, to be looked at.
    func screenshot(_ path: String) throws {
        let shot = try send("Page.captureScreenshot", ["format": "png"])
        let data = try (shot["data"] as? String).flatMap { Data(base64Encoded: $0) }.orThrow("no screenshot")
        try data.write(to: URL(fileURLWithPath: path))
    }
}

extension Optional {
    func orThrow(_ message: String) throws -> Wrapped {
        guard let self else { throw SandboxError(message) }
        return self
    }
}
