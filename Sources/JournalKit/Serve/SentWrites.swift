import Foundation
import Synchronization

/// Writes sent with an `Idempotency-Key` (a page's write kept while there was no connection, sent again until
/// an answer comes back): the first one is done, and any other with its key gets that one's answer, so that
/// an entry is committed exactly once however often the phone sends it. Kept for 30 days in
/// `.git/journal/sent.json`.
public final class SentWrites: Sendable {
    public struct Done: Codable, Sendable {
        public var entry: String
        /// An upload's names, as the first one was given them.
        public var names: [String]?
        public var at: Double

        public init(entry: String, names: [String]? = nil, at: Date) {
            self.entry = entry
            self.names = names
            self.at = at.timeIntervalSince1970
        }
    }

    private let path: String
    private let temporaries: String
    private let state: Mutex<[String: Done]>
    private static let keptFor: Double = 30 * 86400

    public init(stateFolder: String) {
        path = stateFolder + "/sent.json"
        temporaries = stateFolder + "/" + Journal.temporaryFolderName
        state = Mutex(FileManager.default.contents(atPath: stateFolder + "/sent.json").flatMap { try? JSONDecoder().decode([String: Done].self, from: $0) } ?? [:])
    }

    /// What `key` was answered with, or `work`'s answer, done now, once: two requests with one key at once
    /// wait for each other.
    public func once(_ key: String?, now: Date, _ work: () throws -> Done) throws -> (done: Done, again: Bool) {
        guard let key, (8...128).contains(key.count) else { return (try work(), false) }
        return try state.withLock { sent in
            if let done = sent[key] { return (done, true) }
            let done = try work()
            sent[key] = done
            sent = sent.filter { now.timeIntervalSince1970 - $0.value.at < SentWrites.keptFor }
            if let data = try? JSONEncoder().encode(sent) {
                try? FileSystem.makeFolder(temporaries)
                // Kept on a best-effort basis: the write itself is committed whatever happens here.
                try? FileSystem.writeAtomically(data, to: path, temporaryIn: temporaries, permissions: 0o600)
            }
            return (done, false)
        }
    }
}
