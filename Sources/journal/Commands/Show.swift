import ArgumentParser
import Foundation
import JournalKit

extension JournalCommand {
    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "show",
            abstract: Help.text("help.Show.abstract"),
            discussion: Help.reflow(Say.text("help.Show.discussion")))

        @OptionGroup var options: GlobalOptions

        @Argument(help: ArgumentHelp(Help.text("help.Show.id")), completion: Completion.entries)
        var id: String

        @Flag(help: ArgumentHelp(Help.text("help.Show.raw")))
        var raw = false

        @Flag(help: ArgumentHelp(Help.text("help.Show.json")))
        var json = false

        @Option(help: ArgumentHelp(Help.text("help.Show.at")))
        var at: String?

        func run() throws {
            let journal = try options.openJournal()
            try refresh(journal)
            if let at { return try showVersion(of: id, at: at, in: journal, raw: raw, json: json, options: options) }
            let entry = try journal.entry(matching: id)
            if raw {
                Terminal.write(try Data(contentsOf: URL(fileURLWithPath: journal.absolutePath(of: entry))))
                return
            }
            if json {
                print(try EntryJSON.render(journal.json(of: entry)), terminator: "")
                return
            }
            let attachments = journal.attachments(of: entry.id)
            if let problem = entry.problem {
                Terminal.warn(Say.brokenEntry(entry.path, line: problem.line, reason: problem.reason))
            }
            let page = EntryPage(style: options.style, settings: journal.settings, dates: DateText(localeIdentifier: Shell.localeIdentifier))
            var out = page.render(entry)
            if !attachments.isEmpty {
                out += "\n" + options.style.dim(Say.attachmentsHeading) + "\n" + attachments.map { "  " + $0 + "\n" }.joined()
            }
            Terminal.page(out)
        }
    }
}

/// `journal show ID --at REV|DATE`: the entry as it was then, as a page, raw bytes or JSON.
func showVersion(of id: String, at point: String, in journal: Journal, raw: Bool, json: Bool,
                 options: GlobalOptions) throws {
    let found = try journal.findEntry(id)
    let version = try journal.version(of: found.entry, at: point)
    if raw {
        Terminal.write(version.data)
        return
    }
    if json {
        print(try EntryJSON.render(EntryJSON(entry: version.entry)), terminator: "")
        return
    }
    let dates = DateText(localeIdentifier: Shell.localeIdentifier)
    let page = EntryPage(style: options.style, settings: journal.settings, dates: dates)
    let note = options.style.dim(Say.versionOf(dates.format(version.commit.date), version.commit.shortID)) + "\n"
    Terminal.page(note + page.render(version.entry))
}
