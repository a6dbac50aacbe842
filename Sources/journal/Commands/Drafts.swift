import ArgumentParser
import Foundation
import JournalKit

extension JournalCommand {
    struct Drafts: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "drafts",
            abstract: Help.text("help.Drafts.abstract"),
            discussion: Help.reflow(Say.text("help.Drafts.discussion")),
            subcommands: [ListDrafts.self, ResumeDraft.self, DiscardDraft.self],
            defaultSubcommand: ListDrafts.self)
    }

    struct ListDrafts: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: Help.text("help.ListDrafts.abstract"))

        @OptionGroup var options: GlobalOptions

        func run() throws {
            let journal = try options.openJournal()
            let drafts = journal.waitingDrafts()
            guard !drafts.isEmpty else {
                print(Say.noDraftsWaiting)
                return
            }
            let dates = DateText(localeIdentifier: Shell.localeIdentifier)
            let when = drafts.map { dates.format(Timestamp(date: $0.savedAt, timeZone: Shell.timeZone)) }
            let width = when.map(displayWidth).max() ?? 0
            let style = options.style
            for (draft, time) in zip(drafts, when) {
                let lead = 8 + 2 + width + 2
                let title = draft.title.isEmpty ? Say.untitledDisplay : clipped(draft.title, toWidth: max(10, Terminal.columns - 1 - lead))
                print(style.yellow(draft.id) + "  " + style.dim(padded(time, to: width)) + "  " + style.bold(title))
            }
        }
    }

    struct ResumeDraft: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "resume", abstract: Help.text("help.ResumeDraft.abstract"))

        @OptionGroup var options: GlobalOptions

        @Argument(help: ArgumentHelp(Help.text("help.ResumeDraft.id")))
        var id: String?

        @Option(help: ArgumentHelp(Help.text("help.Add.encoding")))
        var encoding: String?

        func run() throws {
            let encoding = try encoding.map(SourceEncoding.typed)
            let journal = try options.openJournal()
            try resumeDraft(id, encoding: encoding, in: journal)
        }
    }

    struct DiscardDraft: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "discard", abstract: Help.text("help.DiscardDraft.abstract"))

        @OptionGroup var options: GlobalOptions

        @Argument(help: ArgumentHelp(Help.text("help.DiscardDraft.id")))
        var id: String

        @Flag(name: [.short, .long], help: ArgumentHelp(Help.text("help.DiscardDraft.yes")))
        var yes = false

        func run() throws {
            let journal = try options.openJournal()
            let draft = try journal.waitingDraft(id)
            let title = draft.title.isEmpty ? Say.untitledDisplay : draft.title
            try confirm(
                Say.line(fitting: Terminal.columns, title: title) { Say.confirmDiscardDraft(draft.id, $0) }, yes: yes,
                refusal: Say.discardDraftNeedsYes(draft.id), declined: Say.draftNotDiscarded)
            journal.discardDraft(draft.path)
            print(Say.discardedDraft(draft.id))
        }
    }
}

/// Opens the waiting draft `id` (the newest with none) in the editor and saves it as its entry.
func resumeDraft(_ id: String?, encoding: SourceEncoding?, in journal: Journal) throws {
    let draft = try journal.waitingDraft(id)
    let outcome = try journal.resume(draft, encoding: encoding) { path in
        let status = try Shell.edit(path)
        guard status == 0 else { throw JournalError.invalid(Say.editorFailed(status, path)) }
    }
    report(outcome.pending)
    print(outcome.edited ? Say.edited(outcome.entry.shortID, outcome.entry.path) : Say.added(outcome.entry.shortID, outcome.entry.path))
}

extension SourceEncoding {
    /// `--encoding` as typed; an encoding the system does not know is a usage mistake.
    static func typed(_ name: String) throws -> SourceEncoding {
        do { return try SourceEncoding(named: name) } catch { throw ValidationError(error.description) }
    }
}

/// The note `journal add` and `journal` alone give while drafts wait: when the newest was written, and how to
/// resume or list them.
func noteWaitingDrafts(_ journal: Journal) {
    let drafts = journal.waitingDrafts()
    guard let newest = drafts.first else { return }
    let time = DateText(localeIdentifier: Shell.localeIdentifier).format(Timestamp(date: newest.savedAt, timeZone: Shell.timeZone))
    Terminal.note(Say.draftWaiting(time, drafts.count))
}
