import CGit2
import Foundation

/// Making commits: of staged work-tree files on HEAD (what the tool's commands do), or of a tree built
/// from a commit and some files without touching the work tree (what a sync's merge does).
extension Repository {
    /// Stages exactly `paths` (each added if it exists in the work dir, removed from the index if not) and commits them with `message` on HEAD (works on an unborn HEAD too). Other changes in the work tree are not included, but anything someone else already staged in the index is. Returns the new commit, or the current HEAD without committing when the resulting tree equals HEAD's; throws (operation "commit") when HEAD is unborn and the index is empty. Does not look at `state`: refuse yourself during a merge.
    public func commit(paths: [String], message: String, signature: Signature) throws -> ObjectID {
        let operation = "commit"
        if let made = try commitRewritingIndex(paths, message: message, signature: signature) { return made }
        var index: OpaquePointer?
        try check(git_repository_index(&index, pointer), "open the index")
        guard let index else {
            throw GitError(operation: "open the index", code: -1, message: "libgit2 returned no index")
        }
        defer { git_index_free(index) }
        // Picks up changes the git program made since this handle last looked: libgit2 re-reads when the
        // file's stamp or its trailing checksum differ. Not forced, since opening the index just read it
        // (a forced read parsed and hashed the 10 MB index of 100,000 entries twice per commit).
        try check(git_index_read(index, 0), "read the index")

        try stage(paths, in: index)
        let headID = try head()
        if headID == nil, git_index_entrycount(index) == 0 {
            throw GitError(operation: operation, code: GIT_ENOTFOUND.rawValue,
                           message: "nothing to commit (HEAD is unborn and the index is empty)")
        }
        var treeOID = git_oid()
        // The trees rewritten hold the blobs just staged and what the index held before, each checked when it
        // was staged (git checks what it stages too). With libgit2's strict checking on, every entry of every
        // rewritten folder was read back from the object database to check its type: a whole month of entries,
        // mostly loose objects opened and inflated one by one, on every commit.
        do {
            _ = cgit2_strict_object_creation(0)
            defer { _ = cgit2_strict_object_creation(1) }
            // An entry added with intent (`git add -N`) is in the index, not yet in a tree: libgit2 would commit
            // it as an empty file. It is set aside while the tree is written, and put back as it was (its empty
            // blob need not exist).
            let intents = try setIntentsAside(index)
            try check(git_index_write_tree(&treeOID, index), "write the tree")
            for (path, entry) in intents {
                var entry = entry
                try path.withUnsafeBufferPointer { raw in
                    entry.path = raw.baseAddress
                    try check(git_index_add(index, &entry), "put back an entry added with intent")
                }
            }
        }
        smudgeRacilyCleanBySecond(index, except: Set(paths))
        // Saves the stat data libgit2 just took (and the tree cache) so the git program sees the entries as clean.
        try check(git_index_write(index), "write the index")

        var parent: OpaquePointer?
        defer { if let parent { git_commit_free(parent) } }
        if let headID {
            var headOID = try headID.raw(for: operation)
            try check(git_commit_lookup(&parent, pointer, &headOID), "look up HEAD commit")
            guard let parent, let parentTree = git_commit_tree_id(parent) else {
                throw GitError(operation: operation, code: -1, message: "HEAD commit has no tree")
            }
            if git_oid_equal(parentTree, &treeOID) == 1 { return headID }
        }

        return try writeCommit(tree: ObjectID(treeOID), parents: headID.map { [$0] } ?? [], message: message,
                               signature: signature, updating: "HEAD", operation: operation)
    }

