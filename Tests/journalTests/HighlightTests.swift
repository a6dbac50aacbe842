import Foundation
import Testing
@testable import journal
import JournalKit

/// The line `journal search` shows under each entry: the byte-wise search of plain lines (ASCII and
/// precomposed Hangul) finds exactly the line Foundation's case- and accent-insensitive compare finds.
@Suite struct HighlightTests {
    /// `Highlight.line` as it was before plain lines were searched byte by byte: Foundation on every line.
    static func reference(_ text: String, _ terms: [String]) -> String? {
        for raw in text.split(separator: "\n") {
            let line = raw.trimmingCharacters(in: .whitespaces)
            for term in terms where !term.isEmpty {
                guard let range = line.range(of: term, options: MatchedLine.options) else { continue }
                let before = line.distance(from: line.startIndex, to: range.lowerBound)
                guard line.count > 100 else { return line }
                let start = line.index(line.startIndex, offsetBy: max(0, before - 40))
                let end = line.index(start, offsetBy: min(100, line.distance(from: start, to: line.endIndex)))
                return (start > line.startIndex ? "…" : "") + line[start..<end] + (end < line.endIndex ? "…" : "")
            }
        }
        return nil
    }

    @Test(arguments: [
        ("Coffee at noon\nthen TEA", ["tea"], "then TEA"),
        ("서울역에서 만났다", ["울역"], "서울역에서 만났다"),
        ("각", ["가"], nil),
        ("\u{1100}\u{1161}\u{11A8}", ["가"], "\u{1100}\u{1161}\u{11A8}"),  // decomposed 각: Foundation's answer
        ("Café au lait", ["cafe"], "Café au lait"),
        ("\u{212A}elvin", ["kelvin"], "\u{212A}elvin"),  // the Kelvin sign folds to k
        ("one\r\ntwo", ["two"], "one\r\ntwo"),  // \r\n is one Character, not a line break
        ("  padded words  \n", ["words"], "padded words"),
        ("first\n\nsecond", ["", "second"], "second"),
    ] as [(String, [String], String?)])
    func knownLines(text: String, terms: [String], expected: String?) {
        #expect(MatchedLine.line(in: text, terms: terms) == expected)
        #expect(HighlightTests.reference(text, terms) == expected)
    }

    /// Random texts and terms over an alphabet that mixes plain characters with the ones that are not:
    /// decomposed Hangul, combining accents, the Kelvin sign, carriage returns, long lines.
    @Test func sameLineAsFoundationOnRandomText() {
        var random = SyncRandomTests.Generator(state: 0x5EA7C4)
        let pieces = [
            "a", "B", "k", "K", "e", "E", " ", " ", "\n", "\n", "\r", "\t", "가", "각", "나", "났", "서울", "역", "\u{1100}\u{1161}",
            "\u{11A8}", "\u{301}", "é", "\u{212A}", "ß", "ss", "#", "-", "…", "😀", "ǆ", "\u{A0}", "\u{3000}", "\u{200B}", "\u{2009}",
        ]
        func string(_ count: Int) -> String {
            (0..<count).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined()
        }
        var found = 0
        for round in 0..<3_000 {
            let text = string(Int(random.next() % 60)) + (round % 7 == 0 ? String(repeating: "a가 ", count: 50) + string(10) : "")
            let terms = (0...Int(random.next() % 2)).map { _ in string(1 + Int(random.next() % 3)) }
                .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
            let expected = HighlightTests.reference(text, terms)
            if expected != nil { found += 1 }
            #expect(MatchedLine.line(in: text, terms: terms) == expected, "text \(text.debugDescription), terms \(terms)")
        }
        #expect(found > 600, "only \(found) of 3,000 random texts held a term: the test would prove little")
    }

    /// Plain lines (ASCII and Hangul syllables, spaces and tabs at either end) up to 250 characters long, cut
    /// on the bytes around the term (`plainExcerpt`): the same excerpt as Foundation's, wherever the term is.
    @Test func sameExcerptAsFoundationOnLongPlainLines() {
        var random = SyncRandomTests.Generator(state: 0x1E77E4)
        let pieces = ["a", "B", "z", " ", " ", "\t", "가", "각", "나", "역", "서울", "Kim", "."]
        func string(_ count: Int) -> String {
            (0..<count).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined()
        }
        var cut = 0
        for _ in 0..<3_000 {
            let text = string(Int(random.next() % 160)) + "\n" + string(Int(random.next() % 160))
            let terms = (0...Int(random.next() % 2)).map { _ in string(1 + Int(random.next() % 2)) }
                .map { $0.trimmingCharacters(in: .whitespaces) }
            let expected = HighlightTests.reference(text, terms)
            if expected?.contains("…") == true { cut += 1 }
            #expect(MatchedLine.line(in: text, terms: terms) == expected, "text \(text.debugDescription), terms \(terms)")
        }
        #expect(cut > 500, "only \(cut) of 3,000 excerpts were cut: the test would prove little")
    }
}
