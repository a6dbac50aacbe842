import Foundation
import HTTPTypes
import Hummingbird
import JournalKit
import NIOCore

/// The pages: the diary apps' screens, rendered here from the kit's flows (the same filters, search, days
/// and Markdown as the command line), with a little plain script (`Assets.script`) for what a page does
/// live. Every text from an entry is escaped (`h`) or goes through `HTMLSanitizer`.
enum Pages {
    static func answer(_ call: Call) throws -> Response {
        let path = call.path
        let parts = path.split(separator: "/").map(String.init)
        // HEAD is GET without the body (`Site.respond` drops it).
        let method = call.request.method == .head ? .get : call.request.method
        switch (method, parts.first, parts.count) {
        case (.get, nil, 0): return try list(call)
        case (.get, "today", 1): return try today(call)
        case (.get, "calendar", 1): return try calendar(call)
        case (.get, "trash", 1): return try trash(call)
        case (.get, "stats", 1): return try stats(call)
        case (.get, "new", 1):
            return page(call, title: call.say("web.write"), body: "<h1 class=\"unseen\">\(h(call.say("web.write")))</h1>" + editor(call, entry: nil, data: Data(), tag: ""))
        case (.get, "entry", 2): return try entry(call, parts[1])
        case (.get, "attachments", _): return try attachment(call)
        default: throw BadRequest(.notFound, call.say("web.noPage", path))
        }
    }

    // MARK: Screens

    /// The list (newest first, or the filter's), or the search's hits when `q` is given.
    static func list(_ call: Call) throws -> Response {
        let (filter, q) = try API.filter(call)
        var shown = filter
        let pageSize = 20  // a phone screen and a half; more come as the page scrolls
        if shown.limit == nil { shown.limit = pageSize }
        let journal: Journal = call.journal
        var items: [String] = []
        var count = 0
        var refused: String?
        if let q {
            do {
                let hits = try journal.search(q, within: shown)
                count = hits.count
                items = hits.map { row(call, $0.entry, settings: journal.settings, line: $0.line, terms: $0.terms) }
            } catch {
                // A search that cannot be run as typed so far (`-`, a quote not yet closed): said where its
                // results would be, the box left as it is.
                guard case .invalid(let reason) = error else { throw error }
                refused = reason
            }
        } else {
            // Read whole for the line of text each row shows (the snapshot holds no text).
            let entries = try journal.entries(matching: shown).map { entry throws(JournalError) in try journal.readEntry(entry) }
            count = entries.count
            items = entries.map { row(call, $0, settings: journal.settings, line: nil, terms: []) }
        }
        // The pages a diary app keeps off its tab bar: the habit of writing, and the trash.
        var body = "<h1 class=\"unseen\">\(h(call.say("web.list")))</h1><nav class=\"elsewhere\" aria-label=\"\(h(call.say("web.more")))\">"
            + "<a href=\"\(call.base)/stats\">\(h(call.say("web.stats")))</a><a href=\"\(call.base)/trash\">\(h(call.say("web.trash")))</a></nav>"
            + filters(call, journal: journal, q: q)
        if let refused {
            body += "<p class=\"empty\">\(h(refused))</p>"
        } else if items.isEmpty {
            body += "<p class=\"empty\">\(h(call.say(q == nil && !filter.narrows ? "web.noEntries" : "web.noMatches")))</p>"
        } else {
            body += "<ul class=\"entries\">" + items.joined() + "</ul>"
        }
        if count == shown.limit {
            var more = call.request.uri.query.map { Site.dropping("n", from: $0) } ?? ""
            more += (more.isEmpty ? "" : "&") + "n=\(count + pageSize)"
            body += "<a class=\"more\" href=\"\(call.base)/?\(h(more))\">\(h(call.say("web.more")))</a>"
        }
        return page(call, title: q.map { call.say("web.searchTitle", $0) } ?? call.say("web.list"), body: body)
    }

    /// Today's entries, and the same day in earlier years.
    static func today(_ call: Call) throws -> Response {
        let journal: Journal = call.journal
        let day = try Journal.day(call.one("on"), context: journal.context)
        let entries = try journal.entries(on: day).map { entry throws(JournalError) in try journal.readEntry(entry) }
        // Another day than today (`?on=`) is headed by its date, not called today.
        let today = LocalDay(journal.context.now, in: journal.context.timeZone)
        var body = day == today ? "<h1>\(h(call.say("web.today"))) <small>\(h(day.description))</small></h1>" : "<h1>\(h(day.description))</h1>"
        body += entries.isEmpty ? "<p class=\"empty\">\(h(call.say("web.nothingToday")))</p>"
            : "<ul class=\"entries\">" + entries.map { row(call, $0, settings: journal.settings, line: nil, terms: []) }.joined() + "</ul>"
        let earlier = try journal.onThisDay(day)
        if !earlier.isEmpty {
            body += "<h2>\(h(call.say("web.onThisDay")))</h2>"
            let years = Dictionary(grouping: earlier) { $0.createdAt.localDay.year }
            for year in years.keys.sorted(by: >) {
                // As the command line says it: `2025년 · 1년 전`.
                body += "<h3>\(h(Say.yearsAgo(year, day.year - year)))</h3><ul class=\"entries\">"
                body += years[year]!.map { row(call, $0, settings: journal.settings, line: nil, terms: []) }.joined() + "</ul>"
            }
        }
        return page(call, title: call.say("web.today"), body: body)
    }

