import Foundation
import Testing

/// `journal serve` as the resident mirror: one per journal, found through `.git/journal/serve.json`, asked by
/// every command instead of a walk of the files, and never the cause of a stale answer, a lost change or a
/// lock that confuses the next command, whether it runs, was killed, or is absent.
@Suite struct ServeMirrorTests {
    /// A journal with a few entries and a server started in the background.
    func served(_ box: Sandbox) throws {
        #expect(try box.journal("init").status == 0)
        for number in 1...3 { _ = try box.add("Entry \(number)\n\nText \(number).") }
        let started = try box.journal("serve", "--detach")
        #expect(started.status == 0, "\(started.stderr)")
        #expect(started.stdout.contains("Serving at http://127.0.0.1:"), "\(started.stdout)")
    }

    func stop(_ box: Sandbox) {
        _ = try? box.journal("serve", "--stop")
    }

    /// The pid the record names.
    func serverPID(_ box: Sandbox) throws -> Int32 {
        let data = try #require(FileManager.default.contents(atPath: box.journal + "/.git/journal/serve.json"))
        let record = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        return try #require((record["pid"] as? NSNumber)?.int32Value)
    }

    @Test func oneServerPerJournalWithItsStatusAndStop() throws {
        let box = try Sandbox()
        try served(box)
        defer { stop(box) }
        let status = try box.journal("serve", "--status")
        #expect(status.status == 0)
        #expect(status.stdout.contains("Serving at http://127.0.0.1:") && status.stdout.contains("(pid "), "\(status.stdout)")
        let mode = (try FileManager.default.attributesOfItem(atPath: box.journal + "/.git/journal/serve.json")[.posixPermissions] as? Int) ?? 0
        #expect(mode & 0o777 == 0o600)
        let second = try box.journal("serve")
        #expect(second.status == 1)
        #expect(second.stderr.hasPrefix("journal: a server already runs for this journal (pid "), "\(second.stderr)")
        let stopped = try box.journal("serve", "--stop")
        #expect(stopped.status == 0, "\(stopped.stderr)")
        #expect(stopped.stdout.hasPrefix("Stopped the server"))
        #expect(!FileManager.default.fileExists(atPath: box.journal + "/.git/journal/serve.json"))
        #expect(!FileManager.default.fileExists(atPath: box.journal + "/.git/journal/serve.sock"))
        let none = try box.journal("serve", "--status")
        #expect(none.status == 1)
        #expect(none.stdout.hasPrefix("No server runs for "))
    }

    /// A journal whose `.git/journal/serve.sock` would be too long a path for a socket: the server listens in
    /// the user's runtime folder, else in a folder mkdtemp makes (never one of a name another user could make
    /// first, nor through a link someone put there); the command line still asks it.
    @Test func aLongPathsSocketIsInAFolderNoOneCouldMakeFirst() throws {
        let box = try Sandbox()
        let deep = box.root.path + "/" + String(repeating: "a-folder-of-the-journal/", count: 4) + "journal"
        #expect(try box.run(["init", deep]).status == 0)
        _ = try box.run(["-J", deep, "add", "--no-location", "Far down"])
        // What another user could have put under /tmp: the old name, as a link to a folder of someone's.
        let temporary = box.root.path + "/tmp"
        let victim = box.root.path + "/victim"
        try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: victim, withIntermediateDirectories: true)
        chmod(victim, 0o755)
        try FileManager.default.createSymbolicLink(atPath: temporary + "/journal-\(getuid())", withDestinationPath: victim)
        box.environment["TMPDIR"] = temporary
        box.environment["XDG_RUNTIME_DIR"] = nil
        func record() throws -> [String: Any] {
            let data = try #require(FileManager.default.contents(atPath: deep + "/.git/journal/serve.json"))
            return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        }
        let started = try box.run(["-J", deep, "serve", "--detach"])
        #expect(started.status == 0, "\(started.stderr)")
        let socket = try #require(try record()["socket"] as? String)
        #expect(socket.hasPrefix(temporary + "/journal-") && !socket.hasPrefix(temporary + "/journal-\(getuid())/"), "\(socket)")
        #expect(try FileManager.default.attributesOfItem(atPath: victim)[.posixPermissions] as? Int == 0o755)
        let folder = (socket as NSString).deletingLastPathComponent
        #expect(try FileManager.default.attributesOfItem(atPath: folder)[.posixPermissions] as? Int == 0o700)
        let listed = try box.run(["-J", deep, "list"])
        #expect(listed.status == 0 && listed.stdout.contains("Far down"), "\(listed.stderr)")
        #expect(try box.run(["-J", deep, "serve", "--stop"]).status == 0)
        #expect(!FileManager.default.fileExists(atPath: folder))

