import ArgumentParser
import Foundation
import JournalKit

extension JournalCommand {
    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "add",
            abstract: Say.text("help.Add.abstract"),
            discussion: Help.reflow(Say.text("help.Add.discussion")))

        @OptionGroup var options: GlobalOptions

        @Option(name: [.short, .long], help: ArgumentHelp(Say.text("help.Add.category")), transform: Say.storedCategoryName)
        var category: String?

        @Option(name: [.customShort("t"), .long], help: ArgumentHelp(Say.text("help.Add.tag")))
        var tag: [String] = []

        @Option(help: ArgumentHelp(Say.text("help.Add.date")))
        var date: String?

        @Option(help: ArgumentHelp(Say.text("help.Add.location")))
        var location: String?

        // `.unconditional`: the next word is the value even when it starts with `-` (`--lat -33.87`, south
        // of the equator; `--lon -122.42`, west of Greenwich), where swift-argument-parser would take it for an option.
        @Option(parsing: .unconditional, help: ArgumentHelp(Say.text("help.Add.lat")))
        var lat: Double?

        @Option(parsing: .unconditional, help: ArgumentHelp(Say.text("help.Add.lon")))
        var lon: Double?

        @Flag(help: ArgumentHelp(Say.text("help.Add.noLocation")))
        var noLocation = false

        @Flag(help: ArgumentHelp(Say.text("help.Add.noWeather")))
        var noWeather = false

        @Option(help: ArgumentHelp(Say.text("help.Add.template")))
        var template: String?

        @Flag(help: ArgumentHelp(Say.text("help.Add.star")))
        var star = false

        @Argument(help: ArgumentHelp(Say.text("help.Add.text")))
        var text: [String] = []

        func run() throws {
            // Everything the user typed is checked before anything touches the disk.
            let now = Shell.now
            let zone = Shell.timeZone
            let grammar = DateGrammar(now: now, timeZone: zone)
            var when = try date.map { text in
                do { return try grammar.instant(text) } catch { throw Failure("\(error)") }
            } ?? NamedInstant(date: now, timeZone: zone, hadTime: true)
            let tags = try Journal.normalize(tags: tag)
            let place = try placeRequest()
            let (path, isDefault) = options.location
            var draftText: String?
            if !text.isEmpty {
                draftText = text.joined(separator: " ")
                // `journal add "yesterday 9pm: Dinner"`: a date before the first colon, as jrnl reads one.
                if date == nil, let draft = draftText, let dated = grammar.leadingDate(in: draft) {
                    when = dated.instant
                    draftText = dated.rest
                }
            } else if !Terminal.stdinIsTerminal {
                draftText = String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
            }
            if let draftText, draftText.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
                throw JournalError.emptyEntry
            }
            if let category, !FileManager.default.fileExists(atPath: path) {
                try Journal.validate(category: category, in: Journal.initialSettings)
            }
            if let template, !FileManager.default.fileExists(atPath: path),
                !BuiltInTemplates.all.contains(where: { $0.name == template })
            {
                throw JournalError.unknownTemplate(template, known: BuiltInTemplates.all.map(\.name))
            }

            // The lookup starts now and runs while the editor is open.
            let lookup = try place.map { place in
                let settings = try UserSettings.weather(try UserSettings.load(creating: true))
                let service = WeatherService(settings: settings)
                return (settings: settings, lookup: WeatherLookup(place: place, at: when.date, weather: !noWeather, service: service))
            }
            lookup?.lookup.start()

            let journal: Journal
            if isDefault && !FileManager.default.fileExists(atPath: path) {
                journal = try Journal.create(at: path, context: Shell.context())
                Terminal.note(Say.createdDefaultJournal(path))
            } else {
                journal = try options.openJournal()
            }
            if let category { try journal.validate(category: category) }
            // The template named, else the category's; `default` only matters when the editor opens.
            let templateName = template ?? category.flatMap { journal.settings.category(named: $0)?.template }
            var chosen = try templateName.map { name throws(JournalError) in try journal.template(named: name) }
            if chosen == nil && draftText == nil { chosen = try journal.template(named: "default") }
            let category = self.category ?? chosen?.category
            if let category, category != self.category { try journal.validate(category: category) }
            var allTags = tags
            for tag in try Journal.normalize(tags: chosen?.tags ?? []) where !allTags.contains(tag) { allTags.append(tag) }

            var values = EntryTemplate.Values(
                stamp: Timestamp(date: when.date, timeZone: when.timeZone), locale: Shell.locale, category: category,
                place: nil, weather: nil)
            // A broken template is refused also when its text is not used, before anything is written.
            if draftText != nil, let chosen { _ = try chosen.render(values) }

            var outcome: WeatherLookup.Outcome?
            var draftFile: String?
            if draftText == nil, let chosen {
                // A template that shows the place or the weather waits for them before the editor opens.
                if let lookup, chosen.body.contains("place") || chosen.body.contains("weather") {
                    outcome = lookup.lookup.outcome(waitingUntil: Date().addingTimeInterval(lookup.settings.budget))
                }
                values.place = outcome?.location.name
                values.weather = outcome?.weather.map { WeatherText.full($0, units: UserSettings.units) }
                let file = try compose(in: journal, template: try chosen.render(values))
                draftFile = file
                draftText = try String(contentsOfFile: file, encoding: .utf8)
            }
            // The text is ready: the weather gets a short while more, then the entry is saved regardless.
            if outcome == nil {
                outcome = lookup.map { $0.lookup.outcome(waitingUntil: Date().addingTimeInterval($0.settings.budget)) }
            }
            var draft = Draft(
                text: draftText ?? "", createdAt: Timestamp(date: when.date, timeZone: when.timeZone),
                timeZone: when.timeZone.isNamed ? when.timeZone.identifier : nil, category: category, tags: allTags,
                starred: star, location: outcome?.location, weather: outcome?.weather)
            draft.tagPrefix = (try? UserSettings.load(creating: false))?.tagPrefix
            let result: (entry: Entry, pending: PendingReport)
            do {
                result = try journal.add(draft)
            } catch {
                // What was typed in the editor is never lost: say where it waits.
                if let draftFile { throw Failure(error.description + " " + Say.draftKept(draftFile)) }
                throw error
            }
            if let draftFile { journal.discardDraft(draftFile) }
            report(result.pending)
            if let outcome, let settings = lookup?.settings { explain(outcome, budget: settings.budget) }
            print(Say.added(result.entry.shortID, result.entry.path))
        }

        /// Checked while parsing, so that a mistake is reported with add's usage, not the top level's.
        func validate() throws {
            if noLocation {
                guard location == nil, lat == nil, lon == nil else { throw ValidationError(Say.noLocationAndLocation) }
            }
            if lat != nil || lon != nil {
                guard let lat, let lon else { throw ValidationError(Say.latitudeWithoutLongitude) }
                guard lat.isFinite, (-90...90).contains(lat) else { throw ValidationError(Say.latitudeOutOfRange(lat)) }
                guard lon.isFinite, (-180...180).contains(lon) else { throw ValidationError(Say.longitudeOutOfRange(lon)) }
            }
        }

        /// Where the entry was written, from the flags or the user's default location; nil for nowhere.
        /// The flags were checked by `validate`.
        private func placeRequest() throws -> PlaceRequest? {
            let name = location?.trimmingCharacters(in: .whitespaces).nilIfEmpty
            if noLocation { return nil }
            if let lat, let lon { return .coordinates(name: name, latitude: lat, longitude: lon) }
            if let name { return .named(name) }
            return try UserSettings.load(creating: true).defaultPlace
        }

        /// One line when the place or its weather could not be had, and a note when OpenWeather's
        /// history was not available.
        private func explain(_ outcome: WeatherLookup.Outcome, budget: TimeInterval) {
            let reason = outcome.failure?.description ?? (outcome.timedOut ? Say.budgetExceeded(budget) : nil)
            if let reason {
                if outcome.lacksCoordinates, let name = outcome.location.name {
                    Terminal.warn(Say.savedWithoutCoordinates(name, reason, weather: !noWeather))
                } else if !noWeather {
                    Terminal.warn(Say.savedWithoutWeather(reason))
                }
            }
            if outcome.fromFallback { Terminal.note(Say.historyFromOpenMeteo) }
        }

        /// Opens the editor on the template in a draft file under .git/journal/drafts and returns that file;
        /// it stays there until the entry is saved, so nothing typed is lost.
        private func compose(in journal: Journal, template: String) throws -> String {
            let draft = try journal.makeDraftFile(contents: template)
            let status = try Shell.edit(draft)
            guard status == 0 else { throw Failure(Say.editorFailed(status, draft)) }
            let written = (try? String(contentsOfFile: draft, encoding: .utf8)) ?? ""
            if written.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
                || written.trimmingCharacters(in: .whitespacesAndNewlines) == template.trimmingCharacters(in: .whitespacesAndNewlines)
            {
                journal.discardDraft(draft)
                throw JournalError.emptyEntry
            }
            return draft
        }
    }
}

/// Prints what committing pending outside edits did.
func report(_ pending: PendingReport) {
    if !pending.committed.isEmpty { Terminal.note(Say.committedOutsideEdits(pending.committed.count)) }
    for warning in pending.warnings { Terminal.warn(warning) }
}

extension TimeZone {
    /// A zone with an IANA name, not a bare offset such as GMT+0900.
    var isNamed: Bool { identifier.contains("/") || identifier == "UTC" }
}

extension String {
    /// nil for an empty string.
    var nilIfEmpty: String? { isEmpty ? nil : self }
}
