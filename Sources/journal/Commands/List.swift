import ArgumentParser
import Foundation
import JournalKit

extension JournalCommand {
    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: Say.text("help.List.abstract"),
            discussion: Help.reflow(Say.text("help.List.discussion")))

        @OptionGroup var options: GlobalOptions
        @OptionGroup var filters: FilterOptions

        @Flag(help: ArgumentHelp(Say.text("help.List.json")))
        var json = false

        @Flag(help: ArgumentHelp(Say.text("help.List.full")))
        var full = false

        func run() throws {
            let filter = try filters.checked()  // bad dates and patterns fail before anything else happens
            let journal = try options.openJournal()
            try refresh(journal)
            let entries = try journal.entries(matching: filter)
            if entries.isEmpty && !json && filters.n != 0 {
                Terminal.note(filter.narrows ? Say.noMatches : Say.noEntriesYet)
            }
            try printEntries(entries, of: journal, json: json, full: full, options: options)
        }
    }
}

/// Brings the journal's snapshot up to date, with a progress line on a terminal for a long rebuild.
func refresh(_ journal: Journal) throws {
    report(try journal.refresh(progress: ProgressLine.reporter(Say.indexing)))
}

/// A line on a terminal's stderr that a long step rewrites as it goes (shown after its first second), ended
/// when the step says it is done.
enum ProgressLine {
    static func reporter(_ text: @escaping (Int, Int) -> String) -> (Int, Int) -> Void {
        let start = Date()
        return { done, total in
            guard Terminal.stderrIsTerminal, Date().timeIntervalSince(start) > 1 else { return }
            FileHandle.standardError.write(Data("\r\(text(done, total))\(done == total ? "\n" : "")".utf8))
        }
    }
}

/// Prints entries as lines, whole (`full`) or JSON: the output of list, today and search.
func printEntries(_ entries: [Entry], of journal: Journal, json: Bool, full: Bool, options: GlobalOptions) throws {
    if json {
        let complete = try entries.map { try journal.readEntry(at: $0.path) }
        print(try EntryJSON.render(complete.map { EntryJSON(entry: $0) }), terminator: "")
        return
    }
    let dates = DateText(locale: Shell.locale)
    if full {
        let page = EntryPage(style: options.style, settings: journal.settings, dates: dates)
        let texts = try entries.map { page.render(try journal.readEntry(at: $0.path)) }
        Terminal.page(texts.joined(separator: "\n" + options.style.dim(String(repeating: "─", count: 40)) + "\n\n"))
        return
    }
    Terminal.page(EntryLines(style: options.style, settings: journal.settings, dates: dates).render(entries))
}
