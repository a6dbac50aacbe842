import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The few file-system calls the store makes, done with POSIX directly: atomic
/// writes that survive a crash, and a directory walk cheap enough for 100,000 files.
enum FileSystem {
    /// Writes `data` to `path` atomically: a temporary file in `temporaries`, fsync, rename, fsync of the
    /// folder. The journal keeps its temporaries under `.git/journal/tmp` (same file system, so the rename
    /// is atomic, and out of the work tree, so a killed run leaves no litter there); a folder on another
    /// file system than `path` falls back to a temporary beside the file. The temporary's name holds the
    /// writer's pid, so that `removeStaleTemporaries` can tell a killed run's from a live one's.
    static func writeAtomically(
        _ data: Data, to path: String, temporaryIn temporaries: String, permissions: mode_t = 0o644
    ) throws(JournalError) {
        let folder = (path as NSString).deletingLastPathComponent
        try makeFolder(folder)
        try makeFolder(temporaries)
        let name = (path as NSString).lastPathComponent
        var template = Array("\(temporaries)/.\(name).tmp-\(getpid())-XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.map { mkstemp($0) } ?? -1 }
        guard fd >= 0 else { throw failure(path) }
        let tempPath = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var ok = false
        defer {
            if !ok { unlink(tempPath) }
        }
        guard writeAll(fd, data), fchmod(fd, permissions) == 0, fsync(fd) == 0 else {
            let error = failure(path)
            close(fd)
            throw error
        }
        close(fd)
        guard rename(tempPath, path) == 0 else {
            guard errno == EXDEV, temporaries != folder else { throw failure(path) }
            return try writeAtomically(data, to: path, temporaryIn: folder, permissions: permissions)
        }
        ok = true
        syncFolder(folder)
    }

    /// Writes many files atomically, each as `writeAtomically` writes one, with their flushes taken together:
    /// a run of temporaries is written, flushed from several threads at once (the file system commits them in a
    /// few journal transactions instead of one or two each: 100 entries took 160-500 ms one by one on this
    /// project's benchmark machine, 20 ms together), and only then renamed into place; each folder is flushed
    /// once, after its last rename. No file is renamed before its bytes are on disk. `data(i)` gives the
    /// bytes of `paths[i]`, asked for in order.
    static func writeAtomically(_ paths: [String], temporaryIn temporaries: String, data: (Int) throws -> Data) throws {
        try makeFolder(temporaries)
        var folders: [String] = []
        var known = Set<String>()
        var start = 0
        while start < paths.count {
            // A run: open descriptors and bytes held in memory stay bounded.
            var run: [(path: String, temporary: String, descriptor: Int32, data: Data)] = []
            defer {
                for file in run where file.descriptor >= 0 {
                    close(file.descriptor)
                    unlink(file.temporary)
                }
            }
            var bytes = 0
            while start < paths.count, run.count < 128, bytes < 16 << 20 {
                let path = paths[start]
                let folder = (path as NSString).deletingLastPathComponent
                if known.insert(folder).inserted {
                    // A folder made here is a new name in its parent: the parent is flushed too.
                    var parent = folder
                    while !isFolder(parent), parent != "/", !parent.isEmpty {
                        parent = (parent as NSString).deletingLastPathComponent
                        if known.insert(parent).inserted { folders.append(parent) }
                    }
                    try makeFolder(folder)
                    folders.append(folder)
                }
                let contents = try data(start)
                let name = (path as NSString).lastPathComponent
                var template = Array("\(temporaries)/.\(name).tmp-\(getpid())-XXXXXX".utf8CString)
                let fd = template.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.map { mkstemp($0) } ?? -1 }
                guard fd >= 0 else { throw failure(path) }
                let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
                run.append((path, temporary, fd, contents))
                guard writeAll(fd, contents), fchmod(fd, 0o644) == 0 else { throw failure(path) }
                bytes += contents.count
                start += 1
            }
            if let failed = syncAll(run.map(\.descriptor)) {
                errno = failed.error
                throw failure(run[failed.index].path)
            }
            for index in run.indices {
                close(run[index].descriptor)
                run[index].descriptor = -1
                guard rename(run[index].temporary, run[index].path) == 0 else {
                    let error = errno
                    unlink(run[index].temporary)
                    errno = error
                    // Temporaries on another file system than the file: one beside it, as `writeAtomically` does.
                    let folder = (run[index].path as NSString).deletingLastPathComponent
                    guard error == EXDEV, temporaries != folder else { throw failure(run[index].path) }
                    try writeAtomically(run[index].data, to: run[index].path, temporaryIn: folder)
                    continue
                }
            }
        }
        syncFolders(folders)
    }

