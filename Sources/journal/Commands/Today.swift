import ArgumentParser
import Foundation
import JournalKit

extension JournalCommand {
    struct Today: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "today",
            abstract: Say.text("help.Today.abstract"),
            discussion: Help.reflow(Say.text("help.Today.discussion")))

        @OptionGroup var options: GlobalOptions

        @Flag(help: ArgumentHelp(Say.text("help.Today.json")))
        var json = false

        @Flag(help: ArgumentHelp(Say.text("help.Today.full")))
        var full = false

        func run() throws {
            let journal = try options.openJournal()
            try refresh(journal)
            let today = LocalDay(Shell.now, in: Shell.timeZone)
            var query = EntryQuery()
            query.from = today
            query.to = today
            query.oldestFirst = true
            try printEntries(try journal.entries(query), of: journal, json: json, full: full, options: options)
        }
    }

    struct OnThisDay: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "on-this-day",
            abstract: Say.text("help.OnThisDay.abstract"),
            discussion: Help.reflow(Say.text("help.OnThisDay.discussion")))

        @OptionGroup var options: GlobalOptions

        @Flag(help: ArgumentHelp(Say.text("help.OnThisDay.json")))
        var json = false

        @Argument(help: ArgumentHelp(Say.text("help.OnThisDay.date")))
        var date: String?

        func run() throws {
            let grammar = DateGrammar(now: Shell.now, timeZone: Shell.timeZone)
            let day: LocalDay
            do {
                day = try date.map { try grammar.days($0).first } ?? LocalDay(Shell.now, in: Shell.timeZone)
            } catch {
                throw Failure(String(describing: error))
            }
            let journal = try options.openJournal()
            try refresh(journal)
            var monthDays = [String(format: "%02d-%02d", day.month, day.day)]
            if day.month == 2, day.day == 28, LocalDay(year: day.year, month: 2, day: 29) == nil { monthDays.append("02-29") }
            var entries: [Entry] = []
            for monthDay in monthDays {
                var query = EntryQuery()
                query.monthDay = monthDay
                entries += try journal.entries(query).filter { $0.createdAt.localDay.year < day.year }
            }
            entries.sort { $0.createdAt.date > $1.createdAt.date }
            if json {
                try printEntries(entries, of: journal, json: true, full: false, options: options)
                return
            }
            let lines = EntryLines(style: options.style, settings: journal.settings, dates: DateText(locale: Shell.locale))
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
