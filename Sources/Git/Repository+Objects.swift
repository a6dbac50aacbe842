import CGit2
import Foundation

/// Objects: blobs and trees by id or by path in a commit, and diffs of blobs.
extension Repository {
    /// The id of the blob at `path` in `commit`'s tree; nil when the path is absent there or not a file.
    public func blobID(of path: String, at commit: ObjectID) throws -> ObjectID? {
        let operation = "read '\(path)' at \(commit.short)"
        return try withTree(of: commit, operation: operation) { tree in
            var entry: OpaquePointer?
            let found = git_tree_entry_bypath(&entry, tree, path)
            if found == GIT_ENOTFOUND.rawValue { return nil }
            try check(found, operation)
            defer { git_tree_entry_free(entry) }
            guard git_tree_entry_type(entry) == GIT_OBJECT_BLOB, let id = git_tree_entry_id(entry) else { return nil }
            return ObjectID(id.pointee)
        }
    }

    /// Bytes of `path` in the tree of `commit`; nil when the path is absent there or is not a file.
    public func fileContents(_ path: String, at commit: ObjectID) throws -> Data? {
        try blobID(of: path, at: commit).map { try blobData($0, path: path) }
    }

    /// The bytes of a blob as the work tree has them: this is the one place blobs are read, so the
    /// installed `ContentFilter` (decryption) applies to every reader. `path` names the file in its errors.
    public func blobData(_ id: ObjectID, path: String = "") throws -> Data {
        let stored = try storedBlobData(id)
        guard let filter = contentFilter else { return stored }
        return try filter.toWorkTree(stored, path)
    }

    /// The blob git's index (as on disk) names at `path`; nil when it names none.
    public func indexedBlob(of path: String) throws -> ObjectID? {
        var index: OpaquePointer?
        try check(git_repository_index(&index, pointer), "open the index")
        defer { git_index_free(index) }
        guard let entry = git_index_get_bypath(index, path, 0) else { return nil }
        return ObjectID(entry.pointee.id)
    }

    /// The bytes of a blob exactly as stored (ciphertext, for an encrypted file).
    public func storedBlobData(_ id: ObjectID) throws -> Data {
        let operation = "read blob \(id.short)"
        var oid = try id.raw(for: operation)
        var blob: OpaquePointer?
        try check(git_blob_lookup(&blob, pointer, &oid), reading: oid, operation)
        defer { git_blob_free(blob) }
        let size = Int(git_blob_rawsize(blob))
        guard size > 0, let bytes = git_blob_rawcontent(blob) else { return Data() }
        return Data(bytes: bytes, count: size)
    }

    /// A unified diff (`diff --git` header, `@@` hunks, `contextLines` lines of context) from one blob to
    /// another; nil stands for a missing file. Empty when both are the same.
    public func unifiedDiff(from old: ObjectID?, to new: ObjectID?, oldPath: String, newPath: String,
                            contextLines: Int = 3) throws -> String {
        let operation = "diff '\(newPath)'"
        var options = git_diff_options()
        try check(git_diff_options_init(&options, UInt32(GIT_DIFF_OPTIONS_VERSION)), operation)
        options.context_lines = UInt32(max(0, contextLines))
        // Diffed as the work tree has them (decrypted), not as stored.
        let oldData = try old.map { try blobData($0, path: oldPath) }
        let newData = try new.map { try blobData($0, path: newPath) }
        // libgit2 reads the buffers until the patch is freed, and tells a missing file (nil) from an empty one.
        let oldBuffer = oldData.map(Repository.copy)
        defer { oldBuffer.map { free($0.pointer) } }
        let newBuffer = newData.map(Repository.copy)
        defer { newBuffer.map { free($0.pointer) } }
        var patch: OpaquePointer?
        try check(git_patch_from_buffers(&patch, oldBuffer?.pointer, oldBuffer?.count ?? 0, oldPath,
                                         newBuffer?.pointer, newBuffer?.count ?? 0, newPath, &options), operation)
        guard let patch else { return "" }
        defer { git_patch_free(patch) }
        var buffer = git_buf()
        defer { git_buf_dispose(&buffer) }
        try check(git_patch_to_buf(&buffer, patch), operation)
        guard let raw = buffer.ptr, buffer.size > 0 else { return "" }
        return String(decoding: UnsafeRawBufferPointer(start: raw, count: Int(buffer.size)), as: UTF8.self)
    }

    func withTree<Result>(of commitID: ObjectID, operation: String,
                                  _ body: (OpaquePointer) throws -> Result) throws -> Result {
        var oid = try commitID.raw(for: operation)
        var commit: OpaquePointer?
        try check(git_commit_lookup(&commit, pointer, &oid), reading: oid, operation)
        defer { git_commit_free(commit) }
        var tree: OpaquePointer?
        if let treeID = git_commit_tree_id(commit) {
            try check(git_commit_tree(&tree, commit), reading: treeID.pointee, operation)
        } else {
            try check(git_commit_tree(&tree, commit), operation)
        }
        defer { git_tree_free(tree) }
        guard let tree else {
            throw GitError(operation: operation, code: -1, message: "commit \(commitID.short) has no tree")
        }
        return try body(tree)
    }
}

extension ObjectID {
    /// An id from its 40-character hex form (any case); nil for anything else.
    public init?(hex text: String) {
        guard text.utf8.count == Int(GIT_OID_HEXSZ), text.allSatisfy(\.isHexDigit) else { return nil }
        hex = text.lowercased()
    }
}

extension Repository {
    /// `data` in memory of its own (never a null pointer, even when empty); the caller frees it.
    fileprivate static func copy(_ data: Data) -> (pointer: UnsafeMutableRawPointer?, count: Int) {
        let pointer = malloc(max(1, data.count))
        if let pointer { data.withUnsafeBytes { bytes in _ = memcpy(pointer, bytes.baseAddress ?? UnsafeRawPointer(pointer), data.count) } }
        return (pointer, data.count)
    }
}
