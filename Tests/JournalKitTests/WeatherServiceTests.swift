import Foundation
import TestSupport
import Testing
@testable import JournalKit

/// The service and the lookup against a local server: every request goes to 127.0.0.1.
@Suite struct WeatherServiceTests {
    static let now = Timestamp.parse("2026-11-22T09:15:00+09:00", zone: TimeZone(identifier: "Asia/Seoul")!)!.date

    static func settings(_ server: ProviderServer, provider: WeatherProviderName = .openMeteo, key: String? = nil) -> WeatherSettings {
        switch provider {
        case .openMeteo:
            WeatherSettings(
                provider: .openMeteo, url: URL(string: server.url + "/v1/forecast"), archiveURL: URL(string: server.url + "/v1/archive"),
                geocodingURL: URL(string: server.url + "/v1/search"), language: "ko", now: now, budget: 1, requestTimeout: 1)
        case .openWeather:
            WeatherSettings(
                provider: .openWeather, url: URL(string: server.url + "/data/2.5/weather"),
                openMeteoURL: URL(string: server.url + "/v1/forecast"), archiveURL: URL(string: server.url + "/v1/archive"),
                geocodingURL: URL(string: server.url + "/geo/1.0/direct"), apiKey: key, language: "ko", now: now, budget: 1,
                requestTimeout: 1)
        }
    }

    static func utc(_ text: String) -> Date { Timestamp.parse(text, zone: TimeZone(secondsFromGMT: 0)!)!.date }

    @Test func openMeteoNowRecentAndArchive() throws {
        let server = try ProviderServer()
        let service = WeatherService(settings: Self.settings(server))
        let place = try service.geocode("Busan")
        #expect(place.latitude == 35.10168)
        #expect(server.requests.last?.query["language"] == "ko")
        let now = try service.weather(latitude: 35.1, longitude: 129.0, at: Self.now)
        #expect(now.weather.condition == "cloudy")
        #expect(now.weather.temperatureC == 12.5)
        #expect(!now.fromFallback)
        let yesterday = try service.weather(latitude: 35.1, longitude: 129.0, at: Self.utc("2026-11-21T12:00:00Z"))
        #expect(yesterday.weather.temperatureC == 11)
        #expect(yesterday.weather.condition == "rain")
        #expect(server.requests.last?.path == "/v1/forecast")
        #expect(server.requests.last?.query["past_days"] == "1")
        let old = try service.weather(latitude: 35.1, longitude: 129.0, at: Self.utc("2025-06-01T03:00:00Z"))
        #expect(old.weather.temperatureC == 6.5)
        #expect(server.requests.last?.path == "/v1/archive")
        #expect(server.requests.last?.query["start_date"] == "2025-06-01")
    }

    @Test func unknownPlaceTriesTheNameBeforeTheComma() throws {
        let server = try ProviderServer()
        let service = WeatherService(settings: Self.settings(server))
        #expect(try service.geocode("Seoul, KR").latitude == 37.566)
        #expect(server.requests.map { $0.query["name"] } == ["Seoul, KR", "Seoul"])
        #expect(throws: WeatherFailure.placeNotFound("Atlantis")) { try service.geocode("Atlantis") }
    }

    @Test func openWeatherNowAndOpenMeteoForThePast() throws {
        let server = try ProviderServer()
        let service = WeatherService(settings: Self.settings(server, provider: .openWeather, key: ProviderServer.goodKey))
        let place = try service.geocode("Busan")
        #expect(place.name == "부산")
        let now = try service.weather(latitude: 35.1, longitude: 129.0, at: Self.now)
        #expect(now.weather == Weather(condition: "clear", temperatureC: 12.5, provider: "openweather", code: "800", description: "맑음", humidity: 60, windKph: 13))
        #expect(server.requests.last?.query["lang"] == "kr")
        #expect(server.requests.last?.query["units"] == "metric")
        let past = try service.weather(latitude: 35.1, longitude: 129.0, at: Self.utc("2026-11-21T12:00:00Z"))
        #expect(past.fromFallback)
        #expect(past.weather.provider == "open-meteo")
        #expect(server.requests.last?.query["appid"] == nil, "the key goes to OpenWeather only")
    }

