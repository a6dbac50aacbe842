import ArgumentParser
import Foundation
import JournalKit

extension JournalCommand {
    struct Init: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "init",
            abstract: Help.text("help.Init.abstract"),
            discussion: Help.reflow(Say.text("help.Init.discussion")))

        @OptionGroup var options: GlobalOptions

        @Argument(help: ArgumentHelp(Help.text("help.Init.folder")))
        var folder: String?

        func run() throws {
            let path = folder.map(Shell.absolute) ?? options.location.path
            let journal = try Journal.create(at: path, context: Shell.context())
            print(Say.createdJournal(journal.root))
        }
    }
}
