import Foundation
import Testing

/// `journal import dayone`: hand-written exports in Day One's JSON format, as a folder and as a zip,
/// and hostile ones.
@Suite struct ImportDayOneTests {
    static let photoMD5 = "0123456789abcdef0123456789abcdef"

    /// Journal.json as Day One's JSON export writes it (its escaped Markdown, media by md5).
    static let journalJSON = """
        {
          "metadata": {"version": "1.0"},
          "entries": [
            {
              "uuid": "4B3F1E2D5C6A7B8C9D0E1F2A3B4C5D6E",
              "creationDate": "2023-05-01T01:20:30Z",
              "modifiedDate": "2023-05-01T02:00:00Z",
              "timeZone": "Asia/Seoul",
              "starred": true,
              "tags": ["travel", "busan"],
              "text": "Trip to Busan\\n\\nWe took the early KTX\\\\. It left at 8\\\\:00 \\\\(early\\\\)\\\\!\\n\\n![](dayone-moment://A1B2C3D4E5F6)\\n\\n2\\\\*3 stays escaped",
              "location": {"placeName": "Haeundae Beach", "localityName": "Busan", "country": "South Korea",
                           "latitude": 35.1587, "longitude": 129.1604},
              "weather": {"conditionsDescription": "Light Rain", "temperatureCelsius": 12.5, "weatherCode": "rain",
                          "weatherServiceName": "HAMweather", "relativeHumidity": 71, "windSpeedKPH": 11.2},
              "photos": [{"identifier": "A1B2C3D4E5F6", "md5": "\(photoMD5)", "type": "jpeg", "orderInEntry": 0}]
            },
            {"uuid": "00112233445566778899AABBCCDDEEFF", "creationDate": "2023-05-02T12:00:00Z",
             "text": "No zone here\\n\\n\\\\- a dash", "tags": [], "starred": false},
            {"uuid": "not-a-uuid", "creationDate": "2023-05-02T12:00:00Z", "text": "Broken"}
          ]
        }
        """

    /// The unpacked export: Journal.json and photos/<md5>.jpeg.
    static func makeFolder(_ box: Sandbox, json: String = journalJSON) throws -> String {
        let folder = box.root.path + "/Export"
        try FileManager.default.createDirectory(atPath: folder + "/photos", withIntermediateDirectories: true)
        try Data(json.utf8).write(to: URL(fileURLWithPath: folder + "/Journal.json"))
        try Data("JPEG bytes".utf8).write(to: URL(fileURLWithPath: folder + "/photos/\(photoMD5).jpeg"))
        return folder
    }

    /// A zip made by python3's zipfile: `files` are (name, text) pairs, `links` (name, target) symbolic links,
    /// `zeros` (name, megabytes) of zero bytes.
    static func makeZip(
        _ box: Sandbox, _ name: String, files: [(String, String)], links: [(String, String)] = [], zeros: [(String, Int)] = []
    ) throws -> String {
        let path = box.root.path + "/" + name
        let spec = try JSONSerialization.data(withJSONObject: [
            "files": files.map { [$0.0, $0.1] }, "links": links.map { [$0.0, $0.1] }, "zeros": zeros.map { [$0.0, $0.1] as [Any] },
        ])
        let script = """
            import json, sys, zipfile
            spec = json.loads(sys.stdin.read())
            with zipfile.ZipFile(sys.argv[1], "w", zipfile.ZIP_DEFLATED) as z:
                for name, text in spec["files"]:
                    z.writestr(name, text)
                for name, target in spec["links"]:
                    info = zipfile.ZipInfo(name)
                    info.create_system = 3
                    info.external_attr = (0o120777 << 16)
                    z.writestr(info, target)
                for name, megabytes in spec["zeros"]:
                    z.writestr(name, bytes(megabytes << 20))
            """
        let run = try Sandbox.exec(
            "/usr/bin/env", ["python3", "-c", script, path], stdin: String(decoding: spec, as: UTF8.self),
            env: ["PATH": "/usr/bin:/bin"], cwd: box.root.path)
        guard run.status == 0 else { throw SandboxError("python3 zipfile failed: \(run.stderr)") }
        return path
    }

