import Foundation
import Ink
import Mustache
import JournalKit

/// `export html`: a static site in a folder, opened from disk with no network. Entries are read and their pages
/// written one at a time; only a summary of each (no text) is kept for the index, category and tag pages.
struct HTMLSite {
    /// The file that marks a folder as one of our exports, so that writing over it again is allowed.
    static let marker = ".journal-html-export"

    let journal: Journal
    let folder: String
    let templates: HTMLTemplates
    private(set) var count = 0
    private var summaries: [Summary] = []
    private var pageNames: Set<String> = []

    struct Summary {
        let page: String
        let title: String
        let createdAt: Timestamp
        let date: String
        let category: String?
        let tags: [String]
    }

    /// Checks the target before anything is read: a new or empty folder, or an earlier export of ours.
    static func checkTarget(_ path: String) throws {
        var isFolder: ObjCBool = false
        let parent = (path as NSString).deletingLastPathComponent
        guard FileManager.default.fileExists(atPath: parent, isDirectory: &isFolder), isFolder.boolValue else {
            throw JournalError.invalid(Say.exportNoFolder(parent))
        }
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { return }
        guard isFolder.boolValue else { throw JournalError.invalid(Say.exportHTMLIsFile(path)) }
        let items = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        if !items.isEmpty && !items.contains(marker) { throw JournalError.invalid(Say.exportHTMLNotOurs(path)) }
    }

    init(journal: Journal, folder: String, templates: HTMLTemplates) throws {
        self.journal = journal
        self.folder = folder
        self.templates = templates
        for sub in ["", "/entries", "/categories", "/tags", "/attachments"] {
            do { try FileManager.default.createDirectory(atPath: folder + sub, withIntermediateDirectories: true) } catch {
                throw JournalError.invalid(Say.exportFailed(folder + sub, error.localizedDescription))
            }
        }
        try write("/" + Self.marker, "journal html export\n")
        try write("/style.css", templates.css)
    }

    mutating func add(_ entry: Entry) throws {
        let page = unique(SafeName.make(entry.id))
        let title = entry.title.isEmpty ? Say.untitledDisplay : entry.title
        let date = DateText(locale: nil).format(entry.createdAt) + (entry.timeZone.map { " (\($0))" } ?? "")
        let files = try copyAttachments(of: entry)
        var values: [String: Any] = [
            "title": title, "date": date, "starred": entry.starred,
            "tags": entry.allTags.map { tagValues($0, from: "..") },
        ]
        if let name = entry.category { values["category"] = categoryValues(name, from: "..") }
        var place: [String] = []
        if let weather = entry.weather { place.append(WeatherText.column(weather, units: UserSettings.units)) }
        if let location = entry.location { place.append("📍 " + EntryPage.placeText(location)) }
        if !place.isEmpty { values["place"] = place.joined(separator: " · ") }
        // Ink reads a text that starts with `---` lines as metadata and drops it; an empty metadata block first
        // makes it take the entry's own `---` as text.
        let markdown = MarkdownParser().html(from: "---\n---\n" + HTMLSanitizer.prepare(entry.body))
        values["text"] = HTMLSanitizer.clean(markdown, attachments: files)
        values["hasAttachments"] = !files.isEmpty
        values["attachments"] = files.values.sorted().map { file -> [String: Any] in
            ["href": "../" + file, "name": (file as NSString).lastPathComponent, "image": HTMLSite.isImage(file)]
        }
        try write("/entries/" + page, render(templates.entry, values, title: title, root: ".."))
        summaries.append(Summary(page: page, title: title, createdAt: entry.createdAt, date: date, category: entry.category, tags: entry.allTags))
        count += 1
    }

