import ArgumentParser
import Foundation
import JournalKit

extension JournalCommand {
    struct Remove: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "rm",
            abstract: "Delete an entry (git keeps its history).",
            discussion: Help.reflow("""
                Asks for confirmation on a terminal; without a terminal, --yes is required.
                Examples:
                  journal rm 3f2a
                  journal rm 3f2a --yes
                """))

        @OptionGroup var options: GlobalOptions

        @Argument(help: "The entry's id (4+ characters of it) or its path.")
        var id: String

        @Flag(name: [.short, .long], help: "Do not ask for confirmation.")
        var yes = false

        func run() throws {
            let journal = try options.openJournal()
            try refresh(journal)
            let entry = try journal.entry(matching: id)
            if !yes {
                guard Terminal.stdinIsTerminal else { throw Failure(Say.removeNeedsYes(entry.shortID)) }
                Terminal.ask(Say.confirmRemove(entry.shortID, entry.title))
                let answer = readLine()?.trimmingCharacters(in: .whitespaces).lowercased() ?? ""
                guard answer == "y" || answer == "yes" else {
                    print(Say.notRemoved)
                    throw ExitCode(1)
                }
            }
            try journal.remove(entry)
            print(Say.removed(entry.shortID, entry.path))
        }
    }
}
