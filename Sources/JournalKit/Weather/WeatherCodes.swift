import Foundation

/// The provider-neutral words of `weather.condition`, and how each provider's codes map onto them.
public enum WeatherCondition: String, Sendable, CaseIterable {
    case clear
    case partlyCloudy = "partly-cloudy"
    case cloudy
    case fog
    case drizzle
    case rain
    case snow
    case thunderstorm

    /// The icon `journal list` shows.
    public var emoji: String {
        switch self {
        case .clear: "☀️"
        case .partlyCloudy: "🌤️"
        case .cloudy: "☁️"
        case .fog: "🌫️"
        case .drizzle: "🌦️"
        case .rain: "🌧️"
        case .snow: "🌨️"
        case .thunderstorm: "⛈️"
        }
    }

    /// The icon for a stored condition word; a word this version does not know gets a thermometer.
    public static func emoji(for word: String?) -> String {
        word.flatMap(WeatherCondition.init(rawValue:))?.emoji ?? "🌡️"
    }

    /// A WMO weather interpretation code (WW), as Open-Meteo reports them.
    public static func wmo(_ code: Int) -> WeatherCondition? {
        switch code {
        case 0, 1: .clear
        case 2: .partlyCloudy
        case 3: .cloudy
        case 45, 48: .fog
        case 51, 53, 55, 56, 57: .drizzle
        case 61, 63, 65, 66, 67, 80, 81, 82: .rain
        case 71, 73, 75, 77, 85, 86: .snow
        case 95, 96, 99: .thunderstorm
        default: nil
        }
    }

    /// An OpenWeather condition id (2xx thunderstorm, 3xx drizzle, 5xx rain, 6xx snow, 7xx atmosphere,
    /// 800 clear, 80x clouds).
    public static func openWeather(_ id: Int) -> WeatherCondition? {
        switch id {
        case 200...299: .thunderstorm
        case 300...399: .drizzle
        case 500...599: .rain
        case 600...699: .snow
        case 781: .thunderstorm  // tornado
        case 700...799: .fog  // mist, smoke, haze, dust, fog, sand, ash, squall
        case 800: .clear
        case 801, 802: .partlyCloudy  // few (11–25 %) and scattered (25–50 %) clouds
        case 803, 804: .cloudy  // broken (51–84 %) and overcast clouds
        default: nil
        }
    }
}
