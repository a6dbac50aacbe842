import Foundation
import HTTPTypes
import Hummingbird
import JournalKit
import NIOCore

/// The JSON API the pages use, and anyone with the token (`Authorization: Bearer`): the command line's
/// flows and JSON, over HTTP.
enum API {
    static func answer(_ call: Call) throws -> Response {
        let parts = call.path.split(separator: "/", omittingEmptySubsequences: false).dropFirst(2).map(String.init)
        let method = call.request.method
        // Only the list takes parameters (its filter checks them), and a share its format: any other is a
        // mistake said, not a request quietly done without it (`POST /api/entries?dry=1` wrote an entry).
        let isList = (method == .get || method == .head) && parts.count == 1 && parts.first == "entries"
        let takes: Set<String> = parts.count == 3 && parts[2] == "share" ? ["format"] : []
        if !isList, let unknown = call.parameterNames.first(where: { !takes.contains($0) }) {
            throw BadRequest(.badRequest, call.say("web.unknownParameter", unknown))
        }
        switch (method, parts.count, parts.first) {
        case (.get, 1, "entries"), (.head, 1, "entries"): return try list(call)
        case (.post, 1, "entries"): return try add(call)
        case (.get, 2, "entries"), (.head, 2, "entries"): return try one(call, parts[1])
        case (.put, 2, "entries"): return try replace(call, parts[1])
        case (.delete, 2, "entries"): return try remove(call, parts[1])
        case (.post, 3, "entries") where parts[2] == "header": return try header(call, parts[1])
        case (.get, 3, "entries") where parts[2] == "share": return try share(call, parts[1])
        case (.post, 3, "entries") where parts[2] == "restore": return try restore(call, parts[1])
        case (.get, 1, "events"): return events(call)
        default:
            if ["entries", "events"].contains(parts.first ?? "") { throw BadRequest(.methodNotAllowed, "\(method) \(call.path) is not allowed") }
            throw BadRequest(.notFound, "no such address: \(call.path)")
        }
    }

    /// The filter of `GET /api/entries` (and the list page): the command line's filter options by name.
    static func filter(_ call: Call, allowed extra: Set<String> = []) throws -> (EntryFilter, String?) {
        let known: Set<String> = ["q", "from", "to", "on", "category", "tag", "starred", "n", "reverse"]
        for key in call.parameterNames where !known.contains(key) && !extra.contains(key) {
            throw BadRequest(.badRequest, call.say("web.unknownParameter", key))
        }
        var filter = EntryFilter()
        filter.from = call.one("from").flatMap { $0.isEmpty ? nil : $0 }
        filter.to = call.one("to").flatMap { $0.isEmpty ? nil : $0 }
        filter.on = call.one("on").flatMap { $0.isEmpty ? nil : $0 }
        filter.category = call.one("category").flatMap { $0.isEmpty ? nil : $0 }
        filter.tags = call.all("tag").filter { !$0.isEmpty }
        filter.starred = try flag(call, "starred")
        filter.reverse = try flag(call, "reverse")
        if let n = call.one("n") {
            guard let count = Int(n), count >= 0 else { throw BadRequest(.badRequest, "n=\(n) is not a count") }
            filter.limit = count
        }
        _ = try Journal.query(for: filter, context: call.site.context)
        let q = call.one("q").map { $0.trimmingCharacters(in: .whitespaces) }.flatMap { $0.isEmpty ? nil : $0 }
        return (filter, q)
    }

    private static func flag(_ call: Call, _ name: String) throws -> Bool {
        guard let value = call.one(name) else { return false }
        switch value {
        case "", "1", "true", "on": return true
        case "0", "false", "off": return false
        default: throw BadRequest(.badRequest, "\(name)=\(value) is neither true nor false")
        }
    }

    /// `list --json`, or `search --json` with `q`.
    static func list(_ call: Call) throws -> Response {
        let (filter, q) = try filter(call)
        let journal: Journal = call.journal
        if let q {
            let hits = try journal.search(q, within: filter, whole: true)
            return Reply.json(bytes: try EntryJSON.bytes(hits.map { EntryJSON(entry: $0.entry, match: $0.line ?? "") }))
        }
        let complete = try journal.entries(matching: filter).map { entry throws(JournalError) in try journal.readEntry(entry) }
        return Reply.json(bytes: try EntryJSON.bytes(complete.map { EntryJSON(entry: $0) }))
    }

