import ArgumentParser
import Foundation
import JournalKit

extension JournalCommand {
    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List entries, newest first.",
            discussion: """
                One line per entry: date, short id, category, title, tags. Entries whose header
                cannot be read are listed as broken, with the line at fault.
                Examples:
                  journal list -n 20
                  journal list --json | jq '.[0].title'
                """)

        @OptionGroup var options: GlobalOptions

        @Option(name: .short, help: "Show at most N entries (default: all).")
        var n: Int?

        @Flag(help: "Print a JSON array instead of lines.")
        var json = false

        func validate() throws {
            if let n, n < 0 { throw ValidationError(Say.negativeCount(n)) }
        }

        func run() throws {
            let journal = try options.openJournal()
            report(try journal.commitPendingEdits())
            var entries = journal.loadEntries()
            if let n { entries = Array(entries.prefix(n)) }
            if json {
                print(try EntryJSON.render(entries.map(EntryJSON.init)), terminator: "")
                return
            }
            let lines = EntryLines(style: options.style, settings: journal.settings, dates: DateText(locale: Shell.locale))
            Terminal.page(lines.render(entries))
        }
    }
}
