import Foundation
import GRDB
import GRDBSQLite

/// The hash that tells a file's real change from a touch.
extension EntryIndex {
    /// `hash(ofFileAt:)` of each file, on every core.
    static func hashes(of paths: [String]) -> [Int64] {
        guard paths.count > 64 else { return paths.map { hash(ofFileAt: $0) } }
        let results = Slots<Int64>(count: paths.count)
        Journal.inParallel(paths.count) { results.set($0, hash(ofFileAt: paths[$0])) }
        return paths.indices.map { results.take($0) ?? 0 }
    }

    /// FNV-1a of a file's bytes: enough to tell a real change from a touch.
    static func hash(ofFileAt path: String) -> Int64 {
        guard let data = FileSystem.trackedContents(path) else { return 0 }
        return Int64(bitPattern: hash(data))
    }

    static func hash(_ data: Data) -> UInt64 {
        data.withUnsafeBytes { hash($0) }
    }

    @Sendable static func hash(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var hash = Scan.fnvBasis
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* Scan.fnvPrime }
        return hash
    }
}
