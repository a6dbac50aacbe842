import Foundation

/// The habit of writing, as the diary apps count it: streaks of days written, entries and words per month,
/// the days of the week and the hours one writes, the tags and categories most used. Every day is the
/// entry's own local day, and every hour its own local hour, as its writer lived them.
public struct WritingStats: Sendable, Equatable {
    /// A run of consecutive days with at least one entry each.
    public struct Streak: Sendable, Equatable {
        public var days: Int
        public var first: LocalDay?
        public var last: LocalDay?

        static let none = Streak(days: 0, first: nil, last: nil)
    }

    /// One month of the months shown.
    public struct Month: Sendable, Equatable {
        public var year: Int
        public var month: Int
        public var entries: Int
        public var words: Int
        /// `2026-11`.
        public var key: String { String(format: "%04d-%02d", year, month) }
    }

    public struct TagCount: Sendable, Equatable {
        public var tag: String
        public var count: Int
    }

    /// The reader's today, from which the current streak counts back.
    public var today: LocalDay
    /// The year asked for; nil: the twelve months up to this one (and every entry for the other figures).
    public var year: Int?
    /// The first and last day of the months shown.
    public var first: LocalDay
    public var last: LocalDay
    /// Entries counted: all of them, or the year's.
    public var entries: Int
    /// Days with at least one of them.
    public var daysWritten: Int
    /// The words of the entries of the months shown (eojeol: `WordCount.eojeol`).
    public var words: Int
    /// The days written up to today, or up to yesterday when today has no entry yet (the day is not over).
    public var current: Streak
    /// The longest run among the days counted (the latest of equal ones).
    public var longest: Streak
    /// The twelve months shown, oldest first.
    public var months: [Month]
    /// Entries by day of the week, Monday first (ISO 1…7).
    public var weekdays: [Int]
    /// Entries by the hour of their own clock, 0…23.
    public var hours: [Int]
    /// The most used tags (header and inline), at most `WritingStats.top`, most used first.
    public var tags: [TagCount]
    /// The most used categories (by the name journal.yml gives them), at most `WritingStats.top`.
    public var categories: [CategoryUsage]
    /// Every year with an entry, oldest first (the years a reader may ask for).
    public var years: [Int]

    public static let top = 10

    /// A year as typed (`--year`, the page's `year`): digits, 1 to 9999; anything else is refused, naming it.
    public static func year(_ text: String) throws(JournalError) -> Int {
        let trimmed = text.trimmingSpaces()
        guard !trimmed.isEmpty, trimmed.count <= 4, trimmed.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int(trimmed),
              LocalDay.years.contains(value) else { throw .invalid(Say.text("stats.badYear", text)) }
        return value
    }
}

extension Journal {
    /// The writing habit of the whole journal, or of `year` (`journal stats`, the stats page). From the
    /// snapshot, but the words: those of the months shown are read from their files.
    public func writingStats(year: Int? = nil) throws(JournalError) -> WritingStats {
        let today = LocalDay(context.now, in: context.timeZone)
        // The months shown: the year's, or the twelve up to today's month.
        let first: LocalDay, last: LocalDay
        if let year {
            guard LocalDay.years.contains(year) else { throw .invalid(Say.text("stats.badYear", String(year))) }
            first = LocalDay(year: year, month: 1, day: 1)!
            last = LocalDay(year: year, month: 12, day: 31)!
        } else {
            let index = today.year * 12 + today.month - 1 - 11
            first = LocalDay(year: max(1, index / 12), month: index % 12 + 1, day: 1) ?? today
            last = LocalDay(year: today.year, month: today.month, day: LocalDay.daysIn(month: today.month, year: today.year))!
        }
        let all = try entries(EntryQuery())
        let counted = year.map { year in all.filter { $0.createdAt.localDay.year == year } } ?? all

        var weekdays = [Int](repeating: 0, count: 7)
        var hours = [Int](repeating: 0, count: 24)
        var tagCounts: [String: (name: String, count: Int)] = [:]
        var categoryCounts: [String?: Int] = [:]
        var days = Set<LocalDay>()
        for entry in counted {
            let day = entry.createdAt.localDay
            days.insert(day)
            weekdays[day.isoWeekday - 1] += 1
            hours[entry.createdAt.parts.hour] += 1
            var seen = Set<String>()
            for tag in entry.allTags {
                let key = Tag.key(tag)
                guard seen.insert(key).inserted else { continue }
                // Tags that differ only in case are one, named as `journal tags` names it (the least of its spellings).
                let known = tagCounts[key]
                tagCounts[key] = (min(known?.name ?? tag, tag), (known?.count ?? 0) + 1)
            }
            if let category = entry.category { categoryCounts[category, default: 0] += 1 }
        }
        let tags = tagCounts.values.sorted { $0.count != $1.count ? $0.count > $1.count : Tag.key($0.name) < Tag.key($1.name) }
            .prefix(WritingStats.top).map { WritingStats.TagCount(tag: $0.name, count: $0.count) }
        let categories = Journal.categoryUsage(settings: settings, counts: categoryCounts).filter { $0.count > 0 }
            .sorted { $0.count != $1.count ? $0.count > $1.count : $0.name < $1.name }.prefix(WritingStats.top)

        // Months: entries and their words (each file of the months read once).
        var months: [WritingStats.Month] = []
        var monthIndex: [Int: Int] = [:]
        var index = first.year * 12 + first.month - 1
        while index <= last.year * 12 + last.month - 1 {
            monthIndex[index] = months.count
            months.append(WritingStats.Month(year: index / 12, month: index % 12 + 1, entries: 0, words: 0))
            index += 1
        }
        var words = 0
        for entry in all {
            let day = entry.createdAt.localDay
            guard day >= first, day <= last, let at = monthIndex[day.year * 12 + day.month - 1] else { continue }
            months[at].entries += 1
            let text = try readEntry(entry)
            guard text.isText else { continue }
            let count = WordCount.eojeol(text.text)
            months[at].words += count
            words += count
        }

        // Streaks: the current one over every day written (it is today's, whatever year is shown); the
        // longest among the days counted. A day after today (an entry dated ahead) is in neither.
        let allDays = year == nil ? days : Set(all.map(\.createdAt.localDay))
        return WritingStats(
            today: today, year: year, first: first, last: last, entries: counted.count, daysWritten: days.count, words: words,
            current: Journal.currentStreak(allDays, today: today), longest: Journal.longestStreak(days.filter { $0 <= today }),
            months: months, weekdays: weekdays, hours: hours, tags: Array(tags), categories: Array(categories),
            years: Set(all.map(\.createdAt.localDay.year)).sorted())
    }

