import ArgumentParser
import Foundation
import JournalKit

extension JournalCommand {
    struct AddCategory: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "add",
            abstract: Help.text("help.AddCategory.abstract"),
            discussion: Help.reflow(Say.text("help.AddCategory.discussion")))

        @OptionGroup var folder: JournalFolderOption

        @Argument(help: ArgumentHelp(Help.text("help.AddCategory.name")))
        var name: String

        @Option(help: ArgumentHelp(Help.text("help.AddCategory.emoji")))
        var emoji: String?

        @Option(help: ArgumentHelp(Help.text("help.AddCategory.color")))
        var color: String?

        func run() throws {
            let journal = try folder.openJournal()
            try refresh(journal)
            report(try journal.addCategory(name, emoji: emoji, color: color))
            print(Say.addedCategory(name))
        }
    }

    struct RenameCategory: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "rename",
            abstract: Help.text("help.RenameCategory.abstract"),
            discussion: Help.reflow(Say.text("help.RenameCategory.discussion")))

        @OptionGroup var options: GlobalOptions

        @Argument(help: ArgumentHelp(Help.text("help.RenameCategory.old")), completion: Completion.categories)
        var old: String

        @Argument(help: ArgumentHelp(Help.text("help.RenameCategory.new")))
        var new: String

        func run() throws {
            let journal = try options.openJournal()
            try refresh(journal)
            let update = try journal.renameCategory(old, to: new)
            reportSkipped(update.skipped)
            report(update.pending)
            print(Say.renamedCategory(old, new, update.count))
        }
    }

    struct RemoveCategory: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "remove",
            abstract: Help.text("help.RemoveCategory.abstract"),
            discussion: Help.reflow(Say.text("help.RemoveCategory.discussion")),
            aliases: ["rm"])

        @OptionGroup var options: GlobalOptions

        @Argument(help: ArgumentHelp(Help.text("help.RemoveCategory.name")), completion: Completion.categories)
        var name: String

        @Flag(name: [.short, .long], help: ArgumentHelp(Help.text("help.RemoveCategory.force")))
        var force = false

        func run() throws {
            let journal = try options.openJournal()
            try refresh(journal)
            let update = try journal.removeCategory(name, force: force)
            reportSkipped(update.skipped)
            report(update.pending)
            print(Say.removedCategory(name, update.count))
        }
    }
}
