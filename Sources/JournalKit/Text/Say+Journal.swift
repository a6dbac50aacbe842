import Foundation

extension Say {
    static func noJournal(_ path: String) -> String { Say.text("noJournal", path, path) }
    static func notAGitRepository(_ path: String) -> String { Say.text("notAGitRepository", path) }
    static func notAJournal(_ path: String) -> String { Say.text("notAJournal", path, path) }
    static func alreadyAJournal(_ path: String) -> String { Say.text("alreadyAJournal", path) }
    static func folderNotEmpty(_ path: String) -> String { Say.text("folderNotEmpty", path) }
    static func idTooShort(_ id: String) -> String { Say.text("idTooShort", id) }
    static func unknownID(_ id: String) -> String { Say.text("unknownID", id) }
    static func ambiguousID(_ id: String, _ candidates: [String]) -> String { Say.text("ambiguousID", id, candidates.count, candidates.joined(separator: "; ")) }
    static func sameID(_ id: String, _ paths: [String]) -> String { Say.text("sameID", paths.count, Entry.shortID(of: id), paths.joined(separator: ", "), paths[0]) }
    static var emptyEntry: String { Say.text("emptyEntry") }
    static func unknownCategory(_ name: String, _ known: [String]) -> String { Say.text("unknownCategory", name, known.joined(separator: ", ")) }
    static func unknownCategoryInEntry(_ path: String, _ name: String, meant: [String]) -> String {
        Say.text("unknownCategoryMeant", path, name, meant.joined(separator: ", "))
    }
    static func unknownCategoryInEntry(_ path: String, _ name: String, known: [String]) -> String {
        Say.text("unknownCategoryInEntry", path, name, known.joined(separator: ", "))
    }
    /// The tag on one line: its line breaks and tabs shown too.
    static func invalidTag(_ tag: String) -> String {
        Say.text("invalidTag", ControlCharacters.visible(tag.replacingOccurrences(of: "\n", with: "\\u{A}").replacingOccurrences(of: "\t", with: "\\u{9}")))
    }
    static func tagNotOneWord(_ tag: String) -> String { Say.text("tagNotOneWord", tag) }
    /// `+` or `-` alone (the tag's name left out), or a name that is nothing but spaces and commas.
    static func tagNamesNothing(_ word: String) -> String { Say.text("tagNamesNothing", ControlCharacters.visible(word)) }
    static func notOneTag(_ text: String) -> String { Say.text("notOneTag", ControlCharacters.visible(text)) }
    static func lockTimeout(_ path: String) -> String { Say.text("lockTimeout", path) }
    static func gitFailed(_ doing: String, _ cause: String) -> String { Say.text("gitFailed", doing, cause) }
    static func failed(_ doing: String, _ cause: String) -> String { Say.text("failed", doing, cause) }
    static func damagedData(_ detail: String) -> String { Say.text("damagedData", detail) }
    static func removedGitLock(_ path: String) -> String { Say.text("removedGitLock", path) }
    static func gitLockLeftAlone(_ path: String) -> String { Say.text("gitLockLeftAlone", path) }
    static func savedButNotCommitted(_ path: String, _ cause: String) -> String { Say.text("savedButNotCommitted", path, cause) }
    static func ioFailed(_ path: String, _ reason: String) -> String { Say.text("ioFailed", path, reason) }
    static func noSpace(_ path: String) -> String {
        path.isEmpty ? Say.text("noSpaceSomewhere") : Say.text("noSpace", path, FileSystem.mountPoint(of: path))
    }
    static func readOnlyFileSystem(_ path: String) -> String { Say.text("readOnlyFileSystem", path, FileSystem.mountPoint(of: path)) }
    /// The note of a command that read the journal without writing anything, because it could not.
    static func readingOnly(_ problem: JournalError) -> String {
        switch problem {
        case .noSpace(let path): Say.text("readingOnlyFull", FileSystem.mountPoint(of: path))
        case .readOnly(let path): Say.text("readingOnlyFileSystem", FileSystem.mountPoint(of: path))
        default: Say.text("readingOnly", problem.description)
        }
    }
    static func badSettings(_ path: String, _ line: Int, _ reason: String) -> String { Say.text("badSettings", path, line, reason) }
    static func indexFailed(_ path: String, _ reason: String) -> String { Say.text("indexFailed", path, reason) }
    static var cannotRead: String { Say.text("cannotRead") }
    static var noSuchFile: String { Say.text("noSuchFile") }
    static var linkNotFollowed: String { Say.text("linkNotFollowed") }
    static func readFailed(_ path: String, _ reason: String) -> String { Say.text("readFailed", path, reason) }
    static func midOperation(_ state: String) -> String { Say.text("midOperation", state) }
    static func midOperationRefused(_ state: String) -> String { Say.text("midOperationRefused", state) }
    static var detachedHead: String { Say.text("detachedHead") }
    static func editKeptInFile(_ path: String) -> String { Say.text("editKeptInFile", path) }
    static func conflictMarkers(_ path: String) -> String { Say.text("conflictMarkers", path) }

    // Commit messages.
    static func commitAdd(_ title: String, _ id: String) -> String { "Add \"\(title)\" (\(id))" }
    static func commitEdit(_ title: String, _ id: String) -> String { "Edit \"\(title)\" (\(id))" }
    static func commitDelete(_ title: String, _ id: String) -> String { "Delete \"\(title)\" (\(id))" }
    static func commitDeleteMany(_ count: Int) -> String { Say.inEnglish { "Delete \(Say.entries(count))" } }
    static func commitMove(_ title: String, _ id: String, to path: String) -> String { "Move \"\(title)\" (\(id)) to \(path)" }
    static func commitMoveFile(_ from: String, to path: String) -> String { "Move \(from) to \(path)" }
    static func commitOutside(_ count: Int) -> String { "Commit \(count) changes made outside journal" }
    static let commitInit = "Create journal"
    static let commitSettings = "Update journal settings"
    static func commitOtherFile(_ path: String) -> String { "Update \(path)" }
    static let untitled = "untitled"
}
