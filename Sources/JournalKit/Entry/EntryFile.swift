import Foundation

/// The file codec: reads entry files without changing a byte of them, writes
/// new ones in the one canonical form, and edits single header fields in place.
public enum EntryFile {
    /// Reads an entry from its file's bytes. `fallbackDate` answers for files whose header has no date.
    public static func decode(
        _ data: Data, path: String, zone: TimeZone, fallbackDate: () -> (Timestamp, Entry.DateSource)
    ) -> Entry {
        // The usual file is valid text: validated once, as it becomes the split's string.
        let text = Split(text: data)
        let notText = text == nil ? lineWhereTextEnds(data) ?? 1 : nil
        let split = text ?? Split(Data())
        var entry = Entry(
            id: "", path: path, createdAt: Timestamp(date: Date(timeIntervalSince1970: 0), offsetSeconds: 0),
            dateSource: .modificationTime, timeZone: nil, category: nil, tags: [], starred: false, weather: nil,
            location: nil, updatedAt: nil, title: "", text: split.text, problem: nil)
        if let notText {
            // A binary file named .md is listed as broken and never read for a title or a header.
            entry.problem = HeaderProblem(line: notText, reason: BlobCipher.isSealed(data) ? Say.notTextLocked : Say.notText)
        } else {
            do {
                try readHeader(split, into: &entry, zone: zone)
            } catch {
                entry.problem = error
                salvage(split, into: &entry, zone: zone)
            }
        }
        if !entry.titleFromHeader { entry.title = Entry.title(of: split.text) }
        if entry.id.isEmpty { entry.id = NameUUID.forPath(path).uuidString.lowercased() }
        entry.inlineTags = Entry.inlineTags(in: split.text, besides: entry.tags)
        if entry.dateSource != .header {
            if let day = dateInFileName(path), let stamp = Timestamp.parse(day, zone: zone) {
                entry.createdAt = stamp
                entry.dateSource = .fileName
            } else {
                (entry.createdAt, entry.dateSource) = fallbackDate()
            }
        }
        return entry
    }

    /// The text below the header, as `decode` has it (empty for a file that is not text).
    public static func text(of data: Data) -> String { Split(text: data)?.text ?? "" }

    /// Nil for UTF-8 text; else the 1-based line of the first NUL byte or invalid UTF-8 sequence.
    static func lineWhereTextEnds(_ data: Data) -> Int? {
        if !holdsNUL(data), String(data: data, encoding: .utf8) != nil { return nil }
        return firstNonText(data, refusingNUL: true)?.line
    }

