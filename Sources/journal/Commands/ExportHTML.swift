import Foundation
import Ink
import JournalKit

/// `export html`: a static site in a folder, opened from disk with no network. Entries are read and their pages
/// written one at a time; only a summary of each (no text) is kept for the index, category and tag pages.
struct HTMLSite {
    /// The file that marks a folder as one of our exports, so that writing over it again is allowed.
    static let marker = ".journal-html-export"

    let journal: Journal
    let folder: String
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
            throw Failure(Say.exportNoFolder(parent))
        }
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { return }
        guard isFolder.boolValue else { throw Failure(Say.exportHTMLIsFile(path)) }
        let items = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        if !items.isEmpty && !items.contains(marker) { throw Failure(Say.exportHTMLNotOurs(path)) }
    }

    init(journal: Journal, folder: String) throws {
        self.journal = journal
        self.folder = folder
        for sub in ["", "/entries", "/categories", "/tags", "/attachments"] {
            do { try FileManager.default.createDirectory(atPath: folder + sub, withIntermediateDirectories: true) } catch {
                throw Failure(Say.exportFailed(folder + sub, error.localizedDescription))
            }
        }
        try write("/" + Self.marker, "journal html export\n")
        try write("/style.css", HTMLPage.css)
    }

    mutating func add(_ entry: Entry) throws {
        let page = unique(SafeName.make(entry.id))
        let title = entry.title.isEmpty ? Say.untitledDisplay : entry.title
        let date = DateText(locale: nil).format(entry.createdAt) + (entry.timeZone.map { " (\($0))" } ?? "")
        let files = try copyAttachments(of: entry)
        var body = "<article>\n<h1>\(HTML.escape(title))</h1>\n<p class=\"meta\"><time>\(HTML.escape(date))</time>"
        if entry.starred { body += " <span class=\"star\">★</span>" }
        if let name = entry.category { body += " " + categoryLink(name, from: "..") }
        for tag in entry.allTags { body += " " + tagLink(tag, from: "..") }
        body += "</p>\n"
        var place: [String] = []
        if let weather = entry.weather { place.append(WeatherText.column(weather, units: UserSettings.units)) }
        if let location = entry.location { place.append("📍 " + EntryPage.placeText(location)) }
        if !place.isEmpty { body += "<p class=\"place\">" + place.map(HTML.escape).joined(separator: " · ") + "</p>\n" }
        // Ink reads a text that starts with `---` lines as metadata and drops it; an empty metadata block first
        // makes it take the entry's own `---` as text.
        let markdown = MarkdownParser().html(from: "---\n---\n" + HTMLSanitizer.hideMarkup(entry.body))
        body += "<div class=\"text\">\n" + HTMLSanitizer.clean(markdown, attachments: files) + "\n</div>\n"
        if !files.isEmpty {
            body += "<section class=\"attachments\">\n<h2>" + HTML.escape(Say.text("html.attachments")) + "</h2>\n"
            for file in files.values.sorted() {
                let link = "../" + file
                let name = HTML.escape((file as NSString).lastPathComponent)
                if HTMLSite.isImage(file) {
                    body += "<figure><a href=\"\(HTML.escape(link))\"><img src=\"\(HTML.escape(link))\" alt=\"\(name)\"></a>"
                        + "<figcaption>\(name)</figcaption></figure>\n"
                } else {
                    body += "<p><a href=\"\(HTML.escape(link))\">\(name)</a></p>\n"
                }
            }
            body += "</section>\n"
        }
        body += "</article>\n"
        try write("/entries/" + page, HTMLPage.render(title: title, root: "..", body: body))
        summaries.append(Summary(page: page, title: title, createdAt: entry.createdAt, date: date, category: entry.category, tags: entry.allTags))
        count += 1
    }

    /// Writes the index, category and tag pages from the summaries.
    func finish() throws {
        let sorted = summaries.sorted { $0.createdAt > $1.createdAt }
        var body = "<h1>" + HTML.escape(Say.text("html.journal")) + "</h1>\n"
        let categories = Set(sorted.compactMap(\.category)).sorted()
        let tags = Set(sorted.flatMap(\.tags)).sorted()
        if !categories.isEmpty {
            body += "<nav class=\"chips\"><h2>" + HTML.escape(Say.text("html.categories")) + "</h2>" + categories.map { categoryLink($0, from: ".") }.joined(separator: " ") + "</nav>\n"
        }
        if !tags.isEmpty {
            body += "<nav class=\"chips\"><h2>" + HTML.escape(Say.text("html.tags")) + "</h2>" + tags.map { tagLink($0, from: ".") }.joined(separator: " ") + "</nav>\n"
        }
        body += list(sorted, from: ".", byMonth: true)
        try write("/index.html", HTMLPage.render(title: Say.text("html.journal"), root: ".", body: body))
        for name in categories {
            let label = categoryLabel(name)
            let page = "<p><a href=\"../index.html\">← " + HTML.escape(Say.text("html.journal")) + "</a></p>\n<h1>" + HTML.escape(label) + "</h1>\n"
                + list(sorted.filter { $0.category == name }, from: "..", byMonth: false)
            try write("/categories/" + SafeName.page(name), HTMLPage.render(title: label, root: "..", body: page))
        }
        for tag in tags {
            let page = "<p><a href=\"../index.html\">← " + HTML.escape(Say.text("html.journal")) + "</a></p>\n<h1>#" + HTML.escape(tag) + "</h1>\n"
                + list(sorted.filter { $0.tags.contains(tag) }, from: "..", byMonth: false)
            try write("/tags/" + SafeName.page(tag), HTMLPage.render(title: "#" + tag, root: "..", body: page))
        }
    }

    private func list(_ entries: [Summary], from root: String, byMonth: Bool) -> String {
        var out = ""
        var year = -1
        var month = -1
        var open = false
        for entry in entries {
            let p = entry.createdAt.parts
            if byMonth && (p.year != year || p.month != month) {
                if open { out += "</ul>\n" }
                if p.year != year { out += "<h2>\(p.year)</h2>\n" }
                out += "<h3>" + HTML.escape(Say.text("monthYear", Say.text("month.\(p.month)"), p.year)) + "</h3>\n"
                (year, month) = (p.year, p.month)
                open = false
            }
            if !open {
                out += "<ul class=\"entries\">\n"
                open = true
            }
            out += "<li><a href=\"\(root)/entries/\(entry.page)\">\(HTML.escape(entry.title))</a> <time>\(HTML.escape(entry.date))</time>"
            if let name = entry.category { out += " " + categoryLink(name, from: root) }
            out += "</li>\n"
        }
        if open { out += "</ul>\n" }
        return out.isEmpty ? "<p>" + HTML.escape(Say.text("html.noEntries")) + "</p>\n" : out
    }

    private func categoryLabel(_ name: String) -> String {
        [journal.settings.category(named: name)?.emoji, Say.categoryName(name)].compactMap { $0 }.joined(separator: " ")
    }

    private func categoryLink(_ name: String, from root: String) -> String {
        let color = journal.settings.category(named: name)?.color.flatMap { HTMLPage.colors.contains($0) ? $0 : nil } ?? "cyan"
        return "<a class=\"category c-\(color)\" href=\"\(root)/categories/\(SafeName.page(name))\">\(HTML.escape(categoryLabel(name)))</a>"
    }

    private func tagLink(_ tag: String, from root: String) -> String {
        "<a class=\"tag\" href=\"\(root)/tags/\(SafeName.page(tag))\">#\(HTML.escape(tag))</a>"
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
                throw Failure(Say.exportFailed(target, error.localizedDescription))
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
            throw Failure(Say.exportFailed(path, String(cString: strerror(errno))))
        }
    }

    /// Writes the site into a temporary folder beside `target`, then puts it in place of the target (an empty
    /// folder, or an earlier export, which is removed only once the new one is complete).
    static func export(_ journal: Journal, to target: String, _ fill: (inout HTMLSite) throws -> Void) throws -> Int {
        try checkTarget(target)
        let parent = (target as NSString).deletingLastPathComponent
        let tag = String(UUID().uuidString.prefix(8))
        let temporary = parent + "/." + (target as NSString).lastPathComponent + ".export-" + tag
        do {
            var site = try HTMLSite(journal: journal, folder: temporary)
            try fill(&site)
            try site.finish()
            var old: String?
            if FileManager.default.fileExists(atPath: target + "/" + marker) {
                let aside = parent + "/." + (target as NSString).lastPathComponent + ".old-" + tag
                guard rename(target, aside) == 0 else { throw Failure(Say.exportFailed(target, String(cString: strerror(errno)))) }
                old = aside
            }
            guard rename(temporary, target) == 0 else {
                let reason = String(cString: strerror(errno))
                if let old { rename(old, target) }
                throw Failure(Say.exportFailed(target, reason))
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

/// The frame of every page: one stylesheet, no scripts, a Content-Security-Policy that would block any that got in.
enum HTMLPage {
    static let colors: Set<String> = ["black", "red", "green", "yellow", "blue", "magenta", "cyan", "white"]

    static func render(title: String, root: String, body: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="\(Say.language)">
        <head>
        <meta charset="utf-8">
        <meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src 'self'; style-src 'self'">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(HTML.escape(title))</title>
        <link rel="stylesheet" href="\(root)/style.css">
        </head>
        <body>
        <main>
        \(body)</main>
        </body>
        </html>

        """
    }

    static let css = """
        :root { color-scheme: light dark; --bg: #fdfcf9; --fg: #1f2328; --dim: #6a737d; --line: #e4e2dc; --link: #0b62c4; --chip: #f0eee8; }
        @media (prefers-color-scheme: dark) {
          :root { --bg: #16181c; --fg: #e6e6e6; --dim: #9aa0a6; --line: #2e3238; --link: #7ab7ff; --chip: #24282e; }
        }
        * { box-sizing: border-box; }
        body { margin: 0; background: var(--bg); color: var(--fg); font: 17px/1.6 system-ui, -apple-system, "Segoe UI", sans-serif; }
        main { max-width: 42rem; margin: 0 auto; padding: 1rem 1.1rem 3rem; overflow-wrap: break-word; }
        a { color: var(--link); }
        h1 { font-size: 1.7rem; line-height: 1.25; }
        h2 { margin-top: 2rem; border-bottom: 1px solid var(--line); }
        h3 { color: var(--dim); font-size: 1rem; text-transform: uppercase; letter-spacing: .05em; }
        time, .meta, .place { color: var(--dim); font-size: .92rem; }
        ul.entries { padding-left: 1.1rem; }
        ul.entries li { margin: .3rem 0; }
        .chips h2 { font-size: 1rem; border: 0; margin: 1rem 0 .3rem; }
        .tag, .category { display: inline-block; padding: 0 .5rem; border-radius: 1rem; background: var(--chip); text-decoration: none; font-size: .9rem; }
        .c-black { color: var(--fg); } .c-white { color: var(--dim); }
        .c-red { color: #d73a49; } .c-green { color: #22863a; } .c-yellow { color: #b08800; }
        .c-blue { color: #2f6fdb; } .c-magenta { color: #b03cc0; } .c-cyan { color: #1b8a9a; }
        .star { color: #e3a008; }
        img { max-width: 100%; height: auto; }
        figure { margin: 1rem 0; }
        figcaption { color: var(--dim); font-size: .85rem; }
        pre { overflow-x: auto; padding: .7rem; background: var(--chip); border-radius: .4rem; }
        code { font-family: ui-monospace, "SFMono-Regular", Menlo, monospace; font-size: .9em; }
        blockquote { margin-left: 0; padding-left: 1rem; border-left: 3px solid var(--line); color: var(--dim); }
        table { border-collapse: collapse; display: block; overflow-x: auto; }
        th, td { border: 1px solid var(--line); padding: .3rem .6rem; }

        """
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

    /// The Markdown with each `<` hidden from Ink (and the rare private-use character of that value in the text
    /// made U+FFFD, so that it cannot pass for one).
    static func hideMarkup(_ markdown: String) -> String {
        String(String.UnicodeScalarView(markdown.unicodeScalars.map { $0 == "<" ? hiddenLess : $0 == hiddenLess ? "\u{FFFD}" : $0 }))
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
