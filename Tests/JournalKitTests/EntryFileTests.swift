import Foundation
import Testing
import Yams
@testable import JournalKit

@Suite struct EntryFileTests {
    static let seoul = TimeZone(identifier: "Asia/Seoul")!
    static let utc = TimeZone(identifier: "UTC")!
    static let id = "3f2a9c1e-5b7d-4e0a-9c1d-5a6e2f0c4d11"
    /// A date that no header or file name gives: tells when the fallback was used.
    static let fallback = Timestamp(date: Date(timeIntervalSince1970: 1_000_000_000), offsetSeconds: 0)

    static func stamp(_ text: String) -> Timestamp {
        guard let stamp = Timestamp.parse(text, zone: utc) else { fatalError("bad fixture \(text)") }
        return stamp
    }

    static func decode(_ data: Data, path: String = "entries/2026/11/2026-11-21-3f2a9c1e.md") -> Entry {
        EntryFile.decode(data, path: path, zone: seoul, fallbackDate: { (fallback, .modificationTime) })
    }

    static func decode(_ text: String, path: String = "entries/2026/11/2026-11-21-3f2a9c1e.md") -> Entry {
        decode(Data(text.utf8), path: path)
    }

    /// The file's lines split on LF bytes, each with its CR if any.
    static func byteLines(_ data: Data) -> [[UInt8]] {
        Array(data).split(separator: 0x0A, omittingEmptySubsequences: false).map(Array.init)
    }

    static let busan = EntryFile.NewEntry(
        id: id, createdAt: stamp("2026-11-21T22:44:55+09:00"), timeZone: "Asia/Seoul", category: "travel",
        tags: ["busan", "food"], starred: true,
        location: Location(name: "Busan", latitude: 35.1796, longitude: 129.0756),
        text: "Trip to Busan\r\n\r\nWe took the early KTX...\n\n\n")

    // MARK: Rendering

    @Test func renderGivesTheDesignHeaderShape() {
        let data = EntryFile.render(Self.busan)
        let expected = """
            ---
            id: 3f2a9c1e-5b7d-4e0a-9c1d-5a6e2f0c4d11
            created_at: 2026-11-21T22:44:55+09:00
            time_zone: Asia/Seoul
            category: travel
            tags: [busan, food]
            starred: true
            location:
              name: Busan
              latitude: 35.1796
              longitude: 129.0756
            ---
            Trip to Busan

            We took the early KTX...

            """
        #expect(String(decoding: data, as: UTF8.self) == expected)
        #expect(Array(data) == Array(expected.utf8))
        #expect(!data.contains(0x0D), "no CR in a file the tool writes")
        #expect(data.last == 0x0A)
        #expect(data.dropLast().last != 0x0A, "exactly one final newline")
        #expect(!data.starts(with: [0xEF, 0xBB, 0xBF]))
    }

    @Test func renderOfAMinimalEntry() {
        let entry = EntryFile.NewEntry(
            id: Self.id, createdAt: Self.stamp("2026-01-02T03:04:05-05:30"), timeZone: nil, category: nil, tags: [],
            starred: false, text: "")
        let text = String(decoding: EntryFile.render(entry), as: UTF8.self)
        #expect(text == "---\nid: \(Self.id)\ncreated_at: 2026-01-02T03:04:05-05:30\n---\n\n")
    }

