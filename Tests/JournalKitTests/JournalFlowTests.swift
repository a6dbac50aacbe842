import Foundation
import Git
import TestSupport
import Testing

@testable import JournalKit

/// The kit's flows in-process (issue 29 §5): a journal in a temporary folder, the flows called as a front end
/// calls them, their values checked. What a user sees through the binary stays with journalTests.
@Suite struct JournalFlowTests {
    /// A folder of its own and a journal in it, on a pinned clock in Seoul; git reads no config of this machine.
    final class Folder {
        let root: String
        let journal: Journal
        let context: JournalContext

        init() throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("JournalFlowTests-\(UUID().uuidString)")
                .resolvingSymlinksInPath().path
            try FileManager.default.createDirectory(atPath: root + "/config", withIntermediateDirectories: true)
            try JournalFlowTests.isolated
            let now = try #require(Timestamp.parse("2026-11-22T09:15:00+09:00", zone: .current)).date
            var context = JournalContext(
                now: now, commitTime: now, timeZone: try #require(TimeZone(identifier: "Asia/Seoul")),
                fallbackAuthor: Author(name: "Kit Tester", email: "kit@example.com"))
            context.workingDirectory = root
            self.context = context
            journal = try Journal.create(at: root + "/journal", context: context)
        }

        deinit { try? FileManager.default.removeItem(atPath: root) }

        func add(_ text: String, date: String? = nil, category: String? = nil, tags: [String] = []) throws -> Entry {
            var request = EntryRequest(text: text)
            request.date = date
            request.category = category
            request.tags = tags
            request.weather = false
            let when = try Journal.check(&request, journalExists: true, context: context)
            return try journal.add(request, at: when, lookup: nil, weather: nil, locale: nil, edit: { _ in }).entry
        }

        /// The subjects of the journal's commits, newest first (the git program, with this folder as HOME).
        func subjects() throws -> [String] {
            let env = ["HOME": root, "XDG_CONFIG_HOME": root + "/config", "GIT_CONFIG_NOSYSTEM": "1", "PATH": "/usr/bin:/bin"]
            return try Program.git(["log", "--format=%s"], in: root + "/journal", env: env).stdout.split(separator: "\n").map(String.init)
        }
    }

    /// libgit2 reads git's configuration from an empty folder, for the whole test process.
    static let isolated: Void = {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("JournalFlowTests-config").path
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try? Repository.readConfiguration(onlyFrom: folder)
    }()

    @Test func addListSearchAndEditAHeader() throws {
        let folder = try Folder()
        let busan = try folder.add("Trip to Busan\n\nWe ate hotteok at the market. #food", date: "2026-11-21 18:00", category: "travel",
                                   tags: ["Busan", "busan"])
        let seoul = try folder.add("서울역에서\n\n친구를 만났다.")
        #expect(busan.tags == ["Busan"])
        #expect(busan.path.hasPrefix("entries/2026/11/2026-11-21-"))
        let all = try folder.journal.entries(matching: EntryFilter())
        #expect(all.map(\.id) == [seoul.id, busan.id])
        var travel = EntryFilter()
        travel.category = "travel"
        #expect(try folder.journal.entries(matching: travel).map(\.id) == [busan.id])
        let hits = try folder.journal.search("hotteok", within: EntryFilter(), whole: true)
        #expect(hits.map(\.entry.id) == [busan.id])
        #expect(try folder.journal.search("역에", within: EntryFilter()).map(\.entry.id) == [seoul.id])
        let edit = try HeaderEdit.typed(
            category: nil, clearCategory: true, tags: ["#trip"], starred: true, date: nil, context: folder.context)
        let update = try folder.journal.updateHeader(of: busan, edit, for: .edit)
        #expect(update.entry.starred && update.entry.category == nil && update.entry.tags == ["Busan", "trip"])
        #expect(try folder.subjects().count == 4)
        let subjects = try folder.subjects()
        #expect(subjects.contains { $0.hasPrefix("Add \"Trip to Busan\"") }, "\(subjects)")
    }

    @Test func aDateHeaderEditTakesTheGrammarsWords() throws {
        let folder = try Folder()
        let edit = try HeaderEdit.typed(category: nil, clearCategory: false, tags: [], starred: nil, date: "yesterday 20:00",
                                        context: folder.context)
        #expect(edit.date?.rfc3339 == "2026-11-21T20:00:00+09:00")
        #expect(edit.timeZone == "Asia/Seoul")
        #expect(throws: JournalError.self) {
            try HeaderEdit.typed(category: nil, clearCategory: false, tags: [], starred: nil, date: "2019-02-29", context: folder.context)
        }
    }

    /// `export json` in-process: the bytes that reach the output are `EntryJSON`'s, in the query's order.
    @Test func exportWritesTheEntriesToTheOutput() throws {
        let folder = try Folder()
        let first = try folder.add("First\n\nbody", date: "2026-11-20 08:00")
        let second = try folder.add("Second")
        let plan = try Journal.exportPlan(.json, filter: EntryFilter(), output: nil, context: folder.context)
        nonisolated(unsafe) var written = Data()
        let outcome = try folder.journal.export(plan, units: .metric, output: TextOutput(write: { written.append($0) }, shown: nil))
        #expect(outcome.count == 2 && outcome.path == nil && outcome.warning == nil)
        let objects = try #require(try JSONSerialization.jsonObject(with: written) as? [[String: Any]])
        #expect(objects.compactMap { $0["id"] as? String } == [second.id, first.id])
        // To a file: written beside it and put in place, the count and the path said.
        let file = folder.root + "/out.md"
        let markdown = try Journal.exportPlan(.markdown, filter: EntryFilter(), output: file, context: folder.context)
        #expect(try folder.journal.export(markdown, units: .metric, output: TextOutput(write: { _ in }, shown: nil)).path == file)
        #expect(try String(contentsOfFile: file, encoding: .utf8).hasPrefix("## Second\n"))
        #expect(throws: JournalError.self) {
            try Journal.exportPlan(.html, filter: EntryFilter(), output: nil, context: folder.context)
        }
    }

    /// A search with no filter ranks by the text index alone and looks up only the entries it shows
    /// (`EntryIndex.topRanked`); every limit gives the first entries of the whole ranking, ties (equal
    /// texts) newest first, Korean whole words before word starts before the rest.
    @Test func aLimitedSearchIsTheStartOfTheWholeRanking() throws {
        let folder = try Folder()
        let texts = [
            "Rain\n\nIt rained.", "A walk\n\nRain on the river, rain on the roofs, rain everywhere.",
            "Long day\n\n" + String(repeating: "Work and more work. ", count: 40) + "Some rain at night.",
            "Rainy Sunday\n\nRain, tea and a book.", "비\n\n비가 온다.", "장비\n\n새 장비를 샀다.", "비 오는 날\n\n비빔밥을 먹었다.",
        ]
        for (day, text) in texts.enumerated() { _ = try folder.add(text, date: "2026-10-\(10 + day) 20:00") }
        // Equal texts: equal scores, told apart by their dates.
        for day in 1...6 { _ = try folder.add("Same\n\nRain again, 비 again.", date: "2026-09-0\(day) 08:00") }
        for word in ["rain", "비", "again", "ra"] {
            let whole = try folder.journal.search(SearchText(word), EntryQuery()).map(\.id)
            #expect(whole.count >= 6, "\(word)")
            for limit in 0...(whole.count + 1) {
                let first = try folder.journal.search(SearchText(word), EntryQuery(limit: limit)).map(\.id)
                #expect(first == Array(whole.prefix(limit)), "\(word), \(limit)")
            }
        }
    }
}
