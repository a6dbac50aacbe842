import Foundation
import Testing
@testable import JournalKit

/// Tests of `TextMerge`. Every case is also run with the sides swapped: a clean merge must give the
/// same text, a conflict the same two texts swapped.
@Suite struct TextMergeTests {
    // MARK: Helpers

    /// Checks that merging gives the clean `expected`, in both side orders.
    static func expectClean(base: String, ours: String, theirs: String, _ expected: String,
                            sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(TextMerge.merge(base: base, ours: ours, theirs: theirs) == .clean(expected), sourceLocation: sourceLocation)
        #expect(TextMerge.merge(base: base, ours: theirs, theirs: ours) == .clean(expected), sourceLocation: sourceLocation)
    }

    /// Checks that merging conflicts with exactly these two texts, in both side orders.
    static func expectConflict(base: String, ours: String, theirs: String, preferOurs: String, preferTheirs: String,
                               sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(TextMerge.merge(base: base, ours: ours, theirs: theirs)
                    == .conflict(preferOurs: preferOurs, preferTheirs: preferTheirs), sourceLocation: sourceLocation)
        #expect(TextMerge.merge(base: base, ours: theirs, theirs: ours)
                    == .conflict(preferOurs: preferTheirs, preferTheirs: preferOurs), sourceLocation: sourceLocation)
    }

    // MARK: Trivial sides

    @Test func oneSideUnchangedGivesTheOtherVerbatim() {
        let base = "Rainy day.\nStayed in.\n"
        let edited = "Rainy day.\r\nStayed in and read.\n\n\n"
        #expect(TextMerge.merge(base: base, ours: base, theirs: edited) == .clean(edited))
        #expect(TextMerge.merge(base: base, ours: edited, theirs: base) == .clean(edited))
        #expect(TextMerge.merge(base: base, ours: "", theirs: base) == .clean(""))
        #expect(TextMerge.merge(base: base, ours: edited, theirs: edited) == .clean(edited))
        #expect(TextMerge.merge(base: "", ours: "", theirs: "New text") == .clean("New text"))
        #expect(TextMerge.merge(base: "", ours: "", theirs: "") == .clean(""))
    }

    // MARK: Line level

    @Test func disjointLineEditsMerge() {
        Self.expectClean(
            base: "Monday\nWent to the market.\nBought apples.\nCooked dinner.\n",
            ours: "Monday\nWent to the old market.\nBought apples.\nCooked dinner.\n",
            theirs: "Monday\nWent to the market.\nBought apples.\nCooked a late dinner.\nSlept early.\n",
            "Monday\nWent to the old market.\nBought apples.\nCooked a late dinner.\nSlept early.\n")
    }

    @Test func editsOfNeighbouringLinesMerge() {
        Self.expectClean(base: "one\ntwo\nthree\n", ours: "ONE\ntwo\nthree\n", theirs: "one\nTWO\nthree\n",
                         "ONE\nTWO\nthree\n")
        // A line edited on one side, a line inserted right after it on the other.
        Self.expectClean(base: "a\nb\nc\n", ours: "a\nB\nc\n", theirs: "a\nb\nnew\nc\n", "a\nB\nnew\nc\n")
    }

    @Test func identicalChangesMergeOnce() {
        // Both fixed the same word; one side also fixed another line.
        Self.expectClean(base: "a b c\nd e f\ng h i\n", ours: "a B c\nd e f\ng h I\n", theirs: "a B c\nd E f\ng h i\n",
                         "a B c\nd E f\ng h I\n")
        // Both appended the same line; one side also edited the first.
        Self.expectClean(base: "Up early.\nWalk.\n", ours: "Up early!\nWalk.\nTea.\n", theirs: "Up early.\nWalk.\nTea.\n",
                         "Up early!\nWalk.\nTea.\n")
    }

    @Test func bothDeletingTheSameLinesMerges() {
        Self.expectClean(base: "keep\ndrop 1\ndrop 2\nkeep too\n", ours: "keep\nkeep too!\n", theirs: "keep\nkeep too\n",
                         "keep\nkeep too!\n")
    }

    @Test func deletedParagraphAndEditElsewhereMerge() {
        let base = "First paragraph.\n\nSecond, to remove.\n\nThird paragraph.\n"
        Self.expectClean(base: base, ours: "First paragraph.\n\nThird paragraph.\n",
                         theirs: "First paragraph, edited.\n\nSecond, to remove.\n\nThird paragraph.\n",
                         "First paragraph, edited.\n\nThird paragraph.\n")
        // The edited paragraph directly follows the deleted one.
        Self.expectClean(base: base, ours: "First paragraph.\n\nThird paragraph.\n",
                         theirs: "First paragraph.\n\nSecond, to remove.\n\nThird paragraph, edited.\n",
                         "First paragraph.\n\nThird paragraph, edited.\n")
    }

    // MARK: Word level

    @Test func differentWordsOfOneLineMerge() {
        Self.expectClean(base: "The cat sat on the mat.\n", ours: "The black cat sat on the mat.\n",
                         theirs: "The cat sat on the red mat.\n", "The black cat sat on the red mat.\n")
    }

    /// A word inserted next to a word the other side replaced may belong to either: a clash, each
    /// side's line kept as written ("I was not sad" would be a sentence nobody wrote).
    @Test func wordsInsertedNextToAWordTheOtherSideChangedClash() {
        Self.expectConflict(base: "x\nthe end", ours: "x\nthe happy end", theirs: "x\nthe end!",
                            preferOurs: "x\nthe happy end", preferTheirs: "x\nthe end!")
        Self.expectConflict(base: "I was happy with it.\n", ours: "I was not happy with it.\n", theirs: "I was sad with it.\n",
                            preferOurs: "I was not happy with it.\n", preferTheirs: "I was sad with it.\n")
        Self.expectConflict(base: "We met at 5\n", ours: "We met at 6 pm\n", theirs: "We met at 5 pm\n",
                            preferOurs: "We met at 6 pm\n", preferTheirs: "We met at 5 pm\n")
    }

    @Test func aClashingLineIsKeptWholeOnEachSide() {
        Self.expectConflict(base: "I met Tom at the cafe on Monday.\n", ours: "I met Tom and Ann at the bar on Monday.\n",
                            theirs: "I met Tom and Bob at the cafe on Monday.\n",
                            preferOurs: "I met Tom and Ann at the bar on Monday.\n",
                            preferTheirs: "I met Tom and Bob at the cafe on Monday.\n")
    }

    @Test func aDroppedFinalNewlineNeverGluesTwoLines() {
        Self.expectClean(base: "first\nsecond\nthird\n", ours: "FIRST\nsecond\nthird",
                         theirs: "first\nsecond\nthird\nfourth from B\n", "FIRST\nsecond\nthird\nfourth from B")
        Self.expectClean(base: "a\r\nb\r\n", ours: "a\r\nb", theirs: "A\r\nb\r\nc\r\n", "A\r\nb\r\nc")
    }

    @Test func bothAppendingKeepsBothWhenAsked() {
        let base = "Today\n\nMorning.\n"
        #expect(TextMerge.merge(base: base, ours: base + "Evening at home.\n", theirs: base + "Lunch in town.\n",
                                keepingBothInsertions: true)
            == .clean("Today\n\nMorning.\nLunch in town.\nEvening at home.\n"))
        #expect(TextMerge.merge(base: "", ours: "later\n", theirs: "earlier", keepingBothInsertions: true)
            == .clean("earlier\nlater\n"))
        // A change of existing words is still a conflict.
        #expect(TextMerge.merge(base: base, ours: "Today\n\nNoon.\n", theirs: "Today\n\nDusk.\n", keepingBothInsertions: true)
            == .conflict(preferOurs: "Today\n\nNoon.\n", preferTheirs: "Today\n\nDusk.\n"))
    }

    @Test func sameWordChangedDifferentlyConflicts() {
        Self.expectConflict(base: "The cat sat on the mat.\n", ours: "The dog sat on the mat.\n",
                            theirs: "The bird sat on the mat.\n",
                            preferOurs: "The dog sat on the mat.\n", preferTheirs: "The bird sat on the mat.\n")
    }

    /// Other lines merge; the clashing line stays as each side wrote it (no sentence nobody wrote).
    @Test func conflictTextsKeepEveryOtherChange() {
        Self.expectConflict(
            base: "Title\n\nThe cat sat on the mat.\n\nEnd.\n",
            ours: "Title!\n\nThe dog sat on the mat.\n\nEnd.\n",
            theirs: "Title\n\nThe bird sat on the red mat.\n\nThe end.\n",
            preferOurs: "Title!\n\nThe dog sat on the mat.\n\nThe end.\n",
            preferTheirs: "Title!\n\nThe bird sat on the red mat.\n\nThe end.\n")
    }

    @Test func twoConflictingRegionsEachTakeOneSide() {
        Self.expectConflict(base: "I ate rice.\nIt was fine.\nThen I slept.\n",
                            ours: "I ate noodles.\nIt was fine.\nThen I read.\n",
                            theirs: "I ate bread.\nIt was fine.\nThen I ran.\n",
                            preferOurs: "I ate noodles.\nIt was fine.\nThen I read.\n",
                            preferTheirs: "I ate bread.\nIt was fine.\nThen I ran.\n")
    }

    @Test func appendingDifferentTextAtTheEndConflicts() {
        Self.expectConflict(base: "Morning run.\n", ours: "Morning run.\nLunch with Mina.\n",
                            theirs: "Morning run.\nEvening movie.\n",
                            preferOurs: "Morning run.\nLunch with Mina.\n", preferTheirs: "Morning run.\nEvening movie.\n")
        // Even when one side's addition starts with the other's.
        Self.expectConflict(base: "Walk.\n", ours: "Walk.\nTea.\nBed.\n", theirs: "Walk.\nTea.\n",
                            preferOurs: "Walk.\nTea.\nBed.\n", preferTheirs: "Walk.\nTea.\n")
    }

    @Test func insertingDifferentLinesAtTheSamePointConflicts() {
        Self.expectConflict(base: "a\nb\n", ours: "a\nfrom ours\nb\n", theirs: "a\nfrom theirs\nb\n",
                            preferOurs: "a\nfrom ours\nb\n", preferTheirs: "a\nfrom theirs\nb\n")
    }

    @Test func deletingALineTheOtherSideEditedConflicts() {
        Self.expectConflict(base: "a\nkeep me\nb\n", ours: "a\nb\n", theirs: "a\nkeep me please\nb\n",
                            preferOurs: "a\nb\n", preferTheirs: "a\nkeep me please\nb\n")
        // Words added at the very start of the deleted line belong to it: not glued onto "b".
        Self.expectConflict(base: "a\nkeep me\nb\n", ours: "a\nb\n", theirs: "a\nplease keep me\nb\n",
                            preferOurs: "a\nb\n", preferTheirs: "a\nplease keep me\nb\n")
    }

    @Test func insertingNextToALineTheOtherSideDeletedConflicts() {
        Self.expectConflict(base: "a\nb\nc\n", ours: "a\nc\n", theirs: "a\nb\nnew\nc\n",
                            preferOurs: "a\nc\n", preferTheirs: "a\nb\nnew\nc\n")
        Self.expectConflict(base: "a\nb\nc\n", ours: "a\nc\n", theirs: "a\nnew\nb\nc\n",
                            preferOurs: "a\nc\n", preferTheirs: "a\nnew\nb\nc\n")
    }

    @Test func deletingEverythingWhileTheOtherEditsConflicts() {
        Self.expectConflict(base: "Line one.\nLine two.\n", ours: "", theirs: "Line one.\nLine 2.\n",
                            preferOurs: "", preferTheirs: "Line one.\nLine 2.\n")
        Self.expectConflict(base: "Line one.\n", ours: "", theirs: "Line one.\nLine two.\n",
                            preferOurs: "", preferTheirs: "Line one.\nLine two.\n")
    }

    // MARK: Empty base

    @Test func emptyBase() {
        Self.expectClean(base: "", ours: "Same new text.\n", theirs: "Same new text.\n", "Same new text.\n")
        Self.expectConflict(base: "", ours: "Written here.\n", theirs: "Written there.\n",
                            preferOurs: "Written here.\n", preferTheirs: "Written there.\n")
        Self.expectConflict(base: "", ours: "Shared start\nmine", theirs: "Shared start\nyours",
                            preferOurs: "Shared start\nmine", preferTheirs: "Shared start\nyours")
    }

    // MARK: Line endings

    @Test func crlfIsPreserved() {
        Self.expectClean(base: "Dear diary,\r\nToday was long.\r\nGood night.\r\n",
                         ours: "Dear diary,\r\nToday was very long.\r\nGood night.\r\n",
                         theirs: "Dear diary,\r\nToday was long.\r\nGood night!\r\n",
                         "Dear diary,\r\nToday was very long.\r\nGood night!\r\n")
        Self.expectClean(base: "The cat sat on the mat.\r\n", ours: "The black cat sat on the mat.\r\n",
                         theirs: "The cat sat on the red mat.\r\n", "The black cat sat on the red mat.\r\n")
    }

    @Test func lineEndingChangeMergesWithAWordEdit() {
        Self.expectClean(base: "one two\nthree four\n", ours: "one two\r\nthree four\r\n", theirs: "one 2\nthree four\n",
                         "one 2\r\nthree four\r\n")
    }

    @Test func missingFinalNewlineIsPreserved() {
        Self.expectClean(base: "first\nlast line", ours: "First\nlast line", theirs: "first\nlast line, edited",
                         "First\nlast line, edited")
        // One side adds the final newline, the other edits the first line.
        Self.expectClean(base: "a\nb", ours: "a\nb\n", theirs: "A\nb", "A\nb\n")
        Self.expectConflict(base: "x", ours: "x\ny", theirs: "x\nz", preferOurs: "x\ny", preferTheirs: "x\nz")
    }

    // MARK: Unicode

    @Test func koreanWords() {
        Self.expectClean(base: "오늘은 날씨가 좋았다.\n친구를 만났다.\n",
                         ours: "오늘은 날씨가 정말 좋았다.\n친구를 만났다.\n",
                         theirs: "어제는 날씨가 좋았다.\n오랜 친구를 만났다.\n",
                         "어제는 날씨가 정말 좋았다.\n오랜 친구를 만났다.\n")
        Self.expectConflict(base: "점심은 김밥.\n", ours: "점심은 라면.\n", theirs: "점심은 비빔밥.\n",
                            preferOurs: "점심은 라면.\n", preferTheirs: "점심은 비빔밥.\n")
    }

    @Test func emojiStayWhole() {
        Self.expectClean(base: "Lunch 🍕 with Sam 👍🏽\n", ours: "Lunch 🍣 with Sam 👍🏽\n",
                         theirs: "Lunch 🍕 with Sam 👍🏿 and 👨‍👩‍👧 🇰🇷\n",
                         "Lunch 🍣 with Sam 👍🏿 and 👨‍👩‍👧 🇰🇷\n")
        // Changing the skin tone of one emoji on both sides is one conflicting word, not split scalars.
        Self.expectConflict(base: "ok 👍\n", ours: "ok 👍🏻\n", theirs: "ok 👍🏿\n",
                            preferOurs: "ok 👍🏻\n", preferTheirs: "ok 👍🏿\n")
    }

    @Test func canonicallyEquivalentSpellingsAreKeptAsWritten() {
        // "é" precomposed in base, decomposed in ours: as Strings they are equal, but the bytes must survive.
        let base = "Caf\u{E9} visit.\nNice.\n"
        let ours = "Cafe\u{301} visit.\nNice.\n"
        let theirs = "Caf\u{E9} visit.\nVery nice.\n"
        let result = TextMerge.merge(base: base, ours: ours, theirs: theirs)
        guard case .clean(let text) = result else { Issue.record("expected clean, got \(result)"); return }
        #expect(Array(text.utf8) == Array("Cafe\u{301} visit.\nVery nice.\n".utf8))
        #expect(TextMerge.merge(base: base, ours: ours, theirs: base) == .clean(ours))
        guard case .clean(let same) = TextMerge.merge(base: base, ours: base, theirs: ours) else { return }
        #expect(Array(same.utf8) == Array(ours.utf8))
    }

    // MARK: Properties

    /// Random edits of random Markdown-ish texts: trivial sides, determinism and swap symmetry.
    @Test func randomCasesAreSymmetric() {
        var random = SeededRandom(seed: 2026)
        let words = ["the", "a", "cat", "sat", "on", "mat", "오늘", "🍕", "é", "run", "-", "#"]
        func line(_ random: inout SeededRandom) -> String {
            (0..<Int.random(in: 0...5, using: &random)).map { _ in words.randomElement(using: &random)! }
                .joined(separator: " ") + (Int.random(in: 0..<8, using: &random) == 0 ? "\r\n" : "\n")
        }
        func edit(_ text: String, _ random: inout SeededRandom) -> String {
            var lines = text.lfLines().map { String($0) + "\n" }
            lines[lines.count - 1].removeLast()
            for _ in 0..<Int.random(in: 0...3, using: &random) {
                let at = Int.random(in: 0...lines.count, using: &random)
                switch Int.random(in: 0..<4, using: &random) {
                case 0: lines.insert(line(&random), at: at)
                case 1 where at < lines.count: lines.remove(at: at)
                case 2 where at < lines.count:
                    var tokens = lines[at].split(separator: " ", omittingEmptySubsequences: false).map(String.init)
                    tokens[Int.random(in: 0..<tokens.count, using: &random)] += words.randomElement(using: &random)!
                    lines[at] = tokens.joined(separator: " ")
                default: if at < lines.count { lines[at] = line(&random) }
                }
            }
            return lines.joined()
        }
        for _ in 0..<400 {
            let base = (0..<Int.random(in: 0...8, using: &random)).map { _ in line(&random) }.joined()
            let ours = edit(base, &random), theirs = edit(base, &random)
            #expect(TextMerge.merge(base: base, ours: base, theirs: theirs) == .clean(theirs))
            #expect(TextMerge.merge(base: base, ours: ours, theirs: base) == .clean(ours))
            #expect(TextMerge.merge(base: base, ours: ours, theirs: ours) == .clean(ours))
            let merged = TextMerge.merge(base: base, ours: ours, theirs: theirs)
            #expect(TextMerge.merge(base: base, ours: ours, theirs: theirs) == merged)
            switch merged {
            case .clean(let text):
                #expect(TextMerge.merge(base: base, ours: theirs, theirs: ours) == .clean(text), "\(base)|\(ours)|\(theirs)")
                #expect(!text.contains("<<<<<<<"))
            case .conflict(let preferOurs, let preferTheirs):
                #expect(TextMerge.merge(base: base, ours: theirs, theirs: ours)
                            == .conflict(preferOurs: preferTheirs, preferTheirs: preferOurs), "\(base)|\(ours)|\(theirs)")
                #expect(preferOurs != preferTheirs)
            }
        }
    }

    /// Each side edits only its own sections, separated by untouched lines and with words no other
    /// section uses, so the merge is known exactly: it checks the diff on random content.
    @Test func randomEditsOfSeparateSectionsMergeExactly() {
        var random = SeededRandom(seed: 7)
        for _ in 0..<100 {
            var base = "", ours = "", theirs = "", expected = ""
            for section in 0..<6 {
                let fence = "--- \(section) ---\n"
                func text(_ random: inout SeededRandom) -> String {
                    (0..<Int.random(in: 0...6, using: &random)).map { _ in "s\(section)w\(Int.random(in: 0..<3, using: &random))\n" }.joined()
                }
                let original = text(&random), changed = text(&random)
                base += fence + original
                ours += fence + (section % 2 == 0 ? changed : original)
                theirs += fence + (section % 2 == 1 ? changed : original)
                expected += fence + changed
            }
            Self.expectClean(base: base, ours: ours, theirs: theirs, expected)
        }
    }

    /// A 5,000-line body with scattered edits on both sides, some in the same lines. Not timed:
    /// it just has to run (about 4 ms in a release build).
    @Test func largeBodyMerges() {
        let lines = (0..<5_000).map { "Line \($0) of a long diary entry: the quick brown fox jumps.\n" }
        var ours = lines, theirs = lines, expected = lines
        for index in stride(from: 3, to: 5_000, by: 97) {
            ours[index] = "Rewritten by ours \(index).\n"
            expected[index] = ours[index]
        }
        for index in stride(from: 50, to: 5_000, by: 101) {
            theirs[index] = lines[index].replacingOccurrences(of: "quick", with: "slow")
            expected[index] = theirs[index]
        }
        for index in stride(from: 500, to: 5_000, by: 1_000) {
            ours[index] = lines[index].replacingOccurrences(of: "brown", with: "red")
            theirs[index] = lines[index].replacingOccurrences(of: "fox", with: "cat")
            expected[index] = lines[index].replacingOccurrences(of: "brown fox", with: "red cat")
        }
        Self.expectClean(base: lines.joined(), ours: ours.joined(), theirs: theirs.joined(), expected.joined())
    }
}
