import Foundation

/// jrnl's plain-text journal (`[2013-06-09 15:39] My first entry. Everything is alright`) and its
/// JSON export (`jrnl --export json`), read as jrnl 4.x reads them (jrnl/journals/Journal.py `_parse`,
/// Entry.py `_parse_text` and `split_title`, plugins/json_exporter.py).
struct JrnlReader {
    /// jrnl's times carry no zone: they are read as wall-clock times in this one.
    let zone: TimeZone
    var encoding = SourceEncoding.utf8
    /// The journal's `timeformat` and `tagsymbols`, as jrnl's config sets them.
    var settings = JrnlSettings()
    /// jrnl's clock, for the dates it reads from today (`yesterday 9pm`, a month and day without a year).
    var now: PyDateTime?

    /// How many entries of each id the source held so far: twins (same minute, same text) are two entries.
    private final class Twins {
        var seen: [String: Int] = [:]
    }
    private let twins = Twins()

    func read(_ path: String, into writer: ImportWriter) throws(JournalError) {
        let name = (path as NSString).lastPathComponent
        if FileSystem.isFolder(path) {
            if FileSystem.exists(path + "/Journal.json") { throw .invalid(Say.looksLikeDayOne(name)) }
            throw .invalid(Say.jrnlNoEntries(path))
        }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw .io(path, FileSystem.exists(path) ? Say.cannotRead : Say.noSuchFile)
        }
        defer { try? handle.close() }
        var lines = LineReader(handle)
        if lines.starts({ $0.starts(with: [0x50, 0x4B, 0x03, 0x04]) }) { throw .invalid(Say.looksLikeDayOne(name)) }  // a zip
        let startsUTF16 = lines.starts { $0.starts(with: [0xFF, 0xFE]) || $0.starts(with: [0xFE, 0xFF]) }
        if encoding != .utf8 || startsUTF16 {
            // Another encoding: the file is converted whole, then read as any other.
            lines = LineReader(data: try SourceText.utf8(try FileSystem.read(path, followingLinks: true), encoding: encoding, file: name))
        }
        let firstByte = lines.peek { ![9, 10, 13, 32, 0xEF, 0xBB, 0xBF].contains($0) }
        if firstByte == UInt8(ascii: "{") {
            try readJSON(try SourceText.utf8(try FileSystem.read(path, followingLinks: true), encoding: encoding, file: name), name: name, into: writer)
        } else {
            try readText(&lines, name: name, path: path, into: writer)
        }
    }

    // MARK: Plain text

    /// Walks the file line by line: a line starting `[date] ` opens an entry, which runs up to the
    /// newline before the next one (`(?:^|\n)\[([^\]]+)\] ` in jrnl), where `date` is one jrnl reads
    /// (`JrnlDate`); a line whose brackets hold no date is text of the entry it is in, as in jrnl. Only one
    /// entry's text is held at a time. A line that is not UTF-8 stops the import (with its place), before
    /// anything is committed.
    private func readText(_ lines: inout LineReader, name: String, path: String, into writer: ImportWriter) throws(JournalError) {
        var open: (text: String, stamp: JrnlStamp, line: Int, fromToday: String?)?
        var found = 0
        var lineNumber = 0
        var offset = 0
        var preamble = false
        let dates = now.map { JrnlDate(timeFormat: settings.timeFormat, now: $0) }

        func finish(last: Bool = false) throws(JournalError) {
            guard var entry = open else { return }
            // The entry runs up to the newline before the next one; the last one to the end of the file
            // (whose final newline makes its first line the title, never its first sentence).
            if !last, entry.text.utf8.last == 10 { entry.text.removeLast() }
            var made = makeEntry(text: entry.text, stamp: entry.stamp, place: "\(name):\(entry.line)")
            if let blob = entry.fromToday { made.notices.append(Say.jrnlDateFromToday(blob, entry.stamp.minute)) }
            try writer.take(made)
            open = nil
        }

        while var bytes = lines.next() {
            lineNumber += 1
            var start = offset
            offset += bytes.count + (lines.endedWithNewline ? 1 : 0)
            if lineNumber == 1, bytes.starts(with: SourceText.utf8BOM) {
                // A byte-order mark is no text.
                bytes = bytes.dropFirst(3)
                start += 3
            }
            guard let line = String(validating: bytes, as: UTF8.self) else {
                try SourceText.check(bytes[...], file: name, lineOffset: lineNumber - 1, byteOffset: start)
                continue
            }
            let newline = lines.endedWithNewline ? "\n" : ""
            guard line.utf8.first == UInt8(ascii: "["), let close = line.utf8.firstIndex(of: UInt8(ascii: "]")),
                  line.utf8.index(after: close) < line.endIndex, line.utf8[line.utf8.index(after: close)] == 32,
                  let reading = dates?.read(String(line[line.utf8.index(after: line.startIndex)..<close]))
            else {
                if open == nil, !line.allSatisfy(\.isWhitespace) { preamble = true }
                open?.text += line + newline
                continue
            }
            try finish()
            found += 1
            let blob = String(line[line.utf8.index(after: line.startIndex)..<close])
            open = (String(line[line.utf8.index(close, offsetBy: 2)...]) + newline, JrnlStamp(reading.time), lineNumber,
                    reading.fromToday ? blob : nil)
        }
        try finish(last: true)
        guard found > 0 else { throw .invalid(Say.jrnlNoEntries(path)) }
        if preamble { writer.problem("\(name):1", Say.jrnlTextBeforeFirst) }
    }

    /// One entry from its text after `[date] `: jrnl's star rule, title split and tags.
    private func makeEntry(text: String, stamp: JrnlStamp, place: String) -> ImportedEntry {
        var raw = text
        var starred = false
        let firstLine = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        if Jrnl.strip(String(firstLine)).hasSuffix("*") {
            starred = true
            let rest = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).dropFirst().first ?? ""
            raw = Jrnl.strip(String(firstLine), characters: "\n *") + "\n" + rest
        }
        let (title, body) = Jrnl.splitTitle(raw)
        return entry(title: title, body: body, tags: Jrnl.tags(in: text, symbols: settings.tagSymbols), starred: starred, stamp: stamp, place: place)
    }

    private func entry(title: String, body: String, tags: [String], starred: Bool, stamp: JrnlStamp, place: String) -> ImportedEntry {
        var createdAt = Timestamp(date: Date(timeIntervalSince1970: 0), offsetSeconds: 0)
        var notices: [String] = []
        if let (time, skipped) = Timestamp.parseWallTime(stamp.text, zone: zone) {
            createdAt = time
            if skipped { notices.append(Say.wallTimeSkipped(stamp.minute, zone.identifier, time.rfc3339)) }
        }
        // The minute, title and body: what both of jrnl's forms carry, so the text file and the JSON
        // export of one journal give the same ids. The second and later of identical twins count themselves in.
        let key = stamp.minute + "\n" + title + "\n" + body
        // Counted by the first twin's id (a short ASCII key: hashing the texts themselves was a third of a re-import).
        let id = ImportID.make(.jrnl, key)
        let twin = twins.seen[id, default: 0]
        twins.seen[id] = twin + 1
        return ImportedEntry(
            place: place, id: twin == 0 ? id : ImportID.make(.jrnl, key + "\n" + String(twin + 1)),
            createdAt: createdAt, timeZone: zone.importName, tags: tags, starred: starred,
            text: body.isEmpty ? title : title + "\n\n" + body, notices: notices)
    }

    // MARK: JSON

    private func readJSON(_ data: Data, name: String, into writer: ImportWriter) throws(JournalError) {
        let object = try ImportJSON.parse(data, name: name)
        if ImportJSON.looksLikeDayOne(object) { throw .invalid(Say.looksLikeDayOne(name)) }
        guard let entries = (object as? [String: Any])?["entries"] as? [Any] else {
            throw .invalid(Say.importUnreadable(name, Say.jsonNotExport("jrnl")))
        }
        for (index, item) in entries.enumerated() {
            let place = "\(name): entry \(index + 1)"
            guard let fields = item as? [String: Any] else {
                writer.problem(place, Say.jsonEntryNotObject)
                continue
            }
            let date = fields["date"] as? String ?? ""
            let time = fields["time"] as? String ?? ""
            guard let stamp = JrnlStamp(date + " " + time) else {
                writer.problem(place, Say.jsonMissing(fields["date"] == nil ? "date" : "time"))
                continue
            }
            guard let title = fields["title"] as? String else {
                writer.problem(place, Say.jsonMissing("title"))
                continue
            }
            let body = fields["body"] as? String ?? ""
            // jrnl finds tags in the text (its JSON lists them lower-cased): the text's, as written, then any
            // other the JSON lists.
            var tags = Jrnl.tags(in: title + "\n" + body, symbols: settings.tagSymbols)
            let listed = (fields["tags"] as? [Any] ?? []).compactMap { $0 as? String }.map { tag in
                tag.first == "@" || tag.first == "#" ? String(tag.dropFirst()) : tag
            }
            let found = Set(tags.map { $0.lowercased() })
            tags += listed.filter { !found.contains($0.lowercased()) }
            let starred = fields["starred"] as? Bool ?? false
            try writer.take(entry(title: title, body: body, tags: tags, starred: starred, stamp: stamp, place: place))
        }
    }
}

