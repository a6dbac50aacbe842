import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// The kernel's word (inotify) on every change to the files the journal tracks: `journal.yml`, and every
/// folder under `entries/`, `attachments/` and `templates/`, new ones included as they appear; and on the
/// repository's branch and index, for those who show history. It says which folders changed, never what
/// changed in them: the snapshot's refresh of those folders finds that out, as a walk would.
final class Watcher {
    /// What the events read since the last time said.
    struct Batch {
        /// Folders (relative to the journal, "" for its own files) where something changed.
        var folders: Set<String> = []
        /// The kernel dropped events: nothing short of the whole walk is to be trusted.
        var overflow = false
        /// HEAD, a branch, git's index or the packed refs changed.
        var git = false

        var isEmpty: Bool { folders.isEmpty && !overflow && !git }

        mutating func merge(_ other: Batch) {
            folders.formUnion(other.folders)
            overflow = overflow || other.overflow
            git = git || other.git
        }
    }

    let descriptor: Int32
    private let root: String
    private let gitdir: String
    /// What each watch descriptor watches: a folder relative to the journal ("" for the journal's own), or
    /// a folder of the repository (its path relative to the git folder, after `gitPrefix`).
    private var watched: [Int32: String] = [:]
    private static let gitPrefix = "\u{0}git:"
    /// False once a watch could not be added (the user's `fs.inotify.max_user_watches` reached): the
    /// watcher then cannot vouch for anything.
    private(set) var complete = true
    /// How many watches are in place.
    var count: Int { watched.count }

    private static let folderMask = UInt32(IN_CREATE | IN_DELETE | IN_MODIFY | IN_CLOSE_WRITE | IN_MOVED_FROM | IN_MOVED_TO)
        | UInt32(IN_ATTRIB | IN_DELETE_SELF | IN_MOVE_SELF) | UInt32(IN_ONLYDIR) | UInt32(IN_DONT_FOLLOW)

    init?(root: String, gitdir: String) {
        let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else { return nil }
        self.descriptor = descriptor
        self.root = root
        self.gitdir = gitdir
        watch("")
        for folder in Scan.folders { watchTree(folder) }
        for folder in ["", "refs/heads"] { watchGit(folder) }
    }

    deinit { close(descriptor) }

    /// Watches `folder` and every folder below it; returns every folder it now watches.
    @discardableResult
    private func watchTree(_ folder: String) -> [String] {
        guard watch(folder) else { return [] }
        var added = [folder]
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: root + "/" + folder) else { return added }
        for name in names where !name.hasPrefix(".") {
            var info = stat()
            let path = folder + "/" + name
            if lstat(root + "/" + path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR { added += watchTree(path) }
        }
        return added
    }

    @discardableResult
    private func watch(_ folder: String) -> Bool {
        let path = folder.isEmpty ? root : root + "/" + folder
        let wd = inotify_add_watch(descriptor, path, Watcher.folderMask)
        if wd < 0 {
            // A folder gone before it could be watched is no failure; a limit reached is.
            if errno == ENOSPC || errno == ENOMEM { complete = false }
            return false
        }
        watched[wd] = folder
        return true
    }

    private func watchGit(_ folder: String) {
        let path = folder.isEmpty ? gitdir : gitdir + "/" + folder
        let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_DELETE) | UInt32(IN_ONLYDIR)
        let wd = inotify_add_watch(descriptor, path, mask)
        if wd >= 0 { watched[wd] = Watcher.gitPrefix + folder } else if errno == ENOSPC || errno == ENOMEM { complete = false }
    }

    /// Reads every event queued now (never waits).
    func drain() -> Batch {
        var batch = Batch()
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        let header = MemoryLayout<inotify_event>.size
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            var offset = 0
            while offset + header <= count {
                let event = buffer.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: inotify_event.self) }
                let nameStart = offset + header
                let nameBytes = buffer[nameStart..<min(count, nameStart + Int(event.len))].prefix { $0 != 0 }
                let name = String(decoding: nameBytes, as: UTF8.self)
                offset = nameStart + Int(event.len)
                handle(event, name: name, into: &batch)
            }
        }
        return batch
    }

    private func handle(_ event: inotify_event, name: String, into batch: inout Batch) {
        if event.mask & UInt32(IN_Q_OVERFLOW) != 0 {
            batch.overflow = true
            return
        }
        guard let folder = watched[event.wd] else { return }
        if folder.hasPrefix(Watcher.gitPrefix) {
            let inGit = String(folder.dropFirst(Watcher.gitPrefix.count))
            if !inGit.isEmpty || ["HEAD", "index", "packed-refs"].contains(name) { batch.git = true }
            return
        }
        if event.mask & UInt32(IN_IGNORED) != 0 || event.mask & UInt32(IN_DELETE_SELF | IN_MOVE_SELF) != 0 {
            // The folder itself went (deleted, or moved: its new place comes as a creation in its new parent).
            if event.mask & UInt32(IN_MOVE_SELF) != 0 { inotify_rm_watch(descriptor, event.wd) }
            watched[event.wd] = nil
            batch.folders.insert(folder)
            return
        }
        if folder.isEmpty {
            // The journal's own folder: journal.yml, or a tracked folder made, removed or moved.
            if Scan.files.contains(name) { batch.folders.insert("") }
            if Scan.folders.contains(name) { changedFolder(name, event: event, into: &batch) }
            return
        }
        if name.hasPrefix(".") { return }
        batch.folders.insert(folder)
        changedFolder(folder + "/" + name, event: event, into: &batch)
    }

    /// A folder made or moved in is watched, with what it holds; one removed or moved away is looked at once
    /// more (and found empty), with every folder that was below it.
    private func changedFolder(_ path: String, event: inotify_event, into batch: inout Batch) {
        guard event.mask & UInt32(IN_ISDIR) != 0 else { return }
        if event.mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0 {
            batch.folders.formUnion(watchTree(path))
        } else if event.mask & UInt32(IN_DELETE | IN_MOVED_FROM) != 0 {
            for (wd, folder) in watched where folder == path || folder.hasPrefix(path + "/") {
                batch.folders.insert(folder)
                if event.mask & UInt32(IN_MOVED_FROM) != 0 {
                    inotify_rm_watch(descriptor, wd)
                    watched[wd] = nil
                }
            }
            batch.folders.insert(path)
        }
    }
}
