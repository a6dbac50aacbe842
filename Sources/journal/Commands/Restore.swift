import ArgumentParser
import Foundation
import JournalKit

extension JournalCommand {
    struct Restore: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Bring back an earlier version of an entry, or a deleted entry.",
            discussion: Help.reflow("""
                Writes that version into the entry's file and commits it as one new commit; no other file
                is touched (but for a deleted entry's attachments, which come back as they were when it
                was deleted), and the history keeps every version. Without --at: the version before the
                entry's last change, or for a deleted entry the text it had when it was deleted.
                A deleted entry is found by its id (4+ characters) or its path in the history.
                Examples:
                  journal restore 3f2a                   # undo the last change
                  journal restore 3f2a --at HEAD~3       # as it was three commits ago
                  journal restore 3f2a --at 2026-11-01   # as it was at the end of that day
                  journal log 3f2a                       # find the version you want first
                """))

        @OptionGroup var options: GlobalOptions

        @Argument(help: "The entry's id (4+ characters of it) or its path; deleted entries too.")
        var id: String

        @Option(help: "The version to bring back: a revision (a commit id, HEAD~2, a branch) or a day (its last version).")
        var at: String?

        func run() throws {
            let journal = try options.openJournal()
            try refresh(journal)
            let found = try journal.findEntry(id)
            let outcome = try journal.restore(found, at: at)
            report(outcome.pending)
            let entry = outcome.entry
            if outcome.unchanged {
                print(Say.alreadyThatVersion(entry.shortID, displayTitle(entry.title), outcome.revision))
                return
            }
            print(Say.restored(entry.shortID, entry.path, outcome.revision))
        }
    }
}