    static func one(_ call: Call, _ id: String) throws -> Response {
        let journal: Journal = call.journal
        let entry = try journal.entry(matching: id)
        let version = try journal.currentVersion(of: entry)
        call.site.versions.keep(version.data, tag: version.tag)
        let etag = "\"\(version.tag)\""
        if call.request.headers[.ifNoneMatch] == etag { return Response(status: .notModified, headers: [.eTag: etag]) }
        var response = Reply.json(try EntryJSON.render(journal.json(of: entry)))
        response.headers[.eTag] = etag
        return response
    }

    /// What `POST /api/entries` takes: the fields of `journal add`. Without `location` the entry is written
    /// at the user's default place, as `journal add` does; `"location": null` is `--no-location`.
    struct NewEntry: Decodable {
        var text: String
        var category: String?
        var tags: [String]?
        var date: String?
        var starred: Bool?
        var template: String?
        var location: NewPlace?
        var noLocation = false
        enum Key: String, CodingKey, CaseIterable { case text, category, tags, date, starred, template, location }

        init(from decoder: Decoder) throws {
            let fields = try decoder.container(keyedBy: Key.self)
            text = try fields.decode(String.self, forKey: .text)
            category = try fields.decodeIfPresent(String.self, forKey: .category)
            tags = try fields.decodeIfPresent([String].self, forKey: .tags)
            date = try fields.decodeIfPresent(String.self, forKey: .date)
            starred = try fields.decodeIfPresent(Bool.self, forKey: .starred)
            template = try fields.decodeIfPresent(String.self, forKey: .template)
            noLocation = try fields.contains(.location) && fields.decodeNil(forKey: .location)
            location = noLocation ? nil : try fields.decodeIfPresent(NewPlace.self, forKey: .location)
        }
    }

    /// `location` of `POST /api/entries`: a place's name (`"Busan"`, as `add --location`), or
    /// `{"name": …, "latitude": …, "longitude": …}` (as `--lat`/`--lon`, the name optional).
    struct NewPlace: Decodable {
        var name: String?
        var latitude: Double?
        var longitude: Double?
        enum Key: String, CodingKey { case name, latitude, longitude }

        init(from decoder: Decoder) throws {
            if let name = try? decoder.singleValueContainer().decode(String.self) {
                self.name = name
                return
            }
            let fields = try decoder.container(keyedBy: Key.self)
            name = try fields.decodeIfPresent(String.self, forKey: .name)
            latitude = try fields.decodeIfPresent(Double.self, forKey: .latitude)
            longitude = try fields.decodeIfPresent(Double.self, forKey: .longitude)
        }

        /// The place as `journal add` asks for it; coordinates checked by the kit's rule.
        func request() throws -> PlaceRequest {
            if let problem = PlaceRequest.problem(latitude: latitude, longitude: longitude) { throw BadRequest(.badRequest, problem) }
            let named = name.map { $0.trimmingCharacters(in: .whitespaces) }.flatMap { $0.isEmpty ? nil : $0 }
            if let latitude, let longitude { return .coordinates(name: named, latitude: latitude, longitude: longitude) }
            guard let named else { throw BadRequest(.badRequest, "location needs a name, or a latitude and a longitude") }
            return .named(named)
        }
    }

