import ArgumentParser
import Foundation
import JournalKit

extension ImportFormat: ExpressibleByArgument {}

extension JournalCommand {
    struct Import: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "import",
            abstract: Help.text("help.Import.abstract"),
            discussion: Help.reflow(Say.text("help.Import.discussion")))

        @OptionGroup var options: GlobalOptions

        @Argument(help: ArgumentHelp(Help.text("help.Import.format")))
        var format: ImportFormat

        @Argument(help: ArgumentHelp(Help.text("help.Import.path")))
        var path: String?

        @Flag(help: ArgumentHelp(Help.text("help.Import.dryRun")))
        var dryRun = false

        @Option(help: ArgumentHelp(Help.text("help.Import.timeZone")))
        var timeZone: String?

        @Option(help: ArgumentHelp(Help.text("help.Import.time")))
        var time: String?

        @Option(help: ArgumentHelp(Help.text("help.Import.encoding")))
        var encoding: String?

        @Flag(help: ArgumentHelp(Help.text("help.Import.includeDeleted")))
        var includeDeleted = false

        func run() throws {
            let zone = try timeZone.map { name in
                guard let zone = TimeZone(identifier: name) else { throw ValidationError(Say.badTimeZone(name)) }
                return zone
            } ?? Shell.timeZone
            let sourceEncoding = try encoding.map(SourceEncoding.typed) ?? .utf8
            var request = ImportRequest(
                format: format, source: "", timeZone: zone, encoding: sourceEncoding, dryRun: dryRun, includeDeleted: includeDeleted)
            if let time {
                do { request.dayTime = try ImportRequest.dayTime(time) } catch { throw ValidationError("\(error)") }
            }
            // jrnl as its owner set it up: the journals its config names (without a file), or the settings of the
            // one file named.
            let expand = { (path: String) in JournalContext.expandingUserPath(path, from: FileManager.default.currentDirectoryPath) }
            var sources: [(path: String, jrnl: JrnlSettings)] = []
            if let path {
                let file = Shell.absolute(path)
                let setup = format == .jrnl ? try? JrnlSetup.read(configFile: JournalContext.jrnlConfigFile, expand: expand) : nil
                sources = [(file, setup?.settings(forFile: file) ?? JrnlSettings())]
            } else {
                guard format == .jrnl else { throw ValidationError(Say.text("importNeedsPath")) }
                let setup = try JrnlSetup.read(configFile: JournalContext.jrnlConfigFile, expand: expand)
                for line in setup.lines { print(line) }
                sources = setup.journals.filter { $0.leftOut == nil }.map { ($0.path, $0.settings) }
                guard !sources.isEmpty else { throw JournalError.invalid(Say.text("jrnlNothingToRead")) }
                // Every journal read before the first is brought in: one that cannot be read changes nothing.
                let now = Shell.context().now
                for source in sources {
                    var check = request
                    check.source = source.path
                    check.jrnl = source.jrnl
                    try Journal.checkImportSource(check, now: now)
                }
            }
            let (location, isDefault) = options.location
            let journal: Journal
            if dryRun {
                journal = try options.openJournal()
            } else {
                let opened = try Journal.openForImport(at: location, context: Shell.context())
                journal = options.prepare(opened.journal)
                if opened.created { Terminal.note(isDefault ? Say.createdDefaultJournal(location) : Say.createdJournal(location)) }
            }
            try refresh(journal)

            let dryRun = dryRun
            for source in sources {
                request.source = source.path
                request.jrnl = source.jrnl
                let progress = ProgressLine.counter(every: 100, Say.importing)
                let report = try journal.importEntries(
                    request,
                    added: { entry in
                        guard dryRun else { return }
                        print(Say.wouldAdd(entry.createdAt.localDay.description, Entry.shortID(of: entry.id), Say.shownTitle(entry.title)))
                    },
                    progress: progress.count)
                progress.end()
                for problem in report.problems { Terminal.warn(Say.importProblem(problem.place, problem.reason)) }
                for notice in report.notices { Terminal.warn(Say.importNotice(notice.place, notice.reason)) }
                let name = (request.source as NSString).lastPathComponent
                print(Say.imported(
                    report.added, format.rawValue, name, alreadyThere: report.alreadyThere, deletedSince: report.deletedSince, dryRun: dryRun))
            }
        }
    }
}
