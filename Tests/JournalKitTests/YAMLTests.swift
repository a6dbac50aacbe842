import Foundation
import Testing
import Yams
@testable import JournalKit

/// A small deterministic generator (SplitMix64), so generated cases are the same on every run.
struct SeededRandom: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func pick<T>(_ items: [T]) -> T { items[Int.random(in: 0..<items.count, using: &self)] }
    mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &self) < p }
    mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &self) }
}

/// What the reference reader says about a text: its pairs, or the problem.
fileprivate func yamsResult(_ text: String) -> Result<[YAMLPair], YAMLProblem> {
    do {
        return .success(try HeaderParser.parseWithYams(text))
    } catch {
        return .failure(error)
    }
}

/// Nil when the fast reader agrees with Yams (or defers to it); otherwise a description of the disagreement.
fileprivate func fastDisagreement(_ text: String) -> String? {
    guard let fast = FastYAML.parse(text) else { return nil }
    let reference = yamsResult(text)
    if case .success(let pairs) = reference, pairs == fast { return nil }
    return "input \(String(reflecting: text))\n  fast: \(fast)\n  yams: \(reference)"
}

@Suite struct YAMLTests {
    // MARK: Differential: hand-written corpus

    static let corpus: [String] = [
        // What the tool writes.
        """
        id: 3f2a9c1e-5b7d-4e0a-9c1d-5a6e2f0c4d11
        created_at: 2026-11-21T22:44:55+09:00
        time_zone: Asia/Seoul
        category: travel
        tags: [busan, food]
        weather:
          condition: clear
          temperature_c: 12.5
          provider: open-meteo
        location:
          name: Busan
          latitude: 35.1796
          longitude: 129.0756
        """,
        "tags: [부산, \"a, b\", 'it''s', \"say \\\"hi\\\"\", 맛집]\nstarred: true",
        "tags: []\nstarred: false",
        "tags: [ ]",
        "tags: [a,b,c]",
        "tags: [ a , b ]",
        "tags: [a, b] # trailing comment",
        "tags: [a b, c  d]",
        "tags: [-a, b-c]",
        "tags: [a:b]",
        "tags: [\"\", '']",
        "tags:\n- a\n- b",
        "tags:\n  - a\n  - b\n  -\n  - \"q\"\n  - 'r' # c",
        "tags:\n    - deep\n    - deeper",
        "tags:\n  - a\n    - b",
        "tags:\n  - [a, b]",
        "tags:\n  - a: b",
        // Comments and blank lines.
        "# a comment\n\nid: x\n\n  # indented comment\ncategory: travel # why\n",
        "category: travel#notacomment",
        "category: travel #comment",
        "category: #only comment",
        "category:   # spaced comment\n",
        "weather: # block follows\n  condition: rain",
        "weather:\n  # comment inside\n  condition: rain\n\n  provider: open-meteo\n",
        // Quoted strings with escapes.
        "title: \"a \\\"quoted\\\" word\"",
        "title: \"back\\\\slash\"",
        "title: \"line\\nbreak\"",
        "title: \"caf\\u00e9\"",
        "title: \"caf\\u00E9 \\t tab \\r cr \\/ slash \\0 nul\"",
        "title: \"bell \\a\"",
        "title: \"\\x41\"",
        "title: \"\\U0001F600\"",
        "title: \"\\u+0e9\"",
        "title: \"\\u00\"",
        "title: \"\\uD800\"",
        "title: 'it''s'",
        "title: ''''",
        "title: 'no \\escape'",
        "title: \"unterminated",
        "title: 'unterminated",
        "title: \"a\" trailing",
        "title: \"a\"# no space",
        "title: \"a\" # comment",
        "title: \"  padded  \"",
        // Empty values, nulls and reserved words.
        "a:\nb: ~\nc: null\nd: Null\ne: NULL\nf: \"\"\ng: ''",
        "yes: no\nnull: true\ntrue: false\non: off\ny: n",
        "a: yes\nb: No\nc: TRUE\nd: off",
        // Numbers.
        "a: 12.5\nb: -3\nc: 007\nd: 1e3\ne: .5\nf: 0x1F\ng: +1\nh: 1_000\ni: .inf\nj: -.inf\nk: .nan\nl: 35.1796",
        "a: 2026-11-21\nb: 2026-11-21T22:44:55+09:00\nc: 22:44:55",
        // Korean text and emoji.
        "title: 부산 여행\ncategory: 여행\nmood: 😀 good 👍🏽",
        "title: 한국어: 콜론",
        "tags: [🙂, 🇰🇷, 👩‍👩‍👧]",
        // Indicators and odd scalars.
        "a: -x\nb: ?x\nc: :x\nd: x:y\ne: a-b",
        "a: - x",
        "a: ? x",
        "a: : x",
        "a: x:",
        "a: x: y",
        "a: &anchor v",
        "a: *alias",
        "a: !tag v",
        "a: |\n  literal",
        "a: >\n  folded",
        "a: %x",
        "a: @x",
        "a: `x",
        "a: {b: c}",
        "a: ---",
        "a: ...",
        "a: <<",
        "a: =",
        "a: x\n  continued",
        "a: x\n\n  continued",
        "a: x\n# c\n  continued",
        "a: x\n\tcontinued",
        "a: \"x\n  y\"",
        "a: [x,\n  y]",
        "a: [x, y",
        "a: [x, y]]",
        "a: [x, y] z",
        "a: [x, [y]]",
        "a: [x, {y: z}]",
        "a: [x, y,]",
        "a: [,]",
        "a: [x,,y]",
        "a: [?x]",
        "a: [:x]",
        "a: [x:]",
        "a: [x: y]",
        "a: [&x y]",
        "a: [*x]",
        "a: [x #y]",
        "a: [x#y]",
        "a: [x\"y]",
        "a: [x'y]",
        "a: [C#, don't, say \"hi\"]",
        "a: [a:?b]",
        "a: [a:b:c, http://x.y/z]",
        "a: [\"\\u00e9\", '\\u00e9']",
        "a: [\"x\" y]",
        "a:b",
        "a:\tb",
        "a :b",
        "a : b",
        "\"a\": b",
        "'a': b",
        "? a\n: b",
        "a: 1\na: 2",
        "a:\n  b: 1\n  b: 2",
        "a:\n  b: 1\n   c: 2",
        "a:\n  b: 1\n c: 2",
        "a:\n  b:\n    c: 1",
        "a:\n  b: [x, y]\n  c: 'z'",
        "a:\n  b:",
        "- a\n- b",
        "just text",
        "",
        "\n\n",
        "# only a comment",
        "%YAML 1.1\n---\na: b",
        "---\na: b",
        "a: b\n...",
        "a: b   ",
        "a: b\t",
        "a: \"b\"   ",
        "a: b \t# c",
        "a:\t# c",
        "\ta: b",
        " a: b",
        "a: b\r\nc: d\r\n",
        "a:\r\n  - x\r\n  - y\r\n",
        "a:\r\n  b: 1\r\n",
        "a: b\rc: d",
        "a: x\u{85}y",
        "a: x\u{2028}y",
        "a: x\u{1}y",
        "a: x\u{FEFF}y",
        "a: \"x\u{85}y\"",
        "a: \"\\uFEFFx\"",
        "a: \"x\\uFEFF\"",
        // Nested block mappings (journal.yml's categories) and their edges.
        Settings.initialText,
        "categories:\n  work:\n    emoji: \"💼\"\n    color: blue\n  empty:\n  music:\n    color: magenta\n",
        "a:\n  b:\n    c:\n      d: 1\n  e: 2\n",
        "a:\n  b:\n    - x\n    - y\n  c: [1, 2]\n",
        "a:\n  b:\n  - x\n",
        "a:\n  b: 1\n    c: 2\n",
        "a:\n  b:\n      c: 1\n    d: 2\n",
        "a:\n  b:\n    c: 1\n   d: 2\n",
        "a:\n  b:\n    c: 1\n  b:\n    c: 2\n",
        "a:\n  b: |\n    text\n",
        "a:\n  b:\n    # comment\n    c: 1\n\n  d: x # end\n",
        "a:\n  b: plain\n    continued\n",
        // A value whose first character only starts with an indicator byte, or is one with a mark on it.
        "a: -\u{301}x\n", "a: -\u{301}\n", "a: [\u{301}x\n", "a: é-x\n", "a: ?\u{301}\n", "a: :\u{301} b\n",
        "a: \u{3000}x\n", "a: x\u{3000}\n", "tags: [-\u{301}, b]\n",
    ]

