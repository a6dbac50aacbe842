import Foundation
import Git

/// A commit as `journal log` and `journal log ID` show it.
public struct CommitSummary: Sendable, Equatable, Codable {
    /// The full commit id (40 hex characters).
    public var id: String
    /// The first parent first.
    public var parents: [String]
    public var author: String
    public var email: String
    /// When the author made it, in the author's own UTC offset.
    public var date: Timestamp
    /// The message's subject line.
    public var subject: String
    public var message: String

    public var shortID: String { String(id.prefix(7)) }
    public var isMerge: Bool { parents.count > 1 }

    init(_ info: CommitInfo) {
        id = info.id.hex
        parents = info.parents.map(\.hex)
        author = info.author.name
        email = info.author.email
        date = Timestamp(date: info.authorTime, offsetSeconds: info.authorOffsetSeconds)
        subject = info.summary
        message = CommitSummary.withoutSeal(info.message)
    }

    /// A message without the seal an encrypted journal's commits carry (a keyed digest, of no use to read).
    static func withoutSeal(_ message: String) -> String {
        guard message.contains(BlobCipher.sealTrailer) else { return message }
        let lines = message.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.hasPrefix(BlobCipher.sealTrailer) }
        return lines.joined(separator: "\n").trimmingCharacters(in: .newlines) + "\n"
    }
}

/// One commit in the history of one entry.
public struct HistoryItem: Sendable, Equatable, Codable {
    public enum Change: String, Sendable, Equatable, Codable {
        case added, edited, deleted, renamed, merged
    }

    public var commit: CommitSummary
    public var change: Change
    /// The entry's path after this commit (before it, for a delete).
    public var path: String
    /// For a rename: the path before.
    public var oldPath: String?
    /// The file's blob before (in the first parent) and after the commit.
    var oldBlob: ObjectID?
    var newBlob: ObjectID?
    /// The two blobs' ids (40 hex characters), as git names them.
    public var oldBlobID: String? { oldBlob?.hex }
    public var newBlobID: String? { newBlob?.hex }
}

/// One entry a commit added, edited or deleted, in `journal log`.
public struct EntryChange: Sendable, Equatable {
    public var change: HistoryItem.Change
    public var path: String
    /// Nil when the change was not read in detail (a commit touching very many entries).
    public var id: String?
    public var title: String?

    public var shortID: String? { id.map { String($0.prefix(8)) } }
}

/// A file other than an entry that a commit changed (journal.yml, a template, an attachment).
public struct FileChange: Sendable, Equatable {
    public var change: HistoryItem.Change
    public var path: String
}

/// A commit of the journal with what it did, for `journal log`.
public struct JournalCommit: Sendable, Equatable {
    public var commit: CommitSummary
    /// Entry files changed against the first parent, in path order.
    public var entries: [EntryChange]
    /// Other files changed against the first parent.
    public var files: [FileChange]
}

/// What `journal restore` did.
public struct RestoreOutcome: Sendable, Equatable {
    /// The entry as restored (text and all).
    public var entry: Entry
    /// The short id of the commit whose version came back.
    public var revision: String
    /// True when the entry was deleted before.
    public var wasDeleted: Bool
    /// True when the current file already was that version: nothing was committed.
    public var unchanged: Bool
    public var pending: PendingReport
}

/// One version of an entry, for `journal show --at`.
public struct EntryVersion: Sendable, Equatable {
    /// The entry as it was (text and all).
    public var entry: Entry
    /// The file exactly as it was stored.
    public var data: Data
    /// The commit that made this version (for a revision, the revision itself).
    public var commit: CommitSummary
}

/// An entry found by id or path, now or in history.
public struct FoundEntry: Sendable, Equatable {
    /// The entry: read from its file, or for a deleted one from its last version.
    public var entry: Entry
    /// True when its file is gone (deleted, only in history).
    public var deleted: Bool
}

/// Which end of a history's range of days a date was given for.
public enum HistoryBound: String, Sendable, Equatable { case since, until }

/// Why a history command cannot do what was asked; `description` is the one line to show.
public enum HistoryError: ReaderError, Equatable {
    case unknownPoint(String, dateReason: String)
    case ambiguousRevision(String)
    case notACommit(String)
    case absentAtRevision(id: String, revision: String)
    case notYet(id: String, day: String, added: String?)
    case deletedBy(id: String, day: String, deleted: String)
    case noEarlierVersion(id: String)
    case neverExisted(String)
    case badDate(bound: HistoryBound, reason: String)
    case emptyRange(since: String, until: String)

    public var description: String {
        switch self {
        case .unknownPoint(let text, let reason): Say.unknownPoint(text, reason)
        case .ambiguousRevision(let text): Say.ambiguousRevision(text)
        case .notACommit(let text): Say.notACommit(text)
        case .absentAtRevision(let id, let revision): Say.absentAtRevision(id, revision)
        case .notYet(let id, let day, let added): Say.notYet(id, day, added)
        case .deletedBy(let id, let day, let deleted): Say.deletedBy(id, day, deleted)
        case .noEarlierVersion(let id): Say.noEarlierVersion(id)
        case .neverExisted(let id): Say.neverExisted(id)
        case .badDate(let bound, let reason): Say.historyDate(bound, reason)
        case .emptyRange(let since, let until): Say.sinceAfterUntil(since, until)
        }
    }
}
