import Foundation
import Testing

/// Day One → journal → Day One gives back every field (issue 32, section 1): tag names with spaces and
/// punctuation, Day One's Markdown escapes, an unknown time zone, and the metadata the journal has no
/// field for (device, place details, weather details, photo details, modification date, rich text).
@Suite struct DayOneFidelityTests {
    static let photoBytes = "JPEG bytes"
    static let photoMD5 = "0f343b0931126a20f133d67c2b018a3b"  // md5 of photoBytes

    /// An export in the shape Day One's JSON export documents, with most of the fields it writes.
    static let journalJSON = #"""
        {
          "metadata": {"version": "1.0"},
          "entries": [
            {
              "uuid": "4B3F1E2D5C6A7B8C9D0E1F2A3B4C5D6E",
              "creationDate": "2023-05-01T01:20:30Z",
              "modifiedDate": "2023-05-01T02:00:00Z",
              "creationDevice": "Minji’s iPhone",
              "creationDeviceType": "iPhone",
              "creationDeviceModel": "iPhone15,2",
              "creationOSName": "iOS",
              "creationOSVersion": "17.1",
              "editingTime": 312.5,
              "duration": 0,
              "isAllDay": false,
              "isPinned": false,
              "timeZone": "Asia/Seoul",
              "starred": true,
              "tags": ["new york", "Food & Drink", "x]y", "Food, Drink", "#hash"],
              "text": "# Trip to Busan\n\nWe took the early KTX\\. It left at 8\\:00 \\(early\\)\\!\n\n1\\. Not a list\n\\- not a bullet\n\n![](dayone-moment://A1B2C3D4E5F6A1B2C3D4E5F6A1B2C3D4)\n\n- fish market\n1. first\n\n2\\*3 stays, a well\\-known line\\.",
              "richText": "{\"meta\":{\"version\":1},\"contents\":[{\"text\":\"Trip to Busan\"}]}",
              "location": {"region": {"center": {"longitude": 129.16, "latitude": 35.15}, "radius": 75, "identifier": "<+35.15,+129.16> radius 75.00"},
                           "localityName": "Busan", "country": "South Korea", "timeZoneName": "Asia/Seoul", "administrativeArea": "Busan",
                           "longitude": 129.16041234567, "placeName": "Haeundae Beach", "latitude": 35.15871234567},
              "weather": {"sunsetDate": "2023-05-01T10:10:00Z", "temperatureCelsius": 12.5, "weatherServiceName": "HAMweather", "windBearing": 200,
                          "sunriseDate": "2023-04-30T20:40:00Z", "conditionsDescription": "Light Rain", "pressureMB": 1013.25, "moonPhase": 0.38,
                          "visibilityKM": 9.5, "relativeHumidity": 71, "windSpeedKPH": 11.2, "weatherCode": "rain", "windChillCelsius": 11.0,
                          "moonPhaseCode": "waxing-crescent"},
              "photos": [{"fileSize": 10, "orderInEntry": 0, "creationDevice": "Minji’s iPhone", "duration": 0, "favorite": false, "type": "jpeg",
                          "identifier": "A1B2C3D4E5F6A1B2C3D4E5F6A1B2C3D4", "date": "2023-05-01T01:10:00Z", "exposureBiasValue": 0,
                          "height": 3024, "width": 4032, "md5": "0f343b0931126a20f133d67c2b018a3b", "isSketch": false,
                          "cameraMake": "Apple", "cameraModel": "iPhone 14 Pro", "fnumber": "1.78", "focalLength": "6.86"},
                         {"identifier": "FFFF0000FFFF0000FFFF0000FFFF0000", "md5": "ffffffffffffffffffffffffffffffff", "type": "heic", "orderInEntry": 1}]
            },
            {"uuid": "00112233445566778899AABBCCDDEEFF", "creationDate": "2023-05-02T12:00:00Z", "modifiedDate": "2023-05-02T12:00:00Z",
             "timeZone": "Mars/Olympus", "text": "Old Day One. No escapes (here)!\n", "tags": [], "starred": false},
            {"uuid": "AABBCCDDEEFF00112233445566778899", "creationDate": "2023-05-03T08:00:00Z", "modifiedDate": "2023-05-04T09:30:00Z",
             "timeZone": "Europe/Paris", "text": "Plain words, with \\- a dash", "tags": ["paris"], "starred": false,
             "location": {"placeName": "Louvre", "latitude": 48.8606, "longitude": 2.3376}}
          ]
        }
        """#

    static func makeExport(_ box: Sandbox) throws -> String {
        let folder = box.root.path + "/Export"
        try FileManager.default.createDirectory(atPath: folder + "/photos", withIntermediateDirectories: true)
        try Data(journalJSON.utf8).write(to: URL(fileURLWithPath: folder + "/Journal.json"))
        try Data(photoBytes.utf8).write(to: URL(fileURLWithPath: folder + "/photos/\(photoMD5).jpeg"))
        return folder
    }

    /// A JSON value written the one way JSONSerialization writes it (keys sorted): equal texts, equal values.
    static func canonical(_ value: Any) throws -> String {
        String(decoding: try JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .fragmentsAllowed]), as: UTF8.self)
    }

    static func exported(_ box: Sandbox, _ name: String) throws -> [[String: Any]] {
        let archive = box.root.path + "/" + name + ".zip"
        let result = try box.journal("export", "dayone", "-o", archive)
        #expect(result.status == 0, "\(result.stderr)")
        let folder = box.root.path + "/" + name
        try RoundTripTests.unzip(archive, into: folder)
        return try RoundTripTests.entries(ofJSON: folder + "/Journal.json")
    }

    @Test func everyFieldComesBack() throws {
        let box = try ImportTests.newJournal()
        let source = try Self.makeExport(box)
        let imported = try box.journal("import", "dayone", source)
        #expect(imported.status == 0, "\(imported.stderr)")
        // Said once each: the tags the journal stores otherwise, the unknown zone, the photo the export lacked.
        #expect(imported.stderr == """
            journal: warning: Journal.json: entry 1: its file photos/ffffffffffffffffffffffffffffffff.heic is not in the export: "Trip to Busan" keeps its link, without the file
            journal: warning: Journal.json: entry 1: the tag 'Food, Drink' is stored as 'Food Drink' (the original stays in the header, under dayone:)
            journal: warning: Journal.json: entry 1: the tag '#hash' is stored as 'hash' (the original stays in the header, under dayone:)
            journal: warning: Journal.json: entry 2: its time zone 'Mars/Olympus' is not a known zone: read in Asia/Seoul, and kept for the way back to Day One

