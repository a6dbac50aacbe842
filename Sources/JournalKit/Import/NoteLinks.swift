import Foundation

/// A note's links as its owner's tool reads them, made links of the journal: pictures and files it embeds
/// (`![[photo.png]]`, `![[photo.png|300]]`, `![alt](images/photo.png)`, Logseq's `../assets/…`) copied into
/// `attachments/<id>/` and linked there; wikilinks and Markdown links to notes of the same import
/// (`[[Other note]]`, `[[Other note|label]]`, `[label](Other%20note.md)`, a Hugo page's `/section/page/`,
/// also in a link reference definition `[label]: /section/page/`)
/// made links to their entries. A link to a note not imported stays as written; a picture that is not in
/// the vault stays as written and is said (once per note and name). Nothing in code is touched.
struct NoteLinks {
    let vault: NoteVault
    /// The notes of this import by their path in the vault (lower-cased, without `.md`), and by their
    /// name alone, each with its entry's path in the journal.
    let notesByPath: [String: String]
    let notesByName: [String: [(folder: String, entry: String)]]

    init(vault: NoteVault, entries: [(note: String, path: String)]) {
        self.vault = vault
        var byPath: [String: String] = [:]
        var byName: [String: [(folder: String, entry: String)]] = [:]
        for (note, path) in entries {
            let key = NoteLinks.noteKey(vault.inVault(note))
            byPath[key] = path
            let folder = NoteVault.folder(of: key)
            byName[NoteVault.name(of: key), default: []].append((folder, path))
        }
        notesByPath = byPath
        notesByName = byName
    }

    /// A note's path without `.md`, lower-cased: how links name it.
    static func noteKey(_ path: String) -> String {
        let lower = path.lowercased()
        for ext in [".md", ".markdown"] where lower.hasSuffix(ext) { return String(lower.dropLast(ext.count)) }
        return lower
    }

    /// What rewriting one note gave.
    struct Result {
        var text: String
        var attachments: [ImportedFile] = []
        /// Link targets not found in the vault, each once.
        var missing: [String] = []
    }

