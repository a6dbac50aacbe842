import ArgumentParser
import Foundation
import JournalKit

enum ColorChoice: String, ExpressibleByArgument, CaseIterable {
    case auto, always, never
}

/// Flags every command takes.
struct GlobalOptions: ParsableArguments {
    @Option(name: [.customShort("J", allowingJoined: true), .long], help: ArgumentHelp(Say.text("help.GlobalOptions.journal")))
    var journal: String?

    @Option(help: ArgumentHelp(Say.text("help.GlobalOptions.color")))
    var color: ColorChoice = .auto

    /// Where the journal lives, and whether that is the default place (which `add` may create).
    var location: (path: String, isDefault: Bool) {
        if let journal { return (Shell.absolute(journal), false) }
        if let dir = Shell.env("JOURNAL_DIR"), !dir.isEmpty { return (Shell.absolute(dir), false) }
        return (Shell.home + "/journal", true)
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