/// A jrnl entry's time: `2013-06-09 15:39` (its JSON export's `date` and `time`, its tests' format),
/// `2020-08-29 11:11:00 AM` (its default, `%F %r`) or with seconds and no AM/PM; or any `JrnlDate` reads.
struct JrnlStamp {
    /// `2013-06-09 15:39:00`, for Timestamp.parse.
    let text: String
    /// `2013-06-09 15:39`.
    let minute: String

    init(_ time: PyDateTime) {
        text = time.text
        minute = String(text.prefix(16))
    }

    init?(_ blob: String) {
        let parts = blob.split(separator: " ", omittingEmptySubsequences: true)
        guard parts.count == 2 || parts.count == 3, JrnlStamp.looksLikeDate(String(parts[0])),
              LocalDay(iso: String(parts[0].prefix(10))) != nil, parts[0].count == 10
        else { return nil }
        let clock = parts[1].split(separator: ":", omittingEmptySubsequences: false)
        guard clock.count == 2 || clock.count == 3, clock.allSatisfy({ $0.count == 2 && $0.allSatisfy(\.isASCII) }),
              var hour = Int(clock[0]), let minute = Int(clock[1])
        else { return nil }
        let second = clock.count == 3 ? Int(clock[2]) : 0
        guard let second, minute < 60, second < 60 else { return nil }
        if parts.count == 3 {
            switch parts[2].uppercased() {
            case "AM": guard (1...12).contains(hour) else { return nil }; if hour == 12 { hour = 0 }
            case "PM": guard (1...12).contains(hour) else { return nil }; if hour != 12 { hour += 12 }
            default: return nil
            }
        }
        guard hour < 24 else { return nil }
        self.minute = "\(parts[0]) \(hour.zeroPadded(2)):\(minute.zeroPadded(2))"
        self.text = "\(self.minute):\(second.zeroPadded(2))"
    }

