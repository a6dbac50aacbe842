import Foundation
import JournalKit

/// The user's config as the command line reads it: the file, the environment over it, and the
/// `WeatherSettings` value the kit is handed.
enum UserSettings {
    /// `$XDG_CONFIG_HOME/journal/config.yml`, else `~/.config/journal/config.yml`.
    static var path: String {
        JournalContext.userConfigFile
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
