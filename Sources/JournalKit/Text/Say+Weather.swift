import Foundation

/// Messages about weather, places and the user's config (`journal add`, `journal weather`, `journal config`).
extension Say {
    // MARK: Why there is no weather

    static func weatherTimeout(_ host: String, _ seconds: TimeInterval) -> String { Say.text("weatherTimeout", host, Say.seconds(seconds)) }
    static func weatherUnreachable(_ host: String, _ reason: String) -> String { Say.text("weatherUnreachable", host, reason) }
    static func weatherHTTP(_ host: String, _ status: Int, _ reason: String?) -> String {
        reason.map { Say.text("weatherHTTPReason", host, status, $0) } ?? Say.text("weatherHTTP", host, status)
    }
    static func weatherBadKey(_ host: String) -> String { Say.text("weatherBadKey", host) }
    static var weatherNoKey: String { Say.text("weatherNoKey") }
    static func weatherMalformed(_ host: String, _ detail: String) -> String { Say.text("weatherMalformed", host, detail) }
    static func placeNotFound(_ name: String) -> String { Say.text("placeNotFound", name) }
    static func weatherNoData(_ host: String, _ hour: String) -> String { Say.text("weatherNoData", host, hour) }
    static func weatherTooFarAhead(_ day: String) -> String { Say.text("weatherTooFarAhead", day) }
    static func weatherTooOld(_ day: String) -> String { Say.text("weatherTooOld", day) }
    static var weatherNoCoordinates: String { Say.text("weatherNoCoordinates") }
    static var replyEmpty: String { Say.text("replyEmpty") }
    static var replyNotJSON: String { Say.text("replyNotJSON") }
    static func replyMissing(_ what: String) -> String { Say.text("replyMissing", what) }
    public static func budgetExceeded(_ seconds: TimeInterval) -> String { Say.text("budgetExceeded", Say.seconds(seconds)) }

    static func seconds(_ value: TimeInterval) -> String {
        Say.text("seconds", value == value.rounded() ? "\(Int(value))" : String(format: "%.1f", value))
    }

    // MARK: Warnings of `journal add` (one line each)

    public static func savedWithoutWeather(_ reason: String) -> String { Say.text("savedWithoutWeather", reason) }
    public static func savedWithoutCoordinates(_ name: String, _ reason: String, weather: Bool) -> String {
        Say.text(weather ? "savedWithoutCoordinatesOrWeather" : "savedWithoutCoordinates", name, reason)
    }
    public static var historyFromOpenMeteo: String { Say.text("historyFromOpenMeteo") }

    // MARK: Argument mistakes

    public static var latitudeWithoutLongitude: String { Say.text("latitudeWithoutLongitude") }
    public static func latitudeOutOfRange(_ value: Double) -> String { Say.text("latitudeOutOfRange", value) }
    public static func longitudeOutOfRange(_ value: Double) -> String { Say.text("longitudeOutOfRange", value) }
    public static var noLocationAndLocation: String { Say.text("noLocationAndLocation") }
    public static var weatherNeedsIDOrMissing: String { Say.text("weatherNeedsIDOrMissing") }
    public static var weatherIDAndMissing: String { Say.text("weatherIDAndMissing") }

    // MARK: `journal weather`

    public static func noLocationForWeather(_ id: String) -> String { Say.text("noLocationForWeather", id) }
    public static func filledWeather(_ id: String, _ day: String, _ title: String, _ summary: String) -> String { Say.text("filledWeather", id, day, title, summary) }
    public static func weatherFailedFor(_ id: String, _ reason: String) -> String { Say.text("weatherFailedFor", id, reason) }
    public static var nothingMissingWeather: String { Say.text("nothingMissingWeather") }
    public static func weatherUnchanged(_ id: String) -> String { Say.text("weatherUnchanged", id) }
    public static func weatherSummary(filled: Int, failed: Int) -> String {
        filled == 0 ? Say.text("weatherNoneAdded", entries(failed)) : Say.text("weatherAdded", entries(filled), failed)
    }

    // MARK: Commit messages

    static func commitWeatherOne(_ title: String, _ id: String) -> String { "Add weather to \"\(title)\" (\(id))" }
    static func commitWeatherMany(_ count: Int) -> String { Say.inEnglish { "Add weather to \(entries(count))" } }
    static func commitWeatherLine(_ id: String, _ title: String, _ summary: String) -> String {
        "\(id) \"\(title)\": \(summary)"
    }

    // MARK: Display

    /// `clear 12.5°C` in a list or a commit message.
    public static func weatherShort(_ condition: String?, _ temperature: String?) -> String {
        [condition, temperature].compactMap { $0 }.joined(separator: " ")
    }
    public static func humidity(_ percent: String, in language: String = Say.current) -> String {
        Say.text(in: language, "humidity", [percent])
    }
    public static func wind(_ speed: String, _ unit: String, in language: String = Say.current) -> String {
        Say.text(in: language, "wind", [speed, unit])
    }

