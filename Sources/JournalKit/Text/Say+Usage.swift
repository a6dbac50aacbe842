import Foundation

/// Messages about the command line itself, and about settings the tool could not read.
extension Say {
    public static func unknownCommand(_ word: String, suggestion: String?) -> String {
        "unknown command '\(word)'" + (suggestion.map { " (did you mean '\($0)'?)" } ?? "")
    }
}
