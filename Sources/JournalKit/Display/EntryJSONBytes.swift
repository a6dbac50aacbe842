import Foundation

/// `EntryJSON.render` written by hand into bytes: the same bytes (EntryJSONBytesTests holds it to that, with
/// every kind of field and character), without JSONEncoder's cost, which was a fifth of exporting 100,000
/// entries. Pretty-printed, keys sorted, `/` unescaped, hidden characters escaped as `\uXXXX`. Every render
/// is nil when an entry holds a number JSON cannot write (JSONEncoder refuses it, with an error the caller
/// then reports by encoding it the slow way).
public struct EntryJSONBytes {
    private(set) var bytes: [UInt8] = []
    private var indent: Int
    private var firstField = true

    /// `EntryJSON.render(record)`: the object and a newline.
    public static func render(_ record: EntryJSON) -> [UInt8]? {
        guard var bytes = object(record, indent: 0) else { return nil }
        bytes.append(10)
        return bytes
    }

    /// `EntryJSON.render(records)`: the array of them and a newline (`list --json`, `search --json`).
    public static func render(_ records: [EntryJSON]) -> [UInt8]? {
        guard !records.isEmpty else { return Array("[\n\n]\n".utf8) }
        var bytes: [UInt8] = [91]  // [
        for (index, record) in records.enumerated() {
            guard let object = object(record, indent: 2) else { return nil }
            bytes.append(contentsOf: index == 0 ? [10] : [44, 10])
            bytes.append(contentsOf: object)
        }
        bytes.append(contentsOf: [10, 93, 10])  // \n]\n
        return bytes
    }

    /// One object as it stands inside an array at `indent` spaces: the spaces, then the object, with no
    /// newline after it (`export json` writes the array around it).
    public static func object(_ record: EntryJSON, indent: Int) -> [UInt8]? {
        var writer = EntryJSONBytes(indent: indent)
        writer.bytes.append(contentsOf: repeatElement(32, count: indent))
        guard writer.entry(record.entry, match: record.match, attachments: record.attachments) else { return nil }
        return writer.bytes
    }

    private init(indent: Int) {
        self.indent = indent
        bytes.reserveCapacity(4096)
    }

    private mutating func entry(_ entry: Entry, match: String?, attachments: [String]?) -> Bool {
        open("{")
        if let attachments {
            key("attachments")
            strings(attachments)
        }
        // The body is one or two slices of the text: escaped once, written for both.
        var text = entry.text
        let slices = entry.bodyRanges.map { range in
            (text.utf8.distance(from: text.startIndex, to: range.lowerBound), text.utf8.distance(from: text.startIndex, to: range.upperBound))
        }
        var pieces: [[UInt8]] = []
        text.withUTF8 { utf8 in
            for (lower, upper) in slices {
                var piece: [UInt8] = []
                EntryJSONBytes.escape(UnsafeBufferPointer(rebasing: utf8[lower..<upper]), into: &piece)
                pieces.append(piece)
            }
        }
        key("body")
        bytes.append(34)
        for piece in pieces { bytes.append(contentsOf: piece) }
        bytes.append(34)
        if let problem = entry.problem {
            key("broken")
            string("line \(problem.line): \(problem.reason)")
        }
        key("category")
        optional(entry.category)
        if let conflictOf = entry.conflictOf {
            key("conflict_of")
            string(conflictOf)
        }
        key("created_at")
        timestamp(entry.createdAt)
        key("id")
        string(entry.id)
        key("inline_tags")
        strings(entry.inlineTags)
        key("location")
        if let location = entry.location {
            open("{")
            key("latitude")
            guard number(location.latitude) else { return false }
            key("longitude")
            guard number(location.longitude) else { return false }
            key("name")
            optional(location.name)
            close("}")
        } else {
            null()
        }
        if let match {
            key("match")
            string(match)
        }
        key("path")
        string(entry.path)
        key("starred")
        append(entry.starred ? "true" : "false")
        key("tags")
        strings(entry.tags)
        key("text")
        bytes.append(34)
        text.withUTF8 { utf8 in
            var done = 0
            for ((lower, upper), piece) in zip(slices, pieces) {
                EntryJSONBytes.escape(UnsafeBufferPointer(rebasing: utf8[done..<lower]), into: &bytes)
                bytes.append(contentsOf: piece)
                done = upper
            }
            EntryJSONBytes.escape(UnsafeBufferPointer(rebasing: utf8[done...]), into: &bytes)
        }
        bytes.append(34)
        key("time_zone")
        optional(entry.timeZone)
        key("title")
        string(entry.title)
        key("updated_at")
        if let updated = entry.updatedAt { timestamp(updated) } else { null() }
        key("weather")
        if let weather = entry.weather {
            open("{")
            if let code = weather.code {
                key("code")
                string(code)
            }
            key("condition")
            optional(weather.condition)
            if let description = weather.description {
                key("description")
                string(description)
            }
            if let humidity = weather.humidity {
                key("humidity")
                guard number(humidity) else { return false }
            }
            if let provider = weather.provider {
                key("provider")
                string(provider)
            }
            key("temperature_c")
            guard number(weather.temperatureC) else { return false }
            if let wind = weather.windKph {
                key("wind_kph")
                guard number(wind) else { return false }
            }
            close("}")
        } else {
            null()
        }
        close("}")
        return true
    }

