import Foundation
import Testing

/// Day One → journal → Day One and jrnl → journal → jrnl give the same entries.
@Suite struct RoundTripTests {
    static let photoBytes = "JPEG round trip bytes"
    static let photoMD5 = "4f00d25a5864c6504cc008945b83f5fd"  // md5 of photoBytes

    /// A Day One export written by hand in Day One's shape: its escaped Markdown, a photo by md5.
    static let dayOneJSON = """
        {
          "metadata": {"version": "1.0"},
          "entries": [
            {
              "uuid": "4B3F1E2D5C6A7B8C9D0E1F2A3B4C5D6E",
              "creationDate": "2023-05-01T01:20:30Z",
              "timeZone": "Asia/Seoul",
              "starred": true,
              "tags": ["travel", "busan"],
              "text": "# Trip to Busan\\n\\nWe took the early KTX\\\\. It left early \\\\(8 o'clock\\\\)\\\\! A well\\\\-known line\\\\.\\n\\n![](dayone-moment://A1B2C3D4E5F6A1B2C3D4E5F6A1B2C3D4)\\n\\n- fish market\\n- beach\\n\\n1. first\\n2. second\\n\\n2\\\\*3 stays escaped, see https://example.com/a-b.html",
              "location": {"placeName": "Haeundae Beach", "latitude": 35.1587, "longitude": 129.1604},
              "weather": {"conditionsDescription": "Light Rain", "temperatureCelsius": 12.5, "weatherCode": "rain",
                          "relativeHumidity": 71, "windSpeedKPH": 11.2},
              "photos": [{"identifier": "A1B2C3D4E5F6A1B2C3D4E5F6A1B2C3D4", "md5": "\(photoMD5)", "type": "jpeg"}]
            },
            {"uuid": "00112233445566778899AABBCCDDEEFF", "creationDate": "2023-05-02T12:00:00Z", "timeZone": "Europe/Paris",
             "text": "No photo here\\n\\nJust words\\\\.", "tags": [], "starred": false}
          ]
        }
        """

    static func unzip(_ zip: String, into folder: String) throws {
        let script = "import sys, zipfile\nzipfile.ZipFile(sys.argv[1]).extractall(sys.argv[2])\n"
        let run = try Sandbox.exec("/usr/bin/env", ["python3", "-c", script, zip, folder], stdin: nil, env: [:], cwd: "/")
        guard run.status == 0 else { throw SandboxError("unzip failed: \(run.stderr)") }
    }

    static func entries(ofJSON path: String) throws -> [[String: Any]] {
        let object = try JSONSerialization.jsonObject(with: try Data(contentsOf: URL(fileURLWithPath: path)))
        return try #require((object as? [String: Any])?["entries"] as? [[String: Any]])
    }

    /// A Day One text with each `dayone-moment://ID` replaced by the md5 of the photo it shows.
    static func textByPhoto(_ entry: [String: Any]) -> String {
        var text = entry["text"] as? String ?? ""
        for photo in entry["photos"] as? [[String: Any]] ?? [] {
            text = text.replacingOccurrences(of: "dayone-moment://" + (photo["identifier"] as? String ?? "?"), with: "photo:" + (photo["md5"] as? String ?? ""))
        }
        return text
    }

    static func numbers(_ fields: Any?, _ keys: [String]) -> [Double?] {
        let dictionary = fields as? [String: Any] ?? [:]
        return keys.map { (dictionary[$0] as? NSNumber)?.doubleValue }
    }

