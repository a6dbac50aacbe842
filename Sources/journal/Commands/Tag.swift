import ArgumentParser
import Foundation
import JournalKit

extension JournalCommand {
    struct Tag: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "tag",
            abstract: Say.text("help.Tag.abstract"),
            discussion: Help.reflow(Say.text("help.Tag.discussion")))

        @OptionGroup var options: GlobalOptions

        @Argument(help: ArgumentHelp(Say.text("help.Tag.id")), completion: Completion.entries)
        var id: String

        @Argument(parsing: .allUnrecognized, help: ArgumentHelp(Say.tagArgumentsHelp, valueName: "+tag|-tag"), completion: Completion.tagChanges)
        var changes: [String] = []

        func run() throws {
            // Checked before anything touches the journal.
            let operations = try TagOperation.parse(changes)
            let journal = try options.openJournal()
            try refresh(journal)
            let entry = try journal.entry(matching: id)
            if operations.isEmpty {
                if let problem = entry.problem {
                    Terminal.warn(Say.brokenEntry(entry.path, line: problem.line, reason: problem.reason))
                }
                print(Say.entryTags(entry.shortID, entry.tags))
                return
            }
            let update = try journal.updateHeader(of: entry, HeaderEdit(tags: operations), for: .tag)
            report(update.pending)
            if update.changes.isEmpty {
                print(Say.tagsUnchanged(update.entry.shortID, update.entry.tags))
            } else {
                print(Say.tagged(update.entry.shortID, update.changes.tagSummary, update.entry.tags))
            }
        }
    }
}
