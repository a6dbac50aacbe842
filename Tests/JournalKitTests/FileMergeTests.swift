import Foundation
import Testing

@testable import JournalKit

@Suite struct FileMergeTests {
    let path = "entries/2026/11/2026-11-21-3f2a9c1e.md"

    func entry(_ header: String, _ body: String) -> Data {
        Data("---\nid: 3f2a9c1e-5b7d-4e0a-9c1d-5a6e2f0c4d11\n\(header)---\n\(body)".utf8)
    }

    func merge(_ base: Data?, _ ours: Data?, _ theirs: Data?, oursWins: Bool = true, path: String? = nil) -> MergedFile {
        FileMerge.merge(MergeInput(path: path ?? self.path, base: base, ours: ours, theirs: theirs, oursWins: oursWins))
    }

    func text(_ data: Data?) -> String? { data.map { String(decoding: $0, as: UTF8.self) } }

    @Test func headerFieldsChangedOnOneSideEachAreAllKept() {
        let base = entry("category: music\ntags: [a, b]\n", "Title\n\ntext\n")
        let ours = entry("category: travel\ntags: [a, b, c]\n", "Title\n\ntext\n")
        let theirs = entry("category: music\ntags: [b, d]\nstarred: true\n", "Title\n\ntext, more\n")
        let merged = merge(base, ours, theirs)
        #expect(text(merged.data) == text(entry("category: travel\ntags: [b, c, d]\nstarred: true\n", "Title\n\ntext, more\n")))
        #expect(merged.copy == nil && merged.notes.isEmpty)
        // The same from the other side, with the other winner: the same file.
        #expect(merge(base, theirs, ours, oursWins: false).data == merged.data)
    }

