import CGit2
import Foundation

/// A failed libgit2 call: what was being done, libgit2's return code and its own message.
public struct GitError: Error, CustomStringConvertible, Sendable {
    /// What was being attempted, e.g. "commit" or "open repository".
    public let operation: String
    /// libgit2's return code (negative, see git_error_code).
    public let code: Int32
    /// libgit2's own error message.
    public let message: String
    /// The object that could not be read because it is damaged or missing from the object database, when that
    /// is what failed (see `check(_:reading:_:)`).
    public var damagedObject: ObjectID?
    /// libgit2's error class (git_error_t) of the failure; 0 for an error made by hand.
    let errorClass: Int32

    /// Builds an error by hand (libgit2's message is not consulted).
    public init(operation: String, code: Int32, message: String) {
        self.operation = operation
        self.code = code
        self.message = message
        errorClass = 0
    }

    /// Captures libgit2's last error message for this thread.
    init(operation: String, code: Int32) {
        var text = ""
        var klass: Int32 = 0
        if let last = git_error_last() {
            klass = last.pointee.klass
            if let raw = last.pointee.message { text = String(cString: raw).trimmingTrailingWhitespace() }
        }
        self.operation = operation
        self.code = code
        self.message = text.isEmpty ? "libgit2 error \(code)" : text
        errorClass = klass
    }

    /// Whether the failure is an object that cannot be read: missing, cut short, not inflating (zlib), not
    /// parsing, or not hashing to its id.
    public var isDamage: Bool {
        code == GIT_EMISMATCH.rawValue || code == GIT_ENOTFOUND.rawValue
            || [GIT_ERROR_ZLIB, GIT_ERROR_ODB, GIT_ERROR_OBJECT].map { Int32($0.rawValue) }.contains(errorClass)
    }

    /// Whether the failure is the network's: a host name that does not resolve, a host that cannot be connected
    /// to, a connection that stopped answering. A machine without a network meets these; they say nothing
    /// about the remote itself.
    public var isNetworkFailure: Bool {
        errorClass == Int32(GIT_ERROR_NET.rawValue)
            || (errorClass == Int32(GIT_ERROR_OS.rawValue) && message.hasPrefix("failed to connect to"))
    }

    /// "cannot <operation>: <message>".
    public var description: String { "cannot \(operation): \(message)" }
}

/// Throws a `GitError` for `operation` when a libgit2 return code is negative; returns the code otherwise.
@discardableResult
func check(_ code: Int32, _ operation: @autoclosure () -> String) throws -> Int32 {
    if code < 0 { throw GitError(operation: operation(), code: code) }
    return code
}

/// `check` for a call that reads the object `id`: when that object is damaged or missing, the error names it.
@discardableResult
func check(_ code: Int32, reading id: git_oid, _ operation: @autoclosure () -> String) throws -> Int32 {
    guard code < 0 else { return code }
    var error = GitError(operation: operation(), code: code)
    if error.isDamage { error.damagedObject = ObjectID(id) }
    throw error
}

/// The SHA-1 of a git object, as 40 lowercase hex characters.
public struct ObjectID: Hashable, Sendable, CustomStringConvertible {
    /// Full 40-character hex form.
    public let hex: String
    /// First 8 hex characters.
    public var short: String { String(hex.prefix(8)) }
    /// Same as `hex`.
    public var description: String { hex }

    init(_ oid: git_oid) {
        var oid = oid
        var buffer = [CChar](repeating: 0, count: Int(GIT_OID_HEXSZ) + 1)
        let count = buffer.count
        // git_oid_tostr NUL-terminates and returns the buffer; it has no error code.
        _ = buffer.withUnsafeMutableBufferPointer { git_oid_tostr($0.baseAddress, count, &oid) }
        hex = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The libgit2 form of this id.
    func raw(for operation: @autoclosure () -> String) throws -> git_oid {
        var oid = git_oid()
        try check(git_oid_fromstr(&oid, hex), operation())
        return oid
    }
}

extension ObjectID: Codable {
    public init(from decoder: Decoder) throws {
        let hex = try decoder.singleValueContainer().decode(String.self)
        var oid = git_oid()
        guard hex.utf8.count == Int(GIT_OID_HEXSZ), git_oid_fromstr(&oid, hex) == 0 else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not an object id: \(hex)"))
        }
        self.init(oid)
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(hex)
    }
}

/// A commit author/committer identity.
public struct Signature: Sendable, Equatable {
    /// Display name (user.name).
    public var name: String
    /// Email address (user.email).
    public var email: String
    /// The moment the commit is stamped with, and its UTC offset; nil stamps it with the real time, as git does.
    public var time: (date: Date, offsetMinutes: Int)?
    /// Makes a signature from a name and an email.
    public init(name: String, email: String, time: (date: Date, offsetMinutes: Int)? = nil) {
        self.name = name
        self.email = email
        self.time = time
    }

    public static func == (a: Signature, b: Signature) -> Bool {
        a.name == b.name && a.email == b.email && a.time?.date == b.time?.date
            && a.time?.offsetMinutes == b.time?.offsetMinutes
    }
}

/// An operation in progress in the repository (git_repository_state).
public enum RepositoryState: Sendable, Equatable {
    case none, merge, revert, cherryPick, bisect, rebase, applyMailbox, other(Int32)

    init(raw: Int32) {
        func value(_ state: git_repository_state_t) -> Int32 { Int32(bitPattern: state.rawValue) }
        switch raw {
        case value(GIT_REPOSITORY_STATE_NONE): self = .none
        case value(GIT_REPOSITORY_STATE_MERGE): self = .merge
        case value(GIT_REPOSITORY_STATE_REVERT), value(GIT_REPOSITORY_STATE_REVERT_SEQUENCE): self = .revert
        case value(GIT_REPOSITORY_STATE_CHERRYPICK), value(GIT_REPOSITORY_STATE_CHERRYPICK_SEQUENCE): self = .cherryPick
        case value(GIT_REPOSITORY_STATE_BISECT): self = .bisect
        case value(GIT_REPOSITORY_STATE_REBASE), value(GIT_REPOSITORY_STATE_REBASE_INTERACTIVE),
             value(GIT_REPOSITORY_STATE_REBASE_MERGE): self = .rebase
        case value(GIT_REPOSITORY_STATE_APPLY_MAILBOX): self = .applyMailbox
        default: self = .other(raw)
        }
    }
}

/// One changed path in the work tree compared with HEAD.
public struct StatusEntry: Sendable, Equatable {
    /// How a path differs from HEAD.
    public enum Change: Sendable, Equatable { case added, modified, deleted, renamed, typeChange, conflicted }
    /// Path relative to the work dir, '/' separated.
    public let path: String
    /// Work tree vs HEAD (staged and unstaged combined).
    public let change: Change

    /// Makes an entry (mostly for tests of code using `status`).
    public init(path: String, change: Change) {
        self.path = path
        self.change = change
    }
}

extension String {
    func trimmingTrailingWhitespace() -> String {
        var result = Substring(self)
        while let last = result.last, last.isWhitespace { result.removeLast() }
        return String(result)
    }

    func droppingTrailingSlashes() -> String {
        var result = Substring(self)
        while result.count > 1, result.hasSuffix("/") { result.removeLast() }
        return String(result)
    }
}
