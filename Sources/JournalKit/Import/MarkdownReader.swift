import Foundation

/// A folder of Markdown notes (an Obsidian vault, a Logseq graph, a Hugo or Jekyll site), or one note. Each
/// `.md` file becomes an entry: dated by its front matter (`date:`, `created:`, `created_at:`,
/// `publishDate:`, YAML or Hugo's TOML), else a day in its name (`2024-03-01.md`, Logseq's `2024_03_01.md`)
/// at `dayTime`, else its modification time; tagged by its front matter's `tags` (a list or a comma string),
/// Logseq's `tags::` and its `#hashtags` (`#work/meeting` nested); titled by its `title:` where it has one;
/// its text kept as it is, but for its links (`NoteLinks`); its other YAML keys kept in the header, its TOML
/// front matter kept as written above the text.
struct MarkdownReader {
    /// For dates that name no zone.
    let zone: TimeZone
    var encoding = SourceEncoding.utf8
    /// The time of day (`21:00`) of a note dated by a day alone: its file name's, or a date without a time.
    var dayTime = "12:00"

    /// Header keys the tool writes itself: the note's own are not copied over them.
    static let replacedKeys = ["id", "created_at", "time_zone", "category", "tags", "starred", "weather", "location", "date", "created"]

    /// The front-matter keys a note's date is read from, in this order.
    static let dateKeys = ["date", "created", "created_at", "publishDate"]

    func read(_ path: String, into writer: ImportWriter) throws(JournalError) {
        let vault = try NoteVault(importing: path)
        guard !vault.notes.isEmpty else { throw .invalid(Say.markdownNoNotes(path)) }
        // Every note read and placed first, so that a link to any of them knows its entry's file.
        var entries: [(entry: ImportedEntry, toml: String)] = []
        var files: [(note: String, path: String)] = []
        for note in vault.notes {
            let full = vault.root + "/" + vault.inVault(note)
            // The note as UTF-8 without a BOM, or refused with its place when it is not text.
            let data = try SourceText.utf8(try FileSystem.read(full, followingLinks: true), encoding: encoding, file: note)
            let named = vault.namesNotes ? vault.inVault(note) : nil
            guard let made = makeEntry(data, relative: note, named: named, modified: FileSystem.modificationTime(full), writer: writer)
            else { continue }
            var entry = made.0
            let toml = made.1
            files.append((note, writer.place(&entry)))
            entries.append((entry, toml))
        }
        let links = NoteLinks(vault: vault, entries: files)
        for (var entry, toml) in entries {
            // The links of the text only: TOML's `[[menu]]` is no wikilink.
            let rewritten = try links.rewrite(entry.text, note: entry.place, id: entry.id)
            entry.text = toml + rewritten.text
            entry.attachments = rewritten.attachments
            entry.notices += rewritten.missing.map(Say.markdownMissingFile)
            try writer.take(entry)
        }
    }