    @Test func valuesOfSeveralLinesAndCommentsMergeLineByLine() {
        let base = entry("tags: [a]\n# remember: code 4711\npeople:\n  - Ann\nsummary: |\n  line one\n  line two\n", "T\n")
        let ours = entry("tags: [a, b]\n# remember: code 4711\npeople:\n  - Ann\n  - Carol\nsummary: |\n  line ONE\n  line two\n", "T\n")
        let theirs = entry("tags: [a, c]\n# remember: code 4711\npeople:\n  - Ann\n  - Dave\nsummary: |\n  line one\n  line TWO\n", "T\n")
        let merged = merge(base, ours, theirs)
        #expect(text(merged.data) == text(entry(
            "tags: [a, b, c]\n# remember: code 4711\npeople:\n  - Ann\n  - Dave\n  - Carol\nsummary: |\n  line ONE\n  line TWO\n", "T\n")))
        #expect(merged.notes.isEmpty)
    }

    @Test func aTextThatOnlyLooksLikeAHeaderMergesAsText() {
        let base = Data("---\nIntro line one\nIntro line two\n---\nRest\n".utf8)
        let ours = Data("---\nIntro line ONE\nIntro line two\n---\nRest\n".utf8)
        let theirs = Data("---\nIntro line one\nIntro line TWO\n---\nRest\n".utf8)
        #expect(text(merge(base, ours, theirs).data) == "---\nIntro line ONE\nIntro line TWO\n---\nRest\n")
    }

    @Test func aScalarChangedOnBothSidesTakesTheWinnersAndNamesTheOther() {
        let base = entry("category: music\n", "T\n")
        let merged = merge(base, entry("category: travel\n", "T\n"), entry("category: study\n", "T\n"), oursWins: false)
        #expect(text(merged.data) == text(entry("category: study\n", "T\n")))
        #expect(merged.notes == ["\(path): category: kept study; the other side had travel"])
    }

    @Test func nestedMappingsMergeKeyByKey() {
        let base = entry("weather:\n  condition: clear\n  temperature_c: 3\n", "T\n")
        let ours = entry("weather:\n  condition: rain\n  temperature_c: 3\n", "T\n")
        let theirs = entry("weather:\n  condition: clear\n  temperature_c: 4\n  humidity: 80\n", "T\n")
        #expect(text(merge(base, ours, theirs).data)
            == text(entry("weather:\n  condition: rain\n  temperature_c: 4\n  humidity: 80\n", "T\n")))
    }

    @Test func theSameWordsChangedTwiceMakeADeterministicCopy() throws {
        let base = entry("tags: [food]\n", "Lunch\n\nWe ate noodles.\n")
        let ours = entry("tags: [food]\n", "Lunch\n\nWe ate ramen.\n")
        let theirs = entry("tags: [food, busan]\n", "Lunch\n\nWe ate dumplings.\n")
        let one = merge(base, ours, theirs, oursWins: true)
        let other = merge(base, theirs, ours, oursWins: false)
        #expect(one == other)
        #expect(text(one.data) == text(entry("tags: [food, busan]\n", "Lunch\n\nWe ate ramen.\n")))
        let copy = try #require(one.copy)
        let copyText = String(decoding: copy.data, as: UTF8.self)
        let copyID = try #require(copyText.split(separator: "\n").first { $0.hasPrefix("id: ") }).dropFirst(4)
        #expect(copy.path == "entries/2026/11/2026-11-21-\(copyID.prefix(8)).md")
        #expect(copyText == "---\nid: \(copyID)\nconflict_of: 3f2a9c1e-5b7d-4e0a-9c1d-5a6e2f0c4d11\ntags: [food, busan]\n---\nLunch\n\nWe ate dumplings.\n")
        #expect(UUID(uuidString: String(copyID)) != nil)
    }

    @Test func aCopyOfAnEntryMergedAsPlainTextIsMarkedToo() throws {
        // One side added a header to a hand-written file, so the two are merged as plain text.
        let path = "entries/2026/11/plain.md"
        let base = Data("Plain\n\nWe ate noodles.\n".utf8)
        let ours = Data("---\nid: 11111111-2222-4333-8444-555555555555\ntags: [x]\n---\nPlain\n\nWe ate ramen.\n".utf8)
        let theirs = Data("Plain\n\nWe ate dumplings.\n".utf8)
        for oursWins in [true, false] {
            let merged = merge(base, ours, theirs, oursWins: oursWins, path: path)
            let copy = try #require(merged.copy)
            let copyText = try #require(text(copy.data))
            let copyID = try #require(copyText.split(separator: "\n").first { $0.hasPrefix("id: ") }).dropFirst(4)
            #expect(copy.path == "entries/2026/11/plain-conflict-\(copyID.prefix(8)).md")
            let (kept, other) = oursWins ? ("ramen", "dumplings") : ("dumplings", "ramen")
            #expect(text(merged.data) == "---\nid: 11111111-2222-4333-8444-555555555555\ntags: [x]\n---\nPlain\n\nWe ate \(kept).\n")
            #expect(copyText == "---\nid: \(copyID)\ntags: [x]\nconflict_of: 11111111-2222-4333-8444-555555555555\n---\nPlain\n\nWe ate \(other).\n")
        }
        // Neither side has a header: the copy gets one, with its own id and conflict_of the path's id.
        let plain = merge(base, Data("Plain\n\nWe ate ramen.\n".utf8), theirs, oursWins: true, path: path)
        let plainCopy = try #require(text(plain.copy?.data))
        #expect(plainCopy.hasPrefix("---\nid: ") && plainCopy.hasSuffix("---\nPlain\n\nWe ate dumplings.\n"))
        #expect(plainCopy.contains("\nconflict_of: \(NameUUID.forPath(path).uuidString.lowercased())\n"))
    }

    @Test func anEmptiedTextNeedsNoCopy() {
        let base = entry("", "T\n\ntext\n")
        let edited = entry("", "T\n\ntext edited\n")
        let emptied = entry("", "")
        // The edit is the later one: it stays, and the emptied side leaves nothing to keep.
        let merged = merge(base, edited, emptied, oursWins: true)
        #expect(merged.data == edited && merged.copy == nil)
        // The emptying is the later one: the entry is empty and the edit is kept in a copy.
        let other = merge(base, emptied, edited, oursWins: true)
        #expect(other.data == emptied && other.copy.map { String(decoding: $0.data, as: UTF8.self).contains("text edited") } == true)
    }

    @Test func aTextEditBeatsADeleteAndAToolChangeLosesToIt() {
        let base = entry("", "T\n\ntext\n")
        let edited = entry("", "T\n\ntext and more\n")
        let weathered = entry("weather:\n  condition: clear\n", "T\n\ntext\n")
        let tagged = entry("tags: [x]\n", "T\n\ntext\n")
        #expect(merge(base, nil, edited).data == edited)
        #expect(merge(base, edited, nil).data == edited)
        #expect(merge(base, nil, weathered).data == nil)
        #expect(merge(base, weathered, nil).data == nil)
        #expect(merge(base, entry("category: travel\n", "T\n\ntext\n"), nil).data == nil)
        #expect(merge(base, nil, tagged).data == tagged)
        #expect(merge(base, nil, nil).data == nil)
    }

    @Test func crlfAndBOMSurviveAHeaderMerge() {
        let bom = Data([0xEF, 0xBB, 0xBF])
        func file(_ header: String, _ body: String) -> Data {
            bom + Data(("---\r\nid: x\r\n" + header + "---\r\n" + body).utf8)
        }
        let base = file("tags: [a]\r\n", "T\r\n\r\nline one\r\nline two\r\n")
        let ours = file("tags: [a, b]\r\n", "T\r\n\r\nline one\r\nline two\r\n")
        let theirs = file("tags: [a, c]\r\n", "T\r\n\r\nline one!\r\nline two\r\n")
        #expect(text(merge(base, ours, theirs).data)?.debugDescription == text(file("tags: [a, b, c]\r\n", "T\r\n\r\nline one!\r\nline two\r\n"))?.debugDescription)
    }

    @Test func journalYmlMergesCategoriesKeyByKey() {
        let base = "version: 1\ncategories:\n  work:\n    emoji: \"💼\"\n    color: blue\n"
        let ours = base + "  garden:\n    emoji: \"🌱\"\n"
        let theirs = "version: 1\ncategories:\n  work:\n    emoji: \"💼\"\n    color: red\n  cooking:\n    emoji: \"🍳\"\n"
        let merged = merge(Data(base.utf8), Data(ours.utf8), Data(theirs.utf8), path: "journal.yml")
        // A key only the other side added follows the key it followed there.
        #expect(text(merged.data) == "version: 1\ncategories:\n  work:\n    emoji: \"💼\"\n    color: red\n  cooking:\n    emoji: \"🍳\"\n  garden:\n    emoji: \"🌱\"\n")
        // Both changed one colour: the winner's stays and the note names both values.
        let green = base.replacingOccurrences(of: "blue", with: "green")
        let both = merge(Data(base.utf8), Data(green.utf8), Data(theirs.utf8), oursWins: true, path: "journal.yml")
        #expect(both.notes == ["journal.yml: categories.work.color: kept green; the other side had red"])
        // One side emptied the value: the note says so instead of ending in nothing.
        let emptied = base.replacingOccurrences(of: "color: blue", with: "color:")
        let withEmpty = merge(Data(base.utf8), Data(green.utf8), Data(emptied.utf8), oursWins: true, path: "journal.yml")
        #expect(withEmpty.notes == ["journal.yml: categories.work.color: kept green; the other side had an empty value"])
    }

    @Test func otherFilesMergeByLinesAndKeepAClashBeside() throws {
        let merged = merge(Data("a\nb\nc\n".utf8), Data("a!\nb\nc\n".utf8), Data("a\nb\nc!\n".utf8), path: "templates/entry.md")
        #expect(text(merged.data) == "a!\nb\nc!\n")
        let clash = merge(Data("a\n".utf8), Data("one\n".utf8), Data("two\n".utf8), path: "templates/entry.md")
        #expect(text(clash.data) == "one\n")
        let copy = try #require(clash.copy)
        #expect(copy.path.hasPrefix("templates/entry.conflict-") && copy.path.hasSuffix(".md"))
        #expect(text(copy.data) == "two\n")
        let binary = merge(Data([0, 1]), Data([0, 2]), Data([0, 3]), oursWins: false, path: "attachments/x/photo.jpg")
        #expect(binary.data == Data([0, 3]) && binary.copy?.data == Data([0, 2]))
    }

    @Test func copyPathsKeepTheDateOrNameTheFileAfterTheOriginal() {
        #expect(FileMerge.copyPath(for: "entries/2026/11/2026-11-21-3f2a9c1e.md", id: "abcdef01-2345")
            == "entries/2026/11/2026-11-21-abcdef01.md")
        #expect(FileMerge.copyPath(for: "entries/notes.md", id: "abcdef01-2345") == "entries/notes-conflict-abcdef01.md")
    }

    /// A CRLF file keeps CRLF on every line after a merge, also on lines one side added with LF (a line
    /// the tool appended, another editor) and when the text has no final line break.
    @Test func aCRLFFileKeepsCRLFOnEveryLine() {
        let file = { (header: String, body: String) in Data(("---\r\nid: x\r\n" + header + "---\r\n" + body).utf8) }
        let base = file("tags: [a]\r\n", "T\r\n\r\nline one\r\nline two\r\n")
        let ours = file("tags: [a, b]\r\n", "T\r\n\r\nline one\r\nline two\r\n![photo](a.jpg)\n")
        let theirs = file("tags: [a, c]\r\n", "T\r\n\r\nline one!\r\nline two\r\n")
        let merged = text(merge(base, ours, theirs).data) ?? ""
        #expect(merged == text(file("tags: [a, b, c]\r\n", "T\r\n\r\nline one!\r\nline two\r\n![photo](a.jpg)\r\n")), "\(merged.debugDescription)")
        let unterminated = text(merge(base, file("tags: [a]\r\n", "T\r\n\r\nline one\r\nline two\r\nlast"), theirs).data) ?? ""
        #expect(unterminated.hasSuffix("line two\r\nlast"), "\(unterminated.debugDescription)")
        #expect(!unterminated.replacingOccurrences(of: "\r\n", with: "").contains("\n"), "\(unterminated.debugDescription)")
    }
}
