import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// Real git servers on 127.0.0.1 for the end-to-end tests of `journal clone` and `journal sync`:
// `git daemon` (git://), `git http-backend` behind a small HTTP server with Basic auth (http://),
// and OpenSSH's `sshd` (ssh://). Each fixture works in its own temporary folder, listens on its own
// free port and only on 127.0.0.1, and is ready (accepting connections) once its `init` returns.
// `stop()` (and deinit) end the server and every process it started; deinit also removes the folder.
//
// Skipping: a fixture that cannot run on this machine (no sshd, no right to run it) throws
// `SkipReason`. Tests start such fixtures through `SkipReason.startOrSkip { ... }`, which prints the
// reason and cancels the test (Swift Testing reports it as skipped, with the reason as its comment).
//
// If the test process dies without running deinit (a crash, SIGKILL), the HTTP server notices and
// exits within a second; git daemon and sshd keep running until killed (their folders say whose).

/// A server that serves bare git repositories on 127.0.0.1.
protocol GitServer: AnyObject {
    var port: UInt16 { get }
    /// The URL git (or journal) clones the repository `name` from.
    func url(for name: String) -> String
    /// Ends the server and everything it started. Safe to call more than once.
    func stop()
}

extension GitServer {
    /// Makes an empty bare repository whose HEAD is `main` (`git init --bare -b main`), creating
    /// missing parent folders. Returns `path`.
    @discardableResult
    static func makeBareRepository(at path: String) throws -> String {
        try GitServers.makeBareRepository(at: path)
    }
}

/// Helpers shared by the fixtures.
enum GitServers {
    /// `git init --bare -b main PATH`, ignoring the system's and the user's git configuration.
    @discardableResult
    static func makeBareRepository(at path: String) throws -> String {
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let result = try Sandbox.exec(
            "/usr/bin/env", ["git", "init", "--quiet", "--bare", "-b", "main", path], stdin: nil,
            env: gitEnvironment(home: NSTemporaryDirectory()), cwd: "/")
        guard result.status == 0 else { throw ServerError("git init --bare \(path) failed: \(result.stderr)") }
        return path
    }

    /// The test process's variables with git's system and global configuration switched off, so a
    /// server never follows the machine's `url.*.insteadOf` or the like.
    static func gitEnvironment(home: String) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        for name in environment.keys where name.hasPrefix("GIT_") { environment[name] = nil }
        environment["HOME"] = home
        environment["GIT_CONFIG_NOSYSTEM"] = "1"
        environment["GIT_CONFIG_GLOBAL"] = "/dev/null"
        environment["GIT_TERMINAL_PROMPT"] = "0"
        if environment["PATH"] == nil { environment["PATH"] = "/usr/local/bin:/usr/bin:/bin" }
        return environment
    }

    /// A fresh temporary folder (its real path, without symbolic links).
    static func makeFolder(_ prefix: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return realPath(path)
    }

    static func realPath(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// The first executable among `candidates` (absolute paths, or names looked up in PATH).
    static func findProgram(_ candidates: [String]) -> String? {
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map(String.init)
        for candidate in candidates {
            if candidate.hasPrefix("/") {
                if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            } else {
                for folder in folders where FileManager.default.isExecutableFile(atPath: folder + "/" + candidate) {
                    return folder + "/" + candidate
                }
            }
        }
        return nil
    }

    /// A port on 127.0.0.1 that nothing listens on right now (the kernel's pick for port 0). Another
    /// process may take it before the server binds it: the fixtures retry with a new one then.
    static func freePort() throws -> UInt16 {
        #if canImport(Glibc)
        let fd = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let fd = Darwin.socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw ServerError("socket: \(errno)") }
        defer { close(fd) }
        var address = loopback(port: 0)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0 else { throw ServerError("bind 127.0.0.1:0: \(errno)") }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        return UInt16(bigEndian: address.sin_port)
    }

    /// Whether something accepts TCP connections on 127.0.0.1:`port` (the connection is closed at once).
    static func accepts(port: UInt16) -> Bool {
        #if canImport(Glibc)
        let fd = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let fd = Darwin.socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var address = loopback(port: port)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        return connected == 0
    }

    private static func loopback(port: UInt16) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return address
    }

    /// Calls `condition` every 20 ms until it holds (true) or `timeout` passes (false).
    static func poll(timeout: TimeInterval, _ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if condition() { return true }
            if Date() > deadline { return false }
            usleep(20_000)
        }
    }

    static func shellQuote(_ word: String) -> String { Sandbox.shellQuote(word) }
}

