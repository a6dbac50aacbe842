import ArgumentParser
import Foundation
import JournalKit

extension JournalCommand {
    struct Attach: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Copy files into an entry's attachments folder and link them from its text.",
            discussion: Help.reflow("""
                Each file is copied into attachments/<id>/ under its own name (a name already there becomes
                photo-2.jpg), and a line linking it — an image line for pictures — is added at the end of the entry,
                all in one commit. `rm` deletes the attachments with the entry; `restore` brings them back.
                Examples:
                  journal attach 3f2a ~/Pictures/harbour.jpg
                  journal attach 3f2a ticket.pdf map.png
                """))

        @OptionGroup var options: GlobalOptions

        @Argument(help: "The entry's id (4+ characters of it) or its path.")
        var id: String

        @Argument(help: "The files to attach.")
        var files: [String]

        func run() throws {
            let journal = try options.openJournal()
            try refresh(journal)
            let entry = try journal.entry(matching: id)
            // Not Shell.absolute: standardizing a path resolves symbolic links, and a link is attached under its own name.
            let paths = files.map { file in
                let path = file == "~" || file.hasPrefix("~/") ? Shell.home + file.dropFirst() : file
                return path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
            }
            let names = try journal.attach(paths, to: entry)
            print(Say.attached(names, entry.shortID))
        }
    }
}
