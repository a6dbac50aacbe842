import Foundation
import Testing
@testable import JournalKit

/// A clash in one place must not take the rest of the text with it: every change that does not clash,
/// from both sides, stays in both merged texts (issue 9, defect 17).
@Suite struct TextMergeClashTests {
    @Test func retitledAndAppendedOnBothSidesKeepsEveryParagraph() {
        // The title is the only line, so each side's retitle and append touch one another.
        let base = "Lunch\n"
        let ours = "Lunch with Ann\n\nWe had noodles.\n\nThen tea.\n"
        let theirs = "Lunch at noon\n\nIt rained.\n"
        #expect(TextMerge.merge(base: base, ours: ours, theirs: theirs, keepingBothInsertions: true)
            == .conflict(preferOurs: "Lunch with Ann\n\nIt rained.\n\nWe had noodles.\n\nThen tea.\n",
                         preferTheirs: "Lunch at noon\n\nIt rained.\n\nWe had noodles.\n\nThen tea.\n"))
    }

    @Test func aClashingLastLineKeepsBothAppendedParagraphs() {
        let base = "Title\n\nWe walked.\n"
        let ours = "Title\n\nWe walked far.\n\nSunset.\n"
        let theirs = "Title\n\nWe walked home.\n\nRain.\n"
        #expect(TextMerge.merge(base: base, ours: ours, theirs: theirs, keepingBothInsertions: true)
            == .conflict(preferOurs: "Title\n\nWe walked far.\n\nRain.\n\nSunset.\n",
                         preferTheirs: "Title\n\nWe walked home.\n\nRain.\n\nSunset.\n"))
    }

    @Test func withoutKeepingBothInsertionsTheAppendsClashToo() {
        // Only the clashing lines and the clashing insertions come from each side; nothing is lost.
        let base = "Lunch\n"
        let ours = "Lunch with Ann\n\nWe had noodles.\n"
        let theirs = "Lunch at noon\n\nIt rained.\n"
        #expect(TextMerge.merge(base: base, ours: ours, theirs: theirs)
            == .conflict(preferOurs: ours, preferTheirs: theirs))
    }

    @Test func aClashKeepsTheOtherSidesAppendOnlyLine() {
        // Ours retitled only; theirs retitled and appended: the append is no clash and is in both texts.
        let base = "Lunch\n"
        let ours = "Lunch with Ann\n"
        let theirs = "Lunch at noon\n\nIt rained.\n"
        #expect(TextMerge.merge(base: base, ours: ours, theirs: theirs, keepingBothInsertions: true)
            == .conflict(preferOurs: "Lunch with Ann\n\nIt rained.\n", preferTheirs: "Lunch at noon\n\nIt rained.\n"))
    }

    @Test func anEntryWhoseTitlesClashKeepsBothSidesParagraphs() {
        let id = "3f2a9c1e-5b7d-4e0a-9c1d-5a6e2f0c4d11"
        func entry(_ body: String) -> Data { Data("---\nid: \(id)\ntags: [food]\n---\n\(body)".utf8) }
        let merged = FileMerge.merge(MergeInput(
            path: "entries/2026/11/2026-11-21-3f2a9c1e.md", base: entry("Lunch\n"),
            ours: entry("Lunch with Ann\n\nWe had noodles.\n\nThen tea.\n"),
            theirs: entry("Lunch at noon\n\nIt rained.\n"), oursWins: true))
        let kept = String(decoding: merged.data ?? Data(), as: UTF8.self)
        #expect(kept == "---\nid: \(id)\ntags: [food]\n---\nLunch with Ann\n\nIt rained.\n\nWe had noodles.\n\nThen tea.\n")
        let copy = String(decoding: merged.copy?.data ?? Data(), as: UTF8.self)
        #expect(copy.hasSuffix("---\nLunch at noon\n\nIt rained.\n\nWe had noodles.\n\nThen tea.\n"))
        #expect(copy.contains("conflict_of: \(id)\n"))
    }
}