    /// Writes the index, category and tag pages from the summaries.
    func finish() throws {
        let sorted = summaries.sorted { $0.createdAt > $1.createdAt }
        let categories = Set(sorted.compactMap(\.category)).sorted()
        let tags = Set(sorted.flatMap(\.tags)).sorted()
        var years: [[String: Any]] = []
        var months: [[String: Any]] = []
        var rows: [[String: Any]] = []
        var current: (year: Int, month: Int)?
        func close() {
            guard let current else { return }
            months.append(["heading": Say.text("monthYear", Say.text("month.\(current.month)"), current.year), "entries": rows])
            rows = []
        }
        for entry in sorted {
            let p = entry.createdAt.parts
            if current.map({ $0 != (p.year, p.month) }) ?? true {
                close()
                if let last = current, last.year != p.year {
                    years.append(["year": last.year, "months": months])
                    months = []
                }
                current = (p.year, p.month)
            }
            rows.append(row(entry, from: "."))
        }
        close()
        if let current { years.append(["year": current.year, "months": months]) }
        let index: [String: Any] = [
            "title": Say.text("html.journal"),
            "hasCategories": !categories.isEmpty,
            "categories": categories.enumerated().map { n, name in categoryValues(name, from: ".").merging(["first": n == 0]) { $1 } },
            "hasTags": !tags.isEmpty,
            "tags": tags.enumerated().map { n, tag in tagValues(tag, from: ".").merging(["first": n == 0]) { $1 } },
            "years": years,
        ]
        try write("/index.html", render(templates.index, index, title: Say.text("html.journal"), root: "."))
        for name in categories {
            let label = categoryLabel(name)
            try write("/categories/" + SafeName.page(name),
                      render(templates.list, listValues(label, sorted.filter { $0.category == name }), title: label, root: ".."))
        }
        for tag in tags {
            try write("/tags/" + SafeName.page(tag),
                      render(templates.list, listValues("#" + tag, sorted.filter { $0.tags.contains(tag) }), title: "#" + tag, root: ".."))
        }
    }

    /// A page: its body rendered by `template`, framed by the page template. Every template sees `labels`, the
    /// site's words in the messages' language.
    private func render(_ template: MustacheTemplate, _ values: [String: Any], title: String, root: String) -> String {
        var values = values
        values["labels"] = Self.labels
        let body = template.render(values)
        return templates.page.render(
            ["lang": Say.language, "title": title, "root": root, "body": body, "labels": Self.labels] as [String: Any])
    }

    private static var labels: [String: String] {
        ["journal": Say.text("html.journal"), "categories": Say.text("html.categories"), "tags": Say.text("html.tags"),
         "attachments": Say.text("html.attachments"), "noEntries": Say.text("html.noEntries")]
    }

    private func listValues(_ title: String, _ entries: [Summary]) -> [String: Any] {
        ["title": title, "hasEntries": !entries.isEmpty, "entries": entries.map { row($0, from: "..") }]
    }

    private func row(_ entry: Summary, from root: String) -> [String: Any] {
        var values: [String: Any] = ["href": root + "/entries/" + entry.page, "title": entry.title, "date": entry.date]
        if let name = entry.category { values["category"] = categoryValues(name, from: root) }
        return values
    }

    private func categoryLabel(_ name: String) -> String {
        [journal.settings.category(named: name)?.emoji, Say.categoryName(name)].compactMap { $0 }.joined(separator: " ")
    }

    private func categoryValues(_ name: String, from root: String) -> [String: Any] {
        let color = journal.settings.category(named: name)?.color.flatMap { HTMLPage.colors.contains($0) ? $0 : nil } ?? "cyan"
        return ["label": categoryLabel(name), "color": color, "href": root + "/categories/" + SafeName.page(name)]
    }

    private func tagValues(_ tag: String, from root: String) -> [String: Any] {
        ["name": tag, "href": root + "/tags/" + SafeName.page(tag)]
    }

    /// A page name not used yet: two ids that sanitize alike (only a hostile file does that) get different pages.
    private mutating func unique(_ base: String) -> String {
        var name = base + ".html"
        var n = 2
        while pageNames.contains(name) {
            name = base + "-\(n).html"
            n += 1
        }
        pageNames.insert(name)
        return name
    }

