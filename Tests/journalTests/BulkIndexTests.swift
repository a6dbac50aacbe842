import Foundation
import Testing

/// Loads of more than 500 files go into the index in bulk (its secondary indexes dropped and made again):
/// afterwards every query still finds what it should.
@Suite struct BulkIndexTests {
    @Test func aLargeImportIntoAJournalWithEntriesIsQueryableLikeAnyOther() throws {
        let box = try Sandbox()
        try box.journal("init")
        let early = try box.add("--date", "2020-05-01 08:00", "Before the import\n\nAlready here.", "-t", "old")
        var text = ""
        for n in 0..<700 {
            let day = String(format: "2023-%02d-%02d", n % 12 + 1, n % 28 + 1)
            text += "[\(day) 09:\(String(format: "%02d", n % 60))] Imported \(n) zebra\(n).\nBody of \(n) @bulk\(n % 7)\n\n"
        }
        let file = box.root.path + "/big.txt"
        try Data(text.utf8).write(to: URL(fileURLWithPath: file))
        let imported = try box.journal("import", "jrnl", file, "--time-zone", "UTC")
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.contains("Imported 700 entries"))

        // By tag, date, words, id prefix and count: the indexes made again answer as they should.
        #expect(try box.journal("list", "--tag", "bulk3").stdout.split(separator: "\n").count == 100)
        #expect(try box.journal("list", "--from", "2023-01-01", "--to", "2023-01-31").stdout.split(separator: "\n").count == 59)
        #expect(try box.journal("search", "zebra699").stdout.contains("Imported 699 zebra699"))
        #expect(try box.journal("show", early).stdout.contains("Already here."))
        let all = try #require(try JSONSerialization.jsonObject(with: Data(box.journal("list", "--json").stdout.utf8)) as? [[String: Any]])
        #expect(all.count == 701)
        #expect((all.last?["title"] as? String) == "Before the import")
        // The same source again adds nothing; the repository is clean.
        #expect(try box.journal("import", "jrnl", file, "--time-zone", "UTC").stdout.contains("700 already in the journal"))
        try box.expectCleanRepository()
    }
}
