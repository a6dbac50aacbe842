import Foundation

/// A new entry as a reader asks for it (the command line's flags, the web view's form), before any of it
/// is checked: the date as typed, names as written.
public struct EntryRequest: Sendable {
    /// The text; nil: written in the editor, from the template.
    public var text: String?
    public var date: String?
    public var category: String?
    public var tags: [String] = []
    public var starred = false
    /// The template named (else the category's, else `default`).
    public var template: String?
    /// Where it was written; nil for nowhere, or (with `usualPlace`) the user's default place.
    public var place: PlaceRequest?
    /// Without a place given, the user's default place (`location.default`) is taken; false: nowhere
    /// (`--no-location`, `"location": null`).
    public var usualPlace = true
    /// Whether to look up the weather of the place (with one).
    public var weather = true
    /// The sign that marks a tag in the text besides `#` (`@`, as jrnl has it), from the user's config.
    public var tagPrefix: String?
    /// The encoding the editor saves in, when not UTF-8 (`--encoding`).
    public var encoding: SourceEncoding?

    public init(text: String? = nil) {
        self.text = text
    }
}

/// What `add` did: the entry, edits of other tools committed first, and the weather lookup as it stood.
public struct AddOutcome: Sendable {
    public var entry: Entry
    public var pending: PendingReport
    public var weather: WeatherLookup.Outcome?
    /// A draft resumed was an edit of an existing entry, now saved over it.
    public var edited = false
    /// What the add has to say to the writer, in the order said: a lookup that failed (the entry is saved
    /// regardless), Open-Meteo's history standing in, a date in the future.
    public var notices: [AddNotice] = []
}

/// One line an add says: a warning (something went wrong; the entry is saved regardless), a note, or the
/// warning of a date after now (said after the entry is named: a diary is written after the fact).
public struct AddNotice: Sendable, Equatable {
    public enum Kind: Sendable, Equatable { case warning, note, future }
    public var kind: Kind
    public var text: String
}

/// The first half of every add, done before the journal is opened (or made): the request completed from the
/// user's config, checked, dated, and its place and weather looked up from now on, while the text is written.
public struct AddPlan: Sendable {
    public var request: EntryRequest
    public var when: NamedInstant
    public var weather: WeatherRequest?
    public var lookup: WeatherLookup?
}

/// How `add` asks for the place and its weather: the lookup runs from `start` on, while the text is
/// written, and `budget` is how long it may hold the entry up once the text is ready.
public struct WeatherRequest: Sendable {
    public var service: WeatherService
    public var budget: TimeInterval
    public var units: Units

    public init(service: WeatherService, budget: TimeInterval, units: Units) {
        self.service = service
        self.budget = budget
        self.units = units
    }
}

extension Journal {
    /// What can be checked of `request` before a journal is opened (or made): its date, its tags, and
    /// a category or template against the built-in ones when there is no journal yet. Returns the date.
    /// Without a date, a text that starts with one before its first colon (`yesterday 9pm: Dinner`, as
    /// jrnl reads it) is dated by it, and the rest is the text.
    public static func check(_ request: inout EntryRequest, journalExists: Bool, context: JournalContext)
        throws(JournalError) -> NamedInstant
    {
        let grammar = DateGrammar(now: context.now, timeZone: context.timeZone)
        var when = NamedInstant(date: context.now, timeZone: context.timeZone, hadTime: true)
        if let date = request.date {
            do { when = try grammar.instant(date) } catch { throw .invalid(error.description) }
        } else if let text = request.text, let dated = grammar.leadingDate(in: text) {
            when = dated.instant
            request.text = dated.rest
        }
        _ = try Tag.normalize(request.tags)
        if let text = request.text, text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { throw .emptyEntry }
        if !journalExists {
            if let category = request.category { request.category = try validate(category: category, in: initialSettings) }
            if let template = request.template, !BuiltInTemplates.all.contains(where: { $0.name == template }) {
                throw .unknownTemplate(template, known: BuiltInTemplates.all.map(\.name))
            }
        }
        return when
    }

