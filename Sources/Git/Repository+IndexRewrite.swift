import CGit2
import Foundation

/// The fast path of `commit(paths:…)`: git's index read and rewritten as bytes (`IndexFile`), the blobs and
/// trees stored together, and the identity of the index last written kept to skip its checksum next time.
extension Repository {
    /// `commit(paths:…)` for the plain case, with git's index read and written as bytes (`IndexFile`): HEAD
    /// born, no filter could apply, each path a small regular file or gone, the index one `IndexFile` reads,
    /// and its case-sensitive. Returns nil, having changed nothing but maybe stored blobs, trees and a commit no
    /// branch names, for any other case.
    func commitRewritingIndex(_ paths: [String], message: String, signature: Signature) throws -> ObjectID? {
        let operation = "commit"
        let ignoresCase = configString("core.ignorecase").map { ["true", "yes", "on", "1"].contains($0.lowercased()) }
        // A path git would refuse (an empty, `.` or `..` part, or one starting `.git`) is libgit2's to refuse.
        let plain = paths.allSatisfy { path in
            path.split(separator: "/", omittingEmptySubsequences: false).allSatisfy { part in
                !part.isEmpty && part != "." && part != ".." && !part.lowercased().hasPrefix(".git")
            }
        }
        // As is one that goes through a symbolic link (or a file) on the way: `git add` refuses a path beyond one.
        let throughLink = paths.contains { path in
            var folder = Substring(path)
            while let slash = folder.lastIndex(of: "/") {
                folder = folder[..<slash]
                var info = stat()
                if lstat(workdir + "/" + folder, &info) == 0, info.st_mode & S_IFMT != S_IFDIR { return true }
            }
            return false
        }
        guard plain, !throughLink, ignoresCase != true, contentFilter == nil, !attributesOutsideTheTree(),
            autocrlf() == nil,
            let headID = try head()
        else { return nil }
        // git's own lock on the index, taken before it is read: a `git add` waits or fails meanwhile.
        let lockPath = gitdir + "/index.lock"
        let lock = open(lockPath, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)  // read back: `recordIndexWritten`
        guard lock >= 0 else { return nil }  // held: libgit2 says so
        var renamed = false
        defer {
            close(lock)
            if !renamed { unlink(lockPath) }
        }
        let reading = open(gitdir + "/index", O_RDONLY | O_CLOEXEC)
        guard reading >= 0 else { return nil }
        defer {
            // An index replaced is freed with its last reference, which takes time when it is large (2.5 ms for
            // the 10 MB of 100,000 entries on ext4): that is left to another thread, once the commit's own
            // flushes are done (freeing it meanwhile made them slower).
            if renamed { Thread.detachNewThread { close(reading) } } else { close(reading) }
        }
        guard var index = IndexFile(descriptor: reading, written: readIndexWritten()),
            try !addMayFilter(paths, indexHas: index.contains)
        else {
            return nil
        }

        // The blobs and trees are hashed first and stored together (a few megabytes at a time, for a commit of
        // many files), before the index that names them is written.
        let odb = try objectDatabase()
        defer { git_odb_free(odb) }
        var objects = ObjectBatch()
        var stored: [(path: String, entry: git_index_entry?)] = []
        for path in paths {
            if existsInWorkdir(path) {
                guard let (info, bytes) = plainFile(path) else { return nil }
                let id = try objects.add(bytes, type: GIT_OBJECT_BLOB)
                stored.append((path, Repository.indexEntry(info, mode: UInt32(S_IFREG) | 0o644, id: id)))
                if objects.size > 4 << 20 { try store(&objects, odb: odb) }
            } else {
                stored.append((path, nil))
            }
        }
        let fresh = index.firstNewOffset
        for (path, entry) in stored {
            if let entry { index.put(path, entry) } else { index.remove(path) }
        }
        index.smudgeRacilyClean(except: fresh) { path, mode, id in workdirFile(path, mode: mode, matches: id) }
        var treeOID = try index.writeTrees { data in try objects.add(data, type: GIT_OBJECT_TREE) }
        try store(&objects, odb: odb)
        var headOID = try headID.raw(for: operation)
        var parent: OpaquePointer?
        try check(git_commit_lookup(&parent, pointer, &headOID), "look up HEAD commit")
        defer { git_commit_free(parent) }
        let unchanged = git_commit_tree_id(parent).map { git_oid_equal($0, &treeOID) == 1 } ?? false
        let author = try gitSignature(signature, operation)
        defer { git_signature_free(author) }
        // The commit is written while the new index's checksum is computed; the branch moves once the index
        // is in place.
        let written = try index.write(to: lock) { () throws -> ObjectID? in
            if unchanged { return nil }
            return try writeCommit(tree: ObjectID(treeOID), parents: [headID], message: message, author: author,
                                   updating: nil, operation: operation)
        }
        guard let written else {
            throw GitError(operation: "write the index", code: -1, message: String(cString: strerror(errno)))
        }
        // A damaged index is libgit2's to report (the objects just stored are then unreachable).
        guard index.checksumMatches() else { return nil }
        guard rename(lockPath, gitdir + "/index") == 0 else {
            throw GitError(operation: "write the index", code: -1, message: String(cString: strerror(errno)))
        }
        renamed = true
        index = IndexFile()  // its mapping, cheaply while the file is still open (see `reading`)
        recordIndexWritten(lock)
        guard let commit = written else { return headID }
        // The same commit made again, naming HEAD this time: libgit2 finds it stored, and moves the branch as its
        // commit does (only from the parent, with the committer in the branch's reflog and HEAD's).
        let moved = try writeCommit(tree: ObjectID(treeOID), parents: [headID], message: message, author: author,
                                    updating: "HEAD", operation: operation)
        guard moved == commit else {
            throw GitError(operation: operation, code: -1, message: "the commit made twice differs")
        }
        return commit
    }

    /// Where the identity of the index this module last wrote is kept (`IndexFile.identity`), in the caller's
    /// own folder (`privateFolder`). Losing it, or a torn write, only means the next commit checks the index's
    /// checksum again; without that folder, every commit does.
    private var indexWrittenPath: String? { privateFolder.map { $0 + "/index-written" } }

    private func readIndexWritten() -> [UInt8]? {
        guard let indexWrittenPath else { return nil }
        let descriptor = open(indexWrittenPath, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: 128)
        let count = read(descriptor, &buffer, buffer.count)
        return count > 0 ? Array(buffer[..<count]) : nil
    }

    /// Records the index just renamed into place from `descriptor`, when the journal's folder exists. Not
    /// flushed: after a crash, a record that names a file no longer there matches nothing.
    private func recordIndexWritten(_ descriptor: Int32) {
        var info = stat()
        var checksum = [UInt8](repeating: 0, count: 20)
        guard fstat(descriptor, &info) == 0, info.st_size >= 32,
            pread(descriptor, &checksum, 20, off_t(info.st_size) - 20) == 20
        else { return }
        let record = IndexFile.identity(info, checksum: checksum)
        guard let indexWrittenPath else { return }
        let out = open(indexWrittenPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard out >= 0 else { return }
        _ = record.withUnsafeBytes { write(out, $0.baseAddress, $0.count) }
        close(out)
    }
}
