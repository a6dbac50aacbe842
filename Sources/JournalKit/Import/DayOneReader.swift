import Foundation

/// A Day One JSON export: the zip Day One makes, that zip unpacked, or one of its JSON files. Each
/// journal is a JSON file (`Journal.json`) with an `entries` list; media sit beside it as
/// `photos/<md5>.<type>` (and videos/, audios/, pdfs/), and the text links them as `dayone-moment://ID`.
struct DayOneReader {
    /// For entries that name no time zone.
    let zone: TimeZone
    var encoding = SourceEncoding.utf8

    /// Day One's media lists and the folders their files are in.
    static let media = [("photos", "photos"), ("videos", "videos"), ("audios", "audios"), ("pdfAttachments", "pdfs")]

    /// The keys of an entry that become the journal's own fields; every other key is kept under `dayone:`.
    static let ownFields: Set<String> = ["uuid", "creationDate", "timeZone", "starred", "tags", "text", "location", "weather"]

    /// Tag names warned about already: once per name and import.
    private final class Warned {
        var tags: Set<String> = []
    }
    private let warned = Warned()

    func read(_ path: String, into writer: ImportWriter) throws(JournalError) {
        let source: ExportSource
        let files: [String]
        if !FileSystem.isFolder(path), path.lowercased().hasSuffix(".json") {
            source = try ExportSource((path as NSString).deletingLastPathComponent)
            files = [(path as NSString).lastPathComponent]
        } else {
            source = try ExportSource(path)
            files = try source.files(endingWith: ".json")
        }
        guard !files.isEmpty else { throw .invalid(Say.dayOneNoJSON(path)) }
        for file in files {
            try read(file, of: source, into: writer)
        }
    }

    private func read(_ file: String, of source: ExportSource, into writer: ImportWriter) throws(JournalError) {
        let folder = (file as NSString).deletingLastPathComponent
        let object = try ImportJSON.parse(try SourceText.utf8(try source.read(file), encoding: encoding, file: file), name: file)
        guard let entries = (object as? [String: Any])?["entries"] as? [Any] else {
            throw .invalid(Say.importUnreadable(file, Say.jsonNotExport("Day One")))
        }
        for (index, item) in entries.enumerated() {
            let place = "\(file): entry \(index + 1)"
            guard let fields = item as? [String: Any] else {
                writer.problem(place, Say.jsonEntryNotObject)
                continue
            }
            guard let id = DayOneReader.id(fields["uuid"] as? String) else {
                writer.problem(place, Say.dayOneBadUUID)
                continue
            }
            guard let created = (fields["creationDate"] as? String).flatMap({ Timestamp.parse($0, zone: zone) }) else {
                writer.problem(place, Say.jsonMissing("creationDate"))
                continue
            }
            // Everything the journal has no field for, as Day One wrote it.
            var kept = fields.filter { !DayOneReader.ownFields.contains($0.key) }
            // Not modified since it was made: the export says so from the creation date.
            if let modified = kept["modifiedDate"] as? String, modified == fields["creationDate"] as? String {
                kept["modifiedDate"] = nil
            }
            var notices: [String] = []
            let zoneName = fields["timeZone"] as? String
            let named = zoneName.flatMap(TimeZone.init(identifier:))
            if let zoneName, named == nil {
                // Not replaced silently: said, and kept for the way back.
                notices.append(Say.dayOneBadTimeZone(zoneName, zone.identifier))
                kept["timeZone"] = zoneName
            }
            let entryZone = named ?? zone

            let original = fields["text"] as? String ?? ""
            var (text, asWritten) = DayOneExport.unescape(original)
            if asWritten { kept[DayOneMetadata.textAsWritten] = true }
            let newlines = original.reversed().prefix { $0 == "\n" }.count
            if newlines > 0 { kept[DayOneMetadata.trailingNewlines] = newlines }

            // Media: checked for hostile names, copied into attachments/<id>/, links made relative.
            var attachments: [ImportedFile] = []
            var links: [String: String] = [:]
            for (key, mediaFolder) in DayOneReader.media {
                for media in fields[key] as? [[String: Any]] ?? [] {
                    guard let identifier = media["identifier"] as? String else { continue }
                    let md5 = media["md5"] as? String ?? ""
                    let type = (media["type"] as? String) ?? (media["format"] as? String) ?? ""
                    let name = type.isEmpty ? md5 : md5 + "." + type
                    guard !md5.isEmpty, ImportNames.isPlainFileName(name), ImportNames.isPlainFileName(md5) else {
                        throw .invalid(Say.importUnsafeName(name))
                    }
                    let relative = (folder.isEmpty ? "" : folder + "/") + mediaFolder + "/" + name
                    guard source.contains(relative) else {
                        notices.append(Say.dayOneMissingMedia(mediaFolder + "/" + name, Entry.title(of: text)))
                        continue
                    }
                    attachments.append(ImportedFile(name: name) { destination throws(JournalError) in
                        try source.copy(relative, to: destination)
                    })
                    links[identifier] = "../../../" + Journal.attachmentFolder(of: id) + "/" + name
                }
            }
            if !links.isEmpty { text = DayOneReader.rewrite(text, links: links) }
            if kept["richText"] != nil { kept[DayOneMetadata.textMD5] = MD5.hex(Data(EntryFile.normalizedText(text).utf8)) }

            // Tags as Day One named them; where the journal's rules cannot hold a name, the original stays
            // beside the stored one, said once per name.
            let tags = (fields["tags"] as? [Any] ?? []).compactMap { $0 as? String }
            let stored = tags.compactMap(Tag.stored)
            if stored != tags {
                kept["tags"] = tags
                for tag in tags where Tag.stored(tag) != tag && warned.tags.insert(tag).inserted {
                    notices.append(Say.tagRenamed(tag, Tag.stored(tag) ?? ""))
                }
            }

            // The place and the weather: the journal's fields, and Day One's whole record where it says more.
            let locationFields = fields["location"] as? [String: Any]
            let location = DayOneReader.location(locationFields)
            if let locationFields, !DayOneExport.same(DayOneExport.location(location), locationFields) {
                kept["location"] = locationFields
            }
            let weatherFields = fields["weather"] as? [String: Any]
            let weather = DayOneReader.weather(weatherFields)
            if let weatherFields, !DayOneExport.same(DayOneExport.weather(weather), weatherFields) {
                kept["weather"] = weatherFields
            }

            try writer.take(
                ImportedEntry(
                    place: place, id: id, createdAt: Timestamp(date: created.date, timeZone: entryZone),
                    timeZone: named.map { $0.importName } ?? zone.importName,
                    tags: tags, starred: fields["starred"] as? Bool ?? false,
                    text: text, location: location, weather: weather, attachments: attachments,
                    keptHeader: DayOneMetadata.headerLines(kept), notices: notices))
        }
    }