    /// The one-line warning for an entry dated `when`, when that is after now (a diary is written after
    /// the fact, so a future date is most often a slip: `내일` for `어제`); nil otherwise.
    public static func futureWarning(_ when: Timestamp, context: JournalContext, locale: Locale?) -> String? {
        guard when.date > context.now else { return nil }
        return Say.futureEntry(DateText(locale: locale).format(when))
    }

    /// The first half of every add (`journal add`, `POST /api/entries`, a page's write sent once it is back
    /// online): what the writer did not say comes from the user's config as `journal add` takes it (the tag
    /// prefix, the default place), the request is checked and dated (`check`), and its place and weather are
    /// looked up from now on. `language`: the language place names are asked in (nil: the provider's).
    public static func planAdd(_ given: EntryRequest, config: UserConfig, units: Units, language: String?, journalExists: Bool,
                               context: JournalContext) throws(JournalError) -> AddPlan {
        var request = given
        if request.tagPrefix == nil { request.tagPrefix = config.tagPrefix }
        if request.place == nil, request.usualPlace { request.place = config.defaultPlace }
        let when = try check(&request, journalExists: journalExists, context: context)
        let weather = try request.place.map { _ throws(JournalError) in
            let settings = try JournalContext.weatherSettings(config, language: language, now: context.now)
            return WeatherRequest(service: WeatherService(settings: settings), budget: settings.budget, units: units)
        }
        return AddPlan(request: request, when: when, weather: weather, lookup: startLookup(request, at: when, weather))
    }

    /// The second half: the entry added as `plan` says (see `add(_:at:…)`), and what the writer is to be told,
    /// as values: the lookup's failure or note, and a date in the future unless `future` says it is meant.
    public func add(_ plan: AddPlan, locale: Locale?, future: Bool = false, edit: (String) throws -> Void) throws -> AddOutcome {
        var outcome = try add(plan.request, at: plan.when, lookup: plan.lookup, weather: plan.weather, locale: locale, edit: edit)
        if let lookup = outcome.weather, let weather = plan.weather {
            let (warning, note) = lookup.report(weather: plan.request.weather, budget: weather.budget)
            if let warning { outcome.notices.append(AddNotice(kind: .warning, text: warning)) }
            if let note { outcome.notices.append(AddNotice(kind: .note, text: note)) }
        }
        if !future, let warning = Journal.futureWarning(Timestamp(date: plan.when.date, timeZone: plan.when.timeZone), context: context,
                                                         locale: locale) {
            outcome.notices.append(AddNotice(kind: .future, text: warning))
        }
        return outcome
    }

    /// Starts the place and weather lookup of `request` (nil when it names no place), so that it runs
    /// while the journal opens and the text is written.
    public static func startLookup(_ request: EntryRequest, at when: NamedInstant, _ weather: WeatherRequest?) -> WeatherLookup? {
        guard let place = request.place, let weather else { return nil }
        let lookup = WeatherLookup(place: place, at: when.date, weather: request.weather, service: weather.service)
        lookup.start()
        return lookup
    }

