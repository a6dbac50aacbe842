import CGit2
import Foundation

/// The checkout of a clone: HEAD's files written into an empty work tree on every core, and git's index
/// written from them as bytes (`IndexFile`) with its cache of trees complete. libgit2 checks out one file at
/// a time on one core, then builds its index entry by entry: 3.7-4.0 s of a clone of 100,000 entries on
/// tmpfs (BENCHMARKS.md). Each file's bytes and stat data can be heard as it is written: a clone builds its
/// snapshot from them meanwhile, without reading the files back.
extension Repository {
    /// A file of HEAD's tree, as the checkout plans to write it.
    public struct PlannedFile: Sendable {
        /// Relative to the work tree, as git has it (not always UTF-8).
        public let path: [UInt8]
        /// git's mode: 0o100644, 0o100755 or 0o120000 (a symbolic link).
        public let mode: UInt32
        /// Its blob.
        let id: git_oid
    }

    /// What hears a checkout's files as they are written: `wrote` their place in the plan, their bytes (a
    /// link's target) and stat data (the file's `fstat`, a link's `lstat`), on the writing threads, which take runs of neighbouring files in order.
    /// `wrote` may wait (the files after it wait with it), until `failed`: a writing thread met an error, and
    /// the files `wrote` waits for may never come.
    public struct CheckoutVisitor: Sendable {
        public let wrote: @Sendable (Int, UnsafeRawBufferPointer, stat) -> Void
        public let failed: @Sendable () -> Void

        public init(wrote: @escaping @Sendable (Int, UnsafeRawBufferPointer, stat) -> Void,
                    failed: @escaping @Sendable () -> Void) {
            self.wrote = wrote
            self.failed = failed
        }
    }

    /// `body`, with objects read without hashing each again to check its id (libgit2 does so by default; git's
    /// checkout does not, and zlib still checks what it inflates): 7 % of a checkout's CPU time at 100,000
    /// files. The setting is the process's: no other thread may be reading objects when it changes, so a
    /// caller wraps the whole of its work, its threads' too.
    public static func withoutHashVerification<T>(_ body: () throws -> T) rethrows -> T {
        cgit2_strict_hash_verification(0)
        defer { cgit2_strict_hash_verification(1) }
        return try body()
    }

