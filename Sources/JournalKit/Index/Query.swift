import Foundation
import GRDB

/// Which entries a command wants; every filter is optional and they combine with AND.
public struct EntryQuery: Sendable, Equatable {
    public var from: LocalDay?
    public var to: LocalDay?
    public var category: String?
    /// Entries carrying every one of these tags (header or inline).
    public var tags: [String] = []
    /// With `anyTag`, entries carrying at least one of `tags` instead.
    public var anyTag = false
    public var notTags: [String] = []
    public var starred = false
    /// Words and word prefixes, from the full-text index.
    public var contains: String?
    /// Entries whose local date falls on this month and day (`MM-DD`).
    public var monthDay: String?
    public var limit: Int?
    public var oldestFirst = false
    /// Only entries whose header cannot be read.
    public var broken = false

    public init(tags: [String] = [], category: String? = nil, broken: Bool = false, limit: Int? = nil) {
        self.tags = tags
        self.category = category
        self.broken = broken
        self.limit = limit
    }
}

/// A full-text query as the user types it: words (matched as word prefixes), "quoted phrases",
/// and -excluded words, all case- and accent-insensitive. Korean in a word is found anywhere inside
/// words, its last syllable as typed so far (`Hangul`).
public struct SearchText: Sendable, Equatable {
    public var words: [String] = []
    public var phrases: [String] = []
    public var excluded: [String] = []

    public init(_ text: String) {
        var current = ""
        var quoted = false
        func finish() {
            let word = current.trimmingCharacters(in: .whitespaces)
            current = ""
            guard !word.isEmpty else { return }
            if quoted {
                phrases.append(word)
            } else if word.hasPrefix("-"), word.count > 1 {
                excluded.append(String(word.dropFirst()))
            } else {
                words.append(word)
            }
        }
        for c in text {
            if c == "\"" {
                finish()
                quoted.toggle()
            } else if c.isWhitespace && !quoted {
                finish()
            } else {
                current.append(c)
            }
        }
        finish()
    }

    public var isEmpty: Bool { fts == nil }

    /// The terms to look for when showing where an entry matched.
    /// The terms to look for when showing where an entry matched.
    public var highlights: [String] { words.map(SearchText.stripPunctuation) + phrases }

    /// Where `highlights` find no line: a Korean word's last syllable may have been typed on (`만나`
    /// found `만났다`), so its other syllables mark the place.
    public var typedOnHighlights: [String] {
        words.map(SearchText.stripPunctuation).compactMap { word in
            guard word.count > 1, let last = word.unicodeScalars.last, Hangul.isSyllable(last) else { return nil }
            return String(word.dropLast())
        }
    }

    /// The FTS5 query: each word a prefix (Korean: found inside words), each phrase exact, exclusions with NOT.
    var fts: String? {
        let positive = words.compactMap { SearchText.term($0) } + phrases.map(SearchText.quote)
        guard !positive.isEmpty else { return nil }
        var query = positive.joined(separator: " AND ")
        for term in excluded.compactMap({ SearchText.term($0) }) {
            query += " NOT " + term
        }
        return query
    }

    /// For a query with Korean words: the entries holding them as whole words, which rank first.
    var wholeWordFTS: String? {
        let stripped = words.map(SearchText.stripPunctuation).filter { !$0.isEmpty }
        guard stripped.contains(where: { $0.unicodeScalars.contains(where: Hangul.isSyllable) }) else { return nil }
        return (stripped.map { word in
            word.unicodeScalars.contains(where: Hangul.isSyllable)
                ? "{title body tags} : " + SearchText.quote(word) : SearchText.quote(word) + "*"
        } + phrases.map(SearchText.quote)).joined(separator: " AND ")
    }

    /// One word's FTS5 term: runs of Hangul syllables found anywhere inside words (a run that ends
    /// the word as typed so far), the rest as word prefixes; nil when nothing is left. An excluded word
    /// leaves out what it would find.
    private static func term(_ word: String) -> String? {
        let word = stripPunctuation(word)
        var parts: [String] = []
        var run: [Unicode.Scalar] = []
        var other = String.UnicodeScalarView()
        func flushOther() {
            let text = stripPunctuation(String(other))
            if !text.isEmpty { parts.append(quote(text) + "*") }
            other = String.UnicodeScalarView()
        }
        for scalar in word.unicodeScalars {
            if Hangul.isSyllable(scalar) {
                flushOther()
                run.append(scalar)
            } else {
                if !run.isEmpty { parts.append(Hangul.expression(run, typing: false)) }
                run = []
                other.append(scalar)
            }
        }
        flushOther()
        if !run.isEmpty { parts.append(Hangul.expression(run, typing: true)) }
        guard !parts.isEmpty else { return nil }
        return parts.count == 1 ? parts[0] : "(" + parts.joined(separator: " AND ") + ")"
    }

