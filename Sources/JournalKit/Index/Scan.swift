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
    static let folders = [Journal.entriesFolder, Journal.attachmentsFolder, Journal.templatesFolder]
    static let files = [Journal.settingsFile]

    /// A file as readdir gives it, until its folder is closed.
    struct Found {
        var key: Int64
        var stamp: FileStamp
        var name: NameSpan
    }

    /// Where a file's name is in its folder's `names`.
    struct NameSpan {
        var start: Int32
        var length: Int32
    }

    /// One folder's files as the snapshot packs them (`stamps`, sorted by key), with their names alongside.
    /// Only what the comparison needs is kept, once, in arrays made at their size: at 100,000 files every
    /// byte per file is 100 kB of fresh pages that the kernel must fault in and zero, and growing one big
    /// array copies it into fresh pages again.
    struct Folder {
        /// Relative to the journal ("" for its own folder).
        var path: String
        var stamps: [PackedStamp]
        var spans: [NameSpan]
        var names: [UInt8]

        /// Whether the files are, byte for byte, the snapshot's `stored` picture of them.
        func same(as stored: Data?) -> Bool {
            guard let stored, stored.count == stamps.count * MemoryLayout<PackedStamp>.stride else { return false }
            return stamps.withUnsafeBytes { mine in
                stored.withUnsafeBytes { theirs in memcmp(mine.baseAddress!, theirs.baseAddress!, theirs.count) == 0 }
            }
        }

        /// The journal-relative path of the file at `index` of `stamps`.
        func path(of index: Int) -> String {
            let span = spans[index]
            let start = Int(span.start)
            let name = String(decoding: names[start..<(start + Int(span.length))], as: UTF8.self)
            return path.isEmpty ? name : path + "/" + name
        }
    }

    /// The folders one task walked, and the buffers it reads a folder into, reused from folder to folder.
    final class Part: @unchecked Sendable {
        var folders: [Folder] = []
        private var spare: (found: [Found], names: [UInt8]) = ([], [])

        /// The buffers, empty, for a folder's files: held in the walk's own variables while it reads, where the
        /// compiler checks their exclusive use once, not at each file as for a class's properties.
        func takeBuffers() -> (found: [Found], names: [UInt8]) {
            defer { spare = ([], []) }
            return spare
        }

        /// The folder's files in `found` (named in `names`), sorted by key, become the folder `path`; the buffers
        /// come back, emptied, for the next folder.
        func closeFolder(_ path: String, _ found: inout [Found], _ names: inout [UInt8]) {
            defer {
                found.removeAll(keepingCapacity: true)
                names.removeAll(keepingCapacity: true)
                spare = (found, names)
            }
            guard !found.isEmpty else { return }
            // Sorted as (key, position) pairs, then put in that order: moving whole records was 5 % of a walk's time.
            var order = found.indices.map { (key: found[$0].key, at: $0) }
            order.sort { $0.key < $1.key }
            let stamps = order.map { PackedStamp(key: $0.key, stamp: found[$0.at].stamp) }
            let spans = order.map { found[$0.at].name }
            folders.append(Folder(path: path, stamps: stamps, spans: spans, names: names))
        }

        /// The folder `path` of these files (the journal's own, whose few files are looked at by name).
        func closeFolder(_ path: String, adding files: [(name: String, stamp: FileStamp)]) {
            var (found, names) = takeBuffers()
            for file in files {
                Array(file.name.utf8).withUnsafeBytes { Scan.add($0, folderHash: fnvBasis, stamp: file.stamp, to: &found, &names) }
            }
            closeFolder(path, &found, &names)
        }
    }

    /// A file of a folder being read: its key is the folder's hash carried on over the name (FNV-1a).
    private static func add(
        _ name: UnsafeRawBufferPointer, folderHash: UInt64, stamp: FileStamp, to found: inout [Found], _ names: inout [UInt8]
    ) {
        var key = folderHash
        for byte in name { key = (key ^ UInt64(byte)) &* fnvPrime }
        found.append(Found(key: Int64(bitPattern: key), stamp: stamp, name: NameSpan(start: Int32(names.count), length: Int32(name.count))))
        names.append(contentsOf: name)
    }

    /// Every folder with files, each once.
    private(set) var folders: [Folder] = []

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

    /// The files of the named folders only (relative to the journal, "" for its own files; subfolders are not
    /// descended into): what a watcher that saw those folders change has to look at. A folder that is gone
    /// or holds no listed file is absent from the result.
    static func walk(root: String, only folders: Set<String>) -> Scan {
        var scan = Scan()
        let part = Part()
        for folder in folders.sorted() {
            if folder.isEmpty {
                part.closeFolder("", adding: files.compactMap { file in
                    var info = stat()
                    return lstat(root + "/" + file, &info) == 0 ? (file, stamp(info)) : nil
                })
            } else if self.folders.contains(where: { folder == $0 || folder.hasPrefix($0 + "/") }) {
                _ = walk(root: root, relative: folder, into: part, descend: false)
            }
        }
        scan.folders = part.folders
        return scan
    }

    /// Walks the tracked folders with readdir and fstatat, one subfolder (a year of entries) per task, on every core.
    static func walk(root: String) -> Scan {
        var scan = Scan()
        let top = Part()
        top.closeFolder("", adding: files.compactMap { file in
            var info = stat()
            return lstat(root + "/" + file, &info) == 0 ? (file, stamp(info)) : nil
        })
        var units: [String] = []
        for folder in folders {
            units += walk(root: root, relative: folder, into: top, descend: false)
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
                    _ = walk(root: root, relative: folders[index], into: found[index], descend: true)
                }
                group.leave()
            }
        }
        group.wait()
        scan.folders = top.folders + found.flatMap(\.folders)
        return scan
    }

    /// Adds the files of one folder to `part`; walks subfolders too when `descend`, else returns them.
    private static func walk(root: String, relative: String, into part: Part, descend: Bool) -> [String] {
        let dirFD = open(root + "/" + relative, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard dirFD >= 0 else { return [] }
        guard let handle = fdopendir(dirFD) else {
            close(dirFD)
            return []
        }
        defer { closedir(handle) }
        var folderHash = fnvBasis
        for byte in relative.utf8 { folderHash = (folderHash ^ UInt64(byte)) &* fnvPrime }
        folderHash = (folderHash ^ UInt64(UInt8(ascii: "/"))) &* fnvPrime
        var subfolders: [String] = []
        let onlyMarkdown = relative.hasPrefix(Journal.entriesFolder)
        let nameOffset = MemoryLayout<dirent>.offset(of: \dirent.d_name) ?? 19
        var (found, names) = part.takeBuffers()
        while let item = readdir(handle) {
            let namePointer = UnsafeRawPointer(item).advanced(by: nameOffset).assumingMemoryBound(to: CChar.self)
            if namePointer[0] == 46 { continue }  // ".": also . and ..; hidden files are not the journal's
            let length = strlen(namePointer)
            let name = UnsafeRawBufferPointer(start: namePointer, count: length)
            var info = stat()
            guard fstatat(dirFD, namePointer, &info, AT_SYMLINK_NOFOLLOW) == 0 else { continue }
            // The kinds by their values (Glibc's S_IFMT and the rest are functions, called at every file).
            let kind = info.st_mode & 0o170000
            if kind == 0o040000 {
                subfolders.append(relative + "/" + String(decoding: name, as: UTF8.self))
            } else if kind == 0o100000 || kind == 0o120000, !onlyMarkdown || isMarkdown(name) {
                add(name, folderHash: folderHash, stamp: stamp(info), to: &found, &names)
            }
        }
        part.closeFolder(relative, &found, &names)
        guard descend else { return subfolders }
        for sub in subfolders { _ = walk(root: root, relative: sub, into: part, descend: true) }
        return []
    }

    /// Whether a file's name ends in `.md`, which makes a file under `entries/` one the walk lists: by its bytes,
    /// at every file of the walk.
    static func isMarkdown(_ name: UnsafeRawBufferPointer) -> Bool {
        let count = name.count
        return count >= 3 && name[count - 3] == UInt8(ascii: ".") && name[count - 2] == UInt8(ascii: "m")
            && name[count - 1] == UInt8(ascii: "d")
    }

    /// Whether the walk lists a file at `path` (relative, as bytes), by the rules of `walk`, which compares
    /// bytes too: for files the walk cannot look at yet (a clone's plan).
    static func lists(file path: [UInt8]) -> Bool {
        let parts = path.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
        guard parts.count > 1 else { return files.contains { path.elementsEqual($0.utf8) } }
        return folders.contains { parts[0].elementsEqual($0.utf8) }
            && parts.allSatisfy { !$0.isEmpty && $0.first != UInt8(ascii: ".") }
            && (!parts[0].elementsEqual(Journal.entriesFolder.utf8) || parts[parts.count - 1].withUnsafeBytes(isMarkdown))
    }

    static func stamp(of path: String) -> FileStamp? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        return stamp(info)
    }

    static func stamp(_ info: stat) -> FileStamp {
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