    /// Marks (size 0) the entries of libgit2's `index` that are racily clean by the second and whose files no
    /// longer match, before libgit2 writes it. libgit2 compares an entry's stamp with the index's by the
    /// nanosecond, git built without nanoseconds (Debian's) by the second: a same-size change made later in the
    /// second the index was written, left unmarked, would look clean to git once the index is written anew.
    /// The paths just staged are libgit2's own to check.
    private func smudgeRacilyCleanBySecond(_ index: OpaquePointer, except staged: Set<String>) {
        var info = stat()
        guard stat(gitdir + "/index", &info) == 0 else { return }
        let seconds = UInt32(truncatingIfNeeded: info.st_mtim.tv_sec)
        var changed: [git_index_entry] = []
        for position in 0..<git_index_entrycount(index) {
            guard let entry = git_index_get_byindex(index, position)?.pointee,
                  UInt32(bitPattern: entry.mtime.seconds) >= seconds, entry.file_size != 0,
                  (entry.flags & UInt16(GIT_INDEX_ENTRY_STAGEMASK)) == 0
            else { continue }
            let path = Array(UnsafeRawBufferPointer(start: entry.path, count: strlen(entry.path)))
            guard !staged.contains(String(decoding: path, as: UTF8.self)) else { continue }
            let matches: Bool
            if entry.mode & 0o170000 == 0o100000 {
                // Through the filters that apply (an encrypted journal's: the same plaintext seals the same).
                var hashed = git_oid()
                var id = entry.id
                matches = git_repository_hashfile(&hashed, pointer, entry.path, GIT_OBJECT_BLOB, nil) == 0
                    && git_oid_equal(&hashed, &id) == 1
            } else {
                matches = workdirFile(path, mode: entry.mode, matches: withUnsafeBytes(of: entry.id) { Array($0) })
            }
            if !matches { changed.append(entry) }
        }
        for var entry in changed {
            entry.file_size = 0
            _ = git_index_add(index, &entry)
        }
    }

    /// Removes the entries added with intent from `index`; returns them with their paths (C strings).
    private func setIntentsAside(_ index: OpaquePointer) throws -> [([CChar], git_index_entry)] {
        var intents: [([CChar], git_index_entry)] = []
        for position in 0..<git_index_entrycount(index) {
            guard let entry = git_index_get_byindex(index, position)?.pointee,
                  entry.flags_extended & UInt16(GIT_INDEX_ENTRY_INTENT_TO_ADD.rawValue) != 0
            else { continue }
            intents.append((Array(UnsafeBufferPointer(start: entry.path, count: strlen(entry.path) + 1)), entry))
        }
        for (path, _) in intents {
            try check(git_index_remove(index, path, 0), "set '\(String(decoding: path.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self))' aside")
        }
        return intents
    }