    /// The run of days written that ends today, or yesterday when today has none yet: a streak is not broken
    /// until a whole day passes unwritten.
    static func currentStreak(_ days: Set<LocalDay>, today: LocalDay) -> WritingStats.Streak {
        let yesterday = today.adding(days: -1)
        guard let end = days.contains(today) ? today : yesterday.flatMap({ days.contains($0) ? $0 : nil }) else { return .none }
        var start = end
        var count = 1
        while let before = start.adding(days: -1), days.contains(before) {
            start = before
            count += 1
        }
        return WritingStats.Streak(days: count, first: start, last: end)
    }

    /// The longest run of consecutive days among `days`; of equal runs, the latest.
    static func longestStreak(_ days: Set<LocalDay>) -> WritingStats.Streak {
        var best = WritingStats.Streak.none
        var runStart: LocalDay?
        var previous: LocalDay?
        var length = 0
        for day in days.sorted() {
            if let previous, previous.daysSinceEpoch + 1 == day.daysSinceEpoch {
                length += 1
            } else {
                runStart = day
                length = 1
            }
            if length >= best.days { best = WritingStats.Streak(days: length, first: runStart, last: day) }
            previous = day
        }
        return best
    }
}

/// Words as a Korean reader counts them: 어절, the runs of text between spaces (`오늘은 바다에 갔다.` is
/// three), in the text as a reader sees it. The header is not the text; Markdown's marks are not words
/// (`#`, `>`, `-`, `1.`, `**`, `|`, a rule, a code fence, a task box), a link counts its text and not its
/// address, a picture and an HTML comment or tag count nothing; a run with no letter or digit in it (`—`,
/// `...`, an emoji alone) is not a word.
public enum WordCount {
    public static func eojeol(_ text: String) -> Int {
        var count = 0
        for line in withoutComments(text).split(separator: "\n", omittingEmptySubsequences: false) {
            var rest = Substring(line)
            rest = rest.drop { $0 == " " || $0 == "\t" }
            // A code fence's line is Markdown's; what the fence holds is text.
            if rest.hasPrefix("```") || rest.hasPrefix("~~~") { continue }
            rest = withoutBlockMarks(rest)
            let plain = MarkdownInline.plain(withoutPicturesAndTags(rest))
            for run in plain.split(whereSeparator: { $0.isWhitespace }) where run.unicodeScalars.contains(where: isWordy) {
                count += 1
            }
        }
        return count
    }

    private static func isWordy(_ c: Unicode.Scalar) -> Bool { c.properties.isAlphabetic || c.properties.numericType != nil }

    /// `text` without its `<!-- … -->` comments (one left open runs to the end).
    static func withoutComments(_ text: String) -> String {
        guard text.contains("<!--") else { return text }
        var out = ""
        var rest = Substring(text)
        while let open = rest.range(of: "<!--") {
            out += rest[..<open.lowerBound]
            guard let close = rest[open.upperBound...].range(of: "-->") else { return out }
            // A comment between two words keeps them apart.
            out += " "
            rest = rest[close.upperBound...]
        }
        return out + rest
    }

