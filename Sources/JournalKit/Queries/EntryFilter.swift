import Foundation

/// What a reader asks `list`, `search`, an export or the web view for, as typed: days in the date grammar
/// (`2025-03`, `last week`, `어제`), names as written. The one place these become the index's query.
public struct EntryFilter: Sendable, Equatable {
    public var from: String?
    public var to: String?
    public var on: String?
    public var category: String?
    /// All of them (with `anyTag`: any of them).
    public var tags: [String] = []
    public var anyTag = false
    public var notTags: [String] = []
    public var starred = false
    /// Words and word prefixes, from the full-text index.
    public var contains: String?
    /// A regular expression over each file, matched line by line.
    public var grep: String?
    public var limit: Int?
    public var reverse = false

    public init() {}

    /// Whether the filter narrows anything (beyond a count and an order).
    public var narrows: Bool {
        var bare = EntryFilter()
        bare.limit = limit
        bare.reverse = reverse
        return self != bare
    }
}

extension Journal {
    /// The index's query for `filter`, checked before anything touches the disk: a date that makes no
    /// sense, an empty range or an empty `contains` is an error naming it.
    public static func query(for filter: EntryFilter, context: JournalContext) throws(JournalError) -> EntryQuery {
        var query = EntryQuery()
        // No zone is looked up for a filter without dates: ICU's zone data would cost `list` 0.3 ms.
        let dated = filter.on != nil || filter.from != nil || filter.to != nil
        do {
            if dated {
                (query.from, query.to) = try DateGrammar(now: context.now, timeZone: context.timeZone)
                    .span(on: filter.on, from: filter.from, to: filter.to)
            }
        } catch {
            switch error {
            case .badDate(_, let reason): throw .invalid(reason.description)
            case .empty(let first, let last): throw .invalid(Say.emptyDateRange(first.description, last.description))
            }
        }
        query.category = filter.category
        query.tags = try Tag.normalize(filter.tags)
        query.anyTag = filter.anyTag
        query.notTags = try Tag.normalize(filter.notTags)
        query.starred = filter.starred
        if let contains = filter.contains {
            guard !SearchText(contains).isEmpty else { throw .invalid(Say.emptySearch) }
            query.contains = contains
        }
        query.limit = filter.limit
        query.oldestFirst = filter.reverse
        return query
    }

    /// `filter`'s `grep` as a regular expression (each line on its own); an error naming it when it is not one.
    public static func pattern(for filter: EntryFilter) throws(JournalError) -> NSRegularExpression? {
        guard let grep = filter.grep else { return nil }
        do { return try NSRegularExpression(pattern: grep, options: [.anchorsMatchLines]) } catch {
            throw .invalid(Say.badPattern(grep))
        }
    }

    /// The entries `filter` selects, newest first (oldest with `reverse`): through the index, then the
    /// scan of the files for `grep`. Their `text` is empty (see `readEntry`).
    public func entries(matching filter: EntryFilter) throws(JournalError) -> [Entry] {
        let query = try Journal.query(for: filter, context: context)
        let pattern = try Journal.pattern(for: filter)
        try checkCategory(filter.category)
        if let pattern { return try entries(query, grep: pattern) }
        return try entries(query)
    }

    /// The entries `filter` selects, with the snapshot brought up to date first (and edits made elsewhere
    /// committed, as `refresh` reports them): from the running server when it vouches for its snapshot and
    /// nothing waits to be committed, the command then opening no snapshot at all; else `refresh` and
    /// `entries(matching:)`.
    public func freshEntries(
        matching filter: EntryFilter, progress: ((Int, Int) -> Void)? = nil
    ) throws(JournalError) -> (entries: [Entry], pending: PendingReport) {
        // A `grep`, or a category only entries may name (checked against them), is the command's own way.
        guard filter.grep == nil, filter.category.map({ settings.category(named: $0) != nil }) ?? true else {
            let pending = try refresh(progress: progress)
            return (try entries(matching: filter), pending)
        }
        return try freshEntries(try Journal.query(for: filter, context: context), progress: progress)
    }

    /// The entries of `query`, fresh, as `freshEntries(matching:)` has them.
    func freshEntries(_ query: EntryQuery, progress: ((Int, Int) -> Void)?) throws(JournalError) -> (entries: [Entry], pending: PendingReport) {
        if let served = servedEntries(withCategoryNames(query)) { return (served, PendingReport()) }
        let pending = try refresh(progress: progress)
        return (try entries(query), pending)
    }

    /// A category filter that journal.yml does not know and no entry carries is the same error as add's:
    /// such a filter can only be a typo, and "no entries match" would hide it.
    func checkCategory(_ category: String?) throws(JournalError) {
        guard let category, settings.category(named: category) == nil else { return }
        if try categoryCounts()[category] != nil { return }
        try Journal.validate(category: category, in: settings)
    }

    /// Whether the file of `entry` holds a line matching `pattern` (the `grep` of a filter).
    func fileMatches(_ entry: Entry, _ pattern: NSRegularExpression) -> Bool {
        guard let data = FileSystem.contents(root + "/" + entry.path) else { return false }
        let text = String(decoding: data, as: UTF8.self)
        return pattern.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }
}