    /// fsync of every descriptor, several at once (up to 16 threads): the file system commits files flushed
    /// together in one transaction. Returns the first that failed, with its `errno`; nil when all succeeded.
    static func syncAll(_ descriptors: [Int32]) -> (index: Int, error: Int32)? {
        let threads = min(16, descriptors.count)
        guard threads > 1 else {
            for (index, fd) in descriptors.enumerated() where fsync(fd) != 0 { return (index, errno) }
            return nil
        }
        let failures = Failures()
        let group = DispatchGroup()
        for thread in 0..<threads {
            group.enter()
            Thread.detachNewThread {
                defer { group.leave() }
                for index in stride(from: thread, to: descriptors.count, by: threads) where fsync(descriptors[index]) != 0 {
                    failures.add(index, errno)
                }
            }
        }
        group.wait()
        return failures.first
    }

    /// Flushes each folder (its entries: names added, replaced or removed), several at once.
    static func syncFolders(_ folders: [String]) {
        let descriptors = folders.map { open($0, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }.filter { $0 >= 0 }
        _ = syncAll(descriptors)
        descriptors.forEach { close($0) }
    }

    private final class Failures: @unchecked Sendable {
        private let lock = NSLock()
        private var failures: [(index: Int, error: Int32)] = []
        func add(_ index: Int, _ error: Int32) {
            lock.lock()
            defer { lock.unlock() }
            failures.append((index, error))
        }
        var first: (index: Int, error: Int32)? {
            lock.lock()
            defer { lock.unlock() }
            return failures.min { $0.index < $1.index }
        }
    }

    /// Removes the temporaries in `folder` whose writer is gone (a run killed before its rename).
    static func removeStaleTemporaries(in folder: String) {
        for item in names(in: folder) {
            guard let range = item.range(of: ".tmp-", options: .backwards),
                  let pid = pid_t(item[range.upperBound...].prefix { $0 != "-" }), pid > 0,
                  kill(pid, 0) != 0, errno == ESRCH else { continue }
            unlink(folder + "/" + item)
        }
    }

    static func syncFolder(_ folder: String) {
        let fd = open(folder, O_RDONLY | O_DIRECTORY)
        if fd >= 0 {
            fsync(fd)
            close(fd)
        }
    }

    static func makeFolder(_ path: String) throws(JournalError) {
        // The common case, a folder already there, without FileManager's walk up the path.
        if isFolder(path) { return }
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            switch (error as? CocoaError)?.code {
            case .fileWriteOutOfSpace?: throw .noSpace(path)
            case .fileWriteVolumeReadOnly?: throw .readOnly(path)
            default: throw .io(path, error.localizedDescription)
            }
        }
    }

    /// The error for a write to `path` that just failed with `errno`: a full disk (or quota) and a
    /// read-only file system are said as such, with where; anything else with the system's words.
    static func failure(_ path: String) -> JournalError {
        switch errno {
        case ENOSPC, EDQUOT: .noSpace(path)
        case EROFS: .readOnly(path)
        default: .io(path, errnoText())
        }
    }

    /// Why nothing can be written under `folder` right now, when that is so: its file system is mounted
    /// read-only, or has no space left (for us: a quota or the blocks kept for root count too).
    static func writeProblem(under folder: String) -> JournalError? {
        var info = statvfs()
        guard statvfs(existingAncestor(of: folder), &info) == 0 else { return nil }
        if info.f_flag & UInt(ST_RDONLY) != 0 { return .readOnly(folder) }
        if info.f_bavail == 0 { return .noSpace(folder) }
        return nil
    }

    /// Where the file system holding `path` is mounted: the highest folder above it on the same device.
    static func mountPoint(of path: String) -> String {
        var current = resolved(existingAncestor(of: path))
        var info = stat()
        guard stat(current, &info) == 0 else { return current }
        let device = info.st_dev
        while current != "/" {
            let parent = (current as NSString).deletingLastPathComponent
            guard stat(parent, &info) == 0, info.st_dev == device else { break }
            current = parent
        }
        return current
    }

    /// `path`, or the nearest folder above it that exists.
    private static func existingAncestor(of path: String) -> String {
        var current = path
        while !exists(current), current != "/", !current.isEmpty { current = (current as NSString).deletingLastPathComponent }
        return current.isEmpty ? "/" : current
    }