    static func add(_ call: Call) throws -> Response {
        let new: NewEntry = try decode(call.data)
        var request = EntryRequest(text: new.text)
        request.category = new.category.flatMap { $0.isEmpty ? nil : $0 }
        request.tags = new.tags ?? []
        request.date = new.date.flatMap { $0.isEmpty ? nil : $0 }
        request.starred = new.starred ?? false
        request.template = new.template
        // What the writer did not say comes from the user's config, as for `journal add`: the tag prefix,
        // and the default place. A place is looked up with its weather, as `journal add --location` does.
        let config = try UserConfig.load(from: JournalContext.userConfigFile, creating: false).config
        request.tagPrefix = config.tagPrefix
        request.place = new.noLocation ? nil : try new.location?.request() ?? config.defaultPlace
        request.weather = request.place != nil
        let journal: Journal = call.journal
        let when = try Journal.check(&request, journalExists: true, context: journal.context)
        let weather = try request.place.map { _ in
            let settings = try JournalContext.weatherSettings(config, language: call.language, now: JournalContext.pinnedNow ?? Date())
            return WeatherRequest(service: WeatherService(settings: settings), budget: settings.budget, units: call.site.units)
        }
        let lookup = Journal.startLookup(request, at: when, weather)
        let outcome = try journal.add(request, at: when, lookup: lookup, weather: weather, locale: nil, edit: { _ in })
        let entry = try journal.readEntry(at: outcome.entry.path)
        var response = Reply.json(try EntryJSON.render(journal.json(of: entry)), status: .created)
        response.headers[.location] = "/api/entries/" + entry.id
        if let version = try? journal.currentVersion(of: entry) {
            call.site.versions.keep(version.data, tag: version.tag)
            response.headers[.eTag] = "\"\(version.tag)\""
        }
        // What `journal add` would say on the terminal (a lookup that failed, a date in the future), for the
        // page to show: one line each, percent-encoded (a header is ASCII).
        var notices: [String] = []
        if let lookup = outcome.weather, let weather {
            let (warning, note) = lookup.report(weather: request.weather, budget: weather.budget)
            notices += [warning, note].compactMap { $0 }
        }
        if let future = Journal.futureWarning(Timestamp(date: when.date, timeZone: when.timeZone), context: journal.context, locale: nil) {
            notices.append(future)
        }
        if !notices.isEmpty {
            response.headers[HTTPField.Name("Journal-Notice")!] = notices.joined(separator: "\n")
                .addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
        }
        return response
    }

    struct NewText: Decodable {
        var text: String
    }

    /// The whole file's new text, only over the version the writer started from (`If-Match`): merged with
    /// a change made on disk meanwhile, or refused (412) when the two touch the same words. `If-Match: *`
    /// writes over whatever version is there. A text the kit's `editProblem` refuses (another id, no header,
    /// a header that cannot be read, a category journal.yml lacks) is a 400 naming the line.
    static func replace(_ call: Call, _ id: String) throws -> Response {
        guard let match = call.request.headers[.ifMatch] else {
            throw BadRequest(.preconditionRequired, "If-Match is required: send the ETag of the version you edited")
        }
        // `*` is HTTP's "whatever version is there now": a deliberate write over it.
        let expected: String? = match.trimmingCharacters(in: .whitespaces) == "*" ? nil : match.trimmingCharacters(in: CharacterSet(charactersIn: "\" W/"))
        let new: NewText = try decode(call.data)
        let journal: Journal = call.journal
        let entry = try journal.entry(matching: id)
        switch try journal.replaceText(of: entry, with: new.text, expected: expected, base: expected.flatMap { call.site.versions.data(tag: $0) }) {
        case .saved(let saved), .unchanged(let saved):
            let version = try journal.currentVersion(of: saved)
            call.site.versions.keep(version.data, tag: version.tag)
            var response = Reply.json(try EntryJSON.render(journal.json(of: saved)))
            response.headers[.eTag] = "\"\(version.tag)\""
            return response
        case .changedOnDisk:
            throw BadRequest(.preconditionFailed, call.say("web.changedOnDisk"))
        }
    }

    static func remove(_ call: Call, _ id: String) throws -> Response {
        let journal: Journal = call.journal
        let entry = try journal.entry(matching: id)
        try journal.remove(entry)
        return Response(status: .noContent)
    }

    /// Star, unstar, tag: `{"starred": true}`, `{"tags": ["+trip", "-work"]}`.
    struct HeaderChange: Decodable {
        var starred: Bool?
        var tags: [String]?
    }

