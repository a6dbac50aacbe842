import ArgumentParser
import Foundation
import JournalKit

extension JournalCommand {
    struct Edit: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Open an entry in your editor and commit the change.",
            discussion: """
                Opens $VISUAL, else $EDITOR, else vi, on the entry's own file. When the editor
                exits with status 0 and the file changed, the change is committed.
                Examples:
                  journal edit          # the newest entry
                  journal edit 3f2a
                """)

        @OptionGroup var options: GlobalOptions

        @Argument(help: "The entry's id (4+ characters of it) or its path; default: the newest entry.")
        var id: String?

        func run() throws {
            let journal = try options.openJournal()
            report(try journal.commitPendingEdits())
            let entries = try journal.loadEntries()
            let entry: Entry
            if let id {
                entry = try journal.entry(matching: id, in: entries)
            } else {
                guard let newest = entries.first else { throw Failure(Say.noEntries) }
                entry = newest
            }
            let file = journal.absolutePath(of: entry)
            let before = FileManager.default.contents(atPath: file)
            // No lock is held while the editor is open: other journal commands keep working.
            let status = try Shell.edit(file)
            guard status == 0 else { throw Failure(Say.editorFailed(status, entry.path)) }
            guard FileManager.default.contents(atPath: file) != before else {
                print(Say.noChanges)
                return
            }
            let edited = try journal.commitEdit(of: entry)
            if let problem = (edited ?? (try? journal.readEntry(at: entry.path)))?.problem {
                throw Failure(Say.brokenAfterEdit(entry.path, line: problem.line, reason: problem.reason, id: entry.shortID))
            }
            print(edited.map { Say.edited($0.shortID, $0.path) } ?? Say.noChanges)
        }
    }
}
