import Foundation
import Git

/// One entry's history as last computed, with the HEAD it covers, under `.git/journal/history/`:
/// `journal log ID` then reads only the commits made since. Never versioned; safe to delete.
struct HistoryCache {
    let file: String
    private let temporaries: String

    init(folder: String, path: String, temporaries: String) {
        file = folder + "/" + String(Scan.key(path), radix: 16) + ".json"
        self.path = path
        self.temporaries = temporaries
    }

    private let path: String

    private struct Stored: Codable {
        var path: String
        var head: ObjectID
        var items: [HistoryItem]
    }

    func load() -> (head: ObjectID, items: [HistoryItem])? {
        guard let data = FileSystem.contents(file),
            let stored = try? JSONDecoder().decode(Stored.self, from: data), stored.path == path
        else { return nil }
        return (stored.head, stored.items)
    }

    /// Best effort: a cache that cannot be written only costs time next time.
    func save(head: ObjectID, items: [HistoryItem]) {
        guard let data = try? JSONEncoder().encode(Stored(path: path, head: head, items: items)) else { return }
        try? FileSystem.makeFolder((file as NSString).deletingLastPathComponent)
        try? FileSystem.writeAtomically(data, to: file, temporaryIn: temporaries)
    }
}
