import Foundation

/// One category, many names: a category is journal.yml's key (`stuff`), and a built-in one also goes
/// by its name in every catalogue language (`일상`). Input takes any of them; headers written by hand
/// keep what they say and still count as that category; display shows the messages' language.
extension Settings {
    /// Each built-in category key with its names in every catalogue language (`stuff` → [stuff, 일상]).
    static let builtInNames: [String: [String]] = {
        var names: [String: [String]] = [:]
        for language in Catalogues.languages {
            for (key, value) in Catalogues.table(language)?.withPrefix("category.") ?? [] {
                let category = String(key.dropFirst("category.".count))
                if names[category] == nil { names[category] = [category] }
                if names[category]?.contains(value) == false { names[category]?.append(value) }
            }
        }
        return names
    }()

    /// journal.yml's category that `given` names: by its key, or a built-in one by its name in any
    /// language (`일상` and `stuff` are the same category). Nil for a name journal.yml does not know.
    public func category(named given: String) -> Category? {
        if let exact = categories.first(where: { $0.name == given }) { return exact }
        return categories.first { Settings.builtInNames[$0.name]?.contains(given) ?? false }
    }

    /// Every name an entry's `category:` may hold for journal.yml's category `key`: the key, then a
    /// built-in one's names in every language that no other category of journal.yml has as its key.
    public func names(of key: String) -> [String] {
        let others = (Settings.builtInNames[key] ?? []).filter { name in
            name != key && !categories.contains { $0.name == name }
        }
        return [key] + others
    }

    /// journal.yml's categories as the messages' language shows them (`업무` for `work`).
    public var shownCategoryNames: [String] { categories.map { Say.categoryName($0.name) } }

    /// The categories, as shown, that `given` looks like a typo of (by any of their names); maybe none.
    public func likelyCategories(for given: String) -> [String] {
        categories.filter { category in names(of: category.name).contains { Nearest.isTypo(given, of: $0) } }
            .map { Say.categoryName($0.name) }
    }
}

extension Journal {
    /// `query` with its category named by every name it goes by (a filter of `일상` finds `category: stuff`
    /// and `category: 일상` alike).
    func withCategoryNames(_ query: EntryQuery) -> EntryQuery {
        guard let given = query.category, let known = settings.category(named: given) else { return query }
        var expanded = query
        expanded.category = known.name
        expanded.categoryNames = settings.names(of: known.name)
        return expanded
    }

    /// The warning for an entry whose header names a category journal.yml does not know (written by
    /// hand, or synced from a journal that has it): kept as written, and said once, with the names it
    /// could have meant. Nil for a known category or none.
    public func unknownCategoryWarning(_ entry: Entry) -> String? {
        guard settingsProblem == nil, let name = entry.category, settings.category(named: name) == nil else { return nil }
        let likely = settings.likelyCategories(for: name)
        return likely.isEmpty
            ? Say.unknownCategoryInEntry(entry.path, name, known: settings.shownCategoryNames)
            : Say.unknownCategoryInEntry(entry.path, name, meant: likely)
    }
}

/// Which of a few names a typed word was meant to be.
public enum Nearest {
    /// The name closest to `word` by edit distance (a swap of two letters counts as one edit), when it
    /// is close enough to be a typo.
    public static func name(_ word: String, among names: [String]) -> String? {
        let scored = names.map { ($0, editDistance(word.lowercased(), $0)) }
        guard let best = scored.min(by: { $0.1 < $1.1 }) else { return nil }
        return best.1 <= allowed(word) ? best.0 : nil
    }

    /// Whether `word` is `name` with a typo or two (never equal).
    public static func isTypo(_ word: String, of name: String) -> Bool {
        let distance = editDistance(word.lowercased(), name.lowercased())
        return distance > 0 && distance <= allowed(word)
    }

    private static func allowed(_ word: String) -> Int { max(1, min(2, word.count / 3)) }

    /// Optimal string alignment distance: insertions, deletions, substitutions and adjacent swaps.
    public static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var d = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { d[i][0] = i }
        for j in 0...b.count { d[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1) }
            }
        }
        return d[a.count][b.count]
    }
}