/// The machine cannot run a fixture (a program is missing, or it may not run it here), so the test
/// that wanted it is skipped rather than failed.
struct SkipReason: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }

    /// The first of `candidates` installed; a test that needs one that is not is skipped as skipped (and
    /// `make test`, which installs every tool, fails on a skipped test), never passed by returning early.
    static func program(_ candidates: [String], sourceLocation: SourceLocation = #_sourceLocation) throws -> String? {
        try startOrSkip({ () throws -> String in
            guard let found = GitServers.findProgram(candidates) else { throw SkipReason("\(candidates[0]) is not installed") }
            return found
        }, sourceLocation: sourceLocation)
    }

    /// Returns what `start` makes; when it throws a `SkipReason`, prints the reason and skips the
    /// current test (`Test.cancel`, reported as skipped). With a compiler older than Swift 6.3
    /// (no `Test.cancel`) it returns nil instead, and the caller returns early:
    ///
    ///     guard let server = try SkipReason.startOrSkip({ try SSHServer(root: folder) }) else { return }
    static func startOrSkip<T>(
        _ start: () throws -> T, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> T? {
        do {
            return try start()
        } catch let reason as SkipReason {
            let line = "Skipping \(sourceLocation.fileName):\(sourceLocation.line): \(reason.description)"
            print(line)
            // `make test` names a file for the skips, and fails when any test was skipped.
            if let log = ProcessInfo.processInfo.environment["JOURNAL_SKIPPED_LOG"], let handle = FileHandle(forWritingAtPath: log)
                ?? (FileManager.default.createFile(atPath: log, contents: nil) ? FileHandle(forWritingAtPath: log) : nil) {
                handle.seekToEndOfFile()
                handle.write(Data((line + "\n").utf8))
                handle.closeFile()
            }
            #if compiler(>=6.3)
            try Test.cancel(Comment(rawValue: reason.description), sourceLocation: sourceLocation)
            #else
            return nil
            #endif
        }
    }
}

/// A server program run by a fixture, with stdin from /dev/null and stdout and stderr into `logPath`.
///
/// It is started with posix_spawn rather than Foundation's Process, for two reasons: a Process
/// started from a Dispatch thread (where tests run) inherits that thread's mask, which blocks
/// SIGTERM and SIGCHLD (git daemon then never reaps its children and ignores SIGTERM); and Process
/// takes the closing of a socket it hands the child for the child's exit, so a program that closes
/// every inherited descriptor (sshd does) makes Foundation block in waitpid, and every other
/// Process in the test run hangs with it. Here the child gets an empty signal mask, default signal
/// handling, its own process group and no descriptor but 0, 1 and 2; this object reaps it.
/// `terminate` ends the group and every descendant (sshd's per-connection children start their own
/// sessions, so they are found through /proc).
final class FixtureProcess: @unchecked Sendable {
    let pid: pid_t
    let logPath: String
    private let lock = NSLock()
    private var reaped = false
    private var terminated = false

