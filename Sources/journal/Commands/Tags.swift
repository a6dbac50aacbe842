import ArgumentParser
import Foundation
import JournalKit

extension JournalCommand {
    struct Tags: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List the tags in use, or rename one in every entry.",
            discussion: Help.reflow("""
                Examples:
                  journal tags                      # each tag with its number of entries
                  journal tags --json
                  journal tags rename trip travel   # one commit; merges with #travel
                """),
            subcommands: [ListTags.self, RenameTag.self],
            defaultSubcommand: ListTags.self)
    }

    struct ListTags: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "List each tag with the number of entries carrying it, most used first.",
            discussion: Help.reflow("""
                Header tags and inline #hashtags in the text both count; tags that
                differ only in case count as one.
                Examples:
                  journal tags
                  journal tags list --json | jq '.[0].tag'
                """))

        @OptionGroup var options: GlobalOptions

        @Flag(help: "Print a JSON array of {tag, count} instead of lines.")
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
            abstract: "Rename a tag in every entry carrying it, in one commit.",
            discussion: Help.reflow("""
                Header tags and inline #hashtags in the text both change (whole tags only:
                renaming #cafe leaves #cafeteria alone; nothing inside code changes). Where an
                entry already has the new tag, the two merge into one.
                Examples:
                  journal tags rename trip travel
                  journal tags rename '#Busan' busan
                """))

        @OptionGroup var options: GlobalOptions

        @Argument(help: "The tag to rename.")
        var old: String

        @Argument(help: "Its new name.")
        var new: String

        func run() throws {
            let journal = try options.openJournal()
            try refresh(journal)
            let update = try journal.renameTag(old, to: new)
            reportSkipped(update.skipped)
            report(update.pending)
            print(update.count == 0 ? Say.noChanges : Say.renamedTag(try normalized(old), try normalized(new), update.count))
        }

        private func normalized(_ tag: String) throws -> String {
            try Journal.normalize(tags: [tag]).first ?? tag
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
