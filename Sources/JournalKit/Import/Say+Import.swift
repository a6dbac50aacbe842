import Foundation

extension Say {

    static func commitImport(_ count: Int, _ format: String, _ source: String) -> String {
        Say.inEnglish { "Import \(entries(count)) from \(format) (\(source))" }
    }

    public static func imported(_ count: Int, _ format: String, _ source: String, alreadyThere: Int, dryRun: Bool) -> String {
        let known = alreadyThere == 0 ? "" : Say.text("importedAlreadyThere", alreadyThere)
        return Say.text(dryRun ? "wouldImport" : "imported", entries(count), format, source, known)
    }

    public static func wouldAdd(_ day: String, _ shortID: String, _ title: String) -> String { Say.text("wouldAdd", day, shortID, title.isEmpty ? untitled : title) }

    public static func importProblem(_ place: String, _ reason: String) -> String { Say.text("importProblem", place, reason) }

    public static func importing(_ count: Int) -> String { Say.text("importing", count) }

    public static func badTimeZone(_ name: String) -> String { Say.text("badTimeZone", name) }

    static func importSourceMissing(_ path: String) -> String { Say.text("importSourceMissing", path) }
    static func importUnreadable(_ path: String, _ reason: String) -> String { Say.text("importUnreadable", path, reason) }
    static func importUnsafeName(_ name: String) -> String { Say.text("importUnsafeName", name) }
    static func importUnsafePath(_ path: String) -> String { Say.text("importUnsafePath", path) }
    static func importSymlink(_ path: String) -> String { Say.text("importSymlink", path) }
    static func importTooBig(_ path: String, _ reason: String) -> String { Say.text("importTooBig", path, reason) }

    static var notAZip: String { Say.text("notAZip") }
    static var notInExport: String { Say.text("notInExport") }
    static var inflatesTooMuch: String { Say.text("inflatesTooMuch") }
    static func tooManyFiles(_ count: Int) -> String { Say.text("tooManyFiles", count) }

    // jrnl
    static func jrnlNoEntries(_ path: String) -> String { Say.text("jrnlNoEntries", path) }
    static func jrnlBadDate(_ blob: String) -> String { Say.text("jrnlBadDate", blob) }
    static var jrnlTextBeforeFirst: String { Say.text("jrnlTextBeforeFirst") }
    static func jsonNotExport(_ what: String) -> String { Say.text("jsonNotExport", what) }
    static var jsonEntryNotObject: String { Say.text("jsonEntryNotObject") }
    static func jsonMissing(_ key: String) -> String { Say.text("jsonMissing", key) }
    static func jsonBad(_ reason: String) -> String { Say.text("jsonBad", reason) }

    // Day One
    static func dayOneNoJSON(_ path: String) -> String { Say.text("dayOneNoJSON", path) }
    static func dayOneMissingMedia(_ name: String) -> String { Say.text("dayOneMissingMedia", name) }
    static var dayOneBadUUID: String { Say.text("dayOneBadUUID") }

    // Markdown
    static func markdownNoNotes(_ path: String) -> String { Say.text("markdownNoNotes", path) }
    static func markdownBadFrontMatter(_ reason: String) -> String { Say.text("markdownBadFrontMatter", reason) }
    static var markdownEmpty: String { Say.text("markdownEmpty") }
}