    /// A line without the marks that start a block: quotes, a heading's `#`s, a list's bullet or number, a
    /// task's box (each followed by a space).
    static func withoutBlockMarks(_ line: Substring) -> Substring {
        var rest = line
        while true {
            let before = rest
            rest = rest.drop { $0 == " " || $0 == "\t" }
            let digits = rest.prefix { $0.isASCII && $0.isNumber }.count
            func spaced(after marks: Int) -> Bool { rest.dropFirst(marks).first.map { $0 == " " || $0 == "\t" } ?? true }
            if rest.hasPrefix(">") {
                rest = rest.dropFirst()
            } else if let first = rest.first, "-*+".contains(first), spaced(after: 1) {
                rest = rest.dropFirst()
            } else if rest.first == "#" {
                let marks = rest.prefix { $0 == "#" }.count
                if marks <= 6, spaced(after: marks) { rest = rest.dropFirst(marks) }
            } else if (1...9).contains(digits), let mark = rest.dropFirst(digits).first, mark == "." || mark == ")", spaced(after: digits + 1) {
                rest = rest.dropFirst(digits + 1)
            } else if ["[ ]", "[x]", "[X]"].contains(where: { rest.hasPrefix($0) }), spaced(after: 3) {
                rest = rest.dropFirst(3)
            }
            if rest == before { return rest }
        }
    }

    /// A line without its pictures (`![…](…)`, `![[…]]`) and its HTML tags (`<br>`, `<a href=…>`, `</a>`),
    /// each replaced by a space; an address in `<…>` is kept (a link, shown as its address).
    static func withoutPicturesAndTags(_ line: Substring) -> String {
        let s = Array(line.unicodeScalars)
        guard s.contains(where: { $0 == "!" || $0 == "<" }) else { return String(line) }
        var out = String.UnicodeScalarView()
        var i = 0
        while i < s.count {
            if s[i] == "!" || s[i] == "[", let end = MarkdownImages.imageEnd(s, from: i) {
                out.append(" ")
                i = end
                continue
            }
            if s[i] == "<" {
                var j = i + 1
                if j < s.count, s[j] == "/" { j += 1 }
                let nameStart = j
                while j < s.count, s[j].isASCII, s[j].properties.isAlphabetic || ("0"..."9").contains(s[j]) { j += 1 }
                if j > nameStart, j < s.count, s[j] == ">" || s[j] == "/" || s[j] == " " || s[j] == "\t",
                   let close = s[j...].firstIndex(of: ">") {
                    out.append(" ")
                    i = close + 1
                    continue
                }
            }
            out.append(s[i])
            i += 1
        }
        return String(out)
    }
}

/// `journal stats --json` and `GET /api/stats`: every figure, days as `YYYY-MM-DD`, a streak's days null
/// when it has none, weekdays Monday first.
extension WritingStats: Encodable {
    private enum Key: String, CodingKey {
        case today, year, from, to, entries, days_written, words, current_streak, longest_streak, months, weekdays, hours, tags, categories
    }

    private struct StreakJSON: Encodable {
        let streak: Streak
        enum Key: String, CodingKey { case days, from, to }
        func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: Key.self)
            try c.encode(streak.days, forKey: .days)
            if let first = streak.first { try c.encode(first.description, forKey: .from) } else { try c.encodeNil(forKey: .from) }
            if let last = streak.last { try c.encode(last.description, forKey: .to) } else { try c.encodeNil(forKey: .to) }
        }
    }

    private struct MonthJSON: Encodable { let month: String, entries: Int, words: Int }
    private struct WeekdayJSON: Encodable { let day: String, entries: Int }
    private struct HourJSON: Encodable { let hour: Int, entries: Int }
    private struct CategoryJSON: Encodable { let category: String, count: Int }

    static let weekdayNames = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        try c.encode(today.description, forKey: .today)
        if let year { try c.encode(year, forKey: .year) } else { try c.encodeNil(forKey: .year) }
        try c.encode(first.description, forKey: .from)
        try c.encode(last.description, forKey: .to)
        try c.encode(entries, forKey: .entries)
        try c.encode(daysWritten, forKey: .days_written)
        try c.encode(words, forKey: .words)
        try c.encode(StreakJSON(streak: current), forKey: .current_streak)
        try c.encode(StreakJSON(streak: longest), forKey: .longest_streak)
        try c.encode(months.map { MonthJSON(month: $0.key, entries: $0.entries, words: $0.words) }, forKey: .months)
        try c.encode(weekdays.enumerated().map { WeekdayJSON(day: WritingStats.weekdayNames[$0.offset], entries: $0.element) }, forKey: .weekdays)
        try c.encode(hours.enumerated().map { HourJSON(hour: $0.offset, entries: $0.element) }, forKey: .hours)
        try c.encode(tags.map { TagJSON(tag: $0.tag, count: $0.count) }, forKey: .tags)
        try c.encode(categories.map { CategoryJSON(category: $0.name, count: $0.count) }, forKey: .categories)
    }

    private struct TagJSON: Encodable { let tag: String, count: Int }
}
