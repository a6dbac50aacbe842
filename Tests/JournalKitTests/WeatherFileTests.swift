import Foundation
import Testing
@testable import JournalKit

/// The `weather:` block in entry files, and the user's config file.
@Suite struct WeatherFileTests {
    static let weather = Weather(
        condition: "rain", temperatureC: 8.5, provider: "open-meteo", code: "61", description: "slight rain", humidity: 80, windKph: 12.2)

    static let block = """
        weather:
          condition: rain
          temperature_c: 8.5
          provider: open-meteo
          code: 61
          description: slight rain
          humidity: 80
          wind_kph: 12.2

        """

    static func text(_ data: Data?) -> String? { data.map { String(decoding: $0, as: UTF8.self) } }

    @Test func newEntriesCarryWeatherBeforeLocation() {
        let data = EntryFile.render(
            .init(
                id: "3f2a9c1e-5b7d-4e0a-9c1d-5a6e2f0c4d11", createdAt: Timestamp.parse("2026-11-21T22:44:55+09:00", zone: .current)!,
                timeZone: "Asia/Seoul", category: nil, tags: [], starred: false, weather: Self.weather,
                location: Location(name: "Busan", latitude: 35.1796, longitude: 129.0756), text: "Trip\n"))
        let text = Self.text(data)!
        #expect(text.contains("time_zone: Asia/Seoul\n" + Self.block + "location:\n  name: Busan\n  latitude: 35.1796\n  longitude: 129.0756\n---\nTrip\n"))
        let entry = EntryFile.decode(data, path: "entries/x.md", zone: .current) { (Timestamp(date: Date(), offsetSeconds: 0), .modificationTime) }
        #expect(entry.weather == Self.weather)
    }

    @Test func blockGoesBeforeLocationAndOnlyAddsLines() {
        let file = "---\nid: 3f2a9c1e-5b7d-4e0a-9c1d-5a6e2f0c4d11\nmood: fine # mine\nlocation:\n  name: Busan\n  latitude: 35.1\n  longitude: 129\n---\nText\n"
        let edited = Self.text(EntryFile.settingBlock("weather", Self.weather.fields, before: "location", in: Data(file.utf8)))
        #expect(edited == "---\nid: 3f2a9c1e-5b7d-4e0a-9c1d-5a6e2f0c4d11\nmood: fine # mine\n" + Self.block + "location:\n  name: Busan\n  latitude: 35.1\n  longitude: 129\n---\nText\n")
        // Without a location, at the end of the header; an existing block is replaced whole.
        let plain = "---\nid: 3f2a9c1e-5b7d-4e0a-9c1d-5a6e2f0c4d11\n---\nText\n"
        let added = EntryFile.settingBlock("weather", Self.weather.fields, before: "location", in: Data(plain.utf8))!
        #expect(Self.text(added) == "---\nid: 3f2a9c1e-5b7d-4e0a-9c1d-5a6e2f0c4d11\n" + Self.block + "---\nText\n")
        var sunny = Self.weather
        sunny.condition = "clear"
        let replaced = EntryFile.settingBlock("weather", sunny.fields, in: added)!
        #expect(Self.text(replaced) == Self.text(added)!.replacingOccurrences(of: "condition: rain", with: "condition: clear"))
        // No header, or a broken one: nothing to edit.
        #expect(EntryFile.settingBlock("weather", Self.weather.fields, in: Data("Just text\n".utf8)) == nil)
    }

    @Test func crlfAndBOMSurvive() {
        let file = "\u{FEFF}---\r\nid: 3f2a9c1e-5b7d-4e0a-9c1d-5a6e2f0c4d11\r\nlocation:\r\n  name: Busan\r\n---\r\nText\r\n"
        let edited = EntryFile.settingBlock("weather", [("condition", "fog")], before: "location", in: Data(file.utf8))!
        #expect(Self.text(edited) == "\u{FEFF}---\r\nid: 3f2a9c1e-5b7d-4e0a-9c1d-5a6e2f0c4d11\r\nweather:\r\n  condition: fog\r\nlocation:\r\n  name: Busan\r\n---\r\nText\r\n")
        let located = EntryFile.appending([("latitude", "35.1"), ("longitude", "129")], toBlock: "location", in: edited)!
        #expect(Self.text(located)!.hasSuffix("location:\r\n  name: Busan\r\n  latitude: 35.1\r\n  longitude: 129\r\n---\r\nText\r\n"))
    }

    @Test func coordinatesJoinTheLocationBlockInItsIndentation() {
        let file = "---\nlocation:\n    name: \"Grandma's\"   # her house\n\ntags: [x]\n---\nText\n"
        let edited = EntryFile.appending([("latitude", "35.1")], toBlock: "location", in: Data(file.utf8))
        #expect(Self.text(edited) == "---\nlocation:\n    name: \"Grandma's\"   # her house\n    latitude: 35.1\n\ntags: [x]\n---\nText\n")
        #expect(EntryFile.appending([("latitude", "1")], toBlock: "location", in: Data("---\nlocation: {name: X}\n---\n".utf8)) == nil)
    }

