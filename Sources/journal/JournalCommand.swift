import ArgumentParser
import Foundation
import JournalKit

@main
struct JournalCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "journal",
        abstract: "A diary in plain Markdown files, versioned with git.",
        discussion: Help.reflow("""
            Entries are Markdown files under entries/ in a git repository (default ~/journal).
            Every change is a commit. Examples:
              journal add "Trip to Busan" --tag busan --category travel
              journal list -n 20
              journal edit 3f2a
            """),
        version: "0.1.0",
        subcommands: [
            Init.self, Add.self, List.self, Search.self, Today.self, OnThisDay.self, Show.self, Edit.self, Remove.self,
            Commit.self, Star.self, Unstar.self, Tag.self, Tags.self, Categories.self, WeatherCommand.self, Config.self,
            Log.self, Restore.self, Sync.self, Clone.self, Remote.self,
            Import.self,
        ],
        defaultSubcommand: List.self
    )

    /// The one place that turns errors into text and exit codes: usage mistakes exit 64
    /// (swift-argument-parser's own handling), everything else prints one line and exits 1.
    static func main() {
        do {
            let arguments = hoistingGlobalOptions(Array(CommandLine.arguments.dropFirst()))
            var command = try parseAsRoot(Search.rewritingExclusions(arguments))
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

extension JournalCommand {
    /// `journal -J DIR add …` means `journal add -J DIR …`: options every command takes may come
    /// before the command's name, as with git's `-C`, and before or between the names of nested
    /// commands (`journal -J DIR tags rename …`, `journal tags -J DIR rename …`).
    static func hoistingGlobalOptions(_ arguments: [String]) -> [String] {
        var leading: [String] = []
        var names: [String] = []
        var command: any ParsableCommand.Type = JournalCommand.self
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if ["-J", "--journal", "--color"].contains(argument), index + 1 < arguments.count {
                leading += [argument, arguments[index + 1]]
                index += 2
            } else if argument.hasPrefix("--journal=") || argument.hasPrefix("--color=")
                || (argument.hasPrefix("-J") && argument.count > 2)
            {
                leading.append(argument)
                index += 1
            } else if let sub = command.configuration.subcommands.first(where: {
                $0._commandName == argument || $0.configuration.aliases.contains(argument)
            }) {
                names.append(argument)
                command = sub
                index += 1
            } else {
                break
            }
        }
        guard !leading.isEmpty else { return arguments }
        return names + leading + arguments[index...]
    }
}

/// A failure the command line itself detects, with its one-line message.
struct Failure: Error {
    let message: String
    init(_ message: String) { self.message = message }
}
