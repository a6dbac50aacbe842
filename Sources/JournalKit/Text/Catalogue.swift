/// One language's messages (`Catalogues`), sorted by key and found by halving: nothing is built when a
/// command starts. (A dictionary of a thousand messages was hashed whole by every command's first message,
/// and both languages' by the first category shown.)
struct Catalogue: Sendable {
    /// Key and text, in key order (`scripts/embed-catalogues.sh` sorts them; `CatalogueTests` holds it).
    let entries: [(key: String, text: String)]

    subscript(key: String) -> String? {
        var low = 0
        var high = entries.count
        while low < high {
            let middle = (low + high) / 2
            if entries[middle].key < key { low = middle + 1 } else { high = middle }
        }
        return low < entries.count && entries[low].key == key ? entries[low].text : nil
    }

    /// The messages whose key starts with `prefix` (`category.`), in key order.
    func withPrefix(_ prefix: String) -> ArraySlice<(key: String, text: String)> {
        var low = 0
        var high = entries.count
        while low < high {
            let middle = (low + high) / 2
            if entries[middle].key < prefix { low = middle + 1 } else { high = middle }
        }
        var end = low
        while end < entries.count, entries[end].key.hasPrefix(prefix) { end += 1 }
        return entries[low..<end]
    }
}