            """)
        let trip = try #require(box.read("entries/2023/05/2023-05-01-4b3f1e2d.md"))
        #expect(trip.contains("tags: [new york, Food & Drink, \"x]y\", Food Drink, hash]\n"))
        #expect(trip.contains("\n  creationDevice: Minji’s iPhone\n  creationDeviceModel: iPhone15,2\n"))
        #expect(trip.contains("\n---\n# Trip to Busan\n\nWe took the early KTX. It left at 8\\:00 (early)!\n\n1\\. Not a list\n\\- not a bullet\n"))
        #expect(try box.journal("list", "--tag", "new york").stdout.contains("Trip to Busan"))
        #expect(try box.journal("list", "--tag", "Food & Drink").stdout.contains("Trip to Busan"))

        let before = try RoundTripTests.entries(ofJSON: source + "/Journal.json")
        let after = try Self.exported(box, "out")
        #expect(after.count == before.count)
        for (old, new) in zip(before, after) {
            for key in Set(old.keys).union(new.keys).sorted() {
                #expect(try Self.canonical(new[key] ?? NSNull()) == Self.canonical(old[key] ?? NSNull()), "\(old["uuid"] ?? ""): \(key)")
            }
        }
        // Day One's zip, imported again, gives the very same files.
        let again = try ImportTests.newJournal()
        #expect(try again.journal("import", "dayone", box.root.path + "/out.zip").status == 0)
        #expect(again.entryFiles() == box.entryFiles())
        for file in box.entryFiles() { #expect(again.read(file) == box.read(file), "\(file)") }
    }

    /// What the journal changes wins over what Day One said; what it did not change still goes back.
    @Test func changesMadeHereWinOverTheKeptFields() throws {
        let box = try ImportTests.newJournal()
        #expect(try box.journal("import", "dayone", try Self.makeExport(box)).status == 0)
        #expect(try box.journal("tag", "4b3f", "+extra", "-x]y").status == 0)
        // By hand, in an editor: a line of the text, and the place of another entry.
        let path = "entries/2023/05/2023-05-01-4b3f1e2d.md"
        let text = try #require(box.read(path))
        try box.write(path, text.replacingOccurrences(of: "- fish market", with: "- fish market, and a new line"))
        let parisPath = "entries/2023/05/2023-05-03-aabbccdd.md"
        let paris = try #require(box.read(parisPath))
        try box.write(parisPath, paris.replacingOccurrences(
            of: "  name: Louvre\n  latitude: 48.8606\n  longitude: 2.3376\n", with: "  name: Eiffel Tower\n  latitude: 48.8584\n  longitude: 2.2945\n"))
        #expect(try box.journal("commit").status == 0)
        let after = try Self.exported(box, "changed")
        let trip = try #require(after.first { $0["uuid"] as? String == "4B3F1E2D5C6A7B8C9D0E1F2A3B4C5D6E" })
        #expect(trip["tags"] as? [String] == ["new york", "Food & Drink", "Food, Drink", "#hash", "extra"])
        // The text changed: Day One's rich text of the old one stays behind; the rest still comes back.
        #expect(trip["richText"] == nil)
        #expect(trip["creationDevice"] as? String == "Minji’s iPhone")
        #expect((trip["text"] as? String)?.contains("- fish market, and a new line") == true)
        let moved = try #require(after.first { $0["uuid"] as? String == "AABBCCDDEEFF00112233445566778899" })
        #expect(try Self.canonical(moved["location"] ?? NSNull()) == Self.canonical(["placeName": "Eiffel Tower", "latitude": 48.8584, "longitude": 2.2945]))
    }

    @Test func koreanWarnings() throws {
        let box = try ImportTests.newJournal()
        let result = try box.journal("import", "dayone", try Self.makeExport(box), env: ["LANG": "ko_KR.UTF-8"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("태그 'Food, Drink'를 'Food Drink'로 저장했어요"))
        #expect(result.stderr.contains("시간대 'Mars/Olympus'를 몰라요"))
        #expect(result.stderr.contains("\"Trip to Busan\"에는 파일 없이 링크만 남아요"))
    }

    /// `import jrnl` given a Day One export says so; a broken JSON file is named with its line and column.
    @Test func theWrongFormatAndBrokenJSONAreNamed() throws {
        let box = try ImportTests.newJournal()
        let folder = try Self.makeExport(box)
        let zip = try ImportDayOneTests.makeZip(box, "Export.zip", files: [("Journal.json", Self.journalJSON)])
        for (source, name) in [(folder + "/Journal.json", "Journal.json"), (folder, "Export"), (zip, "Export.zip")] {
            let result = try box.journal("import", "jrnl", source)
            #expect(result.status == 1)
            #expect(result.stderr == "journal: \(name) looks like a Day One export: use `journal import dayone \(name)`\n", "\(source)")
        }
        let broken = box.root.path + "/broken.json"
        try Data("{\n  \"entries\": [\n    {\"title\": tru}\n  ]\n}\n".utf8).write(to: URL(fileURLWithPath: broken))
        for format in ["jrnl", "dayone"] {
            let result = try box.journal("import", format, broken)
            #expect(result.status == 1)
            #expect(result.stderr == "journal: cannot read broken.json: not JSON at line 3, column 18\n", "\(format)")
        }
        let korean = try box.journal("import", "jrnl", broken, env: ["LANG": "ko_KR.UTF-8"])
        #expect(korean.stderr.contains("3번째 줄 18번째 칸부터 JSON이 아니에요"))
        #expect(box.entryFiles().isEmpty)
        #expect(try box.commitSubjects().count == 1)
    }
}
