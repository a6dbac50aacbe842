import Foundation
import GRDB

/// Which entries a command wants; every filter is optional and they combine with AND.
public struct EntryQuery: Sendable, Equatable {
    public var from: LocalDay?
    public var to: LocalDay?
    public var category: String?
    /// Every name `category` goes by in headers (`stuff`, `일상`); empty: only `category` itself.
    public var categoryNames: [String] = []
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

    public init(_ typed: String) {
        // A consonant cluster typed alone (ㅄ) is its two consonants (ㅂㅅ), as initials are read.
        let text = typed.unicodeScalars.contains { $0.value >= 0x3133 && $0.value <= 0x3144 }
            ? String(String.UnicodeScalarView(typed.unicodeScalars.flatMap(Hangul.clusterParts))) : typed
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
    public var highlights: [String] { words.map(SearchText.stripPunctuation).filter { !$0.isEmpty } + phrases }

    /// Where `highlights` find no line: what each word finds besides itself, as a pattern (a last syllable
    /// typed on, `비` in `빚었다`; a stem's irregular form, `걷` in `걸었다`; a consonant typed alone,
    /// `떡ㅂ` in `떡볶이`, `ㄸㅂㅇ`); nil when the words are all plain.
    public var pattern: NSRegularExpression? {
        let alternatives = words.compactMap { word -> String? in
            let pieces = SearchText.pieces(word)
            guard pieces.contains(where: \.widens) else { return nil }
            return pieces.map(\.pattern).joined()
        }
        guard !alternatives.isEmpty else { return nil }
        return try? NSRegularExpression(pattern: alternatives.joined(separator: "|"), options: [.caseInsensitive])
    }

    /// The FTS5 query: each word a prefix (Korean: found inside words), each phrase exact, exclusions with NOT.
    var fts: String? { fts(grams: nil) }

    /// `fts`, a consonant typed alone standing for the syllables `grams` finds in the index there.
    func fts(grams: Hangul.GramLookup?) -> String? {
        let positive = words.compactMap { SearchText.term($0, grams: grams) } + phrases.map(SearchText.quote)
        guard !positive.isEmpty else { return nil }
        var query = positive.joined(separator: " AND ")
        for term in excluded.compactMap({ SearchText.term($0, grams: grams) }) {
            query += " NOT " + term
        }
        return query
    }

    /// Whether a word holds consonants typed alone, or ends in a syllable whose last consonant may begin the
    /// next one (`행` on the way to `해운대`), which `fts(grams:)` looks up in the index.
    var typesConsonants: Bool {
        (words + excluded).contains { word in
            word.unicodeScalars.contains { Hangul.consonantInitial($0) != nil }
                || SearchText.pieces(word).contains { piece in
                    guard case .korean(let forms, _) = piece else { return false }
                    return forms.contains { form in form.contains { if case .initial = $0 { true } else { false } } }
                }
        }
    }

    /// For a query with Korean words: the entries holding them as whole words rank first, then those
    /// holding them at the start of a word (`비가` for `비`), then the rest (`빚었다`, `장비`).
    var rankFTS: (whole: String, start: String)? {
        let stripped = words.map(SearchText.stripPunctuation).filter { word in
            !word.isEmpty && !word.unicodeScalars.contains { Hangul.consonantInitial($0) != nil || Hangul.emojiToken($0) != nil }
        }
        guard stripped.contains(where: { $0.unicodeScalars.contains(where: Hangul.isSyllable) }) else { return nil }
        func expression(_ korean: (String) -> String) -> String {
            (stripped.map { word in
                word.unicodeScalars.contains(where: Hangul.isSyllable) ? korean(word) : SearchText.quote(word) + "*"
            } + phrases.map(SearchText.quote)).joined(separator: " AND ")
        }
        return (expression { "{title body tags} : " + SearchText.quote($0) }, expression { "{title body tags} : " + SearchText.quote($0) + "*" })
    }

    /// The entries whose title holds every word (at a word's start) and every phrase: they rank first, so that a
    /// search for a note's name (`보관함 생성`) finds that note before the notes that only mention it. Words of
    /// consonants typed alone or of emoji are left to the rest of the ranking; nil when no word is left.
    var titleFTS: String? {
        let stripped = words.map(SearchText.stripPunctuation).filter { word in
            !word.isEmpty && !word.unicodeScalars.contains { Hangul.consonantInitial($0) != nil || Hangul.emojiToken($0) != nil }
        }
        let terms = stripped.map { "{title} : " + SearchText.quote($0) + "*" } + phrases.map { "{title} : " + SearchText.quote($0) }
        return terms.isEmpty ? nil : terms.joined(separator: " AND ")
    }

    /// A word cut into what is searched differently: Korean runs, emoji, and the rest.
    enum Piece {
        /// A run's forms; `literal`: initials alone are also found as typed (`ㅋㅋ` in a text).
        case korean([[Hangul.Slot]], literal: String?)
        case emoji(Unicode.Scalar, token: String)
        case other(String)

        /// Whether this piece finds more than its own text.
        var widens: Bool {
            guard case .korean(let forms, _) = self else { return false }
            return forms.count > 1 || forms.contains { form in
                form.contains { slot in
                    if case .one(let syllables) = slot { return syllables.count > 1 }
                    return true
                }
            }
        }

        /// The regular expression of what this piece finds in a line.
        var pattern: String {
            switch self {
            case .korean(let forms, let literal):
                return "(?:" + (literal.map { NSRegularExpression.escapedPattern(for: $0) + "|" } ?? "") + forms.map { form in
                    form.map { slot in
                        switch slot {
                        case .one(let syllables): "[" + String(String.UnicodeScalarView(syllables)) + "]"
                        case .initial(let initial):
                            "[" + String(Hangul.syllables(initial: initial).lowerBound) + "-" + String(Hangul.syllables(initial: initial).upperBound) + "]"
                        }
                    }.joined()
                }.joined(separator: "|") + ")"
            case .emoji(let scalar, _): return NSRegularExpression.escapedPattern(for: String(scalar))
            case .other(let text): return NSRegularExpression.escapedPattern(for: text)
            }
        }
    }

    /// `word` without its punctuation, cut into pieces; the Korean run at its end as typed so far.
    static func pieces(_ word: String) -> [Piece] {
        var pieces: [Piece] = []
        var run: [Unicode.Scalar] = []
        var other = String.UnicodeScalarView()
        func flushOther() {
            let text = stripPunctuation(String(other))
            if !text.isEmpty { pieces.append(.other(text)) }
            other = String.UnicodeScalarView()
        }
        func flushRun(typing: Bool) {
            guard !run.isEmpty else { return }
            if let forms = Hangul.forms(run, typing: typing) {
                let initialsAlone = run.allSatisfy { Hangul.consonantInitial($0) != nil }
                pieces.append(.korean(forms, literal: initialsAlone ? String(String.UnicodeScalarView(run)) : nil))
            } else {
                other.append(contentsOf: run)  // consonants typed alone that stand for nothing: as written
                flushOther()
            }
            run = []
        }
        for scalar in stripPunctuation(word).unicodeScalars {
            if Hangul.isSyllable(scalar) || Hangul.consonantInitial(scalar) != nil {
                flushOther()
                // Consonants typed alone only close a run (`떡ㅂ`) or make one (`ㄸㅂㅇ`).
                if let previous = run.last, Hangul.consonantInitial(previous) != nil, Hangul.isSyllable(scalar) { flushRun(typing: false) }
                run.append(scalar)
            } else if let token = Hangul.emojiToken(scalar) {
                flushRun(typing: false)
                flushOther()
                pieces.append(.emoji(scalar, token: token))
            } else if scalar == "\u{FE0F}" || scalar == "\u{200D}" || scalar.properties.isEmojiModifier {
                continue  // an emoji's presentation, joiner or skin tone: searched by its base
            } else {
                flushRun(typing: false)
                other.append(scalar)
            }
        }
        flushOther()
        flushRun(typing: true)
        return pieces
    }

    /// One word's FTS5 term: runs of Hangul syllables found anywhere inside words (a run that ends
    /// the word as typed so far, a stem in its irregular forms too), emoji by their gram token, the
    /// rest as word prefixes; nil when nothing is left. An excluded word leaves out what it would find.
    private static func term(_ word: String, grams: Hangul.GramLookup?) -> String? {
        let parts = pieces(word).map { piece in
            switch piece {
            case .korean(let forms, let literal):
                literal.map { "(" + Hangul.expression(forms, grams: grams) + " OR " + quote($0) + "*)" } ?? Hangul.expression(forms, grams: grams)
            case .emoji(_, let token): "grams : " + quote(token)
            case .other(let text): quote(text) + "*"
            }
        }
        guard !parts.isEmpty else { return nil }
        return parts.count == 1 ? parts[0] : "(" + parts.joined(separator: " AND ") + ")"
    }

    private static func quote(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// The tokenizer drops punctuation; a word made of it alone matches nothing. Emoji stay: the gram
    /// column holds them.
    static func stripPunctuation(_ word: String) -> String {
        let strip = CharacterSet.punctuationCharacters.union(.symbols).subtracting(CharacterSet(charactersIn: "#"))
        var scalars = Substring(word).unicodeScalars
        while let first = scalars.first, strip.contains(first), Hangul.emojiToken(first) == nil { scalars.removeFirst() }
        while let last = scalars.last, strip.contains(last), Hangul.emojiToken(last) == nil { scalars.removeLast() }
        return String(scalars).trimmingCharacters(in: CharacterSet(charactersIn: "#"))
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
            let names = query.categoryNames.isEmpty ? [category] : query.categoryNames
            clauses.append("entry.category IN (" + names.map { _ in "?" }.joined(separator: ", ") + ")")
            _ = arguments.append(contentsOf: StatementArguments(names))
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
        try read { db in
            let (sql, arguments) = try EntryIndex.select(query, db)
            return try EntryIndex.entries(db, sql: sql, arguments: arguments)
        }
    }

    /// The rows of `entries(query)`, as SQLite holds them, each handed to `visit`: what a server sends a
    /// command that asked it for them (`ServedRows`).
    func forEachRow(_ query: EntryQuery, _ visit: (RawStatement.Columns) -> Void) throws(JournalError) {
        try read { db in
            let (sql, arguments) = try EntryIndex.select(query, db)
            let statement = try db.cachedStatement(sql: sql)
            try statement.setArguments(arguments)
            var raw = RawStatement(statement)
            try raw.forEachRow(db) { visit(RawStatement.Columns($0)) }
        }
    }

    /// The statement that selects `query`'s entries (`entryColumns`), in its order.
    private static func select(_ query: EntryQuery, _ db: Database) throws -> (String, StatementArguments) {
        let (condition, arguments) = EntryIndex.conditions(query)
        let order = query.oldestFirst ? "entry.created, entry.path" : "entry.created DESC, entry.path DESC"
        let limit = query.limit.map { " LIMIT \($0)" } ?? ""
        let source = try EntryIndex.walksDates(query, db) ? "entry INDEXED BY entry_created" : "entry"
        return ("SELECT \(EntryIndex.entryColumns) FROM \(source) WHERE \(condition) ORDER BY \(order)\(limit)", arguments)
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
        // Korean is found inside words; entries holding the Korean words whole come first, then those
        // holding them at a word's start.
        // A title that holds every word comes first of all: a note's name finds that note first.
        var wholeWords = ""
        var rankArguments: StatementArguments = []
        if let title = text.titleFTS {
            wholeWords = "(text.rowid IN (SELECT rowid FROM text WHERE text MATCH ?)) DESC, "
            rankArguments = [title]
        }
        if let rank = text.rankFTS {
            wholeWords += "(text.rowid IN (SELECT rowid FROM text WHERE text MATCH ?)) + (text.rowid IN (SELECT rowid FROM text WHERE text MATCH ?)) DESC, "
            _ = rankArguments.append(contentsOf: [rank.whole, rank.start])
        }
        let limit = query.limit.map { " LIMIT \($0)" } ?? ""
        return try read { db in
            // A consonant typed alone stands for the syllables the index holds there (its vocabulary).
            var fts = fts
            if text.typesConsonants {
                let lookup: Hangul.GramLookup = { from, to in
                    (try? String.fetchAll(
                        db, sql: "SELECT term FROM text_terms WHERE term >= ? AND term <= ? AND col = 'grams'", arguments: [from, to]
                    )) ?? []
                }
                fts = text.fts(grams: lookup) ?? fts
            }
            if condition == "1", let limit = query.limit,
               let found = try EntryIndex.topRanked(db, fts: fts, title: text.titleFTS, rank: text.rankFTS, limit: limit) {
                return found
            }
            var arguments: StatementArguments = [fts]
            _ = arguments.append(contentsOf: filterArguments)
            _ = arguments.append(contentsOf: rankArguments)
            return try EntryIndex.entries(
                db,
                sql: """
                    SELECT \(EntryIndex.entryColumns) FROM text JOIN entry ON entry.n = text.rowid
                    WHERE text MATCH ? AND \(condition)
                    ORDER BY \(wholeWords)bm25(text, 5.0, 1.0, 2.0, 1.0), entry.created DESC\(limit)
                    """,
                arguments: arguments)
        }
    }

    /// The first `limit` hits of a search with no filter, in `search`'s order, ranked by the text index
    /// alone: only the `limit` best are looked up in the entry table (looking up every match was a third of
    /// a common word's search at 100,000 entries). Nil when that cannot be told without the entry table:
    /// the last place shared with the next match (ties go by date, which the text index does not hold), or
    /// a match with no entry; the whole query answers then.
    static func topRanked(_ db: Database, fts: String, title: String?, rank: (whole: String, start: String)?, limit: Int) throws -> [Entry]? {
        guard limit > 0 else { return [] }
        // One number in `search`'s order: the title's match (3) above the Korean words' whole (1) and start (1).
        var words = "0"
        var arguments: StatementArguments = []
        if let title {
            words += " + 3 * (rowid IN (SELECT rowid FROM text WHERE text MATCH ?))"
            _ = arguments.append(contentsOf: [title])
        }
        if let rank {
            words += " + (rowid IN (SELECT rowid FROM text WHERE text MATCH ?)) + (rowid IN (SELECT rowid FROM text WHERE text MATCH ?))"
            _ = arguments.append(contentsOf: [rank.whole, rank.start])
        }
        _ = arguments.append(contentsOf: [fts])
        let statement = try db.cachedStatement(
            sql: "SELECT rowid, \(words), bm25(text, 5.0, 1.0, 2.0, 1.0) FROM text WHERE text MATCH ? ORDER BY 2 DESC, 3 LIMIT \(limit + 1)")
        try statement.setArguments(arguments)
        var ranked: [(n: Int, words: Int, score: Double)] = []
        var raw = RawStatement(statement)
        try raw.forEachRow(db) { row in
            let columns = RawStatement.Columns(row)
            ranked.append((columns.int(0) ?? 0, columns.int(1) ?? 0, columns.double(2) ?? 0))
        }
        if ranked.count > limit, ranked[limit - 1].words == ranked[limit].words, ranked[limit - 1].score == ranked[limit].score { return nil }
        var hits: [(words: Int, score: Double, entry: Entry)] = []
        for hit in ranked.prefix(limit) {
            guard let entry = try entries(db, sql: "SELECT \(entryColumns) FROM entry WHERE n = ?", arguments: [hit.n]).first else { return nil }
            hits.append((hit.words, hit.score, entry))
        }
        // Equal ranks go newest first, as in the whole query.
        hits.sort { a, b in
            a.words != b.words ? a.words > b.words : a.score != b.score ? a.score < b.score : a.entry.createdAt.date > b.entry.createdAt.date
        }
        return hits.map(\.entry)
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