    /// Copies the entry's attachments into `attachments/<id>/` of the site, every path part sanitized. Returns the
    /// journal's relative path of each (as an entry links to it) mapped to its path in the site. Only regular files
    /// that really lie under the journal's `attachments/` are copied: a symlink out of it is skipped.
    private func copyAttachments(of entry: Entry) throws -> [String: String] {
        let id = entry.id
        guard !id.isEmpty, SafeName.make(id) == id else { return [:] }
        let attachmentsRoot = (URL(fileURLWithPath: journal.root + "/attachments").resolvingSymlinksInPath().path) + "/"
        var copied: [String: String] = [:]
        for path in journal.attachments(of: id) {
            let source = journal.root + "/" + path
            let real = URL(fileURLWithPath: source).resolvingSymlinksInPath().path
            guard real.hasPrefix(attachmentsRoot),
                (try? FileManager.default.attributesOfItem(atPath: real)[.type] as? FileAttributeType) == .typeRegular
            else { continue }
            let parts = path.split(separator: "/").dropFirst(2).map { SafeName.make(String($0)) }
            guard !parts.isEmpty else { continue }
            var relative = "attachments/" + id + "/" + parts.joined(separator: "/")
            if Self.activeExtensions.contains((relative as NSString).pathExtension.lowercased()) { relative += ".txt" }
            let target = folder + "/" + relative
            do {
                try FileManager.default.createDirectory(
                    atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                if FileManager.default.fileExists(atPath: target) { try FileManager.default.removeItem(atPath: target) }
                try FileManager.default.copyItem(atPath: real, toPath: target)
            } catch {
                throw JournalError.invalid(Say.exportFailed(target, error.localizedDescription))
            }
            copied[path] = relative
        }
        return copied
    }

    /// Files a browser would run when opened (a page, an SVG with scripts): copied with `.txt` added, so a click
    /// on one shows its text.
    static let activeExtensions: Set<String> = ["html", "htm", "xhtml", "xht", "shtml", "svg", "svgz", "xml", "mht", "mhtml", "js"]
    static func isImage(_ path: String) -> Bool {
        ["jpg", "jpeg", "png", "gif", "webp", "avif", "bmp"].contains((path as NSString).pathExtension.lowercased())
    }

    private func write(_ relative: String, _ text: String) throws {
        let path = folder + relative
        guard FileManager.default.createFile(atPath: path, contents: Data(text.utf8)) else {
            throw JournalError.invalid(Say.exportFailed(path, String(cString: strerror(errno))))
        }
    }

    /// Writes the site into a temporary folder beside `target`, then puts it in place of the target (an empty
    /// folder, or an earlier export, which is removed only once the new one is complete).
    static func export(_ journal: Journal, to target: String, _ fill: (inout HTMLSite) throws -> Void) throws -> Int {
        try checkTarget(target)
        let templates = try HTMLTemplates(journal: journal)
        let parent = (target as NSString).deletingLastPathComponent
        let tag = String(UUID().uuidString.prefix(8))
        let temporary = parent + "/." + (target as NSString).lastPathComponent + ".export-" + tag
        do {
            var site = try HTMLSite(journal: journal, folder: temporary, templates: templates)
            try fill(&site)
            try site.finish()
            var old: String?
            if FileManager.default.fileExists(atPath: target + "/" + marker) {
                let aside = parent + "/." + (target as NSString).lastPathComponent + ".old-" + tag
                guard rename(target, aside) == 0 else { throw JournalError.invalid(Say.exportFailed(target, String(cString: strerror(errno)))) }
                old = aside
            }
            guard rename(temporary, target) == 0 else {
                let reason = String(cString: strerror(errno))
                if let old { rename(old, target) }
                throw JournalError.invalid(Say.exportFailed(target, reason))
            }
            if let old { try? FileManager.default.removeItem(atPath: old) }
            return site.count
        } catch {
            try? FileManager.default.removeItem(atPath: temporary)
            throw error
        }
    }
}

/// A name safe as one part of a path in the site: letters, digits, `.`, `_` and `-` kept, anything else `_`,
/// no leading dot (so never `.` or `..`), never empty.
enum SafeName {
    static func make(_ text: String) -> String {
        var out = String(String.UnicodeScalarView(text.unicodeScalars.map { scalar in
            (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "._-".unicodeScalars.contains(scalar)) && scalar.value > 0x20
                && scalar != "/" ? scalar : "_"
        }))
        if out.hasPrefix(".") { out = "_" + out.dropFirst() }
        return out.isEmpty ? "_" : String(out.prefix(120))
    }

