import Foundation
import Testing

/// `journal export html`: the site's files, its safety against hostile entry text, Markdown, attachments, and a
/// look at it through headless Chromium.
@Suite struct HtmlExportTests {
    static let tripID = "3f2a9c1e-5b7d-4e0a-9c1d-5a6e2f0c4d11"
    static let evilID = "8c41d2aa-0f3e-4c55-8a0b-2d9b7e6f1a20"
    static let oldID = "0b7d11aa-1111-4c55-8a0b-2d9b7e6f1a20"

    /// Three entries: a trip with category, tags, weather, place, Markdown and attachments; an entry full of
    /// markup; an older one in another year.
    func journal() throws -> Sandbox {
        let box = try Sandbox()
        try box.journal("init")
        try box.write("entries/2026/11/2026-11-21-3f2a9c1e.md", """
            ---
            id: \(Self.tripID)
            created_at: 2026-11-21T22:44:55+09:00
            time_zone: Asia/Seoul
            category: travel
            tags: [busan, food]
            weather:
              condition: clear
              temperature_c: 12.5
            location:
              name: Busan
            ---
            Trip to Busan

            ## The market

            - hotteok
            - *fish cake*

            We wrote `if a < b && c > d` on a napkin.

            ```
            let x = a < b
            ```

            ![the sea](../../../attachments/\(Self.tripID)/sea.png)

            """)
        try box.write("entries/2026/11/2026-11-22-8c41d2aa.md", """
            ---
            id: \(Self.evilID)
            created_at: 2026-11-22T08:05:00+09:00
            time_zone: Asia/Seoul
            tags: [x]
            ---
            Evil <b>title</b> & co

            <script>alert(1)</script>

            <img src=x onerror=alert(1)>

            [x](javascript:alert(1)) [y](" onmouseover="alert(1)) [z](JaVa&#09;Script:alert(1)) [d](data:text/html,hi)

            <a href="javascript:alert(2)">a</a> <iframe src="javascript:alert(3)"></iframe> <img src="x" onerror="alert(4)">

            ![p](data:image/png;base64,AAAA) [ok](https://example.org/)

            """)
        try box.write("entries/2025/03/2025-03-01-0b7d11aa.md", """
            ---
            id: \(Self.oldID)
            created_at: 2025-03-01T08:00:00+09:00
            time_zone: Asia/Seoul
            ---
            Older day

            ---
            mood: calm
            ---

            Just a note.

            """)
        let folder = box.journal + "/attachments/" + Self.tripID
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Data(Self.png).write(to: URL(fileURLWithPath: folder + "/sea.png"))
        try Data("<script>alert(5)</script>".utf8).write(to: URL(fileURLWithPath: folder + "/page.html"))
        try Data("secret".utf8).write(to: URL(fileURLWithPath: box.root.path + "/outside.txt"))
        try FileManager.default.createSymbolicLink(atPath: folder + "/link.txt", withDestinationPath: box.root.path + "/outside.txt")
        try box.journal("commit")
        return box
    }

    /// A 1×1 PNG.
    static let png: [UInt8] = [
        0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52, 0x00, 0x00, 0x00, 0x01,
        0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0x1F, 0x15, 0xC4, 0x89, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x44, 0x41,
        0x54, 0x78, 0x9C, 0x63, 0xF8, 0xCF, 0xC0, 0xF0, 0x1F, 0x00, 0x05, 0x00, 0x01, 0xFF, 0x89, 0x99, 0x3D, 0x1D, 0x00, 0x00,
        0x00, 0x00, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82,
    ]

