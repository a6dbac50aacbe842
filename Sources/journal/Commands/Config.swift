import ArgumentParser
import Foundation
import JournalKit

extension JournalCommand {
    struct Config: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "config",
            abstract: Help.text("help.Config.abstract"),
            discussion: Help.reflow(Say.text("help.Config.discussion")),
            subcommands: [ListConfig.self, GetConfig.self, SetConfig.self, UnsetConfig.self, ConfigPath.self],
            defaultSubcommand: ListConfig.self)
    }

    struct ListConfig: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list", abstract: Help.text("help.ListConfig.abstract"))

        @OptionGroup var options: GlobalOptions

        func run() throws {
            let config = try UserSettings.load(creating: true)
            printColumns(config.setKeys.compactMap { key in
                config.value(of: key).map { (key, UserConfig.secretKeys.contains(key) ? Say.hiddenSecret : $0) }
            })
        }
    }

    struct GetConfig: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "get", abstract: Help.text("help.GetConfig.abstract"),
            discussion: Say.text("help.GetConfig.discussion"))

        @OptionGroup var options: GlobalOptions

        @Argument(help: ArgumentHelp(Help.text("help.GetConfig.key")))
        var key: String

        func run() throws {
            guard UserConfig.knows(key) else { throw JournalError.invalid(Say.unknownConfigKey(key, UserConfig.keys + ["journals.NAME"])) }
            let config = try UserSettings.load(creating: true)
            guard let value = config.value(of: key) else { throw JournalError.invalid(Say.configKeyUnset(key)) }
            print(value)
        }
    }

    struct SetConfig: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "set", abstract: Help.text("help.SetConfig.abstract"),
            discussion: Help.reflow(Say.text("help.SetConfig.discussion")))

        @OptionGroup var options: GlobalOptions

        @Argument(help: ArgumentHelp(Help.text("help.SetConfig.key")))
        var key: String

        @Argument(help: ArgumentHelp(Help.text("help.SetConfig.value")))
        var value: String

        func run() throws {
            guard UserConfig.knows(key) else { throw JournalError.invalid(Say.unknownConfigKey(key, UserConfig.keys + ["journals.NAME"])) }
            let path = UserSettings.path
            let value = value.trimmingCharacters(in: .whitespaces)
            var text = try UserConfig.setting(key, to: value.isEmpty ? nil : value, in: try UserConfig.text(at: path), path: path)
            var shown = Say.configSet(key, UserConfig.secretKeys.contains(key) ? Say.hiddenSecret : value)
            if key == "location.default", !value.isEmpty {
                // Look the place up now, once, so that every `journal add` does not have to.
                let config = try UserConfig.parse(text, path: path)
                let service = WeatherService(settings: try UserSettings.weather(config))
                do {
                    let found = try service.geocode(value, timeout: service.settings.requestTimeout)
                    if let latitude = found.latitude, let longitude = found.longitude {
                        let lat = YAMLWriter.number(latitude)
                        let lon = YAMLWriter.number(longitude)
                        text = try UserConfig.setting("location.latitude", to: lat, in: text, path: path)
                        text = try UserConfig.setting("location.longitude", to: lon, in: text, path: path)
                        shown = Say.defaultLocationGeocoded(value, lat, lon)
                    }
                } catch {
                    text = try UserConfig.setting("location.latitude", to: nil, in: text, path: path)
                    text = try UserConfig.setting("location.longitude", to: nil, in: text, path: path)
                    Terminal.warn(Say.defaultLocationNotGeocoded(value, "\(error)"))
                }
            }
            try UserConfig.write(text, to: path)
            print(shown)
        }
    }

    struct UnsetConfig: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "unset", abstract: Help.text("help.UnsetConfig.abstract"))

        @OptionGroup var options: GlobalOptions

        @Argument(help: ArgumentHelp(Help.text("help.UnsetConfig.key")))
        var key: String

        func run() throws {
            guard UserConfig.knows(key) else { throw JournalError.invalid(Say.unknownConfigKey(key, UserConfig.keys + ["journals.NAME"])) }
            let path = UserSettings.path
            var text = try UserConfig.setting(key, to: nil, in: try UserConfig.text(at: path), path: path)
            if key == "location.default" {
                text = try UserConfig.setting("location.latitude", to: nil, in: text, path: path)
                text = try UserConfig.setting("location.longitude", to: nil, in: text, path: path)
            }
            try UserConfig.write(text, to: path)
            print(Say.configUnset(key))
        }
    }

    struct ConfigPath: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "path", abstract: Help.text("help.ConfigPath.abstract"))

        @OptionGroup var options: GlobalOptions

        func run() throws { print(UserSettings.path) }
    }
}

/// The user's config as the command line reads it: the file, the environment over it, and the
/// `WeatherSettings` value the kit is handed.
enum UserSettings {
    /// `$XDG_CONFIG_HOME/journal/config.yml`, else `~/.config/journal/config.yml`.
    static var path: String {
        Shell.configHome + "/journal/config.yml"
    }

    /// Reads the file, writing the commented one first when there is none and `creating`.
    static func load(creating: Bool) throws -> UserConfig {
        try UserConfig.load(from: path, creating: creating).config
    }

    /// The display units, for list and show: a broken file is reported once and metric used,
    /// so that reading entries never fails over a typo in the settings.
    static let units: Units = {
        do {
            return try load(creating: false).units
        } catch {
            Terminal.warn("\(error)")
            return .metric
        }
    }()

    /// What the kit needs to ask for weather: the config, with the environment winning.
    static func weather(_ config: UserConfig) throws -> WeatherSettings {
        func url(_ variable: String, _ configured: URL?) throws -> URL? {
            guard let text = Shell.env(variable), !text.isEmpty else { return configured }
            guard let url = URL(string: text), ["http", "https"].contains(url.scheme?.lowercased() ?? ""), url.host != nil else {
                throw JournalError.invalid(Say.badEnvironmentURL(variable, text))
            }
            return url
        }
        let key = Shell.env("OPENWEATHER_API_KEY").flatMap { $0.isEmpty ? nil : $0 } ?? config.apiKey
        return WeatherSettings(
            provider: config.provider, url: try url("JOURNAL_WEATHER_URL", config.url),
            openMeteoURL: try url("JOURNAL_OPEN_METEO_URL", config.openMeteoURL),
            archiveURL: try url("JOURNAL_WEATHER_ARCHIVE_URL", config.archiveURL),
            geocodingURL: try url("JOURNAL_GEOCODING_URL", config.geocodingURL), apiKey: key,
            // Place names in the messages' language (language=ko: Busan is 부산), else in the locale's.
            language: Say.language == "en" ? Shell.locale?.language.languageCode?.identifier : Say.language, now: Shell.now)
    }
}
