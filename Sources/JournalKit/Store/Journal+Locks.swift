import Foundation
import Git

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The tool's own locks, and the git lock files (`index.lock`, `refs/heads/main.lock`, …) that a
/// `journal` killed in the middle of a git write leaves behind: left there, they would make every
/// later commit fail.
///
/// Two locks, each with a marker file that exists while its holder is at work: the writers' lock
/// (`lock`, marker `writing`), held by every command while it changes files or refs, and the sync lock
/// (`sync.lock`, marker `sync-running`), held by `sync` throughout, also while it fetches and pushes
/// without the writers' lock. A marker found by the next holder says its holder was killed.
extension Journal {
    var writingMarkerPath: String { stateFolder + "/writing" }
    var syncLockPath: String { stateFolder + "/sync.lock" }
    var syncRunningPath: String { stateFolder + "/sync-running" }

    /// Whether a run was killed with its lock held (the next command clears up after it).
    var killedRunLeftMarkers: Bool {
        FileSystem.exists(writingMarkerPath) || FileSystem.exists(syncRunningPath)
    }

    /// The writers' lock. What a killed writer or sync left is dealt with first: its git lock files,
    /// and a checkout that a sync left half done.
    func takeLock(timeout: TimeInterval? = nil) throws(JournalError) -> WriterLock {
        // Every write starts here: on a full disk or a read-only file system, it stops before it begins.
        try checkWritable()
        let lock = try WriterLock(
            path: stateFolder + "/lock", marker: writingMarkerPath, timeout: timeout ?? context.lockTimeout)
        var killedSince = [lock.killedHolderStarted]
        var probe: WriterLock?
        var syncAtWork = false
        if let syncLock {
            killedSince.append(syncLock.killedHolderStarted)
        } else if FileSystem.exists(syncRunningPath) {
            // Taken if no sync runs (then the one that left the marker was killed); the probe's end
            // removes the marker. (flock: a second lock on a file fails even in the process that holds
            // the first, hence `syncLock` for our own sync.)
            probe = try? WriterLock(path: syncLockPath, marker: syncRunningPath, timeout: 0)
            if let probe { killedSince.append(probe.killedHolderStarted) } else { syncAtWork = true }
        }
        clearGitLocks(killedRunStarted: killedSince.compactMap { $0 }.min(), lockTaken: lock.taken, syncAtWork: syncAtWork)
        lock.killedHolderStarted = nil
        syncLock?.killedHolderStarted = nil
        withExtendedLifetime(probe) {}
        if FileSystem.exists(syncMarkerPath) { try finishInterruptedSync() }
        return lock
    }

    /// Removes the git lock files a killed run of the tool left, saying so for each, and reports the
    /// others. A lock file is the killed run's when it was made after that run started and before we took
    /// the writers' lock: no live `journal` can have made it, as we hold the lock. One made before, one that a
    /// process holds open, or one with no killed run, may belong to a git program at work right now: it is
    /// reported, never removed. While
    /// a sync in another process fetches or pushes (without the writers' lock), only the index's, HEAD's and
    /// the local branches' locks can be a writer's; the others are the sync's, and are not touched.
    private func clearGitLocks(killedRunStarted: Date?, lockTaken: Date, syncAtWork: Bool) {
        let locks = gitLockFiles()
        let shown = gitdir.hasPrefix(root + "/") ? String(gitdir.dropFirst(root.count + 1)) : gitdir
        for lock in locks {
            if syncAtWork, !(lock == "index.lock" || lock == "HEAD.lock" || lock.hasPrefix("refs/heads/")) { continue }
            let full = gitdir + "/" + lock
            guard let made = FileSystem.modificationTime(full) else { continue }
            // (A second of slack: file times are coarser than the clock.)
            if let killedRunStarted, made >= killedRunStarted.addingTimeInterval(-1), made <= lockTaken,
               !FileSystem.isOpenByAnyProcess(full) {
                if unlink(full) == 0 { context.notice(Say.removedGitLock(shown + "/" + lock)) }
            } else if reportedGitLocks.insert(lock).inserted {
                context.notice(Say.gitLockLeftAlone(shown + "/" + lock))
            }
        }
    }

    /// git's lock files in the git folder, relative to it: those a git write holds while it works.
    func gitLockFiles() -> [String] {
        var locks = ["index.lock", "HEAD.lock", "config.lock", "packed-refs.lock", "FETCH_HEAD.lock", "ORIG_HEAD.lock"]
            .filter { FileSystem.exists(gitdir + "/" + $0) }
        locks += FileSystem.files(under: gitdir + "/refs", relativeTo: gitdir).filter { $0.hasSuffix(".lock") }
        return locks
    }
}