    @Test func fastReaderAgreesWithYamsOnTheCorpus() {
        var failures: [String] = []
        for text in Self.corpus {
            if let problem = fastDisagreement(text) { failures.append(problem) }
        }
        #expect(failures.isEmpty, "\(failures.count) disagreements:\n\(failures.joined(separator: "\n"))")
    }

    /// The corpus must exercise the fast path, not only the fallback.
    @Test func corpusTakesTheFastPathForPlainHeaders() {
        let plain = [Self.corpus[0], Self.corpus[1], "tags:\n- a\n- b", "a: 12.5\nb: -3\nc: 007",
                     "# c\n\nid: x\n", "title: 'it''s'", "title: \"caf\\u00e9\"", "a:\r\n  b: 1\r\n",
                     Settings.initialText, "a:\n  b:\n    c:\n      d: 1\n  e: 2\n"]
        for text in plain { #expect(FastYAML.parse(text) != nil, "fast path refused \(String(reflecting: text))") }
        let parsed = FastYAML.parse(Self.corpus[0])
        #expect(parsed?.map(\.key) == ["id", "created_at", "time_zone", "category", "tags", "weather", "location"])
        let value = YAMLValue.mapping(parsed ?? [])
        #expect(value["created_at"]?.string == "2026-11-21T22:44:55+09:00")
        #expect(value["tags"]?.strings == ["busan", "food"])
        #expect(value["weather"]?["temperature_c"]?.number == 12.5)
        #expect(value["location"]?["longitude"]?.number == 129.0756)
    }

    @Test func parseUsesTheFastResultOrYams() throws {
        for text in Self.corpus {
            let viaParse: Result<[YAMLPair], YAMLProblem>
            do { viaParse = .success(try HeaderParser.parse(text)) } catch { viaParse = .failure(error) }
            let reference = yamsResult(text)
            switch (viaParse, reference) {
            case (.success(let a), .success(let b)): #expect(a == b, "\(String(reflecting: text))")
            case (.failure, .failure): break
            default: Issue.record("parse and Yams disagree on \(String(reflecting: text)): \(viaParse) vs \(reference)")
            }
        }
    }

    @Test func valueAccessors() throws {
        let pairs = try HeaderParser.parse("a: ~\nb: \"null\"\nc: yes\nd: 'yes'\ne: 12.5\nf: \"12.5\"\ng: [x, ~, y]\nh: solo")
        let v = YAMLValue.mapping(pairs)
        #expect(v["a"]?.string == nil)
        #expect(v["b"]?.string == "null")
        #expect(v["c"]?.bool == true)
        #expect(v["d"]?.bool == nil)
        #expect(v["e"]?.number == 12.5)
        #expect(v["f"]?.number == nil)
        #expect(v["g"]?.strings == ["x", "y"])
        #expect(v["h"]?.strings == ["solo"])
        #expect(v["missing"] == nil)
    }

    // MARK: Differential: generated inputs

    fileprivate static let keys = [
        "id", "created_at", "time_zone", "category", "tags", "starred", "weather", "location", "mood", "a-b", "_x",
        "yes", "on", "x1", "title",
    ]

    fileprivate static let words = [
        "busan", "food", "부산", "여행 메모", "🙂", "👩‍👩‍👧", "x y", "Asia/Seoul", "open-meteo", "12.5", "-3", "007", "1e3",
        ".5", "yes", "no", "null", "~", "true", "Null", "a-b", "a:b", "C#", "don't", "café", "2026-11-21",
        "2026-11-21T22:44:55+09:00", "<<", "=",
    ]

    fileprivate static let nasty = [
        ": ", " #", "#", "[", "]", ",", "{", "}", "\"", "'", "''", "\\", "\\\"", "\\n", "\\u00e9", "\\u+0e9", "\\x41",
        "-", "- ", "?", "? ", ":", "\t", " ", "  ", "&a", "*a", "!t", "|", ">", "%", "@", "`", "é", "한", "😀",
        ":?", "\u{85}", "\u{2028}", "\r", "\u{1}", "\u{FEFF}", "\\uFEFF",
    ]

    fileprivate static func fragmentText(_ r: inout SeededRandom) -> String {
        var s = ""
        for _ in 0..<r.int(1...4) {
            s += r.chance(0.5) ? r.pick(words) : r.pick(nasty)
        }
        return s
    }

    /// A value for `key: <value>`: often what the writer emits, often raw fragments.
    fileprivate static func inlineValue(_ r: inout SeededRandom) -> String {
        switch r.int(0...9) {
        case 0, 1: return YAMLWriter.scalar(r.chance(0.6) ? r.pick(words) : fragmentText(&r))
        case 2: return YAMLWriter.flowList((0..<r.int(0...4)).map { _ in r.chance(0.6) ? r.pick(words) : fragmentText(&r) })
        case 3: return fragmentText(&r)
        case 4: return "\"" + fragmentText(&r) + "\""
        case 5: return "'" + fragmentText(&r) + "'"
        case 6:
            let items = (0..<r.int(0...4)).map { _ in r.chance(0.5) ? r.pick(words) : fragmentText(&r) }
            return "[" + items.joined(separator: r.pick([", ", ",", " , ", ",  "])) + r.pick(["]", "]", " ]", "", "],"])
        case 7: return YAMLWriter.number(Double(r.int(-100_000...100_000)) / Double(r.pick([1, 10, 1000, 10_000])))
        case 8: return r.pick(words)
        default: return ""
        }
    }

    fileprivate static func lines(_ r: inout SeededRandom) -> [String] {
        let key = r.pick(keys)
        switch r.int(0...11) {
        case 0...4:
            var line = "\(key): \(inlineValue(&r))"
            if r.chance(0.15) { line += r.pick([" # note", " #", "#x", "  # 한국어 주석"]) }
            return [line]
        case 5:
            let indent = String(repeating: " ", count: r.pick([0, 2, 2, 4, 1]))
            return ["\(key):"] + (0..<r.int(1...3)).map { _ in
                indent + r.pick(["- ", "- ", "-", "-  "]) + (r.chance(0.8) ? inlineValue(&r) : "")
            }
        case 6, 7:
            let indent = String(repeating: " ", count: r.pick([2, 2, 4, 1]))
            var block = ["\(key):" + (r.chance(0.1) ? " # block" : "")]
            for _ in 0..<r.int(1...3) {
                let extra = r.chance(0.1) ? String(repeating: " ", count: r.int(1...2)) : ""
                block.append(indent + extra + "\(r.pick(["condition", "temperature_c", "name", "latitude", "b"])): \(inlineValue(&r))")
                if r.chance(0.1) { block.append(indent + "  - nested") }
            }
            return block
        case 8:
            if r.chance(0.5) { return [r.pick(["# comment", "", "  # indented", "   ", "#", "\t# tabbed"])] }
            // Nested blocks, as journal.yml's categories: a key whose value is a block of its own, and deeper.
            var block = ["\(key):"]
            let outer = String(repeating: " ", count: r.pick([2, 2, 4, 1]))
            for _ in 0..<r.int(1...3) {
                let name = r.pick(["work", "music", "b", "부산", "a-b"])
                if r.chance(0.7) {
                    block.append(outer + "\(name):")
                    let inner = outer + String(repeating: " ", count: r.pick([2, 2, 1, 0, 3]))
                    for _ in 0..<r.int(0...3) {
                        block.append(inner + "\(r.pick(["emoji", "color", "c"])): \(inlineValue(&r))")
                        if r.chance(0.1) { block.append(inner + "  d: \(inlineValue(&r))") }
                    }
                } else {
                    block.append(outer + "\(name): \(inlineValue(&r))")
                }
            }
            return block
        case 9: return ["\(key):" + r.pick(["", " ", " # c", "  "])]
        case 10: return [r.pick(["", " ", "\t", "  "]) + "\(key)" + r.pick([": ", ":", " : ", ":\t", "::"]) + inlineValue(&r)]
        default:
            return ["\(key): \(r.pick(words))", r.pick(["  continued", "\tcontinued", "- item", "  - item", "more: x"])]
        }
    }

    fileprivate static func generatedHeader(_ r: inout SeededRandom) -> String {
        var all: [String] = []
        for _ in 0..<r.int(1...7) { all += lines(&r) }
        if r.chance(0.1) { all = all.map { $0 + r.pick([" ", "  ", "\t"]) } }
        var text = all.joined(separator: r.chance(0.15) ? "\r\n" : "\n")
        if r.chance(0.5) { text += "\n" }
        return text
    }

    @Test func fastReaderAgreesWithYamsOnGeneratedHeaders() {
        var r = SeededRandom(seed: 0x5EED_1234)
        var failures: [String] = []
        var fastTaken = 0
        let count = 4000
        for _ in 0..<count {
            let text = Self.generatedHeader(&r)
            if FastYAML.parse(text) != nil { fastTaken += 1 }
            if let problem = fastDisagreement(text) { failures.append(problem) }
        }
        #expect(failures.isEmpty, "\(failures.count) disagreements, first ones:\n\(failures.prefix(8).joined(separator: "\n"))")
        // The generator is only worth something if the fast path often answers.
        #expect(fastTaken > count / 6, "fast path taken for only \(fastTaken) of \(count)")
    }

    // MARK: The fast path is taken for what the tool writes

    fileprivate static let realistic = [
        "busan", "food", "부산", "맛집", "여행 메모", "🙂", "🇰🇷", "family trip", "open-meteo", "Asia/Seoul", "work-log",
        "2026", "007", "yes", "null", "~", "true", " padded ", "with \"quotes\"", "a, b", "[x]", "-dash", "#hash",
        "key: value", "trailing:", "café", "line\nbreak", "tab\there", "x # y", "",
    ]

    @Test func fastPathReadsEverythingRenderWrites() {
        var r = SeededRandom(seed: 42)
        let zones = ["Asia/Seoul", "America/New_York", "UTC", "Asia/Kolkata", "Pacific/Kiritimati"]
        var refused: [String] = []
        var failures: [String] = []
        for n in 0..<500 {
            let zone = TimeZone(identifier: r.pick(zones))!
            let date = Date(timeIntervalSince1970: Double(r.int(0...4_000_000_000)))
            let entry = EntryFile.NewEntry(
                id: UUID(uuidString: String(format: "%08x-0000-4000-8000-%012x", n, n * 7919))!.uuidString.lowercased(),
                createdAt: Timestamp(date: date, timeZone: zone),
                timeZone: r.chance(0.7) ? zone.identifier : nil,
                category: r.chance(0.6) ? r.pick(Self.realistic) : nil,
                tags: (0..<r.int(0...4)).map { _ in r.pick(Self.realistic) },
                starred: r.chance(0.3),
                location: r.chance(0.4)
                    ? Location(name: r.pick(Self.realistic), latitude: Double(r.int(-90_000_000...90_000_000)) / 1e6,
                               longitude: r.chance(0.9) ? Double(r.int(-180_000_000...180_000_000)) / 1e6 : nil)
                    : nil,
                text: "Title \(n)\n\nbody")
            let split = EntryFile.Split(EntryFile.render(entry))
            guard let header = split.header else {
                failures.append("no header in render output \(n)")
                continue
            }
            if FastYAML.parse(header) == nil { refused.append(header) }
            if let problem = fastDisagreement(header) { failures.append(problem) }
        }
        #expect(failures.isEmpty, "\(failures.prefix(5).joined(separator: "\n"))")
        #expect(refused.isEmpty, "fast path refused \(refused.count) rendered headers, e.g.\n\(refused.prefix(3).joined(separator: "\n---\n"))")
    }

    // MARK: Writer round trips

    fileprivate static let writerPieces = [
        "a", "부산", "한국어", "🙂", "👍🏽", "é", " ", "  ", "#", " #", "# ", ": ", ":", "-", "- ", "?", "? ", "'", "\"",
        "\\", ",", "[", "]", "{", "}", "&", "*", "!", "|", ">", "%", "@", "`", "007", "1e3", ".5", "yes", "null", "~",
        "true", "No", "0x1F", "+1", "-1", "12:30", "2026-11-21", "\n", "\t", "\r", "<<", "=", ".inf", "1_000", "y", "n",
    ]

    fileprivate static func writerString(_ r: inout SeededRandom) -> String {
        if r.chance(0.2) { return r.pick(writerPieces) }
        return (0..<r.int(1...5)).map { _ in r.pick(writerPieces) }.joined()
    }

    @Test(arguments: [
        "", " ", "busan", "부산 여행", "🙂", "007", "1e3", ".5", "yes", "Yes", "no", "null", "NULL", "~", "true", "on",
        "y", "N", "0x1F", "+1", "-1", "1_000", "12:30", "2026-11-21", "2026-11-21T22:44:55+09:00", ".inf", ".NaN",
        " lead", "trail ", "a # b", "a#b", "#a", "a: b", "a:b", "a:", "- a", "-a", "? a", "'q'", "\"q\"", "it's",
        "say \"hi\"", "back\\slash", "line\nbreak", "tab\tx", "cr\rx", "<<", "=", "[x]", "{x}", "a, b", "&a", "*a",
        "!a", "|", ">", "%a", "@a", "`a", "\u{1}", "\u{7F}", "a\u{85}b", "a\u{2028}b", "a\u{2029}b",
        "a\u{FEFF}b", "a\u{9F}b", "a\u{FFFE}b", "C#", "don't", "a:?b", "http://x.y/z",
    ])
    func scalarRoundTripsThroughYams(_ s: String) throws {
        try Self.expectScalarRoundTrip(s)
    }

    static func expectScalarRoundTrip(_ s: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let written = YAMLWriter.scalar(s)
        let yaml = "key: \(written)\n"
        #expect(!written.contains("\n"), "writer output spans lines: \(written)", sourceLocation: sourceLocation)
        let loaded = try Yams.load(yaml: yaml) as? [String: Any]
        #expect(loaded?["key"] as? String == s, "\(String(reflecting: s)) written as \(written) reads back as \(String(describing: loaded?["key"]))", sourceLocation: sourceLocation)
        let pairs = try HeaderParser.parseWithYams(yaml)
        #expect(YAMLValue.mapping(pairs)["key"]?.string == s, "\(String(reflecting: s)) via parseWithYams", sourceLocation: sourceLocation)
        #expect(try HeaderParser.parse(yaml) == pairs, sourceLocation: sourceLocation)
    }

    static func expectListRoundTrip(_ items: [String], sourceLocation: SourceLocation = #_sourceLocation) throws {
        let written = YAMLWriter.flowList(items)
        let yaml = "tags: \(written)\n"
        #expect(!written.contains("\n"), sourceLocation: sourceLocation)
        let loaded = try Yams.load(yaml: yaml) as? [String: Any]
        let list = loaded?["tags"] as? [Any]
        #expect(list?.count == items.count && list?.compactMap { $0 as? String } == items,
                "\(items) written as \(written) reads back as \(String(describing: list))", sourceLocation: sourceLocation)
        let pairs = try HeaderParser.parseWithYams(yaml)
        let value = YAMLValue.mapping(pairs)["tags"]
        #expect(value?.strings == items, "\(items) via parseWithYams", sourceLocation: sourceLocation)
        #expect(try HeaderParser.parse(yaml) == pairs, sourceLocation: sourceLocation)
    }

