import Foundation

extension Journal {
    /// Calls `visit` with each entry matching `query` — whole, text and all, read from its file — one at a time
    /// and in the query's order, and, with `grep`, only those whose file matches it. Exports and shares go
    /// through here, so that no command holds the whole journal in memory.
    public func forEachEntry(
        _ query: EntryQuery, grep pattern: NSRegularExpression? = nil, _ visit: (Entry) throws -> Void
    ) throws {
        var scan = withCategoryNames(query)
        scan.limit = nil
        var visited = 0
        var failure: (any Error)?
        try textReady(for: query)
        try index().forEach(scan) { row in
            if let limit = query.limit, visited >= limit { return false }
            guard let data = FileSystem.contents(root + "/" + row.path) else { return true }
            if let pattern {
                let text = String(decoding: data, as: UTF8.self)
                guard pattern.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil else { return true }
            }
            do {
                try visit(decode(data, path: row.path))
            } catch {
                failure = error
                return false
            }
            visited += 1
            return true
        }
        if let failure { throw failure }
    }

    /// The files under `attachments/<id>/`, relative to the journal, sorted: what an entry links to.
    public func attachments(of id: String) -> [String] {
        let folder = root + "/" + Journal.attachmentFolder(of: id)
        guard FileSystem.isFolder(folder) else { return [] }
        return FileSystem.files(under: folder, relativeTo: root).sorted()
    }
}
