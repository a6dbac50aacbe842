import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// The line protocol between a command and its journal's server, over a Unix socket: the command writes
/// `fresh`, the server brings the snapshot up to date with everything its watcher saw and answers
/// `ok GENERATION` (the snapshot's `served` mark, which the command compares with the snapshot it reads), or
/// `walk` when it cannot vouch for the snapshot (a watch it could not add, an overflow it is still catching
/// up on). Anything else, or nothing within the timeout, means the full walk. A command that only lists
/// entries asks for their rows instead (`rows`, see `ServedRows`) and never opens the snapshot.
enum ServeSocket {
    /// Asks the server at `path`; the generation it vouches for, or nil.
    static func askFresh(_ path: String, timeout: TimeInterval) -> String? {
        guard let descriptor = connect(to: path, timeout: timeout) else { return nil }
        defer { close(descriptor) }
        guard send(descriptor, "fresh\n") else { return nil }
        guard let line = readLine(descriptor, limit: 256), line.hasPrefix("ok ") else { return nil }
        let generation = String(line.dropFirst(3))
        return generation.isEmpty ? nil : generation
    }

    /// Asks the server at `path` for the rows of `query` (`ServedRows`); nil when it does not give them
    /// (none there, an old server, no answer in time, `walk`, `dirty`, anything malformed).
    static func askRows(_ path: String, query: EntryQuery, timeout: TimeInterval) -> [Entry]? {
        guard let descriptor = connect(to: path, timeout: timeout) else { return nil }
        defer { close(descriptor) }
        let request = ServedRows.request(query)
        guard send(descriptor, "rows \(ServedRows.version) \(request.count)\n"), send(descriptor, request),
              let line = readLine(descriptor, limit: 64)
        else { return nil }
        let words = line.split(separator: " ")
        guard words.count == 3, words[0] == "ok", let count = Int(words[1]), let length = Int(words[2]),
              (0...ServedRows.mostRows + 1).contains(count), (0...ServedRows.largestAnswer).contains(length),
              let bytes = readBytes(descriptor, count: length)
        else { return nil }
        return ServedRows.entries(count: count, from: bytes)
    }

    /// Exactly `count` bytes; nil on a timeout, a close before them, or `deadline` passed.
    static func readBytes(_ descriptor: Int32, count: Int, deadline: Date = .distantFuture) -> [UInt8]? {
        var bytes = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            if Date() >= deadline { return nil }
            let got = bytes[filled...].withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if got <= 0 { return nil }
            filled += got
        }
        return bytes
    }

    /// A connected socket to `path` with send and receive timeouts; nil when there is no one there.
    static func connect(to path: String, timeout: TimeInterval) -> Int32? {
        guard var address = socketAddress(path) else { return nil }
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { return nil }
        var limit = timeval(tv_sec: Int(timeout), tv_usec: Int((timeout - timeout.rounded(.down)) * 1_000_000))
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        let connected = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard connected == 0 else {
            close(descriptor)
            return nil
        }
        return descriptor
    }

    /// A listening socket at `path` (a stale file there removed first); nil when it cannot be made.
    static func listen(at path: String) -> Int32? {
        guard var address = socketAddress(path) else { return nil }
        unlink(path)
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { return nil }
        let bound = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard bound == 0, chmod(path, 0o600) == 0, Glibc.listen(descriptor, 16) == 0 else {
            close(descriptor)
            return nil
        }
        return descriptor
    }

    static func send(_ descriptor: Int32, _ text: String) -> Bool {
        send(descriptor, Array(text.utf8))
    }

    static func send(_ descriptor: Int32, _ bytes: [UInt8]) -> Bool {
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if count <= 0 { return false }
            sent += count
        }
        return true
    }

    /// One line (without its newline), at most `limit` bytes; nil on a timeout, a close, an overlong line or
    /// `deadline` passed.
    static func readLine(_ descriptor: Int32, limit: Int, deadline: Date = .distantFuture) -> String? {
        var line: [UInt8] = []
        var byte: UInt8 = 0
        while line.count < limit {
            if Date() >= deadline { return nil }
            guard read(descriptor, &byte, 1) == 1 else { return nil }
            if byte == 10 { return String(decoding: line, as: UTF8.self) }
            line.append(byte)
        }
        return nil
    }

    private static func socketAddress(_ path: String) -> sockaddr_un? {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { return nil }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        return address
    }
}