    /// The page of a category or tag. Names that differ only in characters made `_` would share a page, so a
    /// short hash of the name keeps them apart.
    static func page(_ name: String) -> String {
        var hash: UInt32 = 2_166_136_261
        for byte in name.utf8 { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
        let safe = make(name)
        return (safe == name ? safe : safe + "-" + String(hash, radix: 16)) + ".html"
    }
}

/// The category colours a page may use (classes of templates/html/style.css).
enum HTMLPage {
    static let colors: Set<String> = ["black", "red", "green", "yellow", "blue", "magenta", "cyan", "white"]
}

/// Makes Ink's HTML safe: Ink copies raw HTML from the Markdown through, and writes link targets into attributes
/// unescaped, so its output is untrusted. This re-writes it from scratch: every tag is parsed, and only tags of
/// an allow-list are written again, with only their allowed attributes, each value escaped by us and each URL
/// checked. Anything else that starts with `<` (a `<script>`, an `<img onerror=…>`, a comment) is written as text
/// (`&lt;`), so the reader sees what the entry says and nothing of it runs. The output holds no `<` we did not
/// write, no attribute we did not choose, and no URL with a scheme other than http, https or mailto.
///
/// Before Ink, `hideMarkup` turns every `<` of the entry into a private-use character, so Ink sees no raw HTML
/// at all (a raw `<img …>` would otherwise swallow the Markdown after it) and copies the character as text,
/// into code spans too; `clean` writes it as `&lt;`. Escaping `<` as `&lt;` before Ink instead would show
/// `&lt;` in code, where Ink escapes the `&` again.
enum HTMLSanitizer {
    static let hiddenLess: Unicode.Scalar = "\u{E000}"
    /// A backslash Markdown shows as written (`C:\Users`, `\backslash\`, the one `\\` stands for): Ink drops
    /// every backslash, so these are hidden from it and written back by `clean`.
    static let hiddenBackslash: Unicode.Scalar = "\u{E001}"

    /// The entry's Markdown as Ink is to read it: `<` hidden (`hideMarkup`); outside code, each backslash that
    /// escapes nothing (CommonMark: only ASCII punctuation can be escaped) and each `\\` kept as a backslash;
    /// and a blank line where a list of another kind begins (`1. one` right after `- item` starts its own list,
    /// as CommonMark has it, where Ink would run it into the item before).
    static func prepare(_ markdown: String) -> String {
        var out: [String] = []
        var fence: Substring?
        var listKind: Character?  // "-" for a bullet list, "1" for an ordered one, of the lines just before
        for line in hideMarkup(markdown).split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.drop { $0 == " " }
            if let open = fence {
                if trimmed.hasPrefix(open) { fence = nil }
                out.append(String(line))
                continue
            }
            if trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") {
                fence = trimmed.prefix(3)
                listKind = nil
                out.append(String(line))
                continue
            }
            if trimmed.isEmpty {
                listKind = nil
            } else if line.count - trimmed.count <= 3, let kind = itemKind(trimmed) {
                if let listKind, listKind != kind { out.append("") }
                listKind = kind
            } else if line.count - trimmed.count < 2 {
                listKind = nil  // a paragraph line; an indented one continues the item
            }
            out.append(keepingBackslashes(line))
        }
        return out.joined(separator: "\n")
    }

    /// `-` for `- item` (or `*`, `+`), `1` for `1. item` (or `1)`); nil for a line that starts no list item.
    private static func itemKind(_ line: Substring) -> Character? {
        if let first = line.first, "-*+".contains(first), line.dropFirst().first == " " { return "-" }
        let digits = line.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, digits.count <= 9 else { return nil }
        let rest = line.dropFirst(digits.count)
        return (rest.first == "." || rest.first == ")") && rest.dropFirst().first == " " ? "1" : nil
    }

