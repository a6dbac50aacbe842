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
    /// Removes the temporary files that `writeAtomically` leaves when the process is killed before
    /// its rename, for the files at `paths` (relative to `root`).
    static func removeLeftoverTemporaries(of paths: [String], in root: String) {
        var byFolder: [String: Set<String>] = [:]
        for path in paths {
            byFolder[(path as NSString).deletingLastPathComponent, default: []].insert((path as NSString).lastPathComponent)
        }
        for (folder, names) in byFolder {
            let full = folder.isEmpty ? root : root + "/" + folder
            for item in (try? FileManager.default.contentsOfDirectory(atPath: full)) ?? [] where item.hasPrefix(".") {
                guard let range = item.range(of: ".tmp-", options: .backwards),
                      names.contains(String(item[item.index(after: item.startIndex)..<range.lowerBound])) else { continue }
                unlink(full + "/" + item)
            }
        }
    }

    /// Writes `data` to `path` atomically: a temporary file in the same folder, fsync, rename, fsync of the folder.
    static func writeAtomically(_ data: Data, to path: String) throws(JournalError) {
        let folder = (path as NSString).deletingLastPathComponent
        try makeFolder(folder)
        let name = (path as NSString).lastPathComponent
        var template = Array("\(folder)/.\(name).tmp-XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.map { mkstemp($0) } ?? -1 }
        guard fd >= 0 else { throw .io(path, errnoText()) }
        let tempPath = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var ok = false
        defer {
            if !ok { unlink(tempPath) }
        }
        let written = data.withUnsafeBytes { buffer -> Bool in
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
        guard written, fchmod(fd, 0o644) == 0, fsync(fd) == 0 else {
            let reason = errnoText()
            close(fd)
            throw .io(path, reason)
        }
        close(fd)
        guard rename(tempPath, path) == 0 else { throw .io(path, errnoText()) }
        ok = true
        syncFolder(folder)
    }

    static func syncFolder(_ folder: String) {
        let fd = open(folder, O_RDONLY | O_DIRECTORY)
        if fd >= 0 {
            fsync(fd)
            close(fd)
        }
    }

    static func makeFolder(_ path: String) throws(JournalError) {
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw .io(path, error.localizedDescription)
        }
    }

    static func read(_ path: String) throws(JournalError) -> Data {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .io(path, exists(path) ? Say.cannotRead : Say.noSuchFile)
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

    /// Every file under `folder`, relative to `base`; hidden folders are skipped.
    static func files(under folder: String, relativeTo base: String) -> [String] {
        var found: [String] = []
        let prefix = base.hasSuffix("/") ? base : base + "/"
        func walk(_ dir: String) {
            guard let handle = opendir(dir) else { return }
            defer { closedir(handle) }
            while let item = readdir(handle) {
                let name = withUnsafeBytes(of: item.pointee.d_name) { raw in
                    String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
                }
                if name == "." || name == ".." { continue }
                let full = dir + "/" + name
                var kind = item.pointee.d_type
                if kind == UInt8(DT_UNKNOWN) || kind == UInt8(DT_LNK) {
                    var info = stat()
                    guard stat(full, &info) == 0 else { continue }
                    kind = (info.st_mode & S_IFMT) == S_IFDIR ? UInt8(DT_DIR) : UInt8(DT_REG)
                }
                if kind == UInt8(DT_DIR) {
                    if !name.hasPrefix(".") { walk(full) }
                } else if kind == UInt8(DT_REG) {
                    found.append(String(full.dropFirst(prefix.count)))
                }
            }
        }
        walk(folder)
        return found
    }

    /// Removes a file; one already gone is fine.
    static func remove(_ path: String) throws(JournalError) {
        if unlink(path) != 0 && errno != ENOENT { throw .io(path, errnoText()) }
    }

    static func errnoText() -> String { String(cString: strerror(errno)) }
}

/// The writers' lock: flock(2) on `.git/journal/lock`, held for the local steps of a
/// command only. The kernel drops it when its process dies, so a killed writer never blocks the next.
final class WriterLock {
    private let fd: Int32

    init(path: String, timeout: TimeInterval) throws(JournalError) {
        fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw .io(path, FileSystem.errnoText()) }
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
    }

    deinit {
        flock(fd, LOCK_UN)
        close(fd)
    }
}
