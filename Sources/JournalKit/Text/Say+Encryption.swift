import Foundation

/// Messages of `encrypt` and of reading sealed blobs.
extension Say {
    // MARK: Errors

    static func encryptionLocked(_ path: String) -> String { Say.text("encryptionLocked", path) }
    static func encryptedTruncated(_ path: String) -> String { Say.text("encryptedTruncated", path) }
    static func encryptedDamaged(_ path: String) -> String { Say.text("encryptedDamaged", path) }
    static func encryptedWithOtherKey(_ path: String, _ theirs: String, _ ours: String) -> String {
        Say.text("encryptedWithOtherKey", path, theirs, ours)
    }
    static func alreadyEncrypted(_ keyID: String) -> String { Say.text("alreadyEncrypted", keyID) }
    static func syncNeedsKey(_ keyID: String) -> String { Say.text("syncNeedsKey", keyID) }
    public static var notEncrypted: String { Say.text("notEncrypted") }
    public static var notAKey: String { Say.text("notAKey") }
    public static func wrongKey(_ given: String, _ wanted: String) -> String { Say.text("wrongKey", given, wanted) }
    public static var noKeysFolder: String { Say.text("noKeysFolder") }
    public static func cloneNeedsKey(_ url: String) -> String { Say.text("cloneNeedsKey", url) }
    public static func cloneWrongKey(_ url: String, _ given: String, _ wanted: String) -> String {
        Say.text("cloneWrongKey", given, url, wanted)
    }
    public static func unreadableKeyFile(_ path: String) -> String { Say.text("unreadableKeyFile", path) }
    public static func exportExists(_ path: String) -> String { Say.text("exportExists", path) }
    public static func exportFolderMissing(_ path: String) -> String { Say.text("exportFolderMissing", path) }

    // MARK: Results

    public static func encryptionOn(_ keyID: String, _ keyPath: String, _ files: Int) -> String {
        Say.plural("encryptionOn", files, files, keyID, keyPath)
    }
    public static var recoveryWordsIntro: String { Say.text("recoveryWordsIntro") }
    public static func keyExported(_ path: String) -> String { Say.text("keyExported", path) }
    public static func earlierCommitsPlain(_ count: Int) -> String { Say.plural("earlierCommitsPlain", count, count) }
    public static func unlocked(_ count: Int) -> String { Say.plural("unlocked", count, count) }
    public static var statusOff: String { Say.text("statusOff") }
    public static func statusOn(_ keyID: String) -> String { Say.text("statusOn", keyID) }
    public static func statusKey(_ path: String, present: Bool) -> String {
        present ? Say.text("statusKey", path) : Say.text("statusKeyMissing", path)
    }
    public static var statusVisible: String { Say.text("statusVisible") }
    public static func statusPlainCommits(_ count: Int) -> String { Say.plural("statusPlainCommits", count, count) }
    public static var recoveryWordsPrompt: String { Say.text("recoveryWordsPrompt") }

    // MARK: Commit messages

    static let commitEncrypt = "Encrypt entries and attachments"

    /// A commit message with every `"Title" (3f2a9c1e)` made `entry 3f2a9c1e`: while encryption is on,
    /// commit messages (which a remote sees) carry no titles.
    static func withoutTitles(_ message: String) -> String {
        guard let pattern = try? NSRegularExpression(pattern: "\"[^\\n]*\" \\(([0-9a-f]{8})\\)") else { return message }
        let range = NSRange(message.startIndex..., in: message)
        return pattern.stringByReplacingMatches(in: message, range: range, withTemplate: "entry $1")
    }
}
