import ArgumentParser
import Foundation
import JournalKit

/// The formats `journal export` writes: a single stream of text, or (`dayone`) a zip.
enum ExportFormat: String, CaseIterable, ExpressibleByArgument {
    case json, markdown, txt, jrnl, jrnlJSON = "jrnl-json", html, dayone
}

extension JournalCommand {
    struct Export: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "export",
            abstract: Help.text("help.Export.abstract"),
            discussion: Help.reflow(Say.text("help.Export.discussion")))

        @OptionGroup var options: GlobalOptions
        @OptionGroup var filters: FilterOptions

        @Argument(help: ArgumentHelp(Help.text("help.Export.format"), valueName: "format"))
        var formatArgument: ExportFormat?

        @Option(name: .customLong("format"), help: ArgumentHelp(Help.text("help.Export.formatOption")))
        var formatOption: ExportFormat?

        @Option(name: [.short, .long], help: ArgumentHelp(Help.text("help.Export.output")))
        var output: String?

        /// The format, named either way (`export jrnl-json` or `export --format jrnl-json`).
        var format: ExportFormat { formatArgument ?? formatOption ?? .json }

        func validate() throws {
            switch (formatArgument, formatOption) {
            case (nil, nil): throw ValidationError(Say.exportNeedsFormat)
            case (let a?, let b?) where a != b: throw ValidationError(Say.exportTwoFormats(a.rawValue, b.rawValue))
            default: break
            }
        }

        func run() throws {
            let format = self.format
            let filter = try filters.checked()
            var query = try Journal.query(for: filter, context: Shell.context())
            let pattern = try Journal.pattern(for: filter)
            if format == .jrnl || format == .jrnlJSON || format == .dayone { query.oldestFirst = !filters.reverse }
            if format == .html { return try exportSite(query, pattern) }
            let target = try output.flatMap { $0 == "-" ? nil : try ExportFile($0) }
            if format == .dayone, target == nil || target?.direct == true { throw JournalError.invalid(Say.dayOneNeedsOutput) }
            let journal = try options.openJournal()
            try refresh(journal)
            if format == .dayone, let target {
                let count: Int
                do {
                    count = try journal.exportDayOne(query, grep: pattern, to: target.temporary)
                    try target.commit()
                } catch {
                    target.discard()
                    throw error
                }
                Terminal.note(Say.exported(count, to: target.path))
                return
            }
            let sink = try target.map { try TextSink(file: $0.temporary, existing: $0.direct) } ?? TextSink.standardOutput()
            var writer = ExportWriter(format: format, journal: journal, sink: sink)
            do {
                try writer.begin()
                if format == .json {
                    // Files read, parsed and written out as JSON on every core; the sink takes them in order.
                    let root = journal.root
                    let withAttachments = Journal.attachmentFolders(root: root)  // not a stat per entry
                    try journal.forEachEntry(query, grep: pattern, rendering: { entry in
                        let attachments = withAttachments.contains(entry.id) ? Journal.attachments(of: entry.id, root: root) : []
                        return EntryJSONBytes.render(entry, attachments: attachments, indent: 2)
                            .map { ($0, entry) } ?? (nil, entry)
                    }) { rendered, entry in
                        if let rendered { try writer.add(json: rendered) } else { try writer.add(entry) }
                    }
                } else {
                    try journal.forEachEntry(query, grep: pattern) { try writer.add($0) }
                }
                try writer.end()
                try sink.close()
                try target?.commit()
            } catch {
                target?.discard()
                throw error
            }
            if let warning = writer.jrnl.warning { Terminal.warn(warning) }
            if let target { Terminal.note(Say.exported(writer.count, to: target.path)) }
        }

        private func exportSite(_ query: EntryQuery, _ pattern: NSRegularExpression?) throws {
            guard let output, output != "-" else { throw JournalError.invalid(Say.exportHTMLNeedsFolder) }
            let folder = Shell.absolute(output)
            try HTMLSite.checkTarget(folder)
            let journal = try options.openJournal()
            try refresh(journal)
            let count = try HTMLSite.export(journal, to: folder) { site in
                try journal.forEachEntry(query, grep: pattern) { try site.add($0) }
            }
            Terminal.note(Say.exported(count, to: folder))
        }
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

    init(_ text: String) throws {
        var path = Shell.absolute(text)
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

    static func standardOutput() -> TextSink {
        TextSink(handle: .standardOutput, path: "standard output", ownsHandle: false, forTerminal: Terminal.stdoutIsTerminal)
    }

    private init(handle: FileHandle, path: String, ownsHandle: Bool, forTerminal: Bool) {
        self.handle = handle
        self.path = path
        self.ownsHandle = ownsHandle
        self.forTerminal = forTerminal
    }

    /// A new file at `path`, or, when `existing`, the pipe or device there, opened for writing.
    convenience init(file path: String, existing: Bool = false) throws {
        guard existing || FileManager.default.createFile(atPath: path, contents: nil), let handle = FileHandle(forWritingAtPath: path)
        else { throw JournalError.invalid(Say.exportFailed(path, String(cString: strerror(errno)))) }
        self.init(handle: handle, path: path, ownsHandle: true, forTerminal: false)
    }

    func write(_ text: String) throws {
        buffer.append(contentsOf: (forTerminal ? Terminal.shown(text) : text).utf8)
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
            Terminal.write(buffer)  // a reader that went away ends the export quietly, as for every command
        }
        buffer.removeAll(keepingCapacity: true)
    }

    func close() throws {
        try flush()
        if ownsHandle { try? handle.close() }
    }
}

