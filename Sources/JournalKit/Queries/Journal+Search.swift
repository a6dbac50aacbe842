import Foundation

/// One entry a search found, with the line to show under it and the terms to mark in that line.
public struct SearchHit: Sendable {
    public var entry: Entry
    public var line: String?
    public var terms: [String]
}

extension Journal {
    /// Full-text search for `text` (words, `"phrases"`, `-exclusions`, and `excluding`) within `filter`,
    /// best match first. Each hit has the first line that holds a searched word (else a word as typed on,
    /// for Korean's half-typed last syllable), and the terms to mark in it. `whole`: each entry read whole
    /// from its file (for JSON); else as the snapshot has it, only the text under its header read.
    public func search(_ text: String, excluding: [String] = [], within filter: EntryFilter, whole: Bool = false)
        throws(JournalError) -> [SearchHit]
    {
        var words = SearchText(text)
        words.excluded += excluding
        guard !words.isEmpty else { throw .invalid(Say.emptySearch) }
        var query = try Journal.query(for: filter, context: context)
        let pattern = try Journal.pattern(for: filter)
        try checkCategory(filter.category)
        if pattern != nil { query.limit = nil }
        var entries = try search(words, query)
        if let pattern {
            entries = entries.filter { fileMatches($0, pattern) }
            if let limit = filter.limit { entries = Array(entries.prefix(limit)) }
        }
        let highlights = words.highlights
        let typedOn = words.typedOnHighlights
        var hits: [SearchHit] = []
        for entry in entries {
            let shown = whole ? try readEntry(entry) : entry
            let body = whole ? shown.text : try entryText(at: entry.path)
            if let line = MatchedLine.line(in: body, terms: highlights) {
                hits.append(SearchHit(entry: shown, line: line, terms: highlights))
            } else {
                hits.append(SearchHit(entry: shown, line: MatchedLine.line(in: body, terms: typedOn), terms: typedOn))
            }
        }
        return hits
    }
}
