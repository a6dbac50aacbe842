import Foundation

/// A folder of Markdown notes (Obsidian daily notes and the like), or one note. Each `.md` file becomes
/// an entry: dated by its front matter (`date:`, `created:`), else a `YYYY-MM-DD` in its name, else its
/// modification time; tagged by its front matter's `tags` and its `#hashtags`; its text kept as it is,
/// and its other front-matter keys kept in the header.
struct MarkdownReader {
    /// For dates that name no zone.
    let zone: TimeZone
    var encoding = SourceEncoding.utf8

    /// Header keys the tool writes itself: the note's own are not copied over them.
    static let replacedKeys = ["id", "created_at", "time_zone", "category", "tags", "starred", "weather", "location", "date", "created"]

    func read(_ path: String, into writer: ImportWriter) throws(JournalError) {
        let root: String
        let notes: [String]
        if FileSystem.isFolder(path) {
            root = path
            notes = try MarkdownReader.notes(in: path)
        } else {
            root = (path as NSString).deletingLastPathComponent
            notes = [(path as NSString).lastPathComponent]
        }
        guard !notes.isEmpty else { throw .invalid(Say.markdownNoNotes(path)) }
        for note in notes {
            let full = root + "/" + note
            // The note as UTF-8 without a BOM, or refused with its place when it is not text.
            let data = try SourceText.utf8(try FileSystem.read(full), encoding: encoding, file: note)
            guard let entry = makeEntry(data, relative: note, modified: FileSystem.modificationTime(full), writer: writer) else { continue }
            try writer.take(entry)
        }
    }

    /// The notes under `root`, relative and sorted; hidden files and folders (.obsidian, .trash, .git)
    /// are not notes. A symbolic link is refused: it may lead anywhere.
    static func notes(in root: String) throws(JournalError) -> [String] {
        var found: [String] = []
        var folders = [""]
        while let folder = folders.popLast() {
            let full = folder.isEmpty ? root : root + "/" + folder
            let items = (try? FileManager.default.contentsOfDirectory(atPath: full)) ?? []
            for item in items where !item.hasPrefix(".") {
                let relative = folder.isEmpty ? item : folder + "/" + item
                var info = stat()
                guard lstat(root + "/" + relative, &info) == 0 else { continue }
                switch info.st_mode & S_IFMT {
                case S_IFLNK: throw .invalid(Say.importSymlink(relative))
                case S_IFDIR: folders.append(relative)
                case S_IFREG:
                    let lower = item.lowercased()
                    if lower.hasSuffix(".md") || lower.hasSuffix(".markdown") { found.append(relative) }
                default: continue
                }
            }
        }
        return found.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    private func makeEntry(_ data: Data, relative: String, modified: Date?, writer: ImportWriter) -> ImportedEntry? {
        let split = EntryFile.Split(data)
        var value = YAMLValue.mapping([])
        if let problem = split.problem {
            writer.problem("\(relative):\(problem.line)", Say.markdownBadFrontMatter(problem.reason))
            return nil
        }
        if let header = split.header {
            do {
                value = .mapping(try HeaderParser.parse(header))
            } catch {
                writer.problem("\(relative):\(error.line + 1)", Say.markdownBadFrontMatter(error.reason))
                return nil
            }
        }
        guard !split.text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            writer.problem(relative, Say.markdownEmpty)
            return nil
        }
        let dated = ["date", "created", "created_at"].lazy.compactMap { value[$0]?.string }
            .compactMap { Timestamp.parse($0, zone: zone) }.first
        let createdAt = dated
            ?? EntryFile.dateInFileName(relative).flatMap { Timestamp.parse($0, zone: zone) }
            ?? Timestamp(date: modified ?? Date(timeIntervalSince1970: 0), timeZone: zone)
        var tags: [String] = []
        if let listed = value["tags"] {
            if case .scalar = listed {
                tags = (listed.string ?? "").split(whereSeparator: { $0 == "," || $0 == " " }).map(String.init)
            } else {
                tags = listed.strings
            }
        }
        tags = tags.map { $0.hasPrefix("#") ? String($0.dropFirst()) : $0 } + Hashtags.find(in: split.text)
        return ImportedEntry(
            place: relative, id: ImportID.make(.markdown, relative), createdAt: createdAt, timeZone: zone.importName, tags: tags,
            starred: false, text: split.text, keptHeader: MarkdownReader.otherKeys(split))
    }

    /// The note's front-matter lines other than those the tool writes itself, as they are.
    static func otherKeys(_ split: EntryFile.Split) -> [String] {
        guard split.header != nil else { return [] }
        var lines = [""] + split.headerLines.map(String.init) + [""]
        for key in replacedKeys {
            while let range = EntryFile.blockRange(key, in: lines, closing: lines.count - 1) {
                lines.removeSubrange(range)
            }
        }
        return Array(lines.dropFirst().dropLast()).filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
    }
}
