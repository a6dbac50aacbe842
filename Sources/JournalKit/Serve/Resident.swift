import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// What changed, once the snapshot holds it: the folders (relative to the journal, "" for its own files),
/// and whether git's branch or index moved.
public struct ResidentChange: Sendable {
    public var folders: Set<String>
    public var git: Bool
}

/// The memoList made real: a long-lived process's hold on one journal. It keeps the snapshot exact as the
/// files change, from what the kernel says changed (`Watcher`) rather than a walk of every file, and answers
/// the commands of this journal that ask (`ServeSocket`), so that they skip their walk. It never commits:
/// edits made outside the tool are committed by the next command, as always.
///
/// Everything here runs on the thread that called `run`; the web view reads the journal through journals of
/// its own and hears of changes through `onChange`.
public final class Resident: @unchecked Sendable {
    public let journal: Journal
    private let watcher: Watcher
    private let listener: Int32
    public let socketPath: String
    /// The folder made for the socket (a path too long for one under `.git/journal`), removed at the end.
    private let madeFolder: String?
    /// This run's mark, and how many times it has brought the snapshot up to date.
    private let instance = UUID().uuidString.lowercased().prefix(8)
    private var count = 0
    /// The snapshot file's identity when this process opened it: one deleted and made again by a command is
    /// opened again and looked at whole.
    private var snapshotIdentity: EntryIndex.Identity?
    /// False after an overflow, or while a watch is missing: the walk is the only honest answer.
    private var trusted = false
    /// Told of every change, after the snapshot holds it.
    public var onChange: (@Sendable (ResidentChange) -> Void)?
    private var stopping = false
    private let wake: (read: Int32, write: Int32)

