import ArgumentParser
import Foundation
import JournalKit

/// journal(1), the manual page, made from the commands' own definitions: swift-argument-parser describes
/// every command, argument and help text (`_dumpHelp`, the JSON of `--experimental-dump-help`), in the
/// messages' language, and this turns that into man(7) source with a section per command. `make install`
/// writes it in English and in Korean (`journal --generate-manual ko`).
///
/// Not swift-argument-parser's `generate-manual` plugin: it builds the whole package once more (in the
/// plugin's own configuration, without the static standard library) to run the tool, which would double
/// the time of `make install`, and its headings are English only.
enum Manual {
    /// Prints journal(1) in `language` (a catalogue's code) and returns the exit status: another code is a
    /// usage mistake.
    static func write(language: String) -> Int32 {
        guard Say.languages.contains(language) else {
            Terminal.printError(Say.text("manual.unknownLanguage", language, Say.languages.joined(separator: ", ")))
            return ExitCode.validationFailure.rawValue
        }
        Say.language = language
        Help.wrapsForTerminal = false  // roff fills the lines itself
        do {
            Terminal.write(Data(try page().utf8))
            return 0
        } catch {
            Terminal.printError("\(error)")
            return 1
        }
    }

    /// The man(7) source of journal(1) in the current language (`Say.current`).
    static func page() throws -> String {
        let help = try JSONDecoder().decode(DumpedHelp.self, from: Data(JournalCommand._dumpHelp().utf8))
        let root = help.command
        var out = """
            .TH JOURNAL 1 "" "journal \(JournalCommand.version)" "\(escape(Say.text("manual.title")))"
            .nh
            .ad l
            .SH \(heading("manual.name"))
            journal \\- \(escape(root.abstract ?? ""))
            .SH \(heading("manual.synopsis"))
            .B journal
            [\(optionList(global(in: root)))] \\fI\(escape(Say.text("manual.command")))\\fR [\\fI\(escape(Say.text("manual.arguments")))\\fR]
            .SH \(heading("manual.description"))

            """
        out += paragraphs(root.discussion ?? "")
        out += ".PP\n" + escape(Say.text("manual.defaultCommand", root.defaultSubcommand ?? "list")) + "\n"
        out += ".SH \(heading("manual.options"))\n"
        for argument in global(in: root) + (root.arguments ?? []).filter(\.shown) { out += item(argument) }
        out += ".SH \(heading("manual.commands"))\n"
        for subcommand in root.subcommands ?? [] where subcommand.shouldDisplay ?? true {
            out += section(subcommand, path: ["journal"])
        }
        for (title, key) in [("manual.environment", "manual.environmentText"), ("manual.files", "manual.filesText"),
                             ("manual.exitStatus", "manual.exitStatusText")] {
            out += ".SH \(heading(title))\n" + paragraphs(Say.text(key))
        }
        out += ".SH \(heading("manual.seeAlso"))\n.BR git (1),\n.BR jrnl (1)\n"
        return out
    }

    /// One command, then each of its own subcommands, as subsections titled with the whole command line.
    private static func section(_ command: DumpedHelp.Command, path: [String]) -> String {
        let path = path + [command.commandName]
        let arguments = (command.arguments ?? []).filter { $0.shown && !isGlobal($0) }
        var out = ".SS \"\(escape(path.joined(separator: " ")))\"\n"
        if let aliases = command.aliases, !aliases.isEmpty {
            out += escape(Say.text("manual.aliases", aliases.joined(separator: ", "))) + "\n.br\n"
        }
        out += ".B \(escape(path.joined(separator: " ")))\n" + synopsis(arguments, subcommands: command.subcommands) + "\n"
        out += ".PP\n" + escape(command.abstract ?? "") + "\n"
        out += paragraphs(command.discussion ?? "")
        if !arguments.isEmpty {
            out += ".RS\n"
            for argument in arguments { out += item(argument) }
            out += ".RE\n"
        }
        for subcommand in command.subcommands ?? [] where subcommand.shouldDisplay ?? true {
            out += section(subcommand, path: path)
        }
        return out
    }

    /// `[--json] [-n <n>] <id>`: what a command takes, options first.
    private static func synopsis(_ arguments: [DumpedHelp.Argument], subcommands: [DumpedHelp.Command]?) -> String {
        var words = arguments.filter { $0.kind != "positional" }.map { "[" + usage($0) + "]" }
        words += arguments.filter { $0.kind == "positional" }.map { $0.isOptional ? "[" + usage($0) + "]" : usage($0) }
        if let subcommands, !subcommands.isEmpty {
            words.append("[\\fI\(escape(Say.text("manual.command")))\\fR]")
        }
        return words.joined(separator: " ")
    }

    private static func optionList(_ arguments: [DumpedHelp.Argument]) -> String {
        arguments.map(usage).joined(separator: "] [")
    }

