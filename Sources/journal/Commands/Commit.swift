import ArgumentParser
import Foundation
import JournalKit

extension JournalCommand {
    struct Commit: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Commit edits made outside journal (an editor, a script) now.",
            discussion: Help.reflow("""
                Any journal command does this first; this one does only that. Nothing is committed while
                the repository is mid-merge or mid-rebase, nor a file holding conflict markers.
                Example:
                  journal commit
                """))

        @OptionGroup var options: GlobalOptions

        func run() throws {
            let journal = try options.openJournal()
            let pending = try journal.commitPendingEdits()
            for warning in pending.warnings { Terminal.warn(warning) }
            if pending.committed.isEmpty && !pending.warnings.isEmpty { throw ExitCode(1) }  // something was left out
            print(pending.committed.isEmpty ? Say.nothingToCommit : Say.committedOutsideEdits(pending.committed.count))
        }
    }
}