    /// Whether the work tree still holds what an index entry of `mode` and blob `id` (20 bytes) says is at
    /// `path` (bytes, as the index has them): a regular file or a symbolic link of that content. A submodule
    /// always does, as libgit2 has it.
    func workdirFile(_ path: [UInt8], mode: UInt32, matches id: [UInt8]) -> Bool {
        let full = Repository.cPath(Array((workdir + "/").utf8) + path)
        var info = stat()
        guard lstat(full, &info) == 0 else { return false }
        var content: [UInt8]
        switch (mode & 0o170000, info.st_mode & S_IFMT) {
        case (0o160000, _):
            return true
        case (0o120000, S_IFLNK):
            guard let text = Repository.linkText(full, size: Int(info.st_size)) else { return false }
            content = text
        case (0o100000, S_IFREG):
            let descriptor = open(full, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
            guard descriptor >= 0 else { return false }
            defer { close(descriptor) }
            guard let read = readAll(descriptor, count: Int(info.st_size)) else { return false }
            content = read
        default:
            return false
        }
        var oid = git_oid()
        let hashed = content.withUnsafeBytes { git_odb_hash(&oid, $0.baseAddress, $0.count, GIT_OBJECT_BLOB) }
        return hashed == 0 && withUnsafeBytes(of: oid) { Array($0) } == id
    }

    /// A symbolic link's text, what git keeps of it (`size`: lstat's, the text's length).
    static func linkText(_ path: [CChar], size: Int) -> [UInt8]? {
        var content = [UInt8](repeating: 0, count: max(size, 255) + 1)
        let count = content.withUnsafeMutableBytes { readlink(path, $0.baseAddress!, $0.count) }
        guard count >= 0, count < content.count else { return nil }
        content.removeLast(content.count - count)
        return content
    }

    /// The tree of `commit` (an empty tree when nil) with `files` replaced (regular files, mode 644) or,
    /// for nil data, removed (a folder left empty goes too); a path named twice takes its last. Writes the
    /// blobs and the trees along the paths given, and reads no other: the tree of 100,000 entries read whole
    /// into an index and written back took 100 ms of a sync's merge. Touches neither the index nor the work tree.
    public func tree(from commit: ObjectID?, applying files: [(path: String, data: Data?)]) throws -> ObjectID {
        let operation = "build a tree"
        var base: OpaquePointer?
        defer { git_tree_free(base) }
        if let commit {
            try withTree(of: commit, operation: operation) { tree in try check(git_tree_dup(&base, tree), operation) }
        } else {
            var builder: OpaquePointer?
            try check(git_treebuilder_new(&builder, pointer, nil), operation)
            defer { git_treebuilder_free(builder) }
            var empty = git_oid()
            try check(git_treebuilder_write(&empty, builder), operation)
            try check(git_tree_lookup(&base, pointer, &empty), operation)
        }
        var last: [String: Int] = [:]
        for (position, file) in files.enumerated() { last[file.path] = position }
        var updates: [git_tree_update] = []
        var paths: [UnsafeMutablePointer<CChar>?] = []
        defer { paths.forEach { free($0) } }
        for (position, file) in files.enumerated() where last[file.path] == position {
            var update = git_tree_update()
            if let data = file.data {
                // Stored as a filtered work-tree file would be (encrypted), since libgit2 filters only files.
                let filter = contentFilter
                let stored = try filter.map { $0.covers(file.path) ? try $0.toStore(data, file.path) : data } ?? data
                _ = try stored.withUnsafeBytes { bytes in
                    try check(git_blob_create_from_buffer(&update.id, pointer, bytes.baseAddress, bytes.count),
                              "store '\(file.path)'")
                }
                update.action = GIT_TREE_UPDATE_UPSERT
                update.filemode = GIT_FILEMODE_BLOB
            } else {
                // Removing a path the tree lacks is an error to libgit2, and nothing to do here.
                var entry: OpaquePointer?
                let found = git_tree_entry_bypath(&entry, base, file.path)
                git_tree_entry_free(entry)
                if found == GIT_ENOTFOUND.rawValue { continue }
                try check(found, operation)
                update.action = GIT_TREE_UPDATE_REMOVE
            }
            guard let path = strdup(file.path) else { throw GitError(operation: operation, code: -1, message: "out of memory") }
            paths.append(path)
            update.path = UnsafePointer(path)
            updates.append(update)
        }
        var tree = git_oid()
        try check(git_tree_create_updated(&tree, pointer, base, updates.count, updates), operation)
        return ObjectID(tree)
    }

    /// Writes a commit object (author and committer now) without moving any reference.
    public func makeCommit(tree: ObjectID, parents: [ObjectID], message: String, signature: Signature) throws -> ObjectID {
        try writeCommit(tree: tree, parents: parents, message: message, signature: signature, updating: nil,
                        operation: "make a commit")
    }

    /// Writes a commit of `tree` with `parents` (author and committer: `signature`, now) and, when given,
    /// moves `reference` to it (libgit2 moves it only while it still points at the first parent).
    private func writeCommit(tree: ObjectID, parents: [ObjectID], message: String, signature: Signature,
                             updating reference: String?, operation: String) throws -> ObjectID {
        let author = try gitSignature(signature, operation)
        defer { git_signature_free(author) }
        return try writeCommit(tree: tree, parents: parents, message: message, author: author, updating: reference,
                               operation: operation)
    }

    func writeCommit(tree: ObjectID, parents: [ObjectID], message: String,
                             author: UnsafeMutablePointer<git_signature>?, updating reference: String?,
                             operation: String) throws -> ObjectID {
        var treeOID = try tree.raw(for: operation)
        var treeObject: OpaquePointer?
        try check(git_tree_lookup(&treeObject, pointer, &treeOID), reading: treeOID, operation)
        defer { git_tree_free(treeObject) }
        var parentObjects: [OpaquePointer?] = []
        defer { parentObjects.forEach { git_commit_free($0) } }
        for parent in parents {
            var oid = try parent.raw(for: operation)
            var commit: OpaquePointer?
            try check(git_commit_lookup(&commit, pointer, &oid), reading: oid, operation)
            parentObjects.append(commit)
        }
        var text = message.hasSuffix("\n") ? message : message + "\n"
        if let trailer = contentFilter?.commitTrailer?(tree, parents) { text += "\n" + trailer + "\n" }
        var commit = git_oid()
        try check(git_commit_create(&commit, pointer, reference, author, author, nil, text, treeObject,
                                    parentObjects.count, &parentObjects), operation)
        return ObjectID(commit)
    }

    /// libgit2's signature for `signature`: stamped with its pinned time, else now. The caller frees it.
    func gitSignature(_ signature: Signature, _ operation: String) throws -> UnsafeMutablePointer<git_signature>? {
        var made: UnsafeMutablePointer<git_signature>?
        if let time = signature.time {
            let seconds = git_time_t(time.date.timeIntervalSince1970.rounded(.down))
            try check(git_signature_new(&made, signature.name, signature.email, seconds, Int32(time.offsetMinutes)),
                      operation)
        } else {
            try check(git_signature_now(&made, signature.name, signature.email), operation)
        }
        return made
    }
}
