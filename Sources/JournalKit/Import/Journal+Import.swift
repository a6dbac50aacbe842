import Foundation
import GRDB

/// What `journal import` is asked to do.
public struct ImportRequest: Sendable {
    public var format: ImportFormat
    /// The file or folder to read (absolute).
    public var source: String
    /// For times that name no zone.
    public var timeZone: TimeZone
    public var encoding: SourceEncoding
    /// Lists what would be added and writes nothing.
    public var dryRun: Bool
    /// Brings back entries of an earlier import that were deleted since.
    public var includeDeleted: Bool
    /// The time of day (`21:00`) of a note dated by a day alone (see `ImportRequest.dayTime(_:)`).
    public var dayTime = "12:00"
    /// How jrnl reads the journal: its `timeformat` and `tagsymbols` (see `JrnlSetup`).
    public var jrnl = JrnlSettings()

    public init(
        format: ImportFormat, source: String, timeZone: TimeZone, encoding: SourceEncoding = .utf8, dryRun: Bool = false,
        includeDeleted: Bool = false
    ) {
        self.format = format
        self.source = source
        self.timeZone = timeZone
        self.encoding = encoding
        self.dryRun = dryRun
        self.includeDeleted = includeDeleted
    }

    /// A time of day as `--time` takes it, `21:00` or `9:30`, written `HH:MM`; refused when it is none.
    public static func dayTime(_ text: String) throws(JournalError) -> String {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, (1...2).contains(parts[0].count), parts[1].count == 2,
            parts.allSatisfy({ $0.allSatisfy(\.isASCII) }), let hour = Int(parts[0]), let minute = Int(parts[1]),
            (0..<24).contains(hour), (0..<60).contains(minute)
        else { throw .invalid(Say.badDayTime(text)) }
        return hour.zeroPadded(2) + ":" + minute.zeroPadded(2)
    }
}

extension Journal {
    /// The journal at `root` for an import, created first when there is none yet (no folder, or an empty
    /// one), as `add` makes the default one; `created` says so.
    public static func openForImport(at root: String, context: JournalContext) throws(JournalError) -> (journal: Journal, created: Bool) {
        let empty = FileSystem.isFolder(root) && ((try? FileManager.default.contentsOfDirectory(atPath: root)) ?? ["?"]).isEmpty
        if !FileSystem.exists(root) || empty { return (try create(at: root, context: context), true) }
        return (try open(at: root, context: context), false)
    }

