import CGit2
import Foundation

/// One commit as a history shows it.
public struct CommitInfo: Sendable, Equatable {
    public let id: ObjectID
    public let tree: ObjectID
    /// First parent first; empty for a root commit, two or more for a merge.
    public let parents: [ObjectID]
    public let author: Signature
    /// When the author made the change, and the author's UTC offset in seconds.
    public let authorTime: Date
    public let authorOffsetSeconds: Int
    /// When it was committed (what the walk is ordered by).
    public let commitTime: Date
    /// The subject: the message's first paragraph on one line.
    public let summary: String
    /// The whole message, as stored.
    public let message: String

    public var isMerge: Bool { parents.count > 1 }
}

/// What a revision the user typed (`3f2a9c1`, `HEAD~2`, `main`) names.
public enum RevisionLookup: Sendable, Equatable {
    case commit(ObjectID)
    /// No such object or reference, or not a revision at all.
    case notFound
    /// A short id that several objects start with.
    case ambiguous
    /// It names an object that is no commit (a blob, a tree) and peels to none.
    case notACommit
}

/// Commits: revisions the user names, ancestry, one commit's facts, and walks through history.
extension Repository {
    /// The commit `spec` names, in git's revision syntax (`man gitrevisions`): an id or unique prefix,
    /// a branch or tag, `HEAD~2`, `main^2`… Unknown, ambiguous and non-commit names are answers, not errors.
    public func lookUpRevision(_ spec: String) throws -> RevisionLookup {
        let operation = "read revision '\(spec)'"
        guard !spec.isEmpty, !spec.contains("\0") else { return .notFound }
        var object: OpaquePointer?
        let found = git_revparse_single(&object, pointer, spec)
        switch found {
        case GIT_ENOTFOUND.rawValue, GIT_EINVALIDSPEC.rawValue, GIT_EUNBORNBRANCH.rawValue: return .notFound
        case GIT_EAMBIGUOUS.rawValue: return .ambiguous
        default: try check(found, operation)
        }
        defer { git_object_free(object) }
        var peeled: OpaquePointer?
        let peel = git_object_peel(&peeled, object, GIT_OBJECT_COMMIT)
        switch peel {
        case GIT_ENOTFOUND.rawValue, GIT_EINVALIDSPEC.rawValue, GIT_EPEEL.rawValue, GIT_EAMBIGUOUS.rawValue:
            return .notACommit
        default: try check(peel, operation)
        }
        defer { git_object_free(peeled) }
        guard let id = git_object_id(peeled) else {
            throw GitError(operation: operation, code: -1, message: "libgit2 returned no id")
        }
        return .commit(ObjectID(id.pointee))
    }

    /// True when `ancestor` is `commit` itself or one of its ancestors.
    public func isAncestor(_ ancestor: ObjectID, of commit: ObjectID) throws -> Bool {
        if ancestor == commit { return true }
        let operation = "compare \(ancestor.short) with \(commit.short)"
        var descendant = try commit.raw(for: operation)
        var older = try ancestor.raw(for: operation)
        return try check(git_graph_descendant_of(pointer, &descendant, &older), operation) == 1
    }

    /// One commit's facts.
    public func commitInfo(_ id: ObjectID) throws -> CommitInfo {
        let operation = "read commit \(id.short)"
        var oid = try id.raw(for: operation)
        var commit: OpaquePointer?
        try check(git_commit_lookup(&commit, pointer, &oid), reading: oid, operation)
        guard let commit else { throw GitError(operation: operation, code: -1, message: "libgit2 returned no commit") }
        defer { git_commit_free(commit) }
        return Repository.info(of: commit)
    }

    /// Visits the commits reachable from `start` (HEAD when nil), newest commit time first, until `visit`
    /// returns false; commits reachable from `hiding` are left out (to walk only what is new since then).
    /// Lazy: stopping after 20 commits reads about 20 commits. Nothing when HEAD is unborn.
    public func walkCommits(from start: ObjectID? = nil, hiding: [ObjectID] = [],
                            _ visit: (CommitInfo) throws -> Bool) throws {
        try walk(from: start, hiding: hiding, operation: "list commits") { commit in
            try visit(Repository.info(of: commit))
        }
    }

    /// A commit's UTC offset in seconds, as libgit2 read it in minutes; 0 (UTC) for one of a day or more, which
    /// no clock lives in and git's fsck calls a bad time zone: libgit2 keeps one written `+-9999` or `--9999`
    /// (its check of the hours lets a negative number through), and a day that far from its instant would put
    /// an entry dated by its commit outside every range of days that holds the instant.
    static func offsetSeconds(minutes: Int32) -> Int {
        abs(Int(minutes)) < 24 * 60 ? Int(minutes) * 60 : 0
    }

    /// When the oldest commit reachable from HEAD whose tree contains `path` was authored, with the
    /// author's UTC offset in seconds; nil if no commit has it (or HEAD is unborn).
    public func firstAuthorDate(adding path: String) throws -> (date: Date, offsetSeconds: Int)? {
        let operation = "find first commit of '\(path)'"
        var result: (Date, Int)?
        try walk(from: nil, sorting: GIT_SORT_TIME.rawValue | GIT_SORT_REVERSE.rawValue, operation: operation) { commit in
            var tree: OpaquePointer?
            try check(git_commit_tree(&tree, commit), operation)
            defer { git_tree_free(tree) }
            var entry: OpaquePointer?
            let found = git_tree_entry_bypath(&entry, tree, path)
            if found == GIT_ENOTFOUND.rawValue { return true }
            try check(found, operation)
            git_tree_entry_free(entry)
            if let author = git_commit_author(commit) {
                let when = author.pointee.when
                result = (Date(timeIntervalSince1970: TimeInterval(when.time)), Repository.offsetSeconds(minutes: when.offset))
            } else {
                result = (Date(timeIntervalSince1970: TimeInterval(git_commit_time(commit))),
                          Repository.offsetSeconds(minutes: git_commit_time_offset(commit)))
            }
            return false
        }
        return result
    }