    func export(_ box: Sandbox) throws -> String {
        let site = box.root.path + "/site"
        let result = try box.journal("export", "html", "-o", site)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr == "Exported 3 entries to \(site)\n")
        return site
    }

    func read(_ path: String) -> String {
        (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    }

    @Test func writesIndexEntryCategoryAndTagPagesWithRelativeLinks() throws {
        let box = try journal()
        let site = try export(box)
        let files = Set((FileManager.default.enumerator(atPath: site)?.allObjects as? [String]) ?? [])
        for file in [
            "index.html", "style.css", ".journal-html-export", "entries/\(Self.tripID).html", "entries/\(Self.evilID).html",
            "entries/\(Self.oldID).html", "categories/travel.html", "tags/busan.html", "tags/food.html", "tags/x.html",
        ] {
            #expect(files.contains(file), "\(file) missing from \(files.sorted())")
        }
        let index = read(site + "/index.html")
        // Newest first, by year and month.
        let order = ["<h2>2026</h2>", "November 2026", "Evil &lt;b&gt;title&lt;/b&gt; &amp; co", "Trip to Busan", "<h2>2025</h2>", "March 2025", "Older day"]
        let positions = order.map { index.range(of: $0)?.lowerBound }
        #expect(!positions.contains(nil), "\(index)")
        #expect(positions.compactMap { $0 } == positions.compactMap { $0 }.sorted())
        #expect(index.contains("href=\"./entries/\(Self.tripID).html\""))
        #expect(index.contains("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"))
        #expect(index.contains("content=\"default-src 'none'; img-src 'self'; style-src 'self'\""))
        #expect(read(site + "/style.css").contains("prefers-color-scheme: dark"))

        let trip = read(site + "/entries/\(Self.tripID).html")
        #expect(trip.contains("<h1>Trip to Busan</h1>"))
        #expect(trip.contains("2026-11-21 22:44 (Asia/Seoul)"))  // the entry's local time, whatever the zone here
        #expect(trip.contains("<a class=\"category c-cyan\" href=\"../categories/travel.html\">✈️ travel</a>"))
        #expect(trip.contains("href=\"../tags/busan.html\">#busan</a>"))
        #expect(trip.contains("☀️ 13°C") || trip.contains("☀️ 12°C"), "\(trip)")
        #expect(trip.contains("📍 Busan"))

        let travel = read(site + "/categories/travel.html")
        #expect(travel.contains("✈️ travel") && travel.contains("Trip to Busan") && !travel.contains("Older day"))
        let busan = read(site + "/tags/busan.html")
        #expect(busan.contains("href=\"../entries/\(Self.tripID).html\">Trip to Busan</a>") && !busan.contains("Evil"))

        // Every link and image stays inside the folder: no scheme, no absolute path.
        for page in files where page.hasSuffix(".html") {
            for tag in HTMLScan.tags(read(site + "/" + page)) {
                for (key, value) in tag.attributes where key == "href" || key == "src" {
                    #expect(!value.contains(":") || value.hasPrefix("https://example.org"), "\(page): \(key)=\(value)")
                    #expect(!value.hasPrefix("/"), "\(page): \(key)=\(value)")
                }
            }
        }
    }

    @Test func hostileTextProducesNoExecutableMarkup() throws {
        let box = try journal()
        let site = try export(box)
        for page in ["index.html", "entries/\(Self.evilID).html", "tags/x.html"] {
            let html = read(site + "/" + page)
            let tags = HTMLScan.tags(html)
            #expect(!tags.isEmpty)
            #expect(!tags.contains { ["script", "iframe", "object", "embed", "svg", "math", "base", "form"].contains($0.name) }, "\(page)")
            for tag in tags {
                for (key, value) in tag.attributes {
                    #expect(!key.hasPrefix("on"), "\(page): <\(tag.name) \(key)=\(value)>")
                    let url = value.lowercased().filter { !$0.isWhitespace }
                    #expect(!url.hasPrefix("javascript:") && !url.hasPrefix("data:"), "\(page): <\(tag.name) \(key)=\(value)>")
                }
                if tag.name == "meta", let content = tag.attributes.first(where: { $0.0 == "http-equiv" }) {
                    #expect(content.1 == "Content-Security-Policy")
                }
            }
        }
        let evil = read(site + "/entries/\(Self.evilID).html")
        // Shown as text, not run.
        #expect(evil.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(evil.contains("&lt;img src=x onerror=alert(1)&gt;"))
        #expect(evil.contains("<h1>Evil &lt;b&gt;title&lt;/b&gt; &amp; co</h1>"))
        #expect(evil.contains("<title>Evil &lt;b&gt;title&lt;/b&gt; &amp; co</title>"))
        #expect(evil.contains("<a href=\"#\">x</a>"))
        #expect(evil.contains("<a href=\"https://example.org/\">ok</a>"))
    }

    @Test func rendersMarkdownWithCodeShownAsWritten() throws {
        let box = try journal()
        let site = try export(box)
        let trip = read(site + "/entries/\(Self.tripID).html")
        #expect(trip.contains("<h2>The market</h2>"))
        #expect(trip.contains("<ul><li>hotteok</li><li><em>fish cake</em></li></ul>"))
        #expect(trip.contains("<code>if a &lt; b &amp;&amp; c &gt; d</code>"))
        #expect(trip.contains("<pre><code>let x = a &lt; b\n</code></pre>"))
        // Lines between `---` at the start of the text are text, not metadata Ink would drop.
        #expect(read(site + "/entries/\(Self.oldID).html").contains("mood: calm"))
    }

    /// What Ink reads otherwise than CommonMark: a list right after a paragraph line, a quote's lazy line, a
    /// footnote, a task and a bare web address show as their writer meant (see `MarkdownBlocksTests`).
    @Test func listsFootnotesTasksAndAddressesShowAsMeant() throws {
        let box = try Sandbox()
        try box.journal("init")
        let text = """
            Shopping

            Today:
            - [ ] eggs
            - [x] milk

            See https://example.com/a_b for more.[^1]

            [^1]: The note itself.

            """
        #expect(try box.journal("add", stdin: text).status == 0)
        let site = box.root.path + "/site"
        #expect(try box.journal("export", "html", "-o", site).status == 0)
        let page = try #require(try FileManager.default.contentsOfDirectory(atPath: site + "/entries").first.map { read(site + "/entries/" + $0) })
        #expect(page.contains("<p>Today:</p><ul><li>☐ eggs</li><li>☑ milk</li></ul>"), "\(page)")
        #expect(page.contains("<p>See <a href=\"https://example.com/a_b\">https://example.com/a_b</a> for more.[^1]</p>"), "\(page)")
        #expect(page.contains("<p>[^1]: The note itself.</p>"), "\(page)")
    }

    /// Backslashes show as written where Markdown escapes nothing (`C:\Users`, `\backslash\`; `\\` is one),
    /// and a numbered list right after a bullet list is a list of its own (issue 32).
    @Test func backslashesAndAListAfterAnotherKind() throws {
        let box = try Sandbox()
        try box.journal("init")
        let text = """
            Backslashes

            A path C:\\Users\\x and \\backslash\\ here, an escaped \\* star, a pair \\\\ and `code\\n` and \\<b>.

            - one
            - two
            1. numbered
            2. second
            - bullet again

            ```
            C:\\x
            ```

            """
        #expect(try box.journal("add", stdin: text).status == 0)
        let site = box.root.path + "/site"
        #expect(try box.journal("export", "html", "-o", site).status == 0)
        let page = try #require(try FileManager.default.contentsOfDirectory(atPath: site + "/entries").first.map { read(site + "/entries/" + $0) })
        #expect(page.contains("<p>A path C:\\Users\\x and \\backslash\\ here, an escaped * star, a pair \\ and <code>code\\n</code> and &lt;b&gt;.</p>"), "\(page)")
        #expect(page.contains("<ul><li>one</li><li>two</li></ul><ol><li>numbered</li><li>second</li></ol><ul><li>bullet again</li></ul>"), "\(page)")
        #expect(page.contains("<pre><code>C:\\x\n</code></pre>"))
    }

    @Test func copiesAttachmentsAndShowsImages() throws {
        let box = try journal()
        let site = try export(box)
        let copied = site + "/attachments/\(Self.tripID)/sea.png"
        #expect(FileManager.default.contents(atPath: copied) == Data(Self.png))
        let trip = read(site + "/entries/\(Self.tripID).html")
        // The link in the text points at the copy; the attachments section does not show the picture again
        // (issue 31 §7), but lists the file the text does not show.
        #expect(trip.contains("<img src=\"../attachments/\(Self.tripID)/sea.png\" alt=\"the sea\">"))
        #expect(trip.components(separatedBy: "sea.png\"").count == 2, "\(trip)")
        #expect(!trip.contains("alt=\"sea.png\""))
        #expect(trip.contains("<a href=\"../attachments/\(Self.tripID)/page.html.txt\">page.html.txt</a>"))
        // A page among the attachments is copied as text, so that a click shows it rather than runs it.
        #expect(!FileManager.default.fileExists(atPath: site + "/attachments/\(Self.tripID)/page.html"))
        #expect(FileManager.default.fileExists(atPath: site + "/attachments/\(Self.tripID)/page.html.txt"))
        // A symlink out of the journal's attachments is not followed.
        #expect(!FileManager.default.fileExists(atPath: site + "/attachments/\(Self.tripID)/link.txt"))
    }

    /// A picture the text does not show is shown under the attachments; one it shows is not shown twice.
    @Test func aPictureIsShownOnce() throws {
        let box = try journal()
        let folder = box.journal + "/attachments/" + Self.tripID
        try Data(Self.png).write(to: URL(fileURLWithPath: folder + "/harbour.png"))
        try box.journal("commit")
        let trip = read(try export(box) + "/entries/\(Self.tripID).html")
        #expect(trip.components(separatedBy: "sea.png\"").count == 2, "\(trip)")
        #expect(trip.contains("<img src=\"../attachments/\(Self.tripID)/harbour.png\" alt=\"harbour.png\">"))
    }

    /// Korean breaks between words only, as it is written (`word-break: keep-all`), in the system's Korean fonts
    /// (no download): a Korean page is marked `lang="ko"` whole; on a page in English, the entries (and their
    /// rows in the lists) that hold Korean are.
    @Test func koreanTextBreaksBetweenWordsInKoreanFonts() throws {
        for korean in [false, true] {
            let box = try journal()
            if korean { box.environment["LANG"] = "ko_KR.UTF-8" }
            try box.write("entries/2026/11/2026-11-23-5a1b2c3d.md", """
                ---
                id: 5a1b2c3d-0000-4c55-8a0b-2d9b7e6f1a20
                created_at: 2026-11-23T08:00:00+09:00
                ---
                부산 여행

                오늘은 해운대에서 오랫동안 걸었다.
                바다 소리가 좋았다.

                """)
            try box.journal("commit")
            let site = box.root.path + "/site"
            #expect(try box.journal("export", "html", "-o", site).status == 0)
            let css = read(site + "/style.css")
            #expect(css.contains("body { word-break: keep-all; overflow-wrap: anywhere; line-break: strict; }"))
            #expect(css.contains("\"Noto Sans CJK KR\"") && css.contains("\"Apple SD Gothic Neo\"") && css.contains("\"Malgun Gothic\""))
            #expect(!css.contains("url("))
            let page = read(site + "/entries/5a1b2c3d-0000-4c55-8a0b-2d9b7e6f1a20.html")
            let english = read(site + "/entries/\(Self.oldID).html")
            let index = read(site + "/index.html")
            // A single line break is a line break, as the diary apps show it; the file is as written.
            #expect(page.contains("오늘은 해운대에서 오랫동안 걸었다.<br>바다 소리가 좋았다."), "\(page)")
            if korean {
                #expect(page.contains("<html lang=\"ko\">") && page.contains("<article>"), "\(page)")
                #expect(!index.contains("<li lang="))
            } else {
                #expect(page.contains("<html lang=\"en\">") && page.contains("<article lang=\"ko\">"), "\(page)")
                #expect(english.contains("<article>"))
                #expect(index.contains("<li lang=\"ko\"><a href=\"./entries/5a1b2c3d-0000-4c55-8a0b-2d9b7e6f1a20.html\">부산 여행</a>"), "\(index)")
                #expect(index.contains("<li><a href=\"./entries/\(Self.oldID).html\">Older day</a>"), "\(index)")
            }
        }
    }

    @Test func refusesAFolderThatIsNotAnExportAndReplacesAnEarlierExport() throws {
        let box = try journal()
        let other = box.root.path + "/notes"
        try FileManager.default.createDirectory(atPath: other, withIntermediateDirectories: true)
        try Data("mine".utf8).write(to: URL(fileURLWithPath: other + "/todo.txt"))
        let refused = try box.journal("export", "html", "-o", other)
        #expect(refused.status != 0)
        #expect(refused.stderr.hasPrefix("journal: cannot export into \(other): the folder is not empty"))
        #expect(refused.stderr.split(separator: "\n").count == 1)
        #expect((try? FileManager.default.contentsOfDirectory(atPath: other)) == ["todo.txt"])
        let parent = try FileManager.default.contentsOfDirectory(atPath: box.root.path)
        #expect(!parent.contains { $0.contains(".export-") })

        let noFolder = try box.journal("export", "html")
        #expect(noFolder.status != 0)
        #expect(noFolder.stderr == "journal: export html writes a folder: give it with -o FOLDER\n")

        // An empty folder is used; an export over an earlier one replaces it, pages of removed entries gone.
        let site = box.root.path + "/site"
        try FileManager.default.createDirectory(atPath: site, withIntermediateDirectories: true)
        _ = try export(box)
        try box.journal("rm", String(Self.oldID.prefix(8)), "--yes")
        let again = try box.journal("export", "html", "-o", site)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(!FileManager.default.fileExists(atPath: site + "/entries/\(Self.oldID).html"))
        #expect(FileManager.default.fileExists(atPath: site + "/entries/\(Self.tripID).html"))
        #expect(!(try FileManager.default.contentsOfDirectory(atPath: box.root.path)).contains { $0.hasPrefix(".site.") })
    }

    /// The page templates come from templates/html/ of the package; the journal's own templates/html/NAME replaces
    /// one by name, and still cannot turn an entry's text into markup: `{{value}}` is escaped.
    @Test func theJournalsOwnPageTemplatesReplaceTheBuiltInOnes() throws {
        let box = try journal()
        try box.write("templates/html/entry.html", "<article class=\"mine\"><h1>{{title}}</h1><p>{{date}}</p>{{{text}}}</article>\n")
        try box.write("templates/html/style.css", "body { color: green; }\n")
        try box.journal("commit")
        let site = try export(box)
        let trip = read(site + "/entries/\(Self.tripID).html")
        #expect(trip.contains("<article class=\"mine\"><h1>Trip to Busan</h1><p>2026-11-21 22:44 (Asia/Seoul)</p>"))
        #expect(trip.contains("<title>Trip to Busan</title>"))  // the built-in page frame still holds it
        #expect(read(site + "/style.css") == "body { color: green; }\n")
        let evil = read(site + "/entries/\(Self.evilID).html")
        #expect(evil.contains("<h1>Evil &lt;b&gt;title&lt;/b&gt; &amp; co</h1>"))
        #expect(!HTMLScan.tags(evil).contains { $0.name == "script" || $0.name == "b" })
        // The index and category pages are still the built-in ones.
        #expect(read(site + "/index.html").contains("<h2>Categories</h2>"))
    }

    /// Every page carries a Content-Security-Policy whatever template framed it: the site's own when the
    /// template names none, the template's when it names one.
    @Test func everyPageHasAContentSecurityPolicy() throws {
        let box = try journal()
        try box.write("templates/html/page.html", "<!doctype html><HTML><Head><title>{{title}}</title></Head><body>{{{body}}}</body></HTML>\n")
        try box.journal("commit")
        let site = try export(box)
        let policy = "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; img-src 'self'; style-src 'self'\">"
        for page in ["/index.html", "/entries/\(Self.tripID).html"] {
            #expect(read(site + page).contains("<Head>" + policy + "<title>"), "\(read(site + page))")
        }
        try box.write("templates/html/page.html", "<html><head><meta http-equiv='content-security-policy' content=\"img-src *\"></head><body>{{{body}}}</body></html>\n")
        try box.journal("commit")
        let own = read(try export(box) + "/index.html")
        #expect(own.contains("content=\"img-src *\"") && !own.contains("default-src 'none'"), "\(own)")
    }

    @Test func aBrokenPageTemplateIsOneLineNamingItAndWritesNothing() throws {
        let box = try journal()
        try box.write("templates/html/index.html", "<h1>{{title}}</h1>\n{{#years}}\n<h2>{{year}}</h2>\n")
        try box.journal("commit")
        let site = box.root.path + "/site"
        let result = try box.journal("export", "html", "-o", site)
        #expect(result.status == 1)
        #expect(result.stderr == "journal: template 'html/index.html', line 2: Mustache syntax: a section {{#name}} is never closed with {{/name}}\n")
        #expect(!FileManager.default.fileExists(atPath: site))
        #expect(!(try FileManager.default.contentsOfDirectory(atPath: box.root.path)).contains { $0.contains(".export-") })
    }

    static let chromium: String? = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first { FileManager.default.isExecutableFile(atPath: $0) }

    /// The DOM Chromium builds from a page of the site, loaded from disk: a bounded run, file:// only.
    func dom(_ box: Sandbox, _ path: String) throws -> String {
        let chromium = try #require(Self.chromium)
        let result = try Sandbox.exec(
            "/usr/bin/timeout",
            [
                "60", chromium, "--headless", "--disable-gpu", "--no-sandbox", "--no-first-run",
                "--user-data-dir=" + box.root.path + "/chromium", "--dump-dom", "file://" + path,
            ],
            stdin: nil, env: box.environment, cwd: box.root.path)
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdout
    }

    @Test(.enabled(if: chromium != nil, "chromium is not installed (apt-get install chromium): the browser check is skipped"))
    func chromiumShowsTheTitlesAndRunsNothing() throws {
        let box = try journal()
        let site = try export(box)
        let index = try dom(box, site + "/index.html")
        #expect(index.contains("<title>Journal</title>"))
        #expect(index.contains("Trip to Busan") && index.contains("Evil &lt;b&gt;title&lt;/b&gt; &amp; co"))

        let evil = try dom(box, site + "/entries/\(Self.evilID).html")
        #expect(evil.contains("<title>Evil &lt;b&gt;title&lt;/b&gt; &amp; co</title>"))  // no script changed it
        #expect(evil.contains("<h1>Evil &lt;b&gt;title&lt;/b&gt; &amp; co</h1>"))
        #expect(evil.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        let tags = HTMLScan.tags(evil)
        let allowed: Set<String> = [
            "html", "head", "meta", "title", "link", "body", "main", "article", "h1", "h2", "p", "time", "span", "a", "div",
            "img", "section", "figure", "figcaption",
        ]
        #expect(tags.allSatisfy { allowed.contains($0.name) }, "\(Set(tags.map(\.name)).subtracting(allowed))")
        #expect(!tags.contains { $0.attributes.contains { $0.0.hasPrefix("on") } })
        // The same elements as the file holds: nothing was added by a script.
        let file = HTMLScan.tags(read(site + "/entries/\(Self.evilID).html"))
        #expect(tags.map(\.name) == file.map(\.name))

        let trip = try dom(box, site + "/entries/\(Self.tripID).html")
        #expect(trip.contains("<h1>Trip to Busan</h1>"))
        #expect(trip.contains("<img src=\"../attachments/\(Self.tripID)/sea.png\""))
    }
}

