import ArgumentParser
import Foundation
import JournalKit

extension JournalCommand {
    struct Today: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "today",
            abstract: Help.text("help.Today.abstract"),
            discussion: Help.reflow(Say.text("help.Today.discussion")))

        @OptionGroup var options: GlobalOptions

        @Flag(help: ArgumentHelp(Help.text("help.Today.json")))
        var json = false

        @Flag(help: ArgumentHelp(Help.text("help.Today.full")))
        var full = false

        func run() throws {
            let journal = try options.openJournal()
            let (entries, pending) = try journal.freshToday(progress: ProgressLine.reporter(Say.indexing))
            report(pending)
            if entries.isEmpty && !json {
                Terminal.note(Say.nothingToday)
                return
            }
            try printEntries(entries, of: journal, json: json, full: full, options: options)
        }
    }

    struct OnThisDay: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "on-this-day",
            abstract: Help.text("help.OnThisDay.abstract"),
            discussion: Help.reflow(Say.text("help.OnThisDay.discussion")))

        @OptionGroup var options: GlobalOptions

        @Flag(help: ArgumentHelp(Help.text("help.OnThisDay.json")))
        var json = false

        @Argument(help: ArgumentHelp(Help.text("help.OnThisDay.date")))
        var date: String?

        func run() throws {
            let day = try Journal.day(date, context: Shell.context())
            let journal = try options.openJournal()
            try refresh(journal)
            let entries = try journal.onThisDay(day)
            if json {
                try printEntries(entries, of: journal, json: true, full: false, options: options)
                return
            }
            let lines = EntryLines(style: options.style, settings: journal.settings, dates: DateText(localeIdentifier: Shell.localeIdentifier))
            var out = ""
            var year: Int?
            for (entry, line) in zip(entries, lines.lines(entries)) {
                let entryYear = entry.createdAt.localDay.year
                if entryYear != year {
                    out += (year == nil ? "" : "\n") + options.style.bold(Say.yearsAgo(entryYear, day.year - entryYear)) + "\n"
                    year = entryYear
                }
                out += line + "\n"
            }
            if entries.isEmpty { Terminal.note(Say.noMatches) }
            Terminal.page(out)
        }
    }
}
