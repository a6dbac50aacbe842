import Foundation

/// The formats `journal import` reads.
public enum ImportFormat: String, Sendable, CaseIterable {
    case jrnl, dayone, markdown
}

/// One entry read from another app's export, before it has a file here.
struct ImportedEntry {
    /// Where the source has it, for messages: `journal.txt:12`, `Journal.json: entry 3`, `notes/a.md`.
    var place: String
    /// Deterministic, so that importing the same source again recognises what is already there.
    var id: String
    var createdAt: Timestamp
    var timeZone: String?
    var tags: [String]
    var starred: Bool
    var text: String
    var location: Location? = nil
    var weather: Weather? = nil
    /// Files that go into `attachments/<id>/`, each under a plain file name.
    var attachments: [ImportedFile] = []
    /// Header lines of the source kept as they are (a note's own front-matter keys), after ours.
    var keptHeader: [String] = []
    /// What to say about the entry when it is imported (a time the clocks skipped, a tag renamed).
    var notices: [String] = []
    /// The title its header gives (a note's `title:`), for a dry run's listing.
    var title: String? = nil
    /// Set once the writer has given it its time in the source's order (`ImportWriter.place`).
    var placed = false
}

/// A file an imported entry brings along: its name in `attachments/<id>/` and how to copy its bytes there.
struct ImportedFile {
    var name: String
    /// Writes the bytes to the absolute path given; throws a refusal for hostile content.
    var copy: (String) throws(JournalError) -> Void
}

/// An entry of the source that could not be read: where (file, and line when there is one) and why.
public struct ImportProblem: Sendable, Equatable {
    public var place: String
    public var reason: String
}

/// What an import found and did.
public struct ImportReport: Sendable {
    /// Entries written (or, in a dry run, that would be).
    public var added = 0
    /// Entries the journal already holds (by id).
    public var alreadyThere = 0
    /// Entries of an earlier import that were deleted since, and so left out.
    public var deletedSince = 0
    /// Entries left out, with why.
    public var problems: [ImportProblem] = []
    /// Entries imported with something to say about them (a time the clocks skipped, a tag renamed).
    public var notices: [ImportProblem] = []
    /// The commit's subject; nil when nothing was committed.
    public var commitMessage: String?
}

/// One line about an entry the import adds, for a dry run's listing.
public struct ImportedSummary: Sendable {
    public var id: String
    public var path: String
    public var createdAt: Timestamp
    public var title: String
}

/// Where a reader hands over what it reads.
struct ImportSink {
    var entry: (ImportedEntry) throws(JournalError) -> Void
    var problem: (ImportProblem) -> Void
}

extension TimeZone {
    /// The zone's IANA name for a `time_zone` header; nil for a bare offset such as GMT+0900.
    var importName: String? {
        identifier.contains("/") || identifier == "UTC" || identifier == "GMT" ? identifier : nil
    }
}

enum ImportID {
    /// The namespace of imported entries' name-based ids.
    static let namespace = NameUUID.make(namespace: NameUUID.urlNamespace, name: "journal-import")

    /// A name-based id for what identifies an entry in its source (its date and text, or its path).
    static func make(_ format: ImportFormat, _ name: String) -> String {
        NameUUID.make(namespace: namespace, name: format.rawValue + "\n" + name).uuidString.lowercased()
    }
}

/// Checks on names that come from the source, so that nothing lands outside `attachments/<id>/`.
enum ImportNames {
    /// A plain file name: no folder, no `..`, not hidden, no control characters.
    static func isPlainFileName(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.count <= 255 && !name.contains("/") && !name.contains("\\") && !name.hasPrefix(".")
            && !name.unicodeScalars.contains { $0.value < 32 || $0.value == 127 }
    }

    /// A relative path inside the source: no absolute path, no `..` part.
    static func isInside(_ path: String) -> Bool {
        !path.hasPrefix("/") && !path.hasPrefix("\\") && !path.split(separator: "/", omittingEmptySubsequences: false)
            .contains { $0 == ".." } && !path.contains("\\..") && !path.contains("..\\")
    }
}

/// JSON sources (jrnl's export, Day One's), parsed with a mistake's line and column.
enum ImportJSON {
    static func parse(_ data: Data, name: String) throws(JournalError) -> Any {
        do {
            return try JSONSerialization.jsonObject(with: data)
        } catch {
            let info = (error as NSError).userInfo
            let detail = info[NSDebugDescriptionErrorKey] as? String ?? ""
            var offset = info["NSJSONSerializationErrorIndex"] as? Int
            if offset == nil, let range = detail.range(of: #"character (\d+)"#, options: .regularExpression) {
                offset = Int(detail[range].dropFirst("character ".count))
            }
            let (line, column) = position(of: min(offset ?? data.count, data.count), in: data)
            throw .invalid(Say.importUnreadable(name, Say.jsonBadAt(line, column)))
        }
    }

    /// The 1-based line and column (in characters) of a byte offset.
    static func position(of offset: Int, in data: Data) -> (Int, Int) {
        let before = data.prefix(offset)
        let line = before.reduce(1) { $1 == 10 ? $0 + 1 : $0 }
        let lineStart = before.lastIndex(of: 10).map { $0 + 1 } ?? before.startIndex
        let column = String(decoding: before[lineStart...], as: UTF8.self).count + 1
        return (line, column)
    }

    /// A Day One export: entries with Day One's `uuid` and `creationDate`.
    static func looksLikeDayOne(_ object: Any) -> Bool {
        guard let entries = (object as? [String: Any])?["entries"] as? [Any] else { return false }
        return entries.contains { item in
            guard let fields = item as? [String: Any] else { return false }
            return fields["uuid"] != nil && fields["creationDate"] != nil
        }
    }
}

extension Timestamp {
    /// A wall-clock time without an offset (jrnl's), read in `zone`. A time the clocks skipped (02:30 on the
    /// night summer time starts) is kept as written, with the offset from before the jump: `skipped` says so.
    static func parseWallTime(_ text: String, zone: TimeZone) -> (Timestamp, skipped: Bool)? {
        guard let placed = parse(text, zone: zone) else { return nil }
        // The usual case, checked without a second parse: the time reads back as written.
        let p = placed.parts
        let written = "\(placed.localDay) \(p.hour.zeroPadded(2)):\(p.minute.zeroPadded(2)):\(p.second.zeroPadded(2))"
        if written == text { return (placed, false) }
        guard let wall = parse(text, zone: utc) else { return nil }
        // The wall time's seconds less the instant's: the offset that makes the text true.
        let offset = Int((wall.date.timeIntervalSince1970 - placed.date.timeIntervalSince1970).rounded())
        guard offset != placed.offsetSeconds else { return (placed, false) }
        return (Timestamp(date: placed.date, offsetSeconds: offset), true)
    }

    private static let utc = TimeZone(secondsFromGMT: 0) ?? .gmt
}
