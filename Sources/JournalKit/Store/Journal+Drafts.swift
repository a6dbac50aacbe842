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
