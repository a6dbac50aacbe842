import ArgumentParser
import Foundation
import JournalKit

extension JournalCommand {
    struct Edit: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "edit",
            abstract: Help.text("help.Edit.abstract"),
            discussion: Help.reflow(Say.text("help.Edit.discussion")))

        @OptionGroup var options: GlobalOptions

        @Argument(help: ArgumentHelp(Help.text("help.Edit.id")), completion: Completion.entries)
        var id: String?

        @Option(name: [.short, .long], help: ArgumentHelp(Help.text("help.Edit.category")), completion: Completion.categories)
        var category: String?

        @Flag(help: ArgumentHelp(Help.text("help.Edit.noCategory")))
        var noCategory = false

        @Option(name: [.customShort("t"), .long], help: ArgumentHelp(Help.text("help.Edit.tag")), completion: Completion.tags)
        var tag: [String] = []

        @Flag(help: ArgumentHelp(Help.text("help.Edit.star")))
        var star = false

        @Flag(help: ArgumentHelp(Help.text("help.Edit.unstar")))
        var unstar = false

        @Option(help: ArgumentHelp(Help.text("help.Edit.date")))
        var date: String?

        @Flag(help: ArgumentHelp(Help.text("help.Edit.future")))
        var future = false

        // Filters: without an id, the entries they pick open in the editor one after another (jrnl's
        // `--edit`); --tag and --category then pick entries instead of changing them.
        @Option(help: ArgumentHelp(Help.text("help.FilterOptions.from")))
        var from: String?

        @Option(help: ArgumentHelp(Help.text("help.FilterOptions.to")))
        var to: String?

        @Option(help: ArgumentHelp(Help.text("help.FilterOptions.on")))
        var on: String?

        @Flag(help: ArgumentHelp(Help.text("help.FilterOptions.starred")))
        var starred = false

        @Option(help: ArgumentHelp(Help.text("help.FilterOptions.contains")))
        var contains: String?

        @Flag(name: [.short, .long], help: ArgumentHelp(Help.text("help.Edit.yes")))
        var yes = false

        @Option(help: ArgumentHelp(Help.text("help.Add.encoding")))
        var encoding: String?

        func validate() throws {
            if category != nil && noCategory { throw ValidationError(Say.categoryAndNoCategory) }
            if star && unstar { throw ValidationError(Say.starAndUnstar) }
        }

        /// Whether the flags pick entries (a date span, --starred, --contains) rather than name one.
        var filtering: Bool { id == nil && (from != nil || to != nil || on != nil || starred || contains != nil) }

        func run() throws {
            if filtering { return try editEach() }
            // Flags are checked before anything touches the journal.
            let headerEdit = try HeaderEdit.typed(
                category: category, clearCategory: noCategory, tags: tag, starred: star ? true : unstar ? false : nil, date: date,
                context: Shell.context())
            let journal = try options.openJournal()
            if let category { try journal.validate(category: category) }
            try refresh(journal)
            let entry = try id.map { try journal.entry(matching: $0) } ?? journal.newestEntry()
            if !headerEdit.isEmpty {
                try editHeader(of: entry, headerEdit, in: journal)
                return
            }
            try openInEditor(entry, in: journal)
        }

        /// The entries the filters pick, opened in the editor one after another, each edit its own commit.
        private func editEach() throws {
            if noCategory || star || unstar || date != nil { throw ValidationError(Say.editFiltersOpenTheEditor) }
            let filter = try FilterOptions.picking(from: from, to: to, on: on, category: category, tags: tag, starred: starred, contains: contains).checked()
            let journal = try options.openJournal()
            try refresh(journal)
            let entries = try journal.entries(matching: filter)
            guard !entries.isEmpty else {
                print(Say.noMatches)
                return
            }
            try confirm(Say.confirmEditMany(entries.count), yes: yes, refusal: Say.editManyNeedsYes(entries.count))
            for entry in entries { try openInEditor(try journal.readEntry(at: entry.path), in: journal) }
        }

        /// The editor on the entry's own file; the change, if any, committed.
        private func openInEditor(_ entry: Entry, in journal: Journal) throws {
            let edited = try journal.editFile(of: entry, encoding: try encoding.map(SourceEncoding.typed)) { file in
                let status = try Shell.edit(file)
                guard status == 0 else { throw JournalError.invalid(Say.editorFailed(status, entry.path)) }
            }
            print(edited.map { Say.edited($0.shortID, $0.path) } ?? Say.noChanges)
            if let edited, let warning = journal.unknownCategoryWarning(edited) { Terminal.warn(warning) }
        }

        private func editHeader(of entry: Entry, _ edit: HeaderEdit, in journal: Journal) throws {
            let update = try journal.updateHeader(of: entry, edit, for: .edit)
            report(update.pending)
            if update.changes.isEmpty {
                print(Say.noChanges)
            } else {
                print(Say.editedHeader(update.entry.shortID, update.entry.path, update.changes.summary))
            }
            if !future, let date = edit.date,
               let warning = Journal.futureWarning(date, context: Shell.context(), locale: Shell.locale)
            {
                Terminal.warn(warning)
            }
        }
    }
}