    /// Checks out HEAD into a work tree that holds nothing but `.git`, with no index yet (a clone's). Returns
    /// false, having written nothing, when a filter could apply (an attributes file anywhere), HEAD's tree holds
    /// a submodule or a name git would refuse, or is not one git would write (names out of order, modes other
    /// than git's own, an empty folder), or the work tree is not empty: `checkOutHead` is then the way.
    ///
    /// `begin` hears the files (in git's order) before anything is written, and may return a visitor to hear
    /// each file as it is written.
    public func checkOutHeadIntoEmptyTree(begin: ([PlannedFile]) throws -> CheckoutVisitor?) throws -> Bool {
        let operation = "check out HEAD"
        guard try !checkoutMayFilter(), let headID = try head(), !FileManager.default.fileExists(atPath: gitdir + "/index"),
              (try? FileManager.default.contentsOfDirectory(atPath: workdir)) == [".git"]
        else { return false }
        var headOID = try headID.raw(for: operation)
        var commit: OpaquePointer?
        try check(git_commit_lookup(&commit, pointer, &headOID), "look up HEAD commit")
        defer { git_commit_free(commit) }
        var tree: OpaquePointer?
        try check(git_commit_tree(&tree, commit), "read HEAD's tree")
        defer { git_tree_free(tree) }
        var folders: [[UInt8]] = []
        var files: [PlannedFile] = []
        guard try list(tree!, prefix: [], folders: &folders, files: &files) else { return false }
        // Before anything is written: the index of these files must make HEAD's tree again, or the tree is not
        // one this checkout reproduces. It is the index written afterwards, each entry given its file's stat data.
        let odb = try objectDatabase()
        defer { git_odb_free(odb) }
        guard let headTree = git_commit_tree_id(commit) else { return false }
        var index = IndexFile()
        for file in files {
            var entry = git_index_entry()
            entry.mode = file.mode
            entry.id = file.id
            index.append(file.path, entry)
        }
        var plannedTree = try index.writeTrees(into: odb)
        guard git_oid_equal(headTree, &plannedTree) == 1 else { return false }
        let visitor = try begin(files)

        let root = Array(workdir.utf8) + [UInt8(ascii: "/")]
        for folder in folders {
            guard mkdir(Repository.cPath(root + folder), 0o777) == 0 else {
                throw GitError(operation: operation, code: -1, message: "cannot make folder "
                    + String(decoding: folder, as: UTF8.self) + ": " + String(cString: strerror(errno)))
            }
        }
        // Every core writes runs of files, with its own handle on the object database.
        let written = UnsafeMutableBufferPointer<stat>.allocate(capacity: files.count)
        defer { written.deallocate() }
        let sharedWritten = SharedSlots(written)
        let plan = files
        try onEveryCore(files.count, parts: max(1, min(ProcessInfo.processInfo.activeProcessorCount, files.count / 64)),
                        failing: { visitor?.failed() }) { odb, i in
            sharedWritten.slots[i] = try Repository.writeFile(plan[i], root: root, from: odb) { bytes, info in
                visitor?.wrote(i, bytes, info)
            }
        }

        for (i, file) in files.enumerated() {
            index.restamp(i, with: Repository.indexEntry(written[i], mode: file.mode, id: file.id))
        }
        let lockPath = gitdir + "/index.lock"
        let lock = open(lockPath, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard lock >= 0 else {
            throw GitError(operation: "write the index", code: -1, message: String(cString: strerror(errno)))
        }
        defer { close(lock) }
        guard index.write(to: lock), rename(lockPath, gitdir + "/index") == 0 else {
            unlink(lockPath)
            throw GitError(operation: "write the index", code: -1, message: String(cString: strerror(errno)))
        }

        return true
    }

    /// Lists `tree` below `prefix`: its folders (a folder before what it holds) and its blobs, in git's order
    /// of paths. False for a submodule, an attributes file, or a name git would not check out.
    private func list(_ tree: OpaquePointer, prefix: [UInt8], folders: inout [[UInt8]], files: inout [PlannedFile]) throws -> Bool {
        var previous: [UInt8] = []
        for position in 0..<git_tree_entrycount(tree) {
            guard let entry = git_tree_entry_byindex(tree, position), let name = git_tree_entry_name(entry) else { return false }
            let bytes = Array(UnsafeRawBufferPointer(start: name, count: strlen(name)))
            // A name holding a slash would be a path through other folders (or out of the work tree): a tree
            // from a remote can hold one; git refuses it.
            guard !bytes.contains(UInt8(ascii: "/")) else { return false }
            let lower = String(decoding: bytes, as: UTF8.self).lowercased()
            let mode = UInt32(git_tree_entry_filemode(entry).rawValue)
            // `.git` in any case (and as Windows would read `.git.` or `git~1`), `.` and `..`, a backslash, and
            // a symbolic link named like git's own files: what git refuses to check out is libgit2's to refuse.
            let dotGit = lower == "git~1"
                || (lower.hasPrefix(".git") && lower.dropFirst(4).allSatisfy { $0 == "." || $0 == " " })
            guard !bytes.isEmpty, lower != ".", lower != "..", !dotGit, !bytes.contains(UInt8(ascii: "\\")),
                  !(mode == 0o120000 && lower.hasPrefix(".git")), lower != ".gitattributes"
            else { return false }
            let path = prefix + bytes
            // git's order of a tree (a folder's name as if it ended in a slash), each name once: the index
            // of a tree out of order would be out of order too.
            let key = mode == 0o040000 ? bytes + [UInt8(ascii: "/")] : bytes
            guard previous.lexicographicallyPrecedes(key) else { return false }
            previous = key
            switch mode {
            case 0o040000:
                var subtree: OpaquePointer?
                try check(git_tree_lookup(&subtree, pointer, git_tree_entry_id(entry)), "read a tree of HEAD")
                defer { git_tree_free(subtree) }
                folders.append(path)
                guard try list(subtree!, prefix: path + [UInt8(ascii: "/")], folders: &folders, files: &files) else {
                    return false
                }
            case 0o100644, 0o100755, 0o120000:
                files.append(PlannedFile(path: path, mode: mode, id: git_tree_entry_id(entry).pointee))
            default:
                return false
            }
        }
        return true
    }

    /// Writes one blob at its path (a new file, or a symbolic link) and returns its stat data, which `written`
    /// hears too, with the bytes.
    private static func writeFile(_ file: PlannedFile, root: [UInt8], from odb: OpaquePointer,
                                  written: (UnsafeRawBufferPointer, stat) -> Void) throws -> stat {
        var object: OpaquePointer?
        var id = file.id
        try check(git_odb_read(&object, odb, &id), "read a blob of HEAD")
        defer { git_odb_object_free(object) }
        guard git_odb_object_type(object) == GIT_OBJECT_BLOB else {
            throw GitError(operation: "check out HEAD", code: -1, message: "HEAD's tree names something else as a blob")
        }
        let data = UnsafeRawBufferPointer(start: git_odb_object_data(object), count: git_odb_object_size(object))
        let full = cPath(root + file.path)
        let failure = { (doing: String) in
            GitError(operation: "check out HEAD", code: -1, message: "cannot \(doing) "
                + String(decoding: file.path, as: UTF8.self) + ": " + String(cString: strerror(errno)))
        }
        var info = stat()
        if file.mode == 0o120000 {
            let target = cPath(Array(data))
            guard symlink(target, full) == 0, lstat(full, &info) == 0 else { throw failure("link") }
            written(data, info)
            return info
        }
        let descriptor = open(full, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, file.mode == 0o100755 ? 0o777 : 0o666)
        guard descriptor >= 0 else { throw failure("create") }
        defer { close(descriptor) }
        guard writeAll(descriptor, data) else { throw failure("write") }
        guard fstat(descriptor, &info) == 0 else { throw failure("read the stamp of") }
        written(data, info)
        return info
    }

    static func cPath(_ bytes: [UInt8]) -> [CChar] { (bytes + [0]).map { CChar(bitPattern: $0) } }
}
