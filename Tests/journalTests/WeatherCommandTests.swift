import Foundation
import TestSupport
import Testing

/// `journal add` with places and weather, `journal weather`, and the failure modes: every request
/// goes to a ProviderServer on 127.0.0.1.
@Suite struct WeatherCommandTests {
    /// A journal whose weather and geocoding point at `server` (Open-Meteo unless told otherwise).
    static func sandbox(_ server: ProviderServer) throws -> Sandbox {
        let box = try Sandbox()
        box.environment["JOURNAL_WEATHER_URL"] = server.url + "/v1/forecast"
        box.environment["JOURNAL_WEATHER_ARCHIVE_URL"] = server.url + "/v1/archive"
        box.environment["JOURNAL_GEOCODING_URL"] = server.url + "/v1/search"
        box.environment["JOURNAL_OPEN_METEO_URL"] = server.url + "/v1/forecast"
        try box.journal("init")
        return box
    }

    /// The same, with OpenWeather as the provider (config file) and its key in the environment.
    static func openWeatherSandbox(_ server: ProviderServer, key: String = ProviderServer.goodKey) throws -> Sandbox {
        let box = try sandbox(server)
        box.environment["JOURNAL_WEATHER_URL"] = server.url + "/data/2.5/weather"
        box.environment["JOURNAL_GEOCODING_URL"] = server.url + "/geo/1.0/direct"
        box.environment["OPENWEATHER_API_KEY"] = key
        let set = try box.journal("config", "set", "weather.provider", "openweather")
        #expect(set.status == 0, "\(set.stderr)")
        return box
    }

    static let busanWeather = """
        weather:
          condition: cloudy
          temperature_c: 12.5
          provider: open-meteo
          code: 3
          description: overcast
          humidity: 60
          wind_kph: 10.4
        location:
          name: Busan
          latitude: 35.10168
          longitude: 129.03004
        ---

        """

    static func commitCount(_ box: Sandbox) throws -> Int { try box.commitSubjects().count }

    // MARK: Adding

    @Test func locationIsGeocodedAndTheWeatherStored() throws {
        let server = try ProviderServer()
        let box = try Self.sandbox(server)
        let result = try box.journal("add", "--location", "Busan", "Sea at Haeundae")
        #expect(result.status == 0)
        #expect(result.stderr == "")
        let text = try box.onlyEntry()
        #expect(text.hasSuffix("time_zone: Asia/Seoul\n" + Self.busanWeather + "Sea at Haeundae\n"), "\(text)")
        #expect(server.requests.map(\.path) == ["/v1/search", "/v1/forecast"])
        #expect(server.requests[1].query["current"] != nil)
        #expect(server.requests[1].query["latitude"] == "35.1017")
        let id = String(result.stdout.split(separator: " ")[1])
        let list = try box.journal("list", "--color", "never")
        #expect(list.stdout.contains("  \(id)  ☁️ 13°C  Sea at Haeundae\n"), "\(list.stdout)")
        let show = try box.journal("show", id, "--color", "never", env: ["COLUMNS": "120"])
        #expect(show.stdout.contains("\n☁️ cloudy (overcast) 12.5°C, humidity 60%, wind 10.4 km/h · Busan (35.10168, 129.03004)\n"), "\(show.stdout)")
        // At 80 columns the place goes on a line of its own.
        let narrow = try box.journal("show", id, "--color", "never")
        #expect(narrow.stdout.contains("\n☁️ cloudy (overcast) 12.5°C, humidity 60%, wind 10.4 km/h\nBusan (35.10168, 129.03004)\n"), "\(narrow.stdout)")
        let json = try box.journal("show", id, "--json")
        #expect(json.stdout.contains("\"temperature_c\" : 12.5"))
        try box.expectCleanRepository()
    }

    @Test func coordinatesNeedNoGeocoding() throws {
        let server = try ProviderServer()
        let box = try Self.sandbox(server)
        #expect(try box.journal("add", "--lat", "35.18", "--lon", "129.08", "Pier").stderr == "")
        #expect(try box.onlyEntry().contains("  wind_kph: 10.4\nlocation:\n  latitude: 35.18\n  longitude: 129.08\n---\n"))
        #expect(server.requests.map(\.path) == ["/v1/forecast"])
        let named = try box.journal("add", "--lat", "35.18", "--lon", "129.08", "--location", "The pier", "--no-weather", "Again")
        #expect(named.stderr == "")
        #expect(server.requests.count == 1, "a name with coordinates is not looked up, and --no-weather asks nothing")
        let file = try #require(box.entryFiles().compactMap(box.read).first { $0.contains("Again") })
        #expect(file.contains("tags") == false)
        #expect(file.contains("---\nid: ") && file.contains("location:\n  name: The pier\n  latitude: 35.18\n  longitude: 129.08\n---\nAgain\n"))
        #expect(!file.contains("weather:"))
    }