    /// Sets up the watches, the socket and the snapshot (brought up to date by a whole walk). Nil when the
    /// kernel gives no watcher or the socket cannot be made.
    public init(journal: Journal) throws(JournalError) {
        self.journal = journal
        guard let watcher = Watcher(root: journal.root, gitdir: journal.gitdir) else {
            throw .invalid(Say.text("serveNoWatcher", String(cString: strerror(errno))))
        }
        self.watcher = watcher
        if let known = journal.serveSocketPath {
            socketPath = known
            madeFolder = nil
            if (known as NSString).deletingLastPathComponent == journal.stateFolder {
                try? FileSystem.makeFolder(journal.stateFolder)
                chmod(journal.stateFolder, 0o700)
            }
        } else {
            // A folder of a name no one could make first (under /tmp another user could make a known name, or
            // put a link there), made private by mkdtemp itself: nothing is changed before it is checked.
            let temporary = JournalContext.environment("TMPDIR").flatMap { $0.hasPrefix("/") ? $0 : nil } ?? "/tmp"
            var template = Array((temporary + "/journal-XXXXXX").utf8CString)
            guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
                throw .invalid(Say.text("serveNoSocket", temporary, String(cString: strerror(errno))))
            }
            madeFolder = String(cString: made)
            socketPath = String(cString: made) + "/serve.sock"
        }
        let socketFolder = (socketPath as NSString).deletingLastPathComponent
        guard FileSystem.isPrivateFolder(socketFolder) else {
            throw .invalid(Say.text("serveNoSocket", socketPath, Say.text("serveFolderNotPrivate")))
        }
        guard let listener = ServeSocket.listen(at: socketPath) else {
            let reason = String(cString: strerror(errno))
            if let madeFolder { rmdir(madeFolder) }
            throw .invalid(Say.text("serveNoSocket", socketPath, reason))
        }
        self.listener = listener
        var pipeEnds: [Int32] = [0, 0]
        pipe(&pipeEnds)
        wake = (pipeEnds[0], pipeEnds[1])
        try wholeWalk()
    }

    deinit {
        close(listener)
        close(wake.read)
        close(wake.write)
        unlink(socketPath)
        if let madeFolder { rmdir(madeFolder) }
    }

    /// How many folders are watched, and whether all of them could be.
    public var watches: (count: Int, complete: Bool) { (watcher.count, watcher.complete) }

    /// Serves until `stop`: brings the snapshot up to date a moment after changes settle, and answers every
    /// command that asks.
    public func run() {
        var pending = Watcher.Batch()
        var due: Date?
        while !stopping {
            var fds = [
                pollfd(fd: watcher.descriptor, events: Int16(POLLIN), revents: 0),
                pollfd(fd: listener, events: Int16(POLLIN), revents: 0),
                pollfd(fd: wake.read, events: Int16(POLLIN), revents: 0),
            ]
            let wait = due.map { max(0, Int32($0.timeIntervalSinceNow * 1000)) } ?? -1
            _ = poll(&fds, nfds_t(fds.count), wait)
            if fds[0].revents != 0 {
                pending.merge(watcher.drain())
                // Editors save in several steps: the snapshot follows once they settle (or a command asks).
                if due == nil { due = Date().addingTimeInterval(0.015) }
            }
            if fds[1].revents != 0 {
                pending.merge(watcher.drain())
                let trusted = catchUp(&pending)
                due = nil
                answerOne(trusted: trusted)
            }
            if let when = due, when <= Date() {
                catchUp(&pending)
                due = nil
            }
        }
    }

    /// Ends `run` (from any thread).
    public func stop() {
        stopping = true
        var byte: UInt8 = 1
        _ = write(wake.write, &byte, 1)
    }

    /// What the command that connected is told: `ok GENERATION` or `walk` to `fresh`; to `rows`, the rows.
    private func answerOne(trusted: Bool) {
        let client = accept(listener, nil, nil)
        guard client >= 0 else { return }
        defer { close(client) }
        var limit = timeval(tv_sec: 0, tv_usec: 200_000)
        setsockopt(client, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(client, SOL_SOCKET, SO_SNDTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        // The whole request within its time, however slowly it comes: one client must not hold the others.
        let deadline = Date().addingTimeInterval(0.2)
        guard let line = ServeSocket.readLine(client, limit: 64, deadline: deadline) else { return }
        if line == "fresh" {
            let generation = trusted ? journal.servedGeneration : nil
            _ = ServeSocket.send(client, generation.map { "ok \($0)\n" } ?? "walk\n")
            return
        }
        let words = line.split(separator: " ")
        guard words.count == 3, words[0] == "rows", words[1] == "\(ServedRows.version)", let length = Int(words[2]),
              (0...ServedRows.largestRequest).contains(length), let request = ServeSocket.readBytes(client, count: length, deadline: deadline),
              let query = ServedRows.query(from: request)
        else { return }
        _ = ServeSocket.send(client, rowsAnswer(query, trusted: trusted))
    }

    /// `ok COUNT LENGTH` and the rows of `query`; `walk` when the snapshot cannot be vouched for, `dirty`
    /// when files wait to be committed (the command then takes its own path, which commits them).
    private func rowsAnswer(_ query: EntryQuery, trusted: Bool) -> [UInt8] {
        guard trusted else { return Array("walk\n".utf8) }
        do {
            guard try !journal.index().hasDirtyPaths() else { return Array("dirty\n".utf8) }
            let rows = try ServedRows.rows(of: query, in: journal.index())
            return Array("ok \(rows.count) \(rows.bytes.count)\n".utf8) + rows.bytes
        } catch {
            return Array("walk\n".utf8)
        }
    }

    /// Brings the snapshot up to date with `pending` (then empty); whether it can vouch for the snapshot.
    @discardableResult
    private func catchUp(_ pending: inout Watcher.Batch) -> Bool {
        defer { pending = Watcher.Batch() }
        if !watcher.complete { trusted = false }
        let replaced = snapshotIdentity == nil || snapshotIdentity != EntryIndex.identity(of: journal.snapshotPath)
        do {
            if pending.overflow || replaced || !trusted {
                try wholeWalk()
            } else if !pending.folders.isEmpty {
                let changes = try journal.index().refresh(
                    root: journal.root, read: journal.reader, settle: journal.settleDate, onlyFolders: pending.folders)
                if changes.reread > 0 || !changes.uncommitted.isEmpty { try mark() }
            }
        } catch {
            trusted = false
            return false
        }
        if !pending.isEmpty { onChange?(ResidentChange(folders: pending.folders, git: pending.git || pending.overflow)) }
        return trusted
    }

    /// The whole walk, then this run's mark on the snapshot.
    private func wholeWalk() throws(JournalError) {
        journal.reopenIndex()
        _ = try journal.index().refresh(root: journal.root, read: journal.reader, settle: journal.settleDate)
        snapshotIdentity = EntryIndex.identity(of: journal.snapshotPath)
        try mark()
        trusted = watcher.complete
    }

    private func mark() throws(JournalError) {
        count += 1
        try journal.index().markServed("\(instance):\(count)")
    }
}
