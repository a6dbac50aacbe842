import Foundation
import TestSupport
import Testing

/// The README's five-minute tour, run as a newcomer pastes it: every `sh` block under "A five-minute tour",
/// in order, in one bash (so `$id` carries from line to line), against the built binary in a sandbox HOME,
/// stopping at the first line that fails. The README cannot drift from the tool without this failing.
@Suite struct ReadmeTests {
    static let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("README.md").path

    /// The code of the `sh` blocks between the heading and the next `## ` heading.
    static func blocks(under heading: String) throws -> [String] {
        let text = try String(contentsOfFile: readme, encoding: .utf8)
        guard let start = text.range(of: "\n## " + heading + "\n") else { throw SandboxError("no heading \(heading)") }
        let section = text[start.upperBound...].components(separatedBy: "\n## ")[0]
        var blocks: [String] = []
        var current: [String]?
        for line in section.split(separator: "\n", omittingEmptySubsequences: false) {
            if current == nil, line == "```sh" {
                current = []
            } else if current != nil, line == "```" {
                blocks.append(current!.joined(separator: "\n"))
                current = nil
            } else if current != nil {
                current!.append(String(line))
            }
        }
        return blocks
    }

    @Test func theFiveMinuteTourWorks() throws {
        let blocks = try Self.blocks(under: "A five-minute tour")
        #expect(blocks.count >= 3)
        let server = try ProviderServer()
        let box = try Sandbox()
        // The editor `journal edit` opens: it adds a line, as a person would.
        let editor = try box.script("editor", "echo 'We took the early KTX and ate hotteok at the market.' >> \"$1\"\n")
        var env = box.environment
        env["PATH"] = URL(fileURLWithPath: Sandbox.binary).deletingLastPathComponent().path + ":" + (env["PATH"] ?? "/usr/bin:/bin")
        env["EDITOR"] = editor
        env["JOURNAL_WEATHER_URL"] = server.url + "/v1/forecast"
        env["JOURNAL_MAX_USER_WATCHES"] = "65536"
        let script = "set -e -o pipefail\n" + blocks.joined(separator: "\n")
        let result = try Sandbox.exec("/bin/bash", ["--norc", "-c", script], stdin: nil, env: env, cwd: box.home)
        #expect(result.status == 0, "the tour stopped:\n\(result.stdout)\n\(result.stderr)")
        for expected in ["Tagged ", "Starred ", "Edited ", "Deleted ", "Restored ", "Added remote origin", "↑ 3 new", "All is well."] {
            #expect(result.stdout.contains(expected), "\(expected)\n\(result.stdout)")
        }
        // What it leaves: three entries, the edit kept, everything committed and pushed.
        #expect(box.entryFiles().count == 3)
        #expect(box.entryFiles().compactMap { box.read($0) }.contains { $0.contains("ate hotteok at the market") })
        try box.expectCleanRepository()
        #expect(try box.git("rev-parse", "main") == box.git("rev-parse", "main", in: box.home + "/journal-shared.git"))
    }
}
