import Dispatch
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What the snapshot remembers of a file to notice any change: an edit in place, by rename,
/// or of the same size within the same second all change one of these.
struct FileStamp: Equatable, Sendable {
    var size: Int64
    var mtime: Int64  // nanoseconds
    var ctime: Int64  // nanoseconds
    var inode: Int64
}

/// The stat walk that keeps the snapshot honest: every tracked file of the journal with its stamp.
enum Scan {
    /// Folders whose files the tool versions; `entries` holds the entries.
    static let folders = ["entries", "attachments", "templates"]
    static let files = ["journal.yml"]

    /// Walks the tracked folders with readdir and fstatat, one subfolder (a year of entries) per task, on every core.
    static func walk(root: String) -> [String: FileStamp] {
        var result: [String: FileStamp] = [:]
        for file in files {
            if let stamp = stamp(of: root + "/" + file) { result[file] = stamp }
        }
        var units: [String] = []
        for folder in folders {
            units += walk(root: root, relative: folder, into: &result, descend: false)
        }
        let parts = Parts(count: units.count)
        let folders = units
        DispatchQueue.concurrentPerform(iterations: folders.count) { index in
            var found: [String: FileStamp] = [:]
            _ = walk(root: root, relative: folders[index], into: &found, descend: true)
            parts.set(index, found)
        }
        for part in parts.values { result.merge(part) { first, _ in first } }
        return result
    }

    /// Results of parallel tasks, each writing its own slot.
    private final class Parts: @unchecked Sendable {
        private let lock = NSLock()
        private(set) var values: [[String: FileStamp]]
        init(count: Int) { values = Array(repeating: [:], count: count) }
        func set(_ index: Int, _ value: [String: FileStamp]) {
            lock.lock()
            values[index] = value
            lock.unlock()
        }
    }

    /// Adds the files of one folder to `found`; walks subfolders too when `descend`, else returns them.
    private static func walk(root: String, relative: String, into found: inout [String: FileStamp], descend: Bool)
        -> [String]
    {
        let dirFD = open(root + "/" + relative, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard dirFD >= 0 else { return [] }
        guard let handle = fdopendir(dirFD) else {
            close(dirFD)
            return []
        }
        defer { closedir(handle) }
        var subfolders: [String] = []
        let entries = relative.hasPrefix("entries")
        while let item = readdir(handle) {
            let name = entryName(item)
            if name.hasPrefix(".") { continue }  // also . and ..: hidden files are not the journal's
            var info = stat()
            guard fstatat(dirFD, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { continue }
            let kind = info.st_mode & S_IFMT
            if kind == S_IFDIR {
                subfolders.append(relative + "/" + name)
            } else if kind == S_IFREG || kind == S_IFLNK, !entries || name.hasSuffix(".md") {
                found[relative + "/" + name] = stamp(info)
            }
        }
        guard descend else { return subfolders }
        for folder in subfolders { _ = walk(root: root, relative: folder, into: &found, descend: true) }
        return []
    }

    static func stamp(of path: String) -> FileStamp? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        return stamp(info)
    }

    private static func stamp(_ info: stat) -> FileStamp {
        FileStamp(
            size: Int64(info.st_size),
            mtime: Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec),
            ctime: Int64(info.st_ctim.tv_sec) * 1_000_000_000 + Int64(info.st_ctim.tv_nsec),
            inode: Int64(bitPattern: UInt64(info.st_ino)))
    }

    private static func entryName(_ item: UnsafeMutablePointer<dirent>) -> String {
        withUnsafeBytes(of: item.pointee.d_name) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
    }

    /// Now, in the nanoseconds file stamps use.
    static func clock() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
    }
}
