import ArgumentParser
import Foundation
import JournalKit

extension JournalCommand {
    struct Star: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Star an entry.",
            discussion: Help.reflow("""
                Adds `starred: true` to the entry's header (one line), in one commit.
                Starred entries show a ★ in `journal list`. An entry that is already
                starred is left alone.
                Examples:
                  journal star 3f2a
                  journal unstar 3f2a
                """))

        @OptionGroup var options: GlobalOptions

        @Argument(help: "The entry's id (4+ characters of it) or its path.")
        var id: String

        func run() throws { try setStar(true, id: id, options: options) }
    }

    struct Unstar: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Remove an entry's star.",
            discussion: Help.reflow("""
                Removes the `starred:` line from the entry's header, in one commit.
                An entry that is not starred is left alone.
                Examples:
                  journal unstar 3f2a
                """))

        @OptionGroup var options: GlobalOptions

        @Argument(help: "The entry's id (4+ characters of it) or its path.")
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
    let title = update.entry.title.isEmpty ? Say.untitledDisplay : update.entry.title
    let shortID = update.entry.shortID
    if update.changes.isEmpty {
        print(starred ? Say.alreadyStarred(shortID, title) : Say.notStarred(shortID, title))
    } else {
        print(starred ? Say.starred(shortID, title) : Say.unstarred(shortID, title))
    }
}
