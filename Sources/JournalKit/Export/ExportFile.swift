import Foundation

/// Where text goes when it goes to no file: the command line's standard output.
public struct TextOutput {
    /// Writes the bytes out.
    public var write: (Data) -> Void
    /// On a terminal, the text as it may be shown (control characters made visible); nil elsewhere.
    public var shown: ((String) -> String)?

    public init(write: @escaping (Data) -> Void, shown: ((String) -> String)?) {
        self.write = write
        self.shown = shown
    }
}

/// A file an export writes: a temporary file beside it, renamed over it once everything is written, so a failed
/// or interrupted export never leaves half a file under the name asked for. A symbolic link stays a link (the
/// file it names is replaced); a pipe, a device or a socket is written straight into, as a shell's `>` does,
/// never replaced by a file.
struct ExportFile {
    let path: String
    let temporary: String
    /// Written in place: not a regular file.
    let direct: Bool

    /// `absolute`: the path asked for, already made absolute.
    init(_ absolute: String) throws {
        var path = absolute
        if let resolved = realpath(path, nil) {
            path = String(cString: resolved)
            free(resolved)
        }
        self.path = path
        var info = stat()
        direct = stat(path, &info) == 0 && (info.st_mode & S_IFMT) != S_IFREG && (info.st_mode & S_IFMT) != S_IFDIR
        if direct {
            temporary = path
            return
        }
        let folder = (path as NSString).deletingLastPathComponent
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
            throw JournalError.invalid(Say.exportNoFolder(folder))
        }
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
            throw JournalError.invalid(Say.exportIsFolder(path))
        }
        temporary = folder + "/." + (path as NSString).lastPathComponent + ".export-" + UUID().uuidString.prefix(8)
    }

    func commit() throws {
        guard !direct else { return }
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            discard()
            throw JournalError.invalid(Say.exportFailed(path, reason))
        }
    }

    func discard() {
        if !direct { unlink(temporary) }
    }
}

/// Text written out in large blocks: an export of 100,000 entries makes one write per megabyte, not per entry.
final class TextSink {
    private let handle: FileHandle
    private let path: String
    /// A file of our own is closed at the end; standard output is not.
    private let ownsHandle: Bool
    /// On a terminal, text from the entries has its control characters made visible, as everywhere else.
    private let forTerminal: Bool
    private var buffer = Data()

    /// What is not ours to close: the command line's standard output.
    private let output: TextOutput?

    init(output: TextOutput) {
        handle = .standardOutput
        path = "standard output"
        ownsHandle = false
        forTerminal = output.shown != nil
        self.output = output
    }

    private init(handle: FileHandle, path: String, ownsHandle: Bool, forTerminal: Bool) {
        self.handle = handle
        self.path = path
        self.ownsHandle = ownsHandle
        self.forTerminal = forTerminal
        output = nil
    }

    /// A new file at `path`, or, when `existing`, the pipe or device there, opened for writing.
    convenience init(file path: String, existing: Bool = false) throws {
        guard existing || FileManager.default.createFile(atPath: path, contents: nil), let handle = FileHandle(forWritingAtPath: path)
        else { throw JournalError.invalid(Say.exportFailed(path, String(cString: strerror(errno)))) }
        self.init(handle: handle, path: path, ownsHandle: true, forTerminal: false)
    }

    func write(_ text: String) throws {
        buffer.append(contentsOf: (output?.shown?(text) ?? text).utf8)
        if buffer.count >= 1 << 20 { try flush() }
    }

    /// Bytes that are JSON (no raw control characters): on a terminal they go through `write(_:)` all the same.
    func write(bytes: [UInt8]) throws {
        guard !forTerminal else { return try write(String(decoding: bytes, as: UTF8.self)) }
        buffer.append(contentsOf: bytes)
        if buffer.count >= 1 << 20 { try flush() }
    }

    func write(bytes: StaticString) throws {
        try write(bytes: bytes.withUTF8Buffer { Array($0) })
    }

    func flush() throws {
        guard !buffer.isEmpty else { return }
        if ownsHandle {
            do { try handle.write(contentsOf: buffer) } catch { throw JournalError.invalid(Say.exportFailed(path, error.localizedDescription)) }
        } else {
            output?.write(buffer)  // the command line's: a reader that went away ends the export quietly
        }
        buffer.removeAll(keepingCapacity: true)
    }

    func close() throws {
        try flush()
        if ownsHandle { try? handle.close() }
    }
}
