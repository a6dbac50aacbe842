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
    /// The first non-empty line of the text, without a leading `#`.
    public var title: String
    /// Everything after the header, exactly as written (BOM and CRLF removed).
    public var text: String
    /// Set when the header cannot be read: the entry is listed as broken and never rewritten.
    public var problem: HeaderProblem?

    public var shortID: String { String(id.prefix(8)) }

    /// The text after the title line, without the blank lines that follow the title.
    public var body: String {
        var lines = text.lfLines()[...]
        while let first = lines.first, first.trimmingCharacters(in: .whitespaces).isEmpty { lines = lines.dropFirst() }
        lines = lines.dropFirst()
        while let first = lines.first, first.trimmingCharacters(in: .whitespaces).isEmpty { lines = lines.dropFirst() }
        var body = lines.joined(separator: "\n")
        while body.hasSuffix("\n") { body.removeLast() }
        return body
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

    public init(name: String?, latitude: Double?, longitude: Double?) {
        self.name = name
        self.latitude = latitude
        self.longitude = longitude
    }
}

extension Entry {
    /// The title rule of DESIGN.md: first non-empty line, leading `#`s and spaces removed.
    static func title(of text: String) -> String {
        for line in text.lfLines(omittingEmpty: true) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty { continue }
            var title = Substring(trimmed)
            if title.first == "#" {
                title = title.drop { $0 == "#" }.drop { $0 == " " }
            }
            return String(title)
        }
        return ""
    }
}