    // MARK: Pieces

    private mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    private mutating func newline() {
        bytes.append(10)
        bytes.append(contentsOf: repeatElement(32, count: indent))
    }

    private mutating func open(_ bracket: StaticString) {
        append(bracket)
        indent += 2
        firstField = true
    }

    private mutating func close(_ bracket: StaticString) {
        indent -= 2
        newline()
        append(bracket)
        firstField = false
    }

    private mutating func key(_ name: StaticString) {
        if !firstField { bytes.append(44) }  // ,
        firstField = false
        newline()
        bytes.append(34)
        append(name)
        append("\" : ")
    }

    private mutating func null() { append("null") }

    private mutating func optional(_ text: String?) {
        if let text { string(text) } else { null() }
    }

    private mutating func strings(_ list: [String]) {
        guard !list.isEmpty else {
            // JSONEncoder's empty array: an empty line inside (the export drops that line's spaces).
            append("[\n\n")
            bytes.append(contentsOf: repeatElement(32, count: indent))
            append("]")
            return
        }
        open("[")
        for (index, item) in list.enumerated() {
            if index > 0 { bytes.append(44) }
            newline()
            string(item)
        }
        close("]")
    }

    /// JSONEncoder's numbers: Swift's shortest form, without a trailing `.0`. False for NaN and infinities.
    private mutating func number(_ value: Double?) -> Bool {
        guard let value else {
            null()
            return true
        }
        guard value.isFinite else { return false }
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        bytes.append(contentsOf: text.utf8)
        return true
    }

    /// `Timestamp.rfc3339`, quoted.
    private mutating func timestamp(_ stamp: Timestamp) {
        bytes.append(34)
        bytes.append(contentsOf: stamp.rfc3339.utf8)
        bytes.append(34)
    }

    private static let hex: [UInt8] = Array("0123456789abcdef".utf8)

    /// A JSON string as JSONEncoder writes it, then with DEL, the C1 controls and the bidi controls
    /// escaped too, as `EntryJSON.render` does so that JSON on a terminal shows them.
    private mutating func string(_ text: String) {
        bytes.append(34)
        var text = text
        text.withUTF8 { EntryJSONBytes.escape($0, into: &bytes) }
        bytes.append(34)
    }

    /// Bytes that `escape` copies as they are; the others start something to escape, or may.
    private static let plain: [Bool] = (0..<256).map { byte in
        byte >= 32 && byte != 34 && byte != 92 && byte != 0x7F && byte != 0xC2 && byte != 0xE2
    }

    /// Appends the inside of `string`'s JSON string for the UTF-8 `utf8`, which starts and ends between characters.
    private static func escape(_ utf8: UnsafeBufferPointer<UInt8>, into bytes: inout [UInt8]) {
        bytes.reserveCapacity(bytes.count + utf8.count + 2)
        func append(_ text: StaticString) { text.withUTF8Buffer { bytes.append(contentsOf: $0) } }
        func escaped(_ scalar: UInt32) {
            append("\\u")
            for shift in [12, 8, 4, 0] { bytes.append(EntryJSONBytes.hex[Int((scalar >> UInt32(shift)) & 0xF)]) }
        }
        let count = utf8.count
        var index = 0
        var run = 0  // the start of bytes copied as they are, appended in one go
        func flush() {
            if run < index { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[run..<index])) }
        }
        plain.withUnsafeBufferPointer { plain in
            while index < count {
                let byte = utf8[index]
                if plain[Int(byte)] {
                    index += 1
                    continue
                }
                flush()
                switch byte {
                case 34: append("\\\"")
                case 92: append("\\\\")
                case 8: append("\\b")
                case 9: append("\\t")
                case 10: append("\\n")
                case 12: append("\\f")
                case 13: append("\\r")
                case 0..<32, 0x7F: escaped(UInt32(byte))
                case 0xC2 where index + 1 < count && (0x80...0x9F).contains(utf8[index + 1]):
                    escaped(UInt32(utf8[index + 1]))
                    index += 1
                case 0xE2 where index + 2 < count:
                    let second = utf8[index + 1]
                    let third = utf8[index + 2]
                    if (second == 0x80 && (0xAA...0xAE).contains(third)) || (second == 0x81 && (0xA6...0xA9).contains(third)) {
                        escaped(0x2000 | UInt32(second & 0x0F) << 6 | UInt32(third & 0x3F))
                        index += 2
                    } else {
                        bytes.append(byte)
                    }
                default: bytes.append(byte)
                }
                index += 1
                run = index
            }
        }
        flush()
    }
}
