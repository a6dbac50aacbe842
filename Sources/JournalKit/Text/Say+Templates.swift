import Foundation

/// Messages of entry templates (`add --template`, `templates`).
extension Say {
    static func unknownTemplate(_ name: String, _ known: [String]) -> String { Say.text("unknownTemplate", name, known.joined(separator: ", "), name) }
    static func badTemplate(_ name: String, _ line: Int, _ reason: String) -> String { Say.text("badTemplate", name, line, reason) }
    static var templateHeaderUnclosed: String { Say.text("templateHeaderUnclosed") }
    static var templateCategoryNotText: String { Say.text("templateCategoryNotText") }
    static func templateUnknownKey(_ key: String) -> String { Say.text("templateUnknownKey", key) }
    static func templateSyntax(_ reason: String) -> String { Say.text("templateSyntax", reason) }
    static var templateSectionNameMismatch: String { Say.text("templateSectionNameMismatch") }
    static var templateUnfinishedTag: String { Say.text("templateUnfinishedTag") }
    static var templateSectionNotClosed: String { Say.text("templateSectionNotClosed") }
    public static var templateBuiltIn: String { Say.text("templateBuiltIn") }
}

extension Say {
    public static var templateOverrides: String { Say.text("templateOverrides") }
}