    init(_ program: String, _ arguments: [String], environment: [String: String], cwd: String, logPath: String)
        throws
    {
        self.logPath = logPath
        guard FileManager.default.createFile(atPath: logPath, contents: nil) else {
            throw ServerError("cannot write \(logPath)")
        }
        pid = try Spawn.start(program, arguments, environment: environment, cwd: cwd, newProcessGroup: true) { actions in
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 1, logPath, O_WRONLY | O_APPEND, 0)
            posix_spawn_file_actions_adddup2(&actions, 1, 2)
        }
    }

    var isRunning: Bool {
        lock.withLock {
            if reaped { return false }
            var status: Int32 = 0
            let result = waitpid(pid, &status, WNOHANG)
            if result == 0 { return true }
            if result == -1, errno == ECHILD { return kill(pid, 0) == 0 }  // someone else reaps (SIGCHLD ignored)
            reaped = true
            return false
        }
    }

    var log: String {
        (FileManager.default.contents(atPath: logPath)).map { String(decoding: $0, as: UTF8.self) } ?? ""
    }

    /// Waits until `ready` holds while the process runs. False when it exited first or time ran out.
    func wait(timeout: TimeInterval = 15, until ready: () -> Bool) -> Bool {
        var succeeded = false
        _ = GitServers.poll(timeout: timeout) {
            if ready() {
                succeeded = isRunning
                return true
            }
            return !isRunning
        }
        return succeeded
    }

    /// SIGTERM to the process, its group and its descendants; SIGKILL to whatever is left after 3 s.
    func terminate() {
        let first = lock.withLock {
            defer { terminated = true }
            return !terminated
        }
        guard first else { return }
        let family = FixtureProcess.descendants(of: pid)
        signalAll(family: family, SIGTERM)
        let ended = GitServers.poll(timeout: 3) {
            !isRunning && family.allSatisfy { !FixtureProcess.isAlive($0) }
        }
        if !ended {
            signalAll(family: family, SIGKILL)
            _ = GitServers.poll(timeout: 3) { !isRunning }
        }
    }

    deinit { terminate() }

    private func signalAll(family: [Member], _ signal: Int32) {
        if isRunning {
            kill(-pid, signal)
            kill(pid, signal)
        }
        // A descendant is signalled only while it is still the same process (same start time).
        for member in family where FixtureProcess.isAlive(member) { kill(member.pid, signal) }
    }

    struct Member {
        var pid: pid_t
        var start: String
    }

    private static func isAlive(_ member: Member) -> Bool {
        guard let stat = stat(member.pid) else { return false }
        return stat.start == member.start && stat.state != "Z"
    }

    /// pid's parent, start time and state from /proc/PID/stat (nil where there is no /proc).
    private static func stat(_ pid: pid_t) -> (parent: pid_t, start: String, state: String)? {
        guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/stat") else { return nil }
        let text = String(decoding: data, as: UTF8.self)
        // Fields after the command name "(…)", which may itself hold spaces: state(3) ppid(4) … starttime(22).
        guard let close = text.lastIndex(of: ")") else { return nil }
        let fields = text[text.index(after: close)...].split(separator: " ")
        guard fields.count > 19, let parent = pid_t(fields[1]) else { return nil }
        return (parent, String(fields[19]), String(fields[0]))
    }

    /// Every living descendant of `root`, found through /proc (empty where there is no /proc).
    static func descendants(of root: pid_t) -> [Member] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        var children: [pid_t: [Member]] = [:]
        for entry in entries {
            guard let pid = pid_t(entry), let stat = stat(pid) else { continue }
            children[stat.parent, default: []].append(Member(pid: pid, start: stat.start))
        }
        var found: [Member] = []
        var queue = [root]
        while let next = queue.popLast() {
            for child in children[next] ?? [] {
                found.append(child)
                queue.append(child.pid)
            }
        }
        return found
    }
}

// MARK: git://

/// `git daemon` serving every repository under `basePath` (read and push) at git://127.0.0.1:PORT/NAME.
final class GitDaemon: GitServer, @unchecked Sendable {
    let basePath: String
    let port: UInt16
    /// The daemon's temporary folder (its log and HOME); removed on deinit.
    let folder: String
    private let server: FixtureProcess

