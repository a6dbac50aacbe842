import Foundation

/// Entries a long-lived process (the web view) parsed lately, by path, with the bytes each was parsed from:
/// a file read again with the same bytes is not parsed again. Exact, since the bytes are compared (no
/// hash that a file could be made to collide with), and bounded by the size of the files it keeps. Only
/// entries dated by their own file are kept (a file that names no date is dated from elsewhere).
public final class EntryCache: @unchecked Sendable {
    private let lock = NSLock()
    private var kept: [String: (data: Data, zone: TimeZone, entry: Entry)] = [:]
    private var size = 0
    /// The most bytes of files kept; past it, about a quarter of the entries go (whichever the table
    /// holds first: no order to keep up on every read).
    let budget: Int

    public init(budget: Int = 4 << 20) {
        self.budget = budget
    }

    /// The bytes of the files kept.
    var storedBytes: Int { lock.withLock { size } }

    func entry(path: String, data: Data, zone: TimeZone) -> Entry? {
        lock.lock()
        defer { lock.unlock() }
        guard let found = kept[path], found.zone == zone, found.data == data else { return nil }
        return found.entry
    }

    func keep(_ entry: Entry, data: Data, zone: TimeZone) {
        guard entry.dateSource == .header || entry.dateSource == .fileName, data.count <= budget / 16 else { return }
        lock.lock()
        defer { lock.unlock() }
        if let old = kept.updateValue((data, zone, entry), forKey: entry.path) { size -= old.data.count }
        size += data.count
        guard size > budget else { return }
        for path in Array(kept.keys.prefix(max(1, kept.count / 4))) {
            size -= kept.removeValue(forKey: path)?.data.count ?? 0
        }
    }
}
