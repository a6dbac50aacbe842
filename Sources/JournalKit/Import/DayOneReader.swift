import Foundation

struct DayOneReader {
    let zone: TimeZone
    func read(_ path: String, into writer: ImportWriter) throws(JournalError) {
        throw .invalid(Say.dayOneNoJSON(path))
    }
}
