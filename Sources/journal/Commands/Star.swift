import ArgumentParser
import Foundation
import JournalKit

extension JournalCommand {
    struct Star: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "star",
            abstract: Help.text("help.Star.abstract"),
            discussion: Help.reflow(Say.text("help.Star.discussion")))

        @OptionGroup var options: GlobalOptions

        @Argument(help: ArgumentHelp(Help.text("help.Star.id")), completion: Completion.entries)
        var id: String

        func run() throws { try setStar(true, id: id, options: options) }
    }

    struct Unstar: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "unstar",
            abstract: Help.text("help.Unstar.abstract"),
            discussion: Help.reflow(Say.text("help.Unstar.discussion")))

        @OptionGroup var options: GlobalOptions

        @Argument(help: ArgumentHelp(Help.text("help.Unstar.id")), completion: Completion.entries)
        var id: String

        func run() throws { try setStar(false, id: id, options: options) }
    }
}

private func setStar(_ starred: Bool, id: String, options: GlobalOptions) throws {
    let journal = try options.openJournal()
    try refresh(journal)
    let entry = try journal.entry(matching: id)
    let update = try journal.updateHeader(of: entry, HeaderEdit(starred: starred), for: .star)
    report(update.pending)
    let title = Say.shownTitle(update.entry.title)
    let shortID = update.entry.shortID
    if update.changes.isEmpty {
        print(starred ? Say.alreadyStarred(shortID, title) : Say.notStarred(shortID, title))
    } else {
        print(starred ? Say.starred(shortID, title) : Say.unstarred(shortID, title))
    }
}
