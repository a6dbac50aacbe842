import Foundation

/// Messages about weather, places and the user's config (`journal add`, `journal weather`, `journal config`).
extension Say {
    // MARK: Why there is no weather

    static func weatherTimeout(_ host: String, _ seconds: TimeInterval) -> String {
        "\(host) did not answer within \(Say.seconds(seconds))"
    }
    static func weatherUnreachable(_ host: String, _ reason: String) -> String { "cannot reach \(host) (\(reason))" }
    static func weatherHTTP(_ host: String, _ status: Int, _ reason: String?) -> String {
        "\(host) answered HTTP \(status)" + (reason.map { ": \($0)" } ?? "")
    }
    static func weatherBadKey(_ host: String) -> String {
        "\(host) refused the API key (HTTP 401): check `journal config get weather.api_key` or $OPENWEATHER_API_KEY"
    }
    static let weatherNoKey =
        "OpenWeather needs an API key: `journal config set weather.api_key KEY` or $OPENWEATHER_API_KEY"
    static func weatherMalformed(_ host: String, _ detail: String) -> String { "\(host) sent a reply I cannot read (\(detail))" }
    static func placeNotFound(_ name: String) -> String { "no place called '\(name)' was found" }
    static func weatherNoData(_ host: String, _ hour: String) -> String { "\(host) has no weather for \(hour) there" }
    static func weatherTooFarAhead(_ day: String) -> String { "\(day) is beyond the forecast (16 days)" }
    static func weatherTooOld(_ day: String) -> String { "\(day) is before the weather archive starts (1940)" }
    static let weatherNoCoordinates = "the location has no coordinates and no name to look up"
    static let replyEmpty = "empty body"
    static let replyNotJSON = "not JSON"
    static func replyMissing(_ what: String) -> String { "no \(what)" }
    public static func budgetExceeded(_ seconds: TimeInterval) -> String {
        "the weather service did not answer within \(Say.seconds(seconds))"
    }

    static func seconds(_ value: TimeInterval) -> String {
        value == value.rounded() ? "\(Int(value)) s" : String(format: "%.1f s", value)
    }

    // MARK: Warnings of `journal add` (one line each)

    public static func savedWithoutWeather(_ reason: String) -> String {
        "saved without weather: \(reason); `journal weather --missing` fills it in later"
    }
    public static func savedWithoutCoordinates(_ name: String, _ reason: String, weather: Bool) -> String {
        weather
            ? "saved '\(name)' without coordinates or weather: \(reason); `journal weather --missing` fills them in later"
            : "saved '\(name)' without coordinates: \(reason)"
    }
    public static let historyFromOpenMeteo =
        "weather for that hour comes from Open-Meteo's history (OpenWeather's is a paid product)"

    // MARK: Argument mistakes

    public static let latitudeWithoutLongitude = "--lat and --lon go together: give both"
    public static func latitudeOutOfRange(_ value: Double) -> String { "--lat \(value) is not a latitude (-90 to 90)" }
    public static func longitudeOutOfRange(_ value: Double) -> String { "--lon \(value) is not a longitude (-180 to 180)" }
    public static let noLocationAndLocation = "--no-location cannot be used with --location, --lat or --lon"
    public static let weatherNeedsIDOrMissing = "give an entry id, or --missing for every entry without weather"
    public static let weatherIDAndMissing = "give an entry id or --missing, not both"

    // MARK: `journal weather`

    public static func noLocationForWeather(_ id: String) -> String {
        "\(id) has no location, so there is no weather to look up (`journal add --location` sets one)"
    }
    public static func filledWeather(_ id: String, _ day: String, _ title: String, _ summary: String) -> String {
        "\(id) \(day) \"\(title)\": \(summary)"
    }
    public static func weatherFailedFor(_ id: String, _ reason: String) -> String { "\(id): no weather: \(reason)" }
    public static let nothingMissingWeather = "Every entry with a location has its weather."
    public static func weatherUnchanged(_ id: String) -> String { "\(id): the weather is already that: no changes." }
    public static func weatherSummary(filled: Int, failed: Int) -> String {
        filled == 0
            ? "no weather added: \(entries(failed)) failed (see above)"
            : "added weather to \(entries(filled)); \(failed) failed (see above)"
    }

