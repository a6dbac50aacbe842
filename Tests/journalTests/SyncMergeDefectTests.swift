import Foundation
import Testing

/// Sync merges that used to lose text or miscount (issue 9, defects 11 and 17).
@Suite struct SyncMergeDefectTests {
    /// The text of an entry file after its header.
    static func body(_ text: String) -> String {
        let parts = text.components(separatedBy: "\n---\n")
        return parts.count > 1 ? parts.dropFirst().joined(separator: "\n---\n") : text
    }

    @Test func titlesThatClashKeepEveryAppendedParagraphInTheEntry() throws {
        let peers = try Peers()
        let entry = try peers.add("a", "Lunch")
        try peers.sync("a")
        try peers.sync("b")
        let base = try #require(peers.read("a", entry.path))
        #expect(base.hasSuffix("---\nLunch\n"))
        try peers.write("a", entry.path, base.replacingOccurrences(of: "---\nLunch\n",
            with: "---\nLunch with Ann\n\nWe had noodles.\n\nThen tea at the river.\n"))
        #expect(try peers.run("a", "commit").status == 0)
        try peers.write("b", entry.path, base.replacingOccurrences(of: "---\nLunch\n", with: "---\nLunch at noon\n\nIt rained.\n"))
        #expect(try peers.run("b", "commit").status == 0)
        try peers.sync("a")
        let summary = try peers.run("b", "sync")
        #expect(summary.status == 0, "\(summary.stderr)")
        // Whichever title wins, the remote brought an edit, a copy was made, and the remote gets both.
        #expect(summary.stdout == "↓ 1 edited · ↑ 1 new, 1 edited · 1 conflict\n")
        let files = try peers.entryFiles("b")
        #expect(files.count == 2)
        let copyPath = try #require(files.first { $0 != entry.path })
        let kept = Self.body(try #require(peers.read("b", entry.path)))
        let copy = Self.body(try #require(peers.read("b", copyPath)))
        // Only the titles clash: everything else both sides wrote is in the entry (and in the copy),
        // the earlier side's paragraph first.
        let (fromA, fromB) = ("\nWe had noodles.\n\nThen tea at the river.\n", "\nIt rained.\n")
        let bothOrders = ["\n" + fromB + fromA, "\n" + fromA + fromB]
        let titles = ["Lunch with Ann", "Lunch at noon"]
        #expect(titles.contains { title in bothOrders.contains { kept == title + $0 } }, "\(kept)")
        #expect(titles.contains { title in bothOrders.contains { copy == title + $0 } }, "\(copy)")
        #expect(kept.prefix(12) != copy.prefix(12))
        try peers.sync("a")
        #expect(try peers.snapshot("a") == peers.snapshot("b"))
        try peers.expectHealthy("a")
        try peers.expectHealthy("b")
    }

    @Test func aConflictCopyIsNotCountedAsArriving() throws {
        let peers = try Peers()
        let entry = try peers.add("a", "Lunch\n\nWe ate noodles.")
        try peers.sync("a")
        try peers.sync("b")
        let base = try #require(peers.read("a", entry.path))
        // Each side also changes something the other didn't, so that the merged entry is new to both,
        // whichever side's words win the clash.
        try peers.write("a", entry.path, base.replacingOccurrences(of: "noodles.", with: "cold noodles.") + "\nIn Busan.\n")
        #expect(try peers.run("a", "commit").status == 0)
        try peers.write("b", entry.path, base.replacingOccurrences(of: "noodles.", with: "dumplings.")
            .replacingOccurrences(of: "---\nLunch\n", with: "---\nLate lunch\n"))
        #expect(try peers.run("b", "commit").status == 0)
        try peers.sync("a")
        // The remote brought one edited entry and no new one; the copy is the conflict.
        let summaryB = try peers.sync("b")
        #expect(summaryB == "↓ 1 edited · ↑ 1 new, 1 edited · 1 conflict")
        let summaryA = try peers.sync("a")
        #expect(summaryA == "↓ 1 new, 1 edited · ↑ 0 new · 0 conflicts")
        let merged = try #require(peers.read("b", entry.path))
        #expect(merged.contains("---\nLate lunch\n") && merged.hasSuffix("\nIn Busan.\n"))
    }
}
