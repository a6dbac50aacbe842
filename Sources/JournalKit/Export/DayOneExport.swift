import Foundation
import ZIPFoundation

extension Journal {
    /// Writes the entries matching `query` as a zip Day One imports: `Journal.json` with Day One's keys, and
    /// each attached picture, video, recording or PDF as `photos/<md5>.<type>` (and videos/, audios/, pdfs/),
    /// linked from the text as `dayone-moment://ID` where the entry linked the file. The reverse of
    /// `journal import dayone`. Returns how many entries it wrote.
    public func exportDayOne(_ query: EntryQuery, grep: NSRegularExpression? = nil, to zipPath: String) throws -> Int {
        let json = temporaryFolder + "/Journal.json.\(getpid())-" + UUID().uuidString.prefix(8)
        try FileSystem.makeFolder(temporaryFolder)
        guard FileManager.default.createFile(atPath: json, contents: nil), let handle = FileHandle(forWritingAtPath: json) else {
            throw JournalError.io(json, FileSystem.errnoText())
        }
        defer { unlink(json) }
        let archive = try Archive(url: URL(fileURLWithPath: zipPath), accessMode: .create)
        var count = 0
        var inZip = Set<String>()
        var buffer = Data("{\n  \"metadata\" : {\n    \"version\" : \"1.0\"\n  },\n  \"entries\" : [".utf8)
        try forEachEntry(query, grep: grep) { entry in
            // What Day One said that the journal has no field for, kept by the import.
            let kept = DayOneMetadata.fields(ofFile: FileSystem.contents(root + "/" + entry.path) ?? Data())
            var record = DayOneExport.record(entry, kept: kept)
            // The file ends its text with a newline, as text files do; Day One's text has none, or its own.
            var text = entry.text.hasSuffix("\n") ? String(entry.text.dropLast()) : entry.text
            // Day One's title is the text's first line: a title the header gives goes there, as a heading.
            if entry.titleFromHeader { text = "# " + entry.title + "\n\n" + text.drop { $0 == "\n" } }
            let files = attachments(of: entry.id)
            for kind in DayOneExport.kinds {
                var list: [[String: Any]] = []
                var used: Set<String> = []
                func add(_ file: String, identifier: String, md5: String) throws {
                    let type = (file as NSString).pathExtension.lowercased()
                    let inside = kind.folder + "/" + md5 + "." + type
                    if inZip.insert(inside).inserted {
                        let data = try FileSystem.read(root + "/" + file)
                        try archive.addEntry(
                            with: inside, type: .file, uncompressedSize: Int64(data.count), compressionMethod: .none
                        ) { position, size in data.subdata(in: Int(position)..<Int(position) + size) }
                    }
                    text = DayOneExport.relink(text, file: file, entryPath: entry.path, to: kind.link + identifier)
                    used.insert(file)
                }
                // Day One's own records first, in its order, with their files; a record whose file is not here
                // goes back as it came (the export it came from lacked the file already).
                for media in kept[kind.key] as? [[String: Any]] ?? [] {
                    guard let identifier = media["identifier"] as? String, let md5 = media["md5"] as? String else { continue }
                    let type = (media["type"] as? String) ?? (media["format"] as? String) ?? ""
                    let name = type.isEmpty ? md5 : md5 + "." + type
                    if let file = files.first(where: { ($0 as NSString).lastPathComponent == name && !used.contains($0) }) {
                        try add(file, identifier: identifier, md5: md5)
                        list.append(media)
                    } else {
                        list.append(media)
                    }
                }
                for file in files where !used.contains(file) && kind.extensions.contains((file as NSString).pathExtension.lowercased()) {
                    let md5 = MD5.hex(try FileSystem.read(root + "/" + file))
                    let identifier = NameUUID.make(namespace: ImportID.namespace, name: entry.id + "\n" + file).uuidString
                        .replacingOccurrences(of: "-", with: "")
                    try add(file, identifier: identifier, md5: md5)
                    list.append(["identifier": identifier, "md5": md5, "type": (file as NSString).pathExtension.lowercased()])
                }
                if !list.isEmpty { record[kind.key] = list }
            }
            if kept[DayOneMetadata.textAsWritten] as? Bool != true { text = DayOneExport.escape(text) }
            text += String(repeating: "\n", count: kept[DayOneMetadata.trailingNewlines] as? Int ?? 0)
            record["text"] = text
            let object = try JSONSerialization.data(withJSONObject: record, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
            buffer.append(contentsOf: Data((count == 0 ? "\n" : ",\n").utf8))
            buffer.append(DayOneExport.indented(object))
            if buffer.count >= 1 << 20 {
                try handle.write(contentsOf: buffer)
                buffer.removeAll(keepingCapacity: true)
            }
            count += 1
        }
        buffer.append(contentsOf: Data(((count == 0 ? "" : "\n  ") + "]\n}\n").utf8))
        try handle.write(contentsOf: buffer)
        try handle.close()
        try archive.addEntry(with: "Journal.json", fileURL: URL(fileURLWithPath: json), compressionMethod: .deflate)
        return count
    }
}

/// Day One's JSON for one entry, and the rules that make its text Day One's.
enum DayOneExport {
    struct Kind {
        var key: String
        var folder: String
        var link: String
        var extensions: Set<String>
    }

