import ArgumentParser
import Foundation
import JournalKit

extension JournalCommand {
    struct Categories: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List, add, rename or remove the categories of journal.yml.",
            discussion: Help.reflow("""
                journal.yml is edited as text: its comments and layout stay as they are.
                Examples:
                  journal categories                      # with their number of entries
                  journal categories add hiking --emoji 🥾 --color green
                  journal categories rename travel trips  # journal.yml and the entries
                  journal categories remove shopping --force
                """),
            subcommands: [ListCategories.self, AddCategory.self, RenameCategory.self, RemoveCategory.self],
            defaultSubcommand: ListCategories.self)
    }

    struct ListCategories: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "List each category with its emoji, number of entries and colour.",
            discussion: Help.reflow("""
                Categories that entries name but journal.yml does not define are listed
                last, marked as such: those entries still work; add the category, or
                rename it in them.
                Examples:
                  journal categories
                  journal categories list --json
                """))

        @OptionGroup var options: GlobalOptions

        @Flag(help: "Print a JSON array of {name, emoji, color, count, known} instead of lines.")
        var json = false

        func run() throws {
            let journal = try options.openJournal()
            try refresh(journal)
            let usage = try journal.categoryUsage()
            if json {
                print(try EntryJSON.render(usage.map(CategoryJSON.init)), terminator: "")
                return
            }
            let style = options.style
            let emojiWidth = usage.map { displayWidth($0.emoji ?? "") }.max() ?? 0
            let nameWidth = usage.map { displayWidth($0.name) }.max() ?? 0
            let countWidth = usage.map { String($0.count).count }.max() ?? 0
            var out = ""
            for item in usage {
                var line = emojiWidth > 0 ? padded(item.emoji ?? "", to: emojiWidth) + " " : ""
                line += style.color(item.color, padded(item.name, to: nameWidth)) + "  "
                let count = String(item.count)
                line += String(repeating: " ", count: countWidth - count.count) + count + "  "
                line += item.known ? (item.color ?? Say.noColor) : style.red(Say.unknownCategoryMark)
                out += line + "\n"
            }
            Terminal.page(out)
        }
    }

    struct AddCategory: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "add",
            abstract: "Add a category to journal.yml, in one commit.",
            discussion: Help.reflow("""
                The name is one word, like a tag. Colours: black, red, green, yellow,
                blue, magenta, cyan, white. Here --color is the category's colour (this
                command prints nothing in colour).
                Examples:
                  journal categories add hiking
                  journal categories add hiking --emoji 🥾 --color green
                """))

        @OptionGroup var folder: JournalFolderOption

        @Argument(help: "The category's name.")
        var name: String

        @Option(help: "An emoji shown before the name.")
        var emoji: String?

        @Option(help: "The colour its name is shown in.")
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
            abstract: "Rename a category in journal.yml and in every entry naming it, in one commit.",
            discussion: Help.reflow("""
                Each such entry's `category:` line changes; nothing else in it does.
                Examples:
                  journal categories rename travel trips
                """))

        @OptionGroup var options: GlobalOptions

        @Argument(help: "The category to rename.")
        var old: String

        @Argument(help: "Its new name.")
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
            abstract: "Remove a category from journal.yml, in one commit.",
            discussion: Help.reflow("""
                A category that entries still name is only removed with --force, which
                also removes the `category:` line from those entries (git keeps the old
                versions).
                Examples:
                  journal categories remove shopping
                  journal categories remove shopping --force
                """),
            aliases: ["rm"])

        @OptionGroup var options: GlobalOptions

        @Argument(help: "The category to remove.")
        var name: String

        @Flag(name: [.short, .long], help: "Remove it even from the entries that name it.")
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

/// `--journal` alone, for a command whose `--color` means something else than output colour.
struct JournalFolderOption: ParsableArguments {
    @Option(name: [.customShort("J"), .long], help: "The journal folder (default: $JOURNAL_DIR, else ~/journal).")
    var journal: String?

    func openJournal() throws -> Journal {
        try GlobalOptions.parse(journal.map { ["--journal", $0] } ?? []).openJournal()
    }
}

private struct CategoryJSON: Encodable {
    let usage: CategoryUsage

    enum Key: String, CodingKey { case name, emoji, color, count, known }

    func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        try c.encode(usage.name, forKey: .name)
        try c.encode(usage.emoji, forKey: .emoji)
        try c.encode(usage.color, forKey: .color)
        try c.encode(usage.count, forKey: .count)
        try c.encode(usage.known, forKey: .known)
    }
}
