import ArgumentParser
import Foundation
import JournalKit

extension JournalCommand {
    struct Restore: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "restore",
            abstract: Help.text("help.Restore.abstract"),
            discussion: Help.reflow(Say.text("help.Restore.discussion")))

        @OptionGroup var options: GlobalOptions

        @Argument(help: ArgumentHelp(Help.text("help.Restore.id")), completion: Completion.entries)
        var id: String

        @Option(help: ArgumentHelp(Help.text("help.Restore.at")))
        var at: String?

        func run() throws {
            let journal = try options.openJournal()
            try refresh(journal)
            let found = try journal.findEntry(id)
            let outcome = try journal.restore(found, at: at)
            report(outcome.pending)
            let entry = outcome.entry
            if outcome.unchanged {
                print(Say.alreadyThatVersion(entry.shortID, Say.shownTitle(entry.title), outcome.revision))
                return
            }
            print(Say.restored(entry.shortID, entry.path, outcome.revision))
        }
    }
}
