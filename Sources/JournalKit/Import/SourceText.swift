import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The character encoding of an import's source files: UTF-8 unless `--encoding` names another, read
/// through the C library's iconv (glibc knows latin1, cp1252, cp949/euc-kr, utf-16 and hundreds more).
public struct SourceEncoding: Sendable, Equatable {
    /// The name as the user gave it, for messages.
    public let name: String
    /// The name iconv knows it by; nil for UTF-8, which is checked, not converted.
    let iconvName: String?

    public static let utf8 = SourceEncoding(name: "utf-8", iconvName: nil)

    private init(name: String, iconvName: String?) {
        self.name = name
        self.iconvName = iconvName
    }

    /// The names people write, as iconv spells them.
    private static let aliases = [
        "latin1": "ISO-8859-1", "latin-1": "ISO-8859-1", "iso-8859-1": "ISO-8859-1", "iso8859-1": "ISO-8859-1",
        "cp1252": "CP1252", "windows-1252": "CP1252", "cp949": "CP949", "uhc": "CP949", "ms949": "CP949",
        "windows-949": "CP949", "euc-kr": "EUC-KR", "euckr": "EUC-KR", "utf-16": "UTF-16", "utf16": "UTF-16",
        "utf-16le": "UTF-16LE", "utf-16be": "UTF-16BE",
    ]

    /// An encoding by name (case does not matter); refused when iconv cannot read it.
    public init(named text: String) throws(JournalError) {
        let lower = text.lowercased()
        if lower == "utf-8" || lower == "utf8" {
            self = .utf8
            return
        }
        let iconvName = SourceEncoding.aliases[lower] ?? text.uppercased()
        guard let converter = Converter(from: iconvName) else { throw .invalid(Say.unknownEncoding(text)) }
        converter.close()
        self.init(name: text, iconvName: iconvName)
    }
}

/// A source file's bytes made UTF-8 text without a byte-order mark, or refused with the place of the first
/// byte that is not text in its encoding: nothing is imported from a file that would be stored as `caf�`.
enum SourceText {
    static let utf8BOM: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// The bytes as UTF-8, BOM removed. A byte-order mark says what the file is, whatever the encoding
    /// given (UTF-8, or UTF-16); else UTF-8 is checked, another encoding converted.
    static func utf8(_ data: Data, encoding: SourceEncoding, file: String) throws(JournalError) -> Data {
        if data.starts(with: [0xFF, 0xFE]) || data.starts(with: [0xFE, 0xFF]) {
            return try convert(data, from: "UTF-16", name: "utf-16", file: file)
        }
        guard let iconvName = encoding.iconvName, !data.starts(with: utf8BOM) else {
            let bytes = data.starts(with: utf8BOM) ? data.dropFirst(3) : data[...]
            try check(bytes, file: file, lineOffset: 0, byteOffset: data.count - bytes.count)
            return Data(bytes)
        }
        let converted = try convert(data, from: iconvName, name: encoding.name, file: file)
        return converted.starts(with: utf8BOM) ? Data(converted.dropFirst(3)) : converted
    }

    /// Refuses bytes that are not UTF-8, naming the file, the line (counted from `lineOffset`, lines
    /// before these bytes) and the byte's offset in the file (these bytes start at `byteOffset`).
    static func check(_ bytes: Data.SubSequence, file: String, lineOffset: Int, byteOffset: Int) throws(JournalError) {
        let valid: Bool = bytes.withUnsafeBytes { raw in
            String(validating: raw.assumingMemoryBound(to: UInt8.self), as: UTF8.self) != nil
        }
        guard !valid, let (line, offset) = EntryFile.firstNonText(bytes, refusingNUL: false) else { return }
        throw .invalid(Say.importNotUTF8(file, lineOffset + line, byteOffset + offset, bytes[bytes.startIndex + offset]))
    }

    /// `data` read in `encoding` (an iconv name) and written as UTF-8.
    private static func convert(_ data: Data, from iconvName: String, name: String, file: String) throws(JournalError) -> Data {
        switch try converting(data, from: iconvName, name: name) {
        case .success(let text): return text
        case .failure(let stop): throw .invalid(Say.importNotInEncoding(file, stop.line, stop.offset, name))
        }
    }

    /// Where bytes stop being text in their encoding: the line (from 1) and the byte's offset.
    struct Stop: Error {
        var line: Int
        var offset: Int
    }

    /// `data` read in `encoding` and written as UTF-8 (a byte-order mark dropped), or where it stops being text.
    static func converting(_ data: Data, from encoding: SourceEncoding) throws(JournalError) -> Result<Data, Stop> {
        guard let iconvName = encoding.iconvName else {
            guard let (line, offset) = EntryFile.firstNonText(data, refusingNUL: false) else {
                return .success(data.starts(with: utf8BOM) ? Data(data.dropFirst(3)) : data)
            }
            return .failure(Stop(line: line, offset: offset))
        }
        return try converting(data, from: iconvName, name: encoding.name).map { $0.starts(with: utf8BOM) ? Data($0.dropFirst(3)) : $0 }
    }

    private static func converting(_ data: Data, from iconvName: String, name: String) throws(JournalError) -> Result<Data, Stop> {
        guard let converter = Converter(from: iconvName) else { throw .invalid(Say.unknownEncoding(name)) }
        defer { converter.close() }
        switch converter.convert(data) {
        case .success(let text): return .success(text)
        case .failure(let stop):
            // The line is counted in what was read before the stop, as text.
            return .failure(Stop(line: stop.converted.reduce(1) { $1 == 10 ? $0 + 1 : $0 }, offset: stop.offset))
        }
    }
}

/// One iconv conversion descriptor, to UTF-8.
private final class Converter {
    private let descriptor: iconv_t

    struct Stop: Error {
        /// Where in the input the bytes that are not text in the encoding start.
        var offset: Int
        /// What was converted before them.
        var converted: Data
    }

    init?(from encoding: String) {
        let descriptor = iconv_open("UTF-8", encoding)
        guard let descriptor, Int(bitPattern: descriptor) != -1 else { return nil }
        self.descriptor = descriptor
    }

    func close() { iconv_close(descriptor) }

    func convert(_ data: Data) -> Result<Data, Stop> {
        let input = UnsafeMutablePointer<CChar>.allocate(capacity: max(data.count, 1))
        defer { input.deallocate() }
        data.withUnsafeBytes { raw in
            if let base = raw.baseAddress { memcpy(input, base, raw.count) }
        }
        let chunkSize = 1 << 16
        let chunk = UnsafeMutablePointer<CChar>.allocate(capacity: chunkSize)
        defer { chunk.deallocate() }
        var output = Data()
        var inPointer: UnsafeMutablePointer<CChar>? = input
        var inLeft = data.count
        while true {
            var outPointer: UnsafeMutablePointer<CChar>? = chunk
            var outLeft = chunkSize
            // With no input left, the call flushes what a stateful encoding still holds.
            let result = inLeft == 0
                ? iconv(descriptor, nil, nil, &outPointer, &outLeft)
                : iconv(descriptor, &inPointer, &inLeft, &outPointer, &outLeft)
            let failure = errno
            output.append(UnsafeRawPointer(chunk).assumingMemoryBound(to: UInt8.self), count: chunkSize - outLeft)
            if result == -1 {
                if failure == E2BIG { continue }
                // EILSEQ (not text in the encoding) or EINVAL (a character cut off at the end).
                return .failure(Stop(offset: data.count - inLeft, converted: output))
            }
            if inLeft == 0 && inPointer != nil {
                inPointer = nil
                continue
            }
            if inLeft == 0 { return .success(output) }
        }
    }
}
