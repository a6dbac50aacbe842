import Foundation
import Ink
import Mustache

/// `export html`: a static site in a folder, opened from disk with no network. Entries are read and their pages
/// written one at a time; only a summary of each (no text) is kept for the index, category and tag pages.
struct HTMLSite {
    /// The file that marks a folder as one of our exports, so that writing over it again is allowed.
    static let marker = ".journal-html-export"

    let journal: Journal
    let folder: String
    let templates: HTMLTemplates
    /// The reader's units, for the weather.
    let units: Units
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
        /// Marked `lang="ko"` on a page in another language.
        let korean: Bool
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

    init(journal: Journal, folder: String, templates: HTMLTemplates, units: Units) throws {
        self.journal = journal
        self.folder = folder
        self.templates = templates
        self.units = units
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
        if let weather = entry.weather { place.append(WeatherText.column(weather, units: units)) }
        if let location = entry.location { place.append("📍 " + EntryFacts.placeText(location)) }
        if !place.isEmpty { values["place"] = place.joined(separator: " · ") }
        // Ink reads a text that starts with `---` lines as metadata and drops it; an empty metadata block first
        // makes it take the entry's own `---` as text.
        let text = HTMLSanitizer.render(entry.body, attachments: files)
        values["text"] = text
        // A picture the text shows is not shown a second time under the attachments.
        let listed = files.values.sorted().filter { file in
            !(HTMLSite.isImage(file) && text.contains("src=\"" + MarkupText.escaped("../" + file) + "\""))
        }
        values["hasAttachments"] = !listed.isEmpty
        values["attachments"] = listed.map { file -> [String: Any] in
            ["href": "../" + file, "name": (file as NSString).lastPathComponent, "image": HTMLSite.isImage(file)]
        }
        let korean = Self.isKorean(entry.text)
        if korean { values["lang"] = "ko" }
        try write("/entries/" + page, render(templates.entry, values, title: title, root: ".."))
        summaries.append(
            Summary(page: page, title: title, createdAt: entry.createdAt, date: date, category: entry.category, tags: entry.allTags,
                    korean: korean))
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
        return Self.withPolicy(templates.page.render(
            ["lang": Say.current, "title": title, "root": root, "body": body, "labels": Self.labels] as [String: Any]))
    }

    /// The policy a page of the site runs under: nothing but its own pictures and style.
    static let policy = "default-src 'none'; img-src 'self'; style-src 'self'"

    /// `page` with a Content-Security-Policy, whatever template made it: one that names its own is left as it
    /// is (the journal's own templates are sealed on an encrypted journal, and the person's), else the site's
    /// policy goes first in its head.
    static func withPolicy(_ page: String) -> String {
        for quote in ["\"", "'"] where page.range(of: "http-equiv=\(quote)content-security-policy\(quote)", options: .caseInsensitive) != nil {
            return page
        }
        let meta = "<meta http-equiv=\"Content-Security-Policy\" content=\"\(policy)\">"
        guard let head = page.range(of: "<head", options: .caseInsensitive), let close = page[head.upperBound...].firstIndex(of: ">") else {
            return meta + "\n" + page
        }
        let at = page.index(after: close)
        return String(page[..<at]) + meta + String(page[at...])
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
        if entry.korean { values["lang"] = "ko" }
        if let name = entry.category { values["category"] = categoryValues(name, from: root) }
        return values
    }

    private func categoryLabel(_ name: String) -> String {
        [journal.settings.category(named: name)?.emoji, Say.categoryName(name)].compactMap { $0 }.joined(separator: " ")
    }

    private func categoryValues(_ name: String, from root: String) -> [String: Any] {
        let color = journal.settings.category(named: name)?.color.flatMap(CategoryColor.stored).flatMap { HTMLPage.colors.contains($0) ? $0 : nil } ?? "cyan"
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
        let attachmentsRoot = (URL(fileURLWithPath: journal.root + "/" + Journal.attachmentsFolder).resolvingSymlinksInPath().path) + "/"
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

    /// Whether an entry on a page that is not in Korean is marked as Korean (`lang="ko"`), which the style sheet
    /// breaks between words only (`word-break: keep-all`), as Korean is written, and shows in Korean fonts.
    static func isKorean(_ text: String) -> Bool {
        Say.current != "ko" && text.unicodeScalars.contains(where: Hangul.isSyllable)
    }

    /// Files a browser would run when opened (a page, an SVG with scripts): copied with `.txt` added, so a click
    /// on one shows its text.
    static let activeExtensions: Set<String> = ["html", "htm", "xhtml", "xht", "shtml", "svg", "svgz", "xml", "mht", "mhtml", "js"]
    static func isImage(_ path: String) -> Bool {
        let kind = FileKind.of(path)
        return kind.isPicture && kind.shownInPage
    }

    private func write(_ relative: String, _ text: String) throws {
        let path = folder + relative
        guard FileManager.default.createFile(atPath: path, contents: Data(text.utf8)) else {
            throw JournalError.invalid(Say.exportFailed(path, String(cString: strerror(errno))))
        }
    }

    /// Writes the site into a temporary folder beside `target`, then puts it in place of the target (an empty
    /// folder, or an earlier export, which is removed only once the new one is complete).
    static func export(_ journal: Journal, to target: String, units: Units, _ fill: (inout HTMLSite) throws -> Void) throws -> Int {
        try checkTarget(target)
        let templates = try HTMLTemplates(journal: journal)
        let parent = (target as NSString).deletingLastPathComponent
        let tag = String(UUID().uuidString.prefix(8))
        let temporary = parent + "/." + (target as NSString).lastPathComponent + ".export-" + tag
        do {
            var site = try HTMLSite(journal: journal, folder: temporary, templates: templates, units: units)
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
    /// Every colour a category can be given (`CategoryColor.palette`): the style sheet draws each, in both schemes.
    static let colors: Set<String> = Set(CategoryColor.names)
}
