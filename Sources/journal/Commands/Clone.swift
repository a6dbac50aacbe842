import ArgumentParser
import Foundation
import JournalKit

extension JournalCommand {
    struct Clone: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "clone",
            abstract: Help.text("help.Clone.abstract"),
            discussion: Help.reflow(Say.text("help.Clone.discussion")))

        @OptionGroup var options: GlobalOptions

        @Argument(help: ArgumentHelp(Help.text("help.Clone.url")))
        var url: String

        @Argument(help: ArgumentHelp(Help.text("help.Clone.directory")))
        var directory: String?

        @Flag(help: ArgumentHelp(Help.text("help.Clone.acceptHostKey")))
        var acceptHostKey = false

        @Option(help: ArgumentHelp(Help.text("help.Clone.keyFile")))
        var keyFile: String?

        func run() throws {
            let target = directory.map(Shell.absolute) ?? options.location.path
            let source = try Network.checkedURL(url)
            // Read first, so that an unreadable key file stops the clone before it starts.
            let keyText = try keyFile.map { try KeyInput.read($0) }
            let cloned = try Network.retryingWithConsent(accept: acceptHostKey) { access in
                try Journal.clone(url: source, into: target, credentials: access, context: Shell.context(),
                                  key: { keyText ?? (try? KeyInput.read(nil)) ?? nil })
            }
            if cloned.empty {
                print(Say.clonedEmpty(source, target))
            } else {
                if !cloned.indexed { try refresh(cloned.journal) }
                if let missing = cloned.finished {
                    print(Say.finishedClone(source, target, try cloned.journal.entryCount(), missing: missing))
                } else {
                    print(Say.cloned(source, target, try cloned.journal.entryCount()))
                }
            }
        }
    }
}