    /// Reads the request's source (a file or folder of its format) and adds the entries the journal does not
    /// hold yet, written as `add` writes them, all in one commit. An entry of the source that cannot be read is
    /// reported and left out, and so is one an earlier import brought that was deleted since (unless the
    /// request includes those); a hostile source (paths leaving the journal, symlinks, a zip bomb) or one that
    /// is not text in its encoding is refused and everything written so far is taken back, so nothing is
    /// committed. A dry run writes nothing.
    public func importEntries(
        _ request: ImportRequest, added: @escaping (ImportedSummary) -> Void = { _ in }, progress: ((Int) -> Void)? = nil
    ) throws(JournalError) -> ImportReport {
        let source = request.source
        guard FileSystem.exists(source) else { throw .invalid(Say.importSourceMissing(source)) }
        var lock: WriterLock?
        if !request.dryRun {
            try checkCommittable()
            lock = try takeLock()
            let waiting = (try? index().dirtyPaths()) ?? []
            if !waiting.isEmpty { _ = try commitPending(waiting, everything: false) }
        }
        defer { withExtendedLifetime(lock) {} }
        let known = try index().allPaths()
        // Entries deleted since an earlier import: looked for in the history only when an entry of the source
        // is not in the journal (a re-import of what is all there never walks it).
        let deleted = { () throws(JournalError) -> Set<String> in
            do {
                return Set(try self.deletedFiles().map(\.id))
            } catch {
                throw .from(error, doing: Say.text("doing.findDeleted"))
            }
        }
        let writer = ImportWriter(
            root: root, dryRun: request.dryRun, known: known, deleted: request.includeDeleted ? nil : deleted,
            added: added, progress: progress)
        do {
            try Journal.read(request, now: context.now, into: writer)
        } catch {
            writer.rollback()
            throw error
        }
        var report = writer.report
        guard !request.dryRun, !writer.written.isEmpty else { return report }
        let name = (source as NSString).lastPathComponent
        let message = Say.commitImport(report.added, request.format.rawValue, name)
        // A journal brought from jrnl keeps jrnl's `@tags`: `@word` in a new entry is a tag here too.
        var paths = writer.written
        let settingsPath = root + "/" + Journal.settingsFile
        let settingsBefore = FileSystem.contents(settingsPath)
        if request.format == .jrnl, request.jrnl.tagSymbols.contains("@"), settings.tagPrefix == nil, settingsProblem == nil,
           var text = settingsBefore {
            if let last = text.last, last != 10 { text.append(10) }
            text.append(contentsOf: Data("# `@word` in an entry's text is a tag, as in jrnl (import jrnl set this).\ntag_prefix: \"@\"\n".utf8))
            do throws(JournalError) {
                try write(text, to: settingsPath)
            } catch {
                writer.rollback()
                throw error
            }
            paths.append(Journal.settingsFile)
        }
        do throws(JournalError) {
            try commit(paths, message: message)
        } catch {
            writer.rollback()
            if paths.count > writer.written.count, let settingsBefore { try? write(settingsBefore, to: settingsPath) }
            throw error
        }
        report.commitMessage = message
        let entries = writer.written.filter { $0.hasPrefix(Journal.entriesFolder + "/") }
        // journal.yml first: recording a file moves the snapshot's scan time, which the bulk load below sets last.
        if paths.count > writer.written.count { try? index().record([Journal.settingsFile], root: root, committed: true, read: indexRead) }
        // Read back on every core and loaded in bulk: the import's files are many and already committed.
        try? index().recordMany(entries, root: root, read: reader, settle: settleDate)
        return report
    }
}

extension Journal {
    /// Reads the request's source as `importEntries` does, writing nothing and asking no journal: what would
    /// refuse its import (a file that is not there or cannot be read, text that is not UTF-8, no entries) is
    /// thrown before any journal is touched. `journal import jrnl` without a file checks every journal of
    /// jrnl's config so, so that one it cannot read stops the import before the first is brought in.
    public static func checkImportSource(_ request: ImportRequest, now: Date) throws(JournalError) {
        guard FileSystem.exists(request.source) else { throw .invalid(Say.importSourceMissing(request.source)) }
        var check = request
        check.dryRun = true
        try read(check, now: now, into: ImportWriter(root: "", dryRun: true, known: [:], added: { _ in }, progress: nil))
    }

    private static func read(_ request: ImportRequest, now: Date, into writer: ImportWriter) throws(JournalError) {
        let zone = request.timeZone
        let source = request.source
        switch request.format {
        case .jrnl:
            try JrnlReader(zone: zone, encoding: request.encoding, settings: request.jrnl, now: PyDateTime(now, in: zone)).read(source, into: writer)
        case .dayone: try DayOneReader(zone: zone, encoding: request.encoding).read(source, into: writer)
        case .markdown: try MarkdownReader(zone: zone, encoding: request.encoding, dayTime: request.dayTime).read(source, into: writer)
        }
    }
}

extension EntryIndex {
    /// Every entry id the snapshot knows, with its file.
    func allPaths() throws(JournalError) -> [String: String] {
        try read { db in
            var paths: [String: String] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT id, path FROM entry") { paths[row[0]] = row[1] }
            return paths
        }
    }
}

/// Writes imported entries one at a time (nothing is held but their ids) and remembers what it wrote,
/// to commit it or, when the import is refused, to take it back.
final class ImportWriter {
    let root: String
    let dryRun: Bool
    /// The journal's entries (id → file), and those this import added.
    private var known: [String: String]
    private let added: (ImportedSummary) -> Void
    private let progress: ((Int) -> Void)?
    /// Ids of entries that were in the journal once and were deleted, found when first asked; nil when they
    /// are imported all the same (`--include-deleted`).
    private let findDeleted: (() throws(JournalError) -> Set<String>)?
    private var deleted: Set<String>?
    /// The latest creation time given out in each second: entries of the source that share a time get a
    /// millisecond each, in the source's order, so they list in that order (as `add` does, `orderedCreation`).
    private var latestInSecond: [TimeInterval: TimeInterval] = [:]
    private(set) var report = ImportReport()
    /// Files written, relative to the journal, in order.
    private(set) var written: [String] = []
    /// Folders this import made, to remove again on a rollback.
    private var madeFolders: [String] = []

