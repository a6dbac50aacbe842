import ArgumentParser
import Foundation
import JournalKit

extension ImportFormat: ExpressibleByArgument {}

extension JournalCommand {
    struct Import: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "import",
            abstract: Say.text("help.Import.abstract"),
            discussion: Help.reflow(Say.text("help.Import.discussion")))

        @OptionGroup var options: GlobalOptions

        @Argument(help: ArgumentHelp(Say.text("help.Import.format")))
        var format: ImportFormat

        @Argument(help: ArgumentHelp(Say.text("help.Import.path")))
        var path: String

        @Flag(help: ArgumentHelp(Say.text("help.Import.dryRun")))
        var dryRun = false

        @Option(help: ArgumentHelp(Say.text("help.Import.timeZone")))
        var timeZone: String?

        func run() throws {
            let zone = try timeZone.map { name in
                guard let zone = TimeZone(identifier: name) else { throw ValidationError(Say.badTimeZone(name)) }
                return zone
            } ?? Shell.timeZone
            let source = Shell.absolute(path)
            let (location, isDefault) = options.location
            let journal: Journal
            if isDefault && !dryRun && !FileManager.default.fileExists(atPath: location) {
                journal = try Journal.create(at: location, context: Shell.context())
                Terminal.note(Say.createdDefaultJournal(location))
            } else {
                journal = try options.openJournal()
            }
            try refresh(journal)

            let start = Date()
            // After how long the progress line appears (tests shorten it).
            let delay = Shell.env("JOURNAL_PROGRESS_AFTER").flatMap(TimeInterval.init) ?? 1
            var shown = false
            let dryRun = dryRun
            let report = try journal.importEntries(
                format, from: source, timeZone: zone, dryRun: dryRun,
                added: { entry in
                    guard dryRun else { return }
                    print(Say.wouldAdd(entry.createdAt.localDay.description, String(entry.id.prefix(8)), Say.shownTitle(entry.title)))
                },
                progress: { count in
                    guard count % 100 == 0, Terminal.stderrIsTerminal, Date().timeIntervalSince(start) >= delay else { return }
                    shown = true
                    FileHandle.standardError.write(Data("\r\(Say.importing(count))".utf8))
                })
            if shown { FileHandle.standardError.write(Data("\n".utf8)) }
            for problem in report.problems { Terminal.warn(Say.importProblem(problem.place, problem.reason)) }
            let name = (source as NSString).lastPathComponent
            print(Say.imported(report.added, format.rawValue, name, alreadyThere: report.alreadyThere, dryRun: dryRun))
        }
    }
}
