import ArgumentParser
import Foundation
import JournalKit

extension JournalCommand {
    struct Share: ParsableCommand {
        enum Format: String, CaseIterable, ExpressibleByArgument {
            case text, markdown, html
        }

        static let configuration = CommandConfiguration(
            commandName: "share",
            abstract: Say.text("help.Format.abstract"),
            discussion: Help.reflow(Say.text("help.Format.discussion")))

        @OptionGroup var options: GlobalOptions

        @Argument(help: ArgumentHelp(Say.text("help.Format.id")), completion: Completion.entries)
        var id: String

        @Option(help: ArgumentHelp(Say.text("help.Format.format")))
        var format: Format = .text

        @Flag(help: ArgumentHelp(Say.text("help.Format.copy")))
        var copy = false

        func run() throws {
            let journal = try options.openJournal()
            try refresh(journal)
            var entry = try journal.readEntry(at: try journal.entry(matching: id).path)
            // Links to the entry's files point at where they are on this machine, not into the journal.
            let files = journal.sharedFiles(of: entry)
            entry.text = journal.textLinkingFiles(of: entry)
            let sharing = EntrySharing(settings: journal.settings, files: files)
            let text: String
            switch format {
            case .text: text = sharing.text(entry)
            case .markdown: text = sharing.markdown(entry)
            case .html: text = sharing.html(entry)
            }
            guard copy else {
                print(text, terminator: "")
                return
            }
            try Clipboard.copy(text)
        }
    }
}

/// One entry as it is pasted into a message, a note or a page.
struct EntrySharing {
    let settings: Settings
    /// The entry's files: text names where they are; html shows pictures inline (data URIs) and names the
    /// rest; markdown links them where the text does (as file URLs).
    var files: [SharedFile] = []

    private var page: EntryPage { EntryPage(style: Style(enabled: false), settings: settings, dates: DateText(locale: Shell.locale)) }

    private func title(_ entry: Entry) -> String { entry.title.isEmpty ? Say.untitledDisplay : entry.title }

    func text(_ entry: Entry) -> String {
        let facts = page.facts(entry, withID: false)
        var out = title(entry) + "\n" + facts.first.joined(separator: " · ") + "\n"
        if !facts.place.isEmpty { out += facts.place.joined(separator: " · ") + "\n" }
        let body = entry.body
        if !body.isEmpty { out += "\n" + body + "\n" }
        if !files.isEmpty { out += "\n" + Say.attachmentsLine(files.map(\.path)) + "\n" }
        return out
    }

    func markdown(_ entry: Entry) -> String {
        EntryMarkdown(settings: settings, heading: "#", withID: false).render(entry)
    }

    func html(_ entry: Entry) -> String {
        let facts = page.facts(entry, withID: false)
        var out = "<article class=\"journal-entry\">\n<h1>\(HTML.escape(title(entry)))</h1>\n"
        out += "<p class=\"meta\">" + HTML.escape(facts.first.joined(separator: " · "))
        if !facts.place.isEmpty { out += "<br>\n" + HTML.escape(facts.place.joined(separator: " · ")) }
        out += "</p>\n"
        for paragraph in entry.body.components(separatedBy: "\n\n") where !paragraph.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            out += "<p>" + paragraph.split(separator: "\n", omittingEmptySubsequences: false).map { HTML.escape(String($0)) }
                .joined(separator: "<br>\n") + "</p>\n"
        }
        // Pictures inline, so that the fragment shows them wherever it is pasted; other files by where they are.
        for file in files {
            if let type = file.imageType, let data = FileManager.default.contents(atPath: file.path) {
                out += "<p><img alt=\"\(HTML.escape(file.name))\" src=\"data:\(type);base64,\(data.base64EncodedString())\"></p>\n"
            }
        }
        let others = files.filter { $0.imageType == nil }
        if !others.isEmpty {
            out += "<p class=\"attachments\">" + HTML.escape(Say.attachmentsLine(others.map(\.path))) + "</p>\n"
        }
        return out + "</article>\n"
    }
}

enum HTML {
    /// Text as HTML shows it and never runs it (the kit's `MarkupText.escaped`).
    static func escape(_ text: String) -> String { MarkupText.escaped(text) }
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
