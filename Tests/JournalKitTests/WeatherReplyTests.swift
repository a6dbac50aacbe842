import Foundation
import TestSupport
import Testing
@testable import JournalKit

/// The provider-neutral conditions and the parsers of each provider's replies, on the documented shapes.
@Suite struct WeatherReplyTests {
    static func data(_ text: String) -> Data { Data(text.utf8) }

    static func utc(_ text: String) -> Date { Timestamp.parse(text, zone: TimeZone(secondsFromGMT: 0)!)!.date }

    // MARK: Conditions

    @Test(arguments: [
        (0, "clear"), (1, "clear"), (2, "partly-cloudy"), (3, "cloudy"), (45, "fog"), (48, "fog"), (51, "drizzle"),
        (55, "drizzle"), (57, "drizzle"), (61, "rain"), (65, "rain"), (67, "rain"), (71, "snow"), (77, "snow"), (80, "rain"),
        (82, "rain"), (85, "snow"), (86, "snow"), (95, "thunderstorm"), (96, "thunderstorm"), (99, "thunderstorm"),
    ])
    func wmoCodes(code: Int, condition: String) {
        #expect(WeatherCondition.wmo(code)?.rawValue == condition)
        #expect(Say.wmoDescription(code) != nil)
    }

    @Test func unknownWMOCodesHaveNoCondition() {
        for code in [4, 10, 50, 100, -1] { #expect(WeatherCondition.wmo(code) == nil) }
    }

    @Test(arguments: [
        (200, "thunderstorm"), (232, "thunderstorm"), (300, "drizzle"), (321, "drizzle"), (500, "rain"), (511, "rain"),
        (531, "rain"), (600, "snow"), (611, "snow"), (622, "snow"), (701, "fog"), (741, "fog"), (771, "fog"),
        (781, "thunderstorm"), (800, "clear"), (801, "partly-cloudy"), (802, "partly-cloudy"), (803, "cloudy"), (804, "cloudy"),
    ])
    func openWeatherIDs(id: Int, condition: String) {
        #expect(WeatherCondition.openWeather(id)?.rawValue == condition)
    }

    @Test func everyConditionHasItsEmoji() {
        let emoji = WeatherCondition.allCases.map(\.emoji)
        #expect(emoji == ["☀️", "🌤️", "☁️", "🌫️", "🌦️", "🌧️", "🌨️", "⛈️"])
        #expect(WeatherCondition.emoji(for: "hail-of-frogs") == "🌡️")
        #expect(WeatherCondition.emoji(for: nil) == "🌡️")
    }

    // MARK: Open-Meteo

    @Test func openMeteoCurrent() throws {
        let weather = try OpenMeteo.parseCurrent(Self.data(ProviderServer.openMeteoCurrent(code: 2, temperature: 12.46, humidity: 61, wind: 10.44)))
        #expect(
            weather
                == Weather(
                    condition: "partly-cloudy", temperatureC: 12.5, provider: "open-meteo", code: "2", description: "partly cloudy",
                    humidity: 61, windKph: 10.4))
    }

    @Test func openMeteoHourlyTakesTheNearestHour() throws {
        let body = Self.data(ProviderServer.openMeteoHourly(start: "2026-11-20", days: 2, code: { $0 < 12 ? 0 : 95 }))
        let morning = try OpenMeteo.parseHourly(body, at: Self.utc("2026-11-20T08:10:00Z"))
        #expect(morning.temperatureC == 9)
        #expect(morning.condition == "clear")
        #expect(morning.humidity == 58)
        #expect(morning.windKph == 4.3)
        let evening = try OpenMeteo.parseHourly(body, at: Self.utc("2026-11-21T18:40:00Z"))
        #expect(evening.temperatureC == 14.5)  // 19:00
        #expect(evening.condition == "thunderstorm")
        // Read at the reply's offset: 17:00 at +09:00 is 08:00 UTC.
        let shifted = Self.data(
            ProviderServer.openMeteoHourly(start: "2026-11-20", days: 1).replacingOccurrences(
                of: "\"utc_offset_seconds\":0", with: "\"utc_offset_seconds\":32400"))
        #expect(try OpenMeteo.parseHourly(shifted, at: Self.utc("2026-11-20T08:00:00Z")).temperatureC == 13.5)
    }