    @Test func defaultLocationFromTheConfigAndTheWaysOut() throws {
        let server = try ProviderServer()
        let box = try Self.sandbox(server)
        // No location given or configured: nothing is sent anywhere.
        #expect(try box.journal("add", "Nowhere").stderr == "")
        #expect(server.requests.isEmpty)
        let set = try box.journal("config", "set", "location.default", "Busan")
        #expect(set.stdout == "location.default = Busan (35.10168, 129.03004)\n")
        #expect(server.requests.count == 1)
        let config = try String(contentsOfFile: box.home + "/.config/journal/config.yml", encoding: .utf8)
        #expect(config.contains("\n  default: Busan\n  latitude: 35.10168\n  longitude: 129.03004\n"))
        #expect(try box.journal("add", "Home").stderr == "")
        #expect(server.requests.map(\.path) == ["/v1/search", "/v1/forecast"], "the configured coordinates are used as they are")
        let home = try #require(box.entryFiles().compactMap(box.read).first { $0.hasSuffix("Home\n") })
        #expect(home.hasSuffix(Self.busanWeather + "Home\n"))
        #expect(try box.journal("add", "--no-location", "Secret place").stderr == "")
        #expect(try box.journal("add", "--no-weather", "Just the place").stderr == "")
        #expect(server.requests.count == 2)
        let files = box.entryFiles().compactMap(box.read)
        let secret = try #require(files.first { $0.hasSuffix("Secret place\n") })
        #expect(!secret.contains("location:") && !secret.contains("weather:"))
        let place = try #require(files.first { $0.hasSuffix("Just the place\n") })
        #expect(place.contains("location:\n  name: Busan\n") && !place.contains("weather:"))
    }

    @Test func pastEntriesGetTheWeatherOfTheirHour() throws {
        let server = try ProviderServer()
        let box = try Self.sandbox(server)
        // 21:00 in Seoul is 12:00 UTC: 5 + 12/2 = 11.0 in the fake hourly series, code 61 (rain).
        let recent = try box.journal("add", "--date", "yesterday 21:00", "--lat", "35.1", "--lon", "129", "Rainy evening")
        #expect(recent.stderr == "")
        #expect(server.requests.last?.query["past_days"] == "1")
        // 2025-06-01 (noon in Seoul, 03:00 UTC) is too old for past_days: the archive.
        let old = try box.journal("add", "--date", "2025-06-01", "--lat", "35.1", "--lon", "129", "Last June")
        #expect(old.stderr == "")
        #expect(server.requests.last?.path == "/v1/archive")
        #expect(server.requests.last?.query["start_date"] == "2025-06-01")
        let files = box.entryFiles().compactMap(box.read)
        let evening = try #require(files.first { $0.hasSuffix("Rainy evening\n") })
        #expect(evening.contains("weather:\n  condition: rain\n  temperature_c: 11\n  provider: open-meteo\n  code: 61\n  description: slight rain\n  humidity: 62\n  wind_kph: 4.7\n"))
        let june = try #require(files.first { $0.hasSuffix("Last June\n") })
        #expect(june.contains("  temperature_c: 6.5\n"))
    }

