import Foundation

/// The formats `journal import` reads.
public enum ImportFormat: String, Sendable, CaseIterable {
    case jrnl, dayone, markdown
}

/// One entry read from another app's export, before it has a file here.
struct ImportedEntry {
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
    public var problems: [ImportProblem] = []
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
