import CGit2
import Dispatch
import Foundation

extension Repository {
    /// Stages `paths` (relative; each just written or deleted by the caller) in `index`, as
    /// `git_index_add_bypath` and `git_index_remove_bypath` would. A plain file is read, stored and
    /// staged here, with the stat data of the descriptor it was read from, when nothing could filter it on
    /// its way into git (`addMayFilter`): libgit2 looks up attributes for every file it adds, resolving
    /// each folder above it with realpath, and that was most of an import of 100,000 entries. Anything
    /// else (links, executables, large files, conflicts, filters) goes through libgit2.
    ///
    /// More than `batchSize` files are a batch: their blobs are stored on every core, each thread with a
    /// handle of its own on the object database, without fsync, and the file system is synced once after them, before
    /// the caller writes the index or a commit that names them.
    func stage(_ paths: [String], in index: OpaquePointer) throws {
        // An index that ignores case, or holds conflicts, is libgit2's to keep straight.
        let plainIndex = git_index_has_conflicts(index) == 0
            && git_index_caps(index) & Int32(GIT_INDEX_CAPABILITY_IGNORE_CASE.rawValue) == 0
        let direct = try plainIndex && !addMayFilter(paths) { git_index_get_bypath(index, $0, 0) != nil }
        let batch = paths.count > Repository.batchSize
        // libgit2 looks at the setting as it writes each object (the journal turns it on for every process).
        if batch { _ = cgit2_enable_fsync(0) }
        defer { if batch { _ = cgit2_enable_fsync(1) } }
        var stored: [git_index_entry?] = Array(repeating: nil, count: paths.count)
        if direct && batch {
            stored = try storeOnEveryCore(paths)
        } else if direct {
            let odb = try objectDatabase()
            defer { git_odb_free(odb) }
            for (i, path) in paths.enumerated() { stored[i] = try Repository.store(path, in: workdir, odb: odb) }
        }
        // Each blob was just written: libgit2 need not read it back to check that it exists.
        if direct { _ = cgit2_strict_object_creation(0) }
        defer { if direct { _ = cgit2_strict_object_creation(1) } }
        for (path, file) in zip(paths, stored) {
            if var entry = file {
                try path.withCString { raw in
                    entry.path = raw
                    try check(git_index_add(index, &entry), "stage '\(path)'")
                }
            } else if existsInWorkdir(path) {
                try check(git_index_add_bypath(index, path), "stage '\(path)'")
            } else {
                let code = git_index_remove_bypath(index, path)
                if code != GIT_ENOTFOUND.rawValue { try check(code, "unstage '\(path)'") }
            }
        }
        if batch { sync() }
    }

    /// Files in one staging from which it is a batch.
    static let batchSize = 20

    /// Files larger than this are left to libgit2, which streams them.
    static let directLimit = 8 << 20

    /// `store` for every path, spread over the cores in runs of neighbouring paths.
    private func storeOnEveryCore(_ paths: [String]) throws -> [git_index_entry?] {
        let results = UnsafeMutableBufferPointer<git_index_entry?>.allocate(capacity: paths.count)
        results.initialize(repeating: nil)
        defer { results.deallocate() }
        let shared = SharedSlots(results)
        let workdir = workdir
        try onEveryCore(paths.count, parts: min(ProcessInfo.processInfo.activeProcessorCount, (paths.count + 99) / 100)) {
            odb, i in
            shared.slots[i] = try Repository.store(paths[i], in: workdir, odb: odb)
        }
        return Array(results)
    }

    /// Slots that threads fill, each its own.
    final class SharedSlots<T>: @unchecked Sendable {
        let slots: UnsafeMutableBufferPointer<T>
        init(_ slots: UnsafeMutableBufferPointer<T>) { self.slots = slots }
    }

