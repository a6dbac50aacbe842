import Foundation
import Testing

@testable import JournalKit

/// The entry JSON has one shape, `EntryJSON` through JSONEncoder; `EntryJSONBytes` writes it by hand for
/// `export json` (on every core) and must write the same bytes, for every field and every kind of character.
@Suite struct EntryJSONBytesTests {
    static func decoded(_ text: String, path: String = "entries/2025/03/2025-03-01-abcdef12.md") -> Entry {
        EntryFile.decode(Data(text.utf8), path: path, zone: TimeZone(identifier: "Asia/Seoul") ?? .current) {
            (Timestamp(date: Date(timeIntervalSince1970: 1_700_000_000), offsetSeconds: 0), .modificationTime)
        }
    }

    /// What the export wrote per entry before: JSONEncoder, then indented into the array.
    static func slow(_ entry: Entry, attachments: [String]) throws -> [UInt8] {
        let record = EntryJSON(entry: entry, attachments: attachments)
        return Array(ExportWriter.indented(try EntryJSON.encoded(record), by: "  ").utf8)
    }

    static var entries: [Entry] {
        var all: [Entry] = []
        var controls = "Controls"
        // Not NUL: a file holding one is not text.
        for value in UInt32(1)...0x20 { controls.unicodeScalars.append(Unicode.Scalar(value) ?? " ") }
        controls += "\u{7F}\u{80}\u{85}\u{9F}\u{A0}\u{202A}\u{202E}\u{2066}\u{2069}\u{2028}\u{200F}"
        all.append(decoded("\(controls)\n\nquote \" backslash \\ slash / tab\tend \u{1F600} 한국어 é\r\n"))
        all.append(
            decoded(
                """
                ---
                id: 0a9239cc-9aca-4bbb-bc51-deb7f68b5431
                date: 2025-12-31T10:09:35-03:30
                updated: 2026-01-02T00:00:00+14:00
                category: travel
                tags: [busan, "#food", 한국]
                starred: true
                ---
                # Trip to Busan

                We ate hotteok. #street
                """))
        all.append(decoded("---\ndate: not a date\ntags: [\n---\nBroken header\n"))
        // The body is escaped once and written for both fields: escapes at its edges and at the text's.
        all.append(decoded("\u{202E}Title\u{85}\r\n\r\n\u{2066}body \" starts\u{9F}\r\n\u{1}\r\n\r\n"))
        all.append(decoded("\n\n\tTitle after blank lines\n\n\n\"body\"\n\n"))
        all.append(decoded("Only a title\r\n"))
        all.append(decoded("\u{7F}"))
        all.append(decoded(""))
        var weathered = decoded("Weather\n\nbody")
        for (temperature, humidity, wind) in [(20.0, 55.5, 0.1 + 0.2), (-3.5, 100, 1e-7), (1e22, 0, 123456789.125)] {
            weathered.weather = Weather(
                condition: "rain", temperatureC: temperature, provider: "open-meteo", code: "61",
                description: "Slight \"rain\"", humidity: humidity, windKph: wind)
            weathered.location = Location(name: "서울 <script>", latitude: 37.5767, longitude: -126.966)
            all.append(weathered)
        }
        weathered.weather = Weather(condition: nil, temperatureC: nil)
        weathered.location = Location(name: nil, latitude: nil, longitude: 0)
        weathered.conflictOf = "entries/2025/03/x.md"
        all.append(weathered)
        return all
    }

    @Test func handWrittenJSONIsWhatJSONEncoderWrote() throws {
        #expect(Self.entries.filter { !$0.isText }.isEmpty)
        for entry in Self.entries {
            for attachments in [[], ["attachments/x/photo.jpg", "attachments/x/a \"b\".pdf"]] {
                let fast = try #require(EntryJSONBytes.object(EntryJSON(entry: entry, attachments: attachments), indent: 2))
                let slow = try Self.slow(entry, attachments: attachments)
                #expect(String(decoding: fast, as: UTF8.self) == String(decoding: slow, as: UTF8.self))
            }
        }
    }

    @Test func aNumberJSONCannotHoldIsLeftToJSONEncoder() {
        var entry = Self.decoded("Odd weather")
        entry.weather = Weather(condition: nil, temperatureC: .infinity)
        #expect(EntryJSONBytes.object(EntryJSON(entry: entry, attachments: []), indent: 2) == nil)
        #expect(EntryJSONBytes.render([EntryJSON(entry: entry)]) == nil)
    }

    /// `list --json`, `search --json` and `show --json` (and the web API, which answers as they do): the
    /// array, its emptiness, a search's matched line and an object alone are JSONEncoder's bytes too.
    @Test func listsSearchesAndSingleEntriesAreWhatJSONEncoderWrote() throws {
        let records = Self.entries.enumerated().map { index, entry in
            EntryJSON(entry: entry, match: index % 2 == 0 ? "a \"matched\" line \u{202E} 한국" : nil)
        }
        for list in [[], Array(records.prefix(1)), records] {
            let fast = try #require(EntryJSONBytes.render(list))
            #expect(String(decoding: fast, as: UTF8.self) == (try EntryJSON.encoded(list)))
        }
        for record in records {
            let fast = try #require(EntryJSONBytes.render(record))
            #expect(String(decoding: fast, as: UTF8.self) == (try EntryJSON.encoded(record)))
        }
    }
}
