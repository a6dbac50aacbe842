import Foundation

/// The one rule for where a file's YAML header is (DESIGN §1): an optional UTF-8 BOM, a first line `---`, and a
/// closing line `---` or `...`; a marker may have spaces after it, and a line may end in CR (a CRLF file).
/// Reading an entry (`EntryFile.Split`), merging one (`RawEntry`) and reading a template (`EntryTemplate.parse`)
/// all ask it, so that a file is an entry with a header to all three or to none.
enum FrontMatter {
    static let bom: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// `data` without its leading BOM, and whether it had one.
    static func withoutBOM(_ data: Data) -> (hasBOM: Bool, bytes: Data.SubSequence) {
        data.starts(with: bom) ? (true, data.dropFirst(3)) : (false, data[...])
    }

    /// `text` without its leading BOM.
    static func withoutBOM(_ text: String) -> String {
        text.unicodeScalars.first == "\u{FEFF}" ? String(text.unicodeScalars.dropFirst()) : text
    }

    /// Whether `line` (without its LF) is `marker` (`---`, `...`, TOML's `+++`), spaces after it allowed, and a CR.
    static func isMarker(_ line: Substring, _ marker: StaticString) -> Bool {
        var rest = line.utf8[...]
        let head = UnsafeBufferPointer(start: marker.utf8Start, count: marker.utf8CodeUnitCount)
        guard rest.starts(with: head) else { return false }
        rest = rest.dropFirst(head.count)
        if rest.last == 13 { rest = rest.dropLast() }
        return rest.allSatisfy { $0 == 32 }
    }

    /// Whether `line` opens a header: the file's first line is `---`.
    static func opens(_ line: Substring) -> Bool { isMarker(line, "---") }

    /// Whether `line` closes a header: `---` or `...`.
    static func closes(_ line: Substring) -> Bool { isMarker(line, "---") || isMarker(line, "...") }
}
