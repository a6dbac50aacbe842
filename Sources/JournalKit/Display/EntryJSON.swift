import Foundation

/// The JSON shape of an entry for `list --json` and `show --json`.
public struct EntryJSON: Encodable {
    public let entry: Entry
    /// For search results: the line that matched.
    public var match: String?
    /// For exports: the files under attachments/<id>/.
    public var attachments: [String]?

    public init(entry: Entry, match: String? = nil, attachments: [String]? = nil) {
        self.entry = entry
        self.match = match
        self.attachments = attachments
    }

    enum Key: String, CodingKey {
        case id, created_at, time_zone, title, body, text, category, tags, inline_tags, starred, path, weather, location
        case updated_at, broken, match, conflict_of, attachments
    }
    enum WeatherKey: String, CodingKey {
        case condition, temperature_c, provider, code, description, humidity, wind_kph
    }
    enum LocationKey: String, CodingKey { case name, latitude, longitude }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        try c.encode(entry.id, forKey: .id)
        try c.encode(entry.createdAt.rfc3339, forKey: .created_at)
        try c.encode(entry.timeZone, forKey: .time_zone)
        try c.encode(entry.title, forKey: .title)
        try c.encode(entry.body, forKey: .body)
        try c.encode(entry.text, forKey: .text)
        try c.encode(entry.category, forKey: .category)
        try c.encode(entry.tags, forKey: .tags)
        try c.encode(entry.inlineTags, forKey: .inline_tags)
        try c.encodeIfPresent(match, forKey: .match)
        try c.encode(entry.starred, forKey: .starred)
        try c.encode(entry.path, forKey: .path)
        try c.encode(entry.updatedAt?.rfc3339, forKey: .updated_at)
        try c.encodeIfPresent(entry.conflictOf, forKey: .conflict_of)
        try c.encodeIfPresent(attachments, forKey: .attachments)
        if let weather = entry.weather {
            var w = c.nestedContainer(keyedBy: WeatherKey.self, forKey: .weather)
            try w.encode(weather.condition, forKey: .condition)
            try w.encode(weather.temperatureC, forKey: .temperature_c)
            try w.encodeIfPresent(weather.provider, forKey: .provider)
            try w.encodeIfPresent(weather.code, forKey: .code)
            try w.encodeIfPresent(weather.description, forKey: .description)
            try w.encodeIfPresent(weather.humidity, forKey: .humidity)
            try w.encodeIfPresent(weather.windKph, forKey: .wind_kph)
        } else {
            try c.encodeNil(forKey: .weather)
        }
        if let location = entry.location {
            var l = c.nestedContainer(keyedBy: LocationKey.self, forKey: .location)
            try l.encode(location.name, forKey: .name)
            try l.encode(location.latitude, forKey: .latitude)
            try l.encode(location.longitude, forKey: .longitude)
        } else {
            try c.encodeNil(forKey: .location)
        }
        if let problem = entry.problem {
            try c.encode("line \(problem.line): \(problem.reason)", forKey: .broken)
        }
    }

    /// Entries (`list --json`, `search --json`, the web view's API): written by `EntryJSONBytes`, the same
    /// bytes as `encoded` without the encoder's cost.
    public static func render(_ records: [EntryJSON]) throws -> String {
        String(decoding: try bytes(records), as: UTF8.self)
    }

    public static func render(_ record: EntryJSON) throws -> String {
        if let bytes = EntryJSONBytes.render(record) { return String(decoding: bytes, as: UTF8.self) }
        return try encoded(record)
    }

    public static func bytes(_ records: [EntryJSON]) throws -> [UInt8] {
        if let bytes = EntryJSONBytes.render(records) { return bytes }
        return Array(try encoded(records).utf8)
    }

    /// Anything else: tags, categories, commits, templates.
    public static func render<T: Encodable>(_ value: T) throws -> String {
        try encoded(value)
    }

    /// Through JSONEncoder: the reference `EntryJSONBytes` is held to, and what a number JSON cannot write
    /// is refused by (with the encoder's error).
    public static func encoded<T: Encodable>(_ value: T) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let json = String(decoding: try encoder.encode(value), as: UTF8.self)
        // The encoder escapes C0 controls only: DEL, C1 and bidi controls are escaped too, so that
        // JSON on a terminal shows them. They can only stand inside strings, where `\uXXXX` means the same.
        guard json.unicodeScalars.contains(where: ControlCharacters.isHidden) else { return json + "\n" }
        var out = String.UnicodeScalarView()
        for scalar in json.unicodeScalars {
            if ControlCharacters.isHidden(scalar) {
                out.append(contentsOf: String(format: "\\u%04x", scalar.value).unicodeScalars)
            } else {
                out.append(scalar)
            }
        }
        return String(out) + "\n"
    }
}

extension Journal {
    /// One entry as `show --json` and the web API's `GET /api/entries/ID` both give it: its fields and,
    /// when it has any, the files under attachments/<id>/.
    public func json(of entry: Entry) -> EntryJSON {
        let files = attachments(of: entry.id)
        return EntryJSON(entry: entry, attachments: files.isEmpty ? nil : files)
    }
}