    /// A stored condition word (`rain`) in the current language (`비`); a word this version does not know as it is.
    public static func condition(_ word: String?, in language: String = Say.current) -> String? {
        guard let word else { return nil }
        return WeatherCondition(rawValue: word) == nil ? word : Say.text(in: language, "condition." + word, [])
    }

    /// The description to show: the stored one (the provider's words) in English, and for Open-Meteo's
    /// WMO codes the catalogue's words in another language (OpenWeather already answers in the user's).
    public static func weatherDescription(_ weather: Weather, in language: String = Say.current) -> String? {
        guard language != "en", weather.provider == OpenMeteo.name, let code = weather.code.flatMap({ Int($0) }),
            wmoDescription(code) != nil
        else { return weather.description }
        return Say.text(in: language, "wmo.\(code)", [])
    }

    /// English descriptions of the WMO weather codes Open-Meteo reports (it has none of its own). These are
    /// stored in entries, so they stay English; `weatherDescription` shows them in the user's language.
    public static func wmoDescription(_ code: Int) -> String? {
        switch code {
        case 0: "clear sky"
        case 1: "mainly clear"
        case 2: "partly cloudy"
        case 3: "overcast"
        case 45: "fog"
        case 48: "depositing rime fog"
        case 51: "light drizzle"
        case 53: "moderate drizzle"
        case 55: "dense drizzle"
        case 56: "light freezing drizzle"
        case 57: "dense freezing drizzle"
        case 61: "slight rain"
        case 63: "moderate rain"
        case 65: "heavy rain"
        case 66: "light freezing rain"
        case 67: "heavy freezing rain"
        case 71: "slight snow fall"
        case 73: "moderate snow fall"
        case 75: "heavy snow fall"
        case 77: "snow grains"
        case 80: "slight rain showers"
        case 81: "moderate rain showers"
        case 82: "violent rain showers"
        case 85: "slight snow showers"
        case 86: "heavy snow showers"
        case 95: "thunderstorm"
        case 96: "thunderstorm with slight hail"
        case 99: "thunderstorm with heavy hail"
        default: nil
        }
    }

    // MARK: The user's config

    static func configBadValue(_ key: String, _ value: String, _ expected: String) -> String { Say.text("configBadValue", key, value, expected) }
    static func configNotMapping(_ section: String) -> String { Say.text("configNotMapping", section) }
    public static func unknownConfigKey(_ key: String, _ known: [String]) -> String { Say.text("unknownConfigKey", key, known.joined(separator: ", ")) }
    public static func configKeyUnset(_ key: String) -> String { Say.text("configKeyUnset", key) }
    public static func configCreated(_ path: String) -> String { Say.text("configCreated", path) }
    public static func configSet(_ key: String, _ value: String) -> String { Say.text("configSet", key, value) }
    public static func configUnset(_ key: String) -> String { Say.text("configUnset", key) }
    public static func defaultLocationGeocoded(_ name: String, _ latitude: String, _ longitude: String) -> String { Say.text("defaultLocationGeocoded", name, latitude, longitude) }
    public static func defaultLocationNotGeocoded(_ name: String, _ reason: String) -> String { Say.text("defaultLocationNotGeocoded", name, reason) }
    static var configEditMismatch: String { Say.text("configEditMismatch") }
    public static var expectedProvider: String { Say.text("expectedProvider") }
    public static var expectedUnits: String { Say.text("expectedUnits") }
    public static func expectedLanguage(_ codes: [String]) -> String { Say.text("expectedLanguage", codes.joined(separator: ", ")) }
    public static var expectedURL: String { Say.text("expectedURL") }
    public static var expectedLatitude: String { Say.text("expectedLatitude") }
    public static var expectedLongitude: String { Say.text("expectedLongitude") }
    public static var expectedText: String { Say.text("expectedText") }
    static var expectedJournalPath: String { Say.text("expectedJournalPath") }
    static var expectedTagPrefix: String { Say.text("expectedTagPrefix") }
    static var expectedTrueOrFalse: String { Say.text("expectedTrueOrFalse") }
    public static var hiddenSecret: String { Say.text("hiddenSecret") }

    /// The config file as first written, in the messages' language: every key explained, most commented out
    /// (the keys themselves, commented out or not, are the same in every language).
    static var initialUserConfig: String { Say.text("initialUserConfig") }
}

extension Say {
    static var noNetwork: String { Say.text("noNetwork") }
    static var unknownHost: String { Say.text("unknownHost") }

    /// `text`, when it is one of `keys`' messages in some language (worded where the lookup ran, on a thread of
    /// its own, in the process's language), in the reader's words (a Korean page's `알 수 없는 호스트`).
    static func inReadersWords(_ text: String, _ keys: [String]) -> String {
        for key in keys where Say.languages.contains(where: { Say.text(in: $0, key, []) == text }) { return Say.text(key) }
        return text
    }
    static var connectionRefused: String { Say.text("connectionRefused") }
    static var connectionLost: String { Say.text("connectionLost") }
}

extension Say {
    public static func badEnvironmentURL(_ variable: String, _ value: String) -> String { Say.text("badEnvironmentURL", variable, value) }
}
