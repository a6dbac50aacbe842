import Foundation
import Testing

/// Several clones make hundreds of random adds, edits, tag changes and deletes, syncing in random
/// order. At the end every clone holds the same files, no file holds a conflict marker, git fsck is
/// clean, and the last text written into each entry that nobody deleted afterwards is still there:
/// in the entry or in a conflict copy of it.
@Suite struct SyncRandomTests {
    /// A small deterministic generator (SplitMix64), so a failing seed can be replayed.
    struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    /// The step an entry was added at, from its title `Entry w12x`.
    static func creationStep(_ text: String) -> Int? {
        guard let start = text.range(of: "Entry w") else { return nil }
        return Int(text[start.upperBound...].prefix { $0.isNumber })
    }

    @Test(arguments: [UInt64(5)])
    func randomEditsOnThreeClonesConverge(seed: UInt64) throws {
        var random = Generator(state: ProcessInfo.processInfo.environment["JOURNAL_SYNC_SEED"].flatMap(UInt64.init) ?? seed)
        print("sync random test seed \(random.state)")
        let names = ["a", "b", "c"]
        let peers = try Peers(names)
        /// For each entry id: the last text written into it (a token) and when, and when it was last deleted.
        var lastWrite: [String: (token: String, step: Int)] = [:]
        var lastDelete: [String: Int] = [:]
        let words = ["rain", "tea", "walk", "train", "book", "song", "river", "market", "snow", "night"]

        func entries(_ name: String) throws -> [(id: String, path: String)] {
            try peers.entryFiles(name).compactMap { path in
                guard let text = peers.read(name, path),
                      let line = text.split(separator: "\n").first(where: { $0.hasPrefix("id: ") }) else { return nil }
                return (String(line.dropFirst(4)), path)
            }
        }

        let steps = 240
        for step in 0..<steps {
            let name = names.randomElement(using: &random)!
            // Conflict copies are entries too, but the invariant follows originals. Ids are random, so
            // the entries are put in the order they were added (the step in their title): the seed alone
            // then decides which entry each step touches, and so whether clones clash.
            let existing = try entries(name).compactMap { entry -> (id: String, path: String, step: Int)? in
                guard let text = peers.read(name, entry.path), !text.contains("conflict_of:"),
                      let step = Self.creationStep(text) else { return nil }
                return (entry.id, entry.path, step)
            }.sorted { $0.step < $1.step }.map { (id: $0.id, path: $0.path) }
            let roll = Int.random(in: 0..<100, using: &random)
            let token = "w\(step)x"
            if existing.isEmpty || roll < 25 {
                let result = try peers.run(name, "add", "Entry \(token)\n\nFirst \(words.randomElement(using: &random)!) \(token).")
                #expect(result.status == 0, "\(result.stderr)")
                if let id = try entries(name).first(where: { peers.read(name, $0.path)?.contains(token) == true })?.id {
                    lastWrite[id] = (token, step)
                }
            } else if roll < 60 {
                let entry = existing.randomElement(using: &random)!
                var text = try #require(peers.read(name, entry.path))
                if Bool.random(using: &random) {
                    text += "Then \(words.randomElement(using: &random)!) \(token).\n"
                } else {
                    // Rewrite the last line: two clones doing this to one entry clash on the same words.
                    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
                    if lines.last == "" { lines.removeLast() }
                    lines[lines.count - 1] = "Last \(words.randomElement(using: &random)!) \(token)."
                    text = lines.joined(separator: "\n") + "\n"
                }
                try peers.write(name, entry.path, text)
                #expect(try peers.run(name, "commit").status == 0)
                lastWrite[entry.id] = (token, step)
            } else if roll < 75 {
                let entry = existing.randomElement(using: &random)!
                let tag = words.randomElement(using: &random)!
                let change = Bool.random(using: &random) ? "+\(tag)" : "-#\(tag)"
                _ = try peers.run(name, "tag", String(entry.id.prefix(8)), change)
            } else if roll < 83 {
                let entry = existing.randomElement(using: &random)!
                #expect(try peers.run(name, "rm", String(entry.id.prefix(8)), "--yes").status == 0)
                lastDelete[entry.id] = step
            } else {
                let result = try peers.run(name, "sync")
                #expect(result.status == 0, "sync \(name) at step \(step): \(result.stderr)")
            }
        }
        // Everyone syncs until nothing moves.
        for _ in 0..<2 {
            for name in names { try peers.sync(name) }
        }
        let reference = try peers.snapshot("a")
        for name in names {
            #expect(try peers.snapshot(name) == reference, "\(name) differs from a")
            try peers.expectHealthy(name)
        }
        let final = try entries("a")
        let copies = final.filter { peers.read("a", $0.path)?.contains("conflict_of:") == true }.count
        let merges = try peers.git("a", "rev-list", "--merges", "--count", "HEAD").trimmingCharacters(in: .newlines)
        print("sync random test: \(final.count) entries, \(copies) conflict copies, \(merges) merges")
        #expect(Int(merges) ?? 0 > 10, "the run should exercise merges")
        if ProcessInfo.processInfo.environment["JOURNAL_SYNC_SEED"] == nil {
            #expect(copies > 0, "the fixed seed should exercise conflict copies")
        }
        for (id, write) in lastWrite where (lastDelete[id] ?? -1) < write.step {
            let holders = final.filter { entry in
                guard let text = peers.read("a", entry.path) else { return false }
                return entry.id == id || text.contains("conflict_of: \(id)\n")
            }
            let found = holders.contains { peers.read("a", $0.path)?.contains(write.token) == true }
            #expect(found, "entry \(id): the text \(write.token) written at step \(write.step) is lost")
        }
    }
}
