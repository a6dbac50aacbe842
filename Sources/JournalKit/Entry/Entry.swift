import Foundation

/// One journal entry as the tool sees it: parsed from its file, never the file itself.
public struct Entry: Sendable, Equatable {
    /// The UUID (lowercase), from the header or derived from the path.
    public var id: String
    /// Relative to the journal folder: `entries/2026/11/2026-11-21-3f2a9c1e.md`.
    public var path: String
    public var createdAt: Timestamp
    public var dateSource: DateSource
    public var timeZone: String?
    public var category: String?
    /// Header tags, in the order written.
    public var tags: [String]
    /// `#hashtags` in the text that the header does not list.
    public var inlineTags: [String] = []
    public var starred: Bool
    public var weather: Weather?
    public var location: Location?
    public var updatedAt: Timestamp?
    /// For a conflict copy a sync made: the id of the entry whose other text this is (`conflict_of:`).
    /// Read from the file only (`readEntry`), not kept in the snapshot.
    public var conflictOf: String? = nil
    /// The header's `title:` when it has one (Obsidian, Hugo and Jekyll notes carry it), else derived from
    /// the text (`Entry.title(of:)`): never written into the file.
    public var title: String
    /// True when `title` is the header's, so that the text holds no title line and `body` is all of it.
    public var titleFromHeader = false
    /// Everything after the header, exactly as written (BOM and CRLF removed).
    public var text: String
    /// Set when the header cannot be read: the entry is listed as broken and never rewritten.
    public var problem: HeaderProblem?

    public var shortID: String { Entry.shortID(of: id) }

    /// The first 8 characters of an id: what the file name, a commit's message and every line name an entry by.
    public static func shortID(of id: String) -> String { String(id.prefix(8)) }

    /// False for a file that is not UTF-8 text (a binary file named .md): it has no title or header.
    public var isText: Bool { problem?.reason != Say.notText && problem?.reason != Say.notTextLocked }

    /// Lines of a text one at a time, without splitting it all.
    struct LineCursor {
        let text: String
        var position: String.Index
        mutating func next() -> Substring? {
            guard position < text.endIndex else { return nil }
            let end = text.firstIndex(ofByte: 10, from: position) ?? text.endIndex
            let line = text[position..<end]
            position = end < text.endIndex ? text.utf8.index(after: end) : end
            return line
        }
    }

    static func lines(of text: String) -> LineCursor { LineCursor(text: text, position: text.startIndex) }

    static func isBlank(_ line: Substring) -> Bool {
        line.utf8.allSatisfy { $0 == 32 || $0 == 9 || $0 == 13 }
    }

    public enum DateSource: String, Sendable, Equatable {
        case header, fileName, commit, modificationTime
    }
}

/// Why a header could not be read, with the line of the file at fault (1-based).
public struct HeaderProblem: Error, Equatable, Sendable {
    public var line: Int
    public var reason: String
}

public struct Weather: Sendable, Equatable {
    public var condition: String?
    public var temperatureC: Double?
    public var provider: String?
    public var code: String?
    public var description: String?
    public var humidity: Double?
    public var windKph: Double?

    public init(
        condition: String?, temperatureC: Double?, provider: String? = nil, code: String? = nil,
        description: String? = nil, humidity: Double? = nil, windKph: Double? = nil
    ) {
        self.condition = condition
        self.temperatureC = temperatureC
        self.provider = provider
        self.code = code
        self.description = description
        self.humidity = humidity
        self.windKph = windKph
    }

    init(_ value: YAMLValue) {
        condition = value["condition"]?.string
        temperatureC = value["temperature_c"]?.number
        provider = value["provider"]?.string
        code = value["code"]?.string
        description = value["description"]?.string
        humidity = value["humidity"]?.number
        windKph = value["wind_kph"]?.number
    }

    /// The sub-keys of `weather:` the tool writes; any other is the user's, and kept.
    static let toolKeys: Set<String> = ["condition", "temperature_c", "provider", "code", "description", "humidity", "wind_kph"]

    /// The header lines of a weather block, in DESIGN.md's order.
    var fields: [(String, String)] {
        var fields: [(String, String)] = []
        if let condition { fields.append(("condition", YAMLWriter.scalar(condition))) }
        if let temperatureC { fields.append(("temperature_c", YAMLWriter.number(temperatureC))) }
        if let provider { fields.append(("provider", YAMLWriter.scalar(provider))) }
        // A numeric code (WMO 61, OpenWeather 803) is written plain, as the provider gives it.
        if let code { fields.append(("code", Int(code) != nil && !code.hasPrefix("+") ? code : YAMLWriter.scalar(code))) }
        if let description { fields.append(("description", YAMLWriter.scalar(description))) }
        if let humidity { fields.append(("humidity", YAMLWriter.number(humidity))) }
        if let windKph { fields.append(("wind_kph", YAMLWriter.number(windKph))) }
        return fields
    }
}

public struct Location: Sendable, Equatable {
    public var name: String?
    public var latitude: Double?
    public var longitude: Double?

    init(_ value: YAMLValue) {
        name = value["name"]?.string
        latitude = value["latitude"]?.number
        longitude = value["longitude"]?.number
    }

    /// The header lines of a location block, in DESIGN.md's order.
    var fields: [(String, String)] {
        var fields: [(String, String)] = []
        if let name { fields.append(("name", YAMLWriter.scalar(name))) }
        if let latitude { fields.append(("latitude", YAMLWriter.number(latitude))) }
        if let longitude { fields.append(("longitude", YAMLWriter.number(longitude))) }
        return fields
    }

    /// A latitude on the globe: finite, within ±90°.
    public static func isLatitude(_ value: Double) -> Bool { value.isFinite && (-90...90).contains(value) }

    /// A longitude on the globe: finite, within ±180°.
    public static func isLongitude(_ value: Double) -> Bool { value.isFinite && (-180...180).contains(value) }

    public init(name: String?, latitude: Double?, longitude: Double?) {
        self.name = name
        self.latitude = latitude
        self.longitude = longitude
    }
}
