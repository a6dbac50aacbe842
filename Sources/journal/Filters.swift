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

    @Option(name: [.short, .long], help: ArgumentHelp(Say.text("help.FilterOptions.category")), transform: Say.storedCategoryName)
    var category: String?

    @Option(name: [.customShort("t"), .long], help: ArgumentHelp(Say.text("help.FilterOptions.tag")))
    var tag: [String] = []

    @Flag(help: ArgumentHelp(Say.text("help.FilterOptions.anyTag")))
    var anyTag = false

    @Option(help: ArgumentHelp(Say.text("help.FilterOptions.notTag")))
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

    /// The long filter options among `words` (`--tag x --from 2024`), taken out of them: for `tag`, whose
    /// other words (`+x`, `-work`) look like options and so are read by hand.
    static func taken(from words: inout [String]) throws -> FilterOptions {
        var filters = FilterOptions()
        var rest: [String] = []
        var tags: [String] = []
        var notTags: [String] = []
        var single: [String: String] = [:]
        var flags: Set<String> = []
        var index = 0
        while index < words.count {
            let word = words[index]
            let (name, joined) = word.hasPrefix("--") && word.contains("=")
                ? (String(word.prefix { $0 != "=" }), String(word.drop { $0 != "=" }.dropFirst())) : (word, nil)
            switch name {
            case "--from", "--to", "--on", "--category", "--contains", "--tag", "--not-tag":
                guard let value = joined ?? (index + 1 < words.count ? words[index + 1] : nil) else {
                    throw ValidationError("Missing value for '\(name) <value>'")
                }
                index += joined == nil ? 2 : 1
                if name == "--tag" { tags.append(value) } else if name == "--not-tag" { notTags.append(value) } else { single[name] = value }
            case "--starred", "--any-tag":
                flags.insert(name)
                index += 1
            default:
                rest.append(word)
                index += 1
            }
        }
        words = rest
        filters.from = single["--from"]
        filters.to = single["--to"]
        filters.on = single["--on"]
        filters.category = single["--category"].map(Say.storedCategoryName)
        filters.tag = tags
        filters.anyTag = flags.contains("--any-tag")
        filters.notTag = notTags
        filters.starred = flags.contains("--starred")
        filters.contains = single["--contains"]
        filters.grep = nil
        filters.n = nil
        filters.reverse = false
        return filters
    }

    /// The entries a command over many acts on: those `ids` name, and of them (or of all, with no ids) those
    /// the filters pick.
    func pick(_ ids: [String], in journal: Journal) throws -> [Entry] {
        let named = try journal.entries(matching: ids)
        guard !isEmpty else { return named }
        try checkCategory(in: journal)
        let picked = try entries(in: journal)
        return ids.isEmpty ? picked : named.filter { entry in picked.contains { $0.path == entry.path } }
    }

    /// No filter given: a command over many entries then needs ids.
    var isEmpty: Bool {
        from == nil && to == nil && on == nil && category == nil && tag.isEmpty && !anyTag && notTag.isEmpty && !starred
            && contains == nil && grep == nil
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
