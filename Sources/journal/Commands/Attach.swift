import ArgumentParser
import Foundation
import JournalKit

extension JournalCommand {
    struct Attach: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "attach",
            abstract: Help.text("help.Attach.abstract"),
            discussion: Help.reflow(Say.text("help.Attach.discussion")))

        @OptionGroup var options: GlobalOptions

        @Argument(help: ArgumentHelp(Help.text("help.Attach.id")), completion: Completion.entries)
        var id: String

        @Argument(help: ArgumentHelp(Help.text("help.Attach.files")))
        var files: [String]

        func run() throws {
            let journal = try options.openJournal()
            try refresh(journal)
            let entry = try journal.entry(matching: id)
            // Not Shell.absolute: standardizing a path resolves symbolic links, and a link is attached under its own name.
            let paths = files.map { file in
                let path = file == "~" || file.hasPrefix("~/") ? Shell.home + file.dropFirst() : file
                return path.hasPrefix("/") ? path : Shell.currentDirectory + "/" + path
            }
            let names = try journal.attach(paths, to: entry)
            print(Say.attached(names, entry.shortID))
        }
    }
}
