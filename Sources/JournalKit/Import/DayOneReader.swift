import Foundation

/// A Day One JSON export: the zip Day One makes, that zip unpacked, or one of its JSON files. Each
/// journal is a JSON file (`Journal.json`) with an `entries` list; media sit beside it as
/// `photos/<md5>.<type>` (and videos/, audios/, pdfs/), and the text links them as `dayone-moment://ID`.
struct DayOneReader {
    /// For entries that name no time zone.
    let zone: TimeZone

    /// Day One's media lists and the folders their files are in.
    static let media = [("photos", "photos"), ("videos", "videos"), ("audios", "audios"), ("pdfAttachments", "pdfs")]

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
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: try source.read(file))
        } catch let error as JournalError {
            throw error
        } catch {
            throw .invalid(Say.importUnreadable(file, Say.jsonBad(error.localizedDescription)))
        }
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
            let named = (fields["timeZone"] as? String).flatMap(TimeZone.init(identifier:))
            let entryZone = named ?? zone
            var text = DayOneReader.unescape(fields["text"] as? String ?? "")

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
                        writer.problem(place, Say.dayOneMissingMedia(mediaFolder + "/" + name))
                        continue
                    }
                    attachments.append(ImportedFile(name: name) { destination throws(JournalError) in
                        try source.copy(relative, to: destination)
                    })
                    links[identifier] = "../../../attachments/\(id)/\(name)"
                }
            }
            if !links.isEmpty { text = DayOneReader.rewrite(text, links: links) }

            try writer.take(
                ImportedEntry(
                    id: id, createdAt: Timestamp(date: created.date, timeZone: entryZone),
                    timeZone: named.map { $0.importName } ?? zone.importName,
                    tags: (fields["tags"] as? [Any] ?? []).compactMap { $0 as? String }, starred: fields["starred"] as? Bool ?? false,
                    text: text, location: DayOneReader.location(fields["location"] as? [String: Any]),
                    weather: DayOneReader.weather(fields["weather"] as? [String: Any]), attachments: attachments))
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

    /// Day One escapes punctuation that would mean nothing in Markdown anyway (`1\.`, `\-`, `\(`); those
    /// backslashes go. Escapes that change what Markdown shows (`\*`, `\_`, `` \` ``, `\[`, `\]`, `\<`, `\\`)
    /// stay, so the text still reads as Day One showed it.
    static func unescape(_ text: String) -> String {
        guard text.contains("\\") else { return text }
        let meaningless = Set(".-()!+#>{}|~=:/'\"@$%&,;?^".unicodeScalars)
        var out = String.UnicodeScalarView()
        var scalars = text.unicodeScalars.makeIterator()
        var pending: Unicode.Scalar? = scalars.next()
        while let scalar = pending {
            pending = scalars.next()
            if scalar == "\\", let next = pending {
                if meaningless.contains(next) {
                    out.append(next)
                    pending = scalars.next()
                    continue
                }
                if next == "\\" {
                    out.append(scalar)
                    out.append(next)
                    pending = scalars.next()
                    continue
                }
            }
            out.append(scalar)
        }
        return String(out)
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