    @Test func folderExportBecomesEntriesWithPhotosWeatherAndPlace() throws {
        let box = try ImportTests.newJournal()
        let folder = try Self.makeFolder(box)
        let result = try box.journal("import", "dayone", folder, "--time-zone", "Europe/Berlin")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "Imported 2 entries from dayone (Export).\n")
        #expect(result.stderr == "journal: warning: skipped Journal.json: entry 3: its uuid is not 32 hexadecimal digits\n")
        #expect(try box.commitSubjects().first == "Import 2 entries from dayone (Export)")
        try box.expectCleanRepository()

        let id = "4b3f1e2d-5c6a-7b8c-9d0e-1f2a3b4c5d6e"
        let text = try #require(box.read("entries/2023/05/2023-05-01-4b3f1e2d.md"))
        #expect(text == """
            ---
            id: \(id)
            created_at: 2023-05-01T10:20:30+09:00
            time_zone: Asia/Seoul
            tags: [travel, busan]
            starred: true
            weather:
              condition: rain
              temperature_c: 12.5
              provider: dayone
              code: rain
              description: Light Rain
              humidity: 71
              wind_kph: 11.2
            location:
              name: Haeundae Beach
              latitude: 35.1587
              longitude: 129.1604
            dayone:
              location: {"country":"South Korea","latitude":35.1587,"localityName":"Busan","longitude":129.1604,"placeName":"Haeundae Beach"}
              modifiedDate: "2023-05-01T02:00:00Z"
              photos: [{"identifier":"A1B2C3D4E5F6","md5":"\(Self.photoMD5)","orderInEntry":0,"type":"jpeg"}]
              weather: {"conditionsDescription":"Light Rain","relativeHumidity":71,"temperatureCelsius":12.5,"weatherCode":"rain","weatherServiceName":"HAMweather","windSpeedKPH":11.2}
            ---
            Trip to Busan

            We took the early KTX. It left at 8\\:00 (early)!

            ![](../../../attachments/\(id)/\(Self.photoMD5).jpeg)

            2\\*3 stays escaped

