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
            let attachments = journal.attachments(of: entry.id)
            if json {
                var record = EntryJSON(entry: entry)
                if !attachments.isEmpty { record.attachments = attachments }
                print(try EntryJSON.render(record), terminator: "")
                return
            }
            if let problem = entry.problem {
                Terminal.warn(Say.brokenEntry(entry.path, line: problem.line, reason: problem.reason))
            }
            let page = EntryPage(style: options.style, settings: journal.settings, dates: DateText(locale: Shell.locale))
            var out = page.render(entry)
            if !attachments.isEmpty {
                out += "\n" + options.style.dim(Say.attachmentsHeading) + "\n" + attachments.map { "  " + $0 + "\n" }.joined()
            }
            Terminal.page(out)
        }
    }
}

/// One entry in full: a line of metadata, weather and place, the path, then the text as written
/// (its title line in bold on a terminal; the title is not printed twice).
struct EntryPage {
    let style: Style
    let settings: Settings
    let dates: DateText

    /// What is known of an entry besides its text, as `show` prints it: date, id, category, tags, star on the
    /// first line; weather and place on the second.
    func facts(_ entry: Entry, withID: Bool = true) -> (first: [String], place: [String]) {
        let facts = EntryFacts(entry, settings: settings, dates: dates, units: UserSettings.units)
        var first = [facts.date]
        if withID { first.append(style.yellow(facts.id)) }
        if let category = facts.category { first.append(style.color(category.color, category.label)) }
        if let tags = facts.tags { first.append(style.green(tags)) }
        if facts.starred { first.append(style.yellow("★")) }
        return (first, facts.placeLine)
    }

    /// `parts` joined by ` · `, a new line begun before a part that would reach past the terminal's width
    /// (a Korean date, a full id and many tags take more than 80 cells); `plain` are the parts without colour.
    static func fitted(_ parts: [String], plain: [String], width: Int = Terminal.columns) -> String {
        var out = ""
        var used = 0
        for (part, text) in zip(parts, plain) {
            let cells = displayWidth(text)
            if used > 0, used + 3 + cells > width {
                out += "\n"
                used = 0
            } else if used > 0 {
                out += " · "
                used += 3
            }
            out += part
            used += cells
        }
        return out
    }

    func render(_ entry: Entry) -> String {
        let facts = facts(entry)
        let plain = EntryFacts(entry, settings: settings, dates: dates, units: UserSettings.units)
        var out = EntryPage.fitted(facts.first, plain: plain.firstLine(withID: true)) + "\n"
        if !facts.place.isEmpty { out += EntryPage.fitted(facts.place, plain: facts.place) + "\n" }
        if let original = entry.conflictOf { out += style.yellow(Say.conflictCopyOf(String(original.prefix(8)))) + "\n" }
        out += style.dim(entry.path) + "\n\n"
        if entry.titleFromHeader {
            // The header's title, then the text, which holds none.
            out += style.bold(entry.title) + "\n\n" + entry.text.drop { $0 == "\n" }
        } else if let title = entry.titleLine {
            out += entry.text[..<title.lowerBound] + style.bold(String(entry.text[title])) + entry.text[title.upperBound...]
        } else {
            out += style.dim(Say.untitledDisplay)
        }
        if !out.hasSuffix("\n") { out += "\n" }
        return out
    }
}
