import Foundation

/// Messages of the command line.
extension Say {
    public static var warning: String { Say.text("warning") }
    public static func createdJournal(_ path: String) -> String { Say.text("createdJournal", path) }
    public static func createdDefaultJournal(_ path: String) -> String { Say.text("createdDefaultJournal", path) }
    public static func added(_ id: String, _ path: String) -> String { Say.text("added", id, path) }
    public static func edited(_ id: String, _ path: String) -> String { Say.text("edited", id, path) }
    public static func removed(_ id: String, _ path: String) -> String { Say.text("removed", id, path) }
    public static var noChanges: String { Say.text("noChanges") }
    public static var notRemoved: String { Say.text("notRemoved") }
    public static var noEntries: String { Say.text("noEntries") }
    public static var nothingToday: String { Say.text("nothingToday") }
    public static var nothingToCommit: String { Say.text("nothingToCommit") }
    public static func committedOutsideEdits(_ count: Int) -> String {
        Say.plural("committedOutsideEdits", count, count)
    }
    public static func editorFailed(_ status: Int32, _ path: String) -> String { Say.text("editorFailed", status, path) }
    public static func programNotFound(_ program: String) -> String { Say.text("programNotFound", program) }
    public static func cannotRun(_ program: String, _ reason: String) -> String { Say.text("cannotRun", program, reason) }
    public static func brokenEntry(_ path: String, line: Int, reason: String) -> String { Say.text("brokenEntry", path, line, reason) }
    public static func brokenAfterEdit(_ path: String, line: Int, reason: String, id: String) -> String { Say.text("brokenAfterEdit", path, line, reason, id) }
    public static func editDropsID(_ id: String) -> String { Say.text("editDropsID", id) }
    public static func editChangesID(_ line: Int, _ written: String, _ id: String) -> String { Say.text("editChangesID", line, written, id) }
    public static func editBrokenHeader(_ line: Int, _ reason: String) -> String { Say.text("editBrokenHeader", line, reason) }
    public static func textHoldsNUL(_ line: Int) -> String { Say.text("textHoldsNUL", line) }
    public static func removeNeedsYes(_ id: String) -> String { Say.text("removeNeedsYes", id) }
    public static func confirmRemove(_ id: String, _ title: String) -> String { Say.text("confirmRemove", id, title) }

    /// Whether an answer to a `[y/N]` question is yes: `y`, `yes`, and as Koreans answer, `네`, `예`, `응`,
    /// `ㅇ`/`ㅇㅇ` and `ㅛ` (the y key on a Korean keyboard). Anything else is the default no, the
    /// negatives included (`n`, `아니요`, `아니`, `ㄴ`, and `ㅜ`, the n key).
    public static func isYes(_ answer: String) -> Bool {
        let word = answer.precomposedStringWithCanonicalMapping.trimmingCharacters(in: .whitespaces).lowercased()
        return ["y", "yes", "네", "예", "응", "ㅇ", "ㅇㅇ", "ㅛ"].contains(word)
    }
    public static func negativeCount(_ n: Int) -> String { Say.text("negativeCount", n) }
    public static var untitledDisplay: String { Say.text("untitledDisplay") }
}

extension Say {
    public static func indexing(_ done: Int, _ total: Int) -> String { Say.text("indexing", done, total) }
    public static func indexingText(_ done: Int, _ total: Int) -> String { Say.text("indexingText", done, total) }
    public static func emptyDateRange(_ from: String, _ to: String) -> String { Say.text("emptyDateRange", from, to) }
    public static var emptySearch: String { Say.text("emptySearch") }
    public static func badPattern(_ pattern: String) -> String { Say.text("badPattern", pattern) }
    public static var noMatches: String { Say.text("noMatches") }

    // Commands over many entries (rm, tag, edit with several ids or a filter).
    public static var needEntries: String { Say.text("needEntries") }
    public static func confirmRemoveMany(_ count: Int) -> String { Say.text("confirmRemoveMany", entries(count)) }
    public static func removeManyNeedsYes(_ count: Int) -> String { Say.text("removeManyNeedsYes", entries(count)) }
    public static func removedMany(_ count: Int) -> String { Say.text("removedMany", entries(count)) }
    public static func confirmChangeMany(_ count: Int, _ summary: String) -> String { Say.text("confirmChangeMany", entries(count), summary) }
    public static func changeManyNeedsYes(_ count: Int) -> String { Say.text("changeManyNeedsYes", entries(count)) }
    public static func changedMany(_ count: Int, _ summary: String) -> String { Say.text("changedMany", entries(count), summary) }
    public static func confirmEditMany(_ count: Int) -> String { Say.text("confirmEditMany", entries(count)) }
    public static func editManyNeedsYes(_ count: Int) -> String { Say.text("editManyNeedsYes", entries(count)) }
    public static var nothingChanged: String { Say.text("nothingChanged") }
    public static func unknownListFormat(_ name: String) -> String { Say.text("unknownListFormat", name) }
    public static var editFiltersOpenTheEditor: String { Say.text("editFiltersOpenTheEditor") }
    public static func uncommittedEdits(_ count: Int) -> String {
        Say.plural("uncommittedEdits", count, count)
    }
    public static func emptiedEntry(_ id: String) -> String { Say.text("emptiedEntry", id) }
    public static func draftKept(_ path: String) -> String { Say.text("draftKept", path) }
    public static var noEntriesYet: String { Say.text("noEntriesYet") }
    public static func yearsAgo(_ year: Int, _ count: Int) -> String {
        Say.plural("yearsAgo", count, year, count)
    }
}

/// Drafts left by an editor session that ended before its entry was saved.
extension Say {
    public static func draftWaiting(_ time: String, _ count: Int) -> String { Say.plural("draftWaiting", count, time, count) }
    public static var noDraftsWaiting: String { Say.text("noDraftsWaiting") }
    static var noDrafts: String { Say.text("noDrafts") }
    static func unknownDraft(_ id: String, _ known: [String]) -> String {
        known.isEmpty ? Say.text("noDrafts") : Say.text("unknownDraft", id, known.joined(separator: ", "))
    }
    public static func confirmDiscardDraft(_ id: String, _ title: String) -> String { Say.text("confirmDiscardDraft", id, title) }
    public static func discardDraftNeedsYes(_ id: String) -> String { Say.text("discardDraftNeedsYes", id) }
    public static var draftNotDiscarded: String { Say.text("draftNotDiscarded") }
    public static func discardedDraft(_ id: String) -> String { Say.text("discardedDraft", id) }
    public static var resumeTakesNoText: String { Say.text("resumeTakesNoText") }
}
