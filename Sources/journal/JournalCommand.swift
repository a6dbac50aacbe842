import ArgumentParser
import Foundation
import JournalKit

@main
struct JournalCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "journal",
        abstract: "A diary in plain Markdown files, versioned with git.",
        discussion: """
            Entries are Markdown files under entries/ in a git repository (default ~/journal).
            Every change is a commit. Examples:
              journal add "Trip to Busan" --tag busan --category travel
              journal list -n 20
              journal edit 3f2a
            """,
        version: "0.1.0",
        subcommands: [Init.self, Add.self, List.self, Show.self, Edit.self, Remove.self, Commit.self],
        defaultSubcommand: List.self
    )

    /// The one place that turns errors into text and exit codes: usage mistakes exit 64
    /// (swift-argument-parser's own handling), everything else prints one line and exits 1.
    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch let error as JournalError {
            Terminal.printError(error.description)
            Foundation.exit(1)
        } catch let error as Failure {
            Terminal.printError(error.message)
            Foundation.exit(1)
        } catch {
            exit(withError: error)
        }
    }
}

/// A failure the command line itself detects, with its one-line message.
struct Failure: Error {
    let message: String
    init(_ message: String) { self.message = message }
}