    @Test func dayOneToJournalToDayOne() throws {
        let box = try Sandbox()
        #expect(try box.journal("init").status == 0)
        let source = box.root.path + "/Export"
        try FileManager.default.createDirectory(atPath: source + "/photos", withIntermediateDirectories: true)
        try Data(Self.dayOneJSON.utf8).write(to: URL(fileURLWithPath: source + "/Journal.json"))
        try Data(Self.photoBytes.utf8).write(to: URL(fileURLWithPath: source + "/photos/\(Self.photoMD5).jpeg"))
        let imported = try box.journal("import", "dayone", source)
        #expect(imported.status == 0, "\(imported.stderr)")

        let archive = box.root.path + "/out.zip"
        let exported = try box.journal("export", "dayone", "-o", archive)
        #expect(exported.status == 0, "\(exported.stderr)")
        #expect(exported.stderr == "Exported 2 entries to \(archive)\n")
        let unpacked = box.root.path + "/unpacked"
        try Self.unzip(archive, into: unpacked)

        let before = try Self.entries(ofJSON: source + "/Journal.json")
        let after = try Self.entries(ofJSON: unpacked + "/Journal.json")
        let metadata = try JSONSerialization.jsonObject(with: try Data(contentsOf: URL(fileURLWithPath: unpacked + "/Journal.json"))) as? [String: Any]
        #expect((metadata?["metadata"] as? [String: Any])?["version"] as? String == "1.0")
        #expect(after.count == before.count)
        for (old, new) in zip(before, after) {
            for key in ["uuid", "creationDate", "timeZone"] {
                #expect(new[key] as? String == old[key] as? String, "\(key)")
            }
            #expect(new["tags"] as? [String] == old["tags"] as? [String])
            #expect(new["starred"] as? Bool == old["starred"] as? Bool)
            #expect(Self.textByPhoto(new) == Self.textByPhoto(old))
            #expect((new["location"] as? [String: Any])?["placeName"] as? String == (old["location"] as? [String: Any])?["placeName"] as? String)
            #expect(Self.numbers(new["location"], ["latitude", "longitude"]) == Self.numbers(old["location"], ["latitude", "longitude"]))
            let weather = ["temperatureCelsius", "relativeHumidity", "windSpeedKPH"]
            #expect(Self.numbers(new["weather"], weather) == Self.numbers(old["weather"], weather))
            for key in ["conditionsDescription", "weatherCode"] {
                #expect((new["weather"] as? [String: Any])?[key] as? String == (old["weather"] as? [String: Any])?[key] as? String)
            }
            let oldPhotos = old["photos"] as? [[String: Any]] ?? []
            let newPhotos = new["photos"] as? [[String: Any]] ?? []
            #expect(newPhotos.map { $0["md5"] as? String } == oldPhotos.map { $0["md5"] as? String })
            #expect(newPhotos.map { $0["type"] as? String } == oldPhotos.map { $0["type"] as? String })
            for photo in newPhotos {
                let identifier = try #require(photo["identifier"] as? String)
                #expect(identifier.count == 32 && identifier == identifier.uppercased())
                let file = unpacked + "/photos/\(photo["md5"] as? String ?? "").\(photo["type"] as? String ?? "")"
                #expect(FileManager.default.contents(atPath: file) == Data(Self.photoBytes.utf8))
            }
        }
        // The export imports again to the very same files.
        let again = try Sandbox()
        #expect(try again.journal("init").status == 0)
        #expect(try again.journal("import", "dayone", archive).status == 0)
        #expect(again.entryFiles() == box.entryFiles())
        for file in box.entryFiles() { #expect(again.read(file) == box.read(file)) }
    }

    /// An entry written here, with punctuation, code, links and an attached photo, goes to Day One and comes
    /// back with the same text (the photo's link now names the file by its md5, as Day One's do).
    @Test func journalToDayOneToJournal() throws {
        let box = try Sandbox()
        #expect(try box.journal("init").status == 0)
        let text = """
            Notes (draft)! Version 1.2 - final?

            ```
            let x = f(1) - 2.5 // (code)
            ```

            Inline `a.b()` and [a link](https://example.com/x-(y)) and <https://example.org/a.b>.
            A kept escape: 2\\*3, a backslash pair \\\\. and C:\\path\\
            ---
            + plus item
            3. third

            """
        let added = try box.journal("add", "-t", "notes", stdin: text)
        #expect(added.status == 0, "\(added.stderr)")
        let short = try #require(added.stdout.split(separator: " ").dropFirst().first.map(String.init))
        #expect(try box.journal("star", short).status == 0)
        let photo = box.root.path + "/harbour.png"
        try Data(Self.photoBytes.utf8).write(to: URL(fileURLWithPath: photo))
        #expect(try box.journal("attach", short, photo).status == 0)
        let path = try #require(box.entryFiles().first)
        let original = try #require(box.read(path))

        let archive = box.root.path + "/out.zip"
        #expect(try box.journal("export", "dayone", "-o", archive).status == 0)
        let unpacked = box.root.path + "/unpacked"
        try Self.unzip(archive, into: unpacked)
        #expect(FileManager.default.contents(atPath: unpacked + "/photos/\(Self.photoMD5).png") == Data(Self.photoBytes.utf8))
        let entry = try #require(try Self.entries(ofJSON: unpacked + "/Journal.json").first)
        let identifier = try #require((entry["photos"] as? [[String: Any]])?.first?["identifier"] as? String)
        #expect((entry["text"] as? String)?.contains("![harbour.png](dayone-moment://\(identifier))") == true)
        #expect((entry["text"] as? String)?.hasPrefix("Notes \\(draft\\)\\! Version 1\\.2 \\- final?\n\n```\nlet x = f(1) - 2.5") == true)

        let again = try Sandbox()
        #expect(try again.journal("init").status == 0)
        let imported = try again.journal("import", "dayone", archive)
        #expect(imported.status == 0, "\(imported.stderr)")
        let back = try #require(again.read(path))
        let body = { (file: String) in file.range(of: "\n---\n").map { String(file[$0.upperBound...]) } ?? "" }
        #expect(body(original).contains("C:\\path\\\n---\n+ plus item"))
        #expect(body(back) == body(original).replacingOccurrences(of: "harbour.png)", with: "\(Self.photoMD5).png)"))
        #expect(back.contains("tags: [notes]\n") && back.contains("starred: true\n"))
    }

    @Test func dayOneExportNeedsAFile() throws {
        let box = try Sandbox()
        #expect(try box.journal("init").status == 0)
        _ = try box.add("Something")
        for arguments in [["export", "dayone"], ["export", "dayone", "-o", "-"]] {
            let result = try box.run(arguments)
            #expect(result.status == 1)
            #expect(result.stdout == "")
            #expect(result.stderr == "journal: export dayone writes a zip: name the file with -o (for example -o journal-dayone.zip)\n")
        }
    }

    /// jrnl's JSON export (`jrnl --export json`), written by hand in the shape of its json_exporter.
    static let jrnlJSON = """
        {
          "tags": {
            "@work": 1,
            "@minji": 1
          },
          "entries": [
            {
              "title": "First jrnl entry.",
              "body": "With body @work",
              "date": "2024-03-01",
              "time": "09:00",
              "tags": [
                "@work"
              ],
              "starred": false
            },
            {
              "title": "Dinner with @minji.",
              "body": "We had noodles.\\n\\nA second paragraph.",
              "date": "2024-03-02",
              "time": "21:30",
              "tags": [
                "@minji"
              ],
              "starred": true
            }
          ]
        }
        """

    /// Compares two jrnl JSON exports entry by entry: title, body, date, time, tag set, star.
    static func expectSameJrnl(_ old: [[String: Any]], _ new: [[String: Any]], sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(new.count == old.count, sourceLocation: sourceLocation)
        for (a, b) in zip(old, new) {
            for key in ["title", "body", "date", "time"] {
                #expect(b[key] as? String == a[key] as? String, "\(key)", sourceLocation: sourceLocation)
            }
            #expect(Set(b["tags"] as? [String] ?? []) == Set(a["tags"] as? [String] ?? []), sourceLocation: sourceLocation)
            #expect(b["starred"] as? Bool == a["starred"] as? Bool, sourceLocation: sourceLocation)
        }
    }

    @Test func jrnlToJournalToJrnl() throws {
        let box = try Sandbox()
        #expect(try box.journal("init").status == 0)
        let source = box.root.path + "/jrnl.json"
        try Data(Self.jrnlJSON.utf8).write(to: URL(fileURLWithPath: source))
        let imported = try box.journal("import", "jrnl", source, "--time-zone", "Asia/Seoul")
        #expect(imported.status == 0, "\(imported.stderr)")
        let out = box.root.path + "/out.json"
        #expect(try box.journal("export", "jrnl-json", "-o", out).status == 0)
        let exported = try JSONSerialization.jsonObject(with: try Data(contentsOf: URL(fileURLWithPath: out))) as? [String: Any]
        Self.expectSameJrnl(try Self.entries(ofJSON: source), try Self.entries(ofJSON: out))
        #expect(exported?["tags"] as? [String: Int] == ["@work": 1, "@minji": 1])
    }

    /// jrnl 4.6 itself writes entries and exports them; that export, imported and exported again, is the same.
    @Test func realJrnlExportToJournalToJrnl() throws {
        guard let jrnl = try SkipReason.startOrSkip({ try JrnlInstall.shared() }) else { return }
        let box = try Sandbox()
        #expect(try box.journal("init").status == 0)
        let (_, exported) = try JrnlInstall.write(
            [
                ["2024-03-01 09:00:", "First jrnl entry. With body @work"],
                ["2024-03-02 21:30:", "Dinner with @minji. We had noodles *"],
                ["2024-03-03 07:15:", "Morning.\nA second line of the body.\n\nA second paragraph @garden"],
            ], with: jrnl, in: box.root.path + "/jrnl-home")
        let source = box.root.path + "/export.json"
        try Data(exported.utf8).write(to: URL(fileURLWithPath: source))
        #expect(try box.journal("import", "jrnl", source, "--time-zone", "Asia/Seoul").status == 0)
        let out = box.root.path + "/out.json"
        #expect(try box.journal("export", "jrnl-json", "-o", out).status == 0)
        Self.expectSameJrnl(try Self.entries(ofJSON: source), try Self.entries(ofJSON: out))
    }
}