    /// One argument as it is typed: its preferred name and its value, `...` when it may be repeated.
    private static func usage(_ argument: DumpedHelp.Argument) -> String {
        let value = "\\fI" + escape(argument.valueName ?? "value") + "\\fR"
        var text: String
        switch argument.kind {
        case "positional": text = value
        case "flag": text = name(argument.preferredName ?? argument.names?.first)
        default: text = name(argument.preferredName ?? argument.names?.first) + " " + value
        }
        if argument.isRepeating { text += " ..." }
        return text
    }

    private static func name(_ name: DumpedHelp.Name?) -> String {
        guard let name else { return "" }
        return "\\fB" + escape((name.kind == "long" ? "--" : "-") + name.name) + "\\fR"
    }

    /// A tagged paragraph: the names and value, then the help text, its default and its choices.
    private static func item(_ argument: DumpedHelp.Argument) -> String {
        var tag: String
        if argument.kind == "positional" {
            tag = "\\fI" + escape(argument.valueName ?? "") + "\\fR"
        } else {
            tag = (argument.names ?? []).map(name).joined(separator: ", ")
            if argument.kind == "option" { tag += " \\fI" + escape(argument.valueName ?? "value") + "\\fR" }
        }
        var text = argument.abstract ?? ""
        if let values = argument.allValues, !values.isEmpty, argument.kind != "flag" {
            text += " " + Say.text("manual.values", values.joined(separator: ", "))
        }
        if let value = argument.defaultValue, !value.isEmpty, argument.kind != "flag" {
            text += " " + Say.text("manual.default", value)
        }
        var out = ".TP\n" + tag + "\n" + escape(text) + "\n"
        if let discussion = argument.discussion, !discussion.isEmpty { out += paragraphs(discussion) }
        return out
    }

    /// The options every command takes (`GlobalOptions`), listed once, as the first command shows them.
    private static func global(in root: DumpedHelp.Command) -> [DumpedHelp.Argument] {
        var queue = root.subcommands ?? []
        while !queue.isEmpty {
            let command = queue.removeFirst()
            let found = (command.arguments ?? []).filter(isGlobal)
            if !found.isEmpty { return found }
            queue += command.subcommands ?? []
        }
        return []
    }

    private static func isGlobal(_ argument: DumpedHelp.Argument) -> Bool {
        argument.names?.contains { $0.kind == "long" && ["journal", "color"].contains($0.name) } ?? false
    }

    /// Help text as roff: lines that continue a sentence are filled as one paragraph (roff wraps them to the
    /// reader's width); indented lines, the examples, are kept as they are.
    static func paragraphs(_ text: String) -> String {
        var out = ""
        var prose: [String] = []
        var example: [String] = []
        func flush() {
            if !prose.isEmpty { out += ".PP\n" + escape(prose.joined(separator: " ")) + "\n" }
            if !example.isEmpty { out += ".PP\n.nf\n.RS 4\n" + example.map(escape).joined(separator: "\n") + "\n.RE\n.fi\n" }
            prose = []
            example = []
        }
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.trimmingCharacters(in: .whitespaces).isEmpty {
                flush()
            } else if line.hasPrefix(" ") {
                if !prose.isEmpty { flush() }
                example.append(String(line.dropFirst(line.hasPrefix("  ") ? 2 : 1)))
            } else {
                if !example.isEmpty { flush() }
                prose.append(line)
                if line.hasSuffix(":") { flush() }
            }
        }
        flush()
        return out
    }

    private static func heading(_ key: String) -> String {
        "\"" + escape(Say.text(key)) + "\""
    }

    /// Text as roff reads it literally: backslashes, minus signs (so that options copy as typed), and a
    /// line that would start with a control character.
    static func escape(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "\\": out += "\\e"
            case "-": out += "\\-"
            case "\"": out += "\\(dq"
            default: out.append(character)
            }
        }
        return out.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.hasPrefix(".") || $0.hasPrefix("'") ? "\\&" + $0 : String($0) }.joined(separator: "\n")
    }
}

/// The part of swift-argument-parser's description of a command (`--experimental-dump-help`, serialization
/// version 0) that the manual shows.
private struct DumpedHelp: Decodable {
    struct Command: Decodable {
        var commandName: String
        var aliases: [String]?
        var abstract: String?
        var discussion: String?
        var shouldDisplay: Bool?
        var defaultSubcommand: String?
        var subcommands: [Command]?
        var arguments: [Argument]?
    }

    struct Argument: Decodable {
        var kind: String
        var shouldDisplay: Bool
        var isOptional: Bool
        var isRepeating: Bool
        var names: [Name]?
        var preferredName: Name?
        var valueName: String?
        var defaultValue: String?
        var allValues: [String]?
        var abstract: String?
        var discussion: String?

        /// Shown in help, and not help's or version's own flags.
        var shown: Bool {
            shouldDisplay && !(names ?? []).contains { ["help", "version", "h"].contains($0.name) }
        }
    }

    struct Name: Decodable {
        var kind: String
        var name: String
    }

    var serializationVersion: Int
    var command: Command
}
