import ArgumentParser
import Foundation
import JournalKit

extension JournalCommand {
    struct Log: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "log",
            abstract: Help.text("help.Log.abstract"),
            discussion: Help.reflow(Say.text("help.Log.discussion")))

        @OptionGroup var options: GlobalOptions

        @Argument(help: ArgumentHelp(Help.text("help.Log.id")), completion: Completion.entries)
        var id: String?

        @Option(name: .customShort("n", allowingJoined: true), help: ArgumentHelp(Help.text("help.Log.n")))
        var n: Int?

        @Option(help: ArgumentHelp(Help.text("help.Log.since")))
        var since: String?

        @Option(help: ArgumentHelp(Help.text("help.Log.until")))
        var until: String?

        @Flag(name: [.short, .customLong("patch")], help: ArgumentHelp(Help.text("help.Log.patch")))
        var patch = false

        @Flag(help: ArgumentHelp(Help.text("help.Log.json")))
        var json = false

        func validate() throws {
            if let n, n < 0 { throw ValidationError(Say.negativeCount(n)) }
            if patch && id == nil { throw ValidationError(Say.patchNeedsID) }
        }

        func run() throws {
            let journal = try options.openJournal()
            let range = try journal.historyRange(since: since, until: until)
            if let id {
                try refresh(journal)
                try showHistory(of: id, in: journal, since: range.since, until: range.until)
                return
            }
            // The journal's log reads only git: no walk over the entry files, so it answers at once even
            // with 100,000 entries. Edits the snapshot knows are not committed yet are mentioned.
            let waiting = try journal.uncommittedPaths()
            if !waiting.isEmpty { Terminal.note(Say.uncommittedEdits(waiting.count)) }
            let commits = try journal.log(limit: n, since: range.since, until: range.until, detail: json ? nil : Log.shown)
            if json {
                print(try EntryJSON.render(commits.map(CommitJSON.init)), terminator: "")
                return
            }
            if commits.isEmpty {
                Terminal.note(Say.noCommits)
                return
            }
            let lines = LogLines(style: options.style, dates: DateText(localeIdentifier: Shell.localeIdentifier))
            Terminal.page(lines.render(commits))
        }

        /// How many changed entries of one commit are named in the text output.
        static let shown = 5

        private func showHistory(of id: String, in journal: Journal, since: Date?, until: Date?) throws {
            let found = try journal.findEntry(id)
            var items = try journal.history(of: found.entry)
            items = items.filter { item in
                since.map { item.commit.date.date >= $0 } ?? true && until.map { item.commit.date.date < $0 } ?? true
            }
            if let n { items = Array(items.prefix(n)) }
            let diffs = try patch ? items.map { try journal.diff(of: $0) } : []
            if json {
                let rows = try items.enumerated().map { index, item in
                    HistoryJSON(id: found.entry.id, item: item, title: try journal.title(of: item),
                                diff: patch ? diffs[index] : nil)
                }
                print(try EntryJSON.render(rows), terminator: "")
                return
            }
            let style = options.style
            let lines = LogLines(style: style, dates: DateText(localeIdentifier: Shell.localeIdentifier))
            var out = style.bold(Say.historyOf(found.entry.shortID, Say.shownTitle(found.entry.title), found.entry.path,
                                               deleted: found.deleted)) + "\n"
            let rows = lines.historyLines(items)
            for (index, row) in rows.enumerated() {
                out += row + "\n"
                if patch { out += colouredDiff(diffs[index], style: style) + "\n" }
            }
            if items.isEmpty { out += Say.noCommits + "\n" }
            Terminal.page(out)
        }
    }
}
