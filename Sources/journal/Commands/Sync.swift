import ArgumentParser
import Foundation
import JournalKit

extension JournalCommand {
    struct Sync: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "sync",
            abstract: Help.text("help.Sync.abstract"),
            discussion: Help.reflow(Say.text("help.Sync.discussion")))

        @OptionGroup var options: GlobalOptions

        @Argument(help: ArgumentHelp(Help.text("help.Sync.remote")), completion: Completion.remotes)
        var remote: String?

        @Flag(help: ArgumentHelp(Help.text("help.Sync.acceptHostKey")))
        var acceptHostKey = false

        @Option(help: ArgumentHelp(Help.text("help.Sync.keyFile")))
        var keyFile: String?

        @Flag(help: ArgumentHelp(Help.text("help.Sync.allowDeletions")))
        var allowDeletions = false

        @Flag(help: ArgumentHelp(Help.text("help.Sync.restoreDeletions")))
        var restoreDeletions = false

        @Flag(help: ArgumentHelp(Help.text("help.Sync.includePlaintextHistory")))
        var includePlaintextHistory = false

        func validate() throws {
            if allowDeletions && restoreDeletions {
                throw ValidationError(Say.text("optionsExclusive", "--allow-deletions", "--restore-deletions"))
            }
        }

        /// What to do with deletions no command made: as the flags say, else asked on a terminal, else stop.
        private func answer(_ held: HeldDeletions) -> HeldDeletionsAnswer {
            if allowDeletions { return .push }
            if restoreDeletions { return .restore }
            guard Terminal.stdinIsTerminal else { return .stop }
            Terminal.ask(Say.deletionsHeldQuestion(held))
            let reply = (readLine() ?? "").trimmingCharacters(in: .whitespaces).lowercased()
            if Say.isYes(reply) { return .push }
            return Say.isRestore(reply) ? .restore : .stop
        }

        func run() throws {
            let journal = try options.openJournal()
            let name = try remote ?? journal.defaultRemote()
            // Read first, so that an unreadable key file stops the sync before it starts.
            let keyText = try keyFile.map { try KeyInput.read($0) }
            let report = try Network.retryingWithConsent(accept: acceptHostKey) { access in
                try journal.sync(remote: name, credentials: access, key: { keyText ?? (try? KeyInput.read(nil)) ?? nil }, deletions: answer,
                                 plaintextPast: includePlaintextHistory)
            }
            if !report.pending.committed.isEmpty { Terminal.note(Say.committedOutsideEdits(report.pending.committed.count)) }
            for warning in report.pending.warnings { Terminal.warn(warning) }
            print(Say.syncSummary(report))
            for copy in report.conflicts { Terminal.note(Say.conflictCopy(copy)) }
            // What the merge decided where both sides changed one thing (also in `journal log`).
            for note in report.notes { Terminal.note(note) }
        }
    }
}
