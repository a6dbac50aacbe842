import ArgumentParser
import Foundation
import JournalKit

extension JournalCommand {
    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Write a new entry.",
            discussion: """
                The text comes from the arguments, else from standard input when it is piped,
                else from your editor ($VISUAL, $EDITOR, then vi). The first line is the title.
                Examples:
                  journal add "Trip to Busan" -c travel -t busan,food
                  journal add --date "yesterday 21:30" "Late dinner with Minji"
                  echo "Quiet day." | journal add --tag rest
                """)

        @OptionGroup var options: GlobalOptions

        @Option(name: [.short, .long], help: "The category (one of journal.yml's).")
        var category: String?

        @Option(name: [.customShort("t"), .long], help: "A tag; repeat, or separate with commas.")
        var tag: [String] = []

        @Option(help: "When it happened: 2026-11-20, '2026-11-20 08:00', yesterday, 'yesterday 21:30', friday.")
        var date: String?

        @Option(help: "Where it happened, as a place name.")
        var location: String?

        @Flag(help: "Star the entry.")
        var star = false

        @Argument(help: "The entry text; the first line is the title.")
        var text: [String] = []

        func run() throws {
            // Everything the user typed is checked before anything touches the disk.
            let now = Shell.now
            let zone = Shell.timeZone
            let when = try date.map { text in
                do { return try DateGrammar(now: now, timeZone: zone).instant(text) } catch { throw Failure("\(error)") }
            } ?? NamedInstant(date: now, timeZone: zone, hadTime: true)
            let tags = try Journal.normalize(tags: tag)
            let (path, isDefault) = options.location
            var draftText: String?
            if !text.isEmpty {
                draftText = text.joined(separator: " ")
            } else if !Terminal.stdinIsTerminal {
                draftText = String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
            }
            if let draftText, draftText.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
                throw JournalError.emptyEntry
            }
            if let category, !FileManager.default.fileExists(atPath: path) {
                try Journal.validate(category: category, in: Journal.initialSettings)
            }

            let journal: Journal
            if isDefault && !FileManager.default.fileExists(atPath: path) {
                journal = try Journal.create(at: path, context: Shell.context())
                Terminal.note(Say.createdDefaultJournal(path))
            } else {
                journal = try options.openJournal()
            }
            if let category { try Journal.validate(category: category, in: journal.settings) }

            var draftFile: String?
            if draftText == nil {
                let file = try compose(in: journal, at: when)
                draftFile = file
                draftText = try String(contentsOfFile: file, encoding: .utf8)
            }
            let place = location?.trimmingCharacters(in: .whitespaces)
            let result = try journal.add(
                Draft(
                    text: draftText ?? "", createdAt: Timestamp(date: when.date, timeZone: when.timeZone),
                    timeZone: when.timeZone.isNamed ? when.timeZone.identifier : nil, category: category, tags: tags,
                    starred: star, location: place.flatMap { $0.isEmpty ? nil : Location(name: $0, latitude: nil, longitude: nil) }))
            if let draftFile { journal.discardDraft(draftFile) }
            report(result.pending)
            print(Say.added(result.entry.shortID, result.entry.path))
        }

        /// Opens the editor on the template in a draft file under .git/journal/drafts and returns that file;
        /// it stays there until the entry is saved, so nothing typed is lost.
        private func compose(in journal: Journal, at when: NamedInstant) throws -> String {
            let template = journal.template(at: Timestamp(date: when.date, timeZone: when.timeZone))
            let draft = try journal.makeDraftFile(contents: template)
            let status = try Shell.edit(draft)
            guard status == 0 else { throw Failure(Say.editorFailed(status, draft)) }
            let written = (try? String(contentsOfFile: draft, encoding: .utf8)) ?? ""
            if written.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
                || written.trimmingCharacters(in: .whitespacesAndNewlines) == template.trimmingCharacters(in: .whitespacesAndNewlines)
            {
                journal.discardDraft(draft)
                throw JournalError.emptyEntry
            }
            return draft
        }
    }
}

/// Prints what committing pending outside edits did.
func report(_ pending: PendingReport) {
    if !pending.committed.isEmpty { Terminal.note(Say.committedOutsideEdits(pending.committed.count)) }
    for warning in pending.warnings { Terminal.warn(warning) }
}

extension TimeZone {
    /// A zone with an IANA name, not a bare offset such as GMT+0900.
    var isNamed: Bool { identifier.contains("/") || identifier == "UTC" }
}
