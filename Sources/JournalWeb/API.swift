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
        let takes: Set<String> = parts.count == 3 && parts[2] == "share" ? ["format"] : parts.first == "prove" ? ["n"]
            : parts.first == "stats" ? ["year"]
            : parts.count == 3 && parts[2] == "attachments" ? ["name"] : []
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
        case (.post, 3, "entries") where parts[2] == "attachments": return try attach(call, parts[1])
        case (.get, 1, "events"): return events(call)
        case (.get, 1, "prove"): return try prove(call)
        case (.get, 1, "sync"): return Reply.json(call.site.syncing?.json ?? "{\"on\":false}")
        case (.get, 1, "stats"), (.head, 1, "stats"):
            // `journal stats --json`.
            let year = try call.one("year").map { text throws(JournalError) in try WritingStats.year(text) }
            return Reply.json(try EntryJSON.render(try call.journal.writingStats(year: year)))
        case (.get, 2, "drafts"): return try draft(call, parts[1])
        case (.put, 2, "drafts"): return try keepDraft(call, parts[1])
        case (.delete, 2, "drafts"):
            call.journal.discardPageDraft(parts[1])
            return Response(status: .noContent)
        default:
            if ["entries", "events"].contains(parts.first ?? "") { throw BadRequest(.methodNotAllowed, "\(method) \(call.path) is not allowed") }
            throw BadRequest(.notFound, call.say("web.noPage", call.path))
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
            guard let count = Int(n), count >= 0 else { throw BadRequest(.badRequest, call.say("web.notACount", "n=" + n)) }
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
        default: throw BadRequest(.badRequest, call.say("web.notYesOrNo", "\(name)=\(value)"))
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
        /// The page's draft this text was kept in (`new`), dropped once the entry is saved.
        var draft: String?
        enum Key: String, CodingKey, CaseIterable { case text, category, tags, date, starred, template, location, draft }

        init(from decoder: Decoder) throws {
            let fields = try decoder.container(keyedBy: Key.self)
            text = try fields.decode(String.self, forKey: .text)
            category = try fields.decodeIfPresent(String.self, forKey: .category)
            tags = try fields.decodeIfPresent([String].self, forKey: .tags)
            date = try fields.decodeIfPresent(String.self, forKey: .date)
            starred = try fields.decodeIfPresent(Bool.self, forKey: .starred)
            template = try fields.decodeIfPresent(String.self, forKey: .template)
            draft = try fields.decodeIfPresent(String.self, forKey: .draft)
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

    /// `journal add`'s flow (`Journal.planAdd`, `add`): what the writer did not say comes from the user's config
    /// as the command line takes it (the tag prefix, the default place, looked up with its weather).
    static func add(_ call: Call) throws -> Response {
        let new: NewEntry = try decode(call.data)
        var request = EntryRequest(text: new.text)
        request.category = new.category.flatMap { $0.isEmpty ? nil : $0 }
        request.tags = new.tags ?? []
        request.date = new.date.flatMap { $0.isEmpty ? nil : $0 }
        request.starred = new.starred ?? false
        request.template = new.template
        request.place = try new.location?.request()
        request.usualPlace = !new.noLocation
        let journal: Journal = call.journal
        // Sent again with its key (a phone's offline write whose answer was lost): the entry it made, once.
        var notices: [AddNotice] = []
        let (done, again) = try call.site.sent.once(idempotencyKey(call), now: call.site.now) {
            let config = try UserConfig.load(from: JournalContext.userConfigFile, creating: false).config
            let plan = try Journal.planAdd(request, config: config, units: call.site.units, language: call.language, journalExists: true,
                                           context: journal.context)
            let outcome = try journal.add(plan, locale: nil, edit: { _ in })
            notices = outcome.notices
            return SentWrites.Done(entry: outcome.entry.id, at: call.site.now)
        }
        let entry = try journal.readEntry(try journal.entry(matching: done.entry))
        if let draft = new.draft { journal.discardPageDraft(draft) }
        var response = Reply.json(try EntryJSON.render(journal.json(of: entry)), status: again ? .ok : .created)
        response.headers[.location] = "/api/entries/" + entry.id
        if let version = try? journal.currentVersion(of: entry) {
            call.site.versions.keep(version.data, tag: version.tag)
            response.headers[.eTag] = "\"\(version.tag)\""
        }
        // What `journal add` would say on the terminal, for the page to show: one line each, percent-encoded
        // (a header is ASCII).
        if !notices.isEmpty {
            response.headers[HTTPField.Name("Journal-Notice")!] = notices.map(\.text).joined(separator: "\n")
                .addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
        }
        return response
    }

    static func idempotencyKey(_ call: Call) -> String? {
        call.request.headers[HTTPField.Name("Idempotency-Key")!].map { $0.trimmingCharacters(in: .whitespaces) }
    }

    /// Before a file's body is read: one larger than the limit is refused by its announced length, in the page's words.
    static func checkUpload(_ call: Call) throws {
        let name = call.one("name") ?? ""
        if let length = call.request.headers[.contentLength].flatMap(Int.init), length > Site.uploadLimit {
            throw BadRequest(.contentTooLarge, call.say("web.tooLarge", name, Site.uploadLimit >> 20))
        }
    }

    /// `POST /api/entries/ID/attachments?name=photo.jpg` with the file as the body: `journal attach`'s flow (the
    /// file into `attachments/<id>/`, a link to it at the end of the text, one commit). Nothing is written
    /// for a file over the limit, an empty one or a name that is not a plain file name.
    static func attach(_ call: Call, _ id: String) throws -> Response {
        guard let name = call.one("name"), !name.isEmpty else { throw BadRequest(.badRequest, call.say("web.uploadNeedsName")) }
        guard !call.data.isEmpty else { throw BadRequest(.badRequest, call.say("web.uploadEmpty", name)) }
        let journal: Journal = call.journal
        let entry = try journal.entry(matching: id)
        let (done, again) = try call.site.sent.once(idempotencyKey(call), now: call.site.now) {
            SentWrites.Done(entry: entry.id, names: try journal.attach([(name: name, data: call.data)], to: entry), at: call.site.now)
        }
        let object: [String: Any] = ["id": entry.id, "names": done.names ?? []]
        let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
        return Reply.json(String(decoding: data, as: UTF8.self), status: again ? .ok : .created)
    }

    struct NewText: Decodable {
        var text: String
        /// The page's draft this edit was kept in (the entry's id), dropped once it is saved.
        var draft: String?
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
            if let draft = new.draft { journal.discardPageDraft(draft) }
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
        case let other: throw BadRequest(.badRequest, call.say("web.notAFormat", "format=" + other))
        }
        let journal: Journal = call.journal
        let entry = try journal.entry(matching: id)
        return Reply.text(.ok, try journal.share(entry, as: format, dates: DateText(locale: nil), units: call.site.units, language: call.language))
    }

    /// `GET api/prove?n=NONCE`: SHA-256 of this run's proof and the nonce. A page checks it before it sends
    /// anything typed: a program that took the port after this server stopped cannot answer it.
    static func prove(_ call: Call) throws -> Response {
        guard let nonce = call.one("n"), (16...128).contains(nonce.count), nonce.allSatisfy(\.isHexDigit) else {
            throw BadRequest(.badRequest, "n is 16 to 128 hex digits")
        }
        let proof = Secret.sha256Hex(call.site.secrets.proof + ":" + nonce)
        return Reply.json("{\"proof\":\"\(proof)\"}")
    }

    struct DraftBody: Decodable {
        var text: String
        var fields: [String: String]?
        var base: String?
    }

    static func draft(_ call: Call, _ key: String) throws -> Response {
        guard let draft = call.journal.pageDraft(key) else { throw BadRequest(.notFound, call.say("web.noDraft")) }
        let object: [String: Any] = ["text": draft.text, "fields": draft.fields, "base": draft.base,
                                     "saved": draft.saved.timeIntervalSince1970 * 1000]
        return Reply.json(String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self))
    }

    static func keepDraft(_ call: Call, _ key: String) throws -> Response {
        let body: DraftBody = try decode(call.data)
        try call.journal.keepPageDraft(key, PageDraft(text: body.text, fields: body.fields ?? [:], base: body.base ?? "",
                                                      saved: call.site.now))
        return Response(status: .noContent)
    }

    /// Server-sent events: `change` whenever the files change (after the snapshot holds the change).
    static func events(_ call: Call) -> Response {
        let (_, stream) = call.site.events.subscribe()
        var headers = HTTPFields()
        headers[.contentType] = "text/event-stream"
        headers[.cacheControl] = "no-store"
        return Response(status: .ok, headers: headers, body: ResponseBody { writer in
            try await writer.write(ByteBuffer(string: "retry: 1000\n: connected\n\n"))
            for await event in stream {
                try await writer.write(ByteBuffer(string: event))
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
        case is NewText.Type: known = ["text", "draft"]
        case is RestoreRequest.Type: known = ["revision"]
        case is DraftBody.Type: known = ["text", "fields", "base"]
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
