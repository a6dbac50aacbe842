import ArgumentParser
import Foundation
import JournalKit

extension ImportFormat: ExpressibleByArgument {}

extension JournalCommand {
    struct Import: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Bring in entries from jrnl, Day One or a folder of Markdown notes.",
            discussion: Help.reflow("""
                FORMAT is one of:
                  jrnl      a jrnl journal file, or its `jrnl --export json` file
                  dayone    a Day One JSON export: the .zip it makes, or that zip unpacked
                  markdown  a folder of notes (Obsidian daily notes and the like)
                Everything new goes into one commit. Entries the journal already holds (from an
                earlier import of the same source) are recognised and left alone; an entry that
                cannot be read is named on standard error and the rest are imported.
                Examples:
                  journal import jrnl ~/journal.txt --time-zone Europe/Berlin
                  journal import dayone ~/Downloads/Export.zip --dry-run
                  journal import markdown ~/Obsidian/Daily
                """))

        @OptionGroup var options: GlobalOptions

        @Argument(help: "The format of the source.")
        var format: ImportFormat

        @Argument(help: "The file or folder to import.")
        var path: String

        @Flag(help: "List what would be added, and change nothing.")
        var dryRun = false

        @Option(help: "The time zone of times that name none (jrnl's, notes'): an IANA name; default the system's.")
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
                    print(Say.wouldAdd(entry.createdAt.localDay.description, String(entry.id.prefix(8)), entry.title))
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
