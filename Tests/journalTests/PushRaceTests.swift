import Foundation
import Testing

/// Several machines syncing with one remote at the same moment, over every transport: a push moves the
/// remote's branch only from the value its sync fetched, so no push ever takes back another's commits.
@Suite struct PushRaceTests {
    /// Three clones each add and sync `rounds` times, all at once. Every commit a sync reported as
    /// pushed (exit 0) must be in the remote's history at the end, and every entry on every machine.
    /// Under such constant contention a sync may lose the race on every one of its attempts: it then
    /// fails with one clear line (its entry is pushed by a later sync), never with a wrong success.
    func race(_ peers: Peers, rounds: Int, env: [String: String] = [:], sourceLocation: SourceLocation = #_sourceLocation)
        throws
    {
        let names = ["a", "b", "c"]
        let lock = NSLock()
        nonisolated(unsafe) var pushed: [(name: String, head: String)] = []
        nonisolated(unsafe) var failures: [String] = []
        nonisolated(unsafe) let peers = peers
        let group = DispatchGroup()
        for name in names {
            group.enter()
            Thread {
            defer { group.leave() }
            for round in 1...rounds {
                do {
                    _ = try peers.run(name, "add", "\(name) round \(round)", env: env)
                    let result = try peers.run(name, "sync", env: env)
                    guard result.status == 0 else {
                        lock.withLock { failures.append("\(name) round \(round): \(result.stderr)") }
                        continue
                    }
                    let head = try peers.git(name, "rev-parse", "HEAD").trimmingCharacters(in: .whitespacesAndNewlines)
                    lock.withLock { pushed.append((name, head)) }
                } catch {
                    lock.withLock { failures.append("\(name) round \(round): \(error)") }
                }
            }
            }.start()
        }
        group.wait()
        let unexpected = failures.filter { !$0.hasSuffix("journal: origin refused the push 8 times because it kept moving; run `journal sync` again\n") }
        #expect(unexpected.isEmpty, "\(unexpected)", sourceLocation: sourceLocation)
        #expect(pushed.count + failures.count == names.count * rounds, sourceLocation: sourceLocation)
        print("push race: \(pushed.count) syncs pushed, \(failures.count) lost every attempt")
        let server = peers.remote
        for (name, head) in pushed {
            let contained = try Sandbox.exec("/usr/bin/env", ["git", "merge-base", "--is-ancestor", head, "main"], stdin: nil,
                                             env: peers.box.environment, cwd: server)
            #expect(contained.status == 0, "\(name) reported \(head) pushed, but the remote's main lacks it",
                    sourceLocation: sourceLocation)
        }
        // One more sync each, and every machine holds every entry.
        for name in names + names { _ = try peers.run(name, "sync", env: env) }
        for name in names {
            let titles = try peers.run(name, "list", "--json", env: env).stdout
            for writer in names {
                for round in 1...rounds {
                    #expect(titles.contains("\"\(writer) round \(round)\""), "\(name) lacks \(writer) round \(round)",
                            sourceLocation: sourceLocation)
                }
            }
            try peers.expectHealthy(name, sourceLocation: sourceLocation)
        }
    }

    @Test func aPathRemote() throws {
        try race(try Peers(["a", "b", "c"]), rounds: 25)
    }

    @Test func aFileURLRemote() throws {
        let peers = try Peers(["a", "b", "c"]) { _, remote in "file://" + remote }
        #expect(peers.url.hasPrefix("file:///"))
        try race(peers, rounds: 25)
    }

    @Test func aGitDaemon() throws {
        var daemon: GitDaemon?
        let peers = try Peers(["a", "b", "c"]) { box, _ in
            daemon = try GitDaemon(basePath: box.root.path)
            return daemon!.url(for: "remote.git")
        }
        defer { daemon?.stop() }
        try race(peers, rounds: 15)
    }

    @Test func anHTTPServer() throws {
        var server: HTTPGitServer?
        let token = "race-token"
        let peers = try Peers([]) { box, _ in
            server = try HTTPGitServer(root: box.root.path, token: token)
            return server!.url(for: "remote.git")
        }
        defer { server?.stop() }
        let env = ["JOURNAL_GIT_TOKEN": token]
        for name in ["a", "b", "c"] {
            #expect(try peers.box.run(["clone", peers.url, peers.path(name)], env: env).status == 0)
        }
        try race(peers, rounds: 15, env: env)
    }
}
