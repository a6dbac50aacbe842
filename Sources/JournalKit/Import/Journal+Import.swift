import Foundation
import GRDB

extension Journal {
    /// Reads `source` (a file or folder of `format`) and adds the entries the journal does not hold yet,
    /// written as `add` writes them, all in one commit. An entry of the source that cannot be read is
    /// reported and left out; a hostile source (paths leaving the journal, symlinks, a zip bomb) is refused
    /// and everything written so far is taken back, so nothing is committed. A dry run writes nothing.
    public func importEntries(
        _ format: ImportFormat, from source: String, timeZone: TimeZone, dryRun: Bool,
        added: @escaping (ImportedSummary) -> Void = { _ in }, progress: ((Int) -> Void)? = nil
    ) throws(JournalError) -> ImportReport {
        guard FileSystem.exists(source) else { throw .invalid(Say.importSourceMissing(source)) }
        var lock: WriterLock?
        if !dryRun {
            try checkCommittable()
            lock = try takeLock()
            let waiting = (try? index().dirtyPaths()) ?? []
            if !waiting.isEmpty { _ = try commitPending(waiting, everything: false) }
        }
        defer { withExtendedLifetime(lock) {} }
        let writer = ImportWriter(
            root: root, dryRun: dryRun, known: try index().allIDs(), added: added, progress: progress)
        do {
            switch format {
            case .jrnl: try JrnlReader(zone: timeZone).read(source, into: writer)
            case .dayone: try DayOneReader(zone: timeZone).read(source, into: writer)
            case .markdown: try MarkdownReader(zone: timeZone).read(source, into: writer)
            }
        } catch {
            writer.rollback()
            throw error
        }
        var report = writer.report
        guard !dryRun, !writer.written.isEmpty else { return report }
        let name = (source as NSString).lastPathComponent
        let message = Say.commitImport(report.added, format.rawValue, name)
        do throws(JournalError) {
            try commit(writer.written, message: message)
        } catch {
            writer.rollback()
            throw error
        }
        report.commitMessage = message
        let entries = writer.written.filter { $0.hasPrefix(Journal.entriesFolder + "/") }
        // Read back on every core and loaded in bulk: the import's files are many and already committed.
        try? index().recordMany(entries, root: root, read: reader, settle: settleDate)
        return report
    }
}

extension EntryIndex {
    /// Every entry id the snapshot knows.
    func allIDs() throws(JournalError) -> Set<String> {
        try read { db in Set(try String.fetchAll(db, sql: "SELECT id FROM entry")) }
    }
}

/// Writes imported entries one at a time (nothing is held but their ids) and remembers what it wrote,
/// to commit it or, when the import is refused, to take it back.
final class ImportWriter {
    let root: String
    let dryRun: Bool
    private var known: Set<String>
    private let added: (ImportedSummary) -> Void
    private let progress: ((Int) -> Void)?
    private(set) var report = ImportReport()
    /// Files written, relative to the journal, in order.
    private(set) var written: [String] = []
    /// Folders this import made, to remove again on a rollback.
    private var madeFolders: [String] = []

    init(root: String, dryRun: Bool, known: Set<String>, added: @escaping (ImportedSummary) -> Void, progress: ((Int) -> Void)?) {
        self.root = root
        self.dryRun = dryRun
        self.known = known
        self.added = added
        self.progress = progress
    }

    func problem(_ place: String, _ reason: String) {
        report.problems.append(ImportProblem(place: place, reason: reason))
    }

    /// Adds one entry unless the journal already holds its id.
    func take(_ entry: ImportedEntry) throws(JournalError) {
        progress?(report.added + report.alreadyThere)
        let path = EntryFile.path(for: entry.id, at: entry.createdAt)
        guard !known.contains(entry.id), !FileSystem.exists(root + "/" + path) else {
            report.alreadyThere += 1
            return
        }
        known.insert(entry.id)
        if !dryRun {
            var names = Set<String>()
            for file in entry.attachments {
                guard ImportNames.isPlainFileName(file.name) else { throw .invalid(Say.importUnsafeName(file.name)) }
                guard names.insert(file.name).inserted else { continue }
                let relative = "attachments/\(entry.id)/\(file.name)"
                try makeFolder("attachments/\(entry.id)")
                guard !FileSystem.exists(root + "/" + relative) else { continue }
                written.append(relative)
                try file.copy(root + "/" + relative)
            }
            var data = EntryFile.render(
                .init(
                    id: entry.id, createdAt: entry.createdAt, timeZone: entry.timeZone, category: nil,
                    tags: ImportWriter.clean(entry.tags), starred: entry.starred, weather: entry.weather,
                    location: entry.location, text: entry.text))
            if !entry.keptHeader.isEmpty, let closing = data.range(of: Data("\n---\n".utf8)) {
                data.insert(contentsOf: Data(("\n" + entry.keptHeader.joined(separator: "\n")).utf8), at: closing.lowerBound)
            }
            try makeFolder((path as NSString).deletingLastPathComponent)
            try ImportWriter.create(root + "/" + path, data)
            written.append(path)
        }
        report.added += 1
        added(ImportedSummary(id: entry.id, path: path, createdAt: entry.createdAt, title: Entry.title(of: entry.text)))
    }

    /// Writes a new file, refusing to replace one. Not synced file by file (Foundation's `Data.write`
    /// syncs each, which makes an import of thousands of entries crawl): the commit syncs its objects.
    static func create(_ path: String, _ data: Data) throws(JournalError) {
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        guard fd >= 0 else { throw FileSystem.failure(path) }
        defer { close(fd) }
        guard FileSystem.writeAll(fd, data) else {
            // A file cut short (the disk filled up) is no entry: it goes, before the rollback of the others.
            let error = FileSystem.failure(path)
            unlink(path)
            throw error
        }
    }

    /// Makes a folder (relative) and those above it, remembering the ones that were not there.
    private func makeFolder(_ relative: String) throws(JournalError) {
        var missing: [String] = []
        var folder = relative
        while !folder.isEmpty, !FileSystem.exists(root + "/" + folder) {
            missing.append(folder)
            folder = (folder as NSString).deletingLastPathComponent
        }
        guard !missing.isEmpty else { return }
        try FileSystem.makeFolder(root + "/" + relative)
        madeFolders += missing.reversed()
    }

    /// Removes every file and folder this import made.
    func rollback() {
        for path in written.reversed() { unlink(root + "/" + path) }
        for folder in madeFolders.reversed() { rmdir(root + "/" + folder) }
        written = []
        madeFolders = []
    }

    /// Tags as the journal stores them: other apps allow characters ours do not (`+`, `*`), which are dropped.
    static func clean(_ tags: [String]) -> [String] {
        var result: [String] = []
        for raw in tags {
            let kept = String(String.UnicodeScalarView(raw.unicodeScalars.filter { scalar in
                CharacterSet.alphanumerics.contains(scalar) || "-_/.".unicodeScalars.contains(scalar)
                    || scalar.properties.isEmojiPresentation
            }))
            let tag = kept.trimmingCharacters(in: CharacterSet(charactersIn: "-_/."))
            if !tag.isEmpty, !result.contains(tag) { result.append(tag) }
        }
        return result
    }
}
