import Foundation

/// Messages of the commands that change entry headers and categories:
/// `star`, `unstar`, `tag`, `tags`, `categories` and `edit`'s header flags.
extension Say {
    // MARK: Errors

    static func brokenHeaderRefused(_ path: String, _ line: Int, _ reason: String, _ id: String) -> String { Say.text("brokenHeaderRefused", path, line, reason, id) }
    static func unknownTag(_ tag: String) -> String { Say.text("unknownTag", tag) }
    static func sameName(_ name: String) -> String { Say.text("sameName", name) }
    static func invalidCategoryName(_ name: String) -> String { Say.text("invalidCategoryName", name) }
    static func duplicateCategory(_ name: String) -> String { Say.text("duplicateCategory", name) }
    static func invalidColor(_ color: String) -> String { Say.text("invalidColor", color, CategoryColor.shownNames.joined(separator: ", ")) }
    static func invalidEmoji(_ emoji: String) -> String { Say.text("invalidEmoji", emoji) }
    static func categoryInUse(_ name: String, _ count: Int) -> String {
        Say.text("categoryInUse", name, entries(count))
    }
    static func settingsNotEditable(_ path: String, _ reason: String) -> String { Say.text("settingsNotEditable", path, reason) }
    static var categoriesNotABlock: String { Say.text("categoriesNotABlock") }
    static var settingsEditMismatch: String { Say.text("settingsEditMismatch") }
    static var notUTF8: String { Say.text("notUTF8") }
    public static var categoryAndNoCategory: String { Say.text("categoryAndNoCategory") }
    public static var starAndUnstar: String { Say.text("starAndUnstar") }

    // MARK: What the commands print

    public static func starred(_ id: String, _ title: String) -> String { Say.text("starred", id, title) }
    public static func unstarred(_ id: String, _ title: String) -> String { Say.text("unstarred", id, title) }
    public static func alreadyStarred(_ id: String, _ title: String) -> String { Say.text("alreadyStarred", id, title) }
    public static func notStarred(_ id: String, _ title: String) -> String { Say.text("notStarred", id, title) }
    public static func tagged(_ id: String, _ summary: String, _ tags: [String]) -> String { Say.text("tagged", id, summary, tagList(tags)) }
    public static func tagsUnchanged(_ id: String, _ tags: [String]) -> String { Say.text("tagsUnchanged", id, tagList(tags)) }
    public static func entryTags(_ id: String, _ tags: [String]) -> String { Say.text("entryTags", id, tagList(tags)) }
    public static func editedHeader(_ id: String, _ path: String, _ summary: String) -> String { Say.text("editedHeader", id, path, summary) }
    public static func renamedTag(_ old: String, _ new: String, _ count: Int) -> String { Say.text("renamedTag", old, new, entries(count)) }
    public static func addedCategory(_ name: String) -> String { Say.text("addedCategory", name) }
    public static func renamedCategory(_ old: String, _ new: String, _ count: Int) -> String { Say.text("renamedCategory", old, new, entries(count)) }
    public static func removedCategory(_ name: String, _ count: Int) -> String {
        count == 0 ? Say.text("removedCategory", name) : Say.text("removedCategoryFrom", name, entries(count))
    }
    public static func skippedBroken(_ path: String, _ line: Int, _ reason: String) -> String { Say.text("skippedBroken", path, line, reason) }
    /// The colour column of `journal categories` for a category entries name but journal.yml does not.
    public static var unknownCategoryMark: String { Say.text("unknownCategoryMark") }
    public static var noColor: String { Say.text("noColor") }
    public static var tagArgumentsHelp: String { Say.text("tagArgumentsHelp") }

    // MARK: Summaries of a header change, for messages and commit subjects

    public static func changedCategory(_ name: String?) -> String {
        name.map { Say.text("changedCategory", $0) } ?? Say.text("noCategory")
    }
    public static func changedStar(_ starred: Bool) -> String { Say.text(starred ? "changedStar" : "changedUnstar") }
    public static func changedDate(_ when: String) -> String { Say.text("changedDate", when) }
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
    static func commitEditMany(_ count: Int, _ summary: String) -> String {
        Say.inEnglish { "Edit \(entries(count)): \(summary)" }
    }
    static func commitUnmarkHashtags(_ tags: [String], _ title: String, _ id: String) -> String {
        "Untag \(tags.map { "#" + $0 }.joined(separator: " ")) in the text of \"\(title)\" (\(id))"
    }
    /// `#부산` is in the text of an entry, not its header: `tag -부산` alone does not take it away.
    public static func tagInText(_ tag: String, _ id: String) -> String { Say.text("tagInText", "#" + tag, id, tag) }
    public static func untaggedText(_ id: String, _ tags: [String]) -> String {
        Say.text("untaggedText", id, tags.map { "#" + $0 }.joined(separator: " "))
    }
    static func commitRenameTag(_ old: String, _ new: String, _ count: Int) -> String {
        Say.inEnglish { "Rename tag #\(old) to #\(new) (\(entries(count)))" }
    }
    static func commitAddCategory(_ name: String) -> String { "Add category \(name)" }
    static func commitRenameCategory(_ old: String, _ new: String, _ count: Int) -> String {
        Say.inEnglish { "Rename category \(old) to \(new) (\(entries(count)))" }
    }
    static func commitRemoveCategory(_ name: String, _ count: Int) -> String {
        Say.inEnglish { count == 0 ? "Remove category \(name)" : "Remove category \(name) (\(entries(count)))" }
    }

    // MARK: Pieces

    static func entries(_ count: Int) -> String { Say.plural("entries", count, count) }
    static func tagList(_ tags: [String]) -> String {
        tags.isEmpty ? Say.text("noTags") : tags.map { "#" + $0 }.joined(separator: " ")
    }
}