    /// `text` of `note` (relative to the folder imported) with its links rewritten for the entry `id`.
    func rewrite(_ text: String, note: String, id: String) throws(JournalError) -> Result {
        var rewriter = Rewriter(links: self, note: note, id: id)
        guard text.contains("[") else { return Result(text: text) }
        var out = ""
        out.reserveCapacity(text.utf8.count + 256)
        var fence: Substring?
        for (n, line) in text.lfLines().enumerated() {
            if n > 0 { out += "\n" }
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            if let open = fence {
                if trimmed.hasPrefix(open) { fence = nil }
                out += line
                continue
            }
            if trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") {
                fence = trimmed.prefix(3)
                out += line
                continue
            }
            if !line.contains("[") {
                out += line
            } else if let defined = try rewriter.definition(line) {
                out += defined
            } else {
                out += try rewriter.line(line)
            }
        }
        return Result(text: out, attachments: rewriter.files, missing: rewriter.missing)
    }

    /// The entry a link names, when it is a note of this import: by its path from the note's folder or the
    /// vault's top (Hugo's `/section/page/` from the folder imported, its `index.md` or `_index.md`, else
    /// from a folder under it), or for a wikilink by its name alone (the nearest such note).
    func entry(for target: String, from note: String, byName: Bool) -> String? {
        let here = NoteVault.folder(of: vault.inVault(note))
        let path = target.hasSuffix("/") ? String(target.dropLast()) : target
        var bases = [here, ""]
        if target.hasPrefix("/") { bases = [vault.folder, ""] }
        for base in bases {
            guard let joined = NoteVault.joined(base, path) else { continue }
            let key = NoteLinks.noteKey(joined)
            for candidate in [key, key + "/index", key + "/_index"] {
                if let found = notesByPath[candidate] { return found }
            }
        }
        if target.hasPrefix("/") {
            // A site's page from a content folder the link does not name (Hugo mounts content/en as its
            // pages): the note whose path ends with the link's, the nearest the top.
            let key = NoteLinks.noteKey(String(path.drop { $0 == "/" }))
            guard !key.isEmpty else { return nil }
            for (name, tail) in [(NoteVault.name(of: key), key), ("index", key + "/index"), ("_index", key + "/_index")] {
                let found = (notesByName[name] ?? []).filter { ($0.folder + "/" + name).hasSuffix("/" + tail) }
                if let nearest = found.min(by: { $0.folder.count < $1.folder.count }) { return nearest.entry }
            }
            return nil
        }
        guard byName, !path.contains("/") else { return nil }
        let matches = notesByName[NoteLinks.noteKey(path)] ?? []
        return (matches.first { $0.folder == here.lowercased() } ?? matches.first)?.entry
    }

    /// One note's rewriting: the files it brings, each copied once under a name of its own.
    private struct Rewriter {
        let links: NoteLinks
        let note: String
        let id: String
        var files: [ImportedFile] = []
        var missing: [String] = []
        /// Vault path → name in `attachments/<id>/`.
        var names: [String: String] = [:]

        init(links: NoteLinks, note: String, id: String) {
            self.links = links
            self.note = note
            self.id = id
        }

        mutating func line(_ line: Substring) throws(JournalError) -> String {
            let s = Array(line.unicodeScalars)
            var out = String.UnicodeScalarView()
            var i = 0
            while i < s.count {
                let c = s[i]
                if c == "\\", i + 1 < s.count {
                    out.append(contentsOf: s[i...(i + 1)])
                    i += 2
                    continue
                }
                if c == "`" {
                    // A code span: as written, up to the same run of backticks.
                    var run = 0
                    while i + run < s.count, s[i + run] == "`" { run += 1 }
                    var j = i + run
                    var close: Int?
                    while j < s.count {
                        if s[j] == "`" {
                            var other = 0
                            while j + other < s.count, s[j + other] == "`" { other += 1 }
                            if other == run {
                                close = j + other
                                break
                            }
                            j += other
                        } else {
                            j += 1
                        }
                    }
                    let end = close ?? i + run
                    out.append(contentsOf: s[i..<end])
                    i = end
                    continue
                }
                if let (text, end) = try link(s, at: i) {
                    out.append(contentsOf: text.unicodeScalars)
                    i = end
                    continue
                }
                out.append(c)
                i += 1
            }
            return String(out)
        }

        /// The link starting at `i`, rewritten, and where it ends; nil when none starts there.
        private mutating func link(_ s: [Unicode.Scalar], at i: Int) throws(JournalError) -> (String, Int)? {
            let embed = s[i] == "!"
            let open = embed ? i + 1 : i
            guard open < s.count, s[open] == "[" else { return nil }
            if open + 1 < s.count, s[open + 1] == "[" {
                guard links.vault.wikilinks else { return nil }
                // [[wikilink]] or ![[embed]]
                var j = open + 2
                while j + 1 < s.count, !(s[j] == "]" && s[j + 1] == "]") { j += 1 }
                guard j + 1 < s.count else { return nil }
                let inner = String(String.UnicodeScalarView(s[(open + 2)..<j]))
                let written = String(String.UnicodeScalarView(s[i..<(j + 2)]))
                return (try wikilink(inner, embed: embed) ?? written, j + 2)
            }
            guard let close = MarkdownImages.bracketEnd(s, from: open), let end = MarkdownImages.parenthesized(s, from: close + 1) else {
                return nil
            }
            var label = String(String.UnicodeScalarView(s[(open + 1)..<close]))
            // A picture inside a link's label (`[![alt](img)](page)`) is a picture too.
            if !embed, label.contains("[") { label = try line(Substring(label)) }
            let inside = String(String.UnicodeScalarView(s[(close + 2)..<(end - 1)]))
            let (destination, rest) = NoteLinks.destination(inside)
            let written = (embed ? "!" : "") + "[" + label + "](" + inside + ")"
            guard let local = NoteLinks.localPath(destination) else { return (written, end) }
            if embed {
                guard let name = try attach(local.path) else { return (written, end) }
                return ("![" + label + "](" + link(to: name) + rest + ")", end)
            }
            guard let target = try linkTarget(local) else { return (written, end) }
            return ("[" + label + "](" + target + rest + ")", end)
        }

        /// A link reference definition (`[label]: /section/page/ "title"`, as Hugo's docs link their pages)
        /// with its destination made the journal's; nil when the line is none, or its link stays as written.
        mutating func definition(_ line: Substring) throws(JournalError) -> String? {
            let indent = line.prefix { $0 == " " }
            let rest = line.dropFirst(indent.count)
            guard indent.count <= 3, rest.first == "[", let close = rest.range(of: "]:") else { return nil }
            let label = rest[rest.index(after: rest.startIndex)..<close.lowerBound]
            // A footnote (`[^1]: text`) is no link.
            guard !label.isEmpty, !label.contains("]"), !label.contains("["), label.first != "^" else { return nil }
            let after = rest[close.upperBound...]
            let (destination, tail) = NoteLinks.destination(String(after))
            guard let local = NoteLinks.localPath(destination), let target = try linkTarget(local) else { return nil }
            return indent + "[" + label + "]:" + after.prefix { $0 == " " || $0 == "\t" } + target + tail
        }

        /// A link's destination (not a picture's) made the journal's: its entry when it names a note of this
        /// import, the copy of the vault's file it names; nil to keep it as written.
        private mutating func linkTarget(_ local: (path: String, fragment: String)) throws(JournalError) -> String? {
            if let entry = links.entry(for: local.path, from: note, byName: false) { return "../../../" + entry + local.fragment }
            let ext = NoteVault.pathExtension(local.path)
            // A link to a file (not a page) is followed only inside the vault: one that leaves it stays as written.
            guard !ext.isEmpty, !["md", "markdown", "html", "htm"].contains(ext), links.vault.isInside(local.path, from: note),
                try links.vault.file(local.path, from: note) != nil
            else { return nil }
            return try attach(local.path).map(link(to:))
        }

        /// `[[target#part|label]]` as a Markdown link, or nil to keep it as written.
        private mutating func wikilink(_ inner: String, embed: Bool) throws(JournalError) -> String? {
            // In a table the bar is escaped (`![[Engelbart.jpg\|100]]`, as Obsidian writes it there): still the bar
            // before the alias or size, and escaped again where the link's label holds it.
            let bar = inner.firstIndex(of: "|")
            let escaped = bar.map { $0 > inner.startIndex && inner[inner.index(before: $0)] == "\\" } ?? false
            let target = String(bar.map { inner[..<(escaped ? inner.index(before: $0) : $0)] } ?? inner[...]).trimmingCharacters(in: .whitespaces)
            let alias = bar.map { String(inner[inner.index(after: $0)...]) }
            let separator = escaped ? "\\|" : "|"
            let name = String(target.prefix { $0 != "#" && $0 != "^" })
            guard !name.isEmpty else { return nil }
            // An embed reads what it names: one that climbs out of the vault refuses the import, as a picture does.
            if embed, !links.vault.isInside(name, from: note) { throw .invalid(Say.markdownLinkOutside(links.vault.inVault(note), name)) }
            let ext = NoteVault.pathExtension(name)
            if !ext.isEmpty, ext != "md", ext != "markdown" {
                // A file: a picture shows (its size, `|300`, kept as Obsidian reads `![name|300](…)`). A link
                // (not an embed) to a file that is not there stays as written, unsaid, as a Markdown link does.
                if !embed {
                    guard links.vault.isInside(name, from: note), try links.vault.file(name, from: note) != nil else { return nil }
                }
                guard let file = try attach(name) else { return nil }
                let shown = embed
                    ? NoteLinks.label(target) + (alias.map { separator + NoteLinks.label($0) } ?? "") : NoteLinks.label(alias ?? target)
                let picture = embed && FileKind.of("file." + ext).isPicture
                return (picture ? "!" : "") + "[" + shown + "](" + link(to: file) + ")"
            }
            guard let entry = links.entry(for: name, from: note, byName: true) else { return nil }
            return "[" + NoteLinks.label(alias ?? target) + "](../../../" + entry + ")"
        }

        /// The vault's file `target` names, copied into the entry's folder once; nil (and said) when missing.
        private mutating func attach(_ target: String) throws(JournalError) -> String? {
            guard let path = try links.vault.file(target, from: note) else {
                if !missing.contains(target) { missing.append(target) }
                return nil
            }
            if let name = names[path] { return name }
            var name = String(NoteVault.name(of: path).drop { $0 == "." })
            if name.isEmpty { name = "file" }
            name = Journal.freeName(name, taken: Set(names.values))
            names[path] = name
            let vault = links.vault
            files.append(ImportedFile(name: name) { destination throws(JournalError) in try vault.copy(path, to: destination) })
            return name
        }

        private func link(to name: String) -> String {
            "../../../" + Journal.attachmentFolder(of: id) + "/" + Journal.percentEncoded(name)
        }
    }

    /// A link's destination and what follows it (a title), as written: `<a b.png> "title"` → (`a b.png`, ` "title"`).
    static func destination(_ inside: String) -> (String, String) {
        let trimmed = inside.drop { $0 == " " }
        if trimmed.first == "<", let close = trimmed.firstIndex(of: ">") {
            return (String(trimmed[trimmed.index(after: trimmed.startIndex)..<close]), String(trimmed[trimmed.index(after: close)...]))
        }
        let end = trimmed.firstIndex { $0 == " " || $0 == "\t" } ?? trimmed.endIndex
        return (String(trimmed[..<end]), String(trimmed[end...]))
    }

    /// A destination that names a file of the vault: its path, percent-decoded, and its `#part`; nil for a
    /// URL (`https:`, `mailto:`, `//host`), a bare `#part`, or a Hugo shortcode.
    static func localPath(_ destination: String) -> (path: String, fragment: String)? {
        guard !destination.isEmpty, !destination.hasPrefix("#"), !destination.hasPrefix("//"), !destination.contains("{{") else {
            return nil
        }
        if let colon = destination.firstIndex(of: ":"),
            destination[..<colon].allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+.-".contains($0)) })
        {
            return nil
        }
        let hash = destination.firstIndex(of: "#") ?? destination.endIndex
        let query = destination[..<hash].firstIndex(of: "?") ?? hash
        let path = String(destination[..<query])
        guard !path.isEmpty else { return nil }
        return (path.removingPercentEncoding ?? path, String(destination[hash...]))
    }

    /// A label as a Markdown link's text: its brackets escaped.
    static func label(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "[", with: "\\[").replacingOccurrences(of: "]", with: "\\]")
    }
}