    /// Full commit messages (as stored, with trailing newline), newest first from HEAD; for tests and diagnostics.
    public func commitMessages(limit: Int) throws -> [String] {
        var messages: [String] = []
        guard limit > 0 else { return messages }
        try walk(from: nil, sorting: GIT_SORT_TIME.rawValue | GIT_SORT_TOPOLOGICAL.rawValue,
                         operation: "list commits") { commit in
            messages.append(git_commit_message(commit).map { String(cString: $0) } ?? "")
            return messages.count < limit
        }
        return messages
    }

    /// Commits reachable from `start` (HEAD when nil; nothing when HEAD is unborn) but not from `hiding`,
    /// until `visit` returns false. The default order, newest commit time first and a child before its
    /// parents when their times are equal (git log's), is libgit2's GIT_SORT_NONE, the one lazy order:
    /// any other sort mode reads the whole history before the first commit.
    func walk(from start: ObjectID?, hiding: [ObjectID] = [], sorting: UInt32 = GIT_SORT_NONE.rawValue,
              operation: String, _ visit: (OpaquePointer) throws -> Bool) throws {
        guard let first = try start ?? head() else { return }
        if hiding.isEmpty, sorting == GIT_SORT_NONE.rawValue {
            return try walkByDate(from: first, operation: operation, visit)
        }
        var walk: OpaquePointer?
        try check(git_revwalk_new(&walk, pointer), operation)
        defer { git_revwalk_free(walk) }
        try check(git_revwalk_sorting(walk, sorting), operation)
        var oid = try first.raw(for: operation)
        try check(git_revwalk_push(walk, &oid), operation)
        for hidden in hiding {
            var raw = try hidden.raw(for: operation)
            try check(git_revwalk_hide(walk, &raw), operation)
        }
        while true {
            let next = git_revwalk_next(&oid, walk)
            if next == GIT_ITEROVER.rawValue { return }
            try check(next, operation)
            var commit: OpaquePointer?
            try check(git_commit_lookup(&commit, pointer, &oid), reading: oid, operation)
            guard let commit else { return }
            defer { git_commit_free(commit) }
            if try !visit(commit) { return }
        }
    }

    /// The commits reachable from `first`, newest commit time first (among equal times, the one reached
    /// first), as libgit2's unsorted revwalk gives them. Walked by hand because the revwalk opens the
    /// commit-graph file on its first step and hashes all of it with sha1dc: 6 MB and about 20 ms at
    /// 100,000 commits, most of a `journal log -n 20` that reads 20 commits.
    private func walkByDate(from first: ObjectID, operation: String, _ visit: (OpaquePointer) throws -> Bool) throws {
        // Ascending by time, equal times newest-pushed first: popLast gives the next commit.
        var frontier: [(time: git_time_t, commit: OpaquePointer)] = []
        defer { for entry in frontier { git_commit_free(entry.commit) } }
        var seen: Set<ObjectID> = [first]
        func push(_ id: ObjectID) throws {
            var oid = try id.raw(for: operation)
            var commit: OpaquePointer?
            try check(git_commit_lookup(&commit, pointer, &oid), reading: oid, operation)
            guard let commit else { return }
            let time = git_commit_time(commit)
            frontier.insert((time, commit), at: frontier.firstIndex { $0.time >= time } ?? frontier.count)
        }
        try push(first)
        while let next = frontier.popLast() {
            defer { git_commit_free(next.commit) }
            if try !visit(next.commit) { return }
            for index in 0..<git_commit_parentcount(next.commit) {
                guard let parent = git_commit_parent_id(next.commit, index) else { continue }
                let id = ObjectID(parent.pointee)
                if seen.insert(id).inserted { try push(id) }
            }
        }
    }

    static func info(of commit: OpaquePointer) -> CommitInfo {
        let id = git_commit_id(commit).map { ObjectID($0.pointee) } ?? ObjectID(git_oid())
        var parents: [ObjectID] = []
        for index in 0..<git_commit_parentcount(commit) {
            if let parent = git_commit_parent_id(commit, index) { parents.append(ObjectID(parent.pointee)) }
        }
        let commitTime = Date(timeIntervalSince1970: TimeInterval(git_commit_time(commit)))
        var author = Signature(name: "", email: "")
        var authorTime = commitTime
        var offset = Repository.offsetSeconds(minutes: git_commit_time_offset(commit))
        if let signature = git_commit_author(commit) {
            author = Signature(name: signature.pointee.name.map { String(cString: $0) } ?? "",
                               email: signature.pointee.email.map { String(cString: $0) } ?? "")
            authorTime = Date(timeIntervalSince1970: TimeInterval(signature.pointee.when.time))
            offset = Repository.offsetSeconds(minutes: signature.pointee.when.offset)
        }
        let tree = git_commit_tree_id(commit).map { ObjectID($0.pointee) } ?? ObjectID(git_oid())
        return CommitInfo(
            id: id, tree: tree, parents: parents, author: author, authorTime: authorTime, authorOffsetSeconds: offset,
            commitTime: commitTime, summary: git_commit_summary(commit).map { String(cString: $0) } ?? "",
            message: git_commit_message(commit).map { String(cString: $0) } ?? "")
    }
}