    /// Adds the entry `request` asks for, as one commit. The template is the one named, else the
    /// category's, else (only when the text is to be written) `default`; it presets the category and adds
    /// tags. Without a text, `edit` is handed a draft file under `.git/journal/drafts` holding the rendered
    /// template (after waiting for the place and weather when the template shows them) and returns once the
    /// reader is done; the draft stays until the entry is saved, so nothing typed is lost. Once the text
    /// is ready the lookup gets its budget more, then the entry is saved regardless.
    public func add(_ request: EntryRequest, at when: NamedInstant, lookup: WeatherLookup?, weather: WeatherRequest?,
                    locale: Locale?, edit: (String) throws -> Void) throws -> AddOutcome
    {
        let asked = try request.category.map { name throws(JournalError) in try validate(category: name) }
        let templateName = request.template ?? asked.flatMap { settings.category(named: $0)?.template }
        var chosen = try templateName.map { name throws(JournalError) in try template(named: name) }
        if chosen == nil && request.text == nil { chosen = try template(named: "default") }
        var category = asked ?? chosen?.category
        if let named = category, named != asked { category = try validate(category: named) }
        var tags = try Tag.normalize(request.tags)
        for tag in try Tag.normalize(chosen?.tags ?? []) where !tags.contains(tag) { tags.append(tag) }

        let stamp = Timestamp(date: when.date, timeZone: when.timeZone)
        var values = EntryTemplate.Values(stamp: stamp, locale: locale, category: category, place: nil, weather: nil)
        // A broken template is refused also when its text is not used, before anything is written.
        if request.text != nil, let chosen { _ = try chosen.render(values) }

        let budget = weather?.budget ?? 0
        var outcome: WeatherLookup.Outcome?
        var text = request.text
        var draftFile: String?
        if text == nil, let chosen {
            // A template that shows the place or the weather waits for them before the editor opens.
            if let lookup, chosen.body.contains("place") || chosen.body.contains("weather") {
                outcome = lookup.outcome(waitingUntil: Date().addingTimeInterval(budget))
            }
            values.place = outcome?.location.name
            values.weather = outcome?.weather.map { WeatherText.full($0, units: weather?.units ?? .metric) }
            let rendered = try chosen.render(values)
            var facts = DraftFacts(
                createdAt: stamp, timeZone: when.timeZone.isNamed ? when.timeZone.identifier : nil, category: category, tags: tags,
                starred: request.starred)
            facts.tagPrefix = request.tagPrefix
            let draft = try makeDraftFile(contents: rendered, about: facts)
            try edit(draft)
            // Bytes that are not text (an editor saving in another encoding) stay in the draft, as typed.
            let written = String(decoding: try EditorText.utf8(FileSystem.contents(draft) ?? Data(), encoding: request.encoding,
                                                                file: draft, resume: Journal.resumeCommand(draft)), as: UTF8.self)
            let trimmed = written.trimmingCharacters(in: .whitespacesAndNewlines)
            if trimmed.isEmpty || trimmed == rendered.trimmingCharacters(in: .whitespacesAndNewlines) {
                discardDraft(draft)
                throw JournalError.emptyEntry
            }
            (text, draftFile) = (written, draft)
        }
        // The text is ready: the weather gets a short while more, then the entry is saved regardless.
        if outcome == nil { outcome = lookup?.outcome(waitingUntil: Date().addingTimeInterval(budget)) }
        var draft = Draft(
            text: text ?? "", createdAt: stamp, timeZone: when.timeZone.isNamed ? when.timeZone.identifier : nil,
            category: category, tags: tags, starred: request.starred, location: outcome?.location, weather: outcome?.weather)
        draft.tagPrefix = request.tagPrefix
        let added: (entry: Entry, pending: PendingReport)
        do {
            added = try add(draft)
        } catch {
            // What was typed in the editor is never lost: say where it waits.
            if let draftFile { throw JournalError.invalid(error.description + " " + Say.draftKept(draftFile)) }
            throw error
        }
        if let draftFile { discardDraft(draftFile) }
        return AddOutcome(entry: added.entry, pending: added.pending, weather: outcome)
    }
}

extension Journal {
    /// A text given on standard input (a pipe), as UTF-8: as it is, else read in `encoding`; refused with
    /// where it stops being text, so that no `caf�` is ever stored.
    public static func typedText(_ data: Data, encoding: SourceEncoding?) throws(JournalError) -> String {
        do {
            return String(decoding: try EditorText.utf8(data, encoding: encoding, file: "-", resume: ""), as: UTF8.self)
        } catch .notUTF8(_, let line, let byte, _) {
            throw .invalid(Say.text("inputNotUTF8", line, String(format: "%02x", byte)))
        }
    }

    /// The command that takes a draft up again: `journal drafts resume ID`.
    static func resumeCommand(_ draft: String) -> String {
        "journal drafts resume " + WaitingDraft.id(ofPath: draft)
    }
}

extension TimeZone {
    /// A zone with an IANA name, not a bare offset such as GMT+0900.
    public var isNamed: Bool { identifier.contains("/") || identifier == "UTC" }
}
