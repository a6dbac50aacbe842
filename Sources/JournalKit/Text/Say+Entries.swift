import Foundation

extension Say {
    static var headerNotClosed: String { Say.text("headerNotClosed") }
    static var headerNotMapping: String { Say.text("headerNotMapping") }
    static var headerComplexKey: String { Say.text("headerComplexKey") }
    static var headerAlias: String { Say.text("headerAlias") }
    static func headerBadID(_ text: String) -> String { Say.text("headerBadID", text) }
    static func headerBadDate(_ key: String, _ text: String) -> String { Say.text("headerBadDate", key, text) }
    /// Why a file is not an entry at all (a NUL byte or bytes that are not UTF-8).
    static var notText: String { Say.text("notText") }
    static func headerBadBool(_ key: String) -> String { Say.text("headerBadBool", key) }
}
