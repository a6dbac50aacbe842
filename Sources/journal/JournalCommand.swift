import ArgumentParser
import CBuildInfo
import Foundation
import JournalKit

@main
struct JournalCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "journal",
        abstract: Help.text("help.JournalCommand.abstract"),
        discussion: Help.reflow(Say.text("help.JournalCommand.discussion")),
        version: JournalCommand.versionLine,
        subcommands: [
            Init.self, Add.self, List.self, Search.self, Today.self, OnThisDay.self, Show.self, Edit.self, Remove.self,
            Commit.self, Star.self, Unstar.self, Tag.self, Tags.self, Categories.self, Stats.self, WeatherCommand.self, Config.self,
            Log.self, Restore.self, Sync.self, Clone.self, Remote.self, Import.self, Export.self, Share.self,
            Attach.self, Templates.self, Encrypt.self, Doctor.self, Journals.self, Serve.self, Drafts.self,
        ],
        defaultSubcommand: List.self
    )

    static let version = "0.1.0"

    /// What `--version` prints: the version and the commit the binary was built from (`make` embeds it;
    /// a plain `swift build` knows none).
    static var versionLine: String {
        let commit = String(cString: journal_build_commit())
        return "journal \(version) (commit \(commit.isEmpty ? "unknown: built without make" : commit))"
    }

    /// The one place that turns errors into text and exit codes: usage mistakes exit 64
    /// (swift-argument-parser's own handling), everything else prints one line and exits 1.
    static func main() {
        // A peer that closes a connection libgit2 still writes to must make a failed sync, not a
        // silent death (git ignores SIGPIPE for its network work too). Output to a closed pipe is
        // handled where it is written (`Terminal.write`).
        signal(SIGPIPE, SIG_IGN)
        // As git does: the version without starting the rest (the messages' language, the parser).
        if CommandLine.arguments.dropFirst() == ["--version"] {
            print(versionLine)
            return
        }
        // Before anything reads a message or a help text (the commands' configurations are built lazily).
        Say.language = Language.choose()
        // `make install` writes the manual page of each language: `journal --generate-manual ko`.
        if CommandLine.arguments.count == 3, CommandLine.arguments[1] == "--generate-manual" {
            let status = Manual.write(language: CommandLine.arguments[2])
            if status != 0 { Foundation.exit(status) }
            return
        }
        do {
            let given = shortcuts(Search.rewritingExclusions(Array(CommandLine.arguments.dropFirst())))
            var command: any ParsableCommand
            if let quick = QuickParse.command(given) {
                command = quick
            } else {
                if let unknown = unknownCommand(in: given) {
                    Terminal.printError(Say.unknownCommand(unknown.word, suggestion: unknown.suggestion))
                    Foundation.exit(ExitCode.validationFailure.rawValue)
                }
                command = try parseAsRoot(hoistingGlobalOptions(given))
            }
            try command.run()
            for note in Terminal.notesAfterSuccess { Terminal.printError(note) }
            if let failure = Terminal.outputFailure {
                Terminal.printError(Say.cannotWriteOutput(failure))
                Foundation.exit(1)
            }
        } catch let error as any ReaderError {
            if !error.description.isEmpty { Terminal.printError(error.description) }
            Foundation.exit(error.exitStatus)
        } catch {
            // swift-argument-parser's own: usage mistakes (64) and --help in our words and fitted to the
            // terminal; the rest (--version, completion scripts, --experimental-dump-help) as it says them.
            let code = exitCode(for: error)
            let message = fullMessage(for: error)
            let help = code == .success && (message.hasPrefix("OVERVIEW:") || message.hasPrefix("USAGE:"))
            if help || code.rawValue == 64 { exitTranslated(error, help: help) }
            exit(withError: error)
        }
    }

    /// swift-argument-parser's own words around our texts (headings of --help, the usage error's
    /// frame) in the messages' language: it has no catalogue of its own, so its output is rewritten;
    /// then fitted to the terminal by cells (`Help.fitted`).
    static func exitTranslated(_ error: any Error, help: Bool) -> Never {
        var text = fullMessage(for: error)
        let words: [(String, String)] = [
            ("OVERVIEW:", "parser.overview"), ("USAGE:", "parser.usage"), ("ARGUMENTS:", "parser.arguments"),
            ("OPTIONS:", "parser.options"), ("SUBCOMMANDS:", "parser.subcommands"),
            ("Show help information.", "parser.help"), ("Show the version.", "parser.version"),
            ("(default: ", "parser.default"), ("; default: ", "parser.defaultAfter"), ("(values:", "parser.values"),
            ("(default)", "parser.defaultSubcommand"), ("Error: ", "parser.error"),
            ("Usage: ", "parser.usageLine"), ("Unknown option ", "parser.unknownOption"),
            ("Missing expected argument ", "parser.missingArgument"), ("Unexpected argument ", "parser.unexpectedArgument"),
            ("Missing value for ", "parser.missingValue"),
        ]
        if Say.current != "en" {
            // The default subcommand's mark stands in its column: it keeps the English mark's width in cells
            // (`(기본)` is 6 cells where `(default)` was 9), so that the descriptions after it stay aligned.
            let mark = Say.text("parser.defaultSubcommand")
            let columns = displayWidth("(default)") - displayWidth(mark)
            if columns > 0 { text = text.replacingOccurrences(of: "(default) ", with: mark + String(repeating: " ", count: columns + 1)) }
            for (english, key) in words { text = text.replacingOccurrences(of: english, with: Say.text(key)) }
            text = replacingSentences(text)
        }
        // A usage mistake's error stays one line (the terminal wraps it); its usage line is fitted.
        if Help.wrapsForTerminal { text = Help.fitted(text, width: Terminal.columns, usageOnly: !help) }
        let code = exitCode(for: error)
        Terminal.write(text + "\n", to: code == .success ? .standardOutput : .standardError)
        Foundation.exit(code.rawValue)
    }

    /// `See 'journal help <subcommand>' for detailed help.` and `See 'journal list --help' for more information.`
    private static func replacingSentences(_ text: String) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for (index, line) in lines.enumerated() {
            let body = line.drop { $0 == " " }
            let indent = String(line.prefix(line.count - body.count))
            guard body.hasPrefix("See '"), let close = body.dropFirst(5).firstIndex(of: "'") else { continue }
            let command = String(body[body.index(body.startIndex, offsetBy: 5)..<close])
            if body.hasSuffix("for detailed help.") { lines[index] = indent + Say.text("parser.seeDetailed", command) }
            if body.hasSuffix("for more information.") { lines[index] = indent + Say.text("parser.seeMore", command) }
        }
        return lines.joined(separator: "\n")
    }
}

