import Foundation
import Testing
@testable import JournalKit

/// The web view's cache of parsed entries: a hit only for the very same bytes, the budget kept, and files
/// that name no date never kept (their date comes from elsewhere).
@Suite struct EntryCacheTests {
    let zone = TimeZone(identifier: "Asia/Seoul")!

    func entry(_ text: String, path: String) -> (Entry, Data) {
        let data = Data(text.utf8)
        let entry = EntryFile.decode(data, path: path, zone: zone) { (Timestamp(date: Date(timeIntervalSince1970: 0), timeZone: zone), .modificationTime) }
        return (entry, data)
    }

    @Test func aHitOnlyForTheSameBytes() {
        let cache = EntryCache()
        let path = "entries/2026/11/2026-11-26-0900-aaaaaaaa.md"
        let (first, data) = entry("---\nid: aaaaaaaa-0000-4000-8000-000000000000\ncreated_at: 2026-11-26T09:00:00+09:00\n---\nTea\n", path: path)
        #expect(first.dateSource == .header)
        cache.keep(first, data: data, zone: zone)
        #expect(cache.entry(path: path, data: data, zone: zone)?.title == "Tea")
        // One byte changed, same size: parsed again.
        var changed = data
        changed[changed.count - 2] = UInt8(ascii: "x")
        #expect(cache.entry(path: path, data: changed, zone: zone) == nil)
        #expect(cache.entry(path: path, data: data, zone: TimeZone(identifier: "UTC")!) == nil)
        #expect(cache.entry(path: "entries/other.md", data: data, zone: zone) == nil)
    }

    @Test func filesThatNameNoDateAreNotKept() {
        let cache = EntryCache()
        let (undated, data) = entry("A note\n", path: "entries/notes/a.md")
        #expect(undated.dateSource == .modificationTime)
        cache.keep(undated, data: data, zone: zone)
        #expect(cache.entry(path: "entries/notes/a.md", data: data, zone: zone) == nil)
    }

    @Test func theBudgetIsKept() {
        let cache = EntryCache(budget: 64 << 10)
        var files: [(String, Data)] = []
        for number in 0..<200 {
            let path = String(format: "entries/2026/11/2026-11-26-0900-%08x.md", number)
            let text = "---\nid: \(String(format: "%08x", number))-0000-4000-8000-000000000000\ncreated_at: 2026-11-26T09:00:00+09:00\n---\n"
                + String(repeating: "word ", count: 200) + "\n"
            let (parsed, data) = entry(text, path: path)
            cache.keep(parsed, data: data, zone: zone)
            files.append((path, data))
        }
        // 200 files of about 1 KB in 64 KB: most went, some are still there.
        let hits = files.filter { cache.entry(path: $0.0, data: $0.1, zone: zone) != nil }.count
        #expect(hits > 20 && hits < 64, "\(hits)")
        #expect(cache.storedBytes <= 64 << 10)
    }
}
