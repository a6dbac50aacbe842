import Foundation

extension Say {

    static func commitImport(_ count: Int, _ format: String, _ source: String) -> String {
        Say.inEnglish { "Import \(entries(count)) from \(format) (\(source))" }
    }

    public static func imported(_ count: Int, _ format: String, _ source: String, alreadyThere: Int, deletedSince: Int = 0, dryRun: Bool) -> String {
        var known = alreadyThere == 0 ? "" : Say.text("importedAlreadyThere", alreadyThere)
        if deletedSince > 0 { known += Say.text("importedDeletedSince", deletedSince) }
        return Say.text(dryRun ? "wouldImport" : "imported", entries(count), format, source, known)
    }

    public static func wouldAdd(_ day: String, _ shortID: String, _ title: String) -> String { Say.text("wouldAdd", day, shortID, title.isEmpty ? untitled : title) }

    public static func importProblem(_ place: String, _ reason: String) -> String { Say.text("importProblem", place, reason) }

    public static func importNotice(_ place: String, _ reason: String) -> String { Say.text("importNotice", place, reason) }

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
    static func jrnlDateFromToday(_ blob: String, _ taken: String) -> String { Say.text("jrnlDateFromToday", blob, taken) }
    static var jrnlTextBeforeFirst: String { Say.text("jrnlTextBeforeFirst") }
    static func jsonNotExport(_ what: String) -> String { Say.text("jsonNotExport", what) }
    static var jsonEntryNotObject: String { Say.text("jsonEntryNotObject") }
    static func jsonMissing(_ key: String) -> String { Say.text("jsonMissing", key) }
    static func jsonBad(_ reason: String) -> String { Say.text("jsonBad", reason) }
    static func jsonBadAt(_ line: Int, _ column: Int) -> String { Say.text("jsonBadAt", line, column) }
    static func looksLikeDayOne(_ name: String) -> String { Say.text("looksLikeDayOne", name) }
    static func wallTimeSkipped(_ time: String, _ zone: String, _ kept: String) -> String { Say.text("wallTimeSkipped", time, zone, kept) }

    // Day One
    static func dayOneNoJSON(_ path: String) -> String { Say.text("dayOneNoJSON", path) }
    static func dayOneMissingMedia(_ name: String, _ title: String) -> String { Say.text("dayOneMissingMedia", name, title) }
    static func dayOneBadTimeZone(_ name: String, _ used: String) -> String { Say.text("dayOneBadTimeZone", name, used) }
    static func tagRenamed(_ original: String, _ stored: String) -> String { Say.text("tagRenamed", original, stored) }
    static var dayOneBadUUID: String { Say.text("dayOneBadUUID") }

    // Markdown
    static func markdownNoNotes(_ path: String) -> String { Say.text("markdownNoNotes", path) }
    static func markdownBadFrontMatter(_ reason: String) -> String { Say.text("markdownBadFrontMatter", reason) }
    static var markdownEmpty: String { Say.text("markdownEmpty") }
    static func markdownMissingFile(_ name: String) -> String { Say.text("markdownMissingFile", name) }
    static func markdownLinkOutside(_ note: String, _ target: String) -> String { Say.text("markdownLinkOutside", note, target) }
    static func badDayTime(_ text: String) -> String { Say.text("badDayTime", text) }

    // Encodings
    static func unknownEncoding(_ name: String) -> String { Say.text("unknownEncoding", name) }
    static func importNotUTF8(_ file: String, _ line: Int, _ offset: Int, _ byte: UInt8) -> String {
        Say.text("importNotUTF8", file, line, offset, String(format: "%02X", byte))
    }
    static func importNotInEncoding(_ file: String, _ line: Int, _ offset: Int, _ encoding: String) -> String {
        Say.text("importNotInEncoding", file, line, offset, encoding)
    }
    static var importNUL: String { Say.text("importNUL") }
}
