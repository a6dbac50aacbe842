import Foundation
import JournalKit

/// The user's config as the command line reads it: the file, the environment over it, and the
/// `WeatherSettings` value the kit is handed.
enum UserSettings {
    /// `$XDG_CONFIG_HOME/journal/config.yml`, else `~/.config/journal/config.yml`.
    static var path: String { JournalContext.userConfigFile }

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

    /// What the kit needs to ask for weather: the config, with the environment winning (the kit's
    /// `JournalContext.weatherSettings`, which the web view's add asks too).
    static func weather(_ config: UserConfig) throws -> WeatherSettings {
        try JournalContext.weatherSettings(config, language: placeLanguage, now: Shell.now)
    }

    /// The language place names are asked in: the messages' (language=ko: Busan is 부산), else the locale's.
    static var placeLanguage: String? {
        Say.current == "en" ? Shell.locale?.language.languageCode?.identifier : Say.current
    }
}
