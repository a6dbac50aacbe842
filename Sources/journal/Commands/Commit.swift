import ArgumentParser
import Foundation
import JournalKit

extension JournalCommand {
    struct Commit: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "commit",
            abstract: Help.text("help.Commit.abstract"),
            discussion: Help.reflow(Say.text("help.Commit.discussion")))

        @OptionGroup var options: GlobalOptions

        func run() throws {
            let journal = try options.openJournal()
            let pending = try journal.commitPendingEdits()
            for warning in pending.warnings { Terminal.warn(warning) }
            if pending.committed.isEmpty && !pending.warnings.isEmpty { throw JournalError.declined }  // something was left out
            print(pending.committed.isEmpty ? Say.nothingToCommit : Say.committedOutsideEdits(pending.committed.count))
        }
    }
}
