import ArgumentParser
import Foundation
import JournalKit

extension JournalCommand {
    struct WeatherCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "weather",
            abstract: Help.text("help.WeatherCommand.abstract"),
            discussion: Help.reflow(Say.text("help.WeatherCommand.discussion")))

        @OptionGroup var options: GlobalOptions

        @Flag(help: ArgumentHelp(Help.text("help.WeatherCommand.missing")))
        var missing = false

        @Argument(help: ArgumentHelp(Help.text("help.WeatherCommand.id")))
        var id: String?

        func validate() throws {
            if id == nil && !missing { throw ValidationError(Say.weatherNeedsIDOrMissing) }
            if id != nil && missing { throw ValidationError(Say.weatherIDAndMissing) }
        }

        func run() throws {
            let config = try UserSettings.load(creating: true)
            let settings = try UserSettings.weather(config)
            let journal = try options.openJournal()
            try refresh(journal)
            let entries: [Entry]
            if let id {
                let entry = try journal.entry(matching: id)
                if let problem = entry.problem {
                    throw JournalError.brokenHeader(entry.path, line: problem.line, reason: problem.reason, id: entry.shortID)
                }
                guard entry.location != nil else { throw JournalError.invalid(Say.noLocationForWeather(entry.shortID)) }
                entries = [entry]
            } else {
                entries = try journal.entriesMissingWeather()
                if entries.isEmpty {
                    print(Say.nothingMissingWeather)
                    return
                }
            }
            let service = WeatherService(settings: settings, caching: true)
            let fill = try journal.fillWeather(entries, using: service, onlyMissing: missing)
            report(fill.pending)
            if missing, fill.filled.isEmpty, fill.failed.isEmpty, fill.unchanged.isEmpty {
                print(Say.nothingMissingWeather)
                return
            }
            if fill.fromFallback { Terminal.note(Say.historyFromOpenMeteo) }
            for item in fill.filled {
                // The ISO day, in every language: one width for the column.
                let day = item.entry.createdAt.localDay.description
                print(Say.filledWeather(item.entry.shortID, day, Say.shownTitle(item.entry.title), WeatherText.short(item.weather, units: config.units)))
            }
            for entry in fill.unchanged { print(Say.weatherUnchanged(entry.shortID)) }
            if id != nil, let failed = fill.failed.first {
                throw JournalError.invalid(Say.weatherFailedFor(failed.entry.shortID, failed.failure.description))
            }
            for failed in fill.failed { Terminal.warn(Say.weatherFailedFor(failed.entry.shortID, failed.failure.description)) }
            // A place that cannot be found stays unfound on the next run: it is skipped, not a failure,
            // or every later run would fail for it. Network trouble is a failure (trying again helps).
            let failed = fill.failed.filter { !$0.failure.isPlaceUnknown }
            if !failed.isEmpty { throw JournalError.invalid(Say.weatherSummary(filled: fill.filled.count, failed: failed.count)) }
            let skipped = fill.failed.count
            if skipped > 0 { print(Say.weatherSkipped(skipped)) }
        }
    }
}
