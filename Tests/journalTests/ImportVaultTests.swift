import Foundation
import Testing

/// `journal import markdown` of an Obsidian vault, a Logseq graph and Hugo pages, as their owners see them
/// (issue 35): titles, dates, pictures and files copied and linked, wikilinks to the entries they name,
/// nested tags; and no link that reads outside the vault.
@Suite struct ImportVaultTests {
    static func write(_ root: String, _ relative: String, _ text: String) throws {
        try write(root, relative, Data(text.utf8))
    }

    static func write(_ root: String, _ relative: String, _ data: Data) throws {
        let path = root + "/" + relative
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try data.write(to: URL(fileURLWithPath: path))
    }

    static let photo = Data([0x89, 0x50, 0x4E, 0x47, 1, 2, 3])
    static let sunset = Data([0xFF, 0xD8, 0xFF, 4, 5, 6])
    static let diagram = Data([0x89, 0x50, 0x4E, 0x47, 7, 8])

    /// An Obsidian vault: daily notes (one in a year/month folder), embeds, wikilinks, nested tags, a picture in
    /// the attachment folder `.obsidian/app.json` names, a note with YAML front matter (its own title, a
    /// `created:` date, a block list of tags), one with a comma string of tags and `publishDate`, a Hugo page
    /// with TOML front matter.
    static func makeVault(_ box: Sandbox) throws -> String {
        let root = box.root.path + "/Vault"
        try write(root, ".obsidian/app.json", #"{"attachmentFolderPath": "Files", "alwaysUpdateLinks": true}"#)
        try write(root, "Files/photo.png", photo)
        try write(root, "Files/sunset 1.jpg", sunset)
        try write(root, "Projects/diagram.png", diagram)
        try write(root, "Daily/2024-03-01.md", """
            Morning run. ![[photo.png]] and small ![[photo.png|300]] ![[missing.png]]
            Met about [[Project Plan|the plan]] and [[Nobody]]. #work/meeting
            Inline `![[photo.png]]` stays.
            ```
            ![[photo.png]] [[Project Plan]]
            ```

            """)
        try write(root, "Daily/2024/03/2024-03-02.md", "Evening walk.\n\n![sunset](../../../Files/sunset%201.jpg \"At sea\")\n")
        try write(root, "Projects/Project Plan.md", """
            ---
            title: The Plan
            created: 2024-02-10T09:30
            tags:
              - work
              - planning
            aliases: [plan]
            ---
            # Project Plan

            See [[2024-03-01]], [the notes](../Daily/2024-03-01.md), ![](./diagram.png) and [[Nobody#Part|someone]].

            """)
        try write(root, "Projects/comma.md", """
            ---
            tags: "reading, books/novels"
            publishDate: 2024-04-01 09:00
            ---
            Reading list

            """)
        try write(root, "Hugo/taxonomies.md", """
            +++
            title = "Taxonomies"
            date = 2024-01-05T09:00:00-05:00
            tags = ["hugo", "docs"]
            [[cascade]]
              banner = "banner.png"
            +++
            {{< new-in 0.1 >}}

            How taxonomies work, see [Project Plan](/Projects/Project%20Plan.md) and [[report.pdf]], [the plan][plan][^1].

            [plan]: </Projects/Project Plan.md> "The plan"
            [^1]: Comma and more.
              [comma]: ../Projects/comma.md

            """)
        return root
    }

    static func entry(_ box: Sandbox, day: String) throws -> (path: String, id: String, text: String) {
        let path = try #require(box.entryFiles().first { $0.contains("/\(day)-") }, "no entry on \(day)")
        let text = try #require(box.read(path))
        let id = try #require(text.split(separator: "\n").first { $0.hasPrefix("id: ") }).dropFirst(4)
        return (path, String(id), text)
    }

    @Test func aVaultComesInAsObsidianShowsIt() throws {
        let box = try ImportTests.newJournal()
        let vault = try Self.makeVault(box)
        let result = try box.journal("import", "markdown", vault, "--time", "21:00", "--time-zone", "Asia/Seoul")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "Imported 5 entries from markdown (Vault).\n")
        // The one picture that is not there: one warning naming the note; its link stays.
        #expect(result.stderr == "journal: warning: Daily/2024-03-01.md: 'missing.png' is not in the vault; its link is kept as written\n")
        #expect(try box.commitSubjects() == ["Import 5 entries from markdown (Vault)", "Create journal"])
        try box.expectCleanRepository()

        let plan = try Self.entry(box, day: "2024-02-10")
        let daily = try Self.entry(box, day: "2024-03-01")
        let comma = try Self.entry(box, day: "2024-04-01")
        let evening = try Self.entry(box, day: "2024-03-02")
        // A daily note's day from its name, at --time; the links rewritten to the copies and the entries.
        #expect(daily.text == """
            ---
            id: \(daily.id)
            created_at: 2024-03-01T21:00:00+09:00
            time_zone: Asia/Seoul
            tags: [work/meeting, folder/Daily]
            ---
            Morning run. ![photo.png](../../../attachments/\(daily.id)/photo.png) and small ![photo.png|300](../../../attachments/\(daily.id)/photo.png) ![[missing.png]]
            Met about [the plan](../../../\(plan.path)) and [[Nobody]]. #work/meeting
            Inline `![[photo.png]]` stays.
            ```
            ![[photo.png]] [[Project Plan]]
            ```

            """)
        #expect(FileManager.default.contents(atPath: box.journal + "/attachments/\(daily.id)/photo.png") == Self.photo)
        #expect(evening.text.hasSuffix("""
            created_at: 2024-03-02T21:00:00+09:00
            time_zone: Asia/Seoul
            tags: [folder/Daily/2024/03]
            ---
            Evening walk.

            ![sunset](../../../attachments/\(evening.id)/sunset%201.jpg "At sea")

            """))
        #expect(FileManager.default.contents(atPath: box.journal + "/attachments/\(evening.id)/sunset 1.jpg") == Self.sunset)
        // Front matter: its date (a time of its own), tags of a block list, its title and other keys kept.
        #expect(plan.text == """
            ---
            id: \(plan.id)
            created_at: 2024-02-10T09:30:00+09:00
            time_zone: Asia/Seoul
            tags: [work, planning, folder/Projects]
            title: The Plan
            aliases: [plan]
            ---
            # Project Plan

            See [2024-03-01](../../../\(daily.path)), [the notes](../../../\(daily.path)), ![](../../../attachments/\(plan.id)/diagram.png) and [[Nobody#Part|someone]].

            """)
        #expect(FileManager.default.contents(atPath: box.journal + "/attachments/\(plan.id)/diagram.png") == Self.diagram)
        #expect(comma.text.contains("created_at: 2024-04-01T09:00:00+09:00\ntime_zone: Asia/Seoul\ntags: [reading, books/novels, folder/Projects]\ntitle: comma\npublishDate: 2024-04-01 09:00\n---\n"))
        // TOML front matter: kept as written above the text; its date has a zone of its own, so none is named.
        let hugo = try Self.entry(box, day: "2024-01-05")
        #expect(hugo.text == """
            ---
            id: \(hugo.id)
            created_at: 2024-01-05T09:00:00-05:00
            tags: [hugo, docs, folder/Hugo]
            ---
            +++
            title = "Taxonomies"
            date = 2024-01-05T09:00:00-05:00
            tags = ["hugo", "docs"]
            [[cascade]]
              banner = "banner.png"
            +++
            {{< new-in 0.1 >}}

            How taxonomies work, see [Project Plan](../../../\(plan.path)) and [[report.pdf]], [the plan][plan][^1].

            [plan]: ../../../\(plan.path) "The plan"
            [^1]: Comma and more.
              [comma]: ../../../\(comma.path)

            """)

        // As the owner sees them: the note's own titles, nested tags under their parents.
        let list = try box.journal("list")
        #expect(list.stdout.contains("2024-02-10 09:30  \(plan.id.prefix(8))  The Plan  #work #planning #folder/Projects\n"), "\(list.stdout)")
        #expect(list.stdout.contains("2024-01-05 09:00  \(hugo.id.prefix(8))  Taxonomies  #hugo #docs #folder/Hugo\n"), "\(list.stdout)")
        // A note without a title of its own is named by its file, as the vault shows it.
        #expect(list.stdout.contains("  comma  #reading #books/novels #folder/Projects\n"), "\(list.stdout)")
        let work = try box.journal("list", "--tag", "work").stdout
        #expect(work.contains(daily.id.prefix(8)) && work.contains(plan.id.prefix(8)) && work.split(separator: "\n").count == 2, "\(work)")
        #expect(try box.journal("list", "--tag", "books").stdout.contains("  comma  "))
        // A folder's notes, its subfolders with it.
        let folder = try box.journal("list", "--tag", "folder/Daily").stdout
        #expect(folder.split(separator: "\n").count == 2 && folder.contains(evening.id.prefix(8)) && folder.contains(daily.id.prefix(8)), "\(folder)")
        // The notes went in untouched.
        #expect(FileManager.default.contents(atPath: vault + "/Daily/2024-03-01.md").map { String(decoding: $0, as: UTF8.self) }?.hasPrefix("Morning run. ![[photo.png]]") == true)

        // Again: nothing new, no warning (the entries are there).
        let again = try box.journal("import", "markdown", vault, "--time", "21:00", "--time-zone", "Asia/Seoul")
        #expect(again.stdout == "Imported 0 entries from markdown (Vault); 5 already in the journal.\n")
        #expect(again.stderr == "")
    }

    @Test func aDryRunListsTheNotesOwnTitles() throws {
        let box = try ImportTests.newJournal()
        let vault = try Self.makeVault(box)
        let dry = try box.journal("import", "markdown", vault, "--dry-run", "--time-zone", "Asia/Seoul")
        #expect(dry.status == 0, "\(dry.stderr)")
        #expect(dry.stdout.contains(" The Plan\n"), "\(dry.stdout)")
        #expect(dry.stdout.contains(" Taxonomies\n"), "\(dry.stdout)")
        #expect(dry.stdout.contains("2024-03-01 "), "\(dry.stdout)")
        #expect(box.entryFiles().isEmpty)
        #expect(!FileManager.default.fileExists(atPath: box.journal + "/attachments"))
    }

    /// A Logseq graph imported from its journals folder: the graph is found above it (`logseq/`), so
    /// `../assets/…` is inside; a page's `tags::` are tags; a day in `2024_03_05.md` at noon by default.
    @Test func aLogseqGraphFromItsJournalsFolder() throws {
        let box = try ImportTests.newJournal()
        let graph = box.root.path + "/Graph"
        try Self.write(graph, "logseq/config.edn", "{}\n")
        try Self.write(graph, "assets/image_17.png", Self.photo)
        try Self.write(graph, "journals/2024_03_05.md", "tags:: diary, [[long walks]], #outdoors\n\n- Walked far ![image](../assets/image_17.png)\n\t- nested #legs\n")
        let result = try box.journal("import", "markdown", graph + "/journals", "--time-zone", "Asia/Seoul")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "Imported 1 entry from markdown (journals).\n")
        let day = try Self.entry(box, day: "2024-03-05")
        #expect(day.text.hasSuffix("""
            created_at: 2024-03-05T12:00:00+09:00
            time_zone: Asia/Seoul
            tags: [diary, long walks, outdoors]
            ---
            tags:: diary, [[long walks]], #outdoors

            - Walked far ![image](../../../attachments/\(day.id)/image_17.png)
            \t- nested #legs

            """), "\(day.text)")
        #expect(FileManager.default.contents(atPath: box.journal + "/attachments/\(day.id)/image_17.png") == Self.photo)
        #expect(try box.journal("list").stdout.contains("  - Walked far ![image]"))
    }

    /// Nothing from a note's link reads outside the vault: a picture up and out of it, or reached through a
    /// symbolic link, refuses the import with one line (in the messages' language) and nothing is written; an
    /// absolute path is the vault's, never the machine's.
    @Test func aLinkOutOfTheVaultIsRefused() throws {
        let box = try ImportTests.newJournal()
        try Self.write(box.root.path, "secret.png", Data("secret".utf8))
        let vault = box.root.path + "/Out"
        try Self.write(vault, ".obsidian/app.json", "{}")
        try Self.write(vault, "Notes/fine.md", "Fine note\n")
        try Self.write(vault, "Notes/up.md", "Up ![x](../../secret.png)\n")
        let result = try box.journal("import", "markdown", vault)
        #expect(result.status == 1)
        #expect(result.stderr == "journal: refused: Notes/up.md links to '../../secret.png', outside the vault; nothing was imported\n")
        let korean = try box.journal("import", "markdown", vault, env: ["LANG": "ko_KR.UTF-8"])
        #expect(korean.stderr == "journal: 거부했어요: Notes/up.md가 보관소 밖의 '../../secret.png'를 가리켜요. 아무것도 가져오지 않았어요\n", "\(korean.stderr)")
        #expect(box.entryFiles().isEmpty)
        #expect(!FileManager.default.fileExists(atPath: box.journal + "/attachments"))
        #expect(try box.commitSubjects().count == 1)
        // An Obsidian embed of a file above the vault, as deep as the machine's root.
        try Self.write(vault, "Notes/up.md", "Up ![[../../../../../../../../etc/passwd]]\n")
        let passwd = try box.journal("import", "markdown", vault)
        #expect(passwd.status == 1)
        #expect(passwd.stderr == "journal: refused: Notes/up.md links to '../../../../../../../../etc/passwd', outside the vault; nothing was imported\n")
        #expect(box.entryFiles().isEmpty)
        #expect(try box.commitSubjects().count == 1)

        // A plain link out of the vault reads nothing: it stays as written. An absolute path is looked for in
        // the vault only.
        try Self.write(vault, "Notes/up.md", "Up [x](../../secret.png) ![y](\(box.root.path)/secret.png)\n")
        let plain = try box.journal("import", "markdown", vault)
        #expect(plain.status == 0, "\(plain.stderr)")
        #expect(plain.stderr == "journal: warning: Notes/up.md: '\(box.root.path)/secret.png' is not in the vault; its link is kept as written\n")
        #expect(box.entryFiles().compactMap(box.read).contains { $0.hasSuffix("---\nUp [x](../../secret.png) ![y](\(box.root.path)/secret.png)\n") })
        #expect(!FileManager.default.fileExists(atPath: box.journal + "/attachments"))

        // A symbolic link in the vault (outside the folder imported) that a note embeds.
        let box2 = try ImportTests.newJournal()
        let graph = box2.root.path + "/Graph"
        try Self.write(box2.root.path, "secret.png", Data("secret".utf8))
        try Self.write(graph, "logseq/config.edn", "{}\n")
        try Self.write(graph, "journals/2024_03_05.md", "- ![x](../assets/link.png)\n")
        try FileManager.default.createDirectory(atPath: graph + "/assets", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: graph + "/assets/link.png", withDestinationPath: box2.root.path + "/secret.png")
        let linked = try box2.journal("import", "markdown", graph + "/journals")
        #expect(linked.status == 1)
        #expect(linked.stderr == "journal: refused: 'assets/link.png' is a symbolic link; nothing was imported\n")
        #expect(box2.entryFiles().isEmpty)
        #expect(try box2.commitSubjects().count == 1)
    }

    /// Notes named by one letter at the vault's top, linking each other (Foundation's path functions trap there).
    @Test func notesOfOneLetterLinkEachOther() throws {
        let box = try ImportTests.newJournal()
        let folder = box.root.path + "/Letters"
        try Self.write(folder, "a.md", "Alpha, see [[b]]\n")
        try Self.write(folder, "b.md", "Beta, see [[a|the first]] and [a](a.md)\n")
        let result = try box.journal("import", "markdown", folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "Imported 2 entries from markdown (Letters).\n")
        let texts = box.entryFiles().compactMap(box.read)
        let a = try #require(box.entryFiles().first { box.read($0)?.contains("Alpha") == true })
        let b = try #require(box.entryFiles().first { box.read($0)?.contains("Beta") == true })
        #expect(texts.contains { $0.hasSuffix("---\nAlpha, see [b](../../../\(b))\n") }, "\(texts)")
        #expect(texts.contains { $0.hasSuffix("---\nBeta, see [the first](../../../\(a)) and [a](../../../\(a))\n") }, "\(texts)")
    }

    /// Hugo's docs: pages under content/en served from / (a module mount), linked by `/section/page/` inline
    /// and by reference; a picture of static/ by its site path; `[[where]]` is TOML there, no wikilink.
    @Test func aHugoSitesPagesLinkEachOther() throws {
        let box = try ImportTests.newJournal()
        let site = box.root.path + "/Site"
        try Self.write(site, "hugo.toml", "[[module.mounts]]\n  source = 'content/en'\n  target = 'content'\n")
        try Self.write(site, "static/images/kitten.jpg", Self.sunset)
        try Self.write(site, "content/en/functions/where.md", "---\ntitle: where\ndate: 2024-01-02\n---\nFilters.\n")
        try Self.write(site, "content/en/about/_index.md", "---\ntitle: About\ndate: 2024-01-03\n---\nAbout [where][].\n\n[where]: /functions/where/#usage\n")
        try Self.write(site, "content/en/guide/page.md", "---\ntitle: Guide\ndate: 2024-01-04\n---\nSee [where](/functions/where/), [about](/about/) and ![k](/images/kitten.jpg \"A kitten\").\n{{< code-toggle >}}\n[[where]]\n{{< /code-toggle >}}\n")
        let result = try box.journal("import", "markdown", site + "/content", "--time-zone", "UTC")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "Imported 3 entries from markdown (content).\n")
        #expect(result.stderr == "")
        let where_ = try Self.entry(box, day: "2024-01-02")
        let about = try Self.entry(box, day: "2024-01-03")
        let guide = try Self.entry(box, day: "2024-01-04")
        #expect(about.text.hasSuffix("---\nAbout [where][].\n\n[where]: ../../../\(where_.path)#usage\n"), "\(about.text)")
        #expect(guide.text.hasSuffix("""
            ---
            See [where](../../../\(where_.path)), [about](../../../\(about.path)) and ![k](../../../attachments/\(guide.id)/kitten.jpg "A kitten").
            {{< code-toggle >}}
            [[where]]
            {{< /code-toggle >}}

            """), "\(guide.text)")
        #expect(FileManager.default.contents(atPath: box.journal + "/attachments/\(guide.id)/kitten.jpg") == Self.sunset)
        #expect(try box.journal("list").stdout.contains("  Guide\n"))
    }

    /// A vault of Korean notes in folders, as Obsidian shows it (issue 50): a note is named by its file (not a
    /// daily note, named by its day), a search for that name finds it first, its folder is a tag nested under
    /// `folder` (a folder's notes listed with `--tag folder/NAME`), a line shown reads a link's text, not the
    /// path it was rewritten to, and an embed in a table, its bar escaped, is the picture at that width.
    @Test func notesKeepTheirNamesAndFoldersAsTheVaultShowsThem() throws {
        let box = try ImportTests.newJournal()
        let vault = box.root.path + "/보관함"
        try Self.write(vault, ".obsidian/app.json", "{}")
        try Self.write(vault, "첨부/Engelbart.jpg", Self.photo)
        try Self.write(vault, "사용자 인터페이스/보관함 생성.md", """
            보관함은 Obsidian이 노트를 저장하는 로컬 폴더예요.

            자세한 것은 [[첨부 파일]]을 참고하세요.

            """)
        try Self.write(vault, "편집 및 서식/첨부 파일.md", "첨부 파일은 [[보관함 생성|보관함]]에 저장돼요.\n")
        let long = Array(repeating: "보관함 생성 보관함 생성 보관함 생성.", count: 20).joined(separator: "\n")
        try Self.write(vault, "편집 및 서식/긴 글.md", long + "\n")
        try Self.write(vault, "편집 및 서식/표.md", "| 사진 | 이름 |\n| --- | --- |\n| ![[Engelbart.jpg\\|100]] | 엥겔바트 |\n")
        try Self.write(vault, "2024-03-01.md", "오늘 보관함을 만들었어요.\n")
        let result = try box.journal("import", "markdown", vault, "--time-zone", "Asia/Seoul")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "Imported 5 entries from markdown (보관함).\n")
        #expect(result.stderr == "", "\(result.stderr)")

        func entry(_ words: String) throws -> (path: String, id: String, text: String) {
            let path = try #require(box.entryFiles().first { box.read($0)?.contains(words) == true }, "no entry holds \(words)")
            let text = try #require(box.read(path))
            let id = try #require(text.split(separator: "\n").first { $0.hasPrefix("id: ") }).dropFirst(4)
            return (path, String(id), text)
        }
        // Its name is its title, in its header; its folder a tag.
        let made = try entry("로컬 폴더")
        let attached = try entry("첨부 파일은")
        #expect(made.text.contains("\ntags: [folder/사용자 인터페이스]\ntitle: 보관함 생성\n---\n보관함은 Obsidian이"), "\(made.text)")
        #expect(attached.text.contains("\ntags: [folder/편집 및 서식]\ntitle: 첨부 파일\n---\n첨부 파일은 [보관함](../../../\(made.path))에"), "\(attached.text)")
        // A daily note at the vault's top: its day is its name, no title of its own, no folder.
        let daily = try entry("오늘 보관함을")
        #expect(daily.text.contains("created_at: 2024-03-01T12:00:00+09:00\ntime_zone: Asia/Seoul\n---\n"), "\(daily.text)")

        // A search for a note's name finds that note first, before a note that says the name twenty times.
        let search = try box.journal("search", "보관함 생성")
        #expect(search.status == 0, "\(search.stderr)")
        let first = try #require(search.stdout.split(separator: "\n").first)
        #expect(first.contains(made.id.prefix(8)) && first.contains("  보관함 생성  "), "\(search.stdout)")
        #expect(search.stdout.contains(try entry("보관함 생성 보관함 생성.").id.prefix(8)))

        // The lines a search and a list show read a link's text, not the path it was rewritten to.
        let found = try box.journal("search", "참고")
        #expect(found.stdout.contains("\n    자세한 것은 첨부 파일을 참고하세요.\n"), "\(found.stdout)")
        #expect(!found.stdout.contains("../../../"), "\(found.stdout)")
        let preview = try box.journal("list", "--preview", "--tag", "folder/편집 및 서식")
        #expect(preview.stdout.contains("첨부 파일은 보관함에 저장돼요."), "\(preview.stdout)")
        #expect(!preview.stdout.contains("../../../"), "\(preview.stdout)")
        // A term found only in a link's path shows no line of it.
        #expect(!(try box.journal("search", "entries").stdout.contains("../../../")))

        // A folder's notes, listed by its tag; the vault's top has none.
        let folder = try box.journal("list", "--tag", "folder/편집 및 서식").stdout.split(separator: "\n")
        #expect(folder.count == 3, "\(folder)")
        #expect(try box.journal("list", "--tag", "folder/사용자 인터페이스").stdout.split(separator: "\n").count == 1)
        #expect(try box.journal("tags").stdout.contains("folder/편집 및 서식"))

        // The embed in a table: the picture at width 100, copied, its bar still escaped for the table.
        let table = try entry("엥겔바트")
        #expect(table.text.hasSuffix("| ![Engelbart.jpg\\|100](../../../attachments/\(table.id)/Engelbart.jpg) | 엥겔바트 |\n"), "\(table.text)")
        #expect(FileManager.default.contents(atPath: box.journal + "/attachments/\(table.id)/Engelbart.jpg") == Self.photo)

        // On the page too: the picture at width 100 (the exported site's and the web view's pages), and a
        // folder's notes under its tag in the web view.
        let site = box.root.path + "/site"
        #expect(try box.journal("export", "html", "-o", site).status == 0)
        let tablePage = try String(contentsOfFile: site + "/entries/\(table.id).html", encoding: .utf8)
        #expect(tablePage.contains("<td><img src=\"../attachments/\(table.id)/Engelbart.jpg\" alt=\"Engelbart.jpg\" width=\"100\"></td>"), "\(tablePage)")
        let web = ServeWebTests()
        let server = try web.serve(box)
        defer { _ = try? box.journal("serve", "--stop") }
        let tag = try #require("folder/편집 및 서식".addingPercentEncoding(withAllowedCharacters: .alphanumerics))
        let page = try web.request(server, "GET", "/?tag=" + tag, cookie: true).body
        #expect(page.components(separatedBy: "<li class=\"entry\">").count == 4, "\(page)")
        for note in [attached, table, try entry("보관함 생성 보관함 생성.")] { #expect(page.contains("href=\"\(server.prefix)/entry/\(note.id)\""), "\(page)") }
        let shown = try web.request(server, "GET", "/entry/\(table.id)", cookie: true).body
        #expect(shown.contains("alt=\"Engelbart.jpg\" width=\"100\">"), "\(shown)")
    }

    @Test func aBadTimeIsAUsageError() throws {
        let box = try ImportTests.newJournal()
        let vault = try Self.makeVault(box)
        for time in ["25:00", "9", "21:5", "noon"] {
            let result = try box.journal("import", "markdown", vault, "--time", time)
            #expect(result.status == 64, "\(time)")
            #expect(result.stderr.hasPrefix("Error: --time wants a time of day such as 21:00, not '\(time)'\n"), "\(result.stderr)")
        }
        let korean = try box.journal("import", "markdown", vault, "--time", "25:00", env: ["LANG": "ko_KR.UTF-8"])
        #expect(korean.stderr.contains("--time에는 21:00 같은 시각을 주세요('25:00'이 아니라)"), "\(korean.stderr)")
        #expect(box.entryFiles().isEmpty)
        #expect(try box.commitSubjects().count == 1)
        // 9:05 is 09:05.
        #expect(try box.journal("import", "markdown", vault + "/Daily", "--time", "9:05", "--time-zone", "UTC").status == 0)
        #expect(try box.journal("list").stdout.contains("2024-03-01 09:05"))
    }
}
