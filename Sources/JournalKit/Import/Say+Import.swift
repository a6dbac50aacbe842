import Foundation

extension Say {

    static func commitImport(_ count: Int, _ format: String, _ source: String) -> String {
        "Import \(entries(count)) from \(format) (\(source))"
    }

    public static func imported(_ count: Int, _ format: String, _ source: String, alreadyThere: Int, dryRun: Bool) -> String {
        let verb = dryRun ? "Would import" : "Imported"
        let known = alreadyThere == 0 ? "" : "; \(alreadyThere) already in the journal"
        return "\(verb) \(entries(count)) from \(format) (\(source))\(known)."
    }

    public static func wouldAdd(_ day: String, _ shortID: String, _ title: String) -> String {
        "would add \(day) \(shortID) \(title.isEmpty ? untitled : title)"
    }

    public static func importProblem(_ place: String, _ reason: String) -> String { "skipped \(place): \(reason)" }

    public static func importing(_ count: Int) -> String { "Importing… \(count)" }

    public static func badTimeZone(_ name: String) -> String {
        "time zone '\(name)' is not an IANA name such as Asia/Seoul or UTC"
    }

    static func importSourceMissing(_ path: String) -> String { "\(path) does not exist" }
    static func importUnreadable(_ path: String, _ reason: String) -> String { "cannot read \(path): \(reason)" }
    static func importUnsafeName(_ name: String) -> String {
        "refused: the name '\(name)' would leave the journal's attachments folder; nothing was imported"
    }
    static func importUnsafePath(_ path: String) -> String {
        "refused: '\(path)' points outside the source (an absolute path or ..); nothing was imported"
    }
    static func importSymlink(_ path: String) -> String {
        "refused: '\(path)' is a symbolic link; nothing was imported"
    }
    static func importTooBig(_ path: String, _ reason: String) -> String {
        "refused: \(path) \(reason) (a zip bomb?); nothing was imported"
    }

    static let notAZip = "neither a folder nor a zip file"
    static let notInExport = "not in the export"
    static let inflatesTooMuch = "inflates far beyond its packed size"
    static func tooManyFiles(_ count: Int) -> String { "holds more than \(count) files" }

    // jrnl
    static func jrnlNoEntries(_ path: String) -> String {
        "\(path) holds no jrnl entries (lines starting [YYYY-MM-DD HH:MM])"
    }
    static func jrnlBadDate(_ blob: String) -> String { "[\(blob)] is not a date and time jrnl writes" }
    static let jrnlTextBeforeFirst = "text before the first dated entry"
    static func jsonNotExport(_ what: String) -> String { "not a \(what) JSON export (no \"entries\" list)" }
    static let jsonEntryNotObject = "the entry is not a JSON object"
    static func jsonMissing(_ key: String) -> String { "no valid \"\(key)\"" }
    static func jsonBad(_ reason: String) -> String { "not JSON: \(reason)" }

    // Day One
    static func dayOneNoJSON(_ path: String) -> String { "\(path) holds no Day One JSON file (Journal.json)" }
    static func dayOneMissingMedia(_ name: String) -> String { "its file \(name) is not in the export; the link is kept" }
    static let dayOneBadUUID = "its uuid is not 32 hexadecimal digits"

    // Markdown
    static func markdownNoNotes(_ path: String) -> String { "\(path) holds no Markdown notes (.md files)" }
    static func markdownBadFrontMatter(_ reason: String) -> String { "its front matter cannot be read: \(reason)" }
    static let markdownEmpty = "the note is empty"
}
