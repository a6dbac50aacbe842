import Foundation

/// Messages of `encrypt` and of reading sealed blobs.
extension Say {
    // MARK: Errors

    static func encryptionLocked(_ path: String) -> String {
        "\(path) is stored encrypted and this machine has no key for this journal: run `journal encrypt unlock --key-file PATH` (or type its recovery words)"
    }
    static func encryptedTruncated(_ path: String) -> String {
        "\(path) is stored encrypted but its data is cut short (damaged): it cannot be read"
    }
    static func encryptedDamaged(_ path: String) -> String {
        "\(path) is stored encrypted but does not open with this journal's key (damaged or altered)"
    }
    static func encryptedWithOtherKey(_ path: String, _ theirs: String, _ ours: String) -> String {
        "\(path) is encrypted with another key (\(theirs)), not this journal's (\(ours))"
    }
    static func alreadyEncrypted(_ keyID: String) -> String {
        "this journal is already encrypted (key \(keyID)): see `journal encrypt status`"
    }
    static func syncNeedsKey(_ keyID: String) -> String {
        "the remote's journal is encrypted (key \(keyID)) and this machine has no key for it: run `journal encrypt unlock --key-file PATH`, then sync again; nothing was changed"
    }
    public static let notEncrypted = "this journal is not encrypted: `journal encrypt init` turns encryption on"
    public static let notAKey = "that is not a journal key: give the key file `encrypt init --export` wrote, or the 24 recovery words"
    public static func wrongKey(_ given: String, _ wanted: String) -> String {
        "that key (\(given)) is not this journal's (\(wanted)): nothing was changed"
    }
    public static let noKeysFolder = "no folder to keep keys in: set HOME or XDG_CONFIG_HOME"
    public static func cloneNeedsKey(_ url: String) -> String {
        "\(url) is an encrypted journal: give its key with --key-file PATH (or type its recovery words on a terminal); nothing was cloned"
    }
    public static func cloneWrongKey(_ url: String, _ given: String, _ wanted: String) -> String {
        "that key (\(given)) is not the key of \(url) (\(wanted)): nothing was cloned"
    }
    public static func unreadableKeyFile(_ path: String) -> String { "cannot read the key file \(path)" }
    public static func exportExists(_ path: String) -> String { "\(path) already exists: --export writes a new file only" }
    public static func exportFolderMissing(_ path: String) -> String { "\(path): no such folder for --export" }

    // MARK: Results

    public static func encryptionOn(_ keyID: String, _ keyPath: String, _ files: Int) -> String {
        "Encryption is on: \(files) \(files == 1 ? "file" : "files") of entries/ and attachments/ re-stored encrypted with key \(keyID), kept in \(keyPath) (mode 0600)."
    }
    public static let recoveryWordsIntro = "Recovery words (shown once: write them down; with them any machine can read this journal):"
    public static func keyExported(_ path: String) -> String { "Key written to \(path): keep it safe, it reads this journal." }
    public static func earlierCommitsPlain(_ count: Int) -> String {
        "The \(count) earlier \(count == 1 ? "commit keeps" : "commits keep") the plaintext. For a remote without that history, push a fresh start instead: make a new journal, copy entries/ and attachments/ in, run `journal encrypt init` there, then `journal remote add origin NEW-URL` and `journal sync` (and delete the old remote)."
    }
    public static func unlocked(_ count: Int) -> String {
        "Unlocked: the key is kept on this machine; \(count) \(count == 1 ? "file" : "files") decrypted in the folder."
    }
    public static let statusOff = "Encryption: off (entries are stored as plain text in commits)."
    public static func statusOn(_ keyID: String) -> String { "Encryption: on for entries/ and attachments/ (key \(keyID))." }
    public static func statusKey(_ path: String, present: Bool) -> String {
        present ? "Key: \(path)" : "Key: missing (\(path)): run `journal encrypt unlock`"
    }
    public static let statusVisible =
        "A remote still sees: file names (each entry's date and id), file sizes, commit times and authors, journal.yml and templates/."
    public static func statusPlainCommits(_ count: Int) -> String {
        "\(count) earlier \(count == 1 ? "commit holds" : "commits hold") plaintext (made before encryption was turned on)."
    }
    public static let recoveryWordsPrompt = "Recovery words: "

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
