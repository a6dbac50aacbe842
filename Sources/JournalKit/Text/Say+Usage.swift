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
    public static func weatherSkipped(_ count: Int) -> String {
        count == 1
            ? "Skipped 1 entry whose place could not be found (see above)."
            : "Skipped \(count) entries whose places could not be found (see above)."
    }
    static func settingsNeeded(_ fault: String) -> String {
        "cannot read \(fault); fix journal.yml before setting a category"
    }
}
