import ArgumentParser
import Foundation
import JournalKit

extension JournalCommand {
    struct WeatherCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "weather",
            abstract: Say.text("help.WeatherCommand.abstract"),
            discussion: Help.reflow(Say.text("help.WeatherCommand.discussion")))

        @OptionGroup var options: GlobalOptions

        @Flag(help: ArgumentHelp(Say.text("help.WeatherCommand.missing")))
        var missing = false

        @Argument(help: ArgumentHelp(Say.text("help.WeatherCommand.id")))
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
                guard entry.location != nil else { throw Failure(Say.noLocationForWeather(entry.shortID)) }
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
            let dates = DateText(locale: nil)
            for item in fill.filled {
                let day = String(dates.format(item.entry.createdAt).prefix(10))
                print(Say.filledWeather(item.entry.shortID, day, Say.shownTitle(item.entry.title), WeatherText.short(item.weather, units: config.units)))
            }
            for entry in fill.unchanged { print(Say.weatherUnchanged(entry.shortID)) }
            if id != nil, let failed = fill.failed.first {
                throw Failure(Say.weatherFailedFor(failed.entry.shortID, failed.failure.description))
            }
            for failed in fill.failed { Terminal.warn(Say.weatherFailedFor(failed.entry.shortID, failed.failure.description)) }
            // A place that cannot be found stays unfound on the next run: it is skipped, not a failure,
            // or every later run would fail for it. Network trouble is a failure (trying again helps).
            let failed = fill.failed.filter { !$0.failure.isPlaceUnknown }
            if !failed.isEmpty { throw Failure(Say.weatherSummary(filled: fill.filled.count, failed: failed.count)) }
            let skipped = fill.failed.count
            if skipped > 0 { print(Say.weatherSkipped(skipped)) }
        }
    }
}

/// Weather as the user reads it, in their units: `☀️ 13°C` in a list, the whole story in `show`.
enum WeatherText {
    /// `☀️ 13°C`: the list's column.
    static func column(_ weather: Weather, units: Units) -> String {
        let emoji = WeatherCondition.emoji(for: weather.condition)
        guard let celsius = weather.temperatureC else { return emoji }
        return emoji + " " + temperature(celsius, units: units, decimals: 0)
    }

    /// `☀️ clear 12.5°C`: one line per entry of `journal weather`.
    static func short(_ weather: Weather, units: Units) -> String {
        let temp = weather.temperatureC.map { temperature($0, units: units, decimals: 1) }
        return WeatherCondition.emoji(for: weather.condition) + " " + Say.weatherShort(Say.condition(weather.condition), temp)
    }

    /// `☀️ clear (맑음) 12.5°C, humidity 60%, wind 10.4 km/h`: `journal show`.
    static func full(_ weather: Weather, units: Units) -> String {
        var head = WeatherCondition.emoji(for: weather.condition)
        let condition = Say.condition(weather.condition)
        if let condition { head += " " + condition }
        if let description = Say.weatherDescription(weather), description.lowercased() != condition?.lowercased() {
            head += condition == nil ? " " + description : " (\(description))"
        }
        if let celsius = weather.temperatureC { head += " " + temperature(celsius, units: units, decimals: 1) }
        var parts = [head]
        if let humidity = weather.humidity { parts.append(Say.humidity(YAMLWriter.number(humidity.rounded()))) }
        if let kph = weather.windKph {
            let (speed, unit) = units == .imperial ? (kph / 1.609344, "mph") : (kph, "km/h")
            parts.append(Say.wind(YAMLWriter.number((speed * 10).rounded() / 10), unit))
        }
        return parts.joined(separator: ", ")
    }

    /// `12.5°C`, or `54.5°F` in imperial units.
    static func temperature(_ celsius: Double, units: Units, decimals: Int) -> String {
        let value = units == .imperial ? celsius * 9 / 5 + 32 : celsius
        let scale = decimals == 0 ? 1.0 : 10.0
        var rounded = (value * scale).rounded() / scale
        if rounded == 0 { rounded = 0 }  // no "-0°C"
        return YAMLWriter.number(rounded) + (units == .imperial ? "°F" : "°C")
    }
}