    @Test func scalarAndListRoundTripForRandomStrings() throws {
        var r = SeededRandom(seed: 7)
        for _ in 0..<1500 {
            try Self.expectScalarRoundTrip(Self.writerString(&r))
        }
        for _ in 0..<800 {
            try Self.expectListRoundTrip((0..<r.int(0...5)).map { _ in Self.writerString(&r) })
        }
    }

    @Test func flowListExamples() throws {
        #expect(YAMLWriter.flowList(["busan", "food"]) == "[busan, food]")
        #expect(YAMLWriter.flowList([]) == "[]")
        #expect(YAMLWriter.flowList(["부산", "맛집"]) == "[부산, 맛집]")
        #expect(YAMLWriter.flowList(["a, b", "yes"]) == "[\"a, b\", \"yes\"]")
        try Self.expectListRoundTrip(["a:b", "x]", "[y", "{z}", "", " ", "null", "a #b", "C#", "don't"])
        try Self.expectListRoundTrip(["a:?b", "a:,b", "a:]", "http://x.y/z", "a\u{85}b", "a\u{2028}b", "a\u{FEFF}"])
    }

    @Test func koreanAndEmojiAreNeverEscaped() {
        for s in ["부산", "부산 여행", "한국어: 콜론", " 앞 공백", "\"따옴표\"", "🙂 emoji", "여행\n일기"] {
            let written = YAMLWriter.scalar(s)
            #expect(!written.contains("\\u"), "\(written)")
            #expect(!written.contains("\\U"), "\(written)")
            for word in s.split(whereSeparator: { !$0.unicodeScalars.allSatisfy { $0.value > 0x7F } }) {
                #expect(written.contains(word), "\(written) lost \(word)")
            }
            #expect(!YAMLWriter.flowList([s]).contains("\\u"))
        }
        #expect(YAMLWriter.scalar("부산") == "부산")
        #expect(YAMLWriter.scalar("한국어: 콜론") == "\"한국어: 콜론\"")
    }

