import Foundation
import Testing

/// Korean search through the real binary: found anywhere inside words, exactly where the text holds it,
/// the last syllable as typed so far; English word and prefix search unchanged beside it.
@Suite struct KoreanSearchTests {
    /// The ids `journal search` prints with --json, in its order.
    static func found(_ box: Sandbox, _ words: [String]) throws -> [String] {
        let result = try box.run(["search", "--json"] + words)
        #expect(result.status == 0 || result.stderr.contains("No entries"), "\(words): \(result.stderr)")
        guard result.status == 0 else { return [] }
        let entries = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]] ?? []
        return entries.compactMap { $0["id"] as? String }
    }

    /// Writes an entry file by hand and returns its full id.
    static func write(_ box: Sandbox, _ number: Int, text: String, tags: [String] = []) throws -> String {
        let id = UUID().uuidString.lowercased()
        let header = "---\nid: \(id)\ncreated_at: \(box.day())T09:\(String(format: "%02d", number % 60)):00+09:00\n"
            + (tags.isEmpty ? "" : "tags: [\(tags.joined(separator: ", "))]\n") + "---\n"
        try box.write("entries/k/\(box.day())-\(id.prefix(8)).md", header + text + "\n")
        return id
    }

    @Test func koreanIsFoundInsideWords() throws {
        let box = try Sandbox()
        try box.journal("init")
        let station = try Self.write(box, 1, text: "서울역에서 친구를\n\n오랜만에 만났다.")
        let met = try Self.write(box, 2, text: "만난 사람\n\n내일 만날 거예요. 밥을 먹었다.")
        let seoul = try Self.write(box, 3, text: "서울\n\n서울 coffee 한 잔, café에서.")
        let other = try Self.write(box, 4, text: "Busan\n\nNothing Korean here.", tags: ["여행"])
        #expect(try Set(Self.found(box, ["역"])) == [station])
        #expect(try Set(Self.found(box, ["에서"])) == [station, seoul])
        #expect(try Set(Self.found(box, ["서울역에서"])) == [station])
        #expect(try Set(Self.found(box, ["만나"])) == [station, met])
        #expect(try Set(Self.found(box, ["만났"])) == [station])
        #expect(try Set(Self.found(box, ["만났다"])) == [station])
        #expect(try Set(Self.found(box, ["먹어"])) == [met])
        #expect(try Set(Self.found(box, ["행"])) == [other], "tags are searched too")
        #expect(try Set(Self.found(box, ["서울", "coffee"])) == [seoul])
        #expect(try Set(Self.found(box, ["cafe"])) == [seoul])
        #expect(try Set(Self.found(box, ["cof"])) == [seoul])
        #expect(try Set(Self.found(box, ["역", "-만나"])).isEmpty)
        #expect(try Set(Self.found(box, ["에서", "--exclude=역"])) == [seoul])
        #expect(try Set(Self.found(box, ["울역에"])) == [station])
        #expect(try Self.found(box, ["역에서서"]).isEmpty)
        // Grams of two runs never join: `서울` then `역` apart are not `서울역`.
        let apart = try Self.write(box, 5, text: "서울 역 앞")
        #expect(try Set(Self.found(box, ["서울역"])) == [station])
        #expect(try Set(Self.found(box, ["역"])) == [station, apart])
        // Whole words first: `서울` alone in two entries, inside `서울역에서` in one.
        let ranked = try Self.found(box, ["서울"])
        #expect(Set(ranked) == [station, seoul, apart])
        #expect(ranked.last == station, "\(ranked)")
        // The line shown for a syllable typed on marks the place.
        let shown = try box.journal("search", "먹어")
        #expect(shown.stdout.contains("밥을 먹었다."))
    }

    /// Random Korean text and random queries of 1–3 syllables: the entries found are exactly those whose
    /// file holds the query, its last syllable as typed so far.
    @Test func searchAgreesWithAPlainScanOfTheFiles() throws {
        let box = try Sandbox()
        try box.journal("init")
        // Syllables without compound vowels or finals, so the scan below can read "typed so far" as
        // "the same letters, then perhaps a final" (decomposed, a prefix of the scalars).
        // No syllable whose stem forms (`Hangul.irregularForms`) the alphabet can spell: `하` stands for
        // `했` too, and `집` for `지울`.
        let alphabet = Array("서울역에만나났난날다먹어었가강는을이하헌고친구를짐밤사산시장도오옥온")
        var random = SyncRandomTests.Generator(state: 20_261_123)
        func word() -> String {
            String((0..<Int(random.next() % 5 + 1)).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] })
        }
        var files: [(id: String, text: String)] = []
        for number in 0..<80 {
            let title = (0..<3).map { _ in word() }.joined(separator: " ")
            let body = (0..<12).map { _ in word() + (random.next() % 4 == 0 ? "." : "") }.joined(separator: " ")
            let tags = random.next() % 3 == 0 ? [word()] : []
            let id = try Self.write(box, number, text: title + "\n\n" + body, tags: tags)
            files.append((id, try #require(box.read("entries/k/\(box.day())-\(id.prefix(8)).md"))))
        }
        func scalars(_ text: some StringProtocol) -> [Unicode.Scalar] {
            Array(String(text).decomposedStringWithCanonicalMapping.unicodeScalars)
        }
        /// A syllable with a final consonant that may begin the next syllable: the syllable without it, and the
        /// initial the next one begins with (a single final: the alphabet has no double one).
        func split(_ c: Character) -> (Character, Int)? {
            guard let v = c.unicodeScalars.first?.value, c.unicodeScalars.count == 1, (0xAC00...0xD7A3).contains(v) else { return nil }
            let index = Int(v) - 0xAC00
            let initials = [1: 0, 2: 1, 4: 2, 7: 3, 8: 5, 16: 6, 17: 7, 19: 9, 20: 10, 21: 11, 22: 12, 23: 14, 24: 15, 25: 16, 26: 17, 27: 18]
            guard let next = initials[index % 28], let kept = Unicode.Scalar(UInt32(0xAC00 + index - index % 28)) else { return nil }
            return (Character(kept), next)
        }
        func initial(_ c: Character) -> Int? {
            guard let v = c.unicodeScalars.first?.value, c.unicodeScalars.count == 1, (0xAC00...0xD7A3).contains(v) else { return nil }
            return (Int(v) - 0xAC00) / 588
        }
        func holds(_ text: String, _ query: [Character]) -> Bool {
            let text = Array(text)
            let last = scalars(String(query[query.count - 1]))
            guard text.count >= query.count else { return false }
            // The last syllable as typed so far: typed on (a final added), or its final the next syllable's first.
            let moved = split(query[query.count - 1])
            return (0...(text.count - query.count)).contains { start in
                guard Array(text[start..<start + query.count - 1]) == query.dropLast() else { return false }
                let at = text[start + query.count - 1]
                if scalars(String(at)).starts(with: last) { return true }
                guard let (kept, next) = moved, at == kept, start + query.count < text.count else { return false }
                return initial(text[start + query.count]) == next
            }
        }
        var queries: [[Character]] = []
        for _ in 0..<120 {
            let length = Int(random.next() % 3 + 1)
            if random.next() % 2 == 0 {  // a piece of some entry's text, so that most queries find something
                let text = Array(files[Int(random.next() % UInt64(files.count))].text.split(separator: "---").last ?? "")
                let start = Int(random.next() % UInt64(max(1, text.count - length)))
                let piece = Array(text[start..<min(text.count, start + length)])
                if piece.allSatisfy({ alphabet.contains($0) }) { queries.append(piece) }
            } else {
                queries.append((0..<length).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] })
            }
        }
        var nonEmpty = 0
        for query in queries where !query.isEmpty {
            let expected = Set(files.filter { holds($0.text, query) }.map(\.id))
            let found = try Self.found(box, [String(query)])
            #expect(Set(found) == expected, "\(String(query))")
            #expect(found.count == Set(found).count)
            if !expected.isEmpty { nonEmpty += 1 }
        }
        #expect(nonEmpty > 40, "the corpus and queries should mostly meet")
    }
}