    init(
        root: String, dryRun: Bool, known: [String: String], deleted: (() throws(JournalError) -> Set<String>)? = nil,
        added: @escaping (ImportedSummary) -> Void, progress: ((Int) -> Void)?
    ) {
        self.root = root
        self.dryRun = dryRun
        self.known = known
        self.findDeleted = deleted
        self.added = added
        self.progress = progress
    }

    /// An entry of the source left out, and why.
    func problem(_ place: String, _ reason: String) {
        report.problems.append(ImportProblem(place: place, reason: reason))
    }

    /// Something to say about an entry that is imported all the same.
    func notice(_ place: String, _ reason: String) {
        report.notices.append(ImportProblem(place: place, reason: reason))
    }

    /// Adds one entry unless the journal already holds its id, or held it and it was deleted since.
    func take(_ imported: ImportedEntry) throws(JournalError) {
        progress?(report.added + report.alreadyThere + report.deletedSince)
        var entry = imported
        if !entry.placed { entry.createdAt = inSourceOrder(entry.createdAt) }
        let path = EntryFile.path(for: entry.id, at: entry.createdAt)
        guard known[entry.id] == nil, !FileSystem.exists(root + "/" + path) else {
            report.alreadyThere += 1
            return
        }
        // A NUL byte makes a file that is not text: the tool could not read back what it wrote.
        guard !ImportWriter.holdsNUL(entry.text), !entry.tags.contains(where: ImportWriter.holdsNUL) else {
            problem(entry.place, Say.importNUL)
            return
        }
        if let findDeleted {
            if deleted == nil { deleted = try findDeleted() }
            if deleted?.contains(entry.id) == true {
                report.deletedSince += 1
                return
            }
        }
        known[entry.id] = path
        for text in entry.notices { notice(entry.place, text) }
        if !dryRun {
            var names = Set<String>()
            for file in entry.attachments {
                guard ImportNames.isPlainFileName(file.name) else { throw .invalid(Say.importUnsafeName(file.name)) }
                guard names.insert(file.name).inserted else { continue }
                let relative = Journal.attachmentFolder(of: entry.id) + "/" + file.name
                try makeFolder(Journal.attachmentFolder(of: entry.id))
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
        added(ImportedSummary(id: entry.id, path: path, createdAt: entry.createdAt, title: entry.title ?? Entry.title(of: entry.text)))
    }

    /// Gives an entry its time in the source's order before it is taken (`take` then leaves it), so that a
    /// link to it can be written first; returns its file: the one the journal has for its id, or the new one.
    func place(_ entry: inout ImportedEntry) -> String {
        entry.createdAt = inSourceOrder(entry.createdAt)
        entry.placed = true
        return known[entry.id] ?? EntryFile.path(for: entry.id, at: entry.createdAt)
    }

    static func holdsNUL(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { buffer in buffer.baseAddress.map { memchr($0, 0, buffer.count) } ?? nil } != nil
    }

    /// The time, a millisecond after the latest entry this import gave the same second, when there is one.
    private func inSourceOrder(_ stamp: Timestamp) -> Timestamp {
        let time = stamp.date.timeIntervalSince1970
        let second = time.rounded(.down)
        guard let latest = latestInSecond[second] else {
            latestInSecond[second] = time
            return stamp
        }
        guard time <= latest else {
            latestInSecond[second] = time
            return stamp
        }
        let next = ((latest * 1000).rounded() + 1) / 1000
        latestInSecond[second] = next
        return Timestamp(date: Date(timeIntervalSince1970: next), offsetSeconds: stamp.offsetSeconds)
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

    /// Tags as the journal stores them (`Tag.stored`), each once.
    static func clean(_ tags: [String]) -> [String] {
        var result: [String] = []
        for tag in tags.compactMap(Tag.stored) where !result.contains(tag) { result.append(tag) }
        return result
    }
}