    @Test func scalarExamples() {
        #expect(YAMLWriter.scalar("travel") == "travel")
        #expect(YAMLWriter.scalar("Asia/Seoul") == "Asia/Seoul")
        #expect(YAMLWriter.scalar("yes") == "\"yes\"")
        #expect(YAMLWriter.scalar("007") == "\"007\"")
        #expect(YAMLWriter.scalar("") == "\"\"")
        #expect(YAMLWriter.scalar("say \"hi\"\n") == "\"say \\\"hi\\\"\\n\"")
    }

    // MARK: Numbers

    @Test(arguments: [
        (1e-7, "0"), (12.5, "12.5"), (35.1796, "35.1796"), (129.0756, "129.0756"), (1e20, "100000000000000000000"),
        (-0.0, "0"), (0, "0"), (-3, "-3"), (1_000_000, "1000000"), (0.1, "0.1"), (-12.25, "-12.25"),
        (1.5e15, "1500000000000000"), (123456.0000004, "123456"), (2.0000005, "2.000001"),
    ] as [(Double, String)])
    func numberExamples(_ value: Double, _ expected: String) {
        #expect(YAMLWriter.number(value) == expected)
    }

    @Test func numberNeverUsesAnExponentAndRoundTrips() throws {
        var r = SeededRandom(seed: 99)
        var values: [Double] = [1e-7, -1e-7, 12.5, 35.1796, 1e20, -1e20, -0.0, 1e-300, 9.999999e14, 1e15, 1e16 + 2,
                                Double(Int64.max), 123456789.123456, -0.0000005, 0.0000005, 4.9999999e-7]
        for _ in 0..<3000 {
            let magnitude = pow(10.0, Double(r.int(-9...18)))
            values.append(Double.random(in: -1...1, using: &r) * magnitude)
        }
        for value in values {
            let text = YAMLWriter.number(value)
            #expect(!text.contains("e") && !text.contains("E") && !text.contains("inf") && !text.contains("nan"), "\(value) -> \(text)")
            #expect(text.allSatisfy { $0.isASCII && ($0.isNumber || $0 == "." || $0 == "-") }, "\(value) -> \(text)")
            guard let back = Double(text) else {
                Issue.record("\(value) -> \(text) is not a number")
                continue
            }
            #expect(abs(back - value) <= max(1e-6, value.ulp), "\(value) -> \(text)")
            // YAML reads it back as the same number too.
            let pairs = try HeaderParser.parseWithYams("n: \(text)")
            #expect(YAMLValue.mapping(pairs)["n"]?.number == back)
        }
        #expect(YAMLWriter.number(.nan) == "0")
        #expect(YAMLWriter.number(.infinity) == "0")
    }
}
