import Foundation

/// The formats `journal export` writes: a single stream of text, a folder (`html`) or a zip (`dayone`).
public enum ExportFormat: String, CaseIterable, Sendable {
    case json, markdown, txt, jrnl, jrnlJSON = "jrnl-json", html, dayone
}

/// An export checked before the journal is opened: its entries' query and where they go.
public struct ExportPlan {
    public let format: ExportFormat
    let query: EntryQuery
    let pattern: NSRegularExpression?
    let destination: Destination

    enum Destination {
        /// The caller's standard output.
        case output
        case file(ExportFile)
        /// `html`: a folder.
        case site(String)
    }
}

/// What an export did: how many entries, where to (nil: standard output), and what jrnl's forms could not keep.
public struct ExportOutcome: Sendable {
    public let count: Int
    public let path: String?
    public let warning: String?
}

extension Journal {
    /// Checks an export before anything is read: the filter (bad dates, an empty range, a bad pattern) and the
    /// target. `output` is an absolute path, nil for standard output (which `html` and `dayone` cannot use).
    public static func exportPlan(
        _ format: ExportFormat, filter: EntryFilter, output: String?, context: JournalContext
    ) throws -> ExportPlan {
        var query = try Journal.query(for: filter, context: context)
        let pattern = try Journal.pattern(for: filter)
        // jrnl's journal and Day One's keep entries oldest first.
        if format == .jrnl || format == .jrnlJSON || format == .dayone { query.oldestFirst = !filter.reverse }
        if format == .html {
            guard let output else { throw JournalError.invalid(Say.exportHTMLNeedsFolder) }
            try HTMLSite.checkTarget(output)
            return ExportPlan(format: format, query: query, pattern: pattern, destination: .site(output))
        }
        let target = try output.map { try ExportFile($0) }
        if format == .dayone, target == nil || target?.direct == true { throw JournalError.invalid(Say.dayOneNeedsOutput) }
        return ExportPlan(format: format, query: query, pattern: pattern, destination: target.map { .file($0) } ?? .output)
    }

    /// Writes the entries of `plan` in its format, in `units`: to its file or folder, put in place only once
    /// complete, else to `output`.
    public func export(_ plan: ExportPlan, units: Units, output: TextOutput) throws -> ExportOutcome {
        let target: ExportFile?
        switch plan.destination {
        case .site(let folder):
            let count = try HTMLSite.export(self, to: folder, units: units) { site in
                try forEachEntry(plan.query, grep: plan.pattern) { try site.add($0) }
            }
            return ExportOutcome(count: count, path: folder, warning: nil)
        case .file(let file) where plan.format == .dayone:
            let count: Int
            do {
                count = try exportDayOne(plan.query, grep: plan.pattern, to: file.temporary)
                try file.commit()
            } catch {
                file.discard()
                throw error
            }
            return ExportOutcome(count: count, path: file.path, warning: nil)
        case .file(let file): target = file
        case .output: target = nil
        }
        let sink = try target.map { try TextSink(file: $0.temporary, existing: $0.direct) } ?? TextSink(output: output)
        // Links to attachments are read from where the file is; on standard output, from the working folder,
        // where a shell's `>` puts it.
        let linksFrom = target.flatMap { $0.direct ? nil : ($0.path as NSString).deletingLastPathComponent } ?? context.workingDirectory
        var writer = ExportWriter(format: plan.format, journal: self, sink: sink, units: units, linksFrom: linksFrom)
        do {
            try writer.begin()
            if plan.format == .json {
                // Files read, parsed and written out as JSON on every core; the sink takes them in order.
                let root = root
                let withAttachments = Journal.attachmentFolders(root: root)  // not a stat per entry
                try forEachEntry(plan.query, grep: plan.pattern, rendering: { entry in
                    let attachments = withAttachments.contains(entry.id) ? Journal.attachments(of: entry.id, root: root) : []
                    return EntryJSONBytes.object(EntryJSON(entry: entry, attachments: attachments), indent: 2)
                        .map { ($0, entry) } ?? (nil, entry)
                }) { rendered, entry in
                    if let rendered { try writer.add(json: rendered) } else { try writer.add(entry) }
                }
            } else {
                try forEachEntry(plan.query, grep: plan.pattern) { try writer.add($0) }
            }
            try writer.end()
            try sink.close()
            try target?.commit()
        } catch {
            target?.discard()
            throw error
        }
        return ExportOutcome(count: writer.count, path: target?.path, warning: writer.jrnl.warning)
    }
}
