import ArgumentParser
import Foundation
import JournalKit

extension JournalCommand {
    struct Remove: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "rm",
            abstract: Help.text("help.Remove.abstract"),
            discussion: Help.reflow(Say.text("help.Remove.discussion")))

        @OptionGroup var options: GlobalOptions
        @OptionGroup var filters: FilterOptions

        @Argument(help: ArgumentHelp(Help.text("help.Remove.id")), completion: Completion.entries)
        var ids: [String] = []

        @Flag(name: [.short, .long], help: ArgumentHelp(Help.text("help.Remove.yes")))
        var yes = false

        func run() throws {
            guard !ids.isEmpty || !filters.isEmpty else { throw JournalError.invalid(Say.needEntries) }
            let journal = try options.openJournal()
            try refresh(journal)
            // One id: the entry by name, asked about by its title, as always.
            if ids.count == 1, filters.isEmpty {
                let entry = try journal.entry(matching: ids[0])
                try confirm(Say.line(fitting: Terminal.columns, title: entry.title) { Say.confirmRemove(entry.shortID, $0) }, yes: yes, refusal: Say.removeNeedsYes(entry.shortID), declined: Say.notRemoved)
                try journal.remove(entry)
                print(Say.removed(entry.shortID, entry.path))
                return
            }
            let entries = try filters.pick(ids, in: journal)
            guard !entries.isEmpty else {
                print(Say.noMatches)
                return
            }
            try confirm(Say.confirmRemoveMany(entries.count), yes: yes, refusal: Say.removeManyNeedsYes(entries.count))
            report(try journal.remove(entries))
            for entry in entries { print(Say.removed(entry.shortID, entry.path)) }
        }
    }
}
