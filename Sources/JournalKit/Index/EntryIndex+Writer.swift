import Foundation
import GRDB
import GRDBSQLite

/// The statements a write transaction uses.
extension EntryIndex {
    /// The statements a write transaction uses, prepared once.
    struct Writer {
        let db: Database
        let putFile: Statement
        let findEntry: Statement
        let deleteRow: Statement
        let deleteTags: Statement
        let insertEntry: Statement
        let insertTag: Statement
        let insertText: Statement
        let insertUntexted: Statement

        init(_ db: Database) throws {
            self.db = db
            putFile = try db.cachedStatement(sql: "INSERT OR REPLACE INTO file VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)")
            findEntry = try db.cachedStatement(sql: "SELECT n FROM entry WHERE path = ?")
            deleteRow = try db.cachedStatement(sql: "DELETE FROM entry WHERE n = ?")
            deleteTags = try db.cachedStatement(sql: "DELETE FROM tag WHERE n = ?")
            insertEntry = try db.cachedStatement(
                sql: """
                    INSERT INTO entry(path, id, created, offset, day, source, tz, category, title, starred, tags, all_tags,
                      updated, updated_offset, weather, temperature, weather_provider, weather_code, weather_text, humidity,
                      wind, place, latitude, longitude, problem_line, problem)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """)
            insertTag = try db.cachedStatement(sql: "INSERT OR IGNORE INTO tag VALUES (?, ?, ?)")
            insertText = try db.cachedStatement(sql: "INSERT INTO text(rowid, title, body, tags, grams) VALUES (?, ?, ?, ?, ?)")
            insertUntexted = try db.cachedStatement(sql: "INSERT OR IGNORE INTO untexted VALUES (?)")
        }

        func putFile(_ key: UInt64, _ path: String, _ stamp: FileStamp, hash: Int64, dirty: Bool) throws {
            var put = RawStatement(putFile)
            put.bind(Int64(bitPattern: key))
            put.bind(path)
            put.bind(Writer.folder(of: path))
            put.bind(stamp.size)
            put.bind(stamp.mtime)
            put.bind(stamp.ctime)
            put.bind(stamp.inode)
            put.bind(hash)
            put.bind(dirty)
            try put.run(db)
        }

        /// The folder a path is in ("" for the journal's own folder), as the walk names it.
        static func folder(of path: String) -> String {
            path.utf8.lastIndex(of: UInt8(ascii: "/")).map { String(path[..<$0]) } ?? ""
        }

        /// Folders' packed stamps as they are (a rebuild's, from the walk: 100,000 rows of `file` not read back).
        func putFolders(_ folders: [(path: String, stamps: Data)]) throws {
            let put = try db.cachedStatement(sql: "INSERT OR REPLACE INTO folder VALUES (?, ?)")
            for folder in folders { try put.execute(arguments: [folder.path, folder.stamps]) }
        }

        /// Makes the `folder` rows of `folders` agree with `file` again, after its rows changed.
        func rewriteFolders(_ folders: Set<PathBytes>) throws {
            let select = try db.cachedStatement(sql: "SELECT key, size, mtime, ctime, inode FROM file WHERE folder = ? ORDER BY key")
            let put = try db.cachedStatement(sql: "INSERT OR REPLACE INTO folder VALUES (?, ?)")
            let drop = try db.cachedStatement(sql: "DELETE FROM folder WHERE path = ?")
            for folder in folders.map(\.path) {
                var stamps: [PackedStamp] = []
                var rows = RawStatement(select)
                rows.bind(folder)
                try rows.forEachRow(db) { raw in
                    let column = { sqlite3_column_int64(raw, $0) }
                    stamps.append(PackedStamp(key: column(0), stamp: FileStamp(size: column(1), mtime: column(2), ctime: column(3), inode: column(4))))
                }
                if stamps.isEmpty {
                    try drop.execute(arguments: [folder])
                } else {
                    try put.execute(arguments: [folder, PackedStamp.pack(stamps)])
                }
            }
        }

        /// Drops an entry's row and tags; its words stay in the contentless text index, orphaned.
        func deleteEntry(_ path: String) throws {
            var find = RawStatement(findEntry)
            find.bind(path)
            guard let n = try find.int64(db) else { return }
            try deleteRow.execute(arguments: [n])
            try deleteTags.execute(arguments: [n])
            try db.execute(sql: "DELETE FROM untexted WHERE n = ?", arguments: [n])
            try db.execute(
                sql: "INSERT INTO meta VALUES ('stale', '1') ON CONFLICT(key) DO UPDATE SET value = value + 1")
        }

        /// `insert`, once `settle` has dated an entry whose file names no date.
        func insert(_ entry: Entry, text: TextColumns?, settle: (inout Entry) -> Void) throws {
            var entry = entry
            if entry.dateSource == .modificationTime { settle(&entry) }
            try insert(entry, text: text)
        }

        /// With `text`, the entry is in the full-text index at once; without, it waits in `untexted`.
        func insert(_ entry: Entry, text: TextColumns?) throws {
            let tags = entry.allTags
            var row = RawStatement(insertEntry)
            row.bind(entry.path)
            row.bind(entry.id)
            row.bind(entry.createdAt.date.timeIntervalSince1970)
            row.bind(entry.createdAt.offsetSeconds)
            row.bind(entry.createdAt.localDay.description)
            row.bind(entry.dateSource.rawValue)
            row.bind(entry.timeZone)
            row.bind(entry.category)
            row.bind(entry.title)
            row.bind(entry.starred)
            row.bind(entry.tags.joined(separator: "\n"))
            row.bind(tags.joined(separator: "\n"))
            row.bind(entry.updatedAt?.date.timeIntervalSince1970)
            row.bind(entry.updatedAt?.offsetSeconds)
            row.bind(entry.weather?.condition)
            row.bind(entry.weather?.temperatureC)
            row.bind(entry.weather?.provider)
            row.bind(entry.weather?.code)
            row.bind(entry.weather?.description)
            row.bind(entry.weather?.humidity)
            row.bind(entry.weather?.windKph)
            row.bind(entry.location?.name)
            row.bind(entry.location?.latitude)
            row.bind(entry.location?.longitude)
            row.bind(entry.problem?.line)
            row.bind(entry.problem?.reason)
            try row.run(db)
            let n = db.lastInsertedRowID
            var tag = RawStatement(insertTag)
            for name in tags {
                tag.bind(Tag.key(name))
                tag.bind(n)
                tag.bind(name)
                try tag.run(db)
            }
            if let text {
                try insertText(n, text)
            } else {
                var untexted = RawStatement(insertUntexted)
                untexted.bind(n)
                try untexted.run(db)
            }
        }

        func insertText(_ n: Int64, _ text: TextColumns) throws {
            var row = RawStatement(insertText)
            row.bind(n)
            row.bind(text.title)
            row.bind(text.body)
            row.bind(text.tags)
            row.bind(text.grams)
            try row.run(db)
        }
    }
}
