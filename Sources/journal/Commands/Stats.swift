import ArgumentParser
import Foundation
import JournalKit

extension JournalCommand {
    /// `journal stats`: the habit of writing (`Journal.writingStats`), as lines or JSON.
    struct Stats: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "stats",
            abstract: Help.text("help.Stats.abstract"),
            discussion: Help.reflow(Say.text("help.Stats.discussion")))

        @OptionGroup var options: GlobalOptions

        @Option(help: ArgumentHelp(Help.text("help.Stats.year")))
        var year: String?

        @Flag(help: ArgumentHelp(Help.text("help.Stats.json")))
        var json = false

        func run() throws {
            // Checked before the journal is opened: a year that is not one changes nothing.
            let asked = try year.map { text throws(JournalError) in try WritingStats.year(text) }
            let journal = try options.openJournal()
            try refresh(journal)
            let stats = try journal.writingStats(year: asked)
            if json {
                print(try EntryJSON.render(stats), terminator: "")
                return
            }
            Terminal.page(Stats.lines(stats, style: options.style))
        }

        /// The figures as a terminal shows them: the streaks and totals, then a bar for each month, day of the
        /// week and hour, then the tags and categories most used.
        static func lines(_ stats: WritingStats, style: Style) -> String {
            func days(_ count: Int) -> String { Say.plural("stats.days", count, count) }
            func streak(_ streak: WritingStats.Streak) -> String {
                guard let first = streak.first, let last = streak.last else { return days(0) }
                return days(streak.days) + "  " + style.dim(first == last ? first.description : Say.text("stats.range", first.description, last.description))
            }
            // A bar as long as `value` is of the most, after two spaces (nothing for none).
            func bar(_ value: Int, of most: Int, width: Int = 24) -> String {
                guard value > 0, most > 0 else { return "" }
                return "  " + style.cyan(String(repeating: "█", count: max(1, value * width / most)))
            }
            var out = ""
            let period = stats.year.map(String.init) ?? Say.text("stats.range", stats.months.first?.key ?? "", stats.months.last?.key ?? "")
            var summary: [(String, String)] = [
                (Say.text("stats.current"), streak(stats.current)),
                (Say.text("stats.longest"), streak(stats.longest)),
                (Say.text("stats.entries"), Say.plural("stats.entriesOnDays", stats.entries, stats.entries, days(stats.daysWritten))),
                (Say.text("stats.words"), Say.text("stats.wordsIn", stats.words, period)),
            ]
            if stats.year != nil { summary[0].1 += "  " + style.dim(Say.text("stats.today", stats.today.description)) }
            let labelWidth = summary.map { displayWidth($0.0) }.max() ?? 0
            for (label, value) in summary { out += style.bold(padded(label, to: labelWidth)) + "  " + value + "\n" }

            // Per month: entries and words, a bar by entries.
            let monthHeads = [Say.text("stats.month"), Say.text("stats.entriesColumn"), Say.text("stats.wordsColumn")]
            let entryWidth = max(displayWidth(monthHeads[1]), stats.months.map { String($0.entries).count }.max() ?? 1)
            let wordWidth = max(displayWidth(monthHeads[2]), stats.months.map { String($0.words).count }.max() ?? 1)
            let monthWidth = max(displayWidth(monthHeads[0]), 7)
            let mostEntries = stats.months.map(\.entries).max() ?? 0
            func right(_ text: String, _ width: Int) -> String { String(repeating: " ", count: max(0, width - displayWidth(text))) + text }
            out += "\n" + style.bold(padded(monthHeads[0], to: monthWidth) + "  " + right(monthHeads[1], entryWidth) + "  " + right(monthHeads[2], wordWidth)) + "\n"
            for month in stats.months {
                out += padded(month.key, to: monthWidth) + "  " + right(String(month.entries), entryWidth) + "  " + right(String(month.words), wordWidth)
                out += bar(month.entries, of: mostEntries) + "\n"
            }

            // Days of the week, in the reader's week (Sunday first in Korean).
            out += "\n" + style.bold(Say.text("stats.weekdays")) + "\n"
            let order = MonthGrid.weekdays(startingOnSunday: MonthGrid.weekStartsOnSunday(in: Say.current))
            let dayNames = order.map { Say.text("weekday.\($0)") }
            let dayWidth = dayNames.map(displayWidth).max() ?? 0
            let countWidth = max(stats.weekdays.map { String($0).count }.max() ?? 1, stats.hours.map { String($0).count }.max() ?? 1)
            let mostDay = stats.weekdays.max() ?? 0
            for (weekday, name) in zip(order, dayNames) {
                let count = stats.weekdays[weekday - 1]
                out += padded(name, to: dayWidth) + "  " + right(String(count), countWidth) + bar(count, of: mostDay) + "\n"
            }

            // Hours of each entry's own clock.
            out += "\n" + style.bold(Say.text("stats.hours")) + "\n"
            let mostHour = stats.hours.max() ?? 0
            for (hour, count) in stats.hours.enumerated() {
                out += String(format: "%02d", hour) + "  " + right(String(count), countWidth) + bar(count, of: mostHour) + "\n"
            }

            out += "\n" + style.bold(Say.text("stats.tags")) + "\n"
            if stats.tags.isEmpty { out += style.dim(Say.text("stats.noneYet")) + "\n" }
            let tagWidth = stats.tags.map { displayWidth("#" + $0.tag) }.max() ?? 0
            for item in stats.tags { out += style.green(padded("#" + item.tag, to: tagWidth)) + "  " + String(item.count) + "\n" }

            out += "\n" + style.bold(Say.text("stats.categories")) + "\n"
            if stats.categories.isEmpty { out += style.dim(Say.text("stats.noneYet")) + "\n" }
            let names = stats.categories.map { [$0.emoji, Say.categoryName($0.name)].compactMap { $0 }.joined(separator: " ") }
            let nameWidth = names.map(displayWidth).max() ?? 0
            for (item, name) in zip(stats.categories, names) {
                out += style.color(item.color, padded(name, to: nameWidth)) + "  " + String(item.count) + "\n"
            }
            return out
        }
    }
}