    /// A line with its literal backslashes hidden, outside code spans.
    private static func keepingBackslashes(_ line: Substring) -> String {
        guard line.contains("\\") else { return String(line) }
        let s = Array(line.unicodeScalars)
        var out = String.UnicodeScalarView()
        var i = 0
        var ticks = 0  // the backticks that opened the code span we are in
        while i < s.count {
            let c = s[i]
            if c == "`" {
                var run = 0
                while i + run < s.count, s[i + run] == "`" { run += 1 }
                if ticks == 0 { ticks = run } else if run == ticks { ticks = 0 }
                out.append(contentsOf: s[i..<(i + run)])
                i += run
                continue
            }
            if c == "\\", ticks == 0 {
                let next = i + 1 < s.count ? s[i + 1] : nil
                if next == "\\" {
                    out.append(hiddenBackslash)
                    i += 2
                    continue
                }
                // CommonMark's escapable characters: ASCII punctuation.
                if let next, "!\"#$%&'()*+,-./:;<=>?@[]^_`{|}~".unicodeScalars.contains(next) || next == hiddenLess {
                    out.append(c)
                } else {
                    out.append(hiddenBackslash)
                }
                i += 1
                continue
            }
            out.append(c)
            i += 1
        }
        return String(out)
    }

    /// The Markdown with each `<` hidden from Ink (and the rare private-use character of that value in the text
    /// made U+FFFD, so that it cannot pass for one).
    static func hideMarkup(_ markdown: String) -> String {
        String(String.UnicodeScalarView(markdown.unicodeScalars.map {
            $0 == "<" ? hiddenLess : $0 == hiddenLess || $0 == hiddenBackslash ? "\u{FFFD}" : $0
        }))
    }

    static let tags: Set<String> = [
        "p", "br", "h1", "h2", "h3", "h4", "h5", "h6", "ul", "ol", "li", "em", "strong", "b", "i", "code", "pre",
        "blockquote", "a", "img", "hr", "table", "thead", "tbody", "tr", "th", "td", "s", "del",
    ]

    static func clean(_ html: String, attachments: [String: String] = [:]) -> String {
        let s = Array(html.unicodeScalars)
        var out = String.UnicodeScalarView()
        var i = 0
        while i < s.count {
            let c = s[i]
            if c == hiddenLess {
                out.append(contentsOf: "&lt;".unicodeScalars)
                i += 1
            } else if c == hiddenBackslash {
                out.append("\\")
                i += 1
            } else if c == "<" {
                if let (tag, end) = parseTag(s, i), let text = render(tag, attachments: attachments) {
                    out.append(contentsOf: text.unicodeScalars)
                    i = end
                } else {
                    out.append(contentsOf: "&lt;".unicodeScalars)
                    i += 1
                }
            } else if c == ">" {
                out.append(contentsOf: "&gt;".unicodeScalars)
                i += 1
            } else if c == "&" {
                // An entity Ink kept (`&lt;` inside code) stays one; a lone `&` is escaped.
                var j = i + 1
                while j < s.count, j - i < 32, s[j].properties.isAlphabetic || ("0"..."9").contains(s[j]) || s[j] == "#" { j += 1 }
                if j < s.count, s[j] == ";", j > i + 1 {
                    out.append(contentsOf: s[i...j])
                    i = j + 1
                } else {
                    out.append(contentsOf: "&amp;".unicodeScalars)
                    i += 1
                }
            } else if c.value < 0x20 && c != "\n" && c != "\t" {
                out.append("\u{FFFD}")
                i += 1
            } else {
                out.append(c)
                i += 1
            }
        }
        return String(out)
    }

    struct Tag {
        var name: String
        var closing: Bool
        var attributes: [(String, String)]
    }

