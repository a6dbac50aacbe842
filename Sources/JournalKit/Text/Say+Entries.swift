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
    /// Why a file holding ciphertext (a clone the git program made without the key) is not read.
    static var notTextLocked: String { Say.text("notTextLocked") }
    static func headerBadBool(_ key: String) -> String { Say.text("headerBadBool", key) }
}
