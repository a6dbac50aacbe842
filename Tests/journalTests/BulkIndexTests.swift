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

    /// `list --tag T -n K` walks the entries in date order when T is common enough, and reads T's entries and
    /// sorts them when it is rare (`walksDates`): either way its lines are the first K of `list --tag T`.
    /// Entries share times, so that the order between them (by path) counts too.
    @Test func aTagWithALimitListsWhatTheWholeTagListStartsWith() throws {
        let box = try Sandbox()
        try box.journal("init")
        var text = ""
        for n in 0..<400 {
            let day = String(format: "2022-%02d-%02d", n % 12 + 1, n % 28 + 1)
            var tags = n % 3 == 0 ? " @common" : ""
            if n % 20 == 0 { tags += " @mid" }
            if n == 7 || n == 311 { tags += " @rare" }
            text += "[\(day) 10:\(String(format: "%02d", n % 5))] Entry \(n).\nBody\(tags)\n\n"
        }
        let file = box.root.path + "/tagged.txt"
        try Data(text.utf8).write(to: URL(fileURLWithPath: file))
        #expect(try box.journal("import", "jrnl", file, "--time-zone", "UTC").status == 0)
        for tags in [["common"], ["mid"], ["rare"], ["common", "mid"]] {
            for order in [[], ["--reverse"]] {
                let options = tags.flatMap { ["--tag", $0] } + order
                let whole = try box.run(["list"] + options).stdout.split(separator: "\n")
                let expected = ["common": 134, "mid": 20, "rare": 2, "common mid": 7][tags.joined(separator: " ")]
                #expect(whole.count == expected, "\(options)")
                for limit in [1, 5, 20] {
                    let first = try box.run(["list"] + options + ["-n", "\(limit)"]).stdout.split(separator: "\n")
                    #expect(first == Array(whole.prefix(limit)), "\(options) -n \(limit)")
                }
                let any = try box.run(["list", "--any-tag", "--tag", "mid", "--tag", "rare", "-n", "5"] + order)
                let anyWhole = try box.run(["list", "--any-tag", "--tag", "mid", "--tag", "rare"] + order)
                #expect(any.stdout.split(separator: "\n") == Array(anyWhole.stdout.split(separator: "\n").prefix(5)))
            }
        }
    }

    /// A bulk load (here a rebuild of a deleted index) indexes the entries' text only when something first
    /// searches it; what changes in between is found as it is by then, whichever command searches first.
    @Test func theTextOfABulkLoadIsIndexedByTheFirstSearchAsItIsThen() throws {
        let box = try Sandbox()
        try box.journal("init")
        for n in 0..<600 {
            try box.write(String(format: "entries/2024/%02d/n%03d.md", n % 12 + 1, n), "Note \(n)\n\nk\(n)q and quagga\(n % 3)\n")
        }
        #expect(try box.journal("commit").status == 0)
        try FileManager.default.removeItem(atPath: box.journal + "/.git/journal/index.sqlite")
        #expect(try box.journal("list", "-n", "1").status == 0)  // the rebuild: entries only
        // Before any search: one note edited, one deleted, one added.
        try box.write("entries/2024/01/n000.md", "Note 0\n\nnow about xylophones\n")
        try FileManager.default.removeItem(atPath: box.journal + "/entries/2024/02/n001.md")
        try box.write("entries/2024/03/new.md", "Fresh\n\nk9999q\n")
        let contains = try box.journal("list", "--contains", "xylophones")
        #expect(contains.stdout.contains("Note 0"), "\(contains.stdout)\(contains.stderr)")
        #expect(try box.journal("search", "k0q").stdout.isEmpty)
        #expect(try box.journal("search", "k1q").stdout.isEmpty)
        #expect(try box.journal("search", "k599q").stdout.contains("Note 599"))
        #expect(try box.journal("search", "k9999q").stdout.contains("Fresh"))
        let quaggas = try box.journal("search", "quagga2", "--json")
        #expect(quaggas.stdout.components(separatedBy: "\"title\"").count - 1 == 200, "\(quaggas.stdout.prefix(300))")
        #expect(try box.journal("export", "json", "--contains", "quagga1").stdout.components(separatedBy: "\"title\"").count - 1 == 199)
        try box.expectCleanRepository()
    }
}
