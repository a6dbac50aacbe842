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
            let entry: Entry
            if let id {
                entry = try journal.entry(matching: id)
            } else {
                guard let newest = try journal.entries(EntryQuery(limit: 1)).first else { throw Failure(Say.noEntries) }
                entry = try journal.readEntry(at: newest.path)
            }
            if !headerEdit.isEmpty {
                try editHeader(of: entry, headerEdit, in: journal)
                return
            }
            try journal.checkWritable()
            let file = journal.absolutePath(of: entry)
            let before = FileManager.default.contents(atPath: file)
            // No lock is held while the editor is open: other journal commands keep working.
            let status = try Shell.edit(file)
            guard status == 0 else { throw Failure(Say.editorFailed(status, entry.path)) }
            let after = FileManager.default.contents(atPath: file)
            guard after != before else {
                print(Say.noChanges)
                return
            }
            // An emptied file is not an edit anyone means to keep: the entry is put back as it was
            // (its text was in the file a moment ago), and `journal rm` is the way to delete.
            if let before, String(decoding: after ?? Data(), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
                try before.write(to: URL(fileURLWithPath: file), options: .atomic)
                throw Failure(Say.emptiedEntry(entry.shortID))
            }
            let edited = try journal.commitEdit(of: entry, startedFrom: before)
            if let problem = (edited ?? (try? journal.readEntry(at: entry.path)))?.problem {
                throw Failure(Say.brokenAfterEdit(entry.path, line: problem.line, reason: problem.reason, id: entry.shortID))
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
