import CGit2
import CGitTLS
import Foundation

/// git's index file (`.git/index`) as bytes, for a commit of a few paths: read once, the few entries put or
/// removed, the trees of the folders they are in written, and the file written back with every other entry
/// copied as it was. libgit2 parses every entry into a hash map, rebuilds its cache of trees by reading
/// every tree of HEAD after writing one, and hashes the file with its collision-detecting SHA-1: 114 ms of
/// a commit in a journal of 100,000 entries, where this took 27, and takes 19 since it maps the file and
/// hashes on another thread, the file read while the blobs and trees are stored, the one written while it is
/// written (BENCHMARKS.md).
///
/// Only the plain case is handled: index version 2 or 3 with no entry using extended flags or marked
/// assume-unchanged, no conflicts, and no extension but the cache of trees (`TREE`). Anything else (`init`
/// returns nil) is left to libgit2.
struct IndexFile {
    /// The file read, mapped and never written to: reading 10 MB into fresh memory cost 5 ms of each commit
    /// at 100,000 entries, mapping it 0.2.
    private let file: Mapping
    /// The entries put or changed since, each a whole record; their offsets follow the file's
    /// (`file.count + i` is `added[i]`).
    private var added: [UInt8] = []
    /// Where each entry starts (in the file, or in `added`), in git's order (path bytes).
    private var entries: [Int]
    private let version: UInt32
    /// The cache of trees, when the file had one.
    private var tree: TreeNode?
    /// When the file was last written (its mtime).
    private let stamp: timespec
    /// The file's trailing checksum, being checked (`checksumMatches`).
    private let checking: Checksum?

