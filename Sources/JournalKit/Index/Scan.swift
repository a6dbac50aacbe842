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

/// A file's key and stamp as the snapshot keeps them, a folder's files to a blob (`folder.stamps`), in key order:
/// a folder whose blob is the same bytes as the walk's has no file that changed.
/// (Plain 64-bit values only, so that its bytes are the blob.)
struct PackedStamp: Equatable {
    var key: Int64
    var stamp: FileStamp

    static func pack(_ stamps: [PackedStamp]) -> Data { stamps.withUnsafeBytes { Data($0) } }

    static func unpack(_ data: Data) -> [PackedStamp] {
        let count = data.count / MemoryLayout<PackedStamp>.stride
        return [PackedStamp](unsafeUninitializedCapacity: count) { buffer, initialized in
            data.withUnsafeBytes { raw in
                _ = memcpy(buffer.baseAddress!, raw.baseAddress!, count * MemoryLayout<PackedStamp>.stride)
            }
            initialized = count
        }
    }
}

/// The stat walk that keeps the snapshot honest: every tracked file of the journal with its stamp.
/// It runs before every command, so it avoids building a Swift string per file: files are known by
/// a 64-bit hash of their path, and a path is spelled out only for the few files that changed. Each
/// folder's stamps come out packed and sorted as the snapshot keeps them, so that comparing a folder
/// with its last picture is one comparison of bytes.
struct Scan {
    /// Folders whose files the tool versions; `entries` holds the entries.
    static let folders = ["entries", "attachments", "templates"]
    static let files = ["journal.yml"]

    struct File {
        var key: UInt64
        var stamp: FileStamp
        var part: Int32
        var folder: Int32
        var nameStart: Int32
        var nameLength: Int32
    }

    /// The files one task found: their folders (relative paths) and names, packed; for each folder with
    /// files, where they are in `files` (sorted by key) and their stamps packed.
    final class Part: @unchecked Sendable {
        var folders: [String] = []
        var names: [UInt8] = []
        var files: [File] = []
        var ranges: [(folder: Int32, files: Range<Int>, stamps: Data)] = []

        /// Sorts the files added since `start` (one folder's) by key and packs their stamps.
        func closeFolder(_ folder: Int32, from start: Int) {
            guard start < files.count else { return }
            // Sorted as (key, position) pairs, 16 bytes each, then put in that order: moving whole 56-byte
            // records was 5 % of a walk's time.
            var order = (start..<files.count).map { (key: Int64(bitPattern: files[$0].key), at: $0) }
            order.sort { $0.key < $1.key }
            let sorted = order.map { files[$0.at] }
            files.replaceSubrange(start..., with: sorted)
            let stamps = sorted.map { PackedStamp(key: Int64(bitPattern: $0.key), stamp: $0.stamp) }
            ranges.append((folder, start..<files.count, PackedStamp.pack(stamps)))
        }
    }

    private(set) var parts: [Part] = []

    func path(of file: File) -> String {
        let part = parts[Int(file.part)]
        let start = Int(file.nameStart)
        let name = String(decoding: part.names[start..<(start + Int(file.nameLength))], as: UTF8.self)
        let folder = part.folders[Int(file.folder)]
        return folder.isEmpty ? name : folder + "/" + name
    }

    /// FNV-1a, 64 bits: the key of a path.
    static func key(_ path: String) -> UInt64 {
        var hash = fnvBasis
        for byte in path.utf8 { hash = (hash ^ UInt64(byte)) &* fnvPrime }
        return hash
    }

    static let fnvBasis: UInt64 = 0xcbf2_9ce4_8422_2325
    static let fnvPrime: UInt64 = 0x100_0000_01b3

    /// A walk going on in the background: `finish` waits for it.
    final class Walk: @unchecked Sendable {
        private let done = DispatchSemaphore(value: 0)
        private var result = Scan()

        fileprivate init(root: String) {
            Thread.detachNewThread { [self] in
                result = Scan.walk(root: root)
                done.signal()
            }
        }

        func finish() -> Scan {
            done.wait()
            return result
        }
    }

    /// Starts the walk on other threads, so that the caller can read the snapshot meanwhile.
    static func start(root: String) -> Walk { Walk(root: root) }