    @Test func openWeatherNowAndOpenMeteoForThePast() throws {
        let server = try ProviderServer()
        let box = try Self.openWeatherSandbox(server)
        let now = try box.journal("add", "--location", "Busan", "Clear day", env: ["LANG": "ko_KR.UTF-8"])
        #expect(now.stderr == "")
        let text = try box.onlyEntry()
        #expect(text.contains("weather:\n  condition: clear\n  temperature_c: 12.5\n  provider: openweather\n  code: 800\n  description: 맑음\n  humidity: 60\n  wind_kph: 13\nlocation:\n  name: Busan\n  latitude: 35.10168\n"))
        #expect(server.requests.map(\.path) == ["/geo/1.0/direct", "/data/2.5/weather"])
        #expect(server.requests.last?.query["lang"] == "kr")
        let past = try box.journal("add", "--location", "Busan", "--date", "yesterday 21:00", "Yesterday")
        #expect(past.status == 0)
        #expect(past.stderr == "weather for that hour comes from Open-Meteo's history (OpenWeather's is a paid product)\n")
        #expect(server.requests.last?.path == "/v1/forecast")
        let yesterday = try #require(box.entryFiles().compactMap(box.read).first { $0.hasSuffix("Yesterday\n") })
        #expect(yesterday.contains("  provider: open-meteo\n"))
        // The key is nowhere in the journal: not in a file, not in a commit.
        let everything = try box.git("log", "-p", "--all")
        #expect(!everything.contains(ProviderServer.goodKey))
        let files = FileManager.default.enumerator(atPath: box.journal)!.allObjects as! [String]
        for file in files where !file.hasPrefix(".git/") {
            #expect(!(box.read(file) ?? "").contains(ProviderServer.goodKey), "\(file)")
        }
    }

