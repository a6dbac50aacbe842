import Foundation

/// Messages about the command line itself, and about settings the tool could not read.
extension Say {
    public static func cannotWriteOutput(_ reason: String) -> String { Say.text("cannotWriteOutput", reason) }
    public static func unknownCommand(_ word: String, suggestion: String?) -> String {
        suggestion.map { Say.text("unknownCommandSuggest", word, $0) } ?? Say.text("unknownCommand", word)
    }
    /// `fault` is "path:line: reason".
    public static func settingsIgnored(_ fault: String) -> String { Say.text("settingsIgnored", fault) }
    public static func weatherSkipped(_ count: Int) -> String {
        Say.plural("weatherSkipped", count, count)
    }
    static func settingsNeeded(_ fault: String) -> String { Say.text("settingsNeeded", fault) }
}
