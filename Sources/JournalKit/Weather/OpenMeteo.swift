import Foundation

/// Open-Meteo: the forecast API (current conditions, and hourly values with `past_days`), the
/// historical archive API, and the geocoding API. Requests in UTC (`timezone=GMT`), wind in km/h.
public enum OpenMeteo {
    public static let name = "open-meteo"
    static let variables = "temperature_2m,relative_humidity_2m,weather_code,wind_speed_10m"
    /// The forecast API's `past_days` reaches 92 days back; older hours come from the archive.
    static let maxPastDays = 92
    /// And its `forecast_days` 16 days ahead.
    static let maxForecastDays = 16

    // MARK: Requests

    static func currentURL(_ base: URL, latitude: Double, longitude: Double) -> URL {
        Reply.url(base, common(latitude, longitude) + [("current", variables)])
    }

    static func hourlyURL(_ base: URL, latitude: Double, longitude: Double, pastDays: Int, forecastDays: Int) -> URL {
        Reply.url(
            base,
            common(latitude, longitude) + [
                ("hourly", variables), ("past_days", String(pastDays)), ("forecast_days", String(forecastDays)),
            ])
    }

    static func archiveURL(_ base: URL, latitude: Double, longitude: Double, day: String) -> URL {
        Reply.url(base, common(latitude, longitude) + [("start_date", day), ("end_date", day), ("hourly", variables)])
    }

    static func geocodingURL(_ base: URL, name: String, language: String?) -> URL {
        Reply.url(base, [("name", name), ("count", "1"), ("language", language ?? "en"), ("format", "json")])
    }

    private static func common(_ latitude: Double, _ longitude: Double) -> [(String, String)] {
        [
            ("latitude", Reply.coordinate(latitude)), ("longitude", Reply.coordinate(longitude)), ("timezone", "GMT"),
            ("wind_speed_unit", "kmh"), ("temperature_unit", "celsius"),
        ]
    }

    // MARK: Replies

    /// The `current` object of a forecast reply.
    public static func parseCurrent(_ body: Data, host: String = name) throws(WeatherFailure) -> Weather {
        guard let object = try Reply.object(body, host: host) as? [String: Any] else {
            throw .malformed(host: host, detail: Say.replyNotJSON)
        }
        guard let current = object["current"] as? [String: Any] else {
            throw .malformed(host: host, detail: Say.replyMissing("\"current\""))
        }
        guard let code = Reply.integer(current["weather_code"] ?? current["weathercode"]),
            let temperature = Reply.number(current["temperature_2m"] ?? current["temperature"])
        else {
            throw .malformed(host: host, detail: Say.replyMissing("temperature_2m or weather_code"))
        }
        return weather(
            code: code, temperature: temperature, humidity: Reply.number(current["relative_humidity_2m"]),
            wind: Reply.number(current["wind_speed_10m"] ?? current["windspeed"]))
    }

    /// The hour nearest `date` in the `hourly` arrays of a forecast or archive reply.
    public static func parseHourly(_ body: Data, at date: Date, host: String = name) throws(WeatherFailure) -> Weather {
        guard let object = try Reply.object(body, host: host) as? [String: Any] else {
            throw .malformed(host: host, detail: Say.replyNotJSON)
        }
        guard let hourly = object["hourly"] as? [String: Any], let times = hourly["time"] as? [Any] else {
            throw .malformed(host: host, detail: Say.replyMissing("\"hourly\""))
        }
        let offset = Reply.integer(object["utc_offset_seconds"]) ?? 0
        var best: (index: Int, distance: TimeInterval)?
        for (index, value) in times.enumerated() {
            guard let time = Reply.time(value, offsetSeconds: offset) else {
                throw .malformed(host: host, detail: Say.replyMissing("readable hourly times"))
            }
            let distance = abs(time.timeIntervalSince(date))
            if best == nil || distance < best!.distance { best = (index, distance) }
        }
        // Hourly values stand for their hour; more than 90 minutes off means the reply does not cover it.
        guard let best, best.distance <= 90 * 60 else { throw .noData(host: host, hour: Reply.hourText(date)) }
        func value(_ key: String) -> Any? {
            guard let array = hourly[key] as? [Any], best.index < array.count else { return nil }
            return array[best.index]
        }
        guard let code = Reply.integer(value("weather_code") ?? value("weathercode")),
            let temperature = Reply.number(value("temperature_2m"))
        else {
            throw .noData(host: host, hour: Reply.hourText(date))
        }
        return weather(
            code: code, temperature: temperature, humidity: Reply.number(value("relative_humidity_2m")),
            wind: Reply.number(value("wind_speed_10m")))
    }

    /// The first of a geocoding reply's `results`; nil when there are none (Open-Meteo then leaves the key out).
    public static func parseGeocoding(_ body: Data, host: String = name) throws(WeatherFailure) -> Location? {
        guard let object = try Reply.object(body, host: host) as? [String: Any] else {
            throw .malformed(host: host, detail: Say.replyNotJSON)
        }
        guard let results = object["results"] else { return nil }
        guard let list = results as? [Any] else { throw .malformed(host: host, detail: Say.replyMissing("\"results\" list")) }
        guard let first = list.first else { return nil }
        guard let place = first as? [String: Any], let latitude = Reply.number(place["latitude"]),
            let longitude = Reply.number(place["longitude"])
        else {
            throw .malformed(host: host, detail: Say.replyMissing("latitude and longitude"))
        }
        return Location(name: place["name"] as? String, latitude: latitude, longitude: longitude)
    }

    static func weather(code: Int, temperature: Double, humidity: Double?, wind: Double?) -> Weather {
        Weather(
            condition: WeatherCondition.wmo(code)?.rawValue, temperatureC: Reply.round(temperature, 1), provider: name,
            code: String(code), description: Say.wmoDescription(code), humidity: humidity.map { Reply.round($0, 0) },
            windKph: wind.map { Reply.round($0, 1) })
    }
}
