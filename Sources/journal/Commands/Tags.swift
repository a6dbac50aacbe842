import ArgumentParser
import Foundation
import JournalKit

extension JournalCommand {
    struct Tags: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "tags",
            abstract: Help.text("help.Tags.abstract"),
            discussion: Help.reflow(Say.text("help.Tags.discussion")),
            subcommands: [ListTags.self, RenameTag.self],
            defaultSubcommand: ListTags.self)
    }

    struct ListTags: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: Help.text("help.ListTags.abstract"),
            discussion: Help.reflow(Say.text("help.ListTags.discussion")))

        @OptionGroup var options: GlobalOptions

        @Flag(help: ArgumentHelp(Help.text("help.ListTags.json")))
        var json = false

        func run() throws {
            let journal = try options.openJournal()
            try refresh(journal)
            let usage = try journal.tagUsage()
            if json {
                print(try EntryJSON.render(usage.map { TagJSON(tag: $0.tag, count: $0.count) }), terminator: "")
                return
            }
            let style = options.style
            let names = usage.map { "#" + $0.tag }
            let nameWidth = names.map(displayWidth).max() ?? 0
            let countWidth = usage.map { String($0.count).count }.max() ?? 0
            var out = ""
            for (i, item) in usage.enumerated() {
                let count = String(item.count)
                out += style.green(padded(names[i], to: nameWidth)) + "  "
                    + String(repeating: " ", count: countWidth - count.count) + count + "\n"
            }
            Terminal.page(out)
        }
    }

    struct RenameTag: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "rename",
            abstract: Help.text("help.RenameTag.abstract"),
            discussion: Help.reflow(Say.text("help.RenameTag.discussion")))

        @OptionGroup var options: GlobalOptions

        @Argument(help: ArgumentHelp(Help.text("help.RenameTag.old")), completion: Completion.tags)
        var old: String

        @Argument(help: ArgumentHelp(Help.text("help.RenameTag.new")))
        var new: String

        func run() throws {
            let journal = try options.openJournal()
            try refresh(journal)
            let update = try journal.renameTag(old, to: new)
            reportSkipped(update.skipped)
            report(update.pending)
            print(update.count == 0 ? Say.noChanges : Say.renamedTag(update.names?.old ?? old, update.names?.new ?? new, update.count))
        }
    }
}

/// One line on standard error for each entry a bulk change could not look at.
func reportSkipped(_ entries: [Entry]) {
    for entry in entries {
        guard let problem = entry.problem else { continue }
        Terminal.warn(Say.skippedBroken(entry.path, problem.line, problem.reason))
    }
}

private struct TagJSON: Encodable {
    let tag: String
    let count: Int
}
