import ArgumentParser
import Foundation
import JournalKit

extension JournalCommand {
    struct Categories: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "categories",
            abstract: Help.text("help.Categories.abstract"),
            discussion: Help.reflow(Say.text("help.Categories.discussion")),
            subcommands: [ListCategories.self, AddCategory.self, RenameCategory.self, RemoveCategory.self],
            defaultSubcommand: ListCategories.self)
    }

    struct ListCategories: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: Help.text("help.ListCategories.abstract"),
            discussion: Help.reflow(Say.text("help.ListCategories.discussion")))

        @OptionGroup var options: GlobalOptions

        @Flag(help: ArgumentHelp(Help.text("help.ListCategories.json")))
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
            // A built-in category shown in the messages' language keeps its stored name beside it: that is what -c takes.
            let names = usage.map { Say.categoryName($0.name) == $0.name ? $0.name : "\(Say.categoryName($0.name)) (\($0.name))" }
            let nameWidth = names.map(displayWidth).max() ?? 0
            let countWidth = usage.map { String($0.count).count }.max() ?? 0
            var out = ""
            for (item, name) in zip(usage, names) {
                var line = emojiWidth > 0 ? padded(item.emoji ?? "", to: emojiWidth) + " " : ""
                line += style.color(item.color, padded(name, to: nameWidth)) + "  "
                let count = String(item.count)
                line += String(repeating: " ", count: countWidth - count.count) + count + "  "
                line += item.known ? (item.color.map(CategoryColor.shownName) ?? Say.noColor) : style.red(Say.unknownCategoryMark)
                out += line + "\n"
            }
            Terminal.page(out)
        }
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