    /// What the daemon wrote (with --verbose: every connection), for failure messages.
    var log: String { server.log }

    init(basePath: String) throws {
        self.basePath = GitServers.realPath(basePath)
        folder = try GitServers.makeFolder("journal-git-daemon")
        var lastLog = ""
        for attempt in 1...5 {
            let port = try GitServers.freePort()
            let process = try FixtureProcess(
                "/usr/bin/env",
                [
                    "git", "daemon", "--verbose", "--informative-errors", "--reuseaddr", "--export-all",
                    "--enable=receive-pack", "--base-path=\(self.basePath)", "--listen=127.0.0.1", "--port=\(port)",
                    self.basePath,
                ],
                environment: GitServers.gitEnvironment(home: folder), cwd: folder,
                logPath: folder + "/daemon-\(attempt).log")
            // "Ready to rumble" is logged (with --verbose) once the daemon listens.
            if process.wait(until: { process.log.contains("Ready to rumble") }), GitServers.accepts(port: port) {
                self.port = port
                server = process
                return
            }
            process.terminate()
            lastLog = process.log
        }
        try? FileManager.default.removeItem(atPath: folder)
        throw ServerError("git daemon did not start: \(lastLog)")
    }

    func url(for name: String) -> String { "git://127.0.0.1:\(port)/\(name)" }

    func stop() { server.terminate() }

    deinit {
        stop()
        try? FileManager.default.removeItem(atPath: folder)
    }
}

// MARK: http://

/// An HTTP server (Python's http.server) at http://127.0.0.1:PORT/NAME serving the bare repositories
/// under `root` through `git http-backend` (fetch and push). Every request needs HTTP Basic auth with
/// any user name and `token` as password; otherwise it answers 401 with
/// `WWW-Authenticate: Basic realm="journal"`. Request bodies may be chunked and gzip- or
/// deflate-encoded; other encodings get 415.
final class HTTPGitServer: GitServer, @unchecked Sendable {
    let root: String
    let token: String
    let port: UInt16
    /// The server's temporary folder (its script, log and HOME); removed on deinit.
    let folder: String
    private let server: FixtureProcess

    /// The request log and any errors, for failure messages.
    var log: String { server.log }

    init(root: String, token: String = "journal-test-token") throws {
        self.root = GitServers.realPath(root)
        self.token = token
        folder = try GitServers.makeFolder("journal-git-http")
        let script = folder + "/git-http-server.py"
        let portFile = folder + "/port"
        try HTTPGitServer.script.writeReplacing(toFile: script)
        guard let python = GitServers.findProgram(["/usr/bin/python3", "/usr/local/bin/python3", "python3"]) else {
            try? FileManager.default.removeItem(atPath: folder)
            throw ServerError("python3 not found: HTTPGitServer needs it")
        }
        var environment = GitServers.gitEnvironment(home: folder)
        environment["JOURNAL_TEST_HTTP_TOKEN"] = token
        environment["PYTHONDONTWRITEBYTECODE"] = "1"
        environment["PYTHONUNBUFFERED"] = "1"
        // The script binds port 0 itself and then writes the port it got to `portFile`.
        let process = try FixtureProcess(
            python, ["-u", script, self.root, portFile], environment: environment, cwd: folder,
            logPath: folder + "/server.log")
        var port: UInt16?
        let ready = process.wait {
            port = (try? String(contentsOfFile: portFile, encoding: .utf8)).flatMap {
                UInt16($0.trimmingCharacters(in: .whitespacesAndNewlines))
            }
            return port != nil
        }
        guard ready, let port, GitServers.accepts(port: port) else {
            process.terminate()
            let log = process.log
            try? FileManager.default.removeItem(atPath: folder)
            throw ServerError("HTTP git server did not start: \(log)")
        }
        self.port = port
        server = process
    }

    func url(for name: String) -> String { "http://127.0.0.1:\(port)/\(name)" }

