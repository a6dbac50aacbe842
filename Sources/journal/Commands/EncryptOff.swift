import ArgumentParser
import Foundation
import JournalKit

extension JournalCommand {
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
            let root = Shell.currentDirectory
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

        /// git's `commit-msg` hook (`.git/hooks/commit-msg`, written with the filter): the key's seal added to a
        /// commit made with the git program. Its index is the one git names in GIT_INDEX_FILE, when it does.
        struct SealMessage: ParsableCommand {
            static let configuration = CommandConfiguration(commandName: "seal-message", shouldDisplay: false)
            @Argument var file: String
            func run() throws {
                try Journal.sealMessage(root: Shell.currentDirectory, file: Shell.absolute(file), indexFile: Shell.env("GIT_INDEX_FILE").map(Shell.absolute),
                                        context: Shell.context())
            }
        }

        /// git diff hands textconv a temporary file holding the blob.
        struct Textconv: ParsableCommand {
            static let configuration = CommandConfiguration(commandName: "textconv", shouldDisplay: false)
            @Argument var file: String
            func run() throws {
                guard let input = FileManager.default.contents(atPath: file) else { throw JournalError.invalid(Say.unreadableKeyFile(file)) }
                let root = Shell.currentDirectory
                let output = try Journal.gitFilter(.textconv, root: root, path: file, input: input, context: Shell.context())
                FileHandle.standardOutput.write(output)
            }
        }
    }
}
