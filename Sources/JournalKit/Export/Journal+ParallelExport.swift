import Dispatch
import Foundation
import GRDB

extension Journal {
    /// `forEachEntry` for exports of the whole journal: files are read, parsed and turned into `T` by `render`
    /// on every core, a chunk at a time, and `visit` hears the results in the query's order. Reading and
    /// parsing 100,000 files is what an export costs; memory holds one chunk, never the journal.
    public func forEachEntry<T: Sendable>(
        _ query: EntryQuery, grep pattern: NSRegularExpression? = nil,
        rendering render: @escaping @Sendable (Entry) -> T, _ visit: (T) throws -> Void
    ) throws {
        var scan = withCategoryNames(query)
        scan.limit = nil
        let root = root
        let zone = context.timeZone
        let now = context.now
        var visited = 0
        var failure: (any Error)?
        var paths: [String] = []
        paths.reserveCapacity(Journal.exportChunk)

        /// Renders and visits the chunk in `paths`; false once the limit is reached or `visit` failed.
        func flush() -> Bool {
            defer { paths.removeAll(keepingCapacity: true) }
            let chunk = paths
            let files = Slots<(Data, Entry)>(count: chunk.count)
            Journal.inParallel(chunk.count) { index in
                guard let data = FileSystem.contents(root + "/" + chunk[index]) else { return }
                let entry = EntryFile.decode(data, path: chunk[index], zone: zone) {
                    (Timestamp(date: now, timeZone: zone), .modificationTime)
                }
                files.set(index, (data, entry))
            }
            // On this thread: the repository (dates of files that name none) and the pattern are not shared.
            var entries: [Entry?] = Array(repeating: nil, count: chunk.count)
            for index in 0..<chunk.count {
                guard let (data, parsed) = files.take(index) else { continue }
                if let pattern {
                    let text = String(decoding: data, as: UTF8.self)
                    guard pattern.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil else { continue }
                }
                var entry = parsed
                if entry.dateSource == .modificationTime { settleDate(&entry) }
                entries[index] = entry
            }
            let wanted = query.limit.map { max(0, $0 - visited) } ?? Int.max
            var kept: [Entry] = []
            for entry in entries { if let entry, kept.count < wanted { kept.append(entry) } }
            let rendered = Slots<T>(count: kept.count)
            let ready = kept
            Journal.inParallel(ready.count) { index in rendered.set(index, render(ready[index])) }
            for index in 0..<ready.count {
                guard let value = rendered.take(index) else { continue }
                do {
                    try visit(value)
                } catch {
                    failure = error
                    return false
                }
                visited += 1
            }
            return query.limit.map { visited < $0 } ?? true
        }

        try textReady(for: query)
        try index().forEachPath(scan) { path in
            paths.append(path)
            return paths.count < Journal.exportChunk || flush()
        }
        if failure == nil, !paths.isEmpty { _ = flush() }
        if let failure { throw failure }
    }

    /// Files per parallel step of an export: enough to keep every core busy, few enough to stay small in memory.
    static let exportChunk = 512

    /// Runs `body` for 0..<count, spread over the cores in runs of neighbouring indexes.
    static func inParallel(_ count: Int, _ body: @Sendable (Int) -> Void) {
        guard count > 0 else { return }
        let parts = min(count, ProcessInfo.processInfo.activeProcessorCount * 4)
        DispatchQueue.concurrentPerform(iterations: parts) { part in
            for index in stride(from: part, to: count, by: parts) { body(index) }
        }
    }

    /// The names in the `attachments/` folder of the journal at `root`: the ids that may have attachments.
    public static func attachmentFolders(root: String) -> Set<String> {
        Set((try? FileManager.default.contentsOfDirectory(atPath: root + "/" + attachmentsFolder)) ?? [])
    }

    /// The files under `attachments/<id>/` of the journal at `root`, relative to it, sorted; safe on any thread.
    /// The files of `attachments/<id>/`, relative to the journal: plain files only, none through a symbolic link
    /// (an entry's files arrive from other machines; one linking outside the journal is not the entry's).
    public static func attachments(of id: String, root: String) -> [String] {
        let folder = root + "/" + attachmentFolder(of: id)
        guard FileSystem.isRealFolder(root + "/" + attachmentsFolder), FileSystem.isRealFolder(folder) else { return [] }
        return FileSystem.files(under: folder, relativeTo: root).filter { !FileSystem.isLink(root + "/" + $0) }.sorted()
    }
}

/// Results that threads fill in by index, each slot once.
final class Slots<T>: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [T?]

    init(count: Int) { values = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ value: T) {
        lock.lock()
        values[index] = value
        lock.unlock()
    }

    /// The value at `index`, leaving nil behind; call once every thread is done.
    func take(_ index: Int) -> T? {
        lock.lock()
        defer { lock.unlock() }
        let value = values[index]
        values[index] = nil
        return value
    }
}

extension EntryIndex {
    /// The paths of matching entries, in the query's order, until `visit` returns false: all an export needs
    /// of the snapshot, without building an entry per row.
    func forEachPath(_ query: EntryQuery, _ visit: (String) throws -> Bool) throws(JournalError) {
        let (condition, arguments) = EntryIndex.conditions(query)
        let order = query.oldestFirst ? "entry.created, entry.path" : "entry.created DESC, entry.path DESC"
        try read { db in
            let paths = try String.fetchCursor(
                db, sql: "SELECT path FROM entry WHERE \(condition) ORDER BY \(order)", arguments: arguments)
            while let path = try paths.next() {
                if try !visit(path) { return }
            }
        }
    }
}
