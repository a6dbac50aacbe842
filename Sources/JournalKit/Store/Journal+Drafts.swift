import Foundation

extension Journal {
    /// The settings a journal starts with, for checking input before the default journal exists.
    public static var initialSettings: Settings {
        (try? Settings.parse(Settings.initialText, path: settingsFile)) ?? Settings(categories: [])
    }

    public static func validate(category: String, in settings: Settings) throws(JournalError) {
        guard settings.category(named: category) != nil else {
            throw .unknownCategory(category, known: settings.categories.map(\.name))
        }
    }

    /// A category an entry may be given: one of journal.yml's. While journal.yml cannot be read, none
    /// is: the built-in categories that stand in for reading are not the user's.
    public func validate(category: String) throws(JournalError) {
        if let settingsProblem { throw .invalid(Say.settingsNeeded(settingsProblem.description)) }
        try Journal.validate(category: category, in: settings)
    }

    /// The editor template for a new entry: the journal's `templates/entry.md`, else the built-in one,
    /// with `{{date}}`, `{{time}}` and `{{weekday}}` filled in.
    public func template(at stamp: Timestamp) -> String {
        let own = FileManager.default.contents(atPath: root + "/templates/entry.md").map { String(decoding: $0, as: UTF8.self) }
        let p = stamp.parts
        let weekdays = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
        let weekday = weekdays[stamp.localDay.isoWeekday - 1]
        return (own ?? BuiltInTemplates.entry)
            .replacingOccurrences(of: "{{date}}", with: String(format: "%04d-%02d-%02d", p.year, p.month, p.day))
            .replacingOccurrences(of: "{{time}}", with: String(format: "%02d:%02d", p.hour, p.minute))
            .replacingOccurrences(of: "{{weekday}}", with: weekday)
    }

    /// A new draft file under `.git/journal/drafts/` holding `contents`.
    public func makeDraftFile(contents: String) throws(JournalError) -> String {
        let folder = stateFolder + "/drafts"
        try FileSystem.makeFolder(folder)
        let path = folder + "/draft-\(UUID().uuidString.lowercased().prefix(8)).md"
        try write(Data(contents.utf8), to: path)
        return path
    }

    public func discardDraft(_ path: String) {
        try? FileSystem.remove(path)
    }
}