    /// Starts like `2013-06-09`: jrnl would try to read it as a date.
    static func looksLikeDate(_ blob: String) -> Bool {
        let b = Array(blob.utf8.prefix(10))
        guard b.count == 10 else { return false }
        return b.enumerated().allSatisfy { i, c in i == 4 || i == 7 ? c == 45 : (48...57).contains(c) }
    }
}

/// jrnl's text rules, on Unicode scalars as Python's string indices count them.
enum Jrnl {
    /// Python's `str.isspace()`.
    static func isSpace(_ s: Unicode.Scalar) -> Bool {
        s.properties.isWhitespace || (0x1C...0x1F).contains(s.value)
    }

    /// Python's `str.strip()`, or `str.strip(characters)`.
    static func strip(_ text: String, characters: String? = nil) -> String {
        let set = characters.map { Set($0.unicodeScalars) }
        func drop(_ s: Unicode.Scalar) -> Bool { set.map { $0.contains(s) } ?? isSpace(s) }
        // On the string's own scalars, without copying them out: this runs twice per imported entry.
        let scalars = text.unicodeScalars
        var start = scalars.startIndex
        var end = scalars.endIndex
        while start < end, drop(scalars[start]) { start = scalars.index(after: start) }
        while end > start {
            let before = scalars.index(before: end)
            guard drop(scalars[before]) else { break }
            end = before
        }
        if start == scalars.startIndex && end == scalars.endIndex { return text }
        return String(scalars[start..<end])
    }

    /// `split_title`: the first line when the text (left-stripped) has a newline — at the offset found
    /// in the stripped text, applied to the unstripped one, as jrnl does —, else the first sentence.
    static func splitTitle(_ text: String) -> (String, String) {
        // The usual case, a newline, by walking the scalars; the first sentence needs them in an array.
        let view = text.unicodeScalars
        var index = view.startIndex
        var lead = 0
        while index < view.endIndex, isSpace(view[index]) {
            index = view.index(after: index)
            lead += 1
        }
        var offset = lead
        while index < view.endIndex, view[index] != "\n" {
            index = view.index(after: index)
            offset += 1
        }
        if index < view.endIndex {
            let cut = view.index(view.startIndex, offsetBy: offset - lead + 1)
            return (strip(String(view[..<cut])), strip(String(view[cut...])))
        }
        let scalars = Array(view)
        guard let cut = sentenceEnd(scalars) else { return (text, "") }
        let end = min(cut, scalars.count)
        return (strip(String(String.UnicodeScalarView(scalars[..<end]))),
                strip(String(String.UnicodeScalarView(scalars[end...]))))
    }