    // MARK: The user's config

    static let path = "/home/me/.config/journal/config.yml"

    @Test func initialConfigReadsAsTheDefaults() throws {
        let config = try UserConfig.parse(UserConfig.initialText, path: Self.path)
        #expect(config == UserConfig())
        #expect(config.defaultPlace == nil)
        #expect(config.value(of: "weather.provider") == "open-meteo")
        #expect(config.value(of: "units") == "metric")
        #expect(config.value(of: "location.default") == nil)
        #expect(try UserConfig.parse("", path: Self.path) == UserConfig())
    }

    @Test func settingKeepsEverythingElse() throws {
        var text = UserConfig.initialText
        text = try UserConfig.setting("weather.url", to: "http://127.0.0.1:8080/v1/forecast", in: text, path: Self.path)
        #expect(text.contains("\n  url: http://127.0.0.1:8080/v1/forecast\n  # archive_url:"), "the commented line is used")
        text = try UserConfig.setting("location.default", to: "Busan, KR", in: text, path: Self.path)
        text = try UserConfig.setting("location.latitude", to: "35.1", in: text, path: Self.path)
        text = try UserConfig.setting("location.longitude", to: "129.03", in: text, path: Self.path)
        text = try UserConfig.setting("units", to: "imperial", in: text, path: Self.path)
        text = try UserConfig.setting("weather.provider", to: "openweather", in: text, path: Self.path)
        let config = try UserConfig.parse(text, path: Self.path)
        #expect(config.provider == .openWeather)
        #expect(config.units == .imperial)
        #expect(config.defaultPlace == .coordinates(name: "Busan, KR", latitude: 35.1, longitude: 129.03))
        #expect(config.url?.absoluteString == "http://127.0.0.1:8080/v1/forecast")
        // Every comment line is still there.
        for line in UserConfig.initialText.split(separator: "\n") where line.trimmingCharacters(in: .whitespaces).hasPrefix("#") {
            let kept = text.contains(String(line)) || ["url:", "default:", "latitude:", "longitude:"].contains { line.contains("# " + $0) }
            #expect(kept, "\(line)")
        }
        text = try UserConfig.setting("location.latitude", to: nil, in: text, path: Self.path)
        #expect(try UserConfig.parse(text, path: Self.path).defaultPlace == .named("Busan, KR"))
    }

    @Test func settingInAFileWithoutTheSection() throws {
        let text = try UserConfig.setting("location.default", to: "Seoul", in: "units: metric\n", path: Self.path)
        #expect(text == "units: metric\n\nlocation:\n  default: Seoul\n")
        let again = try UserConfig.setting("units", to: "imperial", in: "# just a comment\n", path: Self.path)
        #expect(again == "# just a comment\nunits: imperial\n")
        let empty = try UserConfig.setting("weather.api_key", to: "abc", in: "weather:\nunits: metric\n", path: Self.path)
        #expect(empty == "weather:\n  api_key: abc\nunits: metric\n")
    }

    @Test(arguments: [
        ("weather:\n  provider: darksky\n", 2, "weather.provider 'darksky' is not valid: expected open-meteo or openweather"),
        ("units: kelvin\n", 1, "units 'kelvin' is not valid: expected metric or imperial"),
        ("# c\nlocation:\n  latitude: 123\n", 3, "location.latitude '123' is not valid: expected a latitude from -90 to 90"),
        ("weather:\n  url: ftp://x\n", 2, "weather.url 'ftp://x' is not valid: expected an http:// or https:// URL"),
        ("weather: open-meteo\n", 1, "`weather:` must be a block of `key: value` lines"),
    ])
    func badValuesNameTheirLine(text: String, line: Int, reason: String) {
        #expect(throws: JournalError.badSettings(Self.path, line: line, reason: reason)) { try UserConfig.parse(text, path: Self.path) }
    }

    @Test func malformedYAMLNamesTheLine() {
        do {
            _ = try UserConfig.parse("weather:\n  provider: open-meteo\n  url: [oops\nunits: metric\n", path: Self.path)
            Issue.record("no error")
        } catch {
            guard case .badSettings(let path, let line, _) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(path == Self.path)
            #expect(line == 3)
        }
    }

    @Test func setRefusesBadValuesAndKeys() {
        #expect(throws: JournalError.self) { try UserConfig.setting("units", to: "kelvin", in: "", path: Self.path) }
        #expect(throws: JournalError.self) { try UserConfig.setting("colour", to: "red", in: "", path: Self.path) }
    }
}
