import ArgumentParser
import Foundation
import JournalKit

extension JournalCommand {
    struct Remove: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "rm",
            abstract: Say.text("help.Remove.abstract"),
            discussion: Help.reflow(Say.text("help.Remove.discussion")))

        @OptionGroup var options: GlobalOptions

        @Argument(help: ArgumentHelp(Say.text("help.Remove.id")), completion: Completion.entries)
        var id: String

        @Flag(name: [.short, .long], help: ArgumentHelp(Say.text("help.Remove.yes")))
        var yes = false

        func run() throws {
            let journal = try options.openJournal()
            try refresh(journal)
            let entry = try journal.entry(matching: id)
            if !yes {
                guard Terminal.stdinIsTerminal else { throw JournalError.invalid(Say.removeNeedsYes(entry.shortID)) }
                Terminal.ask(Say.confirmRemove(entry.shortID, Say.shownTitle(entry.title)))
                let answer = readLine()?.trimmingCharacters(in: .whitespaces).lowercased() ?? ""
                guard answer == "y" || answer == "yes" else {
                    print(Say.notRemoved)
                    throw JournalError.declined
                }
            }
            try journal.remove(entry)
            print(Say.removed(entry.shortID, entry.path))
        }
    }
}