    /// A file mapped read-only, unmapped with the last copy of the index that reads it.
    final class Mapping: @unchecked Sendable {
        let bytes: UnsafeBufferPointer<UInt8>
        init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }
        var count: Int { bytes.count }
        deinit { if let base = bytes.baseAddress { munmap(UnsafeMutableRawPointer(mutating: base), bytes.count) } }
    }

    /// One folder of the cache: git's `TREE` extension. `count` is the number of entries below it (all
    /// levels), -1 when its tree is not known.
    final class TreeNode {
        let name: [UInt8]
        var count: Int
        var id: [UInt8]
        var children: [TreeNode]
        init(name: [UInt8], count: Int = -1, id: [UInt8] = [], children: [TreeNode] = []) {
            self.name = name
            self.count = count
            self.id = id
            self.children = children
        }
    }

    /// An index of version 2 with no entries and no cache of trees, for `append`.
    init() {
        file = Mapping(UnsafeBufferPointer(start: nil, count: 0))
        entries = []
        version = 2
        tree = nil
        stamp = timespec()
        checking = nil
    }

    /// Reads the index open for reading at `descriptor`; nil when it is not the plain case (libgit2 then reads
    /// it, and reports what is wrong). Its checksum is checked meanwhile: ask `checksumMatches()` before putting a
    /// new index in its place. Until then the file may be damaged, so nothing here trusts a count or a length it holds.
    /// The check is skipped when the file is still the one this tool last wrote: `written` is that file's
    /// `identity`, and the file has not been replaced or written to since.
    init?(descriptor: Int32, written: [UInt8]? = nil) {
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_size >= 32, info.st_size < Int(Int32.max) else { return nil }
        let size = Int(info.st_size)
        stamp = info.st_mtim
        // Mapped, as git maps it: writers replace the file by renaming a new one over it, under the lock the
        // caller holds, so these bytes stay as they are.
        guard let base = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0),
            base != UnsafeMutableRawPointer(bitPattern: -1)
        else { return nil }
        file = Mapping(UnsafeBufferPointer(start: base.assumingMemoryBound(to: UInt8.self), count: size))
        let bytes = file.bytes
        guard Array(bytes[0..<4]) == Array("DIRC".utf8) else { return nil }
        version = IndexFile.uint32(bytes, 4)
        guard version == 2 || version == 3 else { return nil }
        // The trailing checksum, as git writes it, is checked meanwhile, while the commit stores its blobs and
        // trees. An all-zero one (index.skipHash) is left to libgit2.
        guard bytes[(size - 20)...].contains(where: { $0 != 0 }) else { return nil }
        if let written, written == IndexFile.identity(info, checksum: bytes[(size - 20)...]) {
            checking = nil
        } else {
            checking = Checksum(of: [UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(bytes)[..<(size - 20)])],
                                keeping: file)
        }

        let count = Int(IndexFile.uint32(bytes, 8))
        var offset = 12
        var entries: [Int] = []
        entries.reserveCapacity(min(count, (size - 32) / 62) + 4)
        for _ in 0..<count {
            guard offset + 62 <= size - 20 else { return nil }
            let flags = UInt16(bytes[offset + 60]) << 8 | UInt16(bytes[offset + 61])
            // Extended flags (intent-to-add, skip-worktree) and conflict stages change what a tree holds;
            // an entry marked assume-unchanged (`git update-index --assume-unchanged`) is git's to keep.
            guard flags & 0xC000 == 0, flags & 0x3000 == 0,
                let length = IndexFile.entryLength(bytes, at: offset, limit: size - 20)
            else { return nil }
            entries.append(offset)
            offset += length
        }
        self.entries = entries
        // Extensions: only the cache of trees is understood; any other is left to libgit2.
        tree = nil
        while offset + 8 <= size - 20 {
            let signature = Array(bytes[offset..<(offset + 4)])
            let length = Int(IndexFile.uint32(bytes, offset + 4))
            guard offset + 8 + length <= size - 20, signature == Array("TREE".utf8) else { return nil }
            var cursor = offset + 8
            guard let root = IndexFile.readTree(bytes, &cursor, end: offset + 8 + length, depth: 0),
                cursor == offset + 8 + length
            else { return nil }
            tree = root
            offset += 8 + length
        }
        guard offset == size - 20 else { return nil }
    }

    /// What tells the index file whose status is `info` and trailing checksum `checksum` from any other: its
    /// device, inode, size, modification and change times, and that checksum. git and libgit2 replace the index
    /// by renaming a new file over it (a new inode and change time), and a write in place moves the change time,
    /// which only the system sets. What this cannot see: a write in place within the same tick of the file
    /// system's clock (a few milliseconds; a second on ext4 with small inodes, and FAT's change time follows
    /// the modification time), or damage below the file system. git itself checks the checksum of no index it
    /// reads; this spares hashing 10 MB (4.5 ms) on each commit at 100,000 entries.
    static func identity(_ info: stat, checksum: some Sequence<UInt8>) -> [UInt8] {
        let numbers = [UInt64(info.st_dev), UInt64(info.st_ino), UInt64(info.st_size),
                       UInt64(bitPattern: Int64(info.st_mtim.tv_sec)), UInt64(info.st_mtim.tv_nsec),
                       UInt64(bitPattern: Int64(info.st_ctim.tv_sec)), UInt64(info.st_ctim.tv_nsec)]
        return numbers.flatMap { withUnsafeBytes(of: $0) { Array($0) } } + checksum
    }

    /// Whether the file read ends with the checksum of what it holds (git's, an all-zero one from
    /// index.skipHash is not), or is the one this tool wrote last (`identity`). Waits for the check begun when
    /// it was read; no new index may take its place before this says yes.
    func checksumMatches() -> Bool {
        guard let checking else { return true }
        return checking.sum().map { $0.elementsEqual(file.bytes[(file.count - 20)...]) } ?? false
    }

    /// `body` given the bytes from the entry at `offset` to the end of the part (file or added) it is in.
    private func withEntry<R>(at offset: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        if offset < file.count { return body(UnsafeBufferPointer(rebasing: file.bytes[offset...])) }
        return added.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[(offset - file.count)...])) }
    }

    // MARK: Entries

    /// The path of the entry at `offset`.
    private func path(at offset: Int) -> [UInt8] {
        withEntry(at: offset) { entry in
            let length = Int(IndexFile.uint16(entry, 60) & 0xFFF)
            if length < 0xFFF { return Array(entry[62..<(62 + length)]) }
            var end = 62
            while entry[end] != 0 { end += 1 }
            return Array(entry[62..<end])
        }
    }

    /// The 32-bit number `at` bytes into the entry at `offset`.
    private func uint32(_ offset: Int, at field: Int) -> UInt32 {
        if offset < file.count { return IndexFile.uint32(file.bytes, offset + field) }
        return withEntry(at: offset) { IndexFile.uint32($0, field) }
    }

    /// Gives the bytes `field` of the entry at `position` (its stat data, say) the value `bytes`, as many: in
    /// place when the entry was added since the file was read, else in a copy of the entry, added.
    private mutating func replace(_ field: Range<Int>, ofEntry position: Int, with bytes: [UInt8]) {
        let offset = entries[position]
        if offset >= file.count {
            let start = offset - file.count
            added.replaceSubrange((start + field.lowerBound)..<(start + field.upperBound), with: bytes)
        } else {
            let record = UnsafeBufferPointer(rebasing: file.bytes[offset...])
            let length = IndexFile.entryLength(record, at: 0, limit: record.count)!
            entries[position] = file.count + added.count
            added.append(contentsOf: record[0..<field.lowerBound])
            added.append(contentsOf: bytes)
            added.append(contentsOf: record[field.upperBound..<length])
        }
    }

    /// Where `path` is in `entries`, or where it would go.
    private func position(of path: [UInt8]) -> (index: Int, found: Bool) {
        var low = 0
        var high = entries.count
        while low < high {
            let middle = (low + high) / 2
            let order = IndexFile.compare(self.path(at: entries[middle]), path)
            if order == 0 { return (middle, true) }
            if order < 0 { low = middle + 1 } else { high = middle }
        }
        return (low, false)
    }

    func contains(_ path: String) -> Bool { position(of: Array(path.utf8)).found }

    /// The entry for `name` with `entry`'s stat data, mode and blob, as the file has it.
    private static func record(_ name: [UInt8], _ entry: git_index_entry) -> [UInt8] {
        var record = [UInt8]()
        record.reserveCapacity(62 + name.count + 8)
        appendStatData(entry, to: &record)
        withUnsafeBytes(of: entry.id) { record.append(contentsOf: $0) }
        let flags = UInt16(min(name.count, 0xFFF))
        record.append(UInt8(flags >> 8))
        record.append(UInt8(flags & 0xFF))
        record.append(contentsOf: name)
        let length = (62 + name.count + 8) & ~7
        record.append(contentsOf: repeatElement(0, count: length - record.count))
        return record
    }

    /// The first 40 bytes of an entry: its stat data and mode.
    private static func appendStatData(_ entry: git_index_entry, to record: inout [UInt8]) {
        for value in [
            UInt32(bitPattern: entry.ctime.seconds), entry.ctime.nanoseconds, UInt32(bitPattern: entry.mtime.seconds),
            entry.mtime.nanoseconds, entry.dev, entry.ino, entry.mode, entry.uid, entry.gid, entry.file_size,
        ] {
            IndexFile.append(value, to: &record)
        }
    }

    /// Gives the entry at `position` (in the index's order) `entry`'s stat data and mode; its path and blob, and
    /// so the cache of trees, stay as they are.
    mutating func restamp(_ position: Int, with entry: git_index_entry) {
        var statData: [UInt8] = []
        IndexFile.appendStatData(entry, to: &statData)
        replace(0..<40, ofEntry: position, with: statData)
    }

    /// Adds `path` (bytes) after every entry: the caller adds them in git's order, each once.
    mutating func append(_ path: [UInt8], _ entry: git_index_entry) {
        entries.append(file.count + added.count)
        added.append(contentsOf: IndexFile.record(path, entry))
    }

    /// Puts `path` with `entry`'s stat data, mode and blob in place of what it had (the entry is marked
    /// changed in the cache of trees).
    mutating func put(_ path: String, _ entry: git_index_entry) {
        let name = Array(path.utf8)
        let offset = file.count + added.count
        added.append(contentsOf: IndexFile.record(name, entry))
        // As `git add` does: a file where a folder was replaces the folder's entries, and a file inside what
        // was a file replaces that file.
        let folder = name + [UInt8(ascii: "/")]
        let below = position(of: folder).index
        if below < entries.count, self.path(at: entries[below]).starts(with: folder) {
            entries.removeSubrange(below..<endOfFolder(folder, from: below, to: entries.count))
        }
        for (i, byte) in name.enumerated() where byte == UInt8(ascii: "/") { remove(Array(name[..<i])) }
        let (index, found) = position(of: name)
        if found { entries[index] = offset } else { entries.insert(offset, at: index) }
        invalidate(name)
    }

    /// Removes `path`, if the index has it.
    mutating func remove(_ path: String) { remove(Array(path.utf8)) }

    private mutating func remove(_ name: [UInt8]) {
        let (index, found) = position(of: name)
        guard found else { return }
        entries.remove(at: index)
        invalidate(name)
    }

    /// Marks every folder above `path` in the cache of trees as changed.
    private func invalidate(_ path: [UInt8]) {
        guard var node = tree else { return }
        node.count = -1
        for name in path.split(separator: UInt8(ascii: "/")).dropLast() {
            guard let child = node.children.first(where: { $0.name[...] == name }) else { return }
            child.count = -1
            node = child
        }
    }

    /// git's rule for a racily clean entry: one whose file changed in the second the index was last written
    /// (or later) looks clean by its stat data whatever its bytes. Once the index is rewritten later, nothing
    /// would tell, so such an entry whose file no longer matches (`matches(path, mode, id)` false) gets size 0,
    /// which makes git and libgit2 compare its content, as they do when they write. By the second, as git
    /// compares them unless built with nanoseconds (Debian's is not).
    mutating func smudgeRacilyClean(except fresh: Int, matches: ([UInt8], UInt32, [UInt8]) -> Bool) {
        let seconds = UInt32(truncatingIfNeeded: stamp.tv_sec)
        let racy = entries.indices.filter { entries[$0] < fresh && uint32(entries[$0], at: 8) >= seconds }
        for position in racy {
            let offset = entries[position]
            let id = withEntry(at: offset) { Array($0[40..<60]) }
            if !matches(path(at: offset), uint32(offset, at: 24), id) {
                replace(36..<40, ofEntry: position, with: [0, 0, 0, 0])
            }
        }
    }

    /// Where the entries appended by `put` start.
    var firstNewOffset: Int { file.count + added.count }

    // MARK: Trees

    /// Writes the tree of every folder the cache does not know (all of them without a cache) into `odb` and
    /// returns the root tree's id. The cache then knows every folder.
    mutating func writeTrees(into odb: OpaquePointer) throws -> git_oid {
        try writeTrees { data in
            var oid = git_oid()
            try check(git_odb_write(&oid, odb, data, data.count, GIT_OBJECT_TREE), "write the tree")
            return oid
        }
    }

    /// The same, each tree handed to `store`, which returns its id.
    mutating func writeTrees(_ store: ([UInt8]) throws -> git_oid) throws -> git_oid {
        let root = tree ?? TreeNode(name: [])
        tree = root
        try build(root, prefix: [], from: 0, to: entries.count, store: store)
        var oid = git_oid()
        withUnsafeMutableBytes(of: &oid) { $0.copyBytes(from: root.id) }
        return oid
    }

    /// The tree of the entries in `start..<end`, which all begin with `prefix` (a folder and `/`, or nothing).
    private func build(_ node: TreeNode, prefix: [UInt8], from start: Int, to end: Int,
                       store: ([UInt8]) throws -> git_oid) throws {
        var data = [UInt8]()
        var kept: [TreeNode] = []
        var i = start
        while i < end {
            let path = self.path(at: entries[i])
            let rest = path.dropFirst(prefix.count)
            if let slash = rest.firstIndex(of: UInt8(ascii: "/")) {
                let name = Array(rest[rest.startIndex..<slash])
                let childPrefix = prefix + name + [UInt8(ascii: "/")]
                let next = endOfFolder(childPrefix, from: i, to: end)
                let child = node.children.first { $0.name == name } ?? TreeNode(name: name)
                // A folder the cache knows, holding as many entries as it says, is taken as it is (as git and
                // libgit2 do); any other is written.
                if child.count != next - i || child.id.count != 20 {
                    try build(child, prefix: childPrefix, from: i, to: next, store: store)
                }
                data.append(contentsOf: Array("40000 ".utf8) + name + [0] + child.id)
                kept.append(child)
                i = next
            } else {
                let offset = entries[i]
                data.append(contentsOf: Array(String(uint32(offset, at: 24), radix: 8).utf8))
                data.append(UInt8(ascii: " "))
                data.append(contentsOf: rest)
                data.append(0)
                withEntry(at: offset) { data.append(contentsOf: $0[40..<60]) }
                i += 1
            }
        }
        let oid = try store(data)
        node.id = withUnsafeBytes(of: oid) { Array($0) }
        node.count = end - start
        node.children = kept
    }

    /// The first entry from `start` (which begins with `prefix`) that does not begin with it; entries are sorted,
    /// so those that do are one run.
    private func endOfFolder(_ prefix: [UInt8], from start: Int, to end: Int) -> Int {
        var low = start + 1
        var high = end
        while low < high {
            let middle = (low + high) / 2
            if path(at: entries[middle]).starts(with: prefix) { low = middle + 1 } else { high = middle }
        }
        return low
    }

    // MARK: Writing

    /// Writes the file to `descriptor`: header, entries, the cache of trees, checksum. Entries that follow each
    /// other in the file read are hashed and written as one piece, from where they were read.
    func write(to descriptor: Int32) -> Bool {
        write(to: descriptor) { () } != nil
    }

    /// `write(to:)`, running `meanwhile` once all but the checksum is written, while the checksum is computed
    /// (on another thread, for a large index); nil when a write fails (`meanwhile` has run when only the
    /// checksum's write failed).
    func write<T>(to descriptor: Int32, meanwhile: () throws -> T) rethrows -> T? {
        let head = Array("DIRC".utf8) + IndexFile.bigEndian(version) + IndexFile.bigEndian(UInt32(entries.count))
        var tail: [UInt8] = []
        if let tree {
            var body: [UInt8] = []
            IndexFile.writeTree(tree, into: &body)
            tail = Array("TREE".utf8) + IndexFile.bigEndian(UInt32(body.count)) + body
        }
        // Runs of entries that follow each other where they are (the file's never run into those added).
        var spans: [Range<Int>] = []
        for offset in entries {
            let end = offset + withEntry(at: offset) { IndexFile.entryLength($0, at: 0, limit: $0.count)! }
            if let last = spans.last, last.upperBound == offset {
                spans[spans.count - 1] = last.lowerBound..<end
            } else {
                spans.append(offset..<end)
            }
        }
        return try added.withUnsafeBufferPointer { added in
            let runs = spans.map { span -> UnsafeRawBufferPointer in
                if span.lowerBound < file.count {
                    return UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: file.bytes[span]))
                }
                let start = span.lowerBound - file.count
                return UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: added[start..<(start + span.count)]))
            }
            return try head.withUnsafeBytes { head in
                try tail.withUnsafeBytes { tail in
                    // Hashed while it is written; both read the same bytes, and `sum()` waits for the hash.
                    let pieces = [head] + runs + [tail]
                    let checksum = Checksum(of: pieces, keeping: file)
                    defer { _ = checksum.sum() }  // the pieces live only in this scope, whatever happens
                    guard pieces.allSatisfy({ writeAll(descriptor, $0) }) else { return nil }
                    let result = try meanwhile()
                    guard let sum = checksum.sum(), sum.withUnsafeBytes({ writeAll(descriptor, $0) }) else { return nil }
                    return result
                }
            }
        }
    }

    /// The SHA-1 of some bytes, on another thread when there are enough of them to be worth one (half a
    /// megabyte: an index of 5,000 entries). The bytes must stay as they are until `sum()` returns: the caller
    /// waits for it, and the mapping they may be in is kept until the hash is done.
    final class Checksum: @unchecked Sendable {
        private let done = DispatchSemaphore(value: 0)
        private var result: [UInt8]?
        private var waited = false

        private let pieces: [UnsafeRawBufferPointer]
        private let mapping: Mapping

        init(of pieces: [UnsafeRawBufferPointer], keeping mapping: Mapping) {
            self.pieces = pieces.filter { $0.count > 0 }
            self.mapping = mapping
            if pieces.reduce(0, { $0 + $1.count }) >= 512 * 1024 {
                Thread.detachNewThread { [self] in compute() }
            } else {
                compute()
            }
        }

        private func compute() {
            let vectors = pieces.map {
                iovec(iov_base: UnsafeMutableRawPointer(mutating: $0.baseAddress!), iov_len: $0.count)
            }
            var sum = [UInt8](repeating: 0, count: 20)
            result = cgittls_sha1_pieces(vectors, Int32(vectors.count), &sum) == 0 ? sum : nil
            done.signal()
        }

        /// The hash; nil when it could not be computed.
        func sum() -> [UInt8]? {
            if !waited {
                done.wait()
                waited = true
            }
            return result
        }
    }

    // MARK: Format

    /// The length of the entry at `offset` on disk (62 bytes of stat data, id and flags, the path, then 1 to 8
    /// NULs to a multiple of 8); nil when it runs past `limit`.
    private static func entryLength(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int, limit: Int) -> Int? {
        let declared = Int(UInt16(bytes[offset + 60] & 0x0F) << 8 | UInt16(bytes[offset + 61]))
        var length = declared
        if declared == 0xFFF {
            var end = offset + 62
            while end < limit, bytes[end] != 0 { end += 1 }
            length = end - offset - 62
        }
        let total = (62 + length + 8) & ~7
        guard offset + total <= limit, bytes[offset + 62 + length] == 0 else { return nil }
        return total
    }

    /// One folder of the `TREE` extension and those below it: name, NUL, entry count, space, folder count,
    /// newline, then the tree id when the count is not -1.
    /// A path holds at most 4,096 bytes, so no folder is deeper than 2,048: a deeper cache is damaged.
    private static func readTree(_ bytes: UnsafeBufferPointer<UInt8>, _ cursor: inout Int, end: Int, depth: Int)
        -> TreeNode?
    {
        guard depth <= 2048 else { return nil }
        guard let nul = bytes[cursor..<end].firstIndex(of: 0) else { return nil }
        let name = Array(bytes[cursor..<nul])
        cursor = nul + 1
        guard let space = bytes[cursor..<end].firstIndex(of: UInt8(ascii: " ")),
            let newline = bytes[space..<end].firstIndex(of: UInt8(ascii: "\n")),
            let count = Int(String(decoding: bytes[cursor..<space], as: UTF8.self)), count >= -1,
            let folders = Int(String(decoding: bytes[(space + 1)..<newline], as: UTF8.self)), folders >= 0
        else { return nil }
        cursor = newline + 1
        var id: [UInt8] = []
        if count >= 0 {
            guard cursor + 20 <= end else { return nil }
            id = Array(bytes[cursor..<(cursor + 20)])
            cursor += 20
        }
        var children: [TreeNode] = []
        for _ in 0..<folders {
            guard let child = readTree(bytes, &cursor, end: end, depth: depth + 1) else { return nil }
            children.append(child)
        }
        return TreeNode(name: name, count: count, id: id, children: children)
    }

    private static func writeTree(_ node: TreeNode, into out: inout [UInt8]) {
        out.append(contentsOf: node.name)
        out.append(0)
        out.append(contentsOf: Array("\(node.count) \(node.children.count)\n".utf8))
        if node.count >= 0 { out.append(contentsOf: node.id) }
        for child in node.children { writeTree(child, into: &out) }
    }

    /// git's order of paths: bytes, as unsigned.
    private static func compare(_ a: [UInt8], _ b: [UInt8]) -> Int {
        let common = min(a.count, b.count)
        if common > 0 {
            let order = a.withUnsafeBytes { x in
                b.withUnsafeBytes { y in memcmp(x.baseAddress!, y.baseAddress!, common) }
            }
            if order != 0 { return Int(order) }
        }
        return a.count - b.count
    }

    private static func uint32(_ bytes: UnsafeBufferPointer<UInt8>, _ offset: Int) -> UInt32 {
        UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16 | UInt32(bytes[offset + 2]) << 8
            | UInt32(bytes[offset + 3])
    }

    private static func uint16(_ bytes: UnsafeBufferPointer<UInt8>, _ offset: Int) -> UInt16 {
        UInt16(bytes[offset]) << 8 | UInt16(bytes[offset + 1])
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }

    private static func append(_ value: UInt32, to out: inout [UInt8]) {
        out.append(contentsOf: bigEndian(value))
    }
}
