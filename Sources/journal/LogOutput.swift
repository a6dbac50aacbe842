import Foundation
import JournalKit

/// A unified diff with git's colours: headers bold, hunk lines cyan, removed red, added green.
func colouredDiff(_ diff: String, style: Style) -> String {
    var lines = diff.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if lines.last == "" { lines.removeLast() }
    var inHeader = true
    return lines.map { line in
        if line.hasPrefix("diff --git ") { inHeader = true }
        if line.hasPrefix("@@") {
            inHeader = false
            return style.cyan(line)
        }
        if inHeader { return style.bold(line) }
        if line.hasPrefix("+") { return style.green(line) }
        if line.hasPrefix("-") { return style.red(line) }
        return line
    }.joined(separator: "\n")
}

/// `journal log` as text: one line per commit (date, commit, author, what happened), and for one entry
/// one line per change (date, commit, author, change, subject).
struct LogLines {
    let style: Style
    let dates: DateText

    func render(_ commits: [JournalCommit]) -> String {
        let dateTexts = commits.map { dates.format($0.commit.date) }
        let dateWidth = dateTexts.map(displayWidth).max() ?? 0
        let authorWidth = commits.map { displayWidth($0.commit.author) }.max() ?? 0
        var out = ""
        for (index, commit) in commits.enumerated() {
            out += style.dim(padded(dateTexts[index], to: dateWidth)) + "  " + style.yellow(commit.commit.shortID) + "  "
                + padded(commit.commit.author, to: authorWidth) + "  " + summary(commit) + "\n"
            // What a sync had to decide (a value kept over another, a conflict copy) is in its message.
            if commit.commit.isMerge, Say.syncRemote(ofCommitSummary: commit.commit.subject) != nil {
                let notes = commit.commit.message.split(separator: "\n").dropFirst().filter { !$0.isEmpty }
                for note in notes { out += "    " + style.dim(String(note)) + "\n" }
            }
        }
        return out
    }

    func historyLines(_ items: [HistoryItem]) -> [String] {
        let dateTexts = items.map { dates.format($0.commit.date) }
        let dateWidth = dateTexts.map(displayWidth).max() ?? 0
        let authorWidth = items.map { displayWidth($0.commit.author) }.max() ?? 0
        let verbWidth = items.map { displayWidth(Say.changeVerb($0.change)) }.max() ?? 0
        return items.enumerated().map { index, item in
            var line = style.dim(padded(dateTexts[index], to: dateWidth)) + "  " + style.yellow(item.commit.shortID) + "  "
                + padded(item.commit.author, to: authorWidth) + "  "
                + verb(item.change, padded(Say.changeVerb(item.change), to: verbWidth)) + "  " + Say.shownSubject(item.commit.subject)
            if let old = item.oldPath { line += " " + style.dim(Say.renamedFrom(old)) }
            return line
        }
    }

    /// What one commit did: `added 3f2a9c1e "Trip to Busan"`, `edited 2 entries: …; edited journal.yml`.
    func summary(_ commit: JournalCommit) -> String {
        var parts: [String] = []
        for kind in [HistoryItem.Change.added, .edited, .deleted] {
            let group = commit.entries.filter { $0.change == kind }
            guard !group.isEmpty else { continue }
            let named = group.prefix(JournalCommand.Log.shown).compactMap { change in
                change.shortID.map { style.yellow($0) + " \"" + Say.shownTitle(change.title ?? "") + "\"" }
            }
            var text = group.count == 1 ? verb(kind, Say.changeVerb(kind)) : verb(kind, Say.changedEntries(kind, group.count)) + ":"
            if !named.isEmpty { text += " " + named.joined(separator: ", ") }
            if group.count > named.count { text += (named.isEmpty ? " " : ", ") + Say.andMore(group.count - named.count) }
            parts.append(text)
        }
        if !commit.files.isEmpty {
            let named = commit.files.prefix(3).map { Say.changedFile($0.change, $0.path) }
            var text = named.joined(separator: ", ")
            if commit.files.count > named.count { text += ", " + Say.andMore(commit.files.count - named.count) }
            parts.append(text)
        }
        let text = parts.joined(separator: "; ")
        if commit.commit.isMerge {
            // A merge `journal sync` made says so, with what came in from the remote.
            if let remote = Say.syncRemote(ofCommitSummary: commit.commit.subject) {
                return style.bold(text.isEmpty ? Say.syncedNothing(remote) : Say.syncedIn(remote)) + (text.isEmpty ? "" : " " + text)
            }
            return style.bold(text.isEmpty ? Say.mergedNothing : Say.mergedIn) + (text.isEmpty ? "" : " " + text)
        }
        return text.isEmpty ? style.dim(Say.emptyCommit) : text
    }

    private func verb(_ change: HistoryItem.Change, _ text: String) -> String {
        switch change {
        case .added: style.green(text)
        case .deleted: style.red(text)
        case .merged, .renamed: style.bold(text)
        case .edited: style.cyan(text)
        }
    }
}

/// `journal log --json`: one object per commit.
struct CommitJSON: Encodable {
    let commit: JournalCommit

    enum ChangeKey: String, CodingKey { case change, path, id, title }

    func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: LogJSONKey.self)
        try CommitJSON.encode(commit.commit, into: &c)
        try c.encode(commit.commit.isMerge, forKey: .merge)
        var entries = c.nestedUnkeyedContainer(forKey: .entries)
        for change in commit.entries {
            var e = entries.nestedContainer(keyedBy: ChangeKey.self)
            try e.encode(change.change.rawValue, forKey: .change)
            try e.encode(change.path, forKey: .path)
            try e.encode(change.id, forKey: .id)
            try e.encode(change.title, forKey: .title)
        }
        var files = c.nestedUnkeyedContainer(forKey: .files)
        for change in commit.files {
            var f = files.nestedContainer(keyedBy: ChangeKey.self)
            try f.encode(change.change.rawValue, forKey: .change)
            try f.encode(change.path, forKey: .path)
        }
    }

    static func encode(_ commit: CommitSummary, into c: inout KeyedEncodingContainer<LogJSONKey>) throws {
        try c.encode(commit.id, forKey: .commit)
        try c.encode(commit.parents, forKey: .parents)
        try c.encode(commit.author, forKey: .author)
        try c.encode(commit.email, forKey: .email)
        try c.encode(commit.date.rfc3339, forKey: .date)
        try c.encode(commit.subject, forKey: .subject)
    }
}

/// The keys of `journal log --json` objects.
enum LogJSONKey: String, CodingKey {
    case commit, parents, author, email, date, subject, merge, entries, files
    case id, change, path, old_path, title, blob, old_blob, diff
}

/// `journal log ID --json`: one object per change of the entry.
struct HistoryJSON: Encodable {
    let id: String
    let item: HistoryItem
    let title: String
    let diff: String?

    func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: LogJSONKey.self)
        try CommitJSON.encode(item.commit, into: &c)
        try c.encode(id, forKey: .id)
        try c.encode(item.change.rawValue, forKey: .change)
        try c.encode(item.path, forKey: .path)
        try c.encodeIfPresent(item.oldPath, forKey: .old_path)
        try c.encode(title, forKey: .title)
        try c.encode(item.newBlobID, forKey: .blob)
        try c.encode(item.oldBlobID, forKey: .old_blob)
        try c.encodeIfPresent(diff, forKey: .diff)
    }
}
