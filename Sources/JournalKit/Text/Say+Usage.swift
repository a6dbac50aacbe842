import Foundation

/// Messages about the command line itself, and about settings the tool could not read.
extension Say {
    public static func unknownCommand(_ word: String, suggestion: String?) -> String {
        "unknown command '\(word)'" + (suggestion.map { " (did you mean '\($0)'?)" } ?? "")
    }
    /// `fault` is "path:line: reason".
    public static func settingsIgnored(_ fault: String) -> String {
        "cannot read \(fault); using the built-in categories until it is fixed"
    }
    static func settingsNeeded(_ fault: String) -> String {
        "cannot read \(fault); fix journal.yml before setting a category"
    }
}
