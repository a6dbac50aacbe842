import Foundation
import JournalKit
import Synchronization

/// `journal serve` keeping the journal in sync by itself (`serve.sync: 5m`): the kit's sync (fetch, the
/// entry-aware merge, push), every so often and shortly after a change settles, never at the same time as a
/// command's sync (the sync's own lock, which it waits for), backing off while the remote cannot be reached.
/// A sync that would push what a person must decide (many deletions no command made, an encrypted journal's
/// plain past) stops as a command's would, and the pages say so. The pages show when it last synced, that it
/// cannot reach the remote, or that it made a conflict copy, and hear of each sync as it ends.
final class ServeSync: Sendable {
    struct Status: Sendable {
        var last: Date?
        var failure: String?
        /// The conflict copies the last sync made: their ids and titles.
        var conflicts: [(id: String, title: String)] = []
        var remote: String?
        var running = false
        var failures = 0
        /// The next sync; a change moves it to shortly after it settles.
        var due = Date().addingTimeInterval(2)
        /// Until then, a change is one the sync made itself.
        var quietUntil = Date.distantPast
        var stopped = false
    }

    private let root: String
    private let context: JournalContext
    private let every: TimeInterval
    private let events: EventHub
    private let state = Mutex(Status())
    /// How long a change is left to settle (an editor saving twice, a series of commands) before the sync.
    static let settle: TimeInterval = 20

    init(root: String, context: JournalContext, every: TimeInterval, events: EventHub) {
        self.root = root
        self.context = context
        self.every = every
        self.events = events
    }

    func start() {
        let thread = Thread { [self] in run() }
        thread.stackSize = 1 << 20
        thread.start()
    }

    func stop() { state.withLock { $0.stopped = true } }

    /// A change on disk: a sync shortly after it settles (not one the sync itself made).
    func changed() {
        state.withLock { status in
            let now = Date()
            guard !status.running, now > status.quietUntil else { return }
            status.due = min(status.due, now.addingTimeInterval(ServeSync.settle))
        }
    }

    private func run() {
        while true {
            let (stopped, due) = state.withLock { ($0.stopped, $0.due) }
            if stopped { return }
            if Date() < due {
                Thread.sleep(forTimeInterval: min(1, due.timeIntervalSinceNow))
                continue
            }
            state.withLock { $0.running = true }
            let outcome = syncOnce()
            state.withLock { status in
                let now = Date()
                status.running = false
                status.quietUntil = now.addingTimeInterval(5)
                switch outcome {
                case .success(let done):
                    status.last = now
                    status.failure = nil
                    status.failures = 0
                    status.remote = done.remote
                    status.conflicts = done.conflicts
                    status.due = now.addingTimeInterval(every)
                case .failure(let reason):
                    status.failure = reason
                    status.failures += 1
                    // Backing off while it fails: twice as long each time, up to an hour (never less than `every`).
                    status.due = now.addingTimeInterval(min(max(every, 3600), every * pow(2, Double(min(status.failures, 8)))))
                }
            }
            events.send(event: "sync", data: json)
        }
    }

    private enum Outcome {
        case success((remote: String, conflicts: [(id: String, title: String)]))
        case failure(String)
    }

    /// One sync, with a journal of its own (the server's requests keep theirs).
    private func syncOnce() -> Outcome {
        do {
            let journal = try Journal.open(at: root, context: context)
            let remote = try journal.defaultRemote()
            let config = try? UserConfig.load(from: JournalContext.userConfigFile, creating: false).config
            let report = try journal.sync(remote: remote, credentials: JournalContext.credentials(gitToken: config?.gitToken, acceptNewHost: false))
            let copies = report.conflicts.compactMap { path -> (id: String, title: String)? in
                (try? journal.entry(matching: path)).map { ($0.id, $0.title) }
            }
            return .success((remote, copies))
        } catch let error as JournalError {
            return .failure(error.description)
        } catch {
            return .failure("\(error)")
        }
    }

    /// What the pages show of it: on, when it last synced, why it failed, the copies a conflict made.
    var json: String {
        let status = state.withLock { $0 }
        var object: [String: Any] = ["on": true, "every": every, "running": status.running]
        if let last = status.last { object["last"] = last.timeIntervalSince1970 * 1000 }
        if let failure = status.failure { object["failure"] = failure.split(separator: "\n").first.map(String.init) ?? failure }
        if let remote = status.remote { object["remote"] = remote }
        object["conflicts"] = status.conflicts.map { ["id": $0.id, "title": $0.title] }
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self)
    }
}