    @Test func openMeteoHourlyOutsideTheReplyOrNullIsNoData() {
        let body = Self.data(ProviderServer.openMeteoHourly(start: "2026-11-20", days: 1))
        #expect(throws: WeatherFailure.noData(host: "open-meteo", hour: "2026-11-23 08:00 UTC")) {
            try OpenMeteo.parseHourly(body, at: Self.utc("2026-11-23T08:00:00Z"))
        }
        let nulls = Self.data(ProviderServer.openMeteoHourly(start: "2026-11-20", days: 1, nulls: true))
        #expect(throws: WeatherFailure.noData(host: "open-meteo", hour: "2026-11-20 08:00 UTC")) {
            try OpenMeteo.parseHourly(nulls, at: Self.utc("2026-11-20T08:00:00Z"))
        }
    }

    @Test func openMeteoUnixTimes() throws {
        let body = Self.data(
            #"{"utc_offset_seconds":0,"hourly":{"time":[1763596800,1763600400],"temperature_2m":[1.5,2.5],"weather_code":[71,73]}}"#)
        let weather = try OpenMeteo.parseHourly(body, at: Date(timeIntervalSince1970: 1_763_600_000))
        #expect(weather.temperatureC == 2.5)
        #expect(weather.condition == "snow")
        #expect(weather.humidity == nil)
        #expect(weather.windKph == nil)
    }

    @Test func openMeteoGeocoding() throws {
        let found = try OpenMeteo.parseGeocoding(Self.data(ProviderServer.openMeteoGeocoding(ProviderServer.places[0])))
        #expect(found == Location(name: "Busan", latitude: 35.10168, longitude: 129.03004))
        #expect(try OpenMeteo.parseGeocoding(Self.data(ProviderServer.openMeteoGeocoding(nil))) == nil)
        #expect(try OpenMeteo.parseGeocoding(Self.data(#"{"results":[]}"#)) == nil)
    }

    @Test(arguments: [
        ("", WeatherFailure.malformed(host: "open-meteo", detail: "empty body")),
        ("  \n", .malformed(host: "open-meteo", detail: "empty body")),
        ("<html>502 Bad Gateway</html>", .malformed(host: "open-meteo", detail: "not JSON")),
        (#"{"latitude":35.1}"#, .malformed(host: "open-meteo", detail: #"no "current""#)),
        (#"{"current":{"time":"2026-11-22T00:15"}}"#, .malformed(host: "open-meteo", detail: "no temperature_2m or weather_code")),
        ("[1,2]", .malformed(host: "open-meteo", detail: "not JSON")),
    ])
    func openMeteoGarbage(body: String, failure: WeatherFailure) {
        #expect(throws: failure) { try OpenMeteo.parseCurrent(Self.data(body)) }
    }

    @Test func openMeteoURLs() {
        let base = URL(string: "http://127.0.0.1:8/v1/forecast?apikey=mirror")!
        let url = OpenMeteo.hourlyURL(base, latitude: 35.101684, longitude: 129.030041, pastDays: 3, forecastDays: 1)
        let items = URLComponents(url: url, resolvingAgainstBaseURL: false)!.queryItems!
        let query = Dictionary(uniqueKeysWithValues: items.map { ($0.name, $0.value ?? "") })
        #expect(query["apikey"] == "mirror")
        #expect(query["latitude"] == "35.1017")
        #expect(query["longitude"] == "129.03")
        #expect(query["past_days"] == "3")
        #expect(query["forecast_days"] == "1")
        #expect(query["timezone"] == "GMT")
        #expect(query["hourly"] == "temperature_2m,relative_humidity_2m,weather_code,wind_speed_10m")
        let archive = OpenMeteo.archiveURL(WeatherSettings.openMeteoArchive, latitude: 1, longitude: -2.5, day: "2025-06-01")
        #expect(archive.absoluteString.hasPrefix("https://archive-api.open-meteo.com/v1/archive?latitude=1&longitude=-2.5&"))
        #expect(archive.absoluteString.contains("start_date=2025-06-01&end_date=2025-06-01"))
        let search = OpenMeteo.geocodingURL(WeatherSettings.openMeteoGeocoding, name: "São Paulo + 1", language: "ko")
        #expect(search.absoluteString.contains("name=S%C3%A3o%20Paulo%20%2B%201"))
        #expect(search.absoluteString.contains("language=ko"))
    }

    // MARK: OpenWeather

    @Test func openWeatherCurrent() throws {
        let weather = try OpenWeather.parseCurrent(Self.data(ProviderServer.openWeatherCurrent(id: 803, description: "튼구름", temperature: 7.84, humidity: 81, wind: 3.6)))
        #expect(
            weather
                == Weather(
                    condition: "cloudy", temperatureC: 7.8, provider: "openweather", code: "803", description: "튼구름", humidity: 81,
                    windKph: 13))
    }

    @Test func openWeatherGarbageAndGeocoding() throws {
        #expect(throws: WeatherFailure.malformed(host: "openweather", detail: #"no "weather" list"#)) {
            try OpenWeather.parseCurrent(Self.data(#"{"main":{"temp":1}}"#))
        }
        #expect(throws: WeatherFailure.malformed(host: "openweather", detail: "no main.temp")) {
            try OpenWeather.parseCurrent(Self.data(#"{"weather":[{"id":800}]}"#))
        }
        let place = ProviderServer.places[0]
        #expect(try OpenWeather.parseGeocoding(Self.data(ProviderServer.openWeatherGeocoding(place)))?.name == "Busan")
        #expect(try OpenWeather.parseGeocoding(Self.data(ProviderServer.openWeatherGeocoding(place)), language: "ko")?.name == "부산")
        #expect(try OpenWeather.parseGeocoding(Self.data("[]")) == nil)
        #expect(throws: WeatherFailure.malformed(host: "openweather", detail: "no list of places")) {
            try OpenWeather.parseGeocoding(Self.data(ProviderServer.openWeatherBadKey))
        }
    }

    @Test func openWeatherLanguages() {
        #expect(OpenWeather.language("ko") == "kr")
        #expect(OpenWeather.language("de") == "de")
        #expect(OpenWeather.language(nil) == "en")
        #expect(OpenWeather.language("zh") == "zh_cn")
    }

    @Test func statusesBecomeFailures() {
        #expect(throws: WeatherFailure.badKey(host: "h")) {
            try Reply.check(HTTPReply(status: 401, body: Self.data(ProviderServer.openWeatherBadKey)), host: "h")
        }
        #expect(throws: WeatherFailure.http(host: "h", status: 400, reason: "Latitude must be in range of -90 to 90°. Given: 91.0.")) {
            try Reply.check(
                HTTPReply(status: 400, body: Self.data(#"{"error":true,"reason":"Latitude must be in range of -90 to 90°. Given: 91.0."}"#)),
                host: "h")
        }
        #expect(throws: WeatherFailure.http(host: "h", status: 500, reason: nil)) {
            try Reply.check(HTTPReply(status: 500, body: Data("oops".utf8)), host: "h")
        }
    }

    // MARK: Which request answers for a date

    @Test func sources() throws {
        let now = Self.utc("2026-11-22T00:15:00Z")
        #expect(try WeatherService.source(for: now, now: now) == .current)
        #expect(try WeatherService.source(for: Self.utc("2026-11-21T23:30:00Z"), now: now) == .current)
        #expect(try WeatherService.source(for: Self.utc("2026-11-21T12:00:00Z"), now: now) == .recent(pastDays: 1, forecastDays: 1))
        #expect(try WeatherService.source(for: Self.utc("2026-09-01T12:00:00Z"), now: now) == .recent(pastDays: 82, forecastDays: 1))
        #expect(try WeatherService.source(for: Self.utc("2025-06-01T03:00:00Z"), now: now) == .archive(day: "2025-06-01"))
        #expect(try WeatherService.source(for: Self.utc("2026-11-24T03:00:00Z"), now: now) == .recent(pastDays: 0, forecastDays: 3))
        #expect(throws: WeatherFailure.tooFarAhead("2027-01-01")) {
            try WeatherService.source(for: Self.utc("2027-01-01T03:00:00Z"), now: now)
        }
        #expect(throws: WeatherFailure.tooOld("1900-01-01")) {
            try WeatherService.source(for: Self.utc("1900-01-01T03:00:00Z"), now: now)
        }
    }
}
