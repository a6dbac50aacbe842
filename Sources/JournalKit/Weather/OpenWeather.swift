import Foundation

/// OpenWeather: current weather (API 2.5, `units=metric`, wind in m/s) and direct geocoding. Its
/// history is a paid product, so other hours than now come from Open-Meteo.
public enum OpenWeather {
    public static let name = "openweather"

    // MARK: Requests

    static func currentURL(_ base: URL, latitude: Double, longitude: Double, key: String, language: String?) -> URL {
        Reply.url(
            base,
            [
                ("lat", Reply.coordinate(latitude)), ("lon", Reply.coordinate(longitude)), ("units", "metric"),
                ("lang", OpenWeather.language(language)), ("appid", key),
            ])
    }

    static func geocodingURL(_ base: URL, name: String, key: String) -> URL {
        Reply.url(base, [("q", name), ("limit", "1"), ("appid", key)])
    }

    /// OpenWeather's language codes differ from ISO 639-1 for a few languages (Korean is `kr`).
    static func language(_ iso: String?) -> String {
        guard let iso = iso?.lowercased(), !iso.isEmpty else { return "en" }
        let special = ["ko": "kr", "cs": "cz", "sq": "al", "uk": "ua", "zh": "zh_cn", "zh-hans": "zh_cn", "zh-hant": "zh_tw"]
        return special[iso] ?? iso
    }

    // MARK: Replies

    /// A current-weather reply: `weather[0]` (id, description), `main` (temp, humidity), `wind.speed`.
    public static func parseCurrent(_ body: Data, host: String = name) throws(WeatherFailure) -> Weather {
        guard let object = try Reply.object(body, host: host) as? [String: Any] else {
            throw .malformed(host: host, detail: Say.replyNotJSON)
        }
        guard let conditions = object["weather"] as? [[String: Any]], let first = conditions.first,
            let id = Reply.integer(first["id"])
        else {
            throw .malformed(host: host, detail: Say.replyMissing("\"weather\" list"))
        }
        guard let main = object["main"] as? [String: Any], let temperature = Reply.number(main["temp"]) else {
            throw .malformed(host: host, detail: Say.replyMissing("main.temp"))
        }
        let wind = (object["wind"] as? [String: Any]).flatMap { Reply.number($0["speed"]) }
        let description = (first["description"] as? String).flatMap { $0.isEmpty ? nil : $0 }
        return Weather(
            condition: WeatherCondition.openWeather(id)?.rawValue, temperatureC: Reply.round(temperature, 1), provider: name,
            code: String(id), description: description, humidity: Reply.number(main["humidity"]).map { Reply.round($0, 0) },
            windKph: wind.map { Reply.round($0 * 3.6, 1) })
    }

    /// The first place of a direct-geocoding reply (a JSON array; empty when nothing matched).
    public static func parseGeocoding(_ body: Data, language: String? = nil, host: String = name) throws(WeatherFailure)
        -> Location?
    {
        guard let list = try Reply.object(body, host: host) as? [Any] else {
            throw .malformed(host: host, detail: Say.replyMissing("list of places"))
        }
        guard let first = list.first else { return nil }
        guard let place = first as? [String: Any], let latitude = Reply.number(place["lat"]),
            let longitude = Reply.number(place["lon"])
        else {
            throw .malformed(host: host, detail: Say.replyMissing("lat and lon"))
        }
        let local = language.flatMap { (place["local_names"] as? [String: Any])?[$0] as? String }
        return Location(name: local ?? place["name"] as? String, latitude: latitude, longitude: longitude)
    }
}