            """)
        #expect(box.read("attachments/\(id)/\(Self.photoMD5).jpeg") == "JPEG bytes")
        #expect(try box.git("ls-files", "attachments").contains("attachments/\(id)/\(Self.photoMD5).jpeg"))
        // No zone in the entry: the one given.
        let plain = try #require(box.read("entries/2023/05/2023-05-02-00112233.md"))
        // `\-` at the start of a line keeps it a plain line, not a list: the escape stays.
        #expect(plain.contains("created_at: 2023-05-02T14:00:00+02:00\ntime_zone: Europe/Berlin\n---\nNo zone here\n\n\\- a dash\n"))
        // The uuid is the id: show finds it by Day One's uuid's start.
        #expect(try box.journal("show", "4b3f1e2d").stdout.contains("Trip to Busan"))
    }

    @Test func zipImportsLikeTheFolderAndTwiceAddsNothing() throws {
        let box = try ImportTests.newJournal()
        let zip = try Self.makeZip(
            box, "Export.zip", files: [("Journal.json", Self.journalJSON), ("photos/\(Self.photoMD5).jpeg", "JPEG bytes")])
        let result = try box.journal("import", "dayone", zip, "--time-zone", "Europe/Berlin")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "Imported 2 entries from dayone (Export.zip).\n")

        let other = try ImportTests.newJournal()
        #expect(try other.journal("import", "dayone", try Self.makeFolder(other), "--time-zone", "Europe/Berlin").status == 0)
        #expect(box.entryFiles() == other.entryFiles())
        for file in box.entryFiles() { #expect(box.read(file) == other.read(file)) }
        #expect(box.read("attachments/4b3f1e2d-5c6a-7b8c-9d0e-1f2a3b4c5d6e/\(Self.photoMD5).jpeg") == "JPEG bytes")

        let head = try box.git("rev-parse", "HEAD")
        let again = try box.journal("import", "dayone", zip)
        #expect(again.stdout == "Imported 0 entries from dayone (Export.zip); 2 already in the journal.\n")
        #expect(try box.git("rev-parse", "HEAD") == head)
        try box.expectCleanRepository()
    }

    @Test func dryRunWritesNoFileAndNoPhoto() throws {
        let box = try ImportTests.newJournal()
        let result = try box.journal("import", "dayone", try Self.makeFolder(box), "--dry-run")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasSuffix("Would import 2 entries from dayone (Export).\n"))
        #expect(result.stdout.contains("would add 2023-05-01 4b3f1e2d Trip to Busan\n"))
        #expect(box.entryFiles().isEmpty)
        #expect(!FileManager.default.fileExists(atPath: box.journal + "/attachments"))
        #expect(try box.commitSubjects().count == 1)
    }

    /// Each hostile export is refused with one line, and leaves nothing behind: no entry, no attachment,
    /// no file outside the journal, no commit.
    @Test func hostileExportsAreRefusedAndLeaveNothing() throws {
        let box = try ImportTests.newJournal()
        let good = ("Journal.json", Self.journalJSON)
        let photo = ("photos/\(Self.photoMD5).jpeg", "JPEG bytes")
        // The photo's md5 is a path; the entry before it is fine, so the refusal must take it back.
        let pathPhoto = Self.journalJSON.replacingOccurrences(
            of: "\"uuid\": \"00112233445566778899AABBCCDDEEFF\",",
            with: "\"uuid\": \"00112233445566778899AABBCCDDEEFF\", \"photos\": [{\"identifier\": \"X\", \"md5\": \"../../../../escaped\", \"type\": \"jpeg\"}],")
        let cases: [(String, String)] = [
            (try Self.makeZip(box, "dotdot.zip", files: [good, ("../escaped.json", "{}")]), "points outside the source"),
            (try Self.makeZip(box, "absolute.zip", files: [good, ("/tmp/escaped.json", "{}")]), "points outside the source"),
            (try Self.makeZip(box, "link.zip", files: [good, photo], links: [("photos/other.jpeg", "/etc/passwd")]), "symbolic link"),
            (try Self.makeZip(box, "bomb.zip", files: [good], zeros: [("photos/\(Self.photoMD5).jpeg", 64)]), "zip bomb"),
            (try Self.makeZip(box, "pathphoto.zip", files: [("Journal.json", pathPhoto), photo]), "would leave the journal's attachments folder"),
        ]
        // An unpacked export whose photo is a link to a file elsewhere.
        let folder = try Self.makeFolder(box)
        try FileManager.default.removeItem(atPath: folder + "/photos/\(Self.photoMD5).jpeg")
        try "secret".writeReplacing(toFile: box.root.path + "/secret.txt")
        try FileManager.default.createSymbolicLink(
            atPath: folder + "/photos/\(Self.photoMD5).jpeg", withDestinationPath: box.root.path + "/secret.txt")

        for (source, message) in cases + [(folder, "symbolic link")] {
            let result = try box.journal("import", "dayone", source)
            #expect(result.status == 1, "\(source): \(result.stdout)")
            #expect(result.stderr.contains("refused") && result.stderr.contains(message), "\(source): \(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1, "\(source): \(result.stderr)")
            #expect(box.entryFiles().isEmpty, "\(source)")
            #expect(!FileManager.default.fileExists(atPath: box.journal + "/attachments"), "\(source)")
            #expect(try box.commitSubjects().count == 1, "\(source)")
            try box.expectCleanRepository()
        }
        let outside = try FileManager.default.contentsOfDirectory(atPath: box.root.path)
        #expect(!outside.contains("escaped") && !outside.contains("escaped.json"))
        #expect(!FileManager.default.fileExists(atPath: box.journal + "/escaped"))
    }
}
