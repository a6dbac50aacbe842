import Foundation

extension Journal {
    /// The settings a journal starts with, for checking input before the default journal exists.
    public static var initialSettings: Settings {
        (try? Settings.parse(Settings.initialText, path: settingsFile)) ?? Settings(categories: [])
    }

    /// The key of journal.yml's category that `category` names (by its key or, for a built-in one, its
    /// name in any language), or an error naming the categories it could have meant.
    @discardableResult
    public static func validate(category: String, in settings: Settings) throws(JournalError) -> String {
        guard let known = settings.category(named: category) else {
            throw .unknownCategory(category, known: settings.shownCategoryNames)
        }
        return known.name
    }

    /// A category an entry may be given: one of journal.yml's, returned as its key. While journal.yml
    /// cannot be read, none is: the built-in categories that stand in for reading are not the user's.
    @discardableResult
    public func validate(category: String) throws(JournalError) -> String {
        if let settingsProblem { throw .invalid(Say.settingsNeeded(settingsProblem.description)) }
        return try Journal.validate(category: category, in: settings)
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
