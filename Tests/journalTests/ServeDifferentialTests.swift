import Foundation
import Testing

/// The resident mirror against the walk, over seeded random changes of every kind: a hand write, an
/// in-place edit of the same size, a rename, a delete, a new folder, `journal add`, `tag` and `rm`, a
/// `git stash` and its pop, the server killed with SIGKILL and started again, or absent for a while. After
/// each step, `list`, `search` and `today` (JSON) asked of the server equal the same commands walking the
/// files (`JOURNAL_SERVE=off`). JOURNAL_DIFF_STEPS runs more steps (default 120); JOURNAL_DIFF_SEED
/// another seed.
@Suite struct ServeDifferentialTests {
    @Test func theServersAnswersAreTheWalksAnswers() throws {
        let environment = ProcessInfo.processInfo.environment
        let steps = environment["JOURNAL_DIFF_STEPS"].flatMap(Int.init) ?? 120
        let seed = environment["JOURNAL_DIFF_SEED"].flatMap(UInt64.init) ?? 20_261_126
        var random = SyncRandomTests.Generator(state: seed)
        let box = try Sandbox()
        #expect(try box.journal("init").status == 0)
        for number in 1...4 { _ = try box.add("Seed entry \(number)\n\nApple text \(number).") }
        #expect(try box.journal("serve", "--detach").status == 0)
        defer { _ = try? box.journal("serve", "--stop") }
        var running = true
        let words = ["apple", "river", "kimchi", "사과", "바다", "note"]
        var made = 0
        for step in 1...steps {
            var files = box.entryFiles()
            let action = Int.random(in: 0..<12, using: &random)
            var did = ""
            switch action {
            case 0, 1:
                made += 1
                let folder = Int.random(in: 0..<4, using: &random) == 0 ? "entries/2025/0\(Int.random(in: 1...9, using: &random))" : "entries/2026/11"
                let word = words.randomElement(using: &random)!
                try box.write("\(folder)/hand-\(made).md", "Hand note \(made)\n\nAbout \(word) number \(made).\n")
                did = "write \(folder)/hand-\(made).md"
            case 2 where !files.isEmpty:
                // The same size, in the same second: only the content tells.
                let file = files.randomElement(using: &random)!
                if let text = box.read(file), let range = text.range(of: "e") {
                    try box.write(file, text.replacingCharacters(in: range, with: "a"))
                    did = "edit in place \(file)"
                }
            case 3 where !files.isEmpty:
                let file = files.randomElement(using: &random)!
                let target = (file as NSString).deletingLastPathComponent + "/moved-\(step).md"
                try FileManager.default.moveItem(atPath: box.journal + "/" + file, toPath: box.journal + "/" + target)
                did = "mv \(file) \(target)"
            case 4 where files.count > 2:
                let file = files.randomElement(using: &random)!
                try FileManager.default.removeItem(atPath: box.journal + "/" + file)
                did = "rm \(file)"
            case 5:
                _ = try box.journal("add", "Added at step \(step) with \(words.randomElement(using: &random)!)")
                did = "journal add"
            case 6:
                if let id = try firstID(box) { _ = try box.journal("tag", id, "+step\(step)"); did = "journal tag \(id)" }
            case 7 where files.count > 3:
                if let id = try firstID(box) { _ = try box.journal("rm", id, "--yes"); did = "journal rm \(id)" }
            case 8:
                files = box.entryFiles()
                if let file = files.first, let text = box.read(file) {
                    try box.write(file, text + "\nStashed line \(step).\n")
                    _ = try? box.git("stash")
                    _ = try? box.git("stash", "pop")
                    did = "git stash + pop \(file)"
                }
            case 9 where running:
                let pid = try serverPID(box)
                kill(pid, SIGKILL)
                waitGone(pid)
                running = false
                did = "kill -9 the server"
            case 10 where !running:
                #expect(try box.journal("serve", "--detach").status == 0, "step \(step)")
                running = true
                did = "start the server"
            default:
                did = "nothing"
            }
            for arguments in [["list", "--json"], ["search", words[step % words.count], "--json"], ["today", "--json"]] {
                let asked = try box.run(arguments)
                let walked = try box.run(arguments, env: ["JOURNAL_SERVE": "off"])
                #expect(asked.status == walked.status, "seed \(seed) step \(step) (\(did)): \(arguments)")
                #expect(asked.stdout == walked.stdout, "seed \(seed) step \(step) (\(did)): \(arguments)")
            }
        }
        #expect(try box.git("status", "--porcelain") == "")
    }

    func firstID(_ box: Sandbox) throws -> String? {
        let listed = try box.run(["list", "--json"]).stdout
        return listed.components(separatedBy: "\"id\" : \"").dropFirst().first.map { String($0.prefix(8)) }
    }

    func serverPID(_ box: Sandbox) throws -> Int32 {
        let data = try #require(FileManager.default.contents(atPath: box.journal + "/.git/journal/serve.json"))
        let record = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        return try #require((record["pid"] as? NSNumber)?.int32Value)
    }

    /// Until the process is gone (or a zombie no one reaps: then its socket is closed all the same).
    func waitGone(_ pid: Int32) {
        for _ in 0..<500 {
            guard kill(pid, 0) == 0 else { return }
            let state = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8))?.split(separator: " ").dropFirst(2).first
            if state == "Z" { return }
            usleep(10_000)
        }
    }
}