    /// What Day One keeps, by file extension; other files have no place in its export and stay behind.
    static let kinds = [
        Kind(key: "photos", folder: "photos", link: "dayone-moment://", extensions: FileKind.pictureExtensions),
        Kind(key: "videos", folder: "videos", link: "dayone-moment:/video/", extensions: ["mov", "mp4", "m4v"]),
        Kind(key: "audios", folder: "audios", link: "dayone-moment:/audio/", extensions: ["m4a", "mp3", "aac", "wav", "caf"]),
        Kind(key: "pdfAttachments", folder: "pdfs", link: "dayone-moment:/pdfAttachment/", extensions: ["pdf"]),
    ]

    /// An entry's Day One record, less its text and media: the journal's fields, over what the import kept
    /// of Day One's own (`kept`, from the header's `dayone:`) wherever the journal's fields still say the same.
    static func record(_ entry: Entry, kept: [String: Any] = [:]) -> [String: Any] {
        var record = kept.filter { !DayOneMetadata.ownKeys.contains($0.key) && !kinds.map(\.key).contains($0.key) }
        record["uuid"] = entry.id.replacingOccurrences(of: "-", with: "").uppercased()
        record["creationDate"] = utc(entry.createdAt.date)
        record["modifiedDate"] = entry.updatedAt.map { utc($0.date) } ?? (kept["modifiedDate"] as? String) ?? utc(entry.createdAt.date)
        record["timeZone"] = (kept["timeZone"] as? String) ?? entry.timeZone
            ?? TimeZone(secondsFromGMT: entry.createdAt.offsetSeconds)?.identifier ?? "UTC"
        record["starred"] = entry.starred
        // Day One's own names for the tags the journal stores otherwise (`Food, Drink` as `Food Drink`).
        var original: [String: String] = [:]
        for name in kept["tags"] as? [String] ?? [] {
            if let stored = Tag.stored(name), original[stored] == nil { original[stored] = name }
        }
        record["tags"] = entry.tags.map { original[$0] ?? $0 }
        let keptLocation = kept["location"] as? [String: Any]
        if let keptLocation, text(DayOneReader.location(keptLocation)?.fields) == text(entry.location?.fields) {
            record["location"] = keptLocation
        } else {
            record["location"] = location(entry.location)
        }
        let keptWeather = kept["weather"] as? [String: Any]
        if let keptWeather, text(DayOneReader.weather(keptWeather)?.fields) == text(entry.weather?.fields) {
            record["weather"] = keptWeather
        } else {
            record["weather"] = weather(entry.weather)
        }
        // Day One's rich text says what the text said when it was imported: it goes back only while that holds.
        if kept["richText"] != nil, kept[DayOneMetadata.textMD5] as? String != MD5.hex(Data(entry.text.utf8)) {
            record["richText"] = nil
        }
        return record
    }

