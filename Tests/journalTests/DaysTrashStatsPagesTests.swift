import Foundation
import Testing
import TestSupport

/// The web view's days, trash and habit of writing (issue 49 §4): the calendar shows a day's entries under
/// the month (a link without the script, at once with it), the trash lists the deleted newest first and brings
/// one back, the stats page says what `journal stats` says. Through curl, and in a real browser at a phone's
/// size, in both languages and both schemes, checked by axe-core.
@Suite(.serialized) struct DaysTrashStatsPagesTests {
    let web = ServeWebTests()
    let browsing = ServeBrowserTests()

    /// The hand-counted journal of `StatsTests`, served (which adds two entries today, the 22nd), with one
    /// entry whose title is markup and one more on the 10th.
    func served() throws -> (Sandbox, ServeWebTests.Server) {
        let box = try StatsTests.handCounted()
        try box.write("entries/2026/11/2026-11-12-hostile.md",
                      "---\nid: 0000000d-0000-4000-8000-00000000000d\ncreated_at: 2026-11-12T10:00:00+09:00\n---\nDinner & <b>drinks</b> <script>alert(1)</script>\n")
        #expect(try box.journal("commit").status == 0)
        return (box, try web.serve(box))
    }

    func page(_ server: ServeWebTests.Server, _ path: String, _ language: String = "en") throws -> ServeWebTests.Answer {
        try web.request(server, "GET", path, headers: ["Accept-Language": language], cookie: true)
    }

    /// The section of a day on a calendar page: its opening tag and what it holds.
    func section(_ body: String, _ day: String) -> (tag: String, inside: String)? {
        guard let start = body.range(of: "<section class=\"dayentries\" data-day=\"\(day)\"") else { return nil }
        let rest = body[start.lowerBound...]
        let open = rest.prefix { $0 != ">" }
        let end = rest.range(of: "</section>")?.lowerBound ?? rest.endIndex
        return (String(open), String(rest[..<end]))
    }

    @Test func theCalendarShowsTheDayPickedUnderTheMonth() throws {
        let (box, server) = try served()
        defer { _ = try? box.journal("serve", "--stop") }
        // This month: today picked, its entries shown; every other day's in the page, hidden.
        let month = try page(server, "/calendar?month=2026-11")
        #expect(month.status == 200)
        let cells = web.calendarCells(month.body)
        let todays = Set((cells[22] ?? "").split(separator: " ").map(String.init))
        #expect(todays.isSuperset(of: ["has", "sun", "now", "picked"]), "\(cells)")
        #expect(cells[1]?.split(separator: " ").contains("sun") == true && cells[8]?.split(separator: " ").contains("sun") == true, "\(cells)")
        #expect(cells[2]?.split(separator: " ").contains("sun") == false)
        #expect(month.body.contains("<th class=\"sun\">Sun</th>"))
        let today = try #require(section(month.body, "2026-11-22"))
        #expect(!today.tag.contains("hidden") && today.inside.contains("Morning walk") && today.inside.contains("Sunday, 2026-11-22"), "\(today)")
        let tenth = try #require(section(month.body, "2026-11-10"))
        #expect(tenth.tag.contains("hidden"))
        // A day's entries oldest first, as the day went.
        let morning = try #require(tenth.inside.range(of: "아침 산책")), night = try #require(tenth.inside.range(of: "밤 산책도 했다"))
        #expect(morning.lowerBound < night.lowerBound)
        // The entry written at 23:30 in New York is on its own day, the 5th (the 6th in Seoul).
        #expect(section(month.body, "2026-11-05")?.inside.contains("Late night in New York") == true)
        #expect(section(month.body, "2026-11-06") == nil)
        // Each day written on is a link to itself, which works without the script.
        #expect(month.body.contains("<a href=\"\(server.prefix)/calendar?day=2026-11-10\" data-day=\"2026-11-10\">10</a>"), "\(month.body)")
        // Nothing from an entry is markup.
        let hostile = try #require(section(month.body, "2026-11-12"))
        #expect(hostile.inside.contains("&lt;script&gt;alert(1)&lt;/script&gt;") && !month.body.contains("<script>alert"), "\(hostile.inside)")

        // `day`: that day picked, in its month.
        let tenthPage = try page(server, "/calendar?day=2026-11-10")
        #expect(section(tenthPage.body, "2026-11-10")?.tag.contains("hidden") == false)
        #expect(section(tenthPage.body, "2026-11-22")?.tag.contains("hidden") == true)
        #expect(web.calendarCells(tenthPage.body)[10]?.contains("picked") == true)
        #expect(tenthPage.body.contains("<a class=\"inlist\" href=\"\(server.prefix)/?on=2026-11-10\">Open in the list</a>"))
        // A day with nothing written, asked for: said so.
        let empty = try page(server, "/calendar?day=2026-11-03")
        #expect(section(empty.body, "2026-11-03")?.inside.contains("Nothing written on this day yet.") == true)
        // Another month: no day picked until one is tapped.
        let october = try page(server, "/calendar?month=2026-10", "ko")
        #expect(october.body.contains("<p class=\"empty pick\">날짜를 누르면 그날 쓴 일기가 보여요.</p>"), "\(october.body)")
        #expect(section(october.body, "2026-10-31")?.inside.contains("2026-10-31 토요일") == true)
        // A day that is not one.
        let bad = try page(server, "/calendar?day=2026-11-31")
        #expect(bad.status == 400 && bad.body.contains("day=2026-11-31 is not a day (YYYY-MM-DD)"), "\(bad.body)")
        let badKorean = try page(server, "/calendar?day=soon", "ko")
        #expect(badKorean.status == 400 && badKorean.body.contains("day=soon은 날짜가 아니에요"), "\(badKorean.body)")
    }