    /// The URL with `user:password@` in it (the password is the token unless given), for the git program.
    func authenticatedURL(for name: String, user: String = "journal", password: String? = nil) -> String {
        let user = user.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? user
        let password = (password ?? token).addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
        return "http://\(user):\(password)@127.0.0.1:\(port)/\(name)"
    }

    func stop() { server.terminate() }

    deinit {
        stop()
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// The server: argv = ROOT PORT_FILE; the token comes in JOURNAL_TEST_HTTP_TOKEN. It exits on its
    /// own when the test process that started it goes away.
    static let script = #"""
        import base64, gzip, hmac, os, subprocess, sys, threading, time, traceback, zlib
        from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
        from urllib.parse import unquote

        ROOT = sys.argv[1]
        PORT_FILE = sys.argv[2]
        TOKEN = os.environ.pop("JOURNAL_TEST_HTTP_TOKEN", "").encode()
        PARENT = os.getppid()


        class BadRequest(Exception):
            def __init__(self, status, message):
                super().__init__(message)
                self.status = status


        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"
            server_version = "journal-test-git-http/1"

            def do_GET(self):
                self.serve()

            def do_POST(self):
                self.serve()

            def serve(self):
                try:
                    try:
                        # The body is always read in full first, so that the connection stays usable
                        # (and the client never writes into a closed socket) whatever the answer is.
                        body = self.read_body()
                    except BadRequest as error:
                        self.close_connection = True
                        self.reply(error.status, [("Content-Type", "text/plain")], (str(error) + "\n").encode())
                        return
                    user = self.user()
                    if user is None:
                        self.reply(401, [("WWW-Authenticate", 'Basic realm="journal"'), ("Content-Type", "text/plain")],
                                   b"Authentication required\n")
                        return
                    self.run_backend(user, body)
                except (BrokenPipeError, ConnectionResetError):
                    self.close_connection = True
                except Exception:
                    traceback.print_exc()
                    self.close_connection = True
                    try:
                        self.reply(500, [("Content-Type", "text/plain")], b"Internal error\n")
                    except Exception:
                        pass

            def read_body(self):
                if "chunked" in self.headers.get("Transfer-Encoding", "").lower():
                    parts = []
                    while True:
                        line = self.rfile.readline(65537)
                        if not line.endswith(b"\n"):
                            raise BadRequest(400, "Truncated chunked body")
                        try:
                            size = int(line.split(b";", 1)[0].strip(), 16)
                        except ValueError:
                            raise BadRequest(400, "Bad chunk size")
                        if size == 0:
                            while self.rfile.readline(65537) not in (b"\r\n", b"\n", b""):
                                pass  # trailers
                            break
                        chunk = self.rfile.read(size)
                        if len(chunk) != size or self.rfile.readline(3) not in (b"\r\n", b"\n"):
                            raise BadRequest(400, "Truncated chunk")
                        parts.append(chunk)
                    body = b"".join(parts)
                else:
                    try:
                        length = int(self.headers.get("Content-Length") or "0")
                    except ValueError:
                        raise BadRequest(400, "Bad Content-Length")
                    body = self.rfile.read(length) if length > 0 else b""
                    if len(body) != length:
                        raise BadRequest(400, "Truncated body")
                encoding = self.headers.get("Content-Encoding", "").strip().lower()
                try:
                    if encoding in ("gzip", "x-gzip"):
                        body = gzip.decompress(body)
                    elif encoding == "deflate":
                        body = zlib.decompress(body)
                    elif encoding not in ("", "identity"):
                        raise BadRequest(415, "Unsupported Content-Encoding: " + encoding)
                except (OSError, EOFError, zlib.error):
                    raise BadRequest(400, "Body is not valid " + encoding)
                return body

            def user(self):
                scheme, _, value = self.headers.get("Authorization", "").partition(" ")
                if scheme.lower() != "basic":
                    return None
                try:
                    decoded = base64.b64decode(value.strip(), validate=True)
                except ValueError:
                    return None
                name, colon, password = decoded.partition(b":")
                if not colon or not hmac.compare_digest(password, TOKEN):
                    return None
                return name.decode("utf-8", "replace") or "git"

            def run_backend(self, user, body):
                path, _, query = self.path.partition("?")
                env = {
                    "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
                    "HOME": os.environ.get("HOME", "/"),
                    "GIT_CONFIG_NOSYSTEM": "1",
                    "GIT_CONFIG_GLOBAL": "/dev/null",
                    "GIT_CONFIG_COUNT": "1",
                    "GIT_CONFIG_KEY_0": "http.receivepack",
                    "GIT_CONFIG_VALUE_0": "true",
                    "GIT_PROJECT_ROOT": ROOT,
                    "GIT_HTTP_EXPORT_ALL": "1",
                    "GATEWAY_INTERFACE": "CGI/1.1",
                    "SERVER_PROTOCOL": "HTTP/1.1",
                    "SERVER_SOFTWARE": self.server_version,
                    "SERVER_NAME": "127.0.0.1",
                    "SERVER_PORT": str(self.server.server_address[1]),
                    "REQUEST_METHOD": self.command,
                    "SCRIPT_NAME": "",
                    "PATH_INFO": unquote(path),
                    "QUERY_STRING": query,
                    "REMOTE_ADDR": self.client_address[0],
                    "REMOTE_USER": user,
                    "AUTH_TYPE": "Basic",
                }
                if self.command == "POST":
                    env["CONTENT_LENGTH"] = str(len(body))
                    env["CONTENT_TYPE"] = self.headers.get("Content-Type", "")
                protocol = self.headers.get("Git-Protocol")
                if protocol:
                    env["HTTP_GIT_PROTOCOL"] = protocol
                result = subprocess.run(["git", "http-backend"], input=body, env=env,
                                        stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=300)
                if result.stderr:
                    sys.stderr.write(result.stderr.decode("utf-8", "replace"))
                output = result.stdout
                ends = [(i, n) for i, n in ((output.find(b"\r\n\r\n"), 4), (output.find(b"\n\n"), 2)) if i >= 0]
                if not ends:
                    self.close_connection = True
                    self.reply(502, [("Content-Type", "text/plain")],
                               b"git http-backend failed (exit %d)\n" % result.returncode)
                    return
                end, size = min(ends)
                status, headers = 200, []
                for line in output[:end].decode("latin-1").splitlines():
                    name, _, value = line.partition(":")
                    if name.strip().lower() == "status":
                        status = int(value.split()[0])
                    elif name.strip() and name.strip().lower() not in ("content-length", "transfer-encoding", "connection"):
                        headers.append((name.strip(), value.strip()))
                self.reply(status, headers, output[end + size:])

            def reply(self, status, headers, body):
                self.send_response(status)
                for name, value in headers:
                    self.send_header(name, value)
                self.send_header("Content-Length", str(len(body)))
                if self.close_connection:
                    self.send_header("Connection", "close")
                self.end_headers()
                self.wfile.write(body)
                self.wfile.flush()


        def watch_parent():
            while True:
                time.sleep(0.5)
                if os.getppid() != PARENT:
                    os._exit(0)


        threading.Thread(target=watch_parent, daemon=True).start()
        server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        server.daemon_threads = True
        with open(PORT_FILE + ".new", "w") as file:
            file.write("%d\n" % server.server_address[1])
        os.replace(PORT_FILE + ".new", PORT_FILE)
        server.serve_forever()
        """#
}

// MARK: ssh://

/// OpenSSH's `sshd` on 127.0.0.1:PORT with its own host key, its own configuration and one client
/// key pair it authorizes for the current user (public keys only). Repositories are addressed by
/// absolute path: ssh://USER@127.0.0.1:PORT/ABS/PATH. Throws `SkipReason` when sshd is not
/// installed or cannot start here.
final class SSHServer: GitServer, @unchecked Sendable {
    let root: String
    let port: UInt16
    /// The user the client logs in as: whoever runs the tests.
    let user: String
    /// The server's temporary folder (config, keys, pid file, log); removed on deinit.
    let folder: String
    /// `ssh-ed25519 AAAA…` (without a comment): the server's host key.
    let hostPublicKeyLine: String
    /// The client's private key (ed25519, no passphrase, mode 0600) and its public key.
    let clientKeyPath: String
    let clientPublicKeyPath: String
    /// A known_hosts file holding `knownHostsLine`.
    let knownHostsPath: String
    private let server: FixtureProcess

    /// `[127.0.0.1]:PORT ssh-ed25519 AAAA…`: the known_hosts line for this server.
    var knownHostsLine: String { "[127.0.0.1]:\(port) \(hostPublicKeyLine)" }

    /// What sshd logged (-e), for failure messages.
    var log: String { server.log }

    init(root: String) throws {
        self.root = GitServers.realPath(root)
        guard let sshd = GitServers.findProgram(["/usr/sbin/sshd", "/usr/local/sbin/sshd", "/usr/bin/sshd", "sshd"]) else {
            throw SkipReason("sshd is not installed (install openssh-server, see scripts/deps.sh)")
        }
        guard let keygen = GitServers.findProgram(["ssh-keygen", "/usr/bin/ssh-keygen"]) else {
            throw SkipReason("ssh-keygen is not installed (install openssh-client)")
        }
        guard let entry = getpwuid(geteuid()), let name = entry.pointee.pw_name else {
            throw SkipReason("the current user (uid \(geteuid())) has no name")
        }
        let userName = String(cString: name)
        // sshd runs git-upload-pack and git-receive-pack through the user's login shell.
        let shell = entry.pointee.pw_shell.map { String(cString: $0) } ?? ""
        if !shell.isEmpty, shell.hasSuffix("nologin") || shell.hasSuffix("/false") || !FileManager.default.isExecutableFile(atPath: shell) {
            throw SkipReason("user \(userName) has no login shell (\(shell)), so sshd cannot run git for it")
        }
        if geteuid() == 0, !FileManager.default.fileExists(atPath: "/run/sshd") {
            // sshd running as root wants its privilege separation folder (root's, not writable by others).
            try? FileManager.default.createDirectory(
                atPath: "/run/sshd", withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
        }
        let folder = try GitServers.makeFolder("journal-sshd")
        var started = false
        defer { if !started { try? FileManager.default.removeItem(atPath: folder) } }

        let environment = GitServers.gitEnvironment(home: folder)
        func run(_ program: String, _ arguments: [String]) throws -> Sandbox.Result {
            try Sandbox.exec(program, arguments, stdin: nil, env: environment, cwd: folder)
        }
        let hostKey = folder + "/ssh_host_ed25519_key"
        let clientKey = folder + "/client_ed25519"
        for (key, comment) in [(hostKey, "journal-test-host"), (clientKey, "journal-test-client")] {
            let made = try run(keygen, ["-q", "-t", "ed25519", "-N", "", "-C", comment, "-f", key])
            guard made.status == 0 else { throw SkipReason("ssh-keygen failed: \(made.stderr)") }
        }
        let hostPublic = try String(contentsOfFile: hostKey + ".pub", encoding: .utf8).split(separator: " ")
        guard hostPublic.count >= 2 else { throw ServerError("unexpected host key: \(hostPublic)") }
        let hostLine = "\(hostPublic[0]) \(hostPublic[1])"
        let authorizedKeys = folder + "/authorized_keys"
        try FileManager.default.copyItem(atPath: clientKey + ".pub", toPath: authorizedKeys)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: authorizedKeys)

        let config = folder + "/sshd_config"
        var lines = [
            "ListenAddress 127.0.0.1",
            "AddressFamily inet",
            "HostKey \(hostKey)",
            "PidFile \(folder)/sshd.pid",
            "AuthorizedKeysFile \(authorizedKeys)",
            "AllowUsers \(userName)",
            "StrictModes no",
            "PubkeyAuthentication yes",
            "PasswordAuthentication no",
            "KbdInteractiveAuthentication no",
            "HostbasedAuthentication no",
            "PermitRootLogin prohibit-password",
            "PermitEmptyPasswords no",
            "PermitUserEnvironment no",
            "PermitUserRC no",
            "UsePAM no",
            "UseDNS no",
            "AllowTcpForwarding no",
            "AllowAgentForwarding no",
            "AllowStreamLocalForwarding no",
            "X11Forwarding no",
            "PermitTunnel no",
            "GatewayPorts no",
            "PrintMotd no",
            "PrintLastLog no",
            "LogLevel INFO",
            // OpenSSH 9.8+ locks out a source address after failed logins; tests fail logins on purpose.
            "PerSourcePenalties no",
        ]
        try (lines.joined(separator: "\n") + "\n").writeReplacing(toFile: config)
        var checked = try run(sshd, ["-t", "-f", config])
        if checked.status != 0, checked.stderr.contains("PerSourcePenalties") {
            lines.removeAll { $0.hasPrefix("PerSourcePenalties") }  // an OpenSSH older than 9.8
            try (lines.joined(separator: "\n") + "\n").writeReplacing(toFile: config)
            checked = try run(sshd, ["-t", "-f", config])
        }
        guard checked.status == 0 else {
            throw SkipReason(
                "sshd refuses its configuration here: \(checked.stderr.trimmingCharacters(in: .whitespacesAndNewlines))")
        }

        let knownHosts = folder + "/known_hosts"
        var lastLog = ""
        for attempt in 1...5 {
            let port = try GitServers.freePort()
            let process = try FixtureProcess(
                sshd, ["-D", "-e", "-f", config, "-p", String(port)], environment: environment, cwd: folder,
                logPath: folder + "/sshd-\(attempt).log")
            if process.wait(until: { process.log.contains("Server listening on 127.0.0.1 port \(port)") }),
                GitServers.accepts(port: port)
            {
                try "[127.0.0.1]:\(port) \(hostLine)\n".writeReplacing(toFile: knownHosts)
                self.port = port
                self.user = userName
                self.folder = folder
                hostPublicKeyLine = hostLine
                clientKeyPath = clientKey
                clientPublicKeyPath = clientKey + ".pub"
                knownHostsPath = knownHosts
                server = process
                started = true
                return
            }
            process.terminate()
            lastLog = process.log
            // Only a port someone else took is worth another try.
            guard lastLog.contains("Address already in use") else { break }
        }
        throw SkipReason("sshd could not start: \(lastLog.trimmingCharacters(in: .whitespacesAndNewlines))")
    }

    func url(for repoPath: String) -> String {
        let path = repoPath.hasPrefix("/") ? repoPath : root + "/" + repoPath
        return "ssh://\(user)@127.0.0.1:\(port)\(path)"
    }

    /// A GIT_SSH_COMMAND that logs in with the client key and trusts only this server's host key
    /// (in `knownHostsPath` unless given), ignoring the user's and the system's ssh configuration.
    func sshCommand(knownHostsPath: String? = nil) -> String {
        let known = knownHostsPath ?? self.knownHostsPath
        return "ssh -F /dev/null -i \(GitServers.shellQuote(clientKeyPath)) -o IdentitiesOnly=yes"
            + " -o UserKnownHostsFile=\(GitServers.shellQuote(known)) -o GlobalKnownHostsFile=/dev/null"
            + " -o StrictHostKeyChecking=yes -o BatchMode=yes"
    }

    func stop() { server.terminate() }

    deinit {
        stop()
        try? FileManager.default.removeItem(atPath: folder)
    }
}
