import Foundation

/// Where weather is wanted: a name to look up, or coordinates (with the name the user gave, if any).
public enum PlaceRequest: Sendable, Equatable {
    case named(String)
    case coordinates(name: String?, latitude: Double, longitude: Double)

    /// What is wrong with a place given by coordinates (one without the other, or off the globe);
    /// nil when nothing is.
    public static func problem(latitude: Double?, longitude: Double?) -> String? {
        guard latitude != nil || longitude != nil else { return nil }
        guard let latitude, let longitude else { return Say.latitudeWithoutLongitude }
        guard Location.isLatitude(latitude) else { return Say.latitudeOutOfRange(latitude) }
        guard Location.isLongitude(longitude) else { return Say.longitudeOutOfRange(longitude) }
        return nil
    }

    /// The location as stored before (or without) geocoding.
    public var location: Location {
        switch self {
        case .named(let name): Location(name: name, latitude: nil, longitude: nil)
        case .coordinates(let name, let latitude, let longitude): Location(name: name, latitude: latitude, longitude: longitude)
        }
    }
}

/// Weather for one place and hour, and whether it came from Open-Meteo standing in for OpenWeather.
public struct WeatherResult: Sendable, Equatable {
    public var weather: Weather
    public var fromFallback: Bool
}

/// Asks the configured provider for places and weather. Stateless but for an optional cache of
/// replies, so that a batch asks once for a place and day that several entries share.
public struct WeatherService: Sendable {
    public let settings: WeatherSettings
    let http: HTTPClient
    let cache: ReplyCache?

    public init(settings: WeatherSettings, http: HTTPClient = HTTPClient(), caching: Bool = false) {
        self.settings = settings
        self.http = http
        cache = caching ? ReplyCache() : nil
    }

    /// The hours a provider can answer for, as seen from `now`.
    enum Source: Equatable {
        /// Conditions now (within an hour of the clock).
        case current
        /// Hourly values from the forecast API: `past_days` back, `forecast_days` ahead.
        case recent(pastDays: Int, forecastDays: Int)
        /// Hourly values of one UTC day from the archive.
        case archive(day: String)
    }

    /// Which request answers for `date`.
    static func source(for date: Date, now: Date) throws(WeatherFailure) -> Source {
        if abs(date.timeIntervalSince(now)) <= 3600 { return .current }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0)!
        let today = calendar.startOfDay(for: now)
        let days = calendar.dateComponents([.day], from: today, to: calendar.startOfDay(for: date)).day ?? 0
        if days >= 0 {
            guard days < OpenMeteo.maxForecastDays else { throw .tooFarAhead(Reply.dayText(date)) }
            return .recent(pastDays: 0, forecastDays: days + 1)
        }
        // The forecast API's past days cover recent hours that the archive only gets days later.
        if -days <= OpenMeteo.maxPastDays - 2 { return .recent(pastDays: -days, forecastDays: 1) }
        guard calendar.component(.year, from: date) >= 1940 else { throw .tooOld(Reply.dayText(date)) }
        return .archive(day: Reply.dayText(date))
    }

    // MARK: Places

    /// The coordinates of a place name, from the provider's geocoding API. A name with a comma
    /// (`Busan, KR`) that matches nothing is tried again by its first part.
    public func geocode(_ name: String, timeout: TimeInterval? = nil) throws(WeatherFailure) -> Location {
        let total = timeout ?? settings.requestTimeout
        let deadline = Date().addingTimeInterval(total)
        if let found = try lookUp(name, deadline: deadline, total: total) { return found }
        if let comma = name.firstIndex(of: ",") {
            let first = name[..<comma].trimmingCharacters(in: .whitespaces)
            if !first.isEmpty, let found = try lookUp(first, deadline: deadline, total: total) { return found }
        }
        throw .placeNotFound(name)
    }

    private func lookUp(_ name: String, deadline: Date, total: TimeInterval) throws(WeatherFailure) -> Location? {
        switch settings.provider {
        case .openMeteo:
            let url = OpenMeteo.geocodingURL(settings.geocodingURL, name: name, language: settings.language)
            return try OpenMeteo.parseGeocoding(try fetch(url, deadline: deadline, total: total), host: HTTPClient.hostName(url))
        case .openWeather:
            guard let key = settings.apiKey, !key.isEmpty else { throw .noKey }
            let url = OpenWeather.geocodingURL(settings.geocodingURL, name: name, key: key)
            return try OpenWeather.parseGeocoding(
                try fetch(url, deadline: deadline, total: total), language: settings.language, host: HTTPClient.hostName(url))
        }
    }

    // MARK: Weather

    /// The weather at a place for the hour of `date`: current conditions when `date` is now, else that
    /// hour from the forecast (recent days) or the archive (older ones).
    public func weather(latitude: Double, longitude: Double, at date: Date, timeout: TimeInterval? = nil) throws(WeatherFailure)
        -> WeatherResult
    {
        let total = timeout ?? settings.requestTimeout
        let deadline = Date().addingTimeInterval(total)
        let source = try WeatherService.source(for: date, now: settings.now)
        if source == .current, settings.provider == .openWeather {
            guard let key = settings.apiKey, !key.isEmpty else { throw .noKey }
            let url = OpenWeather.currentURL(
                settings.url, latitude: latitude, longitude: longitude, key: key, language: settings.language)
            let body = try fetch(url, deadline: deadline, total: total)
            let weather = try OpenWeather.parseCurrent(body, host: HTTPClient.hostName(url))
            return WeatherResult(weather: weather, fromFallback: false)
        }
        let fallback = settings.provider != .openMeteo
        let url: URL
        switch source {
        case .current:
            url = OpenMeteo.currentURL(settings.openMeteoURL, latitude: latitude, longitude: longitude)
            let body = try fetch(url, deadline: deadline, total: total)
            let weather = try OpenMeteo.parseCurrent(body, host: HTTPClient.hostName(url))
            return WeatherResult(weather: weather, fromFallback: fallback)
        case .recent(let pastDays, let forecastDays):
            url = OpenMeteo.hourlyURL(
                settings.openMeteoURL, latitude: latitude, longitude: longitude, pastDays: pastDays, forecastDays: forecastDays)
        case .archive(let day):
            url = OpenMeteo.archiveURL(settings.archiveURL, latitude: latitude, longitude: longitude, day: day)
        }
        let body = try fetch(url, deadline: deadline, total: total)
        let weather = try OpenMeteo.parseHourly(body, at: date, host: HTTPClient.hostName(url))
        return WeatherResult(weather: weather, fromFallback: fallback)
    }

    /// The body of a successful reply, or the failure; successful replies are cached when caching.
    private func fetch(_ url: URL, deadline: Date, total: TimeInterval) throws(WeatherFailure) -> Data {
        if let cached = cache?.reply(for: url) { return cached.body }
        let host = HTTPClient.hostName(url)
        let left = deadline.timeIntervalSinceNow
        guard left > 0 else { throw .timeout(host: host, seconds: total) }
        let reply: HTTPReply
        do {
            reply = try http.get(url, timeout: left)
        } catch .timeout {
            // Say how long the whole lookup was given, not what was left of it.
            throw .timeout(host: host, seconds: total)
        }
        let body = try Reply.check(reply, host: host)
        cache?.store(reply, for: url)
        return body
    }
}

