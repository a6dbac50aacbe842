import ArgumentParser
import Foundation
import JournalKit

/// The filters `list` and `search` share; they combine with AND.
struct FilterOptions: ParsableArguments {
    @Option(help: ArgumentHelp(Help.text("help.FilterOptions.from")))
    var from: String?

    @Option(help: ArgumentHelp(Help.text("help.FilterOptions.to")))
    var to: String?

    @Option(help: ArgumentHelp(Help.text("help.FilterOptions.on")))
    var on: String?

    @Option(name: [.short, .long], help: ArgumentHelp(Help.text("help.FilterOptions.category")), completion: Completion.categories)
    var category: String?

    @Option(name: [.customShort("t"), .long], help: ArgumentHelp(Help.text("help.FilterOptions.tag")), completion: Completion.tags)
    var tag: [String] = []

    @Flag(help: ArgumentHelp(Help.text("help.FilterOptions.anyTag")))
    var anyTag = false

    @Option(help: ArgumentHelp(Help.text("help.FilterOptions.notTag")), completion: Completion.tags)
    var notTag: [String] = []

    @Flag(help: ArgumentHelp(Help.text("help.FilterOptions.starred")))
    var starred = false

    @Option(help: ArgumentHelp(Help.text("help.FilterOptions.contains")))
    var contains: String?

    @Option(help: ArgumentHelp(Help.text("help.FilterOptions.grep")))
    var grep: String?

    @Option(name: .customShort("n", allowingJoined: true), help: ArgumentHelp(Help.text("help.FilterOptions.n")))
    var n: Int?

    @Flag(help: ArgumentHelp(Help.text("help.FilterOptions.reverse")))
    var reverse = false

    func validate() throws {
        if let n, n < 0 { throw ValidationError(Say.negativeCount(n)) }
    }

    /// The filter these flags describe, checked before anything touches the disk: a date, range or
    /// pattern that makes no sense is an error naming it.
    func checked() throws -> EntryFilter {
        var filter = EntryFilter()
        filter.from = from
        filter.to = to
        filter.on = on
        filter.category = category
        filter.tags = tag
        filter.anyTag = anyTag
        filter.notTags = notTag
        filter.starred = starred
        filter.contains = contains
        filter.grep = grep
        filter.limit = n
        filter.reverse = reverse
        _ = try Journal.query(for: filter, context: Shell.context())
        _ = try Journal.pattern(for: filter)
        return filter
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
        filters.category = single["--category"]
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
        try journal.entries(named: ids, matching: isEmpty ? nil : try checked())
    }

    /// No filter given: a command over many entries then needs ids.
    var isEmpty: Bool {
        from == nil && to == nil && on == nil && category == nil && tag.isEmpty && !anyTag && notTag.isEmpty && !starred
            && contains == nil && grep == nil
    }
}

extension FilterOptions {
    /// The filters of `edit` (a date span, --starred, --contains, with --tag and --category among them), oldest
    /// first as jrnl opens them.
    static func picking(
        from: String?, to: String?, on: String?, category: String?, tags: [String], starred: Bool, contains: String?
    ) -> FilterOptions {
        var filters = FilterOptions()
        filters.from = from
        filters.to = to
        filters.on = on
        filters.category = category
        filters.tag = tags
        filters.anyTag = false
        filters.notTag = []
        filters.starred = starred
        filters.contains = contains
        filters.grep = nil
        filters.n = nil
        filters.reverse = true
        return filters
    }
}