    private static func quote(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// The tokenizer drops punctuation; a word made of it alone matches nothing.
    private static func stripPunctuation(_ word: String) -> String {
        word.trimmingCharacters(in: CharacterSet.punctuationCharacters.union(.symbols).subtracting(CharacterSet(charactersIn: "#")))
            .trimmingCharacters(in: CharacterSet(charactersIn: "#"))
    }
}

extension EntryIndex {
    /// The SQL condition and arguments of a query's filters (on table `entry`).
    static func conditions(_ query: EntryQuery) -> (String, StatementArguments) {
        var clauses: [String] = []
        var arguments: StatementArguments = []
        // A day is the writer's own, so it bounds the instant only within the writer's offset, which is under a
        // day wherever it comes from (a header's is read up to 23:59, a zone's is, a commit's is kept only under a
        // day: Repository.offsetSeconds): the instant's bounds, two days wider, let SQLite walk `entry_created` in
        // the order asked and stop at the limit, instead of reading every entry of the days and sorting them
        // (10,154 entries of a year at 100,000: 11 ms). The days still decide.
        let slack = 2 * 86_400
        if let from = query.from {
            clauses.append("entry.day >= ? AND entry.created >= ?")
            _ = arguments.append(contentsOf: [from.description, from.daysSinceEpoch * 86_400 - slack])
        }
        if let to = query.to {
            clauses.append("entry.day <= ? AND entry.created < ?")
            _ = arguments.append(contentsOf: [to.description, (to.daysSinceEpoch + 1) * 86_400 + slack])
        }
        if let category = query.category {
            clauses.append("entry.category = ?")
            _ = arguments.append(contentsOf: [category])
        }
        if query.starred { clauses.append("entry.starred = 1") }
        if query.broken { clauses.append("entry.problem_line IS NOT NULL") }
        if let monthDay = query.monthDay {
            clauses.append("substr(entry.day, 6) = ?")
            _ = arguments.append(contentsOf: [monthDay])
        }
        let tagKeys = query.tags.map(Tag.key)
        if query.anyTag, !tagKeys.isEmpty {
            let (condition, keys) = Tags.condition(tagKeys)
            clauses.append("entry.n IN (SELECT n FROM tag WHERE \(condition))")
            _ = arguments.append(contentsOf: StatementArguments(keys))
        } else {
            for key in tagKeys {
                let (condition, keys) = Tags.condition([key])
                clauses.append("entry.n IN (SELECT n FROM tag WHERE \(condition))")
                _ = arguments.append(contentsOf: StatementArguments(keys))
            }
        }
        for key in query.notTags.map(Tag.key) {
            let (condition, keys) = Tags.condition([key])
            clauses.append("entry.n NOT IN (SELECT n FROM tag WHERE \(condition))")
            _ = arguments.append(contentsOf: StatementArguments(keys))
        }
        if let contains = query.contains {
            // A query with no searchable word matches nothing rather than everything.
            clauses.append("entry.n IN (SELECT rowid FROM text WHERE text MATCH ?)")
            _ = arguments.append(contentsOf: [SearchText(contains).fts ?? "\"\""])
        }
        return (clauses.isEmpty ? "1" : clauses.joined(separator: " AND "), arguments)
    }

    /// Entries matching `query`, newest first (or oldest first), without their text.
    func entries(_ query: EntryQuery) throws(JournalError) -> [Entry] {
        let (condition, arguments) = EntryIndex.conditions(query)
        let order = query.oldestFirst ? "entry.created, entry.path" : "entry.created DESC, entry.path DESC"
        let limit = query.limit.map { " LIMIT \($0)" } ?? ""
        return try read { db in
            let source = try EntryIndex.walksDates(query, db) ? "entry INDEXED BY entry_created" : "entry"
            return try EntryIndex.entries(
                db, sql: "SELECT \(EntryIndex.entryColumns) FROM \(source) WHERE \(condition) ORDER BY \(order)\(limit)",
                arguments: arguments)
        }
    }