    @Test func renderQuotesWhatYAMLWouldMisread() {
        let entry = EntryFile.NewEntry(
            id: Self.id, createdAt: Self.stamp("2026-11-21T22:44:55Z"), timeZone: "UTC", category: "yes",
            tags: ["부산", "a, b", "007"], starred: false,
            location: Location(name: "Seoul: Jongno", latitude: -0.5, longitude: 1e-7), text: "x")
        let text = String(decoding: EntryFile.render(entry), as: UTF8.self)
        #expect(text == """
            ---
            id: \(Self.id)
            created_at: 2026-11-21T22:44:55+00:00
            time_zone: UTC
            category: "yes"
            tags: [부산, "a, b", "007"]
            location:
              name: "Seoul: Jongno"
              latitude: -0.5
              longitude: 0
            ---
            x

            """)
    }

    @Test func decodeOfRenderGivesTheFieldsBack() {
        let data = EntryFile.render(Self.busan)
        let entry = Self.decode(data)
        #expect(entry.problem == nil)
        #expect(entry.id == Self.id)
        #expect(entry.createdAt == Self.busan.createdAt)
        #expect(entry.createdAt.offsetSeconds == 9 * 3600)
        #expect(entry.dateSource == .header)
        #expect(entry.timeZone == "Asia/Seoul")
        #expect(entry.category == "travel")
        #expect(entry.tags == ["busan", "food"])
        #expect(entry.starred)
        #expect(entry.location == Location(name: "Busan", latitude: 35.1796, longitude: 129.0756))
        #expect(entry.weather == nil)
        #expect(entry.title == "Trip to Busan")
        #expect(entry.text == "Trip to Busan\n\nWe took the early KTX...\n")
        #expect(entry.body == "We took the early KTX...")
        // Reading then writing the same entry again gives the same bytes.
        let again = EntryFile.NewEntry(
            id: entry.id, createdAt: entry.createdAt, timeZone: entry.timeZone, category: entry.category,
            tags: entry.tags, starred: entry.starred, location: entry.location, text: entry.text)
        #expect(EntryFile.render(again) == data)
    }

    @Test func decodeOfRenderRoundTripsRandomFields() {
        var seed: UInt64 = 0xC0FFEE
        func next() -> UInt64 {
            seed &+= 0x9E37_79B9_7F4A_7C15
            var z = seed
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        func pick<T>(_ items: [T]) -> T { items[Int(next() % UInt64(items.count))] }
        let pieces = ["a", "부산", "🙂", " ", "#", " #", ": ", ":", "-", "'", "\"", "\\", ",", "[", "]", "007", "yes",
                      "null", "~", "\t", "é", "x y", "{", "&", "*", "!", "?"]
        func text() -> String { (0..<Int(1 + next() % 4)).map { _ in pick(pieces) }.joined() }
        let zones = ["Asia/Seoul", "America/New_York", "Asia/Kathmandu", "UTC", "Pacific/Chatham"]
        for n in 0..<300 {
            let zone = TimeZone(identifier: pick(zones))!
            let date = Date(timeIntervalSince1970: Double(next() % 4_000_000_000) - 1_000_000_000)
            let tags = (0..<Int(next() % 4)).map { _ in text() }
            let new = EntryFile.NewEntry(
                id: UUID().uuidString.lowercased(), createdAt: Timestamp(date: date, timeZone: zone),
                timeZone: zone.identifier, category: next() % 2 == 0 ? text() : nil, tags: tags,
                starred: next() % 2 == 0,
                location: next() % 2 == 0
                    ? Location(name: text(), latitude: Double(Int(next() % 180_000_000)) / 1e6 - 90,
                               longitude: Double(Int(next() % 360_000_000)) / 1e6 - 180)
                    : nil,
                text: "# Title \(n)\n\nbody \(text())")
            let data = EntryFile.render(new)
            let entry = Self.decode(data)
            #expect(entry.problem == nil, "\(String(decoding: data, as: UTF8.self))")
            #expect(entry.id == new.id)
            #expect(entry.createdAt == Timestamp(
                date: Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down)),
                offsetSeconds: new.createdAt.offsetSeconds))
            #expect(entry.timeZone == new.timeZone)
            #expect(entry.category == new.category, "\(String(decoding: data, as: UTF8.self))")
            #expect(entry.tags == new.tags, "\(String(decoding: data, as: UTF8.self))")
            #expect(entry.starred == new.starred)
            if let location = new.location {
                #expect(entry.location?.name == location.name)
                #expect(abs((entry.location?.latitude ?? .nan) - location.latitude!) < 1e-6)
                #expect(abs((entry.location?.longitude ?? .nan) - location.longitude!) < 1e-6)
            } else {
                #expect(entry.location == nil)
            }
            #expect(entry.title == "Title \(n)")
        }
    }

    // MARK: Editing one field

    /// A file written by hand: BOM, CRLF, comments, unknown keys, odd spacing.
    static let handWritten: [String] = [
        "---",
        "# written by hand",
        "id: \(id)",
        "mood:   happy   # unknown key, odd spacing",
        "created_at: 2026-11-21T22:44:55+09:00",
        "tags: [old]",
        "weather:",
        "  condition: clear",
        "  # a comment inside the block",
        "  temperature_c: 12.5",
        "tagsx: keep me",
        "zeta: last",
        "---",
        "# Trip to Busan",
        "",
        "We took the early KTX...",
        "",
    ]

    static var handWrittenData: Data {
        Data([0xEF, 0xBB, 0xBF] + Array(handWritten.joined(separator: "\r\n").utf8))
    }

    /// The lines (without CR) of the result; checks the BOM and that every line keeps its CR.
    static func crlfLines(_ data: Data) -> [String] {
        #expect(data.starts(with: [0xEF, 0xBB, 0xBF]), "BOM kept")
        let body = data.dropFirst(3)
        let lines = byteLines(Data(body))
        for line in lines.dropLast() { #expect(line.last == 0x0D, "CRLF kept on \(String(decoding: line, as: UTF8.self))") }
        #expect(lines.last == [], "the final line ending kept")
        return lines.map { String(decoding: $0.last == 0x0D ? Array($0.dropLast()) : $0, as: UTF8.self) }
    }

    @Test func settingAFieldChangesExactlyOneLine() throws {
        let data = Self.handWrittenData
        let result = try #require(EntryFile.setting("tags", to: "[a, b]", in: data))
        let before = Self.crlfLines(data)
        let after = Self.crlfLines(result)
        #expect(before.count == after.count)
        let changed = zip(before, after).enumerated().filter { $0.element.0 != $0.element.1 }.map(\.offset)
        #expect(changed == [5])
        #expect(after[5] == "tags: [a, b]")
        // Byte for byte: only that line differs.
        var expected = Self.handWritten
        expected[5] = "tags: [a, b]"
        #expect(Array(result) == [0xEF, 0xBB, 0xBF] + Array(expected.joined(separator: "\r\n").utf8))
        let entry = Self.decode(result)
        #expect(entry.problem == nil)
        #expect(entry.tags == ["a", "b"])
        #expect(entry.title == "Trip to Busan")
        #expect(entry.weather?.temperatureC == 12.5)
    }

    @Test func settingAFieldInAnLFFileWithoutFinalNewline() throws {
        let text = "---\nid: \(Self.id)\ncategory: work\n---\nTitle"
        let result = try #require(EntryFile.setting("category", to: "travel", in: Data(text.utf8)))
        #expect(String(decoding: result, as: UTF8.self) == "---\nid: \(Self.id)\ncategory: travel\n---\nTitle")
        // Setting the same value again gives the same bytes.
        #expect(EntryFile.setting("category", to: "travel", in: result) == result)
    }

    @Test func settingAMissingKeyAddsOneLineBeforeTheClosingMarker() throws {
        let data = Self.handWrittenData
        let result = try #require(EntryFile.setting("category", to: "travel", in: data))
        var expected = Self.handWritten
        expected.insert("category: travel", at: 12)
        #expect(Self.crlfLines(result) == expected)
        #expect(Self.decode(result).category == "travel")
    }

    @Test func settingAKeyThatIsAPrefixOfAnotherAddsIt() throws {
        // `tag` is not `tags` nor `tagsx`.
        let result = try #require(EntryFile.setting("tag", to: "x", in: Self.handWrittenData))
        var expected = Self.handWritten
        expected.insert("tag: x", at: 12)
        #expect(Self.crlfLines(result) == expected)
    }

    @Test func settingNilRemovesTheKeyAndItsBlock() throws {
        let data = Self.handWrittenData
        let withoutWeather = try #require(EntryFile.setting("weather", to: nil, in: data))
        var expected = Self.handWritten
        expected.removeSubrange(6...9)
        #expect(Self.crlfLines(withoutWeather) == expected)
        #expect(Self.decode(withoutWeather).weather == nil)
        #expect(Self.decode(withoutWeather).problem == nil)

        let withoutMood = try #require(EntryFile.setting("mood", to: nil, in: data))
        expected = Self.handWritten
        expected.remove(at: 3)
        #expect(Self.crlfLines(withoutMood) == expected)

        // A block list at column 0 goes with its key; the next key stays.
        let list = "---\nid: \(Self.id)\ntags:\n- a\n- b\nstarred: true\n---\nx\n"
        let removed = try #require(EntryFile.setting("tags", to: nil, in: Data(list.utf8)))
        #expect(String(decoding: removed, as: UTF8.self) == "---\nid: \(Self.id)\nstarred: true\n---\nx\n")

        // Blank and comment lines inside the block go with it; those after it stay.
        let gappy = "---\nid: \(Self.id)\nweather:\n  condition: clear\n\n  temperature_c: 12.5\n# why\n  provider: x\n\n# about starred\nstarred: true\n---\nx\n"
        let cleared = try #require(EntryFile.setting("weather", to: nil, in: Data(gappy.utf8)))
        #expect(String(decoding: cleared, as: UTF8.self) == "---\nid: \(Self.id)\n\n# about starred\nstarred: true\n---\nx\n")
        let decoded = Self.decode(cleared)
        #expect(decoded.problem == nil)
        #expect(decoded.weather == nil)
        #expect(decoded.starred)

        // Removing a key that is not there changes nothing.
        #expect(EntryFile.setting("category", to: nil, in: data) == data)
    }

    @Test func settingNeedsAHeader() {
        #expect(EntryFile.setting("tags", to: "[a]", in: Data("no header\n".utf8)) == nil)
        #expect(EntryFile.setting("tags", to: "[a]", in: Data("---\nid: x\nnever closed\n".utf8)) == nil)
    }

    // MARK: Reading files written elsewhere

    @Test func readsBOMCRLFAndMissingFinalNewline() {
        let file = "\u{FEFF}---\r\nid: \(Self.id)\r\ncreated_at: 2026-11-21T22:44:55+09:00\r\ntags: [a, b]\r\n---\r\n\r\n# Trip\r\nBody line\r\nlast"
        let entry = Self.decode(file)
        #expect(entry.problem == nil)
        #expect(entry.id == Self.id)
        #expect(entry.tags == ["a", "b"])
        #expect(entry.dateSource == .header)
        #expect(entry.createdAt == Self.stamp("2026-11-21T22:44:55+09:00"))
        #expect(entry.title == "Trip")
        #expect(entry.text == "\n# Trip\nBody line\nlast")
        #expect(entry.body == "Body line\nlast")
    }

    @Test func readsAHeaderlessCRLFFileWithBOM() {
        let entry = Self.decode("\u{FEFF}\r\n  \r\n## Heading\r\nmore\r\n", path: "entries/notes 2026-11-21.md")
        #expect(entry.problem == nil)
        #expect(entry.title == "Heading")
        #expect(entry.text == "\n  \n## Heading\nmore\n")
        #expect(!entry.text.contains("\u{FEFF}"))
    }

    // MARK: Broken headers

    @Test func unclosedHeaderIsReportedOnLineOneAndKeepsTheID() throws {
        let entry = Self.decode("---\nid: \(Self.id)\ncreated_at: 2026-11-21T22:44:55+09:00\n\nTitle\n")
        let problem = try #require(entry.problem)
        #expect(problem.line == 1)
        #expect(entry.id == Self.id)
        #expect(entry.createdAt == Self.stamp("2026-11-21T22:44:55+09:00"))
        #expect(entry.dateSource == .header)
    }

    @Test(arguments: [
        // (file, 1-based line at fault)
        ("---\nid: ID\ncreated_at: 2026-11-21T22:44:55+09:00\ntags: [a, b\nstarred: true\n---\nText\n", 4),
        ("---\nid: ID\ntags: [a, b\n---\nText\n", 3),
        ("---\r\nid: ID\r\n# comment\r\n\r\ntags: [a, b\r\n---\r\nText\r\n", 5),
        ("\u{FEFF}---\nid: ID\ncategory: a: b\n---\nText\n", 3),
        ("---\nid: ID\ntitle: \"never closed\ncategory: x\n---\nText\n", 3),
        ("---\nid: ID\ncategory: travel\n  bad: indent\n---\nText\n", 4),
        ("---\nid: ID\ncreated_at: 2019-02-29T10:00:00+09:00\n---\nText\n", 3),
        ("---\nid: ID\nweather:\n  condition: clear\ncreated_at: not a date\n---\nText\n", 5),
        ("---\nid: ID\nstarred: maybe\n---\nText\n", 3),
    ] as [(String, Int)])
    func brokenHeaderReportsTheFileLineAndSalvagesTheID(_ file: String, _ line: Int) throws {
        let entry = Self.decode(file.replacingOccurrences(of: "ID", with: Self.id))
        let problem = try #require(entry.problem, "\(file)")
        #expect(problem.line == line, "\(problem.reason)")
        #expect(!problem.reason.isEmpty)
        #expect(entry.id == Self.id)
        #expect(entry.title == "Text")
    }

    @Test func badIDIsReportedOnItsLineAndGetsAPathID() throws {
        let path = "entries/2026/11/2026-11-21-notauuid.md"
        let entry = Self.decode("---\ncategory: x\nid: not-a-uuid\n---\nText\n", path: path)
        let problem = try #require(entry.problem)
        #expect(problem.line == 3)
        #expect(entry.id == NameUUID.forPath(path).uuidString.lowercased())
        #expect(entry.dateSource == .fileName)
    }

    /// The hand-written id reader gives what Foundation's UUID gives, lower-cased, for every spelling.
    @Test(arguments: [
        "3f2a9c1e-7b4d-4e8a-9c1f-2b3d4e5f6a7b", "3F2A9C1E-7B4D-4E8A-9C1F-2B3D4E5F6A7B", "3f2A9c1E-7b4D-4e8A-9c1F-2b3D4e5F6a7B",
        "3f2a9c1e7b4d4e8a9c1f2b3d4e5f6a7b", "{3f2a9c1e-7b4d-4e8a-9c1f-2b3d4e5f6a7b}", "3f2a9c1e-7b4d-4e8a-9c1f-2b3d4e5f6a7",
        "3f2a9c1e-7b4d-4e8a-9c1f-2b3d4e5f6a7bb", "3f2a9c1e_7b4d-4e8a-9c1f-2b3d4e5f6a7b", "3f2a9c1g-7b4d-4e8a-9c1f-2b3d4e5f6a7b",
        "3f2a9c1e-7b4d-4e8a-9c1f-2b3d4e5f6a7 ", " 3f2a9c1e-7b4d-4e8a-9c1f-2b3d4e5f6a7", "3f2a9c1e-7b4d-4e8a-9c1f-2b3d4e5f6a7é",
        "3f2a9c1e--7b4d4e8a-9c1f-2b3d4e5f6a7b", "", "not-a-uuid",
    ])
    func idsAreReadAsFoundationReadsThem(_ text: String) {
        #expect(EntryFile.canonicalID(text) == UUID(uuidString: text).map { $0.uuidString.lowercased() })
    }

    /// Text is validated once, as it is split: a NUL byte or invalid UTF-8 anywhere, BOM or not, is not text.
    @Test(arguments: [
        (Data("---\nid: x\n---\nText\n".utf8), nil),
        (Data([0xEF, 0xBB, 0xBF]) + Data("Title\nText\n".utf8), nil),
        (Data("Title\nfine\nbad \u{0}\n".utf8), 3),
        (Data("Title\n".utf8) + Data([0xC3, 0x28]) + Data("\n".utf8), 2),
        (Data([0xEF, 0xBB, 0xBF, 0xFF]), 1),
    ] as [(Data, Int?)])
    func textIsTellingNotTextApart(_ data: Data, _ line: Int?) {
        let entry = EntryFile.decode(data, path: "entries/2026/11/2026-11-21-3f2a9c1e.md", zone: .gmt) {
            (Timestamp(date: Date(timeIntervalSince1970: 0), offsetSeconds: 0), .modificationTime)
        }
        #expect(entry.isText == (line == nil))
        #expect((entry.isText ? nil : entry.problem?.line) == line)
    }

    @Test func linesAreCutAtEachLFAndKeepTheirCR() {
        #expect("a\r\nb\n\nc".lfLines() == ["a\r", "b", "", "c"])
        #expect("a\r\nb\n\nc\n".lfLines(omittingEmpty: true) == ["a\r", "b", "c"])
        #expect("".lfLines() == [""])
        #expect("한\n글é\n".lfLines() == ["한", "글é", ""])
        let sub = "xx\nyy\nzz".dropFirst(3)
        #expect(sub.lfLines() == ["yy", "zz"])
        #expect(sub.firstIndex(ofByte: 10, from: sub.startIndex).map { sub.utf8.distance(from: sub.startIndex, to: $0) } == 2)
    }

    @Test func badDateFallsBackToTheFileNameDate() throws {
        let entry = Self.decode("---\nid: \(Self.id)\ncreated_at: 2019-02-29T10:00:00+09:00\n---\nText\n",
                                path: "entries/2026/11/2026-11-21-3f2a9c1e.md")
        #expect(entry.problem?.line == 3)
        #expect(entry.id == Self.id)
        #expect(entry.dateSource == .fileName)
        #expect(entry.createdAt.localDay == LocalDay(year: 2026, month: 11, day: 21))
    }

    // MARK: Files without a header

    @Test func headerlessFileGetsAStablePathIDAndTheFileNameDate() {
        let path = "entries/2026/11/2026-11-21-notes.md"
        let a = Self.decode("Just some text\n", path: path)
        let b = Self.decode("Other text entirely\n", path: path)
        let c = Self.decode("Just some text\n", path: "entries/2026/11/2026-11-22-other.md")
        #expect(a.problem == nil)
        // uuid.uuid5(uuid.uuid5(uuid.NAMESPACE_URL, "journal-entry-path"), path) in Python.
        #expect(a.id == "03e096e8-741d-5495-a8d4-d6cfccbb21ef")
        #expect(c.id == "9d81d6b6-a862-5192-889c-d8fb878052a6")
        #expect(a.id == b.id)
        #expect(a.id != c.id)
        #expect(a.dateSource == .fileName)
        #expect(a.createdAt.localDay == LocalDay(year: 2026, month: 11, day: 21))
        #expect(a.createdAt.parts.hour == 12)
        #expect(a.createdAt.offsetSeconds == 9 * 3600)
        #expect(c.createdAt.localDay == LocalDay(year: 2026, month: 11, day: 22))
        #expect(a.title == "Just some text")
    }

    @Test func headerlessFileWithoutADateUsesTheFallback() {
        let entry = Self.decode("text\n", path: "entries/misc/notes.md")
        #expect(entry.dateSource == .modificationTime)
        #expect(entry.createdAt == Self.fallback)
        let impossible = Self.decode("text\n", path: "entries/misc/2019-02-29.md")
        #expect(impossible.dateSource == .modificationTime)
    }

    @Test func headerWithoutDateUsesTheFileName() {
        let entry = Self.decode("---\nid: \(Self.id)\n---\nText\n", path: "entries/x/2024-02-29 leap.md")
        #expect(entry.problem == nil)
        #expect(entry.id == Self.id)
        #expect(entry.dateSource == .fileName)
        #expect(entry.createdAt.localDay == LocalDay(year: 2024, month: 2, day: 29))
    }

    @Test(arguments: [
        ("entries/2026/11/2026-11-21-3f2a9c1e.md", "2026-11-21"),
        ("notes 2026-11-21.md", "2026-11-21"),
        ("a/2020-01-01/x 2026-11-21.md", "2026-11-21"),
        ("2026-13-01 2026-12-31.md", "2026-12-31"),
        ("2019-02-29.md", nil),
        ("20261121.md", nil),
        ("notes.md", nil),
        ("", nil),
    ] as [(String, String?)])
    func dateInFileName(_ path: String, _ expected: String?) {
        #expect(EntryFile.dateInFileName(path) == expected)
    }

    // MARK: Paths

    @Test func pathUsesTheWritersLocalDate() {
        // 2026-11-21 in UTC, already 2026-11-22 in Seoul.
        let instant = Date(timeIntervalSince1970: 1_795_291_200)  // 2026-11-21T20:00:00Z
        let seoul = Timestamp(date: instant, offsetSeconds: 9 * 3600)
        #expect(EntryFile.path(for: Self.id, at: seoul) == "entries/2026/11/2026-11-22-3f2a9c1e.md")
        let utc = Timestamp(date: instant, offsetSeconds: 0)
        #expect(EntryFile.path(for: Self.id, at: utc) == "entries/2026/11/2026-11-21-3f2a9c1e.md")
        let newYork = Timestamp(date: Date(timeIntervalSince1970: 1_795_226_400), offsetSeconds: -5 * 3600)  // 2026-11-21T02:00Z
        #expect(EntryFile.path(for: Self.id, at: newYork) == "entries/2026/11/2026-11-20-3f2a9c1e.md")
        let newYear = Self.stamp("2026-12-31T20:00:00Z")
        #expect(EntryFile.path(for: Self.id, at: Timestamp(date: newYear.date, offsetSeconds: 9 * 3600))
                == "entries/2027/01/2027-01-01-3f2a9c1e.md")
        #expect(EntryFile.path(for: Self.id, at: Self.stamp("0999-03-04T05:06:07+00:00"))
                == "entries/0999/03/0999-03-04-3f2a9c1e.md")
    }

    // MARK: Title and body

    @Test(arguments: [
        ("Trip to Busan\n\nbody", "Trip to Busan"),
        ("\n\n  \nTitle after blanks\nbody", "Title after blanks"),
        ("# Heading\nbody", "Heading"),
        ("##Title", "Title"),
        ("### Deep heading  ", "Deep heading"),
        ("   indented title   \n", "indented title"),
        ("\t\n\ttabbed\n", "tabbed"),
        ("", ""),
        ("\n\n\n", ""),
        ("#", ""),
        ("부산 여행 🙂\n", "부산 여행 🙂"),
        // What is not text is passed over: comments, shortcodes, link definitions, properties, pictures.
        ("<!-- draft -->\nReal title\n", "Real title"),
        ("<!--\nseveral\n\nlines\n-->\n# Heading\n", "Heading"),
        ("{{< new-in 0.123.0 >}}\nThe `where` function\n", "The `where` function"),
        ("{{% note %}}\nInside a note\n{{% /note %}}\n", "Inside a note"),
        ("{{< figure\n  src=\"a.png\"\n>}}\nAfter the figure\n", "After the figure"),
        ("[ref]: https://example.com \"Example\"\n[^1]: a footnote\nText\n", "Text"),
        ("tags:: work, ideas\nalias:: x\n\n- first block\n", "- first block"),
        ("![banner](banner.png)\n\nMorning\n", "Morning"),
        ("  ![a](a.png) ![[b.png|300]]  \n[![c](c.png)](https://example.com)\nText\n", "Text"),
        ("![only a picture](p.png)\n", "![only a picture](p.png)"),
        ("A line with ![inline](p.png) picture\n", "A line with ![inline](p.png) picture"),
        ("[link](x) is text\n", "[link](x) is text"),
    ] as [(String, String)])
    func titleRule(_ text: String, _ expected: String) {
        #expect(Entry.title(of: text) == expected)
    }

    @Test(arguments: [
        ("Title\n\nFirst para\n\nSecond para\n", "First para\n\nSecond para"),
        ("\n\nTitle\nright after\n", "right after"),
        ("Title only\n", ""),
        ("Title\n\n\n   \n  indented body\n\n\n", "  indented body"),
        ("", ""),
        // Lines the title passed over stay in the body, where they stood.
        ("<!-- draft -->\nTitle\n\nBody\n", "<!-- draft -->\nBody"),
        ("![banner](b.png)\n\nTitle\n", "![banner](b.png)"),
        ("\n![banner](b.png)\n\nTitle\n\nBody\n\n", "![banner](b.png)\n\nBody"),
    ] as [(String, String)])
    func body(_ text: String, _ expected: String) {
        let entry = Self.decode(text, path: "entries/2026/11/2026-11-21-x.md")
        #expect(entry.text == text)
        #expect(entry.body == expected)
    }

    // MARK: A title the header gives, TOML front matter

    @Test func theHeadersTitleIsTheTitleAndTheTextIsTheBody() {
        let entry = Self.decode("---\ntitle: \"Taxonomies\"\ndate: 2024-03-01\n---\n\nThe `ByWeight` method returns\nthe menu.\n\n")
        #expect(entry.title == "Taxonomies")
        #expect(entry.titleFromHeader)
        #expect(entry.body == "The `ByWeight` method returns\nthe menu.")
        #expect(entry.titleLine == nil)
        // A title folded over lines is one line; an empty or null one leaves the text's.
        #expect(Self.decode("---\ntitle: >\n  Two\n  lines\n---\nText\n").title == "Two lines")
        for header in ["title: \"\"", "title:", "title: [a, b]"] {
            let derived = Self.decode("---\n\(header)\n---\nFirst line\nrest\n")
            #expect(derived.title == "First line")
            #expect(!derived.titleFromHeader)
            #expect(derived.body == "rest")
        }
    }

    @Test func tomlFrontMatterGivesTitleDateAndTags() {
        let text = "+++\ntitle = \"Taxonomies\" # a comment\ndate = 2024-03-01T09:00:00-05:00\ntags = [\n  \"hugo\", # the tool\n  'docs',\n]\ndraft = false\n[params]\ntitle = \"not this\"\n+++\n\nBody #inline\n"
        let entry = Self.decode(text, path: "entries/x.md")
        #expect(entry.problem == nil)
        #expect(entry.title == "Taxonomies")
        #expect(entry.createdAt.rfc3339 == "2024-03-01T09:00:00-05:00")
        #expect(entry.dateSource == .header)
        #expect(entry.tags == ["hugo", "docs"])
        #expect(entry.inlineTags == ["inline"])
        #expect(entry.text == "\nBody #inline\n")
        #expect(entry.body == "Body #inline")
        // After a YAML header (as an import writes it), the YAML header's fields come first.
        let both = Self.decode("---\nid: \(Self.id)\ncreated_at: 2024-03-02T10:00:00+09:00\ntags: [mine]\n---\n" + text)
        #expect(both.id == Self.id)
        #expect(both.title == "Taxonomies")
        #expect(both.createdAt.rfc3339 == "2024-03-02T10:00:00+09:00")
        #expect(both.tags == ["mine"])
        // Not closed, it is text.
        let open = Self.decode("+++\ntitle = \"x\"\nNo end\n", path: "entries/x.md")
        #expect(open.title == "+++")
        #expect(open.text == "+++\ntitle = \"x\"\nNo end\n")
    }

    @Test func tomlValues() {
        let pairs = TOMLHeader.parse([
            #"title = "Quote \" and \u00e9""#, "literal = 'C:\\path'", "multi = \"\"\"", "one", "two\"\"\"", "n = 42", "flag = true",
            "day = 2024-03-01", "stamp = 1979-05-27 07:32:00Z", "site.name = \"dotted\"", "inline = { a = 1 }",
            #""quoted key" = "v""#, "nested = [[1, 2], [\"a\"]]",
        ][...].map { Substring($0) })
        let value = YAMLValue.mapping(pairs)
        #expect(value["title"] == .scalar("Quote \" and é", quoted: true))
        #expect(value["literal"] == .scalar("C:\\path", quoted: true))
        #expect(value["multi"] == .scalar("one\ntwo", quoted: true))
        #expect(value["n"] == .scalar("42", quoted: false))
        #expect(value["flag"]?.bool == true)
        #expect(value["day"]?.string == "2024-03-01")
        #expect(value["stamp"]?.string == "1979-05-27 07:32:00Z")
        #expect(value["site"] == nil)
        #expect(value["name"] == nil)
        #expect(value["inline"] == nil)
        #expect(value["quoted key"]?.string == "v")
        #expect(value["nested"] == .sequence([]))
    }

    @Test(arguments: [
        ("journals/2024_03_01.md", "2024-03-01"),
        ("2024/03/2024-03-01.md", "2024-03-01"),
        ("2024_03-01.md", nil),
        ("2024_02_30.md", nil),
    ] as [(String, String?)])
    func aDayInTheFileName(_ path: String, _ day: String?) {
        #expect(EntryFile.dateInFileName(path) == day)
    }
}
