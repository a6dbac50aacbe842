import Foundation
import Testing
import TestSupport

/// `journal serve`'s pages used as a person uses them, in a real browser driven through the DevTools
/// protocol (`Browser`): typing into the search box, writing an entry, tagging, deleting and restoring,
/// and a page that follows an entry edited in real vim on a terminal, without a reload.
@Suite(.serialized) struct ServeBrowserTests {
    let web = ServeWebTests()
    static let shots = FileManager.default.currentDirectoryPath + "/.build/screenshots"

    /// A served journal and a browser that holds its cookie (the token traded on the first visit).
    func open(_ box: Sandbox, _ path: String = "/", language: String = "en") throws -> (ServeWebTests.Server, Browser)? {
        guard try SkipReason.program(["/usr/bin/chromium", "chromium"]) != nil else { return nil }
        let server = try web.serve(box)
        let browser = try Browser(box, language: language)
        try browser.open(server.page + "&next=" + (path.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? path))
        try FileManager.default.createDirectory(atPath: Self.shots, withIntermediateDirectories: true)
        return (server, browser)
    }

    /// The draft the server keeps for a page (`new`, or an entry's id): its text, and its facts (`startedFrom`, `fields`).
    func pageDraft(_ box: Sandbox, _ key: String) -> (text: String, facts: [String: Any])? {
        let name = box.journal + "/.git/journal/drafts/draft-web-" + key.prefix(8)
        guard let text = box.read(".git/journal/drafts/draft-web-" + key.prefix(8) + ".md") else { return nil }
        let facts = FileManager.default.contents(atPath: name + ".json").flatMap { try? JSONSerialization.jsonObject(with: $0) as? [String: Any] }
        return (text, facts ?? [:])
    }

    /// Waits for the page's editor to have kept what was typed on the server (two seconds after the last key).
    func waitUntilKept(_ browser: Browser) throws {
        try browser.waitUntil("(document.querySelector('#editor .kept') || {}).textContent.startsWith('Kept at')")
    }

