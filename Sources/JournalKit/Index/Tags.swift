import Foundation

/// The tag filter's piece of the snapshot's query (tags compare by `Tag.key`).
enum Tags {
    /// The `tag` table's condition for entries carrying any of these tags (keys), or a tag nested under one:
    /// `work` is found in `work/meeting` (as Obsidian's tag search finds it), not in `workshop`. A range
    /// of the key's index, `work/` up to `work0` (`0` is the byte after `/`).
    static func condition(_ keys: [String]) -> (sql: String, arguments: [String]) {
        let sql = keys.map { _ in "key = ? OR (key >= ? AND key < ?)" }.joined(separator: " OR ")
        return (sql, keys.flatMap { [$0, $0 + "/", $0 + "0"] })
    }
}
