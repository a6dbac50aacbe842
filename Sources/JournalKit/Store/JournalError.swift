import Foundation
import Git

/// An error a reader sees: one line in the messages' language (`description`, from the catalogues; empty
/// when what was printed already says it all) and the exit status that goes with it. Every error the kit
/// throws is one; a front end (the command line's `main`, the server) turns it into text and a status, in
/// one place.
public protocol ReaderError: Error, CustomStringConvertible {
    /// 1 for a failure; the command line gives 64 to its own usage mistakes.
    var exitStatus: Int32 { get }
}

extension ReaderError {
    public var exitStatus: Int32 { 1 }
}

/// Everything that can go wrong in the kit, each with a one-line message from `Say`.
public enum JournalError: ReaderError, Equatable {
    case noJournal(String)
    case notAGitRepository(String)
    case notAJournal(String)
    case alreadyAJournal(String)
    /// A clone stopped before it finished (see `UnfinishedClone`).
    case unfinishedClone(String, UnfinishedClone)
    /// A repository whose branch holds a journal whose `journal.yml` is not in the folder.
    case journalInHistory(String)
    case folderNotEmpty(String)
    case idTooShort(String)
    case unknownID(String)
    case ambiguousID(String, [String])
    case emptyEntry
    /// What an editor saved is not UTF-8 (nor in the encoding named): kept in `file`, taken up again by `resume`.
    case notUTF8(file: String, line: Int, byte: UInt8, resume: String)
    case unknownCategory(String, known: [String])
    case invalidTag(String)
    case lockTimeout(String)
    case git(doing: String, cause: String)
    /// Anything else that failed below the kit (the file system, a decoder), with what was being done.
    case failed(doing: String, cause: String)
    case savedButNotCommitted(String, cause: String)
    case io(String, String)
    /// A file that could not be read (gone, not a plain file, a symbolic link, no permission), with why.
    case unreadable(String, String)
    /// A write that found no space left on the disk (or in the user's quota) holding the path.
    case noSpace(String)
    /// A write to a file system mounted read-only.
    case readOnly(String)
    case badSettings(String, line: Int, reason: String)
    case busy(String)
    /// Input that makes no sense, with the message saying why.
    case invalid(String)
    // Header and category edits (Say+Headers.swift).
    case brokenHeader(String, line: Int, reason: String, id: String)
    case unknownTag(String)
    case sameName(String)
    case invalidCategoryName(String)
    case duplicateCategory(String)
    case invalidColor(String)
    case invalidEmoji(String)
    case categoryInUse(String, count: Int)
    case settingsNotEditable(String, reason: String)
    case index(String, String)
    /// A git object a command needs that is damaged or missing: its short id, and what it holds.
    case damagedObject(String, holding: String, reason: String)
    // Sync (Say+Sync.swift).
    case remote(RemoteProblem)
    /// A sync that would delete on the remote entries no command deleted, stopped before its push.
    case deletionsHeld(HeldDeletions)
    /// A sync of an encrypted journal that would give a remote the commits made before encryption.
    case plaintextPast(PlaintextPast)
    // Entry templates (Say+Templates.swift).
    case unknownTemplate(String, known: [String])
    case badTemplate(String, line: Int, reason: String)
    /// The reader said no to a question, or what was printed already says what is wrong: no line more.
    case declined

