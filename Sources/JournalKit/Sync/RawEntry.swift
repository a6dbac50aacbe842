import Foundation

/// An entry file cut into its header blocks and its text, keeping every byte (BOM, CRLF) to put back.
struct RawEntry {
    var hasBOM = false
    var hasHeader = false
    /// The opening and closing marker lines as written (`---`, maybe with a CR).
    var opening = "---"
    var closing = "---"
    var header: [Block] = []
    var body = ""

    /// Nil when the header is not closed; an empty file is an entry with no header when `allowEmpty`.
    init?(_ data: Data, allowEmpty: Bool = false) {
        let (hasBOM, bytes) = FrontMatter.withoutBOM(data)
        self.hasBOM = hasBOM
        let text = String(decoding: bytes, as: UTF8.self)
        if text.isEmpty && !allowEmpty { return nil }
        let all = text.lfLines()
        guard let first = all.first, FrontMatter.opens(first) else {
            body = text
            return
        }
        guard let end = all.dropFirst().firstIndex(where: FrontMatter.closes) else { return nil }
        hasHeader = true
        opening = String(first)
        closing = String(all[end])
        header = Block.parse(all[1..<end].map(String.init))
        body = all[(end + 1)...].joined(separator: "\n")
    }

    /// False for a header YAML cannot read (a text that merely starts with a `---` rule, say): such a
    /// file is merged as plain text.
    var headerReads: Bool {
        guard hasHeader else { return true }
        let text = header.flatMap(\.lines).map { $0.hasSuffix("\r") ? String($0.dropLast()) : $0 }.joined(separator: "\n")
        return (try? HeaderParser.parse(text)) != nil
    }

    /// The file with this entry's markers and BOM, and the given header and text.
    func assembled(header: [Block], body: String) -> Data {
        RawEntry.withHeader(self, header: header, body: body)
    }

    /// A file whose header ends its lines with CRLF keeps CRLF on every line: lines the other side added
    /// with LF (an editor of its own, a line the tool appended) are given a CR too.
    static func withHeader(_ shape: RawEntry, header: [Block], body: String) -> Data {
        var text = shape.hasBOM ? "\u{FEFF}" : ""
        let crlf = shape.hasHeader && shape.opening.hasSuffix("\r")
        if shape.hasHeader || !header.isEmpty {
            let lines = header.flatMap(\.lines).map { crlf && !$0.hasSuffix("\r") ? $0 + "\r" : $0 }
            text += ([shape.hasHeader ? shape.opening : "---"] + lines + [shape.hasHeader ? shape.closing : "---"])
                .joined(separator: "\n") + "\n"
        }
        if crlf {
            // Every line an LF ends; the text after the last LF (often none) has no line end to change.
            var lines = body.lfLines()
            for index in lines.indices.dropLast() where !lines[index].hasSuffix("\r") { lines[index] += "\r" }
            text += lines.joined(separator: "\n")
        } else {
            text += body
        }
        return Data(text.utf8)
    }
}