        // With a runtime folder of the user's own, there.
        let runtime = box.root.path + "/run"
        try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: true)
        chmod(runtime, 0o700)
        box.environment["XDG_RUNTIME_DIR"] = runtime
        #expect(try box.run(["-J", deep, "serve", "--detach"]).status == 0)
        #expect((try record()["socket"] as? String)?.hasPrefix(runtime + "/journal-") == true)
        #expect(try box.run(["-J", deep, "list"]).stdout.contains("Far down"))
        #expect(try box.run(["-J", deep, "serve", "--stop"]).status == 0)
    }

    /// Something at the server's socket that announces an answer of 10^14 bytes: the command takes no such
    /// answer (it would try to make room for it) and walks the files, as with no server.
    @Test func aServerThatAnnouncesAHugeAnswerCostsOnlyTheWalk() throws {
        let box = try Sandbox()
        #expect(try box.journal("init").status == 0)
        _ = try box.add("Still listed")
        guard let python = try SkipReason.program(["/usr/bin/python3", "/usr/local/bin/python3"]) else { return }
        let socket = box.journal + "/.git/journal/serve.sock"
        chmod(box.journal + "/.git/journal", 0o700)
        let script = """
            import socket, sys
            s = socket.socket(socket.AF_UNIX); s.bind(sys.argv[1]); s.listen(8)
            while True:
                c, _ = s.accept(); c.recv(65536); c.sendall(b"ok 1 100000000000000\\n"); c.close()
            """
        let liar = try FixtureProcess(python, ["-c", script, socket], environment: box.environment, cwd: box.home,
                                      logPath: box.root.path + "/liar.log")
        defer { liar.terminate() }
        #expect(GitServers.poll(timeout: 15) { FileManager.default.fileExists(atPath: socket) })
        let listed = try box.journal("list")
        #expect(listed.status == 0 && listed.stdout.contains("Still listed"), "\(listed.stderr)")
    }

    @Test func badOptionsAreRefused() throws {
        let box = try Sandbox()
        #expect(try box.journal("init").status == 0)
        let both = try box.journal("serve", "--detach", "--stop")
        #expect(both.status == 64)
        #expect(both.stderr.contains("give only one of --detach, --status and --stop"), "\(both.stderr)")
        let port = try box.journal("serve", "--port", "70000")
        #expect(port.status == 64)
        #expect(port.stderr.contains("--port 70000 is not a port"))
        #expect(!FileManager.default.fileExists(atPath: box.journal + "/.git/journal/serve.json"))
    }

    /// With a server running, a command does not walk the folders (it asks); what it prints is what it would
    /// print walking them, after every kind of change.
    @Test func commandsAskTheServerAndSeeEveryChange() throws {
        let box = try Sandbox()
        try served(box)
        defer { stop(box) }
        guard let strace = try SkipReason.program(["/usr/bin/strace"]) else { return }
        let traced = box.root.path + "/trace"
        let run = try Sandbox.exec(strace, ["-f", "-e", "trace=openat", "-o", traced, Sandbox.binary, "list"], stdin: nil,
                                   env: box.environment, cwd: box.home)
        #expect(run.status == 0)
        let opened = (try? String(contentsOfFile: traced, encoding: .utf8)) ?? ""
        let walked = opened.split(separator: "\n").filter { $0.contains("O_DIRECTORY") && $0.contains("/entries") }
        #expect(walked.isEmpty, "the command walked the folders:\n\(walked.joined(separator: "\n"))")
        // Without a server (or told not to ask), the same command walks them: the check above can fail.
        _ = try Sandbox.exec(strace, ["-f", "-e", "trace=openat", "-o", traced, Sandbox.binary, "list"], stdin: nil,
                             env: box.environment.merging(["JOURNAL_SERVE": "off"]) { $1 }, cwd: box.home)
        let walking = ((try? String(contentsOfFile: traced, encoding: .utf8)) ?? "").split(separator: "\n")
        #expect(walking.contains { $0.contains("O_DIRECTORY") && $0.contains("/entries") })
        // A file written by hand, one edited in place (same size, same second) and one deleted: all seen.
        let files = box.entryFiles()
        try box.write("entries/2026/11/by-hand.md", "A note by hand\n")
        let edited = try #require(files.first)
        let text = try #require(box.read(edited))
        try box.write(edited, text.replacingOccurrences(of: "Text", with: "Tixt"))
        try FileManager.default.removeItem(atPath: box.journal + "/" + files[1])
        for arguments in [["list", "--json"], ["search", "Tixt", "--json"], ["today", "--json"]] {
            let asked = try box.run(arguments)
            let walked = try box.run(arguments, env: ["JOURNAL_SERVE": "off"])
            #expect(asked.stdout == walked.stdout, "\(arguments)")
        }
        #expect(try box.journal("list").stdout.contains("A note by hand"))
        let porcelain = try box.git("status", "--porcelain")
        #expect(porcelain == "", "\(porcelain)")
    }

    /// `list` with a server running takes its entries from the server and opens no snapshot of its own (the
    /// largest part of a short list's time); what it prints, in every form, is what it prints without one.
    /// Files waiting to be committed, a list longer than a server sends, or a search: the command's own way.
    @Test func aListTakesItsRowsFromTheServer() throws {
        let box = try Sandbox()
        try served(box)
        defer { stop(box) }
        guard let strace = try SkipReason.program(["/usr/bin/strace"]) else { return }
        let traced = box.root.path + "/trace"
        func snapshotOpened(_ arguments: [String], env: [String: String] = [:]) throws -> Bool {
            let run = try Sandbox.exec(strace, ["-f", "-e", "trace=openat", "-o", traced, Sandbox.binary] + arguments, stdin: nil,
                                       env: box.environment.merging(env) { $1 }, cwd: box.home)
            #expect(run.status == 0, "\(run.stderr)")
            return ((try? String(contentsOfFile: traced, encoding: .utf8)) ?? "").contains("index.sqlite")
        }
        #expect(try !snapshotOpened(["list", "-n", "2"]))
        #expect(try !snapshotOpened(["list"]))
        #expect(try snapshotOpened(["list", "-n", "2"], env: ["JOURNAL_SERVE": "off"]))
        #expect(try !snapshotOpened(["today"]))
        #expect(try snapshotOpened(["search", "Text"]))
        for arguments in [["list"], ["list", "-n", "2"], ["list", "--reverse", "--json"], ["list", "--full"], ["list", "--preview"],
                          ["list", "--format", "short"], ["list", "--on", "today"], ["list", "--starred"], ["today"], ["today", "--json"]] {
            let asked = try box.run(arguments)
            let walked = try box.run(arguments, env: ["JOURNAL_SERVE": "off"])
            #expect(asked.status == walked.status && asked.stdout == walked.stdout && asked.stderr == walked.stderr, "\(arguments)")
        }
        // A file written by hand waits to be committed: the server says so, and the command commits it.
        try box.write("entries/2026/11/by-hand.md", "A note by hand\n")
        #expect(try snapshotOpened(["list", "-n", "1"]))
        #expect(try box.git("status", "--porcelain") == "")
        #expect(try !snapshotOpened(["list", "-n", "1"]))
        #expect(try box.journal("list", "-n", "5").stdout.contains("A note by hand"))
    }

    /// A client that sends its request a byte at a time does not hold the server: the whole request has its
    /// time (0.2 s), and the next command is answered meanwhile.
    @Test func aSlowClientDoesNotHoldTheServer() throws {
        let box = try Sandbox()
        try served(box)
        defer { stop(box) }
        guard let python = try SkipReason.program(["/usr/bin/python3", "/usr/local/bin/python3"]) else { return }
        let script = """
            import socket, sys, threading, time
            path = sys.argv[1]
            sent, done = threading.Event(), threading.Event()
            def dribble():
                s = socket.socket(socket.AF_UNIX); s.connect(path); s.sendall(b"rows 1 100000\\n")
                sent.set()
                while not done.is_set():
                    try: s.sendall(b"n")
                    except OSError: break
                    time.sleep(0.05)
            threading.Thread(target=dribble, daemon=True).start()
            sent.wait()
            s = socket.socket(socket.AF_UNIX); s.settimeout(3); s.connect(path); s.sendall(b"fresh\\n")
            try: print(s.recv(100).decode().strip())
            except socket.timeout: print("no answer")
            done.set()
            """
        let run = try Sandbox.exec(python, ["-c", script, box.journal + "/.git/journal/serve.sock"], stdin: nil, env: box.environment, cwd: box.home)
        #expect(run.stdout.hasPrefix("ok "), "\(run.stdout)\(run.stderr)")
        #expect(try box.journal("list", "-n", "1").status == 0)
    }

    /// `serve.auto: true`: the first command that reads entries starts a server (and walks the files itself
    /// that once); the next commands ask it. Without the setting no command ever starts one.
    @Test func serveAutoStartsAServerOnlyWhenConfigured() throws {
        let box = try Sandbox()
        #expect(try box.journal("init").status == 0)
        _ = try box.add("First entry")
        #expect(try box.journal("list").status == 0)
        #expect(try box.journal("search", "first").status == 0)
        // posix_spawn has returned once the child runs, its log already open: no log, no server started.
        #expect(!FileManager.default.fileExists(atPath: box.journal + "/.git/journal/serve.log"))
        #expect(try box.journal("serve", "--status").status == 1)

        let bad = try box.journal("config", "set", "serve.auto", "sometimes")
        #expect(bad.status != 0)
        #expect(bad.stderr.contains("sometimes") && bad.stderr.contains("true or false") && bad.stderr.split(separator: "\n").count == 1, "\(bad.stderr)")
        #expect(try box.journal("config", "get", "serve.auto").stdout == "false\n")

        #expect(try box.journal("config", "set", "serve.auto", "true").status == 0)
        let first = try box.journal("list")
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.contains("First entry"))
        defer { stop(box) }
        #expect(GitServers.poll(timeout: 30) { (try? box.journal("serve", "--status").status) == 0 }, "\(box.read(".git/journal/serve.log") ?? "")")
        let pid = try serverPID(box)
        // Later commands ask it (they do not walk the folders) and start no second one.
        guard let strace = try SkipReason.program(["/usr/bin/strace"]) else { return }
        let traced = box.root.path + "/trace"
        let run = try Sandbox.exec(strace, ["-f", "-e", "trace=openat", "-o", traced, Sandbox.binary, "list"], stdin: nil,
                                   env: box.environment, cwd: box.home)
        #expect(run.status == 0 && run.stdout.contains("First entry"))
        let opened = (try? String(contentsOfFile: traced, encoding: .utf8)) ?? ""
        #expect(!opened.split(separator: "\n").contains { $0.contains("O_DIRECTORY") && $0.contains("/entries") })
        #expect(try serverPID(box) == pid)
    }

    /// A server killed with SIGKILL leaves its record, socket and lock behind: the next command walks the
    /// files and works, and a new server starts.
    @Test func aKilledServerConfusesNothing() throws {
        let box = try Sandbox()
        try served(box)
        let pid = try serverPID(box)
        kill(pid, SIGKILL)
        var waited = 0
        while kill(pid, 0) == 0, waited < 500 {
            usleep(10_000)
            waited += 1
        }
        try box.write("entries/2026/11/after.md", "Written after the kill\n")
        let listed = try box.journal("list")
        #expect(listed.status == 0, "\(listed.stderr)")
        #expect(listed.stdout.contains("Written after the kill"))
        let again = try box.journal("serve", "--detach")
        #expect(again.status == 0, "\(again.stderr)")
        defer { stop(box) }
        try box.write("entries/2026/11/later.md", "Written with the new server\n")
        #expect(try box.journal("list").stdout.contains("Written with the new server"))
    }
}
