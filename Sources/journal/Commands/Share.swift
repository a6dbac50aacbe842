import ArgumentParser
import Foundation
import JournalKit

extension JournalCommand {
    struct Share: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "share",
            abstract: Help.text("help.Format.abstract"),
            discussion: Help.reflow(Say.text("help.Format.discussion")))

        @OptionGroup var options: GlobalOptions

        @Argument(help: ArgumentHelp(Help.text("help.Format.id")), completion: Completion.entries)
        var id: String

        @Option(help: ArgumentHelp(Help.text("help.Format.format")))
        var format: ShareFormat = .text

        @Flag(help: ArgumentHelp(Help.text("help.Format.copy")))
        var copy = false

        func run() throws {
            let journal = try options.openJournal()
            try refresh(journal)
            let text = try journal.share(try journal.entry(matching: id), as: format,
                                         dates: DateText(localeIdentifier: Shell.localeIdentifier), units: UserSettings.units)
            guard copy else {
                print(text, terminator: "")
                return
            }
            try Clipboard.copy(text)
        }
    }
}

/// The clipboard, through whichever program this desktop has, else the terminal.
enum Clipboard {
    static func copy(_ text: String) throws {
        let programs: [(name: String, arguments: [String], needs: String)] = [
            ("wl-copy", [], "WAYLAND_DISPLAY"),
            ("xclip", ["-selection", "clipboard"], "DISPLAY"),
            ("xsel", ["--clipboard", "--input"], "DISPLAY"),
        ]
        for program in programs where !(Shell.env(program.needs) ?? "").isEmpty {
            guard let path = Shell.which(program.name) else { continue }
            // Not TerminalChild: xclip and xsel stay behind to serve the selection, and must not inherit our
            // stdout (a pipe they held open would keep `journal share --copy | …` waiting).
            let process = Process()
            process.executableURL = URL(fileURLWithPath: path)
            process.arguments = program.arguments
            let input = Pipe()
            process.standardInput = input
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            input.fileHandleForWriting.write(Data(text.utf8))
            try input.fileHandleForWriting.close()
            process.waitUntilExit()
            guard process.terminationStatus == 0 else {
                throw JournalError.invalid(Say.clipboardFailed(program.name, process.terminationStatus))
            }
            Terminal.note(Say.copied(by: program.name))
            return
        }
        if Terminal.stdoutIsTerminal || Terminal.stderrIsTerminal {
            // OSC 52: the terminal itself sets its clipboard; over ssh too (through standard error when
            // standard output goes elsewhere).
            let sequence = Data(("\u{1B}]52;c;" + Data(text.utf8).base64EncodedString() + "\u{07}").utf8)
            if Terminal.stdoutIsTerminal { Terminal.write(sequence) } else { FileHandle.standardError.write(sequence) }
            Terminal.note(Say.copiedByTerminal)
            return
        }
        print(text, terminator: "")
        throw JournalError.invalid(Say.noClipboard)
    }
}

extension ShareFormat: ExpressibleByArgument {}
