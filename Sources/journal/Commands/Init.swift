import ArgumentParser
import Foundation
import JournalKit

extension JournalCommand {
    struct Init: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Create a journal: a git repository with journal.yml and entries/.",
            discussion: Help.reflow("""
                Examples:
                  journal init              # ~/journal (or $JOURNAL_DIR)
                  journal init ~/diary
                """))

        @OptionGroup var options: GlobalOptions

        @Argument(help: "The folder (default: the journal location).")
        var folder: String?

        func run() throws {
            let path = folder.map(Shell.absolute) ?? options.location.path
            let journal = try Journal.create(at: path, context: Shell.context())
            print(Say.createdJournal(journal.root))
        }
    }
}