    // MARK: Commit messages

    static func commitWeatherOne(_ title: String, _ id: String) -> String { "Add weather to \"\(title)\" (\(id))" }
    static func commitWeatherMany(_ count: Int) -> String { "Add weather to \(entries(count))" }
    static func commitWeatherLine(_ id: String, _ title: String, _ summary: String) -> String {
        "\(id) \"\(title)\": \(summary)"
    }

    // MARK: Display

    /// `clear 12.5°C` in a list or a commit message.
    public static func weatherShort(_ condition: String?, _ temperature: String?) -> String {
        [condition, temperature].compactMap { $0 }.joined(separator: " ")
    }
    public static func humidity(_ percent: String) -> String { "humidity \(percent)%" }
    public static func wind(_ speed: String, _ unit: String) -> String { "wind \(speed) \(unit)" }

    /// English descriptions of the WMO weather codes Open-Meteo reports (it has none of its own).
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

    static func configBadValue(_ key: String, _ value: String, _ expected: String) -> String {
        "\(key) '\(value)' is not valid: expected \(expected)"
    }
    static func configNotMapping(_ section: String) -> String { "`\(section):` must be a block of `key: value` lines" }
    public static func unknownConfigKey(_ key: String, _ known: [String]) -> String {
        "unknown key '\(key)' (known: \(known.joined(separator: ", ")))"
    }
    public static func configKeyUnset(_ key: String) -> String { "\(key) is not set" }
    public static func configCreated(_ path: String) -> String { "Created your settings file \(path)" }
    public static func configSet(_ key: String, _ value: String) -> String { "\(key) = \(value)" }
    public static func configUnset(_ key: String) -> String { "Removed \(key)." }
    public static func defaultLocationGeocoded(_ name: String, _ latitude: String, _ longitude: String) -> String {
        "location.default = \(name) (\(latitude), \(longitude))"
    }
    public static func defaultLocationNotGeocoded(_ name: String, _ reason: String) -> String {
        "could not look up '\(name)' now (\(reason)): it will be looked up at each `journal add`"
    }
    static let configEditMismatch = "the edited file would not read back as intended"
    public static let expectedProvider = "open-meteo or openweather"
    public static let expectedUnits = "metric or imperial"
    public static let expectedURL = "an http:// or https:// URL"
    public static let expectedLatitude = "a latitude from -90 to 90"
    public static let expectedLongitude = "a longitude from -180 to 180"
    public static let expectedText = "some text"
    public static let hiddenSecret = "(set; hidden)"

    /// The config file as first written: every key explained, most commented out.
    static let initialUserConfig = """
        # Your settings for the `journal` command on this machine. Not kept in any journal, so
        # secrets (an API key) are safe here. `journal config set KEY VALUE` edits this file too.

        weather:
          # open-meteo (free, no key) or openweather (needs an API key).
          provider: open-meteo
          # api_key: your-openweather-key      # or set $OPENWEATHER_API_KEY
          # Endpoints, for mirrors and tests ($JOURNAL_WEATHER_URL and friends win over these):
          # url: https://api.open-meteo.com/v1/forecast
          # archive_url: https://archive-api.open-meteo.com/v1/archive
          # geocoding_url: https://geocoding-api.open-meteo.com/v1/search
          # open_meteo_url: https://api.open-meteo.com/v1/forecast   # other hours, with openweather

        location:
          # Where entries are written unless `journal add --location` says otherwise
          # (`--no-location` for none). Nothing is sent anywhere until you set one.
          # default: Seoul
          # latitude: 37.5665
          # longitude: 126.978

        # metric (°C, km/h) or imperial (°F, mph), for display.
        units: metric

        """
}

extension Say {
    static let noNetwork = "no network"
    static let unknownHost = "unknown host"
    static let connectionRefused = "connection refused"
    static let connectionLost = "connection lost"
}

extension Say {
    public static func badEnvironmentURL(_ variable: String, _ value: String) -> String {
        "$\(variable) '\(value)' is not an http:// or https:// URL"
    }
}
