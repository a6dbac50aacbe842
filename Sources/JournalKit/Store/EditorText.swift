import Foundation

/// What a person typed into a file their editor saved (a draft of `add`, an entry `edit` opened): UTF-8 text,
/// or text in the encoding they named (`--encoding`, for an editor set to Latin-1 or cp949), given back as
/// UTF-8. Bytes that are neither are refused with where they stop being text: never read as an empty text,
/// never written over, kept where they are until the person says how to read them.
enum EditorText {
    /// The bytes as UTF-8: as they are when they are UTF-8 already (a BOM and all), else converted from
    /// `encoding`. `resume` is the command that takes the text up again, for the message.
    static func utf8(_ data: Data, encoding: SourceEncoding?, file: String, resume: String) throws(JournalError) -> Data {
        guard EntryFile.firstNonText(data, refusingNUL: false) != nil else { return data }
        guard let encoding, encoding != .utf8 else {
            let stop = EntryFile.firstNonText(data, refusingNUL: false) ?? (1, 0)
            throw .notUTF8(file: file, line: stop.line, byte: data[data.startIndex + stop.offset], resume: resume)
        }
        switch try SourceText.converting(data, from: encoding) {
        case .success(let text): return text
        case .failure(let stop):
            throw .invalid(Say.text("editorNotInEncoding", file, stop.line, stop.offset, encoding.name, resume))
        }
    }
}
