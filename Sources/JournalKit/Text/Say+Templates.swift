import Foundation

/// Messages of entry templates (`add --template`, `templates`).
extension Say {
    static func unknownTemplate(_ name: String, _ known: [String]) -> String {
        "unknown template '\(name)' (known: \(known.joined(separator: ", "))); add templates/\(name).md to the journal"
    }
    static func badTemplate(_ name: String, _ line: Int, _ reason: String) -> String {
        "template '\(name)', line \(line): \(reason)"
    }
    static let templateHeaderUnclosed = "the header opened with --- is never closed with ---"
    static let templateCategoryNotText = "category: must be one category name"
    static func templateUnknownKey(_ key: String) -> String {
        "unknown header key '\(key)' (a template's header may set category and tags)"
    }
    static func templateSyntax(_ reason: String) -> String { "Mustache syntax: " + reason }
    static let templateSectionNameMismatch = "a section is closed with another name than it was opened with"
    static let templateUnfinishedTag = "a {{tag}} is not closed with }}"
    static let templateSectionNotClosed = "a section {{#name}} is never closed with {{/name}}"
    public static let templateBuiltIn = "built-in"
}

extension Say {
    public static let templateOverrides = "replaces the built-in one"
}