    /// Whether `word`'s bytes occur in `data`, by a plain loop. Neither `Data.range(of: Data(word.utf8))`, whose
    /// `Data` from a string's bytes makes a dynamic cast that scans every protocol conformance of the binary
    /// the first time (0.07 ms of a `list`), nor the generic `firstRange(of:)` (0.8 ms).
    static func bytes(_ data: Data, contain word: String) -> Bool {
        let word = Array(word.utf8)
        return data.withUnsafeBytes { bytes in
            guard let first = word.first else { return true }
            guard bytes.count >= word.count else { return false }
            for start in 0...(bytes.count - word.count) where bytes[start] == first {
                var matched = 1
                while matched < word.count, bytes[start + matched] == word[matched] { matched += 1 }
                if matched == word.count { return true }
            }
            return false
        }
    }

    /// A file's bytes, nil when it cannot be read: open, fstat, read and close, nothing more. (FileManager's
    /// `contents(atPath:)` stats the path and reads its link first: a third of a rebuild's system time.)
    ///
    /// A symbolic link is not followed, and only a plain file is read, unless `followingLinks` (the user's own
    /// files: config, keys): entries and attachments arrive from other machines, and one that links to
    /// `~/.ssh/id_rsa` or `/dev/zero` must neither show it nor have a write of the entry copy it into a commit.
    static func contents(_ path: String, followingLinks: Bool = false) -> Data? {
        let fd = open(path, followingLinks ? O_RDONLY | O_CLOEXEC : O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, followingLinks ? info.st_mode & S_IFMT != S_IFDIR : info.st_mode & S_IFMT == S_IFREG else { return nil }
        // The size fstat gives first, then whatever more there is (a file growing meanwhile, or one whose
        // size fstat does not know).
        var data = Data(count: max(0, Int(info.st_size)) + 1)
        var filled = 0
        while true {
            if filled == data.count { data.count += max(4096, data.count) }
            let count = data.withUnsafeMutableBytes { buffer in
                systemRead(fd, buffer.baseAddress! + filled, buffer.count - filled)
            }
            if count < 0 {
                if errno == EINTR { continue }
                return nil
            }
            if count == 0 { break }
            filled += count
        }
        data.count = filled
        return data
    }

    /// `contents`, or the reason it cannot be read.
    static func read(_ path: String, followingLinks: Bool = false) throws(JournalError) -> Data {
        guard let data = contents(path, followingLinks: followingLinks) else {
            throw .unreadable(path, isLink(path) ? Say.linkNotFollowed : exists(path) ? Say.cannotRead : Say.noSuchFile)
        }
        return data
    }

    static func exists(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0
    }

    static func isFolder(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    static func modificationTime(_ path: String) -> Date? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return Date(timeIntervalSince1970: Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9)
    }

    /// Whether `path` is a folder itself, not a symbolic link to one.
    static func isRealFolder(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }

    /// Whether `path` is a folder of this user's that no one else may enter or change (not a link to one):
    /// where a socket may be trusted, in /tmp where anyone could have made the folder first.
    static func isPrivateFolder(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR && info.st_uid == geteuid() && info.st_mode & 0o077 == 0
    }

    /// Whether `path` is a symbolic link (itself, not what it names).
    static func isLink(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK
    }

    /// A file of the work tree as git keeps it: a symbolic link's text (git's blob of it), a plain file's
    /// bytes; nil for anything else.
    static func trackedContents(_ path: String) -> Data? {
        guard let target = linkTarget(path) else { return contents(path) }
        return Data(target.utf8)
    }

    /// The names in `folder` (readdir: every command looks into its temporary folder, and FileManager's
    /// listing cost that look 0.07 ms); none when it cannot be read.
    static func names(in folder: String) -> [String] {
        guard let handle = opendir(folder) else { return [] }
        defer { closedir(handle) }
        var names: [String] = []
        while let item = readdir(handle) {
            let name = self.name(item)
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// A folder item's name, as readdir gives it.
    private static func name(_ item: UnsafeMutablePointer<dirent>) -> String {
        withUnsafeBytes(of: item.pointee.d_name) { raw in String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self) }
    }

    /// Every file under `folder`, relative to `base`; hidden folders are skipped.
    static func files(under folder: String, relativeTo base: String) -> [String] {
        var found: [String] = []
        let prefix = base.hasSuffix("/") ? base : base + "/"
        func walk(_ dir: String) {
            guard let handle = opendir(dir) else { return }
            defer { closedir(handle) }
            while let item = readdir(handle) {
                let name = self.name(item)
                if name == "." || name == ".." { continue }
                let full = dir + "/" + name
                var kind = item.pointee.d_type
                if kind == UInt8(DT_UNKNOWN) {
                    var info = stat()
                    guard lstat(full, &info) == 0 else { continue }
                    let format = info.st_mode & S_IFMT
                    kind = format == S_IFDIR ? UInt8(DT_DIR) : format == S_IFLNK ? UInt8(DT_LNK) : UInt8(DT_REG)
                }
                // A symbolic link is listed as the file git keeps of it, never walked into: one that names a
                // folder outside (or the folder it is in) would list files that are not the journal's.
                if kind == UInt8(DT_DIR) {
                    if !name.hasPrefix(".") { walk(full) }
                } else if kind == UInt8(DT_REG) || kind == UInt8(DT_LNK) {
                    found.append(String(full.dropFirst(prefix.count)))
                }
            }
        }
        walk(folder)
        return found
    }

    /// `path` with its symbolic links resolved, when it exists; else as it is.
    static func resolved(_ path: String) -> String {
        guard let real = realpath(path, nil) else { return path }
        defer { free(real) }
        return String(cString: real)
    }

    /// The relative path from the folder `from` to `path`, both absolute: `../journal/attachments/x.png`.
    static func relativePath(from folder: String, to path: String) -> String {
        let base = folder.split(separator: "/")
        let target = path.split(separator: "/")
        var common = 0
        while common < base.count, common < target.count, base[common] == target[common] { common += 1 }
        return (Array(repeating: "..", count: base.count - common) + target[common...].map(String.init)).joined(separator: "/")
    }

    /// Whether a process of this user has `path` open (from /proc; false where there is none). A git
    /// program holds its lock file open while it works, also while `git commit` waits for its editor.
    static func isOpenByAnyProcess(_ path: String) -> Bool {
        guard let processes = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return false }
        let path = resolved(path)
        for process in processes where process.first?.isNumber == true {
            let folder = "/proc/\(process)/fd"
            guard let descriptors = try? FileManager.default.contentsOfDirectory(atPath: folder) else { continue }
            if descriptors.contains(where: { linkTarget(folder + "/" + $0) == path }) { return true }
        }
        return false
    }

    /// What the symbolic link at `path` names (readlink: Foundation's costs a command's start-up 0.1 ms);
    /// nil when it is not one.
    static func linkTarget(_ path: String) -> String? {
        var target = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink(path, &target, target.count - 1)
        guard length > 0 else { return nil }
        return String(decoding: target[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Removes a file; one already gone is fine.
    static func remove(_ path: String) throws(JournalError) {
        if unlink(path) != 0 && errno != ENOENT { throw failure(path) }
    }

    static func errnoText() -> String { String(cString: strerror(errno)) }

    /// Writes every byte of `data` to `fd` (retrying short writes and EINTR); false on an error, with `errno` set.
    static func writeAll(_ fd: Int32, _ data: Data) -> Bool {
        data.withUnsafeBytes { buffer -> Bool in
            guard let base = buffer.baseAddress else { return true }
            var offset = 0
            while offset < buffer.count {
                let n = write(fd, base + offset, buffer.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                offset += n
            }
            return true
        }
    }
}

/// A lock of the tool's own: flock(2) on a file under `.git/journal/`, held for the local steps of a
/// command only. The kernel drops it when its process dies, so a killed holder never blocks the next.
/// A marker file beside it exists while a holder is at work: finding it on taking the lock means the
/// last holder was killed, and its time says since when that holder may have left git lock files.
final class WriterLock {
    private let fd: Int32
    private let marker: String
    /// When the killed holder before us started; nil when the last holder finished (or once its
    /// leftovers are cleared).
    var killedHolderStarted: Date?
    /// When we took the lock: no holder of it made anything after this.
    let taken: Date

    init(path: String, marker: String, timeout: TimeInterval) throws(JournalError) {
        fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw FileSystem.failure(path) }
        let deadline = Date().addingTimeInterval(timeout)
        var pause: useconds_t = 2_000
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR, Date() < deadline else {
                close(fd)
                throw .lockTimeout(path)
            }
            usleep(pause)
            pause = min(pause * 2, 50_000)
        }
        taken = Date()
        self.marker = marker
        if let started = FileSystem.modificationTime(marker) {
            // Left as it is: should we be killed too, the next holder clears from the first one's start.
            killedHolderStarted = started
        } else {
            // (Not FileManager.createFile: it writes through a temporary file that a kill would leave.)
            let made = open(marker, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
            if made >= 0 {
                let pid = Array("\(getpid())\n".utf8)
                _ = pid.withUnsafeBytes { write(made, $0.baseAddress, $0.count) }
                close(made)
            }
        }
    }

    deinit {
        unlink(marker)
        flock(fd, LOCK_UN)
        close(fd)
    }
}

/// read(2), named apart from the `read` methods of this file's types.
private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(fd, buffer, count)
}