    /// Day One's `4B3F…` (32 hex digits, or already dashed) as our lowercase 8-4-4-4-12.
    static func id(_ uuid: String?) -> String? {
        guard let uuid else { return nil }
        let hex = uuid.replacingOccurrences(of: "-", with: "").lowercased()
        guard hex.count == 32, hex.allSatisfy(\.isHexDigit) else { return nil }
        let h = Array(hex)
        return [h[0..<8], h[8..<12], h[12..<16], h[16..<20], h[20..<32]].map { String($0) }.joined(separator: "-")
    }

    /// `dayone-moment://ID` (photos) and `dayone-moment:/video/ID` and the like, made relative links.
    static func rewrite(_ text: String, links: [String: String]) -> String {
        guard let pattern = try? NSRegularExpression(pattern: "dayone-moment:/{1,2}(?:[A-Za-z]+/)?([A-Za-z0-9-]+)") else { return text }
        var result = ""
        var last = text.startIndex
        for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
            guard let whole = Range(match.range, in: text), let idRange = Range(match.range(at: 1), in: text),
                  let link = links[String(text[idRange])]
            else { continue }
            result += text[last..<whole.lowerBound] + link
            last = whole.upperBound
        }
        return result + text[last...]
    }

    static func location(_ fields: [String: Any]?) -> Location? {
        guard let fields else { return nil }
        let name = ["placeName", "localityName", "administrativeArea", "country"].lazy
            .compactMap { fields[$0] as? String }.first { !$0.isEmpty }
        let location = Location(name: name, latitude: number(fields["latitude"]), longitude: number(fields["longitude"]))
        return location.fields.isEmpty ? nil : location
    }

    /// Day One's weather: its own code and description are kept; the condition is our provider-neutral word.
    static func weather(_ fields: [String: Any]?) -> Weather? {
        guard let fields else { return nil }
        let code = fields["weatherCode"] as? String
        let description = fields["conditionsDescription"] as? String
        let weather = Weather(
            condition: condition(code: code, description: description)?.rawValue,
            temperatureC: number(fields["temperatureCelsius"]), provider: "dayone", code: code, description: description,
            humidity: number(fields["relativeHumidity"]), windKph: number(fields["windSpeedKPH"]))
        return weather.condition == nil && weather.temperatureC == nil && description == nil ? nil : weather
    }

    /// Day One's codes (`clear`, `partly-cloudy-night`, `mostly-cloudy`, `rain`, `tstorms`…) and
    /// descriptions, by the words in them.
    static func condition(code: String?, description: String?) -> WeatherCondition? {
        let text = ((code ?? "") + " " + (description ?? "")).lowercased()
        let rules: [([String], WeatherCondition)] = [
            (["thunder", "storm"], .thunderstorm), (["snow", "sleet", "flurr", "ice", "hail"], .snow),
            (["drizzle"], .drizzle), (["rain", "shower"], .rain), (["fog", "haz", "mist", "smoke"], .fog),
            (["partly", "mostly-sunny", "mostly sunny", "few clouds"], .partlyCloudy),
            (["cloud", "overcast"], .cloudy), (["clear", "sunny", "fair"], .clear),
        ]
        return rules.first { words, _ in words.contains { text.contains($0) } }?.1
    }

    private static func number(_ value: Any?) -> Double? {
        switch value {
        case let number as NSNumber: number.doubleValue.isFinite ? number.doubleValue : nil
        case let text as String: Double(text)
        default: nil
        }
    }
}
