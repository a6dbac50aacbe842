import ArgumentParser
import Foundation
import JournalKit

extension JournalCommand {
    struct Encrypt: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "encrypt",
            abstract: Help.text("help.Encrypt.abstract"),
            discussion: Help.reflow(Say.text("help.Encrypt.discussion")),
            subcommands: [EncryptInit.self, EncryptStatus.self, EncryptUnlock.self, EncryptOff.self,
                          GitFilter.Clean.self, GitFilter.Smudge.self, GitFilter.Textconv.self],
            defaultSubcommand: EncryptStatus.self)
    }

    struct EncryptInit: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "init", abstract: Help.text("help.EncryptInit.abstract"))

        @OptionGroup var options: GlobalOptions

        @Option(help: ArgumentHelp(Help.text("help.EncryptInit.export")))
        var export: String?

        func run() throws {
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
            if start.plaintextCommits > 0 { print(Say.earlierCommitsPlain(start.plaintextCommits)) }
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

    struct EncryptOff: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "off", abstract: Help.text("help.EncryptOff.abstract"))

        @OptionGroup var options: GlobalOptions

        @Flag(name: [.short, .long], help: ArgumentHelp(Help.text("help.EncryptOff.yes")))
        var yes = false

        func run() throws {
            let journal = try options.openJournal()
            guard journal.encryptionStatus().marker != nil else { throw JournalError.invalid(Say.notEncrypted) }
            if !yes {
                guard Terminal.stdinIsTerminal else { throw JournalError.invalid(Say.encryptionOffNeedsYes) }
                guard askYes(Say.confirmEncryptionOff) else {
                    print(Say.encryptionLeftOn)
                    throw JournalError.declined
                }
            }
            try refresh(journal)
            print(Say.encryptionOff(try journal.turnOffEncryption()))
        }
    }

    /// What the git program runs (`.git/config`, set by `encrypt init`, `unlock` and `clone`): stdin to
    /// stdout, sealed or opened with the key of the journal in the current folder.
    enum GitFilter {
        static func run(_ mode: Journal.GitFilterMode, path: String) throws {
            let input = FileHandle.standardInput.readDataToEndOfFile()
            let root = FileManager.default.currentDirectoryPath
            let output = try Journal.gitFilter(mode, root: root, path: path, input: input, context: Shell.context())
            FileHandle.standardOutput.write(output)
        }

        struct Clean: ParsableCommand {
            static let configuration = CommandConfiguration(commandName: "clean", shouldDisplay: false)
            @Argument var path: String = ""
            func run() throws { try GitFilter.run(.clean, path: path) }
        }

        struct Smudge: ParsableCommand {
            static let configuration = CommandConfiguration(commandName: "smudge", shouldDisplay: false)
            @Argument var path: String = ""
            func run() throws { try GitFilter.run(.smudge, path: path) }
        }

        /// git diff hands textconv a temporary file holding the blob.
        struct Textconv: ParsableCommand {
            static let configuration = CommandConfiguration(commandName: "textconv", shouldDisplay: false)
            @Argument var file: String
            func run() throws {
                guard let input = FileManager.default.contents(atPath: file) else { throw JournalError.invalid(Say.unreadableKeyFile(file)) }
                let root = FileManager.default.currentDirectoryPath
                let output = try Journal.gitFilter(.textconv, root: root, path: file, input: input, context: Shell.context())
                FileHandle.standardOutput.write(output)
            }
        }
    }
}

/// A journal key from `--key-file PATH`, else the recovery words typed on a terminal; nil when neither.
enum KeyInput {
    static func read(_ keyFile: String?) throws -> String? {
        if let keyFile {
            let path = Shell.absolute(keyFile)
            guard let data = FileManager.default.contents(atPath: path) else { throw JournalError.invalid(Say.unreadableKeyFile(path)) }
            return String(decoding: data, as: UTF8.self)
        }
        guard Terminal.stdinIsTerminal else { return nil }
        return Terminal.readHiddenLine(prompt: Say.recoveryWordsPrompt)
    }
}