    func json(_ box: Sandbox, _ arguments: String...) throws -> [[String: Any]] {
        let run = try box.run(arguments + ["--json"])
        #expect(run.status == 0, "\(run.stderr)")
        let value = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8))
        return (value as? [[String: Any]]) ?? (value as? [String: Any]).map { [$0] } ?? []
    }

    /// Every page in English and Korean, light and dark (as the system asks, and by the page's own toggle), on
    /// a desktop's screen and a phone's: the language's words, the scheme's colours, nothing axe-core finds
    /// wrong (WCAG 2.1 AA), and a screenshot of each under .build/screenshots.
    @Test(arguments: ["en", "ko"], ["desktop", "phone"]) func everyPageInBothLanguagesLightAndDark(language: String, screen: String) throws {
        let box = try Sandbox()
        defer { _ = try? box.journal("serve", "--stop") }
        guard let axe = try Browser.axeCore() else { return }
        guard let (server, browser) = try open(box, language: language) else { return }
        if screen == "phone" { try PocketTests.emulatePhone(browser, language: language) }
        let id = try #require(try json(box, "list").first?["id"] as? String)
        let today = try #require(try json(box, "list").first?["created_at"] as? String).prefix(10)
        let nav = language == "ko" ? ["목록", "오늘", "달력", "쓰기"] : ["Entries", "Today", "Calendar", "Write"]
        let background = "getComputedStyle(document.body).backgroundColor"
        // Something in the trash.
        let gone = try box.add("Gone\n\nTo the trash.")
        #expect(try box.journal("rm", "-y", gone).status == 0)
        for (name, path) in [("list", "/"), ("today", "/today?on=\(today)"), ("calendar", "/calendar?month=\(today.prefix(7))"),
                             ("calendar-day", "/calendar?day=\(today)"), ("entry", "/entry/\(id)"), ("new", "/new"), ("trash", "/trash"),
                             ("stats", "/stats")] {
            try browser.open(server.base + path)
            #expect(try browser.text("document.documentElement.lang") == language, "\(name)")
            #expect(try browser.text("[...document.querySelectorAll('header nav a')].map(a => a.textContent).join(',')") == nav.joined(separator: ","), "\(name)")
            if name == "calendar" {
                let month = Int(today.dropFirst(5).prefix(2)) ?? 0
                let monthName = language == "ko" ? "\(month)월" : ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November",
                                                                        "December"][month - 1]
                let title = language == "ko" ? "\(today.prefix(4))년 \(monthName)" : "\(monthName) \(today.prefix(4))"
                #expect(try browser.text("document.querySelector('.months h1').textContent") == title)
            }
            if screen == "phone" {
                // What a thumb taps is 44 by 44 CSS pixels at least; no field's text is under 16px; the filters
                // beyond the search are folded behind one control.
                let small = try browser.evaluate("""
                    [...document.querySelectorAll('header nav a, #theme, .months a, .tagger .tag button, .actions button, .history button, \
                    details.more-filters > summary, .filters button, .photos label.button, input:not([type=hidden]):not([type=checkbox]):not([type=file]), select')]
                      .filter(e => e.getClientRects().length > 0)
                      .filter(e => { const r = e.getBoundingClientRect(); return r.width < 44 || r.height < 44; })
                      .map(e => e.tagName + ' ' + (e.textContent || e.name || '').trim().slice(0, 20) + ' ' + Math.round(e.getBoundingClientRect().width) + 'x' + Math.round(e.getBoundingClientRect().height))
                    """) as? [String] ?? ["no answer"]
                #expect(small.isEmpty, "\(name), \(language): \(small)")
                let tinyText = try browser.evaluate("""
                    [...document.querySelectorAll('input, select, textarea')].filter(e => e.getClientRects().length > 0 && e.type !== 'file')
                      .filter(e => parseFloat(getComputedStyle(e).fontSize) < 16).map(e => e.name || e.id)
                    """) as? [String] ?? ["no answer"]
                #expect(tinyText.isEmpty, "\(name), \(language): \(tinyText)")
                if name == "list" {
                    #expect(try browser.evaluate("document.querySelector('details.more-filters').open") as? Bool == false)
                }
            }
            var colours: [String] = []
            for scheme in ["light", "dark"] {
                try browser.send("Emulation.setEmulatedMedia", ["features": [["name": "prefers-color-scheme", "value": scheme]]])
                colours.append(try browser.text(background))
                try browser.screenshot(Self.shots + "/\(name)-\(language)-\(scheme)\(screen == "phone" ? "-phone" : "").png")
                let violations = try browser.accessibilityViolations(axe)
                #expect(violations.isEmpty, "\(name), \(language), \(scheme), \(screen): \(violations.joined(separator: "; "))")
            }
            #expect(colours == ["rgb(251, 250, 247)", "rgb(23, 22, 20)"], "\(name): \(colours)")
            // The toggle turns a dark page light and keeps it so on the next page; toggled back, the page
            // follows the system's scheme again.
            try browser.click("#theme")
            #expect(try browser.text(background) == "rgb(251, 250, 247)", "\(name)")
            #expect(try browser.text("localStorage.getItem('journal.theme')") == "light")
            try browser.click("#theme")
            #expect(try browser.text(background) == "rgb(23, 22, 20)", "\(name)")
            #expect(try browser.evaluate("localStorage.getItem('journal.theme') === null && !document.documentElement.dataset.theme") as? Bool == true)
        }
        try browser.send("Emulation.setEmulatedMedia", ["features": [["name": "prefers-color-scheme", "value": "light"]]])
    }

    @Test func aSearchTypedIntoTheBoxShowsTheRightEntries() throws {
        let box = try Sandbox()
        defer { _ = try? box.journal("serve", "--stop") }
        guard let (_, browser) = try open(box) else { return }
        _ = try box.add("김치찌개\n\n친구와 김치찌개를 먹었다.")
        try browser.waitUntil("document.querySelectorAll('li.entry').length === 3")
        try browser.focus("#q")
        try browser.type("kimchi")
        try browser.waitUntil("location.search === '?q=kimchi' && document.querySelectorAll('li.entry').length === 1")
        #expect(try browser.text("document.querySelector('li.entry strong').textContent") == "Dinner with Mina")
        #expect(try browser.text("document.querySelector('li.entry mark').textContent") == "Kimchi")
        // The box keeps its text and the caret while the results change under it.
        #expect(try browser.text("document.activeElement.id") == "q")
        #expect(try browser.text("document.getElementById('q').value") == "kimchi")

        // Korean, one syllable at a time as an input method commits them; the English entry goes.
        _ = try browser.evaluate("document.getElementById('q').select()")
        try browser.type("김치")
        try browser.waitUntil("document.getElementById('q').value === '김치' && document.querySelectorAll('li.entry').length === 1 "
                              + "&& document.querySelector('li.entry strong').textContent === '김치찌개'")
        #expect(try browser.text("document.querySelector('li.entry mark').textContent") == "김치")
        try browser.screenshot(Self.shots + "/search-typed-ko.png")

        // A match far along a long line shows on a phone's width, not cut off behind the line's ellipsis.
        try browser.send("Emulation.setDeviceMetricsOverride", ["width": 412, "height": 900, "deviceScaleFactor": 1, "mobile": true])
        _ = try box.add("긴 하루\n\n" + String(repeating: "우리는 강을 따라 걸으며 별 이야기를 하지 않았다. ", count: 3)
                        + "그때 등대가 안개 속에서 나타났고 우리는 멈췄다.")
        _ = try browser.evaluate("document.getElementById('q').select()")
        try browser.type("등대")
        try browser.waitUntil("document.getElementById('q').value === '등대' && document.querySelectorAll('li.entry').length === 1 "
                              + "&& document.querySelector('li.entry mark') && document.querySelector('li.entry mark').textContent === '등대'")
        let shown = "(() => { const m = document.querySelector('li.entry mark').getBoundingClientRect(); "
            + "const p = document.querySelector('li.entry p.match').getBoundingClientRect(); "
            + "return m.width > 0 && m.right <= p.right + 1 && m.bottom <= p.bottom + 1 && p.right <= window.innerWidth })()"
        #expect(try browser.evaluate(shown) as? Bool == true)
        try browser.screenshot(Self.shots + "/search-long-line.png")

        // Two words: a form writes the space as `+`, which the server reads as a space.
        _ = try browser.evaluate("document.getElementById('q').select()")
        try browser.type("stew talk")
        try browser.waitUntil("location.search === '?q=stew+talk' && document.querySelectorAll('li.entry').length === 1 "
                              + "&& document.querySelector('li.entry strong').textContent === 'Dinner with Mina'")

        // A word an input method is still composing is searched as it stands, as a phone's keyboard leaves it
        // until the next word: 부산 composed and not committed shows 부산, not what 부 finds (북한산, 월요일부터).
        _ = try browser.evaluate("const q = document.getElementById('q'); q.value = ''; q.dispatchEvent(new Event('input'))")
        try browser.waitUntil("location.search === '' && document.querySelectorAll('li.entry').length === 4")
        _ = try box.add("부산\n\n해운대 바다를 걸었다.")
        _ = try box.add("북한산\n\n월요일부터 등산.")
        try browser.waitUntil("document.querySelectorAll('li.entry').length === 6")
        let titles = "[...document.querySelectorAll('li.entry strong')].map((e) => e.textContent).join(',')"
        try browser.focus("#q")
        try browser.compose(["ㅂ", "부", "붓", "부사", "부산"], nil)
        try browser.waitUntil("location.search === '?q=' + encodeURIComponent('부산') && \(titles) === '부산'", show: titles)
        #expect(try browser.text("document.getElementById('q').value") == "부산")
        #expect(try browser.text("document.activeElement.id") == "q")
        try browser.screenshot(Self.shots + "/search-composing-ko.png")
        _ = try browser.send("Input.insertText", ["text": "부산"])
        // Initials while they are composed (ㅂ then ㅅ is the one letter ㅄ until a vowel comes).
        _ = try browser.evaluate("document.getElementById('q').select()")
        try browser.compose(["ㅂ", "ㅄ"], nil)
        try browser.waitUntil("location.search === '?q=' + encodeURIComponent('ㅄ') && \(titles) === '부산'", show: titles)
        _ = try browser.send("Input.insertText", ["text": "ㅄ"])
        // A syllable whose last consonant is the next one's first, as typing on 해운대 shows it: 행.
        _ = try browser.evaluate("document.getElementById('q').select()")
        try browser.type("행")
        try browser.waitUntil("location.search === '?q=' + encodeURIComponent('행') && \(titles) === '부산' "
                              + "&& document.querySelector('li.entry mark').textContent === '해운'", show: titles)
        #expect(try browser.text("document.querySelector('li.entry mark').textContent") == "해운")

        // The box keeps what is being composed while the list changes under it (an entry added meanwhile).
        _ = try browser.evaluate("document.getElementById('q').select()")
        var step = 0
        try browser.compose(["ㄱ", "기", "김", "김ㅊ", "김치"], "김치") {
            step += 1
            guard step == 3 else { return }
            _ = try box.add("김밥\n\n소풍에 김밥.")
            try browser.waitUntil("\(titles).split(',').includes('김밥') && document.getElementById('q').value === '김'", show: titles)
        }
        try browser.waitUntil("document.getElementById('q').value === '김치' && location.search === '?q=' + encodeURIComponent('김치') "
                              + "&& document.querySelectorAll('li.entry').length === 1 && document.activeElement.id === 'q'")

        // What is typed into the filters stays while a change on disk updates the list.
        // On a narrow screen the filters beyond the search are folded: unfolded as a person does, by tapping.
        if try browser.evaluate("document.querySelector('details.more-filters').open") as? Bool == false {
            try browser.click("details.more-filters > summary")
        }
        try browser.focus("form.filters input[name=tag]")
        try browser.type("wal")
        _ = try box.add("김치전\n\n비 오는 날 김치전.")
        try browser.waitUntil("document.querySelectorAll('li.entry').length === 2")
        #expect(try browser.text("document.querySelector('form.filters input[name=tag]').value") == "wal")
        #expect(try browser.text("document.activeElement.name") == "tag")
        _ = try browser.evaluate("document.querySelector('form.filters input[name=tag]').value = ''")

        // The filters apply as they are chosen, with no button to press: the star at once, a tag once typed.
        #expect(try browser.evaluate("getComputedStyle(document.querySelector('form.filters button[type=submit]')).display") as? String == "none")
        try browser.click("form.filters input[name=starred]")
        try browser.waitUntil("location.search.includes('starred=true') && document.querySelector('p.empty') !== null")
        try browser.click("form.filters input[name=starred]")
        try browser.waitUntil("!location.search.includes('starred') && document.querySelectorAll('li.entry').length === 2")
        try browser.focus("form.filters input[name=tag]")
        try browser.type("nope")
        try browser.press("Enter")
        try browser.waitUntil("location.search.includes('tag=nope') && document.querySelector('p.empty') !== null")
        #expect(try browser.text("document.querySelector('form.filters input[name=tag]').value") == "nope")
        _ = try browser.evaluate("const t = document.querySelector('form.filters input[name=tag]'); t.value = ''; "
                                 + "t.dispatchEvent(new Event('change', { bubbles: true }))")
        try browser.waitUntil("!location.search.includes('tag=') && document.querySelectorAll('li.entry').length === 2")

        // Nothing matches: said so, in the page's language.
        _ = try browser.evaluate("document.getElementById('q').select()")
        try browser.type("zzzz")
        try browser.waitUntil("document.querySelector('p.empty') !== null")
        #expect(try browser.text("document.querySelector('p.empty').textContent") == "Nothing matches.")
    }

    /// The list shows a screenful and loads more as it is scrolled to its end, until there is no more.
    @Test func theListLoadsMoreAsItScrolls() throws {
        let box = try Sandbox()
        defer { _ = try? box.journal("serve", "--stop") }
        // With the two entries `serve` writes: 47.
        #expect(try box.journal("init").status == 0)
        for number in 1...45 {
            let id = String(format: "%08x-0000-4000-8000-%012x", number, number)
            try box.write(String(format: "entries/2026/10/2026-10-%02d-0900-%08x.md", (number - 1) % 28 + 1, number),
                          "---\nid: \(id)\ncreated_at: \(String(format: "2026-10-%02dT09:%02d:00+09:00", (number - 1) % 28 + 1, number % 60))\n---\nEntry number \(number)\n")
        }
        #expect(try box.journal("list").status == 0)
        guard let (_, browser) = try open(box) else { return }
        let rows = "document.querySelectorAll('li.entry').length"
        #expect(try browser.evaluate(rows) as? Int == 20)
        _ = try browser.evaluate("window.sameDocument = true")
        _ = try browser.evaluate("window.scrollTo(0, document.body.scrollHeight)")
        try browser.waitUntil("\(rows) === 40")
        _ = try browser.evaluate("window.scrollTo(0, document.body.scrollHeight)")
        try browser.waitUntil("\(rows) === 47 && document.querySelector('a.more') === null")
        #expect(try browser.evaluate("window.sameDocument") as? Bool == true)
        #expect(try browser.text("location.search") == "?n=60")
    }

    @Test func anEntryWrittenInTheBrowserLandsAsACommit() throws {
        let box = try Sandbox()
        defer { _ = try? box.journal("serve", "--stop") }
        guard let (_, browser) = try open(box, "/new") else { return }
        let before = try web.commits(box)
        try browser.focus("#editor textarea")
        try browser.type("Written in the browser")
        try browser.press("Enter")
        try browser.press("Enter")
        try browser.type("Typed key by key.")
        try browser.focus("#editor input[name=tags]")
        try browser.type("evening, walk")
        // The category is a choice of the journal's own, none chosen at first.
        #expect(try browser.text("document.querySelector('#editor select[name=category]').value") == "")
        #expect(try browser.evaluate("[...document.querySelectorAll('#editor select[name=category] option')].some(o => o.value === 'travel')") as? Bool == true)
        _ = try browser.evaluate("const c = document.querySelector('#editor select[name=category]'); c.value = 'travel'; c.dispatchEvent(new Event('change', { bubbles: true }))")
        // What is typed and chosen is kept on the server as it is typed: a reload offers it, and opens it when asked.
        try waitUntilKept(browser)
        #expect(pageDraft(box, "new")?.text.contains("Typed key by key.") == true)
        try browser.open(try browser.text("location.href"))
        try browser.waitUntil("!document.querySelector('p.draft').classList.contains('hidden')")
        #expect(try browser.text("document.querySelector('#editor textarea').value") == "")
        try browser.click("p.draft button[data-draft=open]")
        try browser.waitUntil("document.querySelector('#editor textarea').value.includes('Typed key by key.')")
        #expect(try browser.text("document.querySelector('#editor input[name=tags]').value") == "evening, walk")
        #expect(try browser.text("document.querySelector('#editor select[name=category]').value") == "travel")
        // Saved with two quick clicks: one entry, one commit.
        _ = try browser.evaluate("const s = document.querySelector('#editor button[type=submit]'); s.click(); s.click()")
        try browser.waitUntil("location.pathname.includes('/entry/') && document.querySelector('article.entry h1') !== null")
        #expect(try browser.text("document.querySelector('article.entry h1').textContent") == "Written in the browser")
        #expect(pageDraft(box, "new") == nil)
        #expect(try browser.evaluate("localStorage.length") as? Int == 0)

        #expect(try web.commits(box) == before + 1)
        let entries = try json(box, "list")
        let written = try #require(entries.first { $0["title"] as? String == "Written in the browser" })
        #expect(written["body"] as? String == "Typed key by key.")
        #expect(written["tags"] as? [String] == ["evening", "walk"])
        #expect(written["category"] as? String == "travel")
        let id = try #require(written["id"] as? String)
        #expect(try browser.text("location.pathname").hasSuffix("/entry/" + id))
        #expect(try box.commitSubjects().first?.hasPrefix("Add \"Written in the browser\"") == true)
        try box.expectCleanRepository()
    }

    /// Written in the browser with a default place configured, as `journal add` writes: at that place, its
    /// weather looked up; when the lookup fails, the entry is saved and its page says so, in the words
    /// `journal add` prints, until it is clicked away.
    @Test func aNewEntrysWeatherWarningIsShownOnItsPage() throws {
        let provider = try ProviderServer()
        provider.handler = { _ in .json(#"{"error":true,"reason":"Internal error"}"#, status: 500) }
        let box = try WeatherCommandTests.sandbox(provider)
        defer { _ = try? box.journal("serve", "--stop") }
        guard let (_, browser) = try open(box, "/new") else { return }
        #expect(try box.journal("config", "set", "location.default", "Busan").status == 0)
        try browser.focus("#editor textarea")
        try browser.type("Rain or shine")
        try browser.click("#editor button[type=submit]")
        try browser.waitUntil("location.pathname.includes('/entry/') && document.querySelector('.notice.lasting') !== null")
        let shown = try browser.text("document.querySelector('.notice.lasting').textContent")
        let cli = try box.run(["add", "Written from the shell"])
        #expect(cli.status == 0)
        let said = cli.stderr.replacingOccurrences(of: "journal: warning: ", with: "").trimmingCharacters(in: .newlines)
        // The command line's warning, without the command it names (a page does not send a person to a flag).
        #expect(said.hasPrefix(shown) && shown.contains("answered HTTP 500: Internal error") && !shown.contains("journal weather"),
                "\(shown) | \(said)")
        try browser.screenshot(Self.shots + "/entry-notice-en.png")
        try browser.click(".notice.lasting")
        try browser.waitUntil("document.querySelector('.notice.lasting') === null")
        let written = try #require(try json(box, "list").first { $0["title"] as? String == "Rain or shine" })
        #expect((written["location"] as? [String: Any])?["name"] as? String == "Busan")
        try box.expectCleanRepository()

        // The server stopped under the open page: a button says so in the page's words, nothing is written.
        #expect(try box.journal("serve", "--stop").status == 0)
        for button in ["button[data-action=star]", "button[data-action=share][data-format=text]"] {
            _ = try browser.evaluate("document.querySelectorAll('.notice').forEach((n) => n.remove())")
            try browser.click(button)
            try browser.waitUntil("document.querySelector('.notice') !== null")
            #expect(try browser.text("document.querySelector('.notice').textContent").hasPrefix("The server does not answer: nothing was saved."), "\(button)")
        }
        try box.expectCleanRepository()
    }

    /// An entry deleted on disk while it is edited in the page: its save says so, nothing is written, and the
    /// text typed stays kept on the server for when the entry is restored.
    @Test func savingAnEntryDeletedMeanwhileSaysSo() throws {
        let box = try Sandbox()
        defer { _ = try? box.journal("serve", "--stop") }
        guard let (server, browser) = try open(box) else { return }
        let id = try #require(try json(box, "list").first { $0["title"] as? String == "Morning walk" }?["id"] as? String)
        try browser.open(server.base + "/entry/" + id)
        try browser.click("button[data-action=edit]")
        try browser.focus("#editor textarea")
        try browser.type(" Kept.")
        #expect(try box.journal("rm", "--yes", id).status == 0)
        let commits = try web.commits(box)
        try browser.click("#editor button[type=submit]")
        try browser.waitUntil("document.querySelector('#editor .problem').textContent.startsWith('This entry was deleted meanwhile: nothing was saved.')")
        #expect(try web.commits(box) == commits)
        try waitUntilKept(browser)
        #expect(pageDraft(box, id)?.text.contains("Kept.") == true)
        try box.expectCleanRepository()
    }

    /// Tag and untag with the boxes on the entry's page, bring back an earlier version from its history,
    /// delete it (the browser asks first) and restore it from the page a deleted entry has.
    @Test func tagDeleteAndRestoreFromTheEntrysPage() throws {
        let box = try Sandbox()
        defer { _ = try? box.journal("serve", "--stop") }
        guard let (server, browser) = try open(box) else { return }
        let entries = try json(box, "list")
        let walk = try #require(entries.first { $0["title"] as? String == "Morning walk" })
        let id = try #require(walk["id"] as? String)
        let path = try #require(walk["path"] as? String)
        try browser.open(server.base + "/entry/" + id)
        let commits = try web.commits(box)

        try browser.focus("form.add-tag input")
        try browser.type("riverside")
        try browser.press("Enter")
        try browser.waitUntil("[...document.querySelectorAll('.tagger .tag')].some(t => t.textContent.startsWith('#riverside'))")
        #expect(try json(box, "show", id).first?["tags"] as? [String] == ["riverside"])
        try browser.screenshot(Self.shots + "/entry-tagged-en.png")

        try browser.click(".tagger button[data-tag=riverside]")
        try browser.waitUntil("![...document.querySelectorAll('.tagger .tag')].some(t => t.textContent.startsWith('#riverside'))")
        #expect(try json(box, "show", id).first?["tags"] as? [String] == [])
        #expect(try web.commits(box) == commits + 2)

        // The history's newest version is the file; the one before it (tagged) comes back.
        try browser.waitUntil("document.querySelectorAll('.history button[data-action=restore]').length === 2")
        try browser.clickToLoad(".history li:nth-child(2) button[data-action=restore]")
        try browser.waitUntil("[...document.querySelectorAll('.tagger .tag')].some(t => t.textContent.startsWith('#riverside'))")
        #expect(try json(box, "show", id).first?["tags"] as? [String] == ["riverside"])
        #expect(try box.commitSubjects().first?.hasPrefix("Restore") == true)

        try browser.clickToLoad("button[data-action=delete]")
        try browser.waitUntil("document.querySelector('article.entry.deleted') !== null")
        #expect(browser.dialogs == ["Delete this entry? Its history keeps it: its page can bring it back."])
        #expect(!FileManager.default.fileExists(atPath: box.journal + "/" + path))
        try browser.screenshot(Self.shots + "/entry-deleted-en.png")

        try browser.clickToLoad("article.deleted button[data-action=restore]")
        try browser.waitUntil("document.querySelector('article.entry:not(.deleted)') !== null")
        #expect(FileManager.default.fileExists(atPath: box.journal + "/" + path))
        #expect(try json(box, "show", id).first?["title"] as? String == "Morning walk")
        #expect(try web.commits(box) == commits + 5)
        try box.expectCleanRepository()
    }

    /// A draft kept in the browser keeps the version it was started from: reopened after the entry changed
    /// (a tag from the command line, a paragraph added by hand), its save is merged with those changes, never
    /// written over them; a draft whose words clash with a change is refused each time it is saved (a reload
    /// brings back the draft, not a licence to overwrite), until it is discarded.
    @Test func aKeptDraftIsSavedOverItsOwnVersionNeverOverANewerOne() throws {
        let box = try Sandbox()
        defer { _ = try? box.journal("serve", "--stop") }
        guard let (server, browser) = try open(box) else { return }
        let walk = try #require(try json(box, "list").first { $0["title"] as? String == "Morning walk" })
        let id = try #require(walk["id"] as? String)
        let path = try #require(walk["path"] as? String)
        func typeInTheEditor(after words: String, _ text: String) throws {
            try browser.open(server.base + "/entry/" + id)
            try browser.click("button[data-action=edit]")
            try browser.focus("#editor textarea")
            _ = try browser.evaluate("""
                (() => { const b = document.querySelector('#editor textarea'); const at = b.value.indexOf(\(String(reflecting: words))) + \(words.utf16.count);
                         b.setSelectionRange(at, at); })()
                """)
            try browser.type(text)
        }
        func keptDraft() throws -> [String: Any] {
            try waitUntilKept(browser)
            guard let draft = pageDraft(box, id) else { return [:] }
            return ["text": draft.text, "base": draft.facts["startedFrom"] ?? ""]
        }
        /// The entry's page again: the kept draft offered, and opened.
        func reopen() throws {
            try browser.open(server.base + "/entry/" + id)
            try browser.waitUntil("!document.querySelector('p.draft').classList.contains('hidden')")
            // Offered, not opened by itself: the entry is read until the draft is asked for.
            #expect(try browser.evaluate("document.getElementById('editor').classList.contains('hidden')") as? Bool == true)
            try browser.click("p.draft button[data-draft=open]")
        }

        try typeInTheEditor(after: "Morning walk", ", typed in the browser")
        // The edit box holds the text; the header is apart, folded away.
        #expect(try browser.evaluate("!document.querySelector('#editor textarea[name=text]').value.startsWith('---') && document.querySelector('#editor textarea[name=header]').value.startsWith('---\\nid: ') && !document.querySelector('#editor details.header').open") as? Bool == true)
        try browser.screenshot(Self.shots + "/entry-editing-en.png")
        let shown = try browser.text("document.getElementById('editor').dataset.tag")
        #expect(try keptDraft()["base"] as? String == shown)
        #expect((try keptDraft()["text"] as? String)?.contains("Morning walk, typed in the browser") == true)
        try browser.open(server.base + "/")
        // Meanwhile: a tag from the command line, a paragraph added by hand and committed.
        #expect(try box.journal("tag", id, "+classical").status == 0)
        try box.write(path, try #require(box.read(path)) + "\nAdded by hand.\n")
        #expect(try box.journal("commit").status == 0)
        var commits = try web.commits(box)

        try reopen()
        try browser.waitUntil("document.querySelector('#editor textarea').value.includes('typed in the browser')")
        // Opened, the draft says it was started from an older version.
        #expect(try browser.text("document.querySelector('p.draft span').textContent").hasPrefix("This draft was started from an older version"))
        try browser.click("#editor button[type=submit]")
        try browser.waitUntil("document.querySelector('article.entry h1') && document.querySelector('article.entry h1').textContent.includes('typed in the browser')")
        let merged = box.read(path) ?? ""
        #expect(merged.contains("classical") && merged.contains("Added by hand.") && merged.contains("Morning walk, typed in the browser"), "\(merged)")
        #expect(try web.commits(box) == commits + 1)
        #expect(pageDraft(box, id) == nil)
        try box.expectCleanRepository()

        // The same words changed in the draft and on disk: refused, and refused again after a reload.
        try typeInTheEditor(after: "The river was calm", " and grey")
        _ = try keptDraft()
        try browser.open(server.base + "/")
        let before = try #require(box.read(path))
        try box.write(path, before.replacingOccurrences(of: "The river was calm", with: "The river was wild"))
        #expect(try box.journal("commit").status == 0)
        commits = try web.commits(box)
        let onDisk = try #require(box.read(path))
        for _ in 0..<2 {
            try reopen()
            try browser.waitUntil("document.querySelector('#editor textarea').value.includes('calm and grey')")
            try browser.click("#editor button[type=submit]")
            try browser.waitUntil("document.querySelector('#editor .problem').textContent.includes('changed on disk')")
            #expect(box.read(path) == onDisk)
            #expect(try web.commits(box) == commits)
            #expect((try keptDraft()["text"] as? String)?.contains("calm and grey") == true)
        }
        // The draft can be dropped from the refusal itself: the page then shows the entry as it is now.
        #expect(try browser.evaluate("document.querySelector('p.draft').classList.contains('hidden')") as? Bool == false)
        try browser.click("p.draft button[data-draft=discard]")
        let current = String(decoding: try JSONSerialization.data(withJSONObject: [onDisk]), as: UTF8.self)
        try browser.waitUntil("document.querySelector('#editor textarea') && document.querySelector('#editor textarea[name=header]').value + document.querySelector('#editor textarea[name=text]').value === \(current)[0] && document.querySelector('p.draft').classList.contains('hidden')")
        #expect(pageDraft(box, id) == nil)
        try box.expectCleanRepository()
    }

    /// An entry open in the browser while the same entry is edited in vim on a terminal: the page shows the
    /// edit by itself, without a reload (the page's own state survives).
    @Test func anEntryEditedInVimAppearsOnTheOpenPage() throws {
        guard let vim = try SkipReason.program(["/usr/bin/vim", "/usr/bin/vim.basic", "vim"]) else { return }
        let box = try Sandbox()
        defer { _ = try? box.journal("serve", "--stop") }
        guard let (server, browser) = try open(box) else { return }
        let walk = try #require(try json(box, "list").first { $0["title"] as? String == "Morning walk" })
        let id = try #require(walk["id"] as? String)
        try browser.open(server.base + "/entry/" + id)
        _ = try browser.evaluate("window.sameDocument = true")

        let editing = try TerminalSession(box, journal: ["edit", String(id.prefix(8))], env: ["EDITOR": "\(vim) -u NONE -N"])
        try editing.waitFor("\(id.prefix(8))")
        editing.type("GoEdited in vim on a terminal.\u{1B}:wq\r")
        let edited = try editing.finish()
        #expect(edited.status == 0, "\(edited.stdout)")

        try browser.waitUntil("document.querySelector('article.entry .text').innerText.includes('Edited in vim on a terminal.')")
        #expect(try browser.evaluate("window.sameDocument") as? Bool == true)
        #expect(try box.commitSubjects().first?.hasPrefix("Edit \"Morning walk\"") == true)
    }
    /// Pages hold a long unbroken word at a phone's width and a desktop's; the list's rows line up with
    /// weather or without; every configured category colour reads in both themes, its chip only as wide as
    /// its words. Screenshots of each, light and dark, English and Korean, 412 and 1280 pixels wide.
    @Test(arguments: ["en", "ko"]) func layoutHoldsAtPhoneAndDesktopWidths(language: String) throws {
        let box = try Sandbox()
        defer { _ = try? box.journal("serve", "--stop") }
        #expect(try box.journal("init").status == 0)
        let long = String(repeating: "supercalifragilistic", count: 12)
        let categories = ["work", "study", "shopping", "travel", "music", "home", "art"]
        for (number, category) in categories.enumerated() {
            let id = String(format: "%08x-0000-4000-8000-%012x", number + 1, number + 1)
            let weather = number % 2 == 0 ? "weather:\n  condition: clear\n  temperature_c: 13\n" : ""
            try box.write(String(format: "entries/2026/11/2026-11-%02d-0900-%08x.md", number + 10, number + 1),
                          "---\nid: \(id)\ncreated_at: 2026-11-\(number + 10)T09:00:00+09:00\ncategory: \(category)\n\(weather)"
                          + (number == 0 ? "starred: true\n" : "") + "---\n" + (number == 1 ? long : "Entry \(category)") + "\n\n" + long + "\n")
        }
        #expect(try box.journal("list").status == 0)
        guard let (server, browser) = try open(box, language: language) else { return }
        let fits = "document.documentElement.scrollWidth <= window.innerWidth"
        for width in [412, 1280] {
            try browser.send("Emulation.setDeviceMetricsOverride", ["width": width, "height": 900, "deviceScaleFactor": 1, "mobile": width < 500])
            for (name, path) in [("list", "/"), ("entry", "/entry/00000002-0000-4000-8000-000000000002"), ("calendar", "/calendar?month=2026-11"),
                                 ("day", "/?on=2026-11-11")] {
                try browser.open(server.base + path)
                let shownWidth = try browser.evaluate("document.documentElement.scrollWidth") as? Int ?? -1
                #expect(try browser.evaluate(fits) as? Bool == true, "\(name) at \(width): \(shownWidth)")
                for scheme in ["light", "dark"] {
                    try browser.send("Emulation.setEmulatedMedia", ["features": [["name": "prefers-color-scheme", "value": scheme]]])
                    try browser.screenshot(Self.shots + "/layout-\(name)-\(language)-\(scheme)-\(width).png")
                }
            }
            try browser.open(server.base + "/")
            // Korean breaks between words, never inside one; a word wider than the line still wraps (issue 49 §2).
            #expect(try browser.text("(() => { const s = getComputedStyle(document.querySelector('li.entry strong')); return s.wordBreak + ' ' + s.overflowWrap; })()")
                    == "keep-all anywhere")
            // Every row's title starts where every other's does, weather or none.
            let lefts = try browser.evaluate("[...document.querySelectorAll('li.entry strong')].map(e => Math.round(e.getBoundingClientRect().left))") as? [Int] ?? []
            // (With the two entries `serve` writes, one of them travel.)
            #expect(lefts.count == categories.count + 2 && Set(lefts).count == 1, "\(lefts)")
            // A chip is as wide as its words, not the column.
            let chips = try browser.evaluate("[...document.querySelectorAll('li.entry .category')].map(e => e.getBoundingClientRect().width)") as? [Double] ?? []
            #expect(chips.count == categories.count + 1 && chips.allSatisfy { $0 < 160 }, "\(chips)")
            // The chip's words are in the theme's text colour; its colour is a dot ringed in the theme's dim colour.
            for scheme in ["light", "dark"] {
                try browser.send("Emulation.setEmulatedMedia", ["features": [["name": "prefers-color-scheme", "value": scheme]]])
                let contrast = try browser.evaluate("""
                    [...document.querySelectorAll('li.entry .category')].every(e => getComputedStyle(e).color === getComputedStyle(document.body).color)
                    """) as? Bool
                #expect(contrast == true, "\(scheme)")
            }
        }
        try browser.send("Emulation.setEmulatedMedia", ["features": [["name": "prefers-color-scheme", "value": "light"]]])
    }

    /// A day opened from the calendar stays while a search is typed.
    @Test func aDayFromTheCalendarStaysWhileSearching() throws {
        let box = try Sandbox()
        defer { _ = try? box.journal("serve", "--stop") }
        guard let (server, browser) = try open(box, "/calendar?month=2026-11") else { return }
        #expect(try browser.evaluate("document.querySelectorAll('td.now').length") as? Int == 1)
        // Today's entries are under the month; its link opens the day in the list.
        try browser.click("section.dayentries:not([hidden]) a.inlist")
        try browser.waitUntil("location.search === '?on=2026-11-22' && document.querySelector('p.day') !== null")
        try browser.focus("#q")
        try browser.type("walk")
        try browser.waitUntil("location.search === '?q=walk&on=2026-11-22' && document.querySelectorAll('li.entry').length === 1")
        #expect(try browser.text("document.querySelector('p.day span').textContent") == "Showing Sunday, 2026-11-22")
        try browser.click("p.day a.clear")
        try browser.waitUntil("location.search === '?q=walk' && document.querySelector('p.day') === null")
        _ = server
    }
}
