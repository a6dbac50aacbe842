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
            var record = DayOneExport.record(entry)
            // The file ends its text with a newline, as text files do; Day One's text has none.
            var text = entry.text.hasSuffix("\n") ? String(entry.text.dropLast()) : entry.text
            for (kind, files) in DayOneExport.media(attachments(of: entry.id)) {
                var list: [[String: Any]] = []
                for file in files {
                    let data = try FileSystem.read(root + "/" + file)
                    let md5 = MD5.hex(data)
                    let type = (file as NSString).pathExtension.lowercased()
                    let identifier = NameUUID.make(namespace: ImportID.namespace, name: entry.id + "\n" + file).uuidString
                        .replacingOccurrences(of: "-", with: "")
                    let inside = kind.folder + "/" + md5 + "." + type
                    if inZip.insert(inside).inserted {
                        try archive.addEntry(
                            with: inside, type: .file, uncompressedSize: Int64(data.count), compressionMethod: .none
                        ) { position, size in data.subdata(in: Int(position)..<Int(position) + size) }
                    }
                    text = DayOneExport.relink(text, file: file, entryPath: entry.path, to: kind.link + identifier)
                    list.append(["identifier": identifier, "md5": md5, "type": type])
                }
                record[kind.key] = list
            }
            record["text"] = DayOneExport.escape(text)
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
        Kind(key: "photos", folder: "photos", link: "dayone-moment://", extensions: Journal.imageExtensions),
        Kind(key: "videos", folder: "videos", link: "dayone-moment:/video/", extensions: ["mov", "mp4", "m4v"]),
        Kind(key: "audios", folder: "audios", link: "dayone-moment:/audio/", extensions: ["m4a", "mp3", "aac", "wav", "caf"]),
        Kind(key: "pdfAttachments", folder: "pdfs", link: "dayone-moment:/pdfAttachment/", extensions: ["pdf"]),
    ]

    static func media(_ files: [String]) -> [(Kind, [String])] {
        kinds.compactMap { kind in
            let matching = files.filter { kind.extensions.contains(($0 as NSString).pathExtension.lowercased()) }
            return matching.isEmpty ? nil : (kind, matching)
        }
    }

    static func record(_ entry: Entry) -> [String: Any] {
        var record: [String: Any] = [
            "uuid": entry.id.replacingOccurrences(of: "-", with: "").uppercased(),
            "creationDate": utc(entry.createdAt.date),
            "modifiedDate": utc((entry.updatedAt ?? entry.createdAt).date),
            "timeZone": entry.timeZone ?? TimeZone(secondsFromGMT: entry.createdAt.offsetSeconds)?.identifier ?? "UTC",
            "starred": entry.starred,
            "tags": entry.tags,
        ]
        if let location = entry.location {
            var fields: [String: Any] = [:]
            fields["placeName"] = location.name
            fields["latitude"] = location.latitude
            fields["longitude"] = location.longitude
            record["location"] = fields
        }
        if let weather = entry.weather {
            var fields: [String: Any] = [:]
            fields["weatherCode"] = weather.provider == "dayone" ? weather.code : weather.condition.flatMap(code(for:))
            fields["conditionsDescription"] = weather.provider == "dayone" ? weather.description : (weather.description ?? weather.condition)
            fields["temperatureCelsius"] = weather.temperatureC
            fields["relativeHumidity"] = weather.humidity
            fields["windSpeedKPH"] = weather.windKph
            record["weather"] = fields
        }
        return record
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
    /// `journal import dayone` takes those backslashes away again (`DayOneReader.unescape`). Only what
    /// Markdown could not read as syntax where it stands is escaped — not list markers, rules, links,
    /// URLs or code — so the text shows the same in Day One, and importing it again gives it back unchanged.
    static func escape(_ text: String) -> String {
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
            out += escapeLine(String(line))
        }
        return out
    }

    private static let protected = try? NSRegularExpression(
        pattern: "`+[^`]*`+|!?\\[[^\\]]*\\]\\([^)]*\\)|<[^>\\s]+>|[A-Za-z][A-Za-z0-9+.-]*://\\S+")

    private static func escapeLine(_ line: String) -> String {
        var spans: [Range<String.Index>] = []
        if let protected {
            spans = protected.matches(in: line, range: NSRange(line.startIndex..., in: line)).compactMap { Range($0.range, in: line) }
        }
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
            if character == "\\" {
                out.append(character)
                if next < line.endIndex {
                    out.append(line[next])
                    index = line.index(after: next)
                } else {
                    index = next
                }
                onlyIndent = false
                onlyDigits = false
                continue
            }
            switch character {
            case "(", ")", "!": out += "\\" + String(character)
            case ".": out += onlyDigits && !onlyIndent ? "." : "\\."
            case "-", "+": out += onlyIndent ? String(character) : "\\" + String(character)
            default: out.append(character)
            }
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
