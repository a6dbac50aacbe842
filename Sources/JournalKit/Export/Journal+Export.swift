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
        Journal.attachments(of: id, root: root)
    }

    /// One file of `attachments/<id>/` (`parts`: the names below it), as the web view serves it: every part
    /// a plain name, no folder on the way a symbolic link, the file a plain one; nil otherwise.
    public func attachmentData(of id: String, at parts: [String]) -> Data? {
        guard let name = parts.last,
              ([id] + parts).allSatisfy({ !$0.isEmpty && $0 != "." && $0 != ".." && !$0.contains("/") && !$0.contains("\0") })
        else { return nil }
        var folder = root + "/" + Journal.attachmentsFolder
        // `attachments/` itself too: a remote can bring a link in its place as well as below it.
        guard FileSystem.isRealFolder(folder) else { return nil }
        for part in [id] + parts.dropLast() {
            folder += "/" + part
            guard FileSystem.isRealFolder(folder) else { return nil }
        }
        return FileSystem.contents(folder + "/" + name)
    }
}
