import ArgumentParser
import Foundation
import JournalKit

extension JournalCommand {
    struct Tag: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Add tags to an entry or remove them.",
            discussion: Help.reflow("""
                `+tag` or a bare `tag` adds a tag, `-tag` removes one (no `--` needed);
                commas separate several. Only the header's `tags:` line changes: the tags
                already there keep their order, new ones are appended, and removing the
                last tag removes the line. One commit. Tags compare without regard to
                case. With no changes given, prints the entry's tags. For a tag that
                looks like an option (such as h), write -#h.
                Examples:
                  journal tag 3f2a +food busan      # add #food and #busan
                  journal tag 3f2a -work +rest      # remove #work, add #rest
                  journal tag 3f2a +a,b,c
                  journal tag 3f2a                  # show its tags
                """))

        @OptionGroup var options: GlobalOptions

        @Argument(help: "The entry's id (4+ characters of it) or its path.")
        var id: String

        @Argument(parsing: .allUnrecognized, help: ArgumentHelp(Say.tagArgumentsHelp, valueName: "+tag|-tag"))
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
