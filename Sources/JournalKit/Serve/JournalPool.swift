import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Journals kept open for a long-lived process (the web view), one per request at a time: opening one reads
/// and parses `journal.yml`, opens the snapshot and looks for litter, which cost a request more than its
/// answer. A journal handed out has the request's clock, and is never stale: one whose `journal.yml` changed
/// since it was opened, or that found it cannot write, is dropped for a fresh one; one whose snapshot file
/// was replaced opens it again.
public final class JournalPool: @unchecked Sendable {
    private let root: String
    private let context: JournalContext
    private let lock = NSLock()
    private var idle: [(journal: Journal, settings: FileIdentity?)] = []
    /// The entries the pool's journals parsed lately, shared by them all.
    public let entries = EntryCache()

    public init(root: String, context: JournalContext) {
        self.root = root
        self.context = context
    }

    /// `body` with a journal of its own for the time it runs, its clock now (or `JOURNAL_NOW`).
    public func with<T>(_ body: (Journal) throws -> T) throws -> T {
        let (journal, settings) = try take()
        let result = try body(journal)
        lock.lock()
        if idle.count < 16 { idle.append((journal, settings)) }
        lock.unlock()
        return result
    }

    private func take() throws(JournalError) -> (Journal, FileIdentity?) {
        let now = JournalContext.pinnedNow ?? Date()
        let settings = FileIdentity(root + "/" + Journal.settingsFile)
        lock.lock()
        let kept = idle.popLast()
        lock.unlock()
        if let kept, kept.settings == settings, kept.journal.cannotWrite == nil {
            kept.journal.context.now = now
            if kept.journal.snapshotIdentity != EntryIndex.identity(of: kept.journal.snapshotPath) { kept.journal.reopenIndex() }
            return (kept.journal, settings)
        }
        var fresh = context
        fresh.now = now
        let journal = try Journal.open(at: root, context: fresh)
        journal.entryCache = entries
        return (journal, settings)
    }
}

/// A file as `stat` knows it: the same identity, the same bytes (short of a rewrite in the same nanosecond to
/// the same size). For a long-lived process that keeps what it read of a file until the file changes.
public struct FileIdentity: Equatable, Sendable {
    var device: UInt64
    var inode: UInt64
    var size: Int64
    var seconds: Int
    var nanoseconds: Int

    /// nil when there is no such file.
    public init?(_ path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        size = Int64(info.st_size)
        seconds = info.st_mtim.tv_sec
        nanoseconds = info.st_mtim.tv_nsec
    }
}
