import ArgumentParser
import Foundation
import JournalKit

extension JournalCommand {
    struct Encrypt: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "encrypt",
            abstract: Help.text("help.Encrypt.abstract"),
            discussion: Help.reflow(Say.text("help.Encrypt.discussion")),
            subcommands: [EncryptInit.self, EncryptStatus.self, EncryptUnlock.self, EncryptOff.self, EncryptAccept.self, EncryptDismiss.self,
                          GitFilter.Clean.self, GitFilter.Smudge.self, GitFilter.Textconv.self, GitFilter.SealMessage.self],
            defaultSubcommand: EncryptStatus.self)
    }

    struct EncryptInit: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "init", abstract: Help.text("help.EncryptInit.abstract"))

        @OptionGroup var options: GlobalOptions

        @Option(help: ArgumentHelp(Help.text("help.EncryptInit.export")))
        var export: String?

        @Flag(help: ArgumentHelp(Help.text("help.EncryptInit.freshHistory")))
        var freshHistory = false

        func run() throws {
            if freshHistory, export == nil {
                let journal = try options.openJournal()
                if journal.encryptionStatus().marker != nil {
                    try refresh(journal)
                    return report(try journal.startFreshHistory())
                }
            }
            let exportPath = export.map(Shell.absolute)
            if let exportPath {
                guard !FileManager.default.fileExists(atPath: exportPath) else { throw JournalError.invalid(Say.exportExists(exportPath)) }
                let folder = (exportPath as NSString).deletingLastPathComponent
                var isFolder: ObjCBool = false
                guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
                    throw JournalError.invalid(Say.exportFolderMissing(folder))
                }
            }
            let journal = try options.openJournal()
            try refresh(journal)
            let start = try journal.turnOnEncryption()
            print(Say.encryptionOn(start.marker.keyID, start.keyPath, start.storedFiles))
            if let exportPath {
                try Journal.exportKey(start.keyFileText, to: exportPath)
                print(Say.keyExported(exportPath))
            } else {
                print(Say.recoveryWordsIntro)
                print(start.recoveryWords.joined(separator: " "))
            }
            if freshHistory {
                report(try journal.startFreshHistory())
            } else if start.plaintextCommits > 0 {
                print(Say.earlierCommitsPlain(start.plaintextCommits))
            }
        }

        private func report(_ fresh: FreshHistory) {
            print(fresh.commits == 0 ? Say.text("freshHistoryNothing") : Say.text("freshHistory", fresh.commits, fresh.plain, fresh.ref))
        }
    }

    struct EncryptStatus: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "status", abstract: Help.text("help.EncryptStatus.abstract"))

        @OptionGroup var options: GlobalOptions

        func run() throws {
            let journal = try options.openJournal()
            let status = journal.encryptionStatus()
            guard let marker = status.marker else {
                print(Say.statusOff)
                return
            }
            print(Say.statusOn(marker.keyID))
            print(Say.statusKey(status.keyPath ?? "?", present: status.keyPresent))
            print(Say.statusVisible)
            if status.plaintextCommits > 0 { print(Say.statusPlainCommits(status.plaintextCommits)) }
            if !journal.sealsHandCommits { print(Say.text("statusNoSealHook")) }
            for line in Say.heldLines(journal.heldChanges()) { print(line) }
        }
    }

    /// `journal encrypt accept [COMMIT]`: what a remote brought without the key, taken as the journal's own.
    struct EncryptAccept: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "accept", abstract: Help.text("help.EncryptAccept.abstract"))

        @OptionGroup var options: GlobalOptions

        @Argument(help: ArgumentHelp(Help.text("help.EncryptAccept.commit")))
        var commit: String?

        func run() throws {
            let journal = try options.openJournal()
            try refresh(journal)
            let taken = try journal.acceptHeld(commit)
            print(Say.text("heldAccepted", taken.count, Set(taken.map(\.shortCommit)).sorted().joined(separator: ", ")))
        }
    }

    /// `journal encrypt dismiss [COMMIT]`: what a remote brought without the key, forgotten.
    struct EncryptDismiss: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "dismiss", abstract: Help.text("help.EncryptDismiss.abstract"))

        @OptionGroup var options: GlobalOptions

        @Argument(help: ArgumentHelp(Help.text("help.EncryptAccept.commit")))
        var commit: String?

        func run() throws {
            let journal = try options.openJournal()
            let dropped = try journal.dismissHeld(commit)
            print(Say.text("heldDismissed", dropped.count, Set(dropped.map(\.shortCommit)).sorted().joined(separator: ", ")))
        }
    }

    struct EncryptUnlock: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "unlock",
            abstract: Help.text("help.EncryptUnlock.abstract"))

        @OptionGroup var options: GlobalOptions

        @Option(help: ArgumentHelp(Help.text("help.EncryptUnlock.keyFile")))
        var keyFile: String?

        func run() throws {
            let journal = try options.openJournal()
            guard let text = try KeyInput.read(keyFile) else { throw JournalError.invalid(Say.notAKey) }
            let count = try journal.unlock(keyText: text)
            guard count >= 0 else {
                print(Say.keyKeptForSync)
                return
            }
            try refresh(journal)
            print(Say.unlocked(count))
        }
    }
}
