import Foundation

struct MarkdownReader {
    let zone: TimeZone
    func read(_ path: String, into writer: ImportWriter) throws(JournalError) {
        throw .invalid(Say.markdownNoNotes(path))
    }
}
