import Foundation

/// One entry a search found, with the line to show under it and the terms to mark in that line.
public struct SearchHit: Sendable {
    public var entry: Entry
    public var line: String?
    public var terms: [String]
}

extension Journal {
    /// Full-text search for `text` (words, `"phrases"`, `-exclusions`, and `excluding`) within `filter`,
    /// best match first. Each hit has the first line that holds a searched word (else what the word found
    /// besides itself: a syllable typed on, a stem's irregular form, syllables of consonants typed alone; else
    /// its tags), and the terms to mark in it. `whole`: each entry read whole
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
        let widened = words.pattern
        var hits: [SearchHit] = []
        for entry in entries {
            let shown = whole ? try readEntry(entry) : entry
            let body = whole ? shown.text : try entryText(at: entry.path)
            if let line = MatchedLine.line(in: body, terms: highlights) {
                hits.append(SearchHit(entry: shown, line: line, terms: highlights))
            } else if let widened, let found = MatchedLine.line(in: body, pattern: widened) {
                hits.append(SearchHit(entry: shown, line: found.line, terms: found.terms))
            } else {
                // Found by a tag alone: the tags are the line.
                let tags = shown.allTags.map { "#" + $0 }.joined(separator: " ")
                let line = MatchedLine.line(in: tags, terms: highlights) ?? widened.flatMap { MatchedLine.line(in: tags, pattern: $0)?.line }
                hits.append(SearchHit(entry: shown, line: line, terms: highlights))
            }
        }
        return hits
    }
}
