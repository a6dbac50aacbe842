import Foundation

extension Say {
    static let headerNotClosed = "the header opened by --- on line 1 is never closed by a --- line"
    static let headerNotMapping = "the header is not a list of `key: value` lines"
    static let headerComplexKey = "a header key must be a plain word"
    static let headerAlias = "YAML aliases (*name) are not supported in a header"
    static func headerBadID(_ text: String) -> String { "id '\(text)' is not a UUID" }
    static func headerBadDate(_ key: String, _ text: String) -> String {
        "\(key) '\(text)' is not a date like 2026-11-21T22:44:55+09:00"
    }
    /// Why a file is not an entry at all (a NUL byte or bytes that are not UTF-8).
    static let notText = "not UTF-8 text"
    static func headerBadBool(_ key: String) -> String { "\(key) must be true or false" }
}