    /// Whether the first few entries carrying a tag are better found by walking every entry in date order
    /// and keeping the tagged ones (`entry_created`) than by reading every tagged entry and sorting them, which
    /// is what SQLite does, knowing nothing of how common one tag is. Reading an entry found through the tag
    /// costs about as much as walking 16 entries in date order, and walking finds `limit` of `count` tagged
    /// among `total` after about `limit * total / count` (if the tag is spread over time): so walk when
    /// `count * count * 16 > limit * total`. `total` is the highest entry number, at least the number of
    /// entries (an edited entry is numbered anew), which leans to SQLite's plan.
    /// At 100,000 entries, `list --tag` of a tag on 3,104 entries took 13 ms the one way, 3 the other; one on 55
    /// entries, 4 and 11. Only for tags and nothing else, whose counts tell how far the walk goes.
    private static func walksDates(_ query: EntryQuery, _ db: Database) throws -> Bool {
        var tagsOnly = EntryQuery(tags: query.tags, limit: query.limit)
        tagsOnly.anyTag = query.anyTag
        tagsOnly.oldestFirst = query.oldestFirst
        guard let limit = query.limit, !query.tags.isEmpty, query == tagsOnly else { return false }
        var counts: [Int] = []
        for key in query.tags.map(Tag.key) {
            let (condition, keys) = Tags.condition([key])
            counts.append(try Int.fetchOne(db, sql: "SELECT count(*) FROM tag WHERE \(condition)", arguments: StatementArguments(keys)) ?? 0)
        }
        let count = query.anyTag ? counts.reduce(0, +) : counts.min() ?? 0
        let total = try Int.fetchOne(db, sql: "SELECT max(n) FROM entry") ?? 0
        return count * count * 16 > limit * total
    }

    /// Visits matching entries in order until `visit` returns false (for scans that read files, like --grep).
    func forEach(_ query: EntryQuery, _ visit: (Entry) throws -> Bool) throws(JournalError) {
        let (condition, arguments) = EntryIndex.conditions(query)
        let order = query.oldestFirst ? "entry.created, entry.path" : "entry.created DESC, entry.path DESC"
        try read { db in
            try EntryIndex.forEachEntry(
                db, sql: "SELECT \(EntryIndex.entryColumns) FROM entry WHERE \(condition) ORDER BY \(order)", arguments: arguments, visit)
        }
    }

    /// Entries matching a full-text query and the filters, best match first (titles weigh more).
    func search(_ text: SearchText, _ query: EntryQuery) throws(JournalError) -> [Entry] {
        guard let fts = text.fts else { return [] }
        let (condition, filterArguments) = EntryIndex.conditions(query)
        // Korean is found inside words; entries holding the Korean words whole come first.
        var wholeWords = ""
        var arguments: StatementArguments = [fts]
        _ = arguments.append(contentsOf: filterArguments)
        if let whole = text.wholeWordFTS {
            wholeWords = "text.rowid IN (SELECT rowid FROM text WHERE text MATCH ?) DESC, "
            _ = arguments.append(contentsOf: [whole])
        }
        let limit = query.limit.map { " LIMIT \($0)" } ?? ""
        return try read { db in
            try EntryIndex.entries(
                db,
                sql: """
                    SELECT \(EntryIndex.entryColumns) FROM text JOIN entry ON entry.n = text.rowid
                    WHERE text MATCH ? AND \(condition)
                    ORDER BY \(wholeWords)bm25(text, 5.0, 1.0, 2.0, 1.0), entry.created DESC\(limit)
                    """,
                arguments: arguments)
        }
    }

    /// The entry `text` names: a unique id prefix, or an exact path.
    func entries(idPrefix prefix: String) throws(JournalError) -> [Entry] {
        try read { db in
            try EntryIndex.entries(
                db, sql: "SELECT \(EntryIndex.entryColumns) FROM entry WHERE id >= ? AND id < ? ORDER BY created DESC LIMIT 20",
                arguments: [prefix, prefix + "\u{FFFF}"])
        }
    }

    func entry(path: String) throws(JournalError) -> Entry? {
        try read { db in
            try EntryIndex.entries(db, sql: "SELECT \(EntryIndex.entryColumns) FROM entry WHERE path = ?", arguments: [path]).first
        }
    }

    /// Every tag with the number of entries carrying it, most used first.
    func tagCounts() throws(JournalError) -> [(tag: String, count: Int)] {
        try read { db in
            try Row.fetchAll(
                db, sql: "SELECT min(name) AS name, count(*) AS count FROM tag GROUP BY key ORDER BY count DESC, key"
            ).map { ($0["name"], $0["count"]) }
        }
    }

    /// How many entries name each category (nil: none).
    func categoryCounts() throws(JournalError) -> [String?: Int] {
        try read { db in
            var counts: [String?: Int] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT category, count(*) AS count FROM entry GROUP BY category") {
                counts[row["category"] as String?] = row["count"]
            }
            return counts
        }
    }
}
