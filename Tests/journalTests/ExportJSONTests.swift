import Foundation
import JournalKit
import Testing

@testable import journal

/// `export json` writes entries by hand (EntryJSONBytes) and on every core: the bytes must be those
/// JSONEncoder wrote before, for every field and every kind of character.
@Suite struct ExportJSONTests {
    static func decoded(_ text: String, path: String = "entries/2025/03/2025-03-01-abcdef12.md") -> Entry {
        EntryFile.decode(Data(text.utf8), path: path, zone: TimeZone(identifier: "Asia/Seoul") ?? .current) {
            (Timestamp(date: Date(timeIntervalSince1970: 1_700_000_000), offsetSeconds: 0), .modificationTime)
        }
    }

    /// What the export wrote per entry before: JSONEncoder, then indented into the array.
    static func slow(_ entry: Entry, attachments: [String]) throws -> [UInt8] {
        var record = EntryJSON(entry: entry)
        record.attachments = attachments
        return Array(ExportWriter.indented(try EntryJSON.render(record), by: "  ").utf8)
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
                let fast = try #require(EntryJSONBytes.render(entry, attachments: attachments, indent: 2))
                let slow = try Self.slow(entry, attachments: attachments)
                #expect(String(decoding: fast, as: UTF8.self) == String(decoding: slow, as: UTF8.self))
            }
        }
    }

    @Test func aNumberJSONCannotHoldIsLeftToJSONEncoder() {
        var entry = Self.decoded("Odd weather")
        entry.weather = Weather(condition: nil, temperatureC: .infinity)
        #expect(EntryJSONBytes.render(entry, attachments: [], indent: 2) == nil)
    }

    /// Through the binary: more entries than one parallel chunk, in order, with a limit and a filter.
    @Test func exportOfManyEntriesKeepsTheirOrder() throws {
        let box = try Sandbox()
        try box.journal("init")
        let folder = box.journal + "/entries/2024/01"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for n in 0..<1200 {
            let text = "---\ndate: 2024-01-01T00:00:00Z\ntags: [\(n % 3 == 0 ? "three" : "other")]\n---\nEntry \(n)\n"
            let name = String(format: "%@/2024-01-01-%08x.md", folder, n)
            try Data(text.utf8).write(to: URL(fileURLWithPath: name))
        }
        try box.journal("commit")
        let all = try #require(try JSONSerialization.jsonObject(with: Data(box.journal("export", "json").stdout.utf8)) as? [[String: Any]])
        #expect(all.count == 1200)
        let paths = all.compactMap { $0["path"] as? String }
        #expect(paths == paths.sorted(by: >))  // same moment: newest first means by path, descending
        let three = try box.journal("export", "json", "--tag", "three", "-n", "700").stdout
        let picked = try #require(try JSONSerialization.jsonObject(with: Data(three.utf8)) as? [[String: Any]])
        #expect(picked.count == 400)
        #expect(picked.allSatisfy { ($0["tags"] as? [String]) == ["three"] })
        let few = try #require(
            try JSONSerialization.jsonObject(with: Data(box.journal("export", "json", "-n", "3").stdout.utf8)) as? [[String: Any]])
        #expect(few.compactMap { $0["path"] as? String } == Array(paths.prefix(3)))
    }
}
