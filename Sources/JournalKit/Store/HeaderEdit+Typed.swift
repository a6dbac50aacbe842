import Foundation

extension HeaderEdit {
    /// The header change typed on a command line (`edit -c`, `--no-category`, `-t`, `--star`, `--date`), checked:
    /// tags as `Tag.normalize` stores them, a date in `DateGrammar`'s words (jrnl's `--change-time`), kept in the
    /// zone it is given in. Empty when nothing was asked for (then the editor is wanted).
    public static func typed(
        category: String?, clearCategory: Bool, tags: [String], starred: Bool?, date: String?, context: JournalContext
    ) throws(JournalError) -> HeaderEdit {
        var edit = HeaderEdit()
        if let category { edit.category = .set(category) }
        if clearCategory { edit.category = .clear }
        edit.tags = try Tag.normalize(tags).map(TagOperation.add)
        edit.starred = starred
        if let date {
            let when: NamedInstant
            do { when = try DateGrammar(now: context.now, timeZone: context.timeZone).instant(date) } catch {
                throw .invalid(error.description)
            }
            edit.date = Timestamp(date: when.date, timeZone: when.timeZone)
            edit.timeZone = when.timeZone.isNamed ? when.timeZone.identifier : nil
        }
        return edit
    }
}