    /// Walks the tracked folders with readdir and fstatat, one subfolder (a year of entries) per task, on every core.
    static func walk(root: String) -> Scan {
        var scan = Scan()
        let top = Part()
        scan.parts.append(top)
        top.folders.append("")
        for file in files {
            var info = stat()
            guard lstat(root + "/" + file, &info) == 0 else { continue }
            Array(file.utf8).withUnsafeBytes { name in
                top.add(name: name, folder: 0, folderHash: fnvBasis, stamp: stamp(info), part: 0)
            }
        }
        top.closeFolder(0, from: 0)
        var units: [String] = []
        for folder in folders {
            units += walk(root: root, relative: folder, into: top, part: 0, descend: false)
        }
        let found = (0..<units.count).map { _ in Part() }
        let folders = units
        // One thread per core, each taking the next folder: stat calls are the cost, and they run in parallel.
        let next = Counter()
        let threads = max(2, ProcessInfo.processInfo.activeProcessorCount)
        let group = DispatchGroup()
        for _ in 0..<threads {
            group.enter()
            Thread.detachNewThread {
                while let index = next.take(below: folders.count) {
                    _ = walk(root: root, relative: folders[index], into: found[index], part: Int32(index + 1), descend: true)
                }
                group.leave()
            }
        }
        group.wait()
        scan.parts += found
        return scan
    }

    /// Adds the files of one folder to `part`; walks subfolders too when `descend`, else returns them.
    private static func walk(root: String, relative: String, into part: Part, part index: Int32, descend: Bool) -> [String] {
        let dirFD = open(root + "/" + relative, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard dirFD >= 0 else { return [] }
        guard let handle = fdopendir(dirFD) else {
            close(dirFD)
            return []
        }
        defer { closedir(handle) }
        let folder = Int32(part.folders.count)
        part.folders.append(relative)
        var folderHash = fnvBasis
        for byte in relative.utf8 { folderHash = (folderHash ^ UInt64(byte)) &* fnvPrime }
        folderHash = (folderHash ^ UInt64(UInt8(ascii: "/"))) &* fnvPrime
        var subfolders: [String] = []
        let firstFile = part.files.count
        let onlyMarkdown = relative.hasPrefix("entries")
        let nameOffset = MemoryLayout<dirent>.offset(of: \dirent.d_name) ?? 19
        while let item = readdir(handle) {
            let namePointer = UnsafeRawPointer(item).advanced(by: nameOffset).assumingMemoryBound(to: CChar.self)
            if namePointer[0] == 46 { continue }  // ".": also . and ..; hidden files are not the journal's
            let name = UnsafeRawBufferPointer(start: namePointer, count: strlen(namePointer))
            var info = stat()
            guard fstatat(dirFD, namePointer, &info, AT_SYMLINK_NOFOLLOW) == 0 else { continue }
            let kind = info.st_mode & S_IFMT
            if kind == S_IFDIR {
                subfolders.append(relative + "/" + String(decoding: name, as: UTF8.self))
            } else if kind == S_IFREG || kind == S_IFLNK, !onlyMarkdown || name.suffix(3).elementsEqual(".md".utf8) {
                part.add(name: name, folder: folder, folderHash: folderHash, stamp: stamp(info), part: index)
            }
        }
        part.closeFolder(folder, from: firstFile)
        guard descend else { return subfolders }
        for sub in subfolders { _ = walk(root: root, relative: sub, into: part, part: index, descend: true) }
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

    /// Now, in the nanoseconds file stamps use.
    static func clock() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
    }
}

/// Hands out 0, 1, 2, … to threads that share work.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0

    func take(below limit: Int) -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard value < limit else { return nil }
        value += 1
        return value - 1
    }
}

extension Scan.Part {
    func add(name: UnsafeRawBufferPointer, folder: Int32, folderHash: UInt64, stamp: FileStamp, part: Int32) {
        var key = folderHash
        for byte in name { key = (key ^ UInt64(byte)) &* Scan.fnvPrime }
        files.append(
            Scan.File(
                key: key, stamp: stamp, part: part, folder: folder, nameStart: Int32(names.count),
                nameLength: Int32(name.count)))
        names.append(contentsOf: name)
    }
}