    /// A place as Day One writes it.
    static func location(_ location: Location?) -> [String: Any]? {
        guard let location else { return nil }
        var fields: [String: Any] = [:]
        fields["placeName"] = location.name
        fields["latitude"] = location.latitude
        fields["longitude"] = location.longitude
        return fields.isEmpty ? nil : fields
    }

    /// The weather as Day One writes it: Day One's own code and words when it came from there.
    static func weather(_ weather: Weather?) -> [String: Any]? {
        guard let weather else { return nil }
        var fields: [String: Any] = [:]
        fields["weatherCode"] = weather.provider == "dayone" ? weather.code : weather.condition.flatMap(code(for:))
        fields["conditionsDescription"] = weather.provider == "dayone" ? weather.description : (weather.description ?? weather.condition)
        fields["temperatureCelsius"] = weather.temperatureC
        fields["relativeHumidity"] = weather.humidity
        fields["windSpeedKPH"] = weather.windKph
        return fields.isEmpty ? nil : fields
    }

    /// Header fields as one text, to compare what two values would store.
    private static func text(_ fields: [(String, String)]?) -> String? {
        fields.map { $0.map { $0.0 + ": " + $0.1 }.joined(separator: "\n") }
    }

    /// Whether Day One's record `original` comes back the same from what the journal stores of it (`made`
    /// from the stored fields; numbers as the header rounds them).
    static func same(_ made: [String: Any]?, _ original: [String: Any]) -> Bool {
        guard let made else { return original.isEmpty }
        let options: JSONSerialization.WritingOptions = [.sortedKeys, .withoutEscapingSlashes]
        guard let a = try? JSONSerialization.data(withJSONObject: rounded(made), options: options),
              let b = try? JSONSerialization.data(withJSONObject: original, options: options)
        else { return false }
        return a == b
    }

    /// Numbers as the header writes them (at most six decimals).
    private static func rounded(_ fields: [String: Any]) -> [String: Any] {
        fields.mapValues { value in
            guard let number = value as? Double, !(value is String) else { return value }
            return Double(YAMLWriter.number(number)) ?? number
        }
    }

    /// Our provider-neutral condition as Day One's weather code.
    static func code(for condition: String) -> String? {
        switch WeatherCondition(rawValue: condition) {
        case .clear: "clear"
        case .partlyCloudy: "partly-cloudy"
        case .cloudy: "cloudy"
        case .fog: "fog"
        case .drizzle, .rain: "rain"
        case .snow: "snow"
        case .thunderstorm: "tstorms"
        case nil: nil
        }
    }

    static func utc(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: date)
    }

    /// The entry's links to `file` (relative to its folder, as `attach` and `import` write them) made `target`.
    static func relink(_ text: String, file: String, entryPath: String, to target: String) -> String {
        let up = String(repeating: "../", count: entryPath.split(separator: "/").count - 1)
        let name = (file as NSString).lastPathComponent
        let folder = (file as NSString).deletingLastPathComponent
        var result = text
        for form in Set([up + file, up + folder + "/" + Journal.percentEncoded(name)]) {
            result = result.replacingOccurrences(of: "(" + form + ")", with: "(" + target + ")")
        }
        return result
    }

    /// Day One writes punctuation that is plain text with a backslash (`Hi\!`, `\(yes\)`, `end\.`);
    /// `journal import dayone` takes those backslashes away again (`unescape`). Only what Markdown could
    /// not read as syntax where it stands is escaped — not list markers, rules, links, URLs or code — so the
    /// text shows the same in Day One, and importing it again gives it back unchanged.
    static func escape(_ text: String) -> String {
        mapLines(text, escapeLine)
    }