    @Test func theTrashListsTheDeletedNewestFirstAndRestores() throws {
        let box = try Sandbox()
        let server = try web.serve(box)
        defer { _ = try? box.journal("serve", "--stop") }
        let empty = try page(server, "/trash")
        #expect(empty.status == 200 && empty.body.contains("The trash is empty."))
        // The list page leads to it (and to the stats), off the tab bar.
        #expect(try page(server, "/").body.contains("<a href=\"\(server.prefix)/trash\">Trash</a>"))
        let first = try box.add("Tom & <Jerry> first to go\n\nIts text.")
        box.advanceClock(by: 60)
        let second = try box.add("Second to go\n\nAnother text.")
        box.advanceClock(by: 60)
        #expect(try box.journal("rm", "-y", first).status == 0)
        box.advanceClock(by: 60)
        #expect(try box.journal("rm", "-y", second).status == 0)
        let trash = try page(server, "/trash")
        let firstAt = try #require(trash.body.range(of: "data-restore=\"\(first)"), "\(trash.body)")
        let secondAt = try #require(trash.body.range(of: "data-restore=\"\(second)"))
        #expect(secondAt.lowerBound < firstAt.lowerBound, "the latest deletion first")
        #expect(trash.body.contains("Tom &amp; &lt;Jerry&gt; first to go") && !trash.body.contains("<Jerry>"), "\(trash.body)")
        #expect(trash.body.contains("<a href=\"\(server.prefix)/entry/\(first)"))
        // Brought back as `journal restore` does: one commit, and out of the trash.
        let commits = try web.commits(box)
        let restored = try web.request(server, "POST", "/api/entries/\(second)/restore", bearer: true)
        #expect(restored.status == 200, "\(restored.body)")
        #expect(try web.commits(box) == commits + 1)
        let after = try page(server, "/trash", "ko")
        #expect(!after.body.contains("data-restore=\"\(second)") && after.body.contains("data-restore=\"\(first)"))
        #expect(after.body.contains("<h1>휴지통</h1>"))
    }

