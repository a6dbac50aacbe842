import ArgumentParser
import Foundation
import JournalKit

enum ColorChoice: String, ExpressibleByArgument, CaseIterable {
    case auto, always, never
}

/// Flags every command takes.
struct GlobalOptions: ParsableArguments {
    @Option(name: [.customShort("J", allowingJoined: true), .long], help: ArgumentHelp(Help.text("help.GlobalOptions.journal")))
    var journal: String?

    @Option(help: ArgumentHelp(Help.text("help.GlobalOptions.color")))
    var color: ColorChoice = .auto

    /// The options above as the hand scanners of a command line read them (`hoistingGlobalOptions`,
    /// `unknownCommand`, `Search.rewritingExclusions`, `QuickParse`): each takes a value; `joinable` ones
    /// also as `-JDIR`, every long one as `--journal=DIR`. `OptionTableTests` holds it to the definitions above.
    static let names: [(short: String?, long: String)] = [("-J", "--journal"), (nil, "--color")]

    /// Every name of a global option.
    static let spellings = Set(names.flatMap { [$0.long] + ($0.short.map { [$0] } ?? []) })

    /// The short names whose value may be joined to them (`allowingJoined`).
    static let joinable: Set<String> = ["-J"]

    /// How many words the global option `argument` takes up: 2 (`-J DIR`), 1 (`--journal=DIR`, `-JDIR`); nil
    /// when `argument` is not a global option.
    static func span(of argument: String) -> Int? {
        if spellings.contains(argument) { return 2 }
        if names.contains(where: { argument.hasPrefix($0.long + "=") }) { return 1 }
        if joinable.contains(where: { argument.hasPrefix($0) && argument.count > $0.count }) { return 1 }
        return nil
    }

    /// Where the journal lives, and whether that is the default place (which `add` may create).
    var location: (path: String, isDefault: Bool) {
        if let journal { return (Shell.absolute(GlobalOptions.namedJournal(journal) ?? journal), false) }
        return GlobalOptions.defaultLocation
    }

    /// `$JOURNAL_DIR`, else `~/journal` (which `add` and `import` may create).
    static var defaultLocation: (path: String, isDefault: Bool) {
        if let dir = Shell.env("JOURNAL_DIR"), !dir.isEmpty { return (Shell.absolute(dir), false) }
        return (Shell.home + "/journal", true)
    }

    /// The folder of a journal named in the user's config (`journals.work`, jrnl's `journals:`), or
    /// `default`'s; nil for anything else, which is then a folder's path.
    static func namedJournal(_ name: String) -> String? {
        guard !name.isEmpty, !name.contains("/"), !name.hasPrefix("."), !name.hasPrefix("~") else { return nil }
        if let path = (try? UserSettings.load(creating: false))?.journals[name] { return path }
        return name == "default" ? defaultLocation.path : nil
    }

    var style: Style {
        switch color {
        case .always: Style(enabled: true)
        case .never: Style(enabled: false)
        case .auto: Style(enabled: Terminal.stdoutIsTerminal && Shell.env("NO_COLOR").map(\.isEmpty) ?? true)
        }
    }

    /// The journal; when its journal.yml cannot be read, one warning line says so and the built-in
    /// categories stand in.
    func openJournal() throws -> Journal {
        prepare(try Journal.open(at: location.path, context: Shell.context()))
    }

    /// A journal opened (or created) for a command: its settings' problem said, its progress line set.
    func prepare(_ journal: Journal) -> Journal {
        if let problem = journal.settingsProblem { Terminal.warn(Say.settingsIgnored(problem.description)) }
        journal.textIndexProgress = ProgressLine.reporter(Say.indexingText)
        return journal
    }
}

/// `--journal` alone, for a command whose `--color` means something else than output colour.
struct JournalFolderOption: ParsableArguments {
    @Option(name: [.customShort("J"), .long], help: ArgumentHelp(Help.text("help.JournalFolderOption.journal")))
    var journal: String?

    func openJournal() throws -> Journal {
        try GlobalOptions.parse(journal.map { ["--journal", $0] } ?? []).openJournal()
    }
}
