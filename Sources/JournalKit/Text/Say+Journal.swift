import Foundation

extension Say {
    static func noJournal(_ path: String) -> String {
        "no journal at \(path): create one with `journal init \(path)` (or `journal add` for the default one)"
    }
    static func notAGitRepository(_ path: String) -> String {
        "\(path) exists but is not a git repository, so it is not a journal; choose another folder with --journal"
    }
    static func notAJournal(_ path: String) -> String {
        "\(path) is a git repository but not a journal (no journal.yml); run `journal init \(path)` to make it one"
    }
    static func alreadyAJournal(_ path: String) -> String { "\(path) is already a journal" }
    static func folderNotEmpty(_ path: String) -> String {
        "\(path) is not empty and not a git repository; refusing to turn someone's files into a journal"
    }
    static func idTooShort(_ id: String) -> String { "id '\(id)' is too short: give at least 4 characters" }
    static func unknownID(_ id: String) -> String { "no entry with id '\(id)'" }
    static func ambiguousID(_ id: String, _ candidates: [String]) -> String {
        "id '\(id)' matches \(candidates.count) entries: \(candidates.joined(separator: "; ")); give more characters"
    }
    static func sameID(_ id: String, _ paths: [String]) -> String {
        "\(paths.count) files hold the id \(id.prefix(8)): \(paths.joined(separator: ", ")); name one by its path, as in \(paths[0])"
    }
    static let emptyEntry = "the entry is empty: nothing was saved"
    static func unknownCategory(_ name: String, _ known: [String]) -> String {
        "unknown category '\(name)' (known: \(known.joined(separator: ", "))); add it to journal.yml first"
    }
    static func invalidTag(_ tag: String) -> String {
        "invalid tag '\(tag)': tags are single words (letters, digits, - _ / .), no spaces"
    }
    static func lockTimeout(_ path: String) -> String {
        "another journal command is still writing (lock \(path) held too long); try again"
    }
    static func gitFailed(_ doing: String, _ cause: String) -> String { "cannot \(doing): \(cause)" }
    static func failed(_ doing: String, _ cause: String) -> String { "cannot \(doing): \(cause)" }
    static func damagedData(_ detail: String) -> String { "the data is damaged (\(detail))" }
    static func removedGitLock(_ path: String) -> String { "removed \(path) left by a killed journal" }
    static func gitLockLeftAlone(_ path: String) -> String {
        "\(path) may belong to a git command at work now: left alone (remove it if no git command is running)"
    }
    static func savedButNotCommitted(_ path: String, _ cause: String) -> String {
        "\(path) is saved but not committed (\(cause)); the next journal command will commit it"
    }
    static func ioFailed(_ path: String, _ reason: String) -> String { "cannot write \(path): \(reason)" }
    static func badSettings(_ path: String, _ line: Int, _ reason: String) -> String {
        "\(path):\(line): \(reason)"
    }
    static func indexFailed(_ path: String, _ reason: String) -> String {
        "cannot use the index \(path): \(reason) (it is safe to delete; it will be rebuilt)"
    }
    static let cannotRead = "permission denied or not a file"
    static let noSuchFile = "no such file"
    static func midOperation(_ state: String) -> String {
        "the repository is in the middle of a \(state): edits are not committed until you finish it (git status)"
    }
    static func midOperationRefused(_ state: String) -> String {
        "the repository is in the middle of a \(state): finish it (git status) before changing the journal"
    }
    static let detachedHead = "HEAD is detached (not on a branch): `git checkout main` (or your branch) before changing the journal"
    static func editKeptInFile(_ path: String) -> String { "Your edit stays in \(path) and is committed once that is done." }
    static func conflictMarkers(_ path: String) -> String {
        "\(path) holds conflict markers (<<<<<<<): not committed until you resolve them"
    }

    // Commit messages.
    static func commitAdd(_ title: String, _ id: String) -> String { "Add \"\(title)\" (\(id))" }
    static func commitEdit(_ title: String, _ id: String) -> String { "Edit \"\(title)\" (\(id))" }
    static func commitDelete(_ title: String, _ id: String) -> String { "Delete \"\(title)\" (\(id))" }
    static func commitMove(_ title: String, _ id: String, to path: String) -> String { "Move \"\(title)\" (\(id)) to \(path)" }
    static func commitMoveFile(_ from: String, to path: String) -> String { "Move \(from) to \(path)" }
    static func commitOutside(_ count: Int) -> String { "Commit \(count) changes made outside journal" }
    static let commitInit = "Create journal"
    static let commitSettings = "Update journal settings"
    static func commitOtherFile(_ path: String) -> String { "Update \(path)" }
    static let untitled = "untitled"
}
