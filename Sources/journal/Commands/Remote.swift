import ArgumentParser
import Foundation
import JournalKit

extension JournalCommand {
    struct Remote: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "remote",
            abstract: Help.text("help.Remote.abstract"),
            discussion: Help.reflow(Say.text("help.Remote.discussion")),
            subcommands: [ListRemotes.self, AddRemote.self, RemoveRemote.self],
            defaultSubcommand: ListRemotes.self)
    }

    struct ListRemotes: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: Help.text("help.ListRemotes.abstract"))

        @OptionGroup var options: GlobalOptions

        func run() throws {
            let remotes = try options.openJournal().remotes()
            if remotes.isEmpty { Terminal.note(Say.noRemotes) }
            printColumns(remotes.map { ($0.name, $0.url) })
        }
    }

    struct AddRemote: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "add", abstract: Help.text("help.AddRemote.abstract"),
            discussion: Say.text("help.AddRemote.discussion"))

        @OptionGroup var options: GlobalOptions

        @Argument(help: ArgumentHelp(Help.text("help.AddRemote.name")))
        var name: String

        @Argument(help: ArgumentHelp(Help.text("help.AddRemote.url")))
        var url: String

        func run() throws {
            let journal = try options.openJournal()
            let checked = try Network.checkedURL(url)
            // libgit2 cannot push into a folder with a work tree (another machine's journal, say).
            if checked.hasPrefix("/"), FileManager.default.fileExists(atPath: checked + "/.git") {
                throw JournalError.invalid(Say.remoteHasWorkTree(checked))
            }
            try journal.addRemote(name: name, url: checked)
            print(Say.remoteAdded(name, checked))
        }
    }

    struct RemoveRemote: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "remove", abstract: Help.text("help.RemoveRemote.abstract"), aliases: ["rm"])

        @OptionGroup var options: GlobalOptions

        @Argument(help: ArgumentHelp(Help.text("help.RemoveRemote.name")), completion: Completion.remotes)
        var name: String

        func run() throws {
            try options.openJournal().removeRemote(name: name)
            print(Say.remoteRemoved(name))
        }
    }
}
