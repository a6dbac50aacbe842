import ArgumentParser
import Foundation
import JournalKit

extension JournalCommand {
    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "add",
            abstract: Help.text("help.Add.abstract"),
            discussion: Help.reflow(Say.text("help.Add.discussion")))

        @OptionGroup var options: GlobalOptions

        @Option(name: [.short, .long], help: ArgumentHelp(Help.text("help.Add.category")), completion: Completion.categories)
        var category: String?

        @Option(name: [.customShort("t"), .long], help: ArgumentHelp(Help.text("help.Add.tag")), completion: Completion.tags)
        var tag: [String] = []

        @Option(help: ArgumentHelp(Help.text("help.Add.date")))
        var date: String?

        @Flag(help: ArgumentHelp(Help.text("help.Add.future")))
        var future = false

        @Option(help: ArgumentHelp(Help.text("help.Add.location")))
        var location: String?

        // `.unconditional`: the next word is the value even when it starts with `-` (`--lat -33.87`, south
        // of the equator; `--lon -122.42`, west of Greenwich), where swift-argument-parser would take it for an option.
        @Option(parsing: .unconditional, help: ArgumentHelp(Help.text("help.Add.lat")))
        var lat: Double?

        @Option(parsing: .unconditional, help: ArgumentHelp(Help.text("help.Add.lon")))
        var lon: Double?

        @Flag(help: ArgumentHelp(Help.text("help.Add.noLocation")))
        var noLocation = false

        @Flag(help: ArgumentHelp(Help.text("help.Add.noWeather")))
        var noWeather = false

        @Option(help: ArgumentHelp(Help.text("help.Add.template")))
        var template: String?

        @Flag(help: ArgumentHelp(Help.text("help.Add.star")))
        var star = false

        @Flag(help: ArgumentHelp(Help.text("help.Add.resume")))
        var resume = false

        @Option(help: ArgumentHelp(Help.text("help.Add.encoding")))
        var encoding: String?

        @Argument(help: ArgumentHelp(Help.text("help.Add.text")))
        var text: [String] = []

        func run() throws {
            let editorEncoding = try encoding.map(SourceEncoding.typed)
            if resume { return try resumeDraft(nil, encoding: editorEncoding, in: try options.openJournal()) }
            // Everything the user typed is checked before anything touches the disk.
            var request = EntryRequest(text: text.isEmpty ? nil : text.joined(separator: " "))
            request.encoding = editorEncoding
            if request.text == nil, !Terminal.stdinIsTerminal {
                request.text = try Journal.typedText(FileHandle.standardInput.readDataToEndOfFile(), encoding: editorEncoding)
            }
            request.date = date
            request.category = category
            request.tags = tag
            request.starred = star
            request.template = template
            request.place = placeRequest()
            request.usualPlace = !noLocation
            request.weather = !noWeather
            let (path, isDefault) = options.location
            let exists = FileManager.default.fileExists(atPath: path)
            // Everything the user typed is checked, and the lookup started, before anything touches the disk.
            // Without a place, an entry needs nothing of the config a mistake in it could stop.
            let config: UserConfig
            do { config = try UserSettings.load(creating: true) } catch { if noLocation { config = UserConfig() } else { throw error } }
            let plan = try Journal.planAdd(request, config: config, units: UserSettings.units, language: UserSettings.placeLanguage,
                                           journalExists: exists, context: Shell.context())
            let journal: Journal
            if isDefault && !exists {
                journal = try Journal.create(at: path, context: Shell.context())
                Terminal.note(Say.createdDefaultJournal(path))
            } else {
                journal = try options.openJournal()
            }
            noteWaitingDrafts(journal)
            let outcome = try journal.add(plan, locale: Shell.locale, future: future) { draft in
                let status = try Shell.edit(draft)
                guard status == 0 else { throw JournalError.invalid(Say.editorFailed(status, draft)) }
            }
            report(outcome.pending)
            for notice in outcome.notices {
                switch notice.kind {
                case .warning: Terminal.warn(notice.text)
                case .note: Terminal.note(notice.text)
                case .future: continue
                }
            }
            print(Say.added(outcome.entry.shortID, outcome.entry.path))
            for notice in outcome.notices where notice.kind == .future { Terminal.warn(notice.text) }
        }

        /// Checked while parsing, so that a mistake is reported with add's usage, not the top level's.
        func validate() throws {
            if resume, !text.isEmpty || date != nil || category != nil || !tag.isEmpty || template != nil || star {
                throw ValidationError(Say.resumeTakesNoText)
            }
            if noLocation {
                guard location == nil, lat == nil, lon == nil else { throw ValidationError(Say.noLocationAndLocation) }
            }
            if let problem = PlaceRequest.problem(latitude: lat, longitude: lon) { throw ValidationError(problem) }
        }

        /// Where the entry was written, from the flags; nil for the user's default place (or, with `--no-location`,
        /// nowhere). The flags were checked by `validate`.
        private func placeRequest() -> PlaceRequest? {
            let name = location?.trimmingCharacters(in: .whitespaces).nilIfEmpty
            if noLocation { return nil }
            if let lat, let lon { return .coordinates(name: name, latitude: lat, longitude: lon) }
            return name.map { .named($0) }
        }
    }
}