    /// The reverse of `escape`, where it is exact: a backslash goes only where `escape` would put it back,
    /// so `1\.` and `\-` at the start of a line (which keep a plain line from being read as a list) and
    /// escapes `escape` never writes (`\*`, `\:`) stay. When `escape` would not give Day One's text back
    /// (an older Day One that escaped less), the text is kept as written: `asWritten`.
    static func unescape(_ text: String) -> (text: String, asWritten: Bool) {
        guard text.contains("\\") || text.contains(where: { "().!-+".contains($0) }) else { return (text, false) }
        let candidate = mapLines(text, unescapeLine)
        return escape(candidate) == text ? (candidate, false) : (text, true)
    }

    /// `transform` on each line Markdown reads as text: not in a fenced code block, not a table row, not a rule.
    private static func mapLines(_ text: String, _ transform: (String) -> String) -> String {
        var out = ""
        var inFence = false
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if index > 0 { out += "\n" }
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") {
                inFence.toggle()
                out += line
                continue
            }
            if inFence || trimmed.hasPrefix("|") || (!trimmed.isEmpty && trimmed.allSatisfy { "-*_=+ ".contains($0) }) {
                out += line
                continue
            }
            out += transform(String(line))
        }
        return out
    }

    /// Whether `escape` puts a backslash before `character` here: `(`, `)`, `!` always; `.` unless it
    /// follows the digits that start a line (`1.`, a list); `-` and `+` unless they start a line.
    private static func escapes(_ character: Character, onlyIndent: Bool, onlyDigits: Bool) -> Bool {
        switch character {
        case "(", ")", "!": true
        case ".": !(onlyDigits && !onlyIndent)
        case "-", "+": !onlyIndent
        default: false
        }
    }

    /// Code, links, autolinks and URLs on a line: `escape` leaves them as they are.
    private static func spans(_ line: String) -> [Range<String.Index>] {
        guard let protected else { return [] }
        return protected.matches(in: line, range: NSRange(line.startIndex..., in: line)).compactMap { Range($0.range, in: line) }
    }

    private static let protected = try? NSRegularExpression(
        pattern: "`+[^`]*`+|!?\\[[^\\]]*\\]\\([^)]*\\)|<[^>\\s]+>|[A-Za-z][A-Za-z0-9+.-]*://\\S+")

    private static func escapeLine(_ line: String) -> String { rewrite(line, escaping: true) }

    private static func unescapeLine(_ line: String) -> String { rewrite(line, escaping: false) }

    /// One walk for both directions, so that they agree: escaping puts a backslash before each character
    /// `escapes` names where it stands; unescaping takes away exactly those, and leaves every other
    /// backslash pair (`\*`, `1\.`) as it is.
    private static func rewrite(_ line: String, escaping: Bool) -> String {
        let spans = spans(line)
        var out = ""
        var index = line.startIndex
        var onlyIndent = true  // nothing but spaces so far: a marker here is syntax
        var onlyDigits = true  // nothing but spaces and digits so far: `1.` is a list marker
        while index < line.endIndex {
            if let span = spans.first(where: { $0.lowerBound == index }) {
                out += line[span]
                index = span.upperBound
                onlyIndent = false
                onlyDigits = false
                continue
            }
            let character = line[index]
            let next = line.index(after: index)
            if character == "\\", next < line.endIndex {
                let escaped = line[next]
                if escaping || !escapes(escaped, onlyIndent: onlyIndent, onlyDigits: onlyDigits) { out.append(character) }
                out.append(escaped)
                index = line.index(after: next)
                onlyIndent = false
                onlyDigits = false
                continue
            }
            if escaping, escapes(character, onlyIndent: onlyIndent, onlyDigits: onlyDigits) { out += "\\" }
            out.append(character)
            if character != " " && character != "\t" {
                onlyIndent = false
                if !character.isASCII || !character.isNumber { onlyDigits = false }
            }
            index = next
        }
        return out
    }

    /// A pretty-printed object indented to sit in the entries list.
    static func indented(_ json: Data) -> Data {
        Data(String(decoding: json, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            .map { "    " + $0 }.joined(separator: "\n").utf8)
    }
}