    public var description: String {
        switch self {
        case .declined: ""
        case .noJournal(let path): Say.noJournal(path)
        case .notAGitRepository(let path): Say.notAGitRepository(path)
        case .notAJournal(let path): Say.notAJournal(path)
        case .alreadyAJournal(let path): Say.alreadyAJournal(path)
        case .unfinishedClone(let path, let clone):
            clone.url.map { Say.text("unfinishedClone", path, $0) } ?? Say.text("unfinishedCheckout", path)
        case .journalInHistory(let path): Say.text("journalInHistory", path)
        case .folderNotEmpty(let path): Say.folderNotEmpty(path)
        case .idTooShort(let id): Say.idTooShort(id)
        case .unknownID(let id): Say.unknownID(id)
        case .ambiguousID(let id, let candidates): Say.ambiguousID(id, candidates)
        case .emptyEntry: Say.emptyEntry
        case .notUTF8(let file, let line, let byte, let resume): Say.text("editorNotUTF8", file, line, String(format: "%02x", byte), resume)
        case .unknownCategory(let name, let known): Say.unknownCategory(name, known)
        case .invalidTag(let tag): Say.invalidTag(tag)
        case .lockTimeout(let path): Say.lockTimeout(path)
        case .git(let doing, let cause): Say.gitFailed(doing, cause)
        case .failed(let doing, let cause): Say.failed(doing, cause)
        case .savedButNotCommitted(let path, let cause): Say.savedButNotCommitted(path, cause)
        case .io(let path, let reason): Say.ioFailed(path, reason)
        case .unreadable(let path, let reason): Say.readFailed(path, reason)
        case .noSpace(let path): Say.noSpace(path)
        case .readOnly(let path): Say.readOnlyFileSystem(path)
        case .badSettings(let path, let line, let reason): Say.badSettings(path, line, reason)
        case .busy(let reason): reason
        case .invalid(let message): message
        case .brokenHeader(let path, let line, let reason, let id): Say.brokenHeaderRefused(path, line, reason, id)
        case .unknownTag(let tag): Say.unknownTag(tag)
        case .sameName(let name): Say.sameName(name)
        case .invalidCategoryName(let name): Say.invalidCategoryName(name)
        case .duplicateCategory(let name): Say.duplicateCategory(name)
        case .invalidColor(let color): Say.invalidColor(color)
        case .invalidEmoji(let emoji): Say.invalidEmoji(emoji)
        case .categoryInUse(let name, let count): Say.categoryInUse(name, count)
        case .settingsNotEditable(let path, let reason): Say.settingsNotEditable(path, reason)
        case .index(let path, let reason): Say.indexFailed(path, reason)
        case .damagedObject(let id, let holding, let reason): Say.text("damagedObject", id, holding, reason)
        case .remote(let failure): Say.remoteFailed(failure)
        case .deletionsHeld(let held): Say.deletionsHeld(held)
        case .plaintextPast(let past): Say.text("plaintextPast", past.remote, past.commits, past.since.description)
        case .unknownTemplate(let name, let known): Say.unknownTemplate(name, known)
        case .badTemplate(let name, let line, let reason): Say.badTemplate(name, line, reason)
        }
    }

    /// The same error, a full disk that libgit2 met without naming a path said to be at `path` (the repository).
    func located(at path: String) -> JournalError {
        if case .noSpace("") = self { return .noSpace(path) }
        return self
    }

    /// An error from below the kit's boundary (libgit2, the file system, a decoder) as the kit's own,
    /// saying what was being done: the one place where such errors become a line a person reads.
    static func from(_ error: any Error, doing: String) -> JournalError {
        switch error {
        case let error as JournalError: error
        case let error as RemoteFailure: .remote(RemoteProblem(error))
        case let error as GitError: error.spaceProblem ?? .git(doing: doing, cause: error.message)
        case let error as DecodingError: .failed(doing: doing, cause: Say.damagedData(error.detail))
        case let error as CustomStringConvertible: .failed(doing: doing, cause: error.description)
        default: .failed(doing: doing, cause: error.localizedDescription)
        }
    }
}

extension GitError {
    /// A full disk (or quota) or a read-only file system that libgit2 met, as the kit says those; nil for any
    /// other failure. libgit2 ends the message of a failed system call with the system's words for it, after
    /// the path it was writing where it names one.
    var spaceProblem: JournalError? {
        let quoted = message.split(separator: "'").dropFirst().first.map(String.init)
        let path = quoted.flatMap { $0.hasPrefix("/") ? $0 : nil } ?? ""
        for (code, problem) in [(ENOSPC, JournalError.noSpace(path)), (EDQUOT, .noSpace(path)), (EROFS, .readOnly(path))]
        where message.hasSuffix(String(cString: strerror(code))) {
            return problem
        }
        return nil
    }
}

private extension DecodingError {
    /// The decoder's own sentence ("The given data was not valid JSON."), without Swift's dump of the context.
    var detail: String {
        switch self {
        case .dataCorrupted(let context), .keyNotFound(_, let context), .typeMismatch(_, let context),
            .valueNotFound(_, let context):
            context.debugDescription
        @unknown default:
            String(describing: self)
        }
    }
}

extension JournalError {
    /// An id prefix `text` that names several of `entries` (current or deleted ones): each listed by enough of
    /// its id to tell it from the others, its day and its title.
    static func ambiguous(_ text: String, among entries: [Entry]) -> JournalError {
        .ambiguousID(text, entries.map { "\($0.id.prefix(max(12, text.count + 4))) \($0.createdAt.localDay) \"\($0.title)\"" })
    }
}
