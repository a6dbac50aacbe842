import ArgumentParser
import Foundation
import JournalKit

extension JournalCommand {
    struct Export: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "export",
            abstract: Help.text("help.Export.abstract"),
            discussion: Help.reflow(Say.text("help.Export.discussion")))

        @OptionGroup var options: GlobalOptions
        @OptionGroup var filters: FilterOptions

        @Argument(help: ArgumentHelp(Help.text("help.Export.format"), valueName: "format"))
        var formatArgument: ExportFormat?

        @Option(name: .customLong("format"), help: ArgumentHelp(Help.text("help.Export.formatOption")))
        var formatOption: ExportFormat?

        @Option(name: [.short, .long], help: ArgumentHelp(Help.text("help.Export.output")))
        var output: String?

        /// The format, named either way (`export jrnl-json` or `export --format jrnl-json`).
        var format: ExportFormat { formatArgument ?? formatOption ?? .json }

        func validate() throws {
            switch (formatArgument, formatOption) {
            case (nil, nil): throw ValidationError(Say.exportNeedsFormat)
            case (let a?, let b?) where a != b: throw ValidationError(Say.exportTwoFormats(a.rawValue, b.rawValue))
            default: break
            }
        }

        func run() throws {
            let target = output.flatMap { $0 == "-" ? nil : Shell.absolute($0) }
            let plan = try Journal.exportPlan(format, filter: try filters.checked(), output: target, context: Shell.context())
            let journal = try options.openJournal()
            try refresh(journal)
            let outcome = try journal.export(plan, units: UserSettings.units, output: Terminal.output)
            if let warning = outcome.warning { Terminal.warn(warning) }
            if let path = outcome.path { Terminal.note(Say.exported(outcome.count, to: path)) }
        }
    }
}

extension ExportFormat: ExpressibleByArgument {}
