import Foundation
import ZIPFoundation

/// The files of an export, in a folder or a zip, read without trusting their names: a name that leaves the
/// export (`..`, an absolute path), a symbolic link, or a zip that inflates far beyond its size is refused.
final class ExportSource {
    /// At most this many files in a zip, and this many bytes once inflated (a zip bomb is refused first).
    static let maxZipEntries = 500_000
    static let maxZipBytes: UInt64 = 8 << 30
    /// A file larger than a megabyte that inflates more than this many times is taken for a bomb:
    /// text compresses ten times or so, photos hardly at all.
    static let maxRatio: UInt64 = 100
    /// JSON is read whole: no export file is larger than this.
    static let maxJSONBytes: UInt64 = 2 << 30

    /// Folders of media, never of journals.
    static let mediaFolders: Set<String> = ["photos", "videos", "audios", "pdfs"]

    private enum Storage {
        case folder(String)
        case zip(Archive, [String: ZIPFoundation.Entry])
    }

    private let storage: Storage
    /// The export's name, for messages.
    let name: String

    /// A folder, or a `.zip` file; everything in a zip is checked before any of it is used.
    init(_ path: String) throws(JournalError) {
        name = (path as NSString).lastPathComponent
        if FileSystem.isFolder(path) {
            storage = .folder(path)
            return
        }
        let archive: Archive
        do {
            archive = try Archive(url: URL(fileURLWithPath: path), accessMode: .read)
        } catch {
            throw .invalid(Say.importUnreadable(name, Say.notAZip))
        }
        var entries: [String: ZIPFoundation.Entry] = [:]
        var total: UInt64 = 0
        for entry in archive {
            let entryPath = entry.path
            guard ImportNames.isInside(entryPath) else { throw .invalid(Say.importUnsafePath(entryPath)) }
            guard entry.type != .symlink else { throw .invalid(Say.importSymlink(entryPath)) }
            guard entries.count < ExportSource.maxZipEntries else {
                throw .invalid(Say.importTooBig(name, Say.tooManyFiles(ExportSource.maxZipEntries)))
            }
            let size = entry.uncompressedSize
            total += size
            guard total <= ExportSource.maxZipBytes else { throw .invalid(Say.importTooBig(name, Say.inflatesTooMuch)) }
            if size > 1 << 20, size / max(entry.compressedSize, 1) > ExportSource.maxRatio {
                throw .invalid(Say.importTooBig(entryPath, Say.inflatesTooMuch))
            }
            if entry.type == .file { entries[ExportSource.normalized(entryPath)] = entry }
        }
        storage = .zip(archive, entries)
    }

    /// `./a//b` is `a/b`.
    private static func normalized(_ path: String) -> String {
        path.split(separator: "/").filter { $0 != "." }.joined(separator: "/")
    }

    /// The export's files ending in `suffix` at the top or one folder down, sorted.
    func files(endingWith suffix: String) throws(JournalError) -> [String] {
        var found: [String] = []
        switch storage {
        case .folder(let root):
            let top = (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []
            for item in top.sorted() where !item.hasPrefix(".") {
                if item.lowercased().hasSuffix(suffix) {
                    found.append(item)
                } else if FileSystem.isFolder(root + "/" + item), !isLink(root + "/" + item),
                          !ExportSource.mediaFolders.contains(item)
                {
                    let inner = (try? FileManager.default.contentsOfDirectory(atPath: root + "/" + item)) ?? []
                    found += inner.sorted().filter { $0.lowercased().hasSuffix(suffix) && !$0.hasPrefix(".") }.map { item + "/" + $0 }
                }
            }
        case .zip(_, let entries):
            found = entries.keys.filter { path in
                let parts = path.split(separator: "/").map(String.init)
                return path.lowercased().hasSuffix(suffix) && parts.count <= 2
                    && !parts.contains { $0.hasPrefix(".") || $0 == "__MACOSX" || ExportSource.mediaFolders.contains($0) }
            }.sorted()
        }
        return found
    }

    /// Whether the export holds the file (relative path).
    func contains(_ path: String) -> Bool {
        switch storage {
        case .folder(let root): FileSystem.exists(root + "/" + path) || isLink(root + "/" + path)
        case .zip(_, let entries): entries[ExportSource.normalized(path)] != nil
        }
    }

    /// The file's bytes, whole.
    func read(_ path: String) throws(JournalError) -> Data {
        var data = Data()
        try stream(path, limit: ExportSource.maxJSONBytes) { chunk throws(JournalError) in data.append(chunk) }
        return data
    }

    /// Copies the file to `destination` (absolute), which must not exist yet.
    func copy(_ path: String, to destination: String) throws(JournalError) {
        guard FileManager.default.createFile(atPath: destination, contents: nil),
              let handle = FileHandle(forWritingAtPath: destination)
        else { throw .io(destination, FileSystem.errnoText()) }
        defer { try? handle.close() }
        try stream(path, limit: ExportSource.maxZipBytes) { chunk throws(JournalError) in
            do { try handle.write(contentsOf: chunk) } catch { throw .io(destination, error.localizedDescription) }
        }
    }

    /// Hands over the file in chunks. A folder's file must be a plain file reached through no link;
    /// a zip's may not inflate past the size it declares.
    private func stream(_ path: String, limit: UInt64, _ consume: (Data) throws(JournalError) -> Void) throws(JournalError) {
        guard ImportNames.isInside(path) else { throw .invalid(Say.importUnsafePath(path)) }
        switch storage {
        case .folder(let root):
            var walked = root
            for part in path.split(separator: "/") {
                walked += "/" + part
                if isLink(walked) { throw .invalid(Say.importSymlink(path)) }
            }
            guard let handle = FileHandle(forReadingAtPath: walked) else {
                throw .invalid(Say.importUnreadable(path, FileSystem.errnoText()))
            }
            defer { try? handle.close() }
            var total: UInt64 = 0
            while true {
                let chunk: Data
                do { chunk = try handle.read(upToCount: 1 << 20) ?? Data() } catch {
                    throw .invalid(Say.importUnreadable(path, error.localizedDescription))
                }
                if chunk.isEmpty { break }
                total += UInt64(chunk.count)
                guard total <= limit else { throw .invalid(Say.importTooBig(path, Say.inflatesTooMuch)) }
                try consume(chunk)
            }
        case .zip(let archive, let entries):
            guard let entry = entries[ExportSource.normalized(path)] else {
                throw .invalid(Say.importUnreadable(path, Say.notInExport))
            }
            let declared = entry.uncompressedSize
            var total: UInt64 = 0
            var failure: JournalError?
            do {
                _ = try archive.extract(entry, skipCRC32: false) { chunk in
                    total += UInt64(chunk.count)
                    guard total <= declared, total <= limit else {
                        failure = .invalid(Say.importTooBig(path, Say.inflatesTooMuch))
                        throw CancellationError()
                    }
                    do { try consume(chunk) } catch {
                        failure = error as? JournalError ?? .invalid("\(error)")
                        throw CancellationError()
                    }
                }
            } catch {
                throw failure ?? .invalid(Say.importUnreadable(path, "\(error)"))
            }
        }
    }

    private func isLink(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFLNK
    }
}
