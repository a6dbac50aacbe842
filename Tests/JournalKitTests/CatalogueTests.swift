import Foundation
import Testing

@testable import JournalKit

/// The message catalogues (catalogues/<language>.txt): complete in every language, with the same
/// placeholders, and compiled into Catalogues.swift as they are.
@Suite struct CatalogueTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("catalogues")

    /// `key = text` lines, as scripts/embed-catalogues.sh reads them (with its `\n` and quote escapes undone).
    static func read(_ code: String) throws -> [String: String] {
        let text = try String(contentsOf: folder.appendingPathComponent(code + ".txt"), encoding: .utf8)
        var table: [String: String] = [:]
        for line in text.split(separator: "\n") where !line.trimmingCharacters(in: .whitespaces).hasPrefix("#") {
            guard let separator = line.range(of: " = ") else {
                Issue.record("\(code).txt: no ' = ' in \(line)")
                continue
            }
            let key = String(line[..<separator.lowerBound])
            #expect(table[key] == nil, "\(code).txt: \(key) twice")
            table[key] = String(line[separator.upperBound...]).replacingOccurrences(of: "\\n", with: "\n")
        }
        return table
    }

    static func languages() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".txt") }
            .map { String($0.dropLast(4)) }.sorted()
    }

    static func placeholders(_ text: String) -> Set<String> {
        var found: Set<String> = []
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "{") {
            let after = rest[rest.index(after: open)...]
            if let close = after.firstIndex(of: "}"), Int(after[..<close]) != nil { found.insert(String(after[..<close])) }
            rest = after
        }
        return found
    }

    @Test func everyLanguageHasEveryKeyWithTheSamePlaceholders() throws {
        let english = try Self.read("en")
        #expect(english.count > 500)
        let languages = try Self.languages()
        #expect(languages.contains("ko"))
        for code in languages where code != "en" {
            let other = try Self.read(code)
            for key in english.keys.sorted() {
                guard let text = other[key] else {
                    Issue.record("\(code).txt lacks \(key)")
                    continue
                }
                #expect(Self.placeholders(text) == Self.placeholders(english[key] ?? ""), "\(code).txt: \(key) has other placeholders")
            }
            for key in other.keys.sorted() where english[key] == nil { Issue.record("\(code).txt has \(key), en.txt does not") }
        }
    }

    @Test func counted() throws {
        // Korean has no plural, but a catalogue still has both forms: a test above checks they exist.
        for key in try Self.read("en").keys where key.hasSuffix(".one") {
            #expect(Catalogues.en[String(key.dropLast(4)) + ".other"] != nil, "\(key) without .other")
        }
    }

    /// Catalogues.swift holds exactly the files: after editing catalogues/, run scripts/embed-catalogues.sh.
    @Test func compiledCataloguesAreCurrent() throws {
        let languages = try Self.languages()
        #expect(Catalogues.languages == languages, "run scripts/embed-catalogues.sh")
        for code in languages {
            let compiled = try #require(Catalogues.table(code))
            #expect(Dictionary(compiled.entries.map { ($0.key, $0.text) }) { first, _ in first } == (try Self.read(code)),
                    "catalogues/\(code).txt differs: run scripts/embed-catalogues.sh")
            // Found by halving: every key once, in Swift's order, and each found.
            #expect(zip(compiled.entries, compiled.entries.dropFirst()).allSatisfy { $0.key < $1.key }, "\(code): keys out of order or twice")
            for (key, text) in compiled.entries { #expect(compiled[key] == text, "\(code): \(key)") }
            #expect(compiled["no.such.key"] == nil && compiled[""] == nil && compiled["zzzz"] == nil)
            let categories = compiled.withPrefix("category.")
            #expect(!categories.isEmpty && categories.count == compiled.entries.filter { $0.key.hasPrefix("category.") }.count)
        }
    }

    /// The code paths never ask for a key the catalogue does not have (the key itself would show).
    @Test func everyKeyTheSourcesUseExists() throws {
        let sources = Self.folder.deletingLastPathComponent().appendingPathComponent("Sources")
        let files = FileManager.default.enumerator(atPath: sources.path)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") } ?? []
        var used = 0
        for file in files where !file.hasSuffix("Catalogues.swift") {
            let text = try String(contentsOfFile: sources.path + "/" + file, encoding: .utf8)
            for call in ["Say.text(\"", "Say.plural(\""] {
                var rest = Substring(text)
                while let range = rest.range(of: call) {
                    rest = rest[range.upperBound...]
                    guard let end = rest.firstIndex(of: "\"") else { break }
                    let key = String(rest[..<end])
                    used += 1
                    if key.contains("\\(") || key.hasSuffix(".") { continue }  // built from a value (month.\(n), "condition." + word…)
                    let keys = call.hasPrefix("Say.plural") ? [key + ".one", key + ".other"] : [key]
                    for key in keys { #expect(Catalogues.en[key] != nil, "\(file) uses \(key), which en.txt lacks") }
                }
            }
        }
        #expect(used > 400)
    }

    @Test func englishCountsAndPlaceholders() {
        #expect(Say.fill("a {1} b {0} {{tag}} {x} {9}", ["one", 2]) == "a 2 b one {{tag}} {x} {9}")
        #expect(Say.inEnglish { Say.entries(1) } == "1 entry")
        #expect(Say.inEnglish { Say.entries(2) } == "2 entries")
        #expect(Say.inEnglish { Say.entries(0) } == "0 entries")
        #expect(Say.inEnglish { Say.exported(1, to: "a.json") } == "Exported 1 entry to a.json")
        #expect(Say.inEnglish { Say.committedOutsideEdits(3) } == "Committed 3 changes made outside journal.")
    }

    @Test func locales() {
        #expect(Say.language(ofLocale: "ko_KR.UTF-8") == "ko")
        #expect(Say.language(ofLocale: "ko") == "ko")
        #expect(Say.language(ofLocale: "en_US.UTF-8") == "en")
        #expect(Say.language(ofLocale: "C") == nil)
        #expect(Say.language(ofLocale: "C.UTF-8") == nil)
        #expect(Say.language(ofLocale: "POSIX") == nil)
        #expect(Say.language(ofLocale: "de_DE.UTF-8") == nil)
    }

    @Test func cellWidths() {
        #expect(displayWidth("abc") == 3)
        #expect(displayWidth("서울역") == 6)
        #expect(displayWidth("☀️") == 2)
        #expect(displayWidth("👩‍👩‍👧") == 2)
        #expect(displayWidth("🇰🇷") == 2)
        #expect(displayWidth("e\u{301}") == 1)  // e and a combining acute
        #expect(displayWidth("\u{1112}\u{1161}\u{11AB}") == 2)  // 한 as three jamo
        #expect(displayWidth("a\u{200B}b") == 2)  // zero-width space
        #expect(truncated("서울역에서", toWidth: 5) == "서울")
        #expect(truncated("ab👩‍👩‍👧cd", toWidth: 3) == "ab")
        #expect(truncated("ab👩‍👩‍👧cd", toWidth: 4) == "ab👩‍👩‍👧")
        #expect(truncated("caf\u{65}\u{301}s", toWidth: 4) == "caf\u{65}\u{301}")
    }

    /// A lone ASCII character or Hangul syllable is measured without the property tables: what they say.
    @Test func aLoneASCIIOrSyllableMeasuresAsTheTablesSay() {
        func tables(_ scalar: Unicode.Scalar) -> Int {
            if scalar.properties.isEmojiPresentation { return 2 }
            if (0xAC00...0xD7A3).contains(scalar.value) || (0x1100...0x115F).contains(scalar.value) { return 2 }
            switch scalar.properties.generalCategory {
            case .nonspacingMark, .enclosingMark, .format: return 0
            default: return 1
            }
        }
        let mismatches = (Array(0..<0x80) + Array(0xAC00...0xD7A3)).compactMap { Unicode.Scalar(UInt32($0)) }.filter {
            cellWidth(Character($0)) != tables($0)
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
    }

    /// Text of ASCII and Hangul syllables is measured off its bytes: the same as cluster by cluster.
    @Test func bytewiseWidthsAreClusterWidths() {
        let pieces = ["a", "#", "1", " ", "\t", "\n", "\r", "\r\n", "\u{0}", "\u{1B}", "\u{7F}", "서", "울", "\u{11AB}", "\u{FE0F}", "\u{20E3}", "é", "☀"]
        var random = SeededRandom(seed: 0xD15)
        for _ in 0..<2_000 {
            let text = (0..<random.int(0...12)).map { _ in random.pick(pieces) }.joined()
            #expect(displayWidth(text) == text.reduce(0) { $0 + cellWidth($1) }, "\(text.debugDescription)")
        }
    }
}
