import CGit2
import Foundation

extension Repository {
    /// Writes the blobs of these work-tree files (relative paths) into the object database without
    /// syncing each one, then syncs the file system once. A commit of thousands of new files (an
    /// import) then costs one sync instead of one per file: `commit(paths:)` finds the blobs there.
    public func storeBlobs(_ paths: [String]) throws {
        // libgit2 reads the setting when a repository loads its object database: a second handle, opened
        // while it is off, writes without fsync.
        _ = cgit2_enable_fsync(0)
        defer { _ = cgit2_enable_fsync(1) }
        let unsynced = try Repository(at: workdir)
        for path in paths {
            var oid = git_oid()
            try check(git_blob_create_from_workdir(&oid, unsynced.pointer, path), "store '\(path)'")
        }
        sync()
    }
}
