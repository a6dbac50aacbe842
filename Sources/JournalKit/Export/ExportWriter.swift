import Foundation

/// Renders entries one at a time in an export format.
struct ExportWriter {
    let format: ExportFormat
    let journal: Journal
    let sink: TextSink
    /// The reader's units, for the weather.
    let units: Units
    /// The folder the export is read from, which Markdown's links to attachments are made relative to.
    let linksFrom: String?
    private(set) var count = 0
    /// jrnl's forms, and what jrnl could not keep.
    private(set) var jrnl: JrnlExport

    init(format: ExportFormat, journal: Journal, sink: TextSink, units: Units, linksFrom: String?) {
        self.format = format
        self.journal = journal
        self.sink = sink
        self.units = units
        self.linksFrom = linksFrom
        jrnl = JrnlExport(localZone: journal.context.timeZone)
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
            var text = EntryMarkdown(settings: journal.settings, units: units).render(entry)
            if let folder = linksFrom { text = journal.linkingFiles(text, of: entry, from: folder) }
            try sink.write((count == 0 ? "" : "\n") + text)
        case .txt:
            let page = EntryPage(style: Style(enabled: false), settings: journal.settings, dates: DateText(locale: nil), units: units, width: .max)
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