    @Test func theStatsPageSaysWhatTheCommandSays() throws {
        let (box, server) = try served()
        defer { _ = try? box.journal("serve", "--stop") }
        let stats = try page(server, "/stats")
        #expect(stats.status == 200)
        // With the two entries serving wrote today, the streak runs to today.
        #expect(stats.body.contains("<span class=\"label\">Current streak</span><span class=\"number\">4 days</span><span class=\"span\">2026-11-19 – 2026-11-22</span>"),
                "\(stats.body)")
        #expect(stats.body.contains("<span class=\"label\">Longest streak</span><span class=\"number\">4 days</span>"))
        #expect(stats.body.contains("<tr><th scope=\"row\">2026-10</th><td><span class=\"bar b"))
        #expect(stats.body.contains("<a href=\"\(server.prefix)/stats?year=2025\">2025</a>"))
        #expect(stats.body.contains("<th scope=\"row\" class=\"sun\">Sunday</th>"))
        // The API answers as the command line.
        let api = try web.request(server, "GET", "/api/stats", bearer: true)
        let command = try box.journal("stats", "--json")
        #expect(api.status == 200)
        let fromAPI = try JSONSerialization.jsonObject(with: Data(api.body.utf8)) as? NSDictionary
        let fromCommand = try JSONSerialization.jsonObject(with: Data(command.stdout.utf8)) as? NSDictionary
        #expect(fromAPI != nil && fromAPI == fromCommand)
        let year = try web.request(server, "GET", "/api/stats?year=2025", bearer: true)
        #expect(year.body.contains("\"year\" : 2025"), "\(year.body)")
        // A year that is not one, in the page's language.
        let bad = try page(server, "/stats?year=abc", "ko")
        #expect(bad.status == 400 && bad.body.contains("abc는 연도가 아니에요"), "\(bad.body)")
        #expect(try web.request(server, "GET", "/api/stats?year=x", bearer: true).status == 400)
        let korean = try page(server, "/stats?year=2026", "ko")
        #expect(korean.body.contains("<a href=\"\(server.prefix)/stats?year=2026\" aria-current=\"page\">2026</a>"))
        #expect(korean.body.contains("많이 쓴 태그") && korean.body.contains("#food</span> <span class=\"count\">3</span>"), "\(korean.body)")
    }

    /// In a browser: a day tapped shows its entries under the month with no page loaded; the trash's
    /// Restore brings an entry back; every one of these pages at a phone's size, in both languages and
    /// schemes, with nothing axe-core finds wrong, every control at least 44 pixels high, nothing wider than
    /// the screen.
    @Test(arguments: ["en", "ko"]) func atAPhonesSizeInBothLanguagesAndSchemes(language: String) throws {
        let (box, server) = try served()
        defer { _ = try? box.journal("serve", "--stop") }
        let doomed = try box.add("To the trash\n\nAnd back.")
        #expect(try box.journal("rm", "-y", doomed).status == 0)
        guard let axe = try Browser.axeCore() else { return }
        guard try SkipReason.program(["/usr/bin/chromium", "chromium"]) != nil else { return }
        let browser = try Browser(box, language: language)
        try browser.open(server.page + "&next=%2Fcalendar")
        try FileManager.default.createDirectory(atPath: ServeBrowserTests.shots, withIntermediateDirectories: true)
        try PocketTests.emulatePhone(browser, language: language)

        // The calendar: the 10th tapped, its two entries shown, in the same document.
        try browser.open(server.base + "/calendar?month=2026-11")
        _ = try browser.evaluate("window.sameDocument = true")
        try browser.click("td a[data-day='2026-11-10']")
        try browser.waitUntil("location.search === '?day=2026-11-10' && !document.querySelector('section[data-day=\"2026-11-10\"]').hidden")
        #expect(try browser.evaluate("window.sameDocument") as? Bool == true)
        #expect(try browser.evaluate("document.querySelector('section[data-day=\"2026-11-22\"]').hidden") as? Bool == true)
        #expect(try browser.evaluate("document.querySelectorAll('section[data-day=\"2026-11-10\"] li.entry').length") as? Int == 2)
        #expect(try browser.evaluate("document.querySelector('td.picked a').dataset.day") as? String == "2026-11-10")
        // Sundays are red, today ringed.
        #expect(try browser.text("getComputedStyle(document.querySelector('td.sun')).color") == "rgb(185, 28, 28)")
        #expect(try browser.evaluate("document.querySelectorAll('td.now').length") as? Int == 1)
        try browser.screenshot(ServeBrowserTests.shots + "/calendar-day-\(language)-phone.png")
        // A reload keeps the day.
        try browser.open(server.base + "/calendar?day=2026-11-10")
        #expect(try browser.evaluate("document.querySelector('section[data-day=\"2026-11-10\"]').hidden") as? Bool == false)

        let pages = [("calendar-day", "/calendar?day=2026-11-10"), ("trash", "/trash"), ("stats", "/stats"), ("list-links", "/")]
        for (name, path) in pages {
            try browser.open(server.base + path)
            #expect(try browser.evaluate("document.documentElement.scrollWidth <= window.innerWidth") as? Bool == true, "\(name)")
            let small = try browser.evaluate("""
                [...document.querySelectorAll('.months a, td.has a, .dayhead a, .elsewhere a, .trash button, .years a, .chips a')]
                  .filter(e => e.getClientRects().length > 0)
                  .filter(e => e.getBoundingClientRect().height < 44 || e.getBoundingClientRect().width < 44)
                  .map(e => e.outerHTML.slice(0, 80))
                """) as? [String] ?? ["?"]
            #expect(small.isEmpty, "\(name): \(small)")
            for scheme in ["light", "dark"] {
                try browser.send("Emulation.setEmulatedMedia", ["features": [["name": "prefers-color-scheme", "value": scheme]]])
                try browser.screenshot(ServeBrowserTests.shots + "/\(name)-\(language)-\(scheme)-phone.png")
                let violations = try browser.accessibilityViolations(axe)
                #expect(violations.isEmpty, "\(name), \(language), \(scheme): \(violations.joined(separator: "; "))")
            }
            try browser.send("Emulation.setEmulatedMedia", ["features": [["name": "prefers-color-scheme", "value": "light"]]])
        }

        // The trash: Restore brings the entry back, and the trash shows it no more.
        try browser.open(server.base + "/trash")
        #expect(try browser.evaluate("document.querySelectorAll('button[data-restore]').length") as? Int == 1)
        try browser.click("button[data-restore]")
        try browser.waitUntil("document.querySelectorAll('button[data-restore]').length === 0 && document.querySelector('p.empty') !== null")
        #expect(try box.journal("show", doomed).status == 0)
    }
}