    /// The 1-based line and the byte offset of the first sequence that is not UTF-8 (or, `refusingNUL`, of
    /// the first NUL byte); nil when there is none.
    static func firstNonText(_ bytes: some Collection<UInt8>, refusingNUL: Bool) -> (line: Int, offset: Int)? {
        var line = 1
        var offset = 0
        var iterator = bytes.makeIterator()
        var parser = Unicode.UTF8.ForwardParser()
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let scalar):
                if refusingNUL && scalar.count == 1 && scalar.first == 0 { return (line, offset) }
                if scalar.count == 1 && scalar.first == 10 { line += 1 }
                offset += scalar.count
            case .error:
                return (line, offset)
            case .emptyInput:
                return nil
            }
        }
    }

    /// memchr, not Data's byte iterator: this runs on every file of a rebuild.
    static func holdsNUL(_ data: Data) -> Bool {
        data.withUnsafeBytes { $0.baseAddress.map { memchr($0, 0, data.count) != nil } ?? false }
    }

    private static func readHeader(_ split: Split, into entry: inout Entry, zone: TimeZone) throws(HeaderProblem) {
        if let problem = split.problem { throw problem }
        defer { if let toml = split.toml { readTOML(toml, into: &entry, zone: zone) } }
        guard let header = split.header else { return }
        let pairs: [YAMLPair]
        do {
            pairs = try HeaderParser.parse(header)
        } catch {
            throw HeaderProblem(line: error.line + 1, reason: error.reason)
        }
        let value = YAMLValue.mapping(pairs)
        func line(of key: String) -> Int { split.line(ofKey: key) ?? 1 }

        if let idValue = value["id"] {
            guard let id = idValue.string.flatMap(canonicalID) else {
                throw HeaderProblem(line: line(of: "id"), reason: Say.headerBadID(idValue.string ?? ""))
            }
            entry.id = id
        }
        entry.timeZone = value["time_zone"]?.string
        let dateZone = entry.timeZone.flatMap(TimeZone.init(identifier:)) ?? zone
        let dateKey = value["created_at"] != nil ? "created_at" : (value["date"] != nil ? "date" : nil)
        if let dateKey {
            guard let text = value[dateKey]?.string, let stamp = Timestamp.parse(text, zone: dateZone) else {
                throw HeaderProblem(line: line(of: dateKey), reason: Say.headerBadDate(dateKey, value[dateKey]?.string ?? ""))
            }
            entry.createdAt = stamp
            entry.dateSource = .header
        }
        if let text = value["updated_at"]?.string { entry.updatedAt = Timestamp.parse(text, zone: dateZone) }
        entry.conflictOf = value["conflict_of"]?.string
        if let title = value["title"]?.string.flatMap(Entry.headerTitle) {
            entry.title = title
            entry.titleFromHeader = true
        }
        entry.category = value["category"]?.string
        if let tags = value["tags"] {
            if case .scalar = tags {
                entry.tags = (tags.string ?? "").split(whereSeparator: { $0 == "," || $0 == " " }).map(String.init)
            } else {
                entry.tags = tags.strings
            }
        }
        if let starred = value["starred"] {
            guard let flag = starred.bool ?? (starred.string == nil ? false : nil) else {
                throw HeaderProblem(line: line(of: "starred"), reason: Say.headerBadBool("starred"))
            }
            entry.starred = flag
        }
        if let weather = value["weather"], case .mapping = weather { entry.weather = Weather(weather) }
        if let location = value["location"], case .mapping = location { entry.location = Location(location) }
    }

    /// A Hugo note's TOML front matter (after the YAML header, or instead of it): its title, date and tags
    /// where the YAML header names none. What it cannot say is left alone, never a broken entry.
    private static func readTOML(_ lines: [Substring], into entry: inout Entry, zone: TimeZone) {
        let value = YAMLValue.mapping(TOMLHeader.parse(lines))
        let zone = entry.timeZone.flatMap(TimeZone.init(identifier:)) ?? zone
        if !entry.titleFromHeader, let title = value["title"]?.string.flatMap(Entry.headerTitle) {
            entry.title = title
            entry.titleFromHeader = true
        }
        if entry.dateSource != .header,
            let stamp = ["created_at", "date"].lazy.compactMap({ value[$0]?.string }).compactMap({ Timestamp.parse($0, zone: zone) }).first
        {
            entry.createdAt = stamp
            entry.dateSource = .header
        }
        if entry.tags.isEmpty { entry.tags = value["tags"]?.strings ?? [] }
    }

    /// An id as the header may write it, in the lower-case form every id is kept in; nil if it is no UUID.
    static func canonicalID(_ text: String) -> String? {
        // The common case by hand: Foundation parses with sscanf and prints with snprintf, per file of a rebuild.
        var utf8 = Array(text.utf8)
        if utf8.count == 36 {
            var plain = true
            for i in 0..<36 {
                let byte = utf8[i]
                if i == 8 || i == 13 || i == 18 || i == 23 {
                    plain = plain && byte == 45
                } else if byte >= 65 && byte <= 70 {
                    utf8[i] = byte + 32
                } else {
                    plain = plain && ((byte >= 48 && byte <= 57) || (byte >= 97 && byte <= 102))
                }
            }
            if plain { return String(decoding: utf8, as: UTF8.self) }
        }
        return UUID(uuidString: text).map { $0.uuidString.lowercased() }
    }

    /// A broken header still tells us the id and date when their lines are intact,
    /// so the entry keeps its address while the user fixes it.
    private static func salvage(_ split: Split, into entry: inout Entry, zone: TimeZone) {
        for line in split.headerLines {
            if line.hasPrefix("id:") {
                let text = line.dropFirst(3).trimmingCharacters(in: CharacterSet(charactersIn: " \"'"))
                if let id = canonicalID(text) { entry.id = id }
            } else if line.hasPrefix("created_at:") {
                let text = line.dropFirst(11).trimmingCharacters(in: CharacterSet(charactersIn: " \"'"))
                if let stamp = Timestamp.parse(text, zone: zone) {
                    entry.createdAt = stamp
                    entry.dateSource = .header
                }
            }
        }
    }

    /// `2026-11-21` found in a file name such as `2026-11-21-3f2a9c1e.md`, `notes 2026-11-21.md` or
    /// Logseq's `2026_11_21.md`.
    static func dateInFileName(_ path: String) -> String? {
        let name = Array((path.split(separator: "/").last ?? "").utf8)
        guard name.count >= 10 else { return nil }
        func digit(_ i: Int) -> Bool { name[i] >= 48 && name[i] <= 57 }
        for start in 0...(name.count - 10) {
            let separator = name[start + 4]
            let ok = (0..<4).allSatisfy { digit(start + $0) } && (separator == 45 || separator == 95) && digit(start + 5)
                && digit(start + 6) && name[start + 7] == separator && digit(start + 8) && digit(start + 9)
            guard ok else { continue }
            var bytes = Array(name[start..<(start + 10)])
            bytes[4] = 45
            bytes[7] = 45
            if let text = String(bytes: bytes, encoding: .utf8), LocalDay(iso: text) != nil { return text }
        }
        return nil
    }

    // MARK: Writing

    /// The fields of a new entry, in the order the tool writes them.
    public struct NewEntry: Sendable {
        public var id: String
        public var createdAt: Timestamp
        public var timeZone: String?
        public var category: String?
        public var tags: [String]
        public var starred: Bool
        public var weather: Weather?
        public var location: Location?
        public var text: String

        public init(
            id: String, createdAt: Timestamp, timeZone: String?, category: String?, tags: [String], starred: Bool,
            weather: Weather? = nil, location: Location? = nil, text: String
        ) {
            self.weather = weather
            self.location = location
            self.id = id
            self.createdAt = createdAt
            self.timeZone = timeZone
            self.category = category
            self.tags = tags
            self.starred = starred
            self.text = text
        }
    }

    /// The canonical bytes of a new entry: UTF-8, LF, one final newline.
    public static func render(_ entry: NewEntry) -> Data {
        var lines = ["---", "id: \(entry.id)", "created_at: \(entry.createdAt.rfc3339Milliseconds)"]
        if let zone = entry.timeZone { lines.append("time_zone: \(YAMLWriter.scalar(zone))") }
        if let category = entry.category { lines.append("category: \(YAMLWriter.scalar(category))") }
        if !entry.tags.isEmpty { lines.append("tags: \(YAMLWriter.flowList(entry.tags))") }
        if entry.starred { lines.append("starred: true") }
        if let weather = entry.weather, !weather.fields.isEmpty { lines += YAMLWriter.block("weather", weather.fields) }
        if let location = entry.location, !location.fields.isEmpty { lines += YAMLWriter.block("location", location.fields) }
        lines.append("---")
        return Data((lines.joined(separator: "\n") + "\n" + normalizedText(entry.text)).utf8)
    }

    /// Text as the tool stores it: LF line endings, exactly one final newline, nothing else touched.
    public static func normalizedText(_ text: String) -> String {
        // Foundation's replacingOccurrences only where there is a CR: it was a tenth of an import.
        var text = text.containsByte(13) ? text.replacingOccurrences(of: "\r\n", with: "\n") : text
        while text.utf8.last == 10 { text.removeLast() }
        return text + "\n"
    }

    /// The path a new entry gets, from its local date and id; it never changes afterwards.
    public static func path(for id: String, at created: Timestamp) -> String {
        let p = created.parts
        let year = p.year.zeroPadded(4)
        let month = p.month.zeroPadded(2)
        return Journal.entriesFolder + "/\(year)/\(month)/\(year)-\(month)-\(p.day.zeroPadded(2))-\(Entry.shortID(of: id)).md"
    }

    /// The file with one top-level header field replaced (or added, or removed when `value` is nil),
    /// every other byte unchanged: the BOM, CRLF line endings, comments, other keys and the text.
    /// Nil when the file has no header to edit.
    public static func setting(_ key: String, to value: String?, in data: Data) -> Data? {
        let split = Split(data)
        guard split.header != nil, split.problem == nil, let closing = split.closingLine else { return nil }
        var lines = split.rawLines
        let newLine = value.map { "\(key): \($0)" + (split.usesCRLF ? "\r" : "") }
        if let block = blockRange(key, in: lines, closing: closing) {
            lines.replaceSubrange(block, with: newLine.map { [$0] } ?? [])
        } else if let newLine {
            lines.insert(newLine, at: closing)
        } else {
            return data
        }
        var result = Data(split.hasBOM ? [0xEF, 0xBB, 0xBF] : [])
        result.append(Data(lines.joined(separator: "\n").utf8))
        return result
    }

    /// The lines of top-level `key:` and its block: indented lines and `-` items, with the blank or
    /// comment lines between them (not those after it). `closing` is the index of the closing `---`.
    static func blockRange(_ key: String, in lines: [String], closing: Int) -> Range<Int>? {
        var start: Int?
        for i in 1..<closing where YAMLLine.holds(lines[i], key: key) {
            start = i
            break
        }
        guard let start else { return nil }
        var end = start + 1
        var scan = start + 1
        while scan < closing {
            if YAMLLine.isBlankOrComment(lines[scan]) {
                scan += 1
                continue
            }
            guard let first = lines[scan].first, first == " " || first == "\t" || first == "-" else { break }
            scan += 1
            end = scan
        }
        return start..<end
    }

    /// A file cut into header and text.
    /// A file cut where its header (and a TOML block after it) ends, for an editor that shows the two apart,
    /// with LF line ends and no BOM, as a browser's text box holds them: `header + text` is the file but for
    /// those two (which `Journal.keepingForm` gives back when it is written). Nil for a file without a closed
    /// header, or that is not text.
    public static func cutAtHeader(_ data: Data) -> (header: String, text: String)? {
        guard let split = Split(text: data), split.header != nil, split.problem == nil else { return nil }
        let whole = Split.lf(split.content[...]).utf8
        let rest = split.text.utf8
        guard whole.count >= rest.count, whole.suffix(rest.count).elementsEqual(rest) else { return nil }
        return (String(decoding: Array(whole.dropLast(rest.count)), as: UTF8.self), split.text)
    }

    struct Split {
        var hasBOM = false
        var usesCRLF = false
        /// The file's text as stored (BOM removed).
        var content = ""
        /// Header lines (CR removed), between the two `---` lines.
        var headerLines: [Substring] = []
        var header: String?
        var closingLine: Int?
        var text = ""
        var problem: HeaderProblem?
        /// The lines of TOML front matter between `+++` lines (Hugo's), first in the file or right after
        /// the YAML header; `text` starts after it.
        var toml: [Substring]?
        /// That front matter as written, with its `+++` lines (LF line endings).
        var tomlText: String?

        /// The lines of the file as stored, split on LF (a CR before it stays in the line).
        var rawLines: [String] { content.lfLines().map(String.init) }

        /// The file's bytes split, invalid UTF-8 replaced.
        init(_ data: Data) {
            let (hasBOM, bytes) = FrontMatter.withoutBOM(data)
            self.init(content: bytes.withUnsafeBytes { String(decoding: $0, as: UTF8.self) }, hasBOM: hasBOM)
        }

        /// The file's bytes split, or nil when they are not text: a NUL byte or invalid UTF-8.
        init?(text data: Data) {
            let (hasBOM, bytes) = FrontMatter.withoutBOM(data)
            guard !EntryFile.holdsNUL(data), let content = bytes.withUnsafeBytes({ String(validating: $0.assumingMemoryBound(to: UInt8.self), as: UTF8.self) }) else { return nil }
            self.init(content: content, hasBOM: hasBOM)
        }

        /// Reads only as far as the header goes: the body is taken as one slice, never split into lines.
        private init(content: String, hasBOM: Bool) {
            self.content = content
            self.hasBOM = hasBOM
            var position = content.startIndex
            /// The next line (without LF or CR) and where the one after starts.
            func nextLine() -> Substring? {
                guard position < content.endIndex else { return nil }
                let end = content.firstIndex(ofByte: 10, from: position) ?? content.endIndex
                var line = content[position..<end]
                position = end < content.endIndex ? content.utf8.index(after: end) : end
                if line.utf8.last == 13 { line = content[line.startIndex..<content.utf8.index(before: line.endIndex)] }
                return line
            }
            usesCRLF = content.firstIndex(ofByte: 10, from: content.startIndex).map { $0 > content.startIndex && content.utf8[content.utf8.index(before: $0)] == 13 } ?? false
            /// TOML front matter starting at `position`, when there is a closed one: `text` starts after it.
            func readTOML() -> Bool {
                let start = position
                guard content.utf8[start...].starts(with: "+++".utf8), let open = nextLine(), FrontMatter.isMarker(open, "+++") else {
                    position = start
                    return false
                }
                var lines: [Substring] = []
                while let line = nextLine() {
                    if FrontMatter.isMarker(line, "+++") {
                        toml = lines
                        tomlText = Split.lf(content[start..<position])
                        text = Split.lf(content[position...])
                        return true
                    }
                    lines.append(line)
                }
                position = start
                return false
            }
            guard let first = nextLine(), FrontMatter.opens(first) else {
                position = content.startIndex
                if !readTOML() { text = Split.lf(content[...]) }
                return
            }
            var lines: [Substring] = []
            while let line = nextLine() {
                if FrontMatter.closes(line) {
                    closingLine = lines.count + 1
                    headerLines = lines
                    header = lines.joined(separator: "\n")
                    if !readTOML() { text = Split.lf(content[position...]) }
                    return
                }
                lines.append(line)
            }
            problem = HeaderProblem(line: 1, reason: Say.headerNotClosed)
            headerLines = lines
            text = Split.lf(content[...])
        }

        /// Text with CR LF turned into LF (the common case, no CR at all, costs one scan).
        static func lf(_ text: Substring) -> String {
            text.containsByte(13) ? text.replacingOccurrences(of: "\r\n", with: "\n") : String(text)
        }

        /// The 1-based line of the file on which top-level `key:` stands.
        func line(ofKey key: String) -> Int? {
            for (i, line) in headerLines.enumerated() where YAMLLine.holds(line, key: key) { return i + 2 }
            return nil
        }
    }
}
