import Foundation

/// What Day One knows of an entry that the journal has no field for (the device, the place's locality and
/// region, the weather's pressure, sun and moon, each photo's size, date and camera, the modification date…),
/// kept in the header under `dayone:`, so that `export dayone` gives Day One back every field it gave.
///
/// ```yaml
/// dayone:
///   creationDevice: Minji's iPhone
///   modifiedDate: "2023-05-01T02:00:00Z"
///   location: {"country":"South Korea","latitude":35.1587,"localityName":"Busan",…}
///   photos: [{"identifier":"A1B2…","md5":"0123…","type":"jpeg","width":4032,…}]
/// ```
///
/// A value is Day One's own: a string as a YAML scalar, anything else as its JSON, which YAML reads as it is.
/// Keys in snake_case are the tool's own notes on the entry, never Day One's (which are camelCase).
enum DayOneMetadata {
    static let key = "dayone"

    /// The entry's text was kept with Day One's escapes as they were (they could not be told apart from
    /// the ones the export adds), and goes back as it is.
    static let textAsWritten = "text_as_written"
    /// How many line breaks Day One's text ended with (a file's text ends with one).
    static let trailingNewlines = "text_trailing_newlines"
    /// The MD5 of the text as imported: `richText` goes back only while the text is unchanged.
    static let textMD5 = "text_md5"

    static let ownKeys: Set<String> = [textAsWritten, trailingNewlines, textMD5]

    /// `dayone:` and a line per field, by key; nothing when there are no fields.
    static func headerLines(_ fields: [String: Any]) -> [String] {
        guard !fields.isEmpty else { return [] }
        var lines = [key + ":"]
        for name in fields.keys.sorted() {
            guard let value = fields[name], let text = yaml(value) else { continue }
            lines.append("  " + YAMLWriter.scalar(name) + ": " + text)
        }
        return lines
    }

    /// A value on one line: a string as a scalar, anything else as its JSON.
    private static func yaml(_ value: Any) -> String? {
        if let text = value as? String, !(value is NSNumber) { return YAMLWriter.scalar(text) }
        guard let data = try? JSONSerialization.data(
            withJSONObject: value, options: [.sortedKeys, .withoutEscapingSlashes, .fragmentsAllowed])
        else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    /// The fields of an entry file's `dayone:` block, as JSON values; empty when it has none.
    static func fields(ofFile data: Data) -> [String: Any] {
        let split = EntryFile.Split(data)
        guard let header = split.header, split.problem == nil, let pairs = try? HeaderParser.parse(header),
              let block = YAMLValue.mapping(pairs)[key]
        else { return [:] }
        var fields: [String: Any] = [:]
        for pair in block.pairs { fields[pair.key] = json(pair.value) }
        return fields
    }

    /// A header value as the JSON it was: plain scalars by YAML's core schema, quoted ones as strings.
    static func json(_ value: YAMLValue) -> Any {
        switch value {
        case .scalar(let text, let quoted):
            if quoted { return text }
            if YAMLValue.nullWords.contains(text) { return NSNull() }
            if text == "true" { return true }
            if text == "false" { return false }
            if let integer = Int(text) { return integer }
            if let number = Double(text), text.first.map({ $0.isNumber || $0 == "-" }) == true { return number }
            return text
        case .sequence(let items): return items.map(json)
        case .mapping(let pairs):
            var object: [String: Any] = [:]
            for pair in pairs { object[pair.key] = json(pair.value) }
            return object
        }
    }
}
