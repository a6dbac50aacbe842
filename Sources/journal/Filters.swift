import ArgumentParser
import Foundation
import JournalKit

/// The filters `list` and `search` share; they combine with AND.
struct FilterOptions: ParsableArguments {
    @Option(help: "Entries on or after this day (2025-03-01, 2025-03, 2025, 'last week', 'june 2013', yesterday…).")
    var from: String?

    @Option(help: "Entries on or before this day (same forms as --from).")
    var to: String?

    @Option(help: "Entries on this day, month or year (same forms as --from).")
    var on: String?

    @Option(name: [.short, .long], help: "Entries of this category.")
    var category: String?

    @Option(name: [.customShort("t"), .long], help: "Entries with this tag (header or #hashtag); repeat: all of them.")
    var tag: [String] = []

    @Flag(help: "With several --tag: entries with any of them instead of all.")
    var anyTag = false

    @Option(help: "Leave out entries with this tag; repeatable.")
    var notTag: [String] = []

    @Flag(help: "Starred entries only.")
    var starred = false

    @Option(help: "Entries containing these words or word prefixes (from the index).")
    var contains: String?

    @Option(help: "Entries whose file matches this regular expression (an exact scan of the files; ^ and $ match at lines).")
    var grep: String?

    @Option(name: .customShort("n", allowingJoined: true), help: "At most N entries (-n 5 or -n5).")
    var n: Int?

    @Flag(help: "Oldest first.")
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