    /// `body(odb, i)` for every `i` below `count`, on `parts` threads, each thread with its own handle on the
    /// object database (libgit2's are not shared between threads): that database alone, not the whole repository
    /// (its config files and paths read again), which took 0.7 ms of each `add` at 10,000 entries. The threads take
    /// runs of neighbouring `i` in order (up to 256, and four runs a thread at least, so that they end together).
    /// The first error stops the other threads at their next `i` and is thrown; `failing` hears it first, on
    /// the thread that met it (so that a `body` waiting for another thread's work can stop waiting).
    func onEveryCore(_ count: Int, parts: Int, failing: @escaping @Sendable () -> Void = {},
                     _ body: @escaping @Sendable (OpaquePointer, Int) throws -> Void) throws {
        let run = min(256, max(1, count / max(1, parts * 4)))
        let failure = FirstFailure()
        let next = NextRun()
        let objects = try objectsFolder()
        // Threads of their own, not a concurrentPerform, which runs no more at once than there are cores: a
        // thread that waits for the disk (storing objects) leaves its core to another.
        let group = DispatchGroup()
        for _ in 0..<parts {
            group.enter()
            Thread.detachNewThread {
                defer { group.leave() }
                do {
                    var odb: OpaquePointer?
                    try check(git_odb_open(&odb, objects), "open the object database")
                    defer { git_odb_free(odb) }
                    guard let odb else { throw GitError(operation: "open the object database", code: -1, message: "no object database") }
                    while let start = next.take(run, below: count) {
                        for i in start..<min(start + run, count) {
                            if failure.error != nil { return }
                            try body(odb, i)
                        }
                    }
                } catch {
                    if failure.set(error) { failing() }
                }
            }
        }
        group.wait()
        if let error = failure.error { throw error }
    }

    private final class NextRun: @unchecked Sendable {
        private let lock = NSLock()
        private var start = 0
        func take(_ run: Int, below count: Int) -> Int? {
            lock.lock()
            defer { lock.unlock() }
            guard start < count else { return nil }
            start += run
            return start - run
        }
    }

    private final class FirstFailure: @unchecked Sendable {
        private let lock = NSLock()
        private var first: (any Error)?
        var error: (any Error)? {
            lock.lock()
            defer { lock.unlock() }
            return first
        }
        /// Whether `error` is the first.
        func set(_ error: any Error) -> Bool {
            lock.lock()
            defer { lock.unlock() }
            guard first == nil else { return false }
            first = error
            return true
        }
    }

    func objectDatabase() throws -> OpaquePointer {
        var odb: OpaquePointer?
        try check(git_repository_odb(&odb, pointer), "open the object database")
        guard let odb else { throw GitError(operation: "open the object database", code: -1, message: "no object database") }
        return odb
    }

    /// The repository's object folder (the common one, for a linked work tree), as libgit2 opens it.
    func objectsFolder() throws -> String {
        var path = git_buf()
        defer { git_buf_dispose(&path) }
        try check(git_repository_item_path(&path, pointer, GIT_REPOSITORY_ITEM_OBJECTS), "find the object database")
        return String(cString: path.ptr)
    }

    /// Stores the plain file at `path` in `workdir` as a blob and returns its index entry but for the path; nil
    /// when it is something else (or gone), for libgit2.
    static func store(_ path: String, in workdir: String, odb: OpaquePointer) throws -> git_index_entry? {
        guard let (info, bytes) = plainFile(path, in: workdir) else { return nil }
        var id = git_oid()
        try check(git_odb_write(&id, odb, bytes, bytes.count, GIT_OBJECT_BLOB), "store '\(path)'")
        return Repository.indexEntry(info, mode: UInt32(S_IFREG) | 0o644, id: id)
    }

    /// The stat data and bytes of the plain file at `path` (regular, not executable, small); nil when it is
    /// something else (or gone), for libgit2.
    func plainFile(_ path: String) -> (info: stat, bytes: [UInt8])? { Repository.plainFile(path, in: workdir) }

