import ArgumentParser
import Foundation
import JournalKit

extension JournalCommand {
    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Write a new entry.",
            discussion: Help.reflow("""
                The text comes from the arguments, else from standard input when it is piped,
                else from your editor ($VISUAL, $EDITOR, then vi). The first line is the title.
                The editor starts from a template: --template NAME, else the one the
                category names in journal.yml (`template:`), else `default` (see
                `journal templates`). A template's header presets the category and tags,
                also when the text is given on the command line (its text is then unused).
                Examples:
                  journal add "Trip to Busan" -c travel -t busan,food
                  journal add --date "yesterday 21:30" "Late dinner with Minji"
                  echo "Quiet day." | journal add --tag rest
                  journal add --location Busan "Sea"    # the weather there too
                  journal add --lat 35.18 --lon 129.08 --no-weather "Pier"
                  journal add --template daily          # a few prompts
                With a location (--location, --lat/--lon, or location.default of
                `journal config`), the weather of that place and hour is looked up
                while you write (before the editor opens when the template shows the
                place or the weather). When that takes more than about 2 seconds once the
                text is ready, or fails, the entry is saved without it, with a one-line
                warning; `journal weather --missing` fills it in later.
                """))

        @OptionGroup var options: GlobalOptions

        @Option(name: [.short, .long], help: "The category (one of journal.yml's).")
        var category: String?

        @Option(name: [.customShort("t"), .long], help: "A tag; repeat, or separate with commas.")
        var tag: [String] = []

        @Option(help: "When it happened: 2026-11-20, '2026-11-20 08:00', yesterday, 'yesterday 21:30', friday.")
        var date: String?

        @Option(help: "Where it happened, as a place name (looked up for its coordinates).")
        var location: String?

        @Option(help: "Where it happened: latitude (with --lon).")
        var lat: Double?

        @Option(help: "Where it happened: longitude (with --lat).")
        var lon: Double?

        @Flag(help: "No location, not even the default one of `journal config`.")
        var noLocation = false

        @Flag(help: "Do not look up the weather.")
        var noWeather = false

        @Option(help: "The template the editor starts from (see `journal templates`).")
        var template: String?

        @Flag(help: "Star the entry.")
        var star = false

        @Argument(help: "The entry text; the first line is the title.")
        var text: [String] = []

        func run() throws {
            // Everything the user typed is checked before anything touches the disk.
            let now = Shell.now
            let zone = Shell.timeZone
            let when = try date.map { text in
                do { return try DateGrammar(now: now, timeZone: zone).instant(text) } catch { throw Failure("\(error)") }
            } ?? NamedInstant(date: now, timeZone: zone, hadTime: true)
            let tags = try Journal.normalize(tags: tag)
            let place = try placeRequest()
            let (path, isDefault) = options.location
            var draftText: String?
            if !text.isEmpty {
                draftText = text.joined(separator: " ")
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
            let draft = Draft(
                text: draftText ?? "", createdAt: Timestamp(date: when.date, timeZone: when.timeZone),
                timeZone: when.timeZone.isNamed ? when.timeZone.identifier : nil, category: category, tags: allTags,
                starred: star, location: outcome?.location, weather: outcome?.weather)
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
