import ArgumentParser
import Foundation
import JournalKit

extension JournalCommand {
    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: Help.text("help.List.abstract"),
            discussion: Help.reflow(Say.text("help.List.discussion")))

        @OptionGroup var options: GlobalOptions
        @OptionGroup var filters: FilterOptions

        @Flag(help: ArgumentHelp(Help.text("help.List.json")))
        var json = false

        @Flag(help: ArgumentHelp(Help.text("help.List.full")))
        var full = false

        @Flag(inversion: .prefixedNo, help: ArgumentHelp(Help.text("help.List.preview")))
        var preview: Bool?

        @Option(help: ArgumentHelp(Help.text("help.List.format")), transform: { text in
            guard let format = ListFormat(name: text) else { throw ValidationError(Say.unknownListFormat(text)) }
            return format
        })
        var format: ListFormat?

        func run() throws {
            let filter = try filters.checked()  // bad dates and patterns fail before anything else happens
            let journal = try options.openJournal()
            let (entries, pending) = try journal.freshEntries(matching: filter, progress: ProgressLine.reporter(Say.indexing))
            report(pending)
            if entries.isEmpty && !json && filters.n != 0 {
                Terminal.note(filter.narrows ? Say.noMatches : Say.noEntriesYet)
            }
            // `journal` alone says when drafts wait.
            if !CommandLine.arguments.dropFirst().contains("list") { noteWaitingDrafts(journal) }
            let previewing = preview ?? (try? UserSettings.load(creating: false))?.listPreview ?? false
            switch format {
            case nil: try printEntries(entries, of: journal, json: json, full: full, preview: previewing, options: options)
            case .pretty?: try printEntries(entries, of: journal, json: false, full: true, options: options)
            case .json?: try printEntries(entries, of: journal, json: true, full: false, options: options)
            case let format?: try printEntries(entries, of: journal, as: format, options: options)
            }
        }
    }
}

/// Entries in one of jrnl's other formats (`list --format short|md|txt|yaml|xml|calendar`).
func printEntries(_ entries: [Entry], of journal: Journal, as format: ListFormat, options: GlobalOptions) throws {
    func whole() throws -> [Entry] { try entries.map { try journal.readEntry($0) } }
    switch format {
    case .short:
        Terminal.page(entries.map { "\($0.createdAt.localDay) \($0.createdAt.hourMinute) " + ($0.title.isEmpty ? Say.untitledDisplay : $0.title) }
            .joined(separator: "\n") + (entries.isEmpty ? "" : "\n"))
    case .md:
        let markdown = EntryMarkdown(settings: journal.settings, units: UserSettings.units)
        Terminal.page(try whole().map(markdown.render).joined(separator: "\n"))
    case .txt:
        // jrnl's journal file, oldest first as jrnl keeps it.
        var jrnl = JrnlExport(localZone: Shell.timeZone)
        let texts = try whole().reversed().map { jrnl.text($0, hasAttachments: !journal.attachments(of: $0.id).isEmpty) }
        if let warning = jrnl.warning { Terminal.warn(warning) }
        Terminal.page(texts.joined(separator: "\n"))
    case .yaml: Terminal.page(ListText.yaml(try whole()))
    case .xml: Terminal.page(ListText.xml(try whole()))
    case .calendar:
        var counts: [LocalDay: Int] = [:]
        for entry in entries { counts[entry.createdAt.localDay, default: 0] += 1 }
        let calendar = YearCalendar(
            counts: counts, today: LocalDay(Shell.now, in: Shell.timeZone), width: Terminal.columns,
            weekStartsOnSunday: MonthGrid.weekStartsOnSunday(in: Say.current))
        let style = options.style
        Terminal.page(calendar.render(style: style.enabled ? { style.green(style.bold($0)) } : nil))
    case .pretty, .json: break  // list's own --full and --json
    }
}

/// Brings the journal's snapshot up to date, with a progress line on a terminal for a long rebuild.
func refresh(_ journal: Journal) throws {
    report(try journal.refresh(progress: ProgressLine.reporter(Say.indexing)))
}

/// Prints entries as lines, whole (`full`) or JSON: the output of list, today and search.
func printEntries(_ entries: [Entry], of journal: Journal, json: Bool, full: Bool, preview: Bool = false, options: GlobalOptions) throws {
    if json {
        let complete = try entries.map { try journal.readEntry($0) }
        print(try EntryJSON.render(complete.map { EntryJSON(entry: $0) }), terminator: "")
        return
    }
    let dates = DateText(localeIdentifier: Shell.localeIdentifier)
    if full {
        let page = EntryPage(style: options.style, settings: journal.settings, dates: dates)
        let texts = try entries.map { page.render(try journal.readEntry($0)) }
        Terminal.page(texts.joined(separator: "\n" + options.style.dim(String(repeating: "─", count: 40)) + "\n\n"))
        return
    }
    // A preview reads each entry's file: the snapshot keeps no text.
    let previews = preview ? try entries.map { try journal.readEntry(at: $0.path).preview } : []
    Terminal.page(EntryLines(style: options.style, settings: journal.settings, dates: dates).render(entries, previews: previews))
}