/// Renders entries one at a time in an export format.
struct ExportWriter {
    let format: ExportFormat
    let journal: Journal
    let sink: TextSink
    private(set) var count = 0
    /// jrnl's forms, and what jrnl could not keep.
    private(set) var jrnl = JrnlExport(localZone: Shell.timeZone)

    init(format: ExportFormat, journal: Journal, sink: TextSink) {
        self.format = format
        self.journal = journal
        self.sink = sink
    }

    func begin() throws {
        switch format {
        case .json: try sink.write("[")
        case .jrnlJSON: try sink.write("{\n  \"entries\": [")
        case .markdown, .txt, .jrnl, .html, .dayone: break
        }
    }

    mutating func add(_ entry: Entry) throws {
        let separator = count == 0 ? "" : ","
        switch format {
        case .json:
            var record = EntryJSON(entry: entry)
            record.attachments = journal.attachments(of: entry.id)
            try sink.write(separator + "\n" + Self.indented(try EntryJSON.render(record), by: "  "))
        case .jrnl:
            // jrnl's journal file: entries one after another, a blank line between.
            try sink.write((count == 0 ? "" : "\n") + jrnl.text(entry, hasAttachments: !journal.attachments(of: entry.id).isEmpty))
        case .jrnlJSON:
            let record = jrnl.json(entry, hasAttachments: !journal.attachments(of: entry.id).isEmpty)
            try sink.write(separator + "\n" + Self.indented(try EntryJSON.render(record), by: "    "))
        case .markdown:
            try sink.write((count == 0 ? "" : "\n") + EntryMarkdown(settings: journal.settings, units: UserSettings.units).render(entry))
        case .txt:
            let page = EntryPage(style: Style(enabled: false), settings: journal.settings, dates: DateText(locale: nil))
            try sink.write((count == 0 ? "" : "\n" + String(repeating: "─", count: 40) + "\n\n") + page.render(entry))
        case .html, .dayone: break  // a site (HTMLSite) or a zip (Journal.exportDayOne), never through this writer
        }
        count += 1
    }

    /// An entry of `json` already rendered (EntryJSONBytes), indented to sit in the array.
    mutating func add(json: [UInt8]) throws {
        try sink.write(bytes: count == 0 ? "\n" : ",\n")
        try sink.write(bytes: json)
        count += 1
    }

    func end() throws {
        switch format {
        case .json: try sink.write(count == 0 ? "]\n" : "\n]\n")
        case .jrnlJSON:
            let tags = try EntryJSON.render(jrnl.tagCounts)
            try sink.write((count == 0 ? "],\n" : "\n  ],\n") + "  \"tags\": " + Self.indented(tags, by: "  ").drop { $0 == " " } + "\n}\n")
        case .markdown, .txt, .jrnl, .html, .dayone: break
        }
    }

    /// `json` (pretty-printed, ending in a newline) indented to sit inside an array, without the final newline.
    /// Byte by byte: this runs once per exported entry.
    static func indented(_ json: String, by indent: String) -> String {
        var bytes = Array(json.utf8)
        if bytes.last == 10 { bytes.removeLast() }
        let prefix = Array(indent.utf8)
        var out: [UInt8] = prefix
        out.reserveCapacity(bytes.count + bytes.count / 8)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            out.append(byte)
            if byte == 10 {
                // A line of spaces only (an empty array's inside) stays empty.
                var end = index + 1
                while end < bytes.count, bytes[end] == 32 { end += 1 }
                if end < bytes.count, bytes[end] == 10 { index = end; continue }
                out += prefix
            }
            index += 1
        }
        return String(decoding: out, as: UTF8.self)
    }
}