    @Test func openWeatherKeyProblems() throws {
        let server = try ProviderServer()
        let bad = WeatherService(settings: Self.settings(server, provider: .openWeather, key: "wrong"))
        #expect(throws: WeatherFailure.badKey(host: "127.0.0.1:\(server.port)")) {
            try bad.weather(latitude: 35.1, longitude: 129.0, at: Self.now)
        }
        let none = WeatherService(settings: Self.settings(server, provider: .openWeather, key: nil))
        #expect(throws: WeatherFailure.noKey) { try none.geocode("Busan") }
        #expect(server.requests.count == 1, "no request without a key")
    }

    @Test func failuresOfTheServer() throws {
        let server = try ProviderServer { _ in .json(#"{"error":true,"reason":"Internal error"}"#, status: 500) }
        let service = WeatherService(settings: Self.settings(server))
        let host = "127.0.0.1:\(server.port)"
        #expect(throws: WeatherFailure.http(host: host, status: 500, reason: "Internal error")) {
            try service.weather(latitude: 1, longitude: 2, at: Self.now)
        }
        server.handler = { _ in .text("garbage, not JSON") }
        #expect(throws: WeatherFailure.malformed(host: host, detail: "not JSON")) { try service.weather(latitude: 1, longitude: 2, at: Self.now) }
        server.handler = { _ in .text("") }
        #expect(throws: WeatherFailure.malformed(host: host, detail: "empty body")) { try service.geocode("Busan") }
    }

    /// The server answers after a minute; the request gives up at its own timeout, long before
    /// (checked against the server's delay, not a tight bound, so a loaded machine passes too).
    @Test func slowRepliesTimeOutOnTime() throws {
        let server = try ProviderServer { _ in .json(ProviderServer.openMeteoCurrent(), delay: 60) }
        let service = WeatherService(settings: Self.settings(server))
        let start = Date()
        #expect(throws: WeatherFailure.timeout(host: "127.0.0.1:\(server.port)", seconds: 0.5)) {
            try service.weather(latitude: 1, longitude: 2, at: Self.now, timeout: 0.5)
        }
        #expect(Date().timeIntervalSince(start) < 30)
    }

    @Test func nobodyListening() throws {
        let server = try ProviderServer()
        let settings = Self.settings(server)
        server.stop()
        let service = WeatherService(settings: settings)
        #expect(throws: WeatherFailure.unreachable(host: "127.0.0.1:\(server.port)", reason: "connection refused")) {
            try service.weather(latitude: 1, longitude: 2, at: Self.now)
        }
    }

    @Test func cachedBatchesAskOnce() throws {
        let server = try ProviderServer()
        let service = WeatherService(settings: Self.settings(server), caching: true)
        for hour in [8, 9, 10] {
            _ = try service.weather(latitude: 35.1, longitude: 129.0, at: Self.utc(String(format: "2026-11-20T%02d:00:00Z", hour)))
        }
        #expect(server.requests.count == 1)
    }

    @Test func lookupGeocodesThenFetchesAndReportsWhatItHasAtTheDeadline() throws {
        let server = try ProviderServer()
        let service = WeatherService(settings: Self.settings(server))
        let lookup = WeatherLookup(place: .named("Busan"), at: Self.now, weather: true, service: service)
        lookup.start()
        let outcome = lookup.outcome(waitingUntil: Date().addingTimeInterval(3))
        #expect(outcome.location == Location(name: "Busan", latitude: 35.10168, longitude: 129.03004))
        #expect(outcome.weather?.condition == "cloudy")
        #expect(!outcome.timedOut)
        #expect(outcome.failure == nil)

        // The weather request hangs (a minute): the place is known, the weather is not, and the wait
        // ends at its deadline, not when the server answers.
        server.handler = { request in
            request.path == "/v1/search" ? .json(ProviderServer.openMeteoGeocoding(ProviderServer.places[1])) : .json("{}", delay: 60)
        }
        let slow = WeatherLookup(place: .named("Seoul"), at: Self.now, weather: true, service: service)
        let asked = server.requests.count
        slow.start()
        // Once the weather has been asked for, the place is known (geocoding comes first): wait for
        // that event, however loaded the machine, then give the lookup a short deadline.
        let patience = Date().addingTimeInterval(60)
        while !server.requests.dropFirst(asked).contains(where: { $0.path != "/v1/search" }) {
            guard Date() < patience else {
                Issue.record("the lookup never asked for the weather")
                return
            }
            usleep(10_000)
        }
        let start = Date()
        let partial = slow.outcome(waitingUntil: Date().addingTimeInterval(0.2))
        #expect(Date().timeIntervalSince(start) < 30)
        #expect(partial.timedOut)
        #expect(partial.location.latitude == 37.566)
        #expect(partial.weather == nil)

        // Coordinates without weather: nothing to ask.
        let quiet = WeatherLookup(place: .coordinates(name: nil, latitude: 1, longitude: 2), at: Self.now, weather: false, service: service)
        #expect(!quiet.hasWork)
        quiet.start()
        #expect(quiet.outcome(waitingUntil: Date()).location == Location(name: nil, latitude: 1, longitude: 2))
    }

    /// The one check of a place given by coordinates, for `add --lat/--lon` and the settings alike.
    @Test func coordinatesOnTheGlobe() {
        #expect(PlaceRequest.problem(latitude: nil, longitude: nil) == nil)
        #expect(PlaceRequest.problem(latitude: -33.87, longitude: 151.21) == nil)
        #expect(PlaceRequest.problem(latitude: 90, longitude: -180) == nil)
        #expect(PlaceRequest.problem(latitude: 37.5, longitude: nil) == Say.latitudeWithoutLongitude)
        #expect(PlaceRequest.problem(latitude: nil, longitude: 127) == Say.latitudeWithoutLongitude)
        #expect(PlaceRequest.problem(latitude: 91, longitude: 0) == Say.latitudeOutOfRange(91))
        #expect(PlaceRequest.problem(latitude: .nan, longitude: 0) == Say.latitudeOutOfRange(.nan))
        #expect(PlaceRequest.problem(latitude: 0, longitude: 180.5) == Say.longitudeOutOfRange(180.5))
        #expect(!Location.isLongitude(.infinity) && Location.isLatitude(-90))
    }
}
