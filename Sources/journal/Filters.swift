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
}
