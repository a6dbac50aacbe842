import ArgumentParser
import Foundation
import JournalKit

extension JournalCommand {
    struct Edit: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "edit",
            abstract: Say.text("help.Edit.abstract"),
            discussion: Help.reflow(Say.text("help.Edit.discussion")))

        @OptionGroup var options: GlobalOptions

        @Argument(help: ArgumentHelp(Say.text("help.Edit.id")), completion: Completion.entries)
        var id: String?

        @Option(name: [.short, .long], help: ArgumentHelp(Say.text("help.Edit.category")), completion: Completion.categories,
            transform: Say.storedCategoryName)
        var category: String?

        @Flag(help: ArgumentHelp(Say.text("help.Edit.noCategory")))
        var noCategory = false

        @Option(name: [.customShort("t"), .long], help: ArgumentHelp(Say.text("help.Edit.tag")), completion: Completion.tags)
        var tag: [String] = []

        @Flag(help: ArgumentHelp(Say.text("help.Edit.star")))
        var star = false

        @Flag(help: ArgumentHelp(Say.text("help.Edit.unstar")))
        var unstar = false

        func validate() throws {
            if category != nil && noCategory { throw ValidationError(Say.categoryAndNoCategory) }
            if star && unstar { throw ValidationError(Say.starAndUnstar) }
        }

        /// The header change the flags ask for; empty when the editor is wanted.
        func headerEdit() throws -> HeaderEdit {
            var edit = HeaderEdit()
            if let category { edit.category = .set(category) }
            if noCategory { edit.category = .clear }
            edit.tags = try Journal.normalize(tags: tag).map(TagOperation.add)
            if star { edit.starred = true }
            if unstar { edit.starred = false }
            return edit
        }

        func run() throws {
            // Flags are checked before anything touches the journal.
            let headerEdit = try headerEdit()
            let journal = try options.openJournal()
            if let category { try journal.validate(category: category) }
            try refresh(journal)
            let entry = try id.map { try journal.entry(matching: $0) } ?? journal.newestEntry()
            if !headerEdit.isEmpty {
                try editHeader(of: entry, headerEdit, in: journal)
                return
            }
            let edited = try journal.editFile(of: entry) { file in
                let status = try Shell.edit(file)
                guard status == 0 else { throw JournalError.invalid(Say.editorFailed(status, entry.path)) }
            }
            print(edited.map { Say.edited($0.shortID, $0.path) } ?? Say.noChanges)
        }

        private func editHeader(of entry: Entry, _ edit: HeaderEdit, in journal: Journal) throws {
            let update = try journal.updateHeader(of: entry, edit, for: .edit)
            report(update.pending)
            if update.changes.isEmpty {
                print(Say.noChanges)
            } else {
                print(Say.editedHeader(update.entry.shortID, update.entry.path, update.changes.summary))
            }
        }
    }
}
