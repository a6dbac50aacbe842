import Foundation

/// Messages of the commands that change entry headers and categories:
/// `star`, `unstar`, `tag`, `tags`, `categories` and `edit`'s header flags.
extension Say {
    // MARK: Errors

    static func brokenHeaderRefused(_ path: String, _ line: Int, _ reason: String, _ id: String) -> String {
        "\(path):\(line): \(reason); the header cannot be read, so it was left alone: fix it with `journal edit \(id)`"
    }
    static func unknownTag(_ tag: String) -> String { "no entry has the tag #\(tag) in its header" }
    static func sameName(_ name: String) -> String { "'\(name)' is already called that: nothing to rename" }
    static func invalidCategoryName(_ name: String) -> String {
        "invalid category name '\(name)': a name is a single word (letters, digits, - _ / .), no spaces"
    }
    static func duplicateCategory(_ name: String) -> String { "there is already a category '\(name)' in journal.yml" }
    static func invalidColor(_ color: String) -> String {
        "unknown colour '\(color)' (one of: \(Settings.colors.joined(separator: ", ")))"
    }
    static func invalidEmoji(_ emoji: String) -> String {
        "invalid emoji '\(emoji)': give one emoji (or a short symbol), without spaces"
    }
    static func categoryInUse(_ name: String, _ count: Int) -> String {
        "category '\(name)' is used by \(entries(count)): pass --force to remove it from them too, "
            + "or rename it with `journal categories rename`"
    }
    static func settingsNotEditable(_ path: String, _ reason: String) -> String {
        "cannot edit \(path) safely: \(reason); edit it by hand"
    }
    static let categoriesNotABlock = "its `categories:` is not a block of `name:` lines"
    static let settingsEditMismatch = "the edited file would not read back as intended"
    static let notUTF8 = "it is not valid UTF-8"
    public static let categoryAndNoCategory = "--category and --no-category cannot be used together"
    public static let starAndUnstar = "--star and --unstar cannot be used together"

    // MARK: What the commands print

    public static func starred(_ id: String, _ title: String) -> String { "Starred \(id) \"\(title)\"" }
    public static func unstarred(_ id: String, _ title: String) -> String { "Unstarred \(id) \"\(title)\"" }
    public static func alreadyStarred(_ id: String, _ title: String) -> String {
        "\(id) \"\(title)\" is already starred: nothing to do."
    }
    public static func notStarred(_ id: String, _ title: String) -> String {
        "\(id) \"\(title)\" is not starred: nothing to do."
    }
    public static func tagged(_ id: String, _ summary: String, _ tags: [String]) -> String {
        "Tagged \(id): \(summary) (\(tagList(tags)))"
    }
    public static func tagsUnchanged(_ id: String, _ tags: [String]) -> String {
        "No changes: \(id) has \(tagList(tags))."
    }
    public static func entryTags(_ id: String, _ tags: [String]) -> String { "\(id): \(tagList(tags))" }
    public static func editedHeader(_ id: String, _ path: String, _ summary: String) -> String {
        "Edited \(id) \(path): \(summary)"
    }
    public static func renamedTag(_ old: String, _ new: String, _ count: Int) -> String {
        "Renamed #\(old) to #\(new) in \(entries(count))."
    }
    public static func addedCategory(_ name: String) -> String { "Added category \(name) to journal.yml." }
    public static func renamedCategory(_ old: String, _ new: String, _ count: Int) -> String {
        "Renamed category \(old) to \(new) (\(entries(count)))."
    }
    public static func removedCategory(_ name: String, _ count: Int) -> String {
        count == 0 ? "Removed category \(name)." : "Removed category \(name) (and from \(entries(count)))."
    }
    public static func skippedBroken(_ path: String, _ line: Int, _ reason: String) -> String {
        "\(path):\(line): \(reason); not changed (its header cannot be read)"
    }
    /// The colour column of `journal categories` for a category entries name but journal.yml does not.
    public static let unknownCategoryMark = "not in journal.yml"
    public static let noColor = "-"
    public static let tagArgumentsHelp = "+tag or tag adds a tag, -tag removes one; commas separate several."

    // MARK: Summaries of a header change, for messages and commit subjects

    public static func changedCategory(_ name: String?) -> String { name.map { "category \($0)" } ?? "no category" }
    public static func changedStar(_ starred: Bool) -> String { starred ? "starred" : "unstarred" }
    public static func tagChanges(added: [String], removed: [String]) -> String {
        (added.map { "+" + $0 } + removed.map { "-" + $0 }).joined(separator: " ")
    }

    // MARK: Commit messages

    static func commitStar(_ title: String, _ id: String) -> String { "Star \"\(title)\" (\(id))" }
    static func commitUnstar(_ title: String, _ id: String) -> String { "Unstar \"\(title)\" (\(id))" }
    static func commitTag(_ title: String, _ id: String, _ summary: String) -> String {
        "Tag \"\(title)\" (\(id)): \(summary)"
    }
    static func commitEditHeader(_ title: String, _ id: String, _ summary: String) -> String {
        "Edit \"\(title)\" (\(id)): \(summary)"
    }
    static func commitRenameTag(_ old: String, _ new: String, _ count: Int) -> String {
        "Rename tag #\(old) to #\(new) (\(entries(count)))"
    }
    static func commitAddCategory(_ name: String) -> String { "Add category \(name)" }
    static func commitRenameCategory(_ old: String, _ new: String, _ count: Int) -> String {
        "Rename category \(old) to \(new) (\(entries(count)))"
    }
    static func commitRemoveCategory(_ name: String, _ count: Int) -> String {
        count == 0 ? "Remove category \(name)" : "Remove category \(name) (\(entries(count)))"
    }

    // MARK: Pieces

    static func entries(_ count: Int) -> String { count == 1 ? "1 entry" : "\(count) entries" }
    static func tagList(_ tags: [String]) -> String {
        tags.isEmpty ? "no tags" : tags.map { "#" + $0 }.joined(separator: " ")
    }
}
