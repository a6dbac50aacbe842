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
    static func encryptedNotSealed(_ path: String) -> String { Say.text("encryptedNotSealed", path) }
    static func encryptedOldFormat(_ path: String) -> String { Say.text("encryptedOldFormat", path) }
    static func encryptedForAnotherPath(_ path: String, _ sealedAt: String) -> String {
        Say.text("encryptedForAnotherPath", path, sealedAt)
    }
    static func refusedBlob(_ commit: String, _ reason: String) -> String { Say.text("refusedBlob", commit, reason) }
    static func remoteTurnedEncryptionOff(_ remote: String, _ commit: String) -> String {
        Say.text("remoteTurnedEncryptionOff", remote, commit)
    }
    static func remoteChangedKey(_ remote: String, _ commit: String, _ theirs: String, _ ours: String) -> String {
        Say.text("remoteChangedKey", remote, commit, theirs, ours)
    }
    static func filterMarkerMissing(_ path: String) -> String { Say.text("filterMarkerMissing", path) }
    static func filterMarkerChanged(_ path: String, _ theirs: String, _ ours: String) -> String {
        Say.text("filterMarkerChanged", path, theirs, ours)
    }
    static func syncSealedPlain(_ count: Int, _ remote: String, _ commit: String) -> String {
        Say.plural("syncSealedPlain", count, count, remote, commit)
    }
    static func syncKeptNewer(_ path: String, _ remote: String, _ commit: String) -> String {
        Say.text("syncKeptNewer", path, remote, commit)
    }
    static var encryptionKeptOn: String { Say.text("encryptionKeptOn") }
    static func remoteAlreadyEncrypted(_ keyID: String) -> String { Say.text("remoteAlreadyEncrypted", keyID) }
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
    public static var keyKeptForSync: String { Say.text("keyKeptForSync") }
    public static func encryptionOff(_ files: Int) -> String { Say.plural("encryptionOff", files, files) }
    public static var confirmEncryptionOff: String { Say.text("confirmEncryptionOff") }
    public static var encryptionOffNeedsYes: String { Say.text("encryptionOffNeedsYes") }
    public static var encryptionLeftOn: String { Say.text("encryptionLeftOn") }
    public static func statusOn(_ keyID: String) -> String { Say.text("statusOn", keyID) }
    public static func statusKey(_ path: String, present: Bool) -> String {
        present ? Say.text("statusKey", path) : Say.text("statusKeyMissing", path)
    }
    public static var statusVisible: String { Say.text("statusVisible") }
    public static func statusPlainCommits(_ count: Int) -> String { Say.plural("statusPlainCommits", count, count) }
    public static var recoveryWordsPrompt: String { Say.text("recoveryWordsPrompt") }

    // MARK: Commit messages

    static let commitEncrypt = "Encrypt entries and attachments"
    static let commitKeepEncryption = "Keep encryption on"
    static let commitSealSettings = "Encrypt journal.yml and templates"
    static let commitFreshHistory = "Start the encrypted history"
    static func commitTakeHeld(_ count: Int, _ commits: [String]) -> String {
        "Take \(count) changes held apart from " + commits.joined(separator: ", ")
    }

    /// One line per commit whose changes wait apart: what it does, and how to take or drop it.
    public static func heldLines(_ held: [HeldChange]) -> [String] {
        var order: [String] = []
        var byCommit: [String: [HeldChange]] = [:]
        for change in held {
            if byCommit[change.commit] == nil { order.append(change.commit) }
            byCommit[change.commit, default: []].append(change)
        }
        return order.compactMap { commit in
            guard let changes = byCommit[commit], let first = changes.first else { return nil }
            let shown = changes.prefix(4).map { change in
                let path = ControlCharacters.visible(change.path)
                switch change.kind {
                case .deleted: return Say.text("heldDeletes", path)
                case .added: return Say.text("heldAdds", path)
                case .modified: return Say.text("heldChanges", path)
                }
            }.joined(separator: ", ") + (changes.count > 4 ? Say.text("heldMore", changes.count - 4) : "")
            return Say.text("heldUnsealed", first.remote, first.shortCommit, ControlCharacters.visible(first.author), shown)
        }
    }
    static func syncHeldUnsealed(_ held: [HeldChange]) -> [String] { heldLines(held) }
    static let commitDecrypt = "Store entries and attachments unencrypted"

    /// A commit message as an encrypted journal stores it, which a remote reads: its verb and the ids of
    /// the entries it names (`Tag entry 3f2a9c1e`, `Commit 2 entries` and one id a line), never a title, a
    /// tag, a category, a file name or a weather summary. The tool's own fixed messages pass as they are.
    static func sealedMessage(_ message: String) -> String {
        if [commitEncrypt, commitKeepEncryption, commitDecrypt, commitSealSettings, commitFreshHistory].contains(message)
            || message.hasPrefix("Take ") || message.hasPrefix("journal sync: ") {
            return message
        }
        let verb = message.prefix { $0 != " " && $0 != "\n" }
        var ids: [String] = []
        let patterns = ["\\(([0-9a-f]{8})\\)", "entry ([0-9a-f]{8})\\b", "(?m)^([0-9a-f]{8}) "]
        for pattern in patterns {
            guard let expression = try? NSRegularExpression(pattern: pattern) else { continue }
            for match in expression.matches(in: message, range: NSRange(message.startIndex..., in: message)) {
                if let range = Range(match.range(at: 1), in: message), !ids.contains(String(message[range])) {
                    ids.append(String(message[range]))
                }
            }
        }
        switch ids.count {
        case 0: return String(verb)
        case 1: return "\(verb) entry \(ids[0])"
        default: return "\(verb) \(ids.count) entries\n\n" + ids.joined(separator: "\n")
        }
    }
}
