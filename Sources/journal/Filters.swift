import ArgumentParser
import Foundation
import JournalKit

/// The filters `list` and `search` share; they combine with AND.
struct FilterOptions: ParsableArguments {
    @Option(help: ArgumentHelp(Say.text("help.FilterOptions.from")))
    var from: String?

    @Option(help: ArgumentHelp(Say.text("help.FilterOptions.to")))
    var to: String?

    @Option(help: ArgumentHelp(Say.text("help.FilterOptions.on")))
    var on: String?

    @Option(name: [.short, .long], help: ArgumentHelp(Say.text("help.FilterOptions.category")), completion: Completion.categories,
            transform: Say.storedCategoryName)
    var category: String?

    @Option(name: [.customShort("t"), .long], help: ArgumentHelp(Say.text("help.FilterOptions.tag")), completion: Completion.tags)
    var tag: [String] = []

    @Flag(help: ArgumentHelp(Say.text("help.FilterOptions.anyTag")))
    var anyTag = false

    @Option(help: ArgumentHelp(Say.text("help.FilterOptions.notTag")), completion: Completion.tags)
    var notTag: [String] = []

    @Flag(help: ArgumentHelp(Say.text("help.FilterOptions.starred")))
    var starred = false

    @Option(help: ArgumentHelp(Say.text("help.FilterOptions.contains")))
    var contains: String?

    @Option(help: ArgumentHelp(Say.text("help.FilterOptions.grep")))
    var grep: String?

    @Option(name: .customShort("n", allowingJoined: true), help: ArgumentHelp(Say.text("help.FilterOptions.n")))
    var n: Int?

    @Flag(help: ArgumentHelp(Say.text("help.FilterOptions.reverse")))
    var reverse = false

    func validate() throws {
        if let n, n < 0 { throw ValidationError(Say.negativeCount(n)) }
    }

    /// The query these flags describe; a date or pattern that makes no sense is an error naming it.
    func query() throws -> EntryQuery {
        let grammar = DateGrammar(now: Shell.now, timeZone: Shell.timeZone)
        func days(_ text: String) throws -> DayRange {
            do { return try grammar.days(text) } catch { throw Failure(error.description) }
        }
        var query = EntryQuery()
        if let on {
            let range = try days(on)
            query.from = range.first
            query.to = range.last
        }
        if let from {
            let first = try days(from).first
            query.from = max(query.from ?? first, first)
        }
        if let to {
            let last = try days(to).last
            query.to = min(query.to ?? last, last)
        }
        if let first = query.from, let last = query.to, first > last {
            throw Failure(Say.emptyDateRange(first.description, last.description))
        }
        query.category = category
        query.tags = try Journal.normalize(tags: tag)
        query.anyTag = anyTag
        query.notTags = try Journal.normalize(tags: notTag)
        query.starred = starred
        if let contains {
            guard !SearchText(contains).isEmpty else { throw Failure(Say.emptySearch) }
            query.contains = contains
        }
        query.limit = n
        query.oldestFirst = reverse
        return query
    }

    func pattern() throws -> NSRegularExpression? {
        guard let grep else { return nil }
        do {
            return try NSRegularExpression(pattern: grep, options: [.anchorsMatchLines])
        } catch {
            throw Failure(Say.badPattern(grep))
        }
    }

    /// A --category that journal.yml does not know, and no entry carries, is the same error as add's:
    /// such a filter can only be a typo, and "No entries match." would hide it.
    func checkCategory(in journal: Journal) throws {
        guard let category, journal.settings.category(named: category) == nil else { return }
        if try journal.categoryCounts()[category] != nil { return }
        try Journal.validate(category: category, in: journal.settings)
    }

    /// The matching entries, through the index, then the file scan of --grep when given.
    func entries(in journal: Journal) throws -> [Entry] {
        let query = try query()
        if let pattern = try pattern() { return try journal.entries(query, grep: pattern) }
        return try journal.entries(query)
    }
}