/// A lenient reading of HTML tags as a browser finds them: `<` and a letter starts a tag; attributes quoted with
/// either quote or not at all. It over-reports (text that merely looks like a tag after a `<`), never misses.
enum HTMLScan {
    struct Tag {
        var name: String
        var attributes: [(String, String)]
    }

    static func tags(_ html: String) -> [Tag] {
        let s = Array(html.unicodeScalars)
        var found: [Tag] = []
        var i = 0
        func isSpace(_ c: Unicode.Scalar) -> Bool { c == " " || c == "\n" || c == "\t" || c == "\r" || c == "\u{0C}" }
        while i < s.count {
            guard s[i] == "<", i + 1 < s.count, s[i + 1].properties.isAlphabetic else {
                i += 1
                continue
            }
            i += 1
            var name = ""
            while i < s.count, !isSpace(s[i]), s[i] != ">", s[i] != "/" {
                name.unicodeScalars.append(s[i])
                i += 1
            }
            var attributes: [(String, String)] = []
            while i < s.count, s[i] != ">" {
                if isSpace(s[i]) || s[i] == "/" {
                    i += 1
                    continue
                }
                var key = ""
                while i < s.count, !isSpace(s[i]), s[i] != ">", s[i] != "=", s[i] != "/" {
                    key.unicodeScalars.append(s[i])
                    i += 1
                }
                var value = ""
                if i < s.count, s[i] == "=" {
                    i += 1
                    if i < s.count, s[i] == "\"" || s[i] == "'" {
                        let quote = s[i]
                        i += 1
                        while i < s.count, s[i] != quote {
                            value.unicodeScalars.append(s[i])
                            i += 1
                        }
                        i += 1
                    } else {
                        while i < s.count, !isSpace(s[i]), s[i] != ">" {
                            value.unicodeScalars.append(s[i])
                            i += 1
                        }
                    }
                }
                if !key.isEmpty { attributes.append((key.lowercased(), value)) }
            }
            found.append(Tag(name: name.lowercased(), attributes: attributes))
            i += 1
        }
        return found
    }
}