    /// The note's entry, its text without its TOML front matter, which comes second (as written); nil when
    /// it cannot be read (said). `named`: the note's path in a vault whose notes are named by their files and
    /// ordered by folders (`NoteVault.namesNotes`): a note that is not a daily note keeps its name as its
    /// title, and every note its folder (`folderTag`).
    private func makeEntry(_ data: Data, relative: String, named: String?, modified: Date?, writer: ImportWriter) -> (ImportedEntry, String)? {
        let split = EntryFile.Split(data)
        var yaml = YAMLValue.mapping([])
        if let problem = split.problem {
            writer.problem("\(relative):\(problem.line)", Say.markdownBadFrontMatter(problem.reason))
            return nil
        }
        if let header = split.header {
            do {
                yaml = .mapping(try HeaderParser.parse(header))
            } catch {
                writer.problem("\(relative):\(error.line + 1)", Say.markdownBadFrontMatter(error.reason))
                return nil
            }
        }
        let toml = YAMLValue.mapping(split.toml.map(TOMLHeader.parse) ?? [])
        func field(_ key: String) -> YAMLValue? { yaml[key] ?? toml[key] }
        let title = field("title")?.string.flatMap(Entry.headerTitle)
        guard title != nil || !split.text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            writer.problem(relative, Say.markdownEmpty)
            return nil
        }
        let dated = MarkdownReader.dateKeys.lazy.compactMap { field($0)?.string }.compactMap(stamp).first
        let createdAt = dated
            ?? EntryFile.dateInFileName(relative).flatMap(stamp)
            ?? Timestamp(date: modified ?? Date(timeIntervalSince1970: 0), timeZone: zone)
        // The zone only where it is the one the time was lived in (a date may name an offset of its own).
        let timeZone = createdAt.offsetSeconds == zone.secondsFromGMT(for: createdAt.date) ? zone.importName : nil
        var tags: [String] = []
        if let listed = field("tags") {
            if case .scalar = listed {
                tags = (listed.string ?? "").split(whereSeparator: { $0 == "," || $0 == " " }).map(String.init)
            } else {
                tags = listed.strings
            }
        }
        tags = tags.map { $0.hasPrefix("#") ? String($0.dropFirst()) : $0 } + MarkdownReader.logseqTags(split.text) + Hashtags.find(in: split.text)
        var kept = MarkdownReader.otherKeys(split)
        var shownTitle = title
        if let named {
            if let folder = MarkdownReader.folderTag(named) { tags.append(folder) }
            // The note's name is its title, as the vault shows it (written into the header, so that every
            // reader, a search by that name first of all, sees it); a daily note's name is its day.
            if title == nil, let name = MarkdownReader.noteName(named) {
                kept.insert("title: " + YAMLWriter.scalar(name), at: 0)
                shownTitle = name
            }
        }
        var entry = ImportedEntry(
            place: relative, id: ImportID.make(.markdown, relative), createdAt: createdAt, timeZone: timeZone, tags: tags,
            starred: false, text: split.text, keptHeader: kept)
        entry.title = shownTitle
        return (entry, split.tomlText ?? "")
    }

    /// The title a note's file name gives it (`보관함 생성.md` is the note "보관함 생성"); nil for a daily note, whose
    /// name is its day (`2024-03-01.md`, Logseq's `2024_03_01.md`), and for a name that is no title (blank).
    static func noteName(_ path: String) -> String? {
        var name = NoteVault.name(of: path)
        for ext in [".md", ".markdown"] where name.lowercased().hasSuffix(ext) { name.removeLast(ext.count) }
        if name.utf8.count == 10, let day = EntryFile.dateInFileName(name), day == name.replacingOccurrences(of: "_", with: "-") { return nil }
        return Entry.headerTitle(name)
    }

    /// A note's folder in its vault as a tag nested under `folder` (`사용자 인터페이스/편집.md` → `folder/사용자 인터페이스`),
    /// nil for a note at the vault's top. A tag, not a header field of its own: every reader already filters by
    /// tags (`list`, `search` and `export` `--tag folder/NAME`, the web view's `?tag=`), the nested-tag rule
    /// brings a folder's subfolders with it as a vault's folder tree shows them, `journal tags` counts the notes
    /// of each folder, sync merges tags as sets and every export carries them. A `folder:` key would be one
    /// more field that no filter reads.
    static func folderTag(_ path: String) -> String? {
        let folder = NoteVault.folder(of: path)
        return folder.isEmpty ? nil : "folder/" + folder
    }

    /// A date as a note writes it, a day alone placed at `dayTime`.
    private func stamp(_ text: String) -> Timestamp? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        return Timestamp.parse(LocalDay(iso: trimmed) != nil ? trimmed + "T" + dayTime : trimmed, zone: zone)
    }

    /// Logseq's page tags: `tags:: work, [[long name]], #idea` among the properties that open the page.
    static func logseqTags(_ text: String) -> [String] {
        guard text.contains(":: ") else { return [] }
        var tags: [String] = []
        for line in text.lfLines() {
            var property = line.drop { $0 == " " || $0 == "\t" }
            if property.isEmpty { continue }
            if property.hasPrefix("- ") { property = property.dropFirst(2) }
            guard let colons = property.range(of: "::"), !property[..<colons.lowerBound].contains(" ") else { break }
            guard property[..<colons.lowerBound].lowercased() == "tags" else { continue }
            for item in property[colons.upperBound...].split(separator: ",") {
                var tag = item.trimmingCharacters(in: .whitespaces)
                if tag.hasPrefix("#") { tag.removeFirst() }
                if tag.hasPrefix("[[") && tag.hasSuffix("]]") { tag = String(tag.dropFirst(2).dropLast(2)) }
                if !tag.isEmpty { tags.append(tag) }
            }
        }
        return tags
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