    /// `<name attr="value" …>` or `</name>` exactly as Ink writes them (double-quoted values only); nil for
    /// anything else, which then shows as text.
    static func parseTag(_ s: [Unicode.Scalar], _ start: Int) -> (Tag, Int)? {
        var i = start + 1
        func isLetter(_ c: Unicode.Scalar) -> Bool { ("a"..."z").contains(c) || ("A"..."Z").contains(c) }
        func isName(_ c: Unicode.Scalar) -> Bool { isLetter(c) || ("0"..."9").contains(c) || c == "-" }
        let closing = i < s.count && s[i] == "/"
        if closing { i += 1 }
        var name = ""
        while i < s.count, isName(s[i]) {
            name.unicodeScalars.append(s[i])
            i += 1
        }
        guard let first = name.unicodeScalars.first, isLetter(first) else { return nil }
        var attributes: [(String, String)] = []
        while true {
            var spaced = false
            while i < s.count, s[i] == " " || s[i] == "\n" || s[i] == "\t" {
                i += 1
                spaced = true
            }
            guard i < s.count else { return nil }
            if s[i] == ">" { return (Tag(name: name.lowercased(), closing: closing, attributes: attributes), i + 1) }
            if s[i] == "/", i + 1 < s.count, s[i + 1] == ">" {
                return (Tag(name: name.lowercased(), closing: closing, attributes: attributes), i + 2)
            }
            guard spaced, !closing else { return nil }
            var key = ""
            while i < s.count, isName(s[i]) {
                key.unicodeScalars.append(s[i])
                i += 1
            }
            guard !key.isEmpty, i + 1 < s.count, s[i] == "=", s[i + 1] == "\"" else { return nil }
            i += 2
            var value = ""
            while i < s.count, s[i] != "\"" {
                value.unicodeScalars.append(s[i])
                i += 1
            }
            guard i < s.count else { return nil }
            i += 1
            attributes.append((key.lowercased(), value))
        }
    }

    static func render(_ tag: Tag, attachments: [String: String]) -> String? {
        guard tags.contains(tag.name) else { return nil }
        if tag.closing { return tag.name == "br" || tag.name == "img" || tag.name == "hr" ? "" : "</\(tag.name)>" }
        var out = "<" + tag.name
        for (key, value) in tag.attributes {
            switch (tag.name, key) {
            case ("a", "href"):
                out += " href=\"" + HTML.escape(safeURL(value, image: false, attachments: attachments) ?? "#") + "\""
            case ("img", "src"):
                if let url = safeURL(value, image: true, attachments: attachments) { out += " src=\"" + HTML.escape(url) + "\"" }
            case ("img", "alt"):
                out += " alt=\"" + HTML.escape(decode(value)) + "\""
            case ("code", "class"):
                out += " class=\"" + String(String.UnicodeScalarView(value.unicodeScalars.filter {
                    ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "-" || $0 == "_" || $0 == " "
                })) + "\""
            default: continue
            }
        }
        return out + ">"
    }

    /// The URL to write, or nil when it may not be used: a scheme other than http, https or mailto (an image
    /// may only come from the site itself). Tabs and newlines are dropped first, as browsers do before reading
    /// the scheme. A link to one of the entry's attachments points at its copy in the site.
    static func safeURL(_ raw: String, image: Bool, attachments: [String: String]) -> String? {
        var url = decode(raw).filter { $0 != "\t" && $0 != "\n" && $0 != "\r" }
        url = url.trimmingCharacters(in: CharacterSet(charactersIn: " ").union(.controlCharacters))
        // A colon before the first `/` makes the start a scheme, or something a browser might read as one (an
        // entity, an odd character): only http, https and mailto pass, by exact spelling.
        let head = url.prefix { $0 != "/" }
        if let colon = head.firstIndex(of: ":") {
            return !image && ["http", "https", "mailto"].contains(url[..<colon].lowercased()) ? url : nil
        }
        if url.hasPrefix("//") { return image ? nil : url }
        if let range = url.range(of: "attachments/") {
            let path = String(url[range.lowerBound...]).removingPercentEncoding ?? String(url[range.lowerBound...])
            if let copy = attachments[path] { return "../" + copy }
        }
        return url
    }

    /// The few entities Ink writes into attribute values, read back before the value is checked and escaped again.
    static func decode(_ value: String) -> String {
        value.replacingOccurrences(of: String(Character(hiddenLess)), with: "<").replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&amp;", with: "&")
    }
}