    private static let terminals: Set<UInt32> = [0x2E, 0x21, 0x3F, 0x2026, 0x203C, 0x203D, 0x2047, 0x2048, 0x2049, 0x22EF, 0xFE52, 0xFE57]
    private static let quotes: Set<UInt32> = [0x27, 0x2019, 0x22, 0x201D]
    private static let fullWidth: Set<UInt32> = [0xFF01, 0xFF0E, 0xFF1F, 0xFF61, 0x3002]

    /// The end of jrnl's SENTENCE_SPLITTER's first match: a terminal, an optional right quote, closing
    /// brackets, then at least one space; or a CJK full stop on its own.
    private static func sentenceEnd(_ s: [Unicode.Scalar]) -> Int? {
        var i = 0
        while i < s.count {
            let v = s[i].value
            if fullWidth.contains(v) { return i + 1 }
            if terminals.contains(v) {
                var j = i + 1
                if j < s.count, quotes.contains(s[j].value) { j += 1 }
                while j < s.count, s[j] == "]" || s[j] == ")" { j += 1 }
                var k = j
                while k < s.count, s[k].properties.isWhitespace || (0x1C...0x1F).contains(s[k].value) { k += 1 }
                if k > j { return k }
            }
            i += 1
        }
        return nil
    }

    /// `(?<!\S)([#@][-+*#/\w]+)` (the symbols jrnl's `tagsymbols` names), first appearance first, as written there (jrnl lower-cases them; the
    /// journal keeps the writer's case and compares without it), without the symbol or, as jrnl's JSON
    /// export lists them, with it (`#4412`, `@work`). Tags that differ only in case are one.
    static func tags(in text: String, withSymbol: Bool = false, symbols: String = JrnlSettings.defaultTagSymbols) -> [String] {
        let symbols = Set(symbols.unicodeScalars)
        let s = Array(text.unicodeScalars)
        var tags: [String] = []
        var keys: Set<String> = []
        var i = 0
        func isWord(_ c: Unicode.Scalar) -> Bool {
            c.properties.isAlphabetic || c.properties.numericType != nil || c == "_"
                || c.properties.generalCategory == .nonspacingMark || "-+*#/".unicodeScalars.contains(c)
        }
        while i < s.count {
            if symbols.contains(s[i]), i == 0 || isSpace(s[i - 1]) {
                var j = i + 1
                while j < s.count, isWord(s[j]) { j += 1 }
                if j > i + 1 {
                    let tag = String(String.UnicodeScalarView(s[(withSymbol ? i : i + 1)..<j]))
                    if keys.insert(tag.lowercased()).inserted { tags.append(tag) }
                    i = j
                    continue
                }
            }
            i += 1
        }
        return tags
    }
}

/// The lines of a file, read a megabyte at a time, so that a jrnl journal of any size is never held whole.
struct LineReader {
    private let handle: FileHandle?
    private var buffer = Data()
    private var start = 0
    private var atEnd = false
    /// Whether the line `next` returned last ended with a newline (the file's last line may not).
    private(set) var endedWithNewline = false

    init(_ handle: FileHandle) {
        self.handle = handle
    }

    /// The lines of text already in memory.
    init(data: Data) {
        handle = nil
        buffer = data.startIndex == 0 ? data : Data(Array(data))
        atEnd = true
    }

    /// Whether the first bytes (up to four) satisfy `test`, reading no more than those.
    mutating func starts(_ test: (Data) -> Bool) -> Bool {
        while buffer.count - start < 4, !atEnd { fill() }
        return test(Data(buffer[start..<min(buffer.count, start + 4)]))
    }

    /// The next line without its newline; nil at the end of the file.
    mutating func next() -> Data? {
        while true {
            if let newline = buffer[start...].firstIndex(of: 10) {
                let line = buffer[start..<newline]
                start = newline + 1
                endedWithNewline = true
                return Data(line)
            }
            if atEnd {
                guard start < buffer.count else { return nil }
                let line = buffer[start...]
                start = buffer.count
                endedWithNewline = false
                return Data(line)
            }
            fill()
        }
    }

    /// The first byte of what is left that satisfies `predicate`, reading no more than it must.
    mutating func peek(_ predicate: (UInt8) -> Bool) -> UInt8? {
        while true {
            if let byte = buffer[start...].first(where: predicate) { return byte }
            if atEnd { return nil }
            fill()
        }
    }

    private mutating func fill() {
        let chunk = (try? handle?.read(upToCount: 1 << 20)) ?? nil
        if start > 0 {
            buffer.removeSubrange(0..<start)
            start = 0
        }
        guard let chunk, !chunk.isEmpty else {
            atEnd = true
            return
        }
        buffer.append(chunk)
    }
}