/// Replies already fetched in a batch, by URL.
final class ReplyCache: @unchecked Sendable {
    private let lock = NSLock()
    private var replies: [URL: HTTPReply] = [:]

    func reply(for url: URL) -> HTTPReply? {
        lock.lock()
        defer { lock.unlock() }
        return replies[url]
    }

    func store(_ reply: HTTPReply, for url: URL) {
        lock.lock()
        defer { lock.unlock() }
        replies[url] = reply
    }
}

/// A place and weather lookup for `journal add`, started at once on another thread so that it runs
/// while the user types; the command waits for it only a short while once the text is ready.
public final class WeatherLookup: @unchecked Sendable {
    /// What is known when the command stops waiting.
    public struct Outcome: Sendable, Equatable {
        /// The location to store: with coordinates once geocoded (or given).
        public var location: Location
        public var weather: Weather?
        /// Why there are no coordinates or no weather, when something went wrong.
        public var failure: WeatherFailure?
        /// True when the lookup had not finished in time.
        public var timedOut = false
        /// True when Open-Meteo's history stood in for OpenWeather.
        public var fromFallback = false

        /// Whether geocoding was needed and did not succeed.
        public var lacksCoordinates: Bool { location.latitude == nil || location.longitude == nil }

        /// The one warning for an entry saved without its coordinates or weather (`weather`: whether
        /// weather was asked for; `budget`: the seconds the lookup had), and the note when Open-Meteo's
        /// history stood in for OpenWeather's; nil for each when there is nothing to say.
        public func report(weather: Bool, budget: TimeInterval) -> (warning: String?, note: String?) {
            let note = fromFallback ? Say.historyFromOpenMeteo : nil
            guard let reason = failure?.description ?? (timedOut ? Say.budgetExceeded(budget) : nil) else { return (nil, note) }
            if lacksCoordinates, let name = location.name {
                return (Say.savedWithoutCoordinates(name, reason, weather: weather), note)
            }
            return (weather ? Say.savedWithoutWeather(reason) : nil, note)
        }
    }

    private let lock = NSLock()
    private var state: Outcome
    private var finished = false
    private let done = DispatchSemaphore(value: 0)
    private let place: PlaceRequest
    private let date: Date
    private let wantsWeather: Bool
    private let service: WeatherService

    public init(place: PlaceRequest, at date: Date, weather wantsWeather: Bool, service: WeatherService) {
        self.place = place
        self.date = date
        self.wantsWeather = wantsWeather
        self.service = service
        state = Outcome(location: place.location)
    }

    /// True when there is anything to ask the network.
    public var hasWork: Bool {
        if case .named = place { return true }
        return wantsWeather
    }

    /// Starts the lookup on a background thread.
    public func start() {
        guard hasWork else {
            finish()
            return
        }
        DispatchQueue.global(qos: .userInitiated).async { [self] in run() }
    }

    /// Waits until the lookup is done or `deadline` passes, and returns what is known by then.
    public func outcome(waitingUntil deadline: Date) -> Outcome {
        let seconds = max(0, deadline.timeIntervalSinceNow)
        let finishedInTime = done.wait(timeout: .now() + seconds) == .success
        if finishedInTime { done.signal() }
        lock.lock()
        defer { lock.unlock() }
        var outcome = state
        outcome.timedOut = !finished
        return outcome
    }

    private func run() {
        var location = place.location
        if case .named(let name) = place {
            do {
                let found = try service.geocode(name)
                location.latitude = found.latitude
                location.longitude = found.longitude
                update { $0.location = location }
            } catch {
                update { $0.failure = error }
                finish()
                return
            }
        }
        if wantsWeather, let latitude = location.latitude, let longitude = location.longitude {
            do {
                let result = try service.weather(latitude: latitude, longitude: longitude, at: date)
                update {
                    $0.weather = result.weather
                    $0.fromFallback = result.fromFallback
                }
            } catch {
                update { $0.failure = error }
            }
        }
        finish()
    }

    private func update(_ change: (inout Outcome) -> Void) {
        lock.lock()
        defer { lock.unlock() }
        change(&state)
    }

    private func finish() {
        lock.lock()
        finished = true
        lock.unlock()
        done.signal()
    }
}