    /// A month: each day with entries marked (a dot as large as what was written), Sundays in red, today
    /// ringed; under it, the entries of the day picked (`day`, else today in today's month), as a diary app's
    /// calendar tab shows them. Every day's entries of the month are in the page, so that the script shows
    /// another day's without asking the server again; without the script, each day is a link to its page.
    static func calendar(_ call: Call) throws -> Response {
        let journal: Journal = call.journal
        let now = LocalDay(journal.context.now, in: journal.context.timeZone)
        var year = now.year
        var month = now.month
        var picked: LocalDay?
        if let text = call.one("day") {
            guard let day = LocalDay(iso: text) else { throw BadRequest(.badRequest, call.say("web.notADay", text)) }
            picked = day
            (year, month) = (day.year, day.month)
        } else if let text = call.one("month") {
            let parts = text.split(separator: "-").compactMap { Int($0) }
            guard parts.count == 2, (1...9999).contains(parts[0]), (1...12).contains(parts[1]) else {
                throw BadRequest(.badRequest, call.say("web.notAMonth", "month=" + text))
            }
            (year, month) = (parts[0], parts[1])
        }
        if picked == nil, year == now.year, month == now.month { picked = now }
        let grid = MonthGrid(year: year, month: month, startingOnSunday: MonthGrid.weekStartsOnSunday(in: call.language))!
        var filter = EntryFilter()
        filter.from = grid.first.description
        filter.to = grid.last.description
        // How much was written each day (the files' sizes the snapshot holds, body and all), the busiest day largest.
        let written = try journal.amountWritten(matching: filter)
        let most = max(1, written.values.max() ?? 1)
        func shifted(_ delta: Int) -> String {
            let index = year * 12 + (month - 1) + delta
            return String(format: "%04d-%02d", index / 12, index % 12 + 1)
        }
        func link(_ delta: Int, _ mark: String, _ label: String) -> String {
            "<a href=\"\(call.base)/calendar?month=\(shifted(delta))\" aria-label=\"\(h(label))\">\(mark)</a>"
        }
        let monthName = { (delta: Int) -> String in
            let shown = shifted(delta).split(separator: "-")
            return call.say("web.monthTitle", String(shown[0]), call.say("month.\(Int(shown[1]) ?? 1)"))
        }
        var body = "<nav class=\"months\" aria-label=\"\(h(call.say("web.calendar")))\">" + link(-12, "«", monthName(-12)) + link(-1, "‹", monthName(-1))
        body += "<h1>\(h(call.say("web.monthTitle", String(year), call.say("month.\(month)"))))</h1>"
        body += link(1, "›", monthName(1)) + link(12, "»", monthName(12)) + "</nav>"
        body += "<table class=\"calendar\"><thead><tr>"
        // The week starts as the reader's calendars start it (the terminal's calendar draws the same grid).
        let keys = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]
        for weekday in grid.weekdays {
            body += "<th\(weekday == 7 ? " class=\"sun\"" : "")>\(h(call.say("web.day." + keys[weekday - 1])))</th>"
        }
        body += "</tr></thead><tbody>"
        for week in grid.weeks {
            body += "<tr>"
            for cell in week {
                guard let date = cell else {
                    body += "<td></td>"
                    continue
                }
                var classes: [String] = []
                if let amount = written[date] { classes += ["has", "shade\(1 + min(4, amount * 4 / most))"] }
                if date.isoWeekday == 7 { classes.append("sun") }
                if date == now { classes.append("now") }
                if date == picked { classes.append("picked") }
                let current = date == now ? " aria-current=\"date\"" : ""
                if written[date] != nil {
                    let chosen = date == picked ? " aria-current=\"true\"" : ""
                    body += "<td class=\"\(classes.joined(separator: " "))\"\(current)><a href=\"\(call.base)/calendar?day=\(date.description)\" "
                    body += "data-day=\"\(date.description)\"\(chosen)>\(date.day)</a></td>"
                } else {
                    body += "<td class=\"\(classes.joined(separator: " "))\"\(current)>\(date.day)</td>"
                }
            }
            body += "</tr>"
        }
        body += "</tbody></table>"
        // Each day's entries, oldest first; only the picked day's shown.
        let entries = try journal.entries(matching: filter).map { entry throws(JournalError) in try journal.readEntry(entry) }
        let byDay = Dictionary(grouping: entries) { $0.createdAt.localDay }
        var days = Array(byDay.keys)
        if let picked, byDay[picked] == nil { days.append(picked) }
        body += "<p class=\"empty pick\"\(picked == nil ? "" : " hidden")>\(h(call.say("web.pickDay")))</p>"
        for day in days.sorted() {
            let heading = call.say("web.oneDay", day.description, call.say("weekday.\(day.isoWeekday)"))
            body += "<section class=\"dayentries\" data-day=\"\(day.description)\" aria-labelledby=\"day-\(day.description)\"\(day == picked ? "" : " hidden")>"
            body += "<div class=\"dayhead\"><h2 id=\"day-\(day.description)\"\(day.isoWeekday == 7 ? " class=\"sun\"" : "")>\(h(heading))</h2>"
            if let rows = byDay[day] {
                body += "<a class=\"inlist\" href=\"\(call.base)/?on=\(day.description)\">\(h(call.say("web.inList")))</a></div>"
                let sorted = rows.sorted { $0.createdAt.date < $1.createdAt.date }
                body += "<ul class=\"entries\">" + sorted.map { row(call, $0, settings: journal.settings, line: nil, terms: []) }.joined() + "</ul>"
            } else {
                body += "</div><p class=\"empty\">\(h(call.say("web.nothingToday")))</p>"
            }
            body += "</section>"
        }
        body += "<p class=\"elsewhere\"><a href=\"\(call.base)/stats\">\(h(call.say("web.stats")))</a></p>"
        return page(call, title: call.say("web.calendar"), body: body)
    }

    /// The trash: the entries deleted and not back, newest deletion first, each with its last version's title
    /// and first line, a link to it, and a button that brings it back (`Journal.restore`, as `journal restore`).
    static func trash(_ call: Call) throws -> Response {
        let journal: Journal = call.journal
        let pageSize = 50
        var limit = pageSize
        if let n = call.one("n") {
            guard let count = Int(n), count > 0 else { throw BadRequest(.badRequest, "n=\(n) is not a count") }
            limit = count
        }
        let deleted = try journal.deletedEntries(limit: limit)
        let dates = DateText(locale: nil, language: call.language)
        var body = "<h1>\(h(call.say("web.trash")))</h1><p class=\"note\">\(h(call.say("web.trashNote")))</p>"
        if deleted.isEmpty {
            body += "<p class=\"empty\">\(h(call.say("web.trashEmpty")))</p>"
        } else {
            body += "<ul class=\"entries trash\">"
            for item in deleted {
                let entry = item.entry
                body += "<li class=\"entry\"><a href=\"\(call.base)/entry/\(h(entry.id))\"><span class=\"meta\">"
                body += "<time datetime=\"\(h(item.deletedAt.rfc3339))\">\(h(call.say("web.deletedAt", dates.format(item.deletedAt))))</time>"
                body += "<span>\(h(call.say("web.writtenOn", entry.createdAt.localDay.description)))</span></span>"
                body += "<span class=\"title\"><strong>\(h(entry.title.isEmpty ? call.say("web.untitled") : entry.title))</strong></span>"
                if let preview = entry.preview { body += "<p class=\"preview\">\(h(String(preview.prefix(160))))</p>" }
                body += "</a><button type=\"button\" data-restore=\"\(h(entry.id))\">\(h(call.say("web.restore")))</button></li>"
            }
            body += "</ul>"
            if deleted.count == limit {
                body += "<a class=\"more\" href=\"\(call.base)/trash?n=\(limit + pageSize)\">\(h(call.say("web.more")))</a>"
            }
        }
        return page(call, title: call.say("web.trash"), body: body)
    }

    /// The habit of writing (`Journal.writingStats`, as `journal stats`): the streaks, the totals, entries and
    /// words per month, the days of the week and the hours, the tags and categories most used.
    static func stats(_ call: Call) throws -> Response {
        let journal: Journal = call.journal
        let year = try call.one("year").map { text throws(JournalError) in try WritingStats.year(text) }
        let stats = try journal.writingStats(year: year)
        var body = "<h1>\(h(call.say("web.stats")))</h1>"
        // The twelve months up to now, or one year.
        body += "<nav class=\"years\" aria-label=\"\(h(call.say("web.statsPeriod")))\">"
        body += "<a href=\"\(call.base)/stats\"\(year == nil ? " aria-current=\"page\"" : "")>\(h(call.say("web.lastTwelveMonths")))</a>"
        for shown in Set(stats.years + [stats.today.year]).sorted(by: >) {
            body += "<a href=\"\(call.base)/stats?year=\(shown)\"\(year == shown ? " aria-current=\"page\"" : "")>\(shown)</a>"
        }
        body += "</nav>"
        func days(_ count: Int) -> String { Say.plural("stats.days", count, count) }
        func streak(_ label: String, _ streak: WritingStats.Streak) -> String {
            var out = "<div class=\"figure\"><span class=\"label\">\(h(label))</span><span class=\"number\">\(h(days(streak.days)))</span>"
            if let first = streak.first, let last = streak.last {
                out += "<span class=\"span\">\(h(first == last ? first.description : call.say("stats.range", first.description, last.description)))</span>"
            }
            return out + "</div>"
        }
        let period = year.map(String.init) ?? call.say("stats.range", stats.months.first?.key ?? "", stats.months.last?.key ?? "")
        body += "<div class=\"figures\">" + streak(call.say("stats.current"), stats.current) + streak(call.say("stats.longest"), stats.longest)
        body += "<div class=\"figure\"><span class=\"label\">\(h(call.say("stats.entries")))</span><span class=\"number\">\(stats.entries)</span>"
        body += "<span class=\"span\">\(h(call.say("web.onDays", days(stats.daysWritten))))</span></div>"
        body += "<div class=\"figure\"><span class=\"label\">\(h(call.say("stats.words")))</span><span class=\"number\">\(stats.words)</span>"
        body += "<span class=\"span\">\(h(period))</span></div></div>"

        // A bar's length in twentieths of the longest.
        func step(_ value: Int, _ most: Int) -> Int { value <= 0 || most <= 0 ? 0 : max(1, value * 20 / most) }
        let mostMonth = stats.months.map(\.entries).max() ?? 0
        body += "<h2>\(h(call.say("web.perMonth")))</h2><table class=\"bars\"><thead><tr><th scope=\"col\">\(h(call.say("stats.month")))</th>"
        body += "<th scope=\"col\">\(h(call.say("stats.entriesColumn")))</th><th scope=\"col\" class=\"n\">\(h(call.say("stats.wordsColumn")))</th></tr></thead><tbody>"
        for month in stats.months {
            body += "<tr><th scope=\"row\">\(month.key)</th><td><span class=\"bar b\(step(month.entries, mostMonth))\"></span> \(month.entries)</td>"
            body += "<td class=\"n\">\(month.words)</td></tr>"
        }
        body += "</tbody></table>"

        let order = MonthGrid.weekdays(startingOnSunday: MonthGrid.weekStartsOnSunday(in: call.language))
        let mostDay = stats.weekdays.max() ?? 0
        body += "<h2>\(h(call.say("stats.weekdays")))</h2><table class=\"bars\"><tbody>"
        for weekday in order {
            let count = stats.weekdays[weekday - 1]
            body += "<tr><th scope=\"row\"\(weekday == 7 ? " class=\"sun\"" : "")>\(h(call.say("weekday.\(weekday)")))</th>"
            body += "<td><span class=\"bar b\(step(count, mostDay))\"></span> \(count)</td></tr>"
        }
        body += "</tbody></table>"

        // The hours as columns, a day from midnight to midnight; each one's count said to a screen reader.
        let mostHour = stats.hours.max() ?? 0
        body += "<h2>\(h(call.say("stats.hours")))</h2><ol class=\"hours\">"
        for (hour, count) in stats.hours.enumerated() {
            body += "<li><span class=\"col c\(step(count, mostHour))\" aria-hidden=\"true\"></span><span class=\"unseen\">"
            body += "\(h(call.say("web.hourCount", String(format: "%02d", hour), count)))</span></li>"
        }
        body += "</ol><div class=\"ticks\" aria-hidden=\"true\"><span>0</span><span>6</span><span>12</span><span>18</span></div>"

        body += "<h2>\(h(call.say("stats.tags")))</h2>"
        if stats.tags.isEmpty {
            body += "<p class=\"empty\">\(h(call.say("stats.noneYet")))</p>"
        } else {
            body += "<ul class=\"chips\">" + stats.tags.map { item in
                let address = call.base + "/?tag=" + percent(item.tag)
                return "<li><a href=\"\(h(address))\"><span class=\"tags\">#\(h(item.tag))</span> <span class=\"count\">\(item.count)</span></a></li>"
            }.joined() + "</ul>"
        }
        body += "<h2>\(h(call.say("stats.categories")))</h2>"
        if stats.categories.isEmpty {
            body += "<p class=\"empty\">\(h(call.say("stats.noneYet")))</p>"
        } else {
            body += "<ul class=\"chips\">" + stats.categories.map { item in
                let label = [item.emoji, Say.categoryName(item.name, in: call.language)].compactMap { $0 }.joined(separator: " ")
                let address = call.base + "/?category=" + percent(item.name)
                return "<li><a href=\"\(h(address))\"><span class=\"category\" data-color=\"\(h(item.color ?? ""))\">\(h(label))</span> "
                    + "<span class=\"count\">\(item.count)</span></a></li>"
            }.joined() + "</ul>"
        }
        return page(call, title: call.say("web.stats"), body: body)
    }

    /// One entry: its Markdown rendered and sanitised, its pictures and files, its facts, its history, and
    /// what can be done to it.
    static func entry(_ call: Call, _ id: String) throws -> Response {
        let journal: Journal = call.journal
        let entry: Entry
        do {
            entry = try journal.entry(matching: id)
        } catch {
            guard case .unknownID = error else { throw error }
            return try deleted(call, id)
        }
        let version = try journal.currentVersion(of: entry)
        call.site.versions.keep(version.data, tag: version.tag)
        let dates = DateText(locale: nil, language: call.language)
        let facts = EntryFacts(entry, settings: journal.settings, readerZone: journal.context.timeZone, now: journal.context.now,
                               units: call.site.units, language: call.language)
        let files = Journal.attachments(of: entry.id, root: journal.root)
        var links: [String: String] = [:]
        // The sanitiser writes `../` before these: from /entry/ID, that is the server's root.
        for file in files { links[file] = file.split(separator: "/").map { percent(String($0)) }.joined(separator: "/") }
        var body = "<article class=\"entry\" data-id=\"\(h(entry.id))\" data-tag=\"\(version.tag)\">"
        body += "<h1>\(h(entry.title.isEmpty ? call.say("web.untitled") : entry.title))\(entry.starred ? " <span class=\"star\">★</span>" : "")</h1>"
        // A header that cannot be read, as `journal list` says it (its fields are missing from the page).
        if let problem = entry.problem { body += "<p class=\"broken\" role=\"alert\">\(h(brokenLine(entry, problem)))</p>" }
        // Date and category: the tags are the tagger's below, the star is the title's.
        body += "<p class=\"facts\"><span>\(h(facts.date))</span>"
        if let category = facts.category {
            body += " <span class=\"category\" data-color=\"\(h(CategoryColor.drawn(category.color) ?? ""))\">\(h(category.label))</span>"
        }
        if !facts.placeLine.isEmpty { body += "<br>" + facts.placeLine.map { "<span>\(h($0))</span>" }.joined(separator: " · ") }
        body += "</p>"
        body += tagger(call, entry)
        let text = HTMLSanitizer.render(entry.body, attachments: links)
        body += "<div class=\"text\">" + text + "</div>"
        // The files the text does not show or link already (a picture shown inline is not shown again).
        let unshown = files.filter { file in !text.contains("\"../" + h(links[file] ?? file) + "\"") }
        if !unshown.isEmpty {
            body += "<ul class=\"files\">"
            for file in unshown {
                let name = (file as NSString).lastPathComponent
                let url = call.base + "/" + (links[file] ?? "")
                let kind = FileKind.of(name)
                if kind.isPicture && kind.shownInPage {
                    body += "<li><a href=\"\(h(url))\"><img src=\"\(h(url))\" alt=\"\(h(name))\" loading=\"lazy\"></a></li>"
                } else {
                    body += "<li><a href=\"\(h(url))\">\(h(name))</a></li>"
                }
            }
            body += "</ul>"
        }
        body += "<div class=\"actions\">"
        body += "<button data-action=\"star\" data-starred=\"\(entry.starred)\">\(h(call.say(entry.starred ? "web.unstar" : "web.star")))</button>"
        body += "<button data-action=\"edit\">\(h(call.say("web.edit")))</button>"
        body += "<button data-action=\"share\" data-format=\"text\">\(h(call.say("web.copyText")))</button>"
        body += "<button data-action=\"share\" data-format=\"markdown\">\(h(call.say("web.copyMarkdown")))</button>"
        body += "<button data-action=\"photos\">\(h(call.say("web.addPhotos")))</button>"
        body += "<input type=\"file\" name=\"photos\" accept=\"image/*\" multiple hidden aria-label=\"\(h(call.say("web.addPhotos")))\">"
        body += "<button data-action=\"delete\" class=\"danger\">\(h(call.say("web.delete")))</button>"
        body += "</div>"
        body += "</article>"
        body += editor(call, entry: entry, data: version.data, tag: version.tag)
        if let history = try? journal.history(of: entry), !history.isEmpty {
            body += "<h2>\(h(call.say("web.history")))</h2><ol class=\"history\" data-id=\"\(h(entry.id))\">"
            for (index, item) in history.prefix(50).enumerated() {
                body += "<li><time datetime=\"\(h(item.commit.date.rfc3339))\">\(h(dates.format(item.commit.date)))</time> \(h(Say.shownSubject(item.commit.subject))) <code>\(h(item.commit.shortID))</code>"
                // Every earlier version can come back (the newest is the file as it is).
                if index > 0, item.change != .deleted {
                    body += " <button data-action=\"restore\" data-revision=\"\(h(item.commit.shortID))\">\(h(call.say("web.restoreVersion")))</button>"
                }
                body += "</li>"
            }
            body += "</ol>"
        }
        return page(call, title: entry.title.isEmpty ? call.say("web.untitled") : entry.title, body: body)
    }

    /// The entry's tags, each of the header's with a button that takes it off (a `#tag` written in the text
    /// is taken off by editing the text: it says so), and a box that adds one.
    static func tagger(_ call: Call, _ entry: Entry) -> String {
        var out = "<div class=\"tagger\">"
        for tag in entry.allTags {
            guard entry.tags.contains(where: { Tag.same($0, tag) }) else {
                out += "<span class=\"tag\" title=\"\(h(call.say("web.tagInText", tag)))\">#\(h(tag))</span>"
                continue
            }
            out += "<span class=\"tag\">#\(h(tag))<button data-action=\"untag\" data-tag=\"\(h(tag))\" "
            out += "title=\"\(h(call.say("web.removeTag", tag)))\" aria-label=\"\(h(call.say("web.removeTag", tag)))\">×</button></span>"
        }
        out += "<form class=\"add-tag\"><input name=\"tag\" autocomplete=\"off\" placeholder=\"\(h(call.say("web.addTag")))\" "
        out += "aria-label=\"\(h(call.say("web.addTag")))\"></form></div>"
        return out
    }

    /// An entry that was deleted: its last version, and a button that brings it back (`journal restore`).
    static func deleted(_ call: Call, _ id: String) throws -> Response {
        let journal: Journal = call.journal
        let found = try journal.findEntry(id)
        guard found.deleted else { throw JournalError.unknownID(id) }
        let entry = found.entry
        var body = "<article class=\"entry deleted\" data-id=\"\(h(entry.id))\">"
        body += "<p class=\"gone\" role=\"status\">\(h(call.say("web.deletedNote")))</p>"
        body += "<h1>\(h(entry.title.isEmpty ? call.say("web.untitled") : entry.title))</h1>"
        body += "<div class=\"text\">" + HTMLSanitizer.render(entry.body, attachments: [:]) + "</div>"
        body += "<div class=\"actions\"><button data-action=\"restore\">\(h(call.say("web.restore")))</button></div></article>"
        // The way to the other deleted entries.
        body += "<p class=\"elsewhere\"><a href=\"\(call.base)/trash\">\(h(call.say("web.trash")))</a></p>"
        return page(call, title: entry.title, body: body)
    }

    /// A choice of the journal's categories (each by its name in the page's language), `none` first; `chosen`
    /// selected, also when journal.yml does not list it (kept in entries written elsewhere).
    static func categoryChoice(_ call: Call, settings: Settings, none: String, chosen: String?) -> String {
        var out = "<select name=\"category\" aria-label=\"\(h(call.say("web.category")))\"><option value=\"\">\(h(none))</option>"
        var known = false
        for category in settings.categories {
            let label = [category.emoji, Say.categoryName(category.name, in: call.language)].compactMap { $0 }.joined(separator: " ")
            let selected = chosen == category.name
            known = known || selected
            out += "<option value=\"\(h(category.name))\"\(selected ? " selected" : "")>\(h(label))</option>"
        }
        if let chosen, !chosen.isEmpty, !known { out += "<option value=\"\(h(chosen))\" selected>\(h(chosen))</option>" }
        return out + "</select>"
    }

    /// The form that writes an entry (a new one, or the file of one to edit), kept in the browser's storage
    /// until it is saved. An entry's file is shown as its text, with its header apart and folded away (the
    /// page sends back the two joined: the whole file, its CRLF lines and BOM given back by `replaceText`); a
    /// file that cannot be cut so (a header left open) is shown whole. (A line break follows each
    /// `<textarea>`: HTML drops the first one, which a text may begin with.)
    static func editor(_ call: Call, entry: Entry?, data: Data, tag: String) -> String {
        var form = "<form class=\"editor\(entry == nil ? "" : " hidden")\" id=\"editor\" data-id=\"\(h(entry?.id ?? ""))\" data-tag=\"\(h(tag))\">"
        let cut = entry == nil ? nil : EntryFile.cutAtHeader(data)
        // A text box holds LF line ends (a CR would be shown as a stray mark) and no BOM; both come back
        // when it is saved (`replaceText` keeps a file's form).
        let text = cut?.text ?? String(decoding: data.starts(with: [0xEF, 0xBB, 0xBF]) ? data.dropFirst(3) : data[...], as: UTF8.self)
            .replacingOccurrences(of: "\r\n", with: "\n")
        form += "<textarea name=\"text\" rows=\"14\"\(entry == nil ? " required" : "") placeholder=\"\(h(call.say("web.placeholder")))\">\n\(exact(text))</textarea>"
        if let cut {
            form += "<details class=\"header\"\(entry?.problem != nil ? " open" : "")><summary>\(h(call.say("web.header")))</summary>"
            form += "<textarea name=\"header\" rows=\"8\" spellcheck=\"false\">\n\(exact(cut.header))</textarea></details>"
        }
        if entry == nil {
            let journal: Journal = call.journal
            form += "<div class=\"fields\">" + categoryChoice(call, settings: journal.settings, none: call.say("web.noCategory"), chosen: nil)
            form += "<input name=\"tags\" placeholder=\"\(h(call.say("web.tags")))\" aria-label=\"\(h(call.say("web.tags")))\">"
            form += "<input name=\"date\" placeholder=\"\(h(call.say("web.date")))\" aria-label=\"\(h(call.say("web.date")))\"></div>"
            // Pictures from the camera or the gallery, sent once the entry is saved; a JPEG's date and place offered.
            form += "<div class=\"photos\"><label class=\"button\">\(h(call.say("web.addPhotos")))"
            form += "<input type=\"file\" name=\"photos\" accept=\"image/*\" multiple></label><ul class=\"chosen\"></ul>"
            form += "<div class=\"offers\" role=\"status\"></div></div>"
        }
        form += "<p class=\"problem\" role=\"alert\"></p><div class=\"save\"><button type=\"submit\">\(h(call.say("web.save")))</button>"
        form += "<span class=\"kept\" role=\"status\" aria-live=\"polite\"></span></div></form>"
        // Shown by the script when the server keeps a draft of this page: offered, opened only when asked.
        let note = "<p class=\"draft hidden\" role=\"status\"><span></span> "
            + "<button type=\"button\" data-draft=\"open\">\(h(call.say("web.openDraft")))</button> "
            + "<button type=\"button\" data-draft=\"discard\">\(h(call.say("web.discardDraft")))</button></p>"
        return note + form
    }

    /// The search box and the filters of the list, as the address has them. A day opened from the calendar
    /// (`on`) is said above the box, with a link that shows every day again, and kept in the form (a hidden
    /// field), so that typing a search keeps it.
    static func filters(_ call: Call, journal: Journal, q: String?) -> String {
        var out = ""
        let on = call.one("on").flatMap { $0.isEmpty ? nil : $0 }
        if let on {
            let shown = LocalDay(iso: on).map { day in
                // The date as the list beneath writes it (2026-11-22).
                call.say("web.oneDay", day.description, call.say("weekday.\(day.isoWeekday)"))
            } ?? on
            var rest = call.request.uri.query.map { Site.dropping("n", from: Site.dropping("on", from: $0)) } ?? ""
            rest = call.base + (rest.isEmpty ? "/" : "/?" + rest)
            out += "<p class=\"day\" role=\"status\"><span>\(h(call.say("web.showingDay", shown)))</span> "
            out += "<a class=\"clear\" href=\"\(h(rest))\">\(h(call.say("web.allDays")))</a></p>"
        }
        out += "<form class=\"filters\" action=\"\(call.base)/\" method=\"get\">"
        out += "<input type=\"search\" id=\"q\" name=\"q\" autocomplete=\"off\" value=\"\(h(q ?? ""))\" placeholder=\"\(h(call.say("web.search")))\">"
        if let on { out += "<input type=\"hidden\" name=\"on\" value=\"\(h(on))\">" }
        // The rest folded behind one control on a phone (open when one of them is in use; the script opens it
        // where the screen is wide).
        let narrowing = ["category", "tag", "starred", "from", "to"].contains { !(call.one($0) ?? "").isEmpty }
        out += "<details class=\"more-filters\"\(narrowing ? " open" : "")><summary>\(h(call.say("web.moreFilters")))</summary><div class=\"filters\">"
        // The address's category as the kit reads it (a built-in one by any of its names: `여행` is `travel`).
        let chosen = call.one("category").flatMap { journal.settings.category(named: $0)?.name ?? $0 }
        out += categoryChoice(call, settings: journal.settings, none: call.say("web.allCategories"), chosen: chosen)
        out += "<input name=\"tag\" value=\"\(h(call.all("tag").first ?? ""))\" placeholder=\"\(h(call.say("web.tag")))\">"
        out += "<label><input type=\"checkbox\" name=\"starred\" value=\"true\"\(call.one("starred") == "true" ? " checked" : "")> ★</label>"
        out += "<input name=\"from\" value=\"\(h(call.one("from") ?? ""))\" placeholder=\"\(h(call.say("web.from")))\" size=\"10\">"
        out += "<input name=\"to\" value=\"\(h(call.one("to") ?? ""))\" placeholder=\"\(h(call.say("web.to")))\" size=\"10\">"
        out += "<button type=\"submit\">\(h(call.say("web.filter")))</button></div></details></form>"
        return out
    }

    /// One line of a list: its date, weather and category (its colour) on a first line, then title and star,
    /// tags, a line of the text; every row alike, with weather or without.
    static func row(_ call: Call, _ entry: Entry, settings: Settings, line: String?, terms: [String]) -> String {
        var out = "<li class=\"entry\"><a href=\"\(call.base)/entry/\(h(entry.id))\"><span class=\"meta\">"
        let journal: Journal = call.journal
        let date = EntryFacts.pageDate(entry, readerZone: journal.context.timeZone, now: journal.context.now, language: call.language)
        out += "<time datetime=\"\(h(entry.createdAt.localDay.description))T\(h(entry.createdAt.hourMinute))\">\(h(date))</time>"
        if let weather = entry.weather { out += "<span class=\"weather\">\(h(WeatherText.column(weather, units: call.site.units)))</span>" }
        if let name = entry.category {
            let known = settings.category(named: name)
            let label = [known?.emoji, Say.categoryName(name, in: call.language)].compactMap { $0 }.joined(separator: " ")
            out += "<span class=\"category\" data-color=\"\(h(CategoryColor.drawn(known?.color) ?? ""))\">\(h(label))</span>"
        }
        out += "</span><span class=\"title\"><strong>\(h(entry.title.isEmpty ? call.say("web.untitled") : entry.title))</strong>"
        if entry.starred { out += "<span class=\"star\">★</span>" }
        if let problem = entry.problem { out += "<span class=\"broken\" title=\"\(h(brokenLine(entry, problem)))\">\(h(call.say("web.broken")))</span>" }
        out += "</span>"
        if !entry.allTags.isEmpty { out += "<span class=\"tags\">" + entry.allTags.map { "#" + h($0) }.joined(separator: " ") + "</span>" }
        if let line {
            // The search's line is already as a reader sees it (`MatchedLine`).
            out += "<p class=\"preview match\">\(highlighted(line, terms))</p>"
        } else {
            if let preview = entry.preview { out += "<p class=\"preview\">\(h(String(preview.prefix(160))))</p>" }
        }
        return out + "</a></li>"
    }

    /// What `journal list` says of an entry whose header cannot be read: the file, the line at fault, why.
    static func brokenLine(_ entry: Entry, _ problem: HeaderProblem) -> String {
        Say.text("brokenEntry", entry.path, problem.line, problem.reason)
    }

    /// `line` escaped, with each of `terms` marked (case as typed or not).
    static func highlighted(_ line: String, _ terms: [String]) -> String {
        var marks: [Range<String.Index>] = []
        for term in terms where !term.isEmpty {
            var from = line.startIndex
            while let found = line.range(of: term, options: [.caseInsensitive], range: from..<line.endIndex) {
                marks.append(found)
                from = found.upperBound
            }
        }
        marks.sort { $0.lowerBound < $1.lowerBound }
        var out = ""
        var at = line.startIndex
        for mark in marks where mark.lowerBound >= at {
            out += h(String(line[at..<mark.lowerBound])) + "<mark>" + h(String(line[mark])) + "</mark>"
            at = mark.upperBound
        }
        return out + h(String(line[at...]))
    }

    // MARK: Files

    /// A file of `attachments/<entry id>/`, never one outside it: the id must be an entry's, the path's
    /// parts plain names (no `..`, no encoded slash), and no symbolic link on the way (`attachmentData`).
    static func attachment(_ call: Call) throws -> Response {
        let raw = call.path.split(separator: "/", omittingEmptySubsequences: false).dropFirst(2)
        let parts = try raw.map { part -> String in
            guard let name = part.removingPercentEncoding, !name.isEmpty, name != ".", name != "..",
                  !name.contains("/"), !name.contains("\0"), !name.contains("\\")
            else { throw BadRequest(.notFound, call.say("web.noSuchFile")) }
            return name
        }
        guard parts.count >= 2, parts[0].count >= 8, parts[0].allSatisfy({ $0.isHexDigit || $0 == "-" }) else {
            throw BadRequest(.notFound, call.say("web.noSuchFile"))
        }
        let journal: Journal = call.journal
        guard (try? journal.entry(matching: parts[0]))?.id == parts[0] else { throw BadRequest(.notFound, call.say("web.noSuchFile")) }
        guard let data = journal.attachmentData(of: parts[0], at: Array(parts.dropFirst())) else {
            throw BadRequest(.notFound, call.say("web.noSuchFile"))
        }
        var headers = HTTPFields()
        let kind = FileKind.of(parts.last ?? "")
        headers[.contentType] = kind.mediaType ?? "application/octet-stream"
        if kind.mediaType == nil { headers[.contentDisposition] = "attachment" }
        headers[.cacheControl] = "private, max-age=60"
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }

    /// The asset an address names (`/assets/app.css`, under this run's path too, `/favicon.ico`, `/sw.js`, the
    /// manifest); nil for any other.
    static func assetName(_ path: String, prefix: String) -> String? {
        var rest = path
        if !prefix.isEmpty, rest.hasPrefix(prefix + "/") { rest = String(rest.dropFirst(prefix.count)) }
        if rest == "/favicon.ico" { return "icon.svg" }
        if rest == "/sw.js" || rest == "/manifest.webmanifest" || rest == "/offline" { return String(rest.dropFirst()) }
        guard rest.hasPrefix("/assets/") else { return nil }
        let name = String(rest.dropFirst("/assets/".count))
        return name.isEmpty || name.contains("/") ? nil : name
    }

    static func asset(_ name: String) throws -> Response {
        var headers = HTTPFields()
        headers[.cacheControl] = "private, max-age=300"
        switch name {
        case "app.css": headers[.contentType] = "text/css; charset=utf-8"
            return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: Assets.style)))
        case "app.js": headers[.contentType] = "text/javascript; charset=utf-8"
            return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: Assets.script)))
        case "icon.svg": headers[.contentType] = "image/svg+xml"
            return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: Assets.icon)))
        case "icon-192.png", "icon-512.png", "icon-maskable-512.png", "apple-touch-icon.png":
            let text = [("icon-192.png", Icons.icon192), ("icon-512.png", Icons.icon512), ("icon-maskable-512.png", Icons.iconMaskable512),
                         ("apple-touch-icon.png", Icons.appleTouchIcon)].first { $0.0 == name }?.1 ?? ""
            headers[.contentType] = "image/png"
            headers[.cacheControl] = "public, max-age=86400"
            let data = Data(base64Encoded: text, options: .ignoreUnknownCharacters) ?? Data()
            return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
        default: throw BadRequest(.notFound, "no such file")
        }
    }

    /// A page that could not be shown: what went wrong, in the frame, and the way back to the list.
    static func failure(_ call: Call, _ status: HTTPResponse.Status, _ line: String) -> Response {
        let heading: String
        switch status.code {
        case 404: heading = call.say("web.failed.notFound")
        case 400..<500: heading = call.say("web.failed.refused")
        default: heading = call.say("web.failed.server")
        }
        let body = "<h1>\(h(heading))</h1><p class=\"failure\">\(h(line))</p>"
            + "<p><a href=\"\(call.base)/\">\(h(call.say("web.failed.back")))</a></p>"
        var response = page(call, title: heading, body: body)
        response.status = status
        return response
    }

    // MARK: The frame

    /// A page of its own, with no navigation and no script: the sign-in page, and the one the service worker
    /// shows for a page it does not have.
    static func plain(language: String, title: String, body: String) -> String {
        """
        <!doctype html>
        <html lang="\(language)"><head><meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="color-scheme" content="light dark">
        <title>\(h(title)) · \(h(Say.text(in: language, "web.appName", [])))</title>
        <link rel="icon" href="/assets/icon.svg" type="image/svg+xml">
        \(Assets.styleElement)
        </head><body><main id="main">\(body)</main></body></html>
        """
    }

    static func page(_ call: Call, title: String, body: String) -> Response {
        let nav = [("/", "web.list"), ("/today", "web.today"), ("/calendar", "web.calendar"), ("/new", "web.write")]
            .map { "<a href=\"\(call.base)\($0.0)\"\(call.path == $0.0 ? " aria-current=\"page\"" : "")>\(h(call.say($0.1)))</a>" }.joined()
        let html = """
            <!doctype html>
            <html lang="\(call.language)"><head><meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="csrf" content="\(call.site.secrets.csrf)">
            <meta name="color-scheme" content="light dark">
            <title>\(h(title)) · \(h(call.say("web.appName")))</title>
            <link rel="manifest" href="\(call.base)/manifest.webmanifest?lang=\(call.language)">
            <link rel="apple-touch-icon" href="/assets/apple-touch-icon.png">
            <meta name="theme-color" content="#fbfaf7" media="(prefers-color-scheme: light)">
            <meta name="theme-color" content="#171614" media="(prefers-color-scheme: dark)">
            <meta name="apple-mobile-web-app-capable" content="yes">
            <link rel="icon" href="/assets/icon.svg" type="image/svg+xml">
            \(Assets.styleElement)<script src="/assets/app.js" defer></script>
            </head><body data-base="\(call.base)" data-proof="\(call.site.secrets.proof)" data-upload-limit="\(Site.uploadLimit)">
            <header><nav aria-label="\(h(call.say("web.appName")))">\(nav)<button id="theme" type="button" title="\(h(call.say("web.theme")))" aria-label="\(h(call.say("web.theme")))">◐</button></nav>
            <p id="outbox" class="outbox hidden" role="status"></p><p id="sync" class="outbox hidden" role="status"></p></header>
            <main id="main" data-changed="\(h(call.say("web.changedElsewhere")))" data-copied="\(h(call.say("web.copied")))" data-confirm-delete="\(h(call.say("web.confirmDelete")))" data-restored="\(h(call.say("web.restored")))" data-unreachable="\(h(call.say("web.unreachable")))" data-deleted="\(h(call.say("web.deletedMeanwhile")))" data-kept-at="\(h(call.say("web.keptAt")))" data-not-kept="\(h(call.say("web.notKept")))" data-draft-kept="\(h(call.say("web.draftKept")))" data-draft-older="\(h(call.say("web.draftFromOlderVersion")))" data-draft-opened="\(h(call.say("web.draftOpened")))" data-sending="\(h(call.say("web.sending")))" data-offline-waiting="\(h(call.say("web.offlineWaiting")))" data-not-sent="\(h(call.say("web.notSent")))" data-queued="\(h(call.say("web.queued")))" data-kept-as-draft="\(h(call.say("web.keptAsDraft")))" data-too-large="\(h(call.say("web.tooLargeShort")))" data-photo-date="\(h(call.say("web.photoDate")))" data-photo-place="\(h(call.say("web.photoPlace")))" data-use="\(h(call.say("web.use")))" data-used="\(h(call.say("web.used")))" data-copy-here="\(h(call.say("web.copyHere")))" data-close="\(h(call.say("web.close")))" data-synced-ago="\(h(call.say("web.syncedAgo")))" data-sync-failed="\(h(call.say("web.syncFailed")))" data-sync-soon="\(h(call.say("web.syncSoon")))" data-conflict-copy="\(h(call.say("web.conflictCopy")))">
            \(body)
            </main></body></html>
            """
        return Reply.html(html)
    }

    /// Text for a page, escaped, its hidden characters shown as the terminal shows them (`\u{202E}`): a title,
    /// a tag or a file's name from another machine cannot reorder what the page shows with bidi controls.
    static func h(_ text: String) -> String { MarkupText.escaped(ControlCharacters.visible(text)) }
    /// Text for an edit box, escaped only: what is saved back is the text as it was.
    static func exact(_ text: String) -> String { MarkupText.escaped(text) }

    static func percent(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(CharacterSet(charactersIn: "-._~"))) ?? text
    }
}