    @Test func theWeatherIsFetchedWhileTheEditorIsOpen() throws {
        // The provider answers only once the editor has finished, and the editor finishes only once the
        // provider has been asked: the lookup must run while the editor is open, or the entry has no weather.
        let markers = FileManager.default.temporaryDirectory.appendingPathComponent("weather-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: markers, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: markers) }
        let server = try ProviderServer { request in
            _ = FileManager.default.createFile(atPath: markers + "/asked", contents: nil)
            _ = GitServers.poll(timeout: 60) { FileManager.default.fileExists(atPath: markers + "/edited") }
            return ProviderServer.providers()(request)
        }
        let box = try Self.sandbox(server)
        let editor = try box.script(
            "slow-editor.sh",
            "i=0; while [ ! -e '\(markers)/asked' ] && [ $i -lt 1500 ]; do sleep 0.02; i=$((i+1)); done\necho 'Written slowly' >> \"$1\"\ntouch '\(markers)/edited'\n")
        let result = try box.runInTerminal(["add", "--lat", "35.1", "--lon", "129"], env: ["EDITOR": editor])
        #expect(result.status == 0, "\(result.stdout)")
        #expect(!result.stdout.contains("warning"), "\(result.stdout)")
        #expect(try box.onlyEntry().contains("weather:\n  condition: cloudy\n"))
    }

    // MARK: Failing soft

    enum Failure: String, CaseIterable, Sendable {
        case serverError, badKey, slow, garbage, empty, unreachable, unknownPlace, nullValues
    }

    @Test(arguments: Failure.allCases)
    func everyFailureSavesTheEntryWarnsOnceAndBackfillCompletesIt(failure: Failure) throws {
        let server = try ProviderServer()
        let box = failure == .badKey ? try Self.openWeatherSandbox(server, key: "wrong-key") : try Self.sandbox(server)
        var extra: [String: String] = [:]
        let working = server.handler
        switch failure {
        case .serverError: server.handler = { _ in .json(#"{"error":true,"reason":"Internal error"}"#, status: 500) }
        case .badKey: break
        case .slow: server.handler = { request in
            var response = working(request)
            response.delay = 6
            return response
        }
        case .garbage: server.handler = { _ in .text("<html><body>Bad Gateway</body></html>") }
        case .empty: server.handler = { _ in .text("") }
        case .unreachable:
            for variable in ["JOURNAL_WEATHER_URL", "JOURNAL_GEOCODING_URL"] { extra[variable] = "http://127.0.0.1:9/v1/forecast" }
        case .unknownPlace: server.handler = { request in request.path == "/v1/search" ? .json(ProviderServer.openMeteoGeocoding(nil)) : working(request) }
        case .nullValues: server.handler = { request in
            request.path == "/v1/forecast" && request.query["current"] != nil
                ? .json(#"{"utc_offset_seconds":0,"current":{"time":"2026-11-22T00:15","temperature_2m":null,"weather_code":null}}"#)
                : working(request)
        }
        }
        let before = try Self.commitCount(box)
        // The slow provider would answer after 6 s: the entry saved without weather, and the message, show that
        // the add gave up waiting (no wall-clock assertion: the machine may be loaded).
        let result = try box.run(["add", "--location", "Busan", "Written anyway"], env: extra)
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("Added "))
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1, "one warning line: \(result.stderr)")
        #expect(result.stderr.hasPrefix("journal: warning: saved "), "\(result.stderr)")
        #expect(result.stderr.contains("journal weather --missing"))
        let expected: String
        switch failure {
        case .serverError: expected = "answered HTTP 500: Internal error"
        case .badKey: expected = "refused the API key (HTTP 401)"
        case .slow: expected = "the weather service did not answer within 2 s"
        case .garbage: expected = "sent a reply I cannot read (not JSON)"
        case .empty: expected = "sent a reply I cannot read (empty body)"
        case .unreachable: expected = "cannot reach 127.0.0.1:9 (connection refused)"
        case .unknownPlace: expected = "no place called 'Busan' was found"
        case .nullValues: expected = "sent a reply I cannot read (no temperature_2m or weather_code)"
        }
        #expect(result.stderr.contains(expected), "\(result.stderr)")
        let saved = try box.onlyEntry()
        #expect(!saved.contains("weather:"))
        #expect(saved.hasSuffix("location:\n  name: Busan\n" + (saved.contains("latitude") ? "  latitude: 35.10168\n  longitude: 129.03004\n" : "") + "---\nWritten anyway\n"))
        #expect(try Self.commitCount(box) == before + 1)

        // Later, with the network back, the backfill completes it: weather (and coordinates) only.
        server.handler = working
        if failure == .badKey { box.environment["OPENWEATHER_API_KEY"] = ProviderServer.goodKey }
        let fill = try box.journal("weather", "--missing")
        #expect(fill.status == 0, "\(fill.stderr)")
        let id = String(result.stdout.split(separator: " ")[1])
        let provider = failure == .badKey ? "☀️ clear" : "☁️ cloudy"
        #expect(fill.stdout == "\(id) 2026-11-22 \"Written anyway\": \(provider) 12.5°C\n", "\(fill.stdout)")
        #expect(try Self.commitCount(box) == before + 2)
        #expect(try box.commitSubjects().first == "Add weather to \"Written anyway\" (\(id))")
        let diff = try box.git("diff", "-U0", "HEAD~1", "HEAD", "--", ".")
        let changed = diff.split(separator: "\n").filter { ($0.hasPrefix("+") || $0.hasPrefix("-")) && !$0.hasPrefix("+++") && !$0.hasPrefix("---") }
        #expect(changed.allSatisfy { $0.hasPrefix("+") }, "only lines added: \(diff)")
        #expect(changed.first == "+weather:")
        let completed = try box.onlyEntry()
        #expect(completed.hasSuffix("location:\n  name: Busan\n  latitude: 35.10168\n  longitude: 129.03004\n---\nWritten anyway\n"))
        try box.expectCleanRepository()
    }

    @Test func backfillIsOneCommitForTheBatchAndLeavesOthersAlone() throws {
        let server = try ProviderServer()
        let box = try Self.sandbox(server)
        server.handler = { _ in .json("{}", status: 503) }
        for (date, title) in [("2026-11-20 08:00", "First"), ("yesterday 21:00", "Second"), ("2025-06-01", "Third")] {
            #expect(try box.journal("add", "--lat", "35.1", "--lon", "129", "--date", date, title).status == 0)
        }
        try box.journal("add", "No place at all")
        // A hand-written weather line is the user's: never replaced.
        let own = try box.add("--lat", "1", "--lon", "2", "--no-weather", "Mine")
        let ownPath = try #require(box.entryFiles().first { $0.contains(own) })
        let ownText = try #require(box.read(ownPath))
        try box.write(ownPath, ownText.replacingOccurrences(of: "location:", with: "weather: sunny and warm\nlocation:"))
        try box.journal("commit")
        let before = try Self.commitCount(box)
        server.handler = ProviderServer.providers()
        let fill = try box.journal("weather", "--missing")
        #expect(fill.status == 0, "\(fill.stderr)")
        let lines = fill.stdout.split(separator: "\n")
        #expect(lines.count == 3, "\(fill.stdout)")
        #expect(lines[0].contains("\"Third\": 🌧️ rain 6.5°C"))
        #expect(lines[1].contains("2026-11-20 \"First\": 🌧️ rain"))
        #expect(lines[2].contains("\"Second\": 🌧️ rain 11°C"))
        #expect(try Self.commitCount(box) == before + 1)
        let message = try box.git("log", "-1", "--format=%B")
        #expect(message.hasPrefix("Add weather to 3 entries\n\n"))
        #expect(message.split(separator: "\n").count == 4)
        #expect(box.read(ownPath) == ownText.replacingOccurrences(of: "location:", with: "weather: sunny and warm\nlocation:"))
        // Nothing left to do.
        let again = try box.journal("weather", "--missing")
        #expect(again.stdout == "Every entry with a location has its weather.\n")
        #expect(try Self.commitCount(box) == before + 1)
        try box.expectCleanRepository()
    }

    @Test func partialBackfillCommitsWhatItGotAndSaysWhatFailed() throws {
        let server = try ProviderServer()
        let box = try Self.sandbox(server)
        server.handler = { _ in .json("{}", status: 503) }
        let good = try box.add("--lat", "35.1", "--lon", "129", "Good")
        let bad = try box.add("--location", "Atlantis", "Bad")
        server.handler = ProviderServer.providers()
        let fill = try box.journal("weather", "--missing")
        #expect(fill.status == 0, "a place that cannot be found is skipped (CLIDefectTests)")
        #expect(fill.stdout.hasPrefix("\(good) 2026-11-22 \"Good\": ☁️ cloudy 12.5°C\n"))
        #expect(fill.stderr == "journal: warning: \(bad): no weather: no place called 'Atlantis' was found\n")
        #expect(try box.commitSubjects().first == "Add weather to \"Good\" (\(good))")
    }

    @Test func weatherForOneEntry() throws {
        let server = try ProviderServer()
        let box = try Self.sandbox(server)
        let plain = try box.add("No place")
        let refused = try box.journal("weather", plain)
        #expect(refused.status == 1)
        #expect(refused.stderr == "journal: \(plain) has no location, so there is no weather to look up (`journal add --location` sets one)\n")
        let placed = try box.add("--lat", "35.1", "--lon", "129", "Placed")
        let before = try Self.commitCount(box)
        let same = try box.journal("weather", placed)
        #expect(same.stdout == "\(placed): the weather is already that: no changes.\n")
        #expect(try Self.commitCount(box) == before)
        server.handler = ProviderServer.providers(code: 95)
        let changed = try box.journal("weather", placed)
        #expect(changed.stdout == "\(placed) 2026-11-22 \"Placed\": ⛈️ thunderstorm 12.5°C\n")
        let diff = try box.git("diff", "-U0", "HEAD~1", "HEAD", "--", ".")
        let lines = diff.split(separator: "\n").filter { ($0.hasPrefix("+") || $0.hasPrefix("-")) && !$0.hasPrefix("+++") && !$0.hasPrefix("---") }
        #expect(lines == ["-  condition: cloudy", "+  condition: thunderstorm", "-  code: 3", "-  description: overcast", "+  code: 95", "+  description: thunderstorm"])
        server.handler = { _ in .json("{}", status: 500) }
        let failed = try box.journal("weather", placed)
        #expect(failed.status == 1)
        #expect(failed.stderr.contains("\(placed): no weather: 127.0.0.1:\(server.port) answered HTTP 500"))
        #expect(try box.journal("weather").status == 64)
        #expect(try box.journal("weather", placed, "--missing").status == 64)
    }

    @Test func badLocationFlagsAreUsageErrors() throws {
        let server = try ProviderServer()
        let box = try Self.sandbox(server)
        for arguments in [["--lat", "35"], ["--lat", "91", "--lon", "0"], ["--lat", "0", "--lon", "-181"], ["--no-location", "--location", "X"]] {
            let result = try box.run(["add"] + arguments + ["text"])
            #expect(result.status == 64, "\(arguments)")
        }
        #expect(box.entryFiles().isEmpty)
        #expect(server.requests.isEmpty)
    }

    @Test func imperialUnitsForDisplay() throws {
        let server = try ProviderServer()
        let box = try Self.sandbox(server)
        let id = try box.add("--lat", "35.1", "--lon", "129", "Warm enough")
        #expect(try box.journal("config", "set", "units", "imperial").status == 0)
        #expect(try box.journal("list", "--color", "never").stdout.contains("☁️ 55°F  Warm enough"))
        #expect(try box.journal("show", id, "--color", "never").stdout.contains("☁️ cloudy (overcast) 54.5°F, humidity 60%, wind 6.5 mph"))
        #expect(try box.onlyEntry().contains("temperature_c: 12.5\n"), "files keep °C")
    }
}
