import Foundation

/// The weather services the tool knows.
public enum WeatherProviderName: String, Sendable, CaseIterable, Equatable {
    /// No key needed; current weather, recent past (`past_days`) and an archive back to 1940.
    case openMeteo = "open-meteo"
    /// Current weather and geocoding with an API key; its history is a paid product, so past dates
    /// take Open-Meteo's history instead.
    case openWeather = "openweather"
}

/// Everything the kit needs to ask for weather and places, built by the command line from the user's
/// config and environment: the kit itself reads neither.
public struct WeatherSettings: Sendable, Equatable {
    public var provider: WeatherProviderName
    /// The chosen provider's current-weather endpoint (Open-Meteo: its forecast API).
    public var url: URL
    /// Open-Meteo's forecast API, for recent and near-future hours (the same as `url` for Open-Meteo).
    public var openMeteoURL: URL
    /// Open-Meteo's historical (archive) API, for older dates.
    public var archiveURL: URL
    /// The chosen provider's geocoding endpoint.
    public var geocodingURL: URL
    /// OpenWeather's key. Never written anywhere by the kit.
    public var apiKey: String?
    /// The user's language (ISO 639-1, `ko`), for descriptions and place names where the provider has them.
    public var language: String?
    /// The clock: what "now" is when deciding between current weather and history.
    public var now: Date
    /// How long `journal add` waits for weather once the text is ready.
    public var budget: TimeInterval
    /// The longest one request may take when nobody is waiting on it (`journal weather`).
    public var requestTimeout: TimeInterval

    public init(
        provider: WeatherProviderName = .openMeteo, url: URL? = nil, openMeteoURL: URL? = nil, archiveURL: URL? = nil,
        geocodingURL: URL? = nil, apiKey: String? = nil, language: String? = nil, now: Date, budget: TimeInterval = 2,
        requestTimeout: TimeInterval = 10
    ) {
        self.provider = provider
        let defaults = WeatherSettings.defaultURLs(for: provider)
        self.url = url ?? defaults.url
        self.openMeteoURL = openMeteoURL ?? (provider == .openMeteo ? self.url : WeatherSettings.openMeteoForecast)
        self.archiveURL = archiveURL ?? WeatherSettings.openMeteoArchive
        self.geocodingURL = geocodingURL ?? defaults.geocoding
        self.apiKey = apiKey
        self.language = language
        self.now = now
        self.budget = budget
        self.requestTimeout = requestTimeout
    }

    public static let openMeteoForecast = URL(string: "https://api.open-meteo.com/v1/forecast")!
    public static let openMeteoArchive = URL(string: "https://archive-api.open-meteo.com/v1/archive")!
    public static let openMeteoGeocoding = URL(string: "https://geocoding-api.open-meteo.com/v1/search")!
    public static let openWeatherCurrent = URL(string: "https://api.openweathermap.org/data/2.5/weather")!
    public static let openWeatherGeocoding = URL(string: "https://api.openweathermap.org/geo/1.0/direct")!

    public static func defaultURLs(for provider: WeatherProviderName) -> (url: URL, geocoding: URL) {
        switch provider {
        case .openMeteo: (openMeteoForecast, openMeteoGeocoding)
        case .openWeather: (openWeatherCurrent, openWeatherGeocoding)
        }
    }
}

/// Why there is no weather (or no coordinates): each case one line from `Say`.
public enum WeatherFailure: ReaderError, Equatable, Sendable {
    /// A request got no answer in time.
    case timeout(host: String, seconds: TimeInterval)
    /// No connection could be made (no network, DNS, refused).
    case unreachable(host: String, reason: String)
    /// An HTTP error status, with the provider's own reason when it gave one.
    case http(host: String, status: Int, reason: String?)
    /// The provider refused the API key (HTTP 401).
    case badKey(host: String)
    /// OpenWeather without a key.
    case noKey
    /// A reply that is not what the provider documents (empty, not JSON, fields missing).
    case malformed(host: String, detail: String)
    /// Geocoding found nothing by that name.
    case placeNotFound(String)
    /// The provider has no value for that hour and place.
    case noData(host: String, hour: String)
    /// A date beyond the forecast's reach (16 days).
    case tooFarAhead(String)
    /// A date before the archive starts (1940).
    case tooOld(String)
    /// An entry whose location has neither coordinates nor a name to look up.
    case noCoordinates

    public var description: String {
        switch self {
        case .timeout(let host, let seconds): Say.weatherTimeout(host, seconds)
        case .unreachable(let host, let reason): Say.weatherUnreachable(host, Say.inReadersWords(reason, ["unknownHost", "connectionRefused", "connectionLost"]))
        case .http(let host, let status, let reason): Say.weatherHTTP(host, status, reason)
        case .badKey(let host): Say.weatherBadKey(host)
        case .noKey: Say.weatherNoKey
        case .malformed(let host, let detail): Say.weatherMalformed(host, Say.inReadersWords(detail, ["replyEmpty"]))
        case .placeNotFound(let name): Say.placeNotFound(name)
        case .noData(let host, let hour): Say.weatherNoData(host, hour)
        case .tooFarAhead(let day): Say.weatherTooFarAhead(day)
        case .tooOld(let day): Say.weatherTooOld(day)
        case .noCoordinates: Say.weatherNoCoordinates
        }
    }
}