    static func plainFile(_ path: String, in workdir: String) -> (info: stat, bytes: [UInt8])? {
        let fd = open(workdir + "/" + path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_mode & 0o111 == 0,
            info.st_size <= Repository.directLimit
        else { return nil }
        // Shorter than it was: someone is writing it, libgit2's then.
        guard let bytes = readAll(fd, count: Int(info.st_size)) else { return nil }
        return (info, bytes)
    }

    /// Objects hashed as they are made, so that the next can name them, and stored together
    /// (`store(_:odb:)`). Each is stored once, however often it is added.
    struct ObjectBatch {
        fileprivate var objects: [(type: git_object_t, data: [UInt8])] = []
        private var ids: Set<[UInt8]> = []
        /// The bytes of the objects not stored yet.
        private(set) var size = 0

        mutating func add(_ data: [UInt8], type: git_object_t) throws -> git_oid {
            var id = git_oid()
            try check(git_odb_hash(&id, data, data.count, type), "hash an object")
            if ids.insert(withUnsafeBytes(of: id.id) { Array($0) }).inserted {
                objects.append((type, data))
                size += data.count
            }
            return id
        }

        fileprivate mutating func stored() {
            objects = []
            size = 0
        }
    }

    /// Stores `batch` on up to eight threads (`onEveryCore`), so that the objects' flushes to disk overlap: the
    /// five objects of an `add` (a blob and four trees), each flushed with its folder, took 3 ms one after the
    /// other on ext4, about half of that together. A single object goes through `odb`.
    func store(_ batch: inout ObjectBatch, odb: OpaquePointer) throws {
        let objects = batch.objects
        batch.stored()
        guard objects.count > 1 else {
            for object in objects {
                var id = git_oid()
                try check(git_odb_write(&id, odb, object.data, object.data.count, object.type), "store an object")
            }
            return
        }
        try onEveryCore(objects.count, parts: min(objects.count, 8)) { own, i in
            var id = git_oid()
            let object = objects[i]
            try check(git_odb_write(&id, own, object.data, object.data.count, object.type), "store an object")
        }
    }

    /// The index entry, but for its path, of a file with stat data `info`, `mode` and blob `id`, as libgit2's
    /// git_index_entry__init_from_stat fills it (its `dev` is the file's st_rdev).
    static func indexEntry(_ info: stat, mode: UInt32, id: git_oid) -> git_index_entry {
        var entry = git_index_entry()
        entry.ctime = git_index_time(seconds: Int32(truncatingIfNeeded: info.st_ctim.tv_sec),
                                     nanoseconds: UInt32(truncatingIfNeeded: info.st_ctim.tv_nsec))
        entry.mtime = git_index_time(seconds: Int32(truncatingIfNeeded: info.st_mtim.tv_sec),
                                     nanoseconds: UInt32(truncatingIfNeeded: info.st_mtim.tv_nsec))
        entry.dev = UInt32(truncatingIfNeeded: info.st_rdev)
        entry.ino = UInt32(truncatingIfNeeded: info.st_ino)
        entry.mode = mode
        entry.uid = info.st_uid
        entry.gid = info.st_gid
        entry.file_size = UInt32(truncatingIfNeeded: info.st_size)
        entry.id = id
        return entry
    }

    /// Whether adding `paths` could run a filter on their way into git: ours is installed (an encrypted
    /// journal), a `.gitattributes` stands in the work tree or the index in any folder above one of them,
    /// the repository or the user has an attributes file, or the config converts line ends on the way in
    /// (`core.autocrlf` true or input). `indexHas` tells whether git's index holds a path.
    func addMayFilter(_ paths: [String], indexHas: (String) -> Bool) throws -> Bool {
        if contentFilter != nil || attributesOutsideTheTree() || autocrlf() != nil { return true }
        var folders = Set<Substring>()
        for path in paths {
            var folder = path[...]
            while let slash = folder.lastIndex(of: "/") {
                folder = folder[..<slash]
                guard folders.insert(folder).inserted else { break }
            }
        }
        folders.insert("")
        for folder in folders {
            let file = folder.isEmpty ? ".gitattributes" : folder + "/.gitattributes"
            if existsInWorkdir(file) || indexHas(file) { return true }
        }
        return false
    }
}

/// Writes all of `bytes` to `descriptor`; false when it cannot.
func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Bool {
    var done = 0
    while done < bytes.count {
        let count = write(descriptor, bytes.baseAddress! + done, bytes.count - done)
        if count < 0, errno == EINTR { continue }
        guard count > 0 else { return false }
        done += count
    }
    return true
}

/// The `count` bytes at the start of the file open at `descriptor`; nil when it is shorter or cannot be read.
func readAll(_ descriptor: Int32, count: Int) -> [UInt8]? {
    var bytes = [UInt8](repeating: 0, count: count)
    var done = 0
    while done < count {
        let got = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + done, count - done) }
        if got < 0, errno == EINTR { continue }
        guard got > 0 else { return nil }
        done += got
    }
    return bytes
}