    static func header(_ call: Call, _ id: String) throws -> Response {
        let change: HeaderChange = try decode(call.data)
        let journal: Journal = call.journal
        let entry = try journal.entry(matching: id)
        let operations = try TagOperation.parse(change.tags ?? [])
        let purpose: Journal.HeaderPurpose = operations.isEmpty ? .star : .tag
        try journal.updateHeader(of: entry, HeaderEdit(tags: operations, starred: change.starred), for: purpose)
        return try one(call, entry.id)
    }

    /// `journal restore`: `{}` brings back the version before the last change (a deleted entry: the one it
    /// had when it was deleted), `{"revision": "abc1234"}` the version of that commit (or date).
    struct RestoreRequest: Decodable {
        var revision: String?
    }

    static func restore(_ call: Call, _ id: String) throws -> Response {
        let wanted: RestoreRequest = call.data.isEmpty ? RestoreRequest() : try decode(call.data)
        let journal: Journal = call.journal
        let outcome = try journal.restore(try journal.findEntry(id), at: wanted.revision.flatMap { $0.isEmpty ? nil : $0 })
        var response = Reply.json(try EntryJSON.render(journal.json(of: outcome.entry)))
        response.headers[HTTPField.Name("X-Restored-Revision")!] = outcome.revision
        if let version = try? journal.currentVersion(of: outcome.entry) {
            call.site.versions.keep(version.data, tag: version.tag)
            response.headers[.eTag] = "\"\(version.tag)\""
        }
        return response
    }

    static func share(_ call: Call, _ id: String) throws -> Response {
        let format: ShareFormat
        switch call.one("format") ?? "text" {
        case "text": format = .text
        case "markdown": format = .markdown
        case let other: throw BadRequest(.badRequest, "format=\(other) is not text or markdown")
        }
        let journal: Journal = call.journal
        let entry = try journal.entry(matching: id)
        return Reply.text(.ok, try journal.share(entry, as: format, dates: DateText(locale: nil), units: call.site.units, language: call.language))
    }

    /// Server-sent events: `change` whenever the files change (after the snapshot holds the change).
    static func events(_ call: Call) -> Response {
        let (_, stream) = call.site.events.subscribe()
        var headers = HTTPFields()
        headers[.contentType] = "text/event-stream"
        headers[.cacheControl] = "no-store"
        return Response(status: .ok, headers: headers, body: ResponseBody { writer in
            try await writer.write(ByteBuffer(string: "retry: 1000\n: connected\n\n"))
            for await data in stream {
                try await writer.write(ByteBuffer(string: "event: change\ndata: \(data)\n\n"))
            }
            try await writer.finish(nil)
        })
    }

    /// A JSON body of type `T`; malformed JSON, a wrong type or an unknown field is a 400 naming it.
    static func decode<T: Decodable>(_ data: Data) throws -> T {
        guard let object = try? JSONSerialization.jsonObject(with: data), let fields = object as? [String: Any] else {
            throw BadRequest(.badRequest, "the body is not a JSON object")
        }
        let known: Set<String>
        switch T.self {
        case is NewEntry.Type: known = Set(NewEntry.Key.allCases.map(\.rawValue))
        case is NewText.Type: known = ["text"]
        case is RestoreRequest.Type: known = ["revision"]
        default: known = ["starred", "tags"]
        }
        if let unknown = fields.keys.sorted().first(where: { !known.contains($0) }) {
            throw BadRequest(.badRequest, "unknown field \(unknown)")
        }
        if T.self == NewEntry.self, let place = fields["location"] as? [String: Any],
           let unknown = place.keys.sorted().first(where: { NewPlace.Key(rawValue: $0) == nil })
        {
            throw BadRequest(.badRequest, "unknown field location.\(unknown)")
        }
        do {
            return try JSONDecoder().decode(T.self, from: data)
        } catch let DecodingError.keyNotFound(key, _) {
            throw BadRequest(.badRequest, "missing field \(key.stringValue)")
        } catch let DecodingError.typeMismatch(_, context) {
            throw BadRequest(.badRequest, "wrong type for \(context.codingPath.map(\.stringValue).joined(separator: "."))")
        } catch {
            throw BadRequest(.badRequest, "the body is not what was expected")
        }
    }
}