extension JournalCommand {
    /// jrnl's ways in: `journal work: add …` (a journal named in the config, then a command) is
    /// `journal -J work add …`, and `journal work: Text` adds to it; `journal yesterday: Dinner` (words
    /// that start with a date before a colon) is `journal add "yesterday: Dinner"`.
    static func shortcuts(_ given: [String]) -> [String] {
        // After the options every command takes (`journal -J DIR 'yesterday: Dinner'`), as before them.
        var lead = 0
        while lead < given.count, let span = GlobalOptions.span(of: given[lead]), lead + span <= given.count { lead += span }
        if lead > 0 { return Array(given[..<lead]) + shortcuts(Array(given[lead...])) }
        let arguments = given
        guard let first = arguments.first, !first.hasPrefix("-"), !isCommand(first) else { return arguments }
        if first.hasSuffix(":"), first.count > 1, GlobalOptions.namedJournal(String(first.dropLast())) != nil {
            let rest = Array(arguments.dropFirst())
            let named = ["-J", String(first.dropLast())]
            guard let next = rest.first, !next.hasPrefix("-"), !isCommand(next) else { return named + rest }
            return named + ["add"] + rest
        }
        guard DateGrammar(now: Shell.now, timeZone: Shell.timeZone).leadingDate(in: arguments.joined(separator: " ")) != nil
        else { return arguments }
        return ["add"] + arguments
    }

    private static func isCommand(_ word: String) -> Bool { commandNames.contains(word) }

    /// The names of the commands (none has an alias), for `shortcuts`, which runs before any parser: asking
    /// `configuration.subcommands` builds every command's configuration, a millisecond of `journal list`.
    /// `OptionTableTests` holds it to the subcommands.
    static let commandNames = [
        "init", "add", "list", "search", "today", "on-this-day", "show", "edit", "rm", "commit", "star", "unstar", "tag",
        "tags", "categories", "stats", "weather", "config", "log", "restore", "sync", "clone", "remote", "import", "export",
        "share", "attach", "templates", "encrypt", "doctor", "journals", "serve", "drafts",
    ]

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
            if let span = GlobalOptions.span(of: argument), index + span <= arguments.count {
                leading += arguments[index..<(index + span)]
                index += span
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

extension JournalCommand {
    /// A bare word where a command's name belongs (`journal serach 친구`), with the nearest name.
    /// Without this check the word would reach the default command (`list`) as an argument, and
    /// its usage error would name the wrong command.
    static func unknownCommand(in arguments: [String]) -> (word: String, suggestion: String?)? {
        var command: any ParsableCommand.Type = JournalCommand.self
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if let span = GlobalOptions.span(of: argument) {
                index += span
                continue
            }
            if argument.hasPrefix("-") { return nil }  // options: the parser judges them
            let subcommands = command.configuration.subcommands
            guard !subcommands.isEmpty else { return nil }
            var names = subcommands.flatMap { [$0._commandName] + $0.configuration.aliases }
            if command == JournalCommand.self { names.append("help") }
            if let sub = subcommands.first(where: { $0._commandName == argument || $0.configuration.aliases.contains(argument) }) {
                command = sub
                index += 1
                continue
            }
            if names.contains(argument) { return nil }
            return (argument, Nearest.name(argument, among: names))
        }
        return nil
    }
}

