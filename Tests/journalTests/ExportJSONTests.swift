import Foundation
import JournalKit
import Testing

/// `export json` writes entries by hand (EntryJSONBytes, held to JSONEncoder by EntryJSONBytesTests) and on
/// every core: through the binary, in order.
@Suite struct ExportJSONTests {
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
