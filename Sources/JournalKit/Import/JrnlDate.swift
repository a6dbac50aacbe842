import Foundation

/// The date in a jrnl line's `[…] ` as jrnl 4.6 reads it (jrnl/journals/Journal.py `_parse`, jrnl/time.py
/// `parse(…, bracketed=True)`): first the journal's `timeformat` (Python's `strptime`: the default `%F %r`
/// reads nothing there, Python knowing neither directive), then dateutil, then, where dateutil fails or
/// finds no year, parsedatetime, whose words are read from today; a date of six characters or fewer is
/// none (a footnote, `[1]`). Nil where jrnl reads no date: the line is then text of the entry before.
struct JrnlDate {
    /// The journal's `timeformat` (jrnl's default `%F %r`).
    var timeFormat = JrnlSettings.defaultTimeFormat
    /// jrnl's clock (`datetime.now()`, `time.localtime()`): the import's, in its zone.
    let now: PyDateTime

    /// What jrnl makes of a date: the wall-clock time, and whether it was read from today (`yesterday`, a
    /// month and day without a year, a time alone, a date that is not one with a time after it), which
    /// jrnl reads again, from its own today, every time it opens the journal.
    struct Reading: Equatable {
        var time: PyDateTime
        var fromToday: Bool
    }

    /// jrnl's `DEFAULT_PAST`: what dateutil fills in where the text is silent (`9999` is no year).
    private static let defaultPast = PyDateTime(9999, 1, 1)

    func read(_ blob: String) -> Reading? {
        if let time = PythonStrptime(format: timeFormat).parse(blob) { return Reading(time: time, fromToday: false) }
        return parse(blob)
    }

    /// `time.parse(blob, bracketed=True)`.
    private func parse(_ blob: String) -> Reading? {
        guard blob.unicodeScalars.count > 6, let base = JrnlDate.defaultPast else { return nil }
        var tuple: ParseDateTime.Tuple
        var hasDate: Bool
        var hasTime: Bool
        var yearPresent = false
        var fromToday = false
        // dateutil; a date without a year (9999) makes jrnl raise (it passes a tuple for the month) and go on.
        if let date = DateutilParser(currentYear: now.year).parse(blob, default: base), date.year != 9999 {
            yearPresent = true
            hasTime = !(date.hour == 0 && date.minute == 0)
            hasDate = true
            tuple = ParseDateTime.Tuple(date)
        } else {
            let parser = ParseDateTime(now: now)
            guard let (time, accuracy) = parser.parse(blob) else { return nil }
            tuple = time
            hasDate = accuracy & ParseDateTime.date != 0
            hasTime = accuracy & ParseDateTime.time != 0
            // Without a year of its own, or moved by words (`next`, `3 days`, `yesterday`), it is today's.
            fromToday = !parser.yearGiven || parser.movedFromToday
        }
        if !hasDate && !hasTime {
            // A year alone (int(blob)): the 1st of January.
            let digits = PythonText.strip(blob)
            guard let year = PythonText.int(digits.hasPrefix("+") ? String(digits.dropFirst()) : digits), let date = PyDateTime(year, 1, 1)
            else { return nil }
            return Reading(time: date, fromToday: false)
        }
        var date: PyDateTime
        if hasDate && !hasTime {
            guard let day = PyDateTime(tuple.year, tuple.month, tuple.day) else { return nil }
            date = day
        } else {
            guard let time = tuple.dateTime else { return nil }
            date = time
        }
        // jrnl's heuristic: a date more than four weeks ahead that names no year is last year's.
        if !yearPresent, date.microseconds - now.microseconds > 28 * 86_400 * 1_000_000 {
            guard let earlier = PyDateTime(date.year - 1, date.month, date.day, date.hour, date.minute, date.second) else { return nil }
            date = earlier
            fromToday = true
        }
        return Reading(time: date, fromToday: fromToday)
    }
}

/// How jrnl reads one journal: its `timeformat` and its `tagsymbols`, from jrnl's config.
public struct JrnlSettings: Sendable, Equatable {
    public static let defaultTimeFormat = "%F %r"
    public static let defaultTagSymbols = "#@"

    public var timeFormat = JrnlSettings.defaultTimeFormat
    /// The characters that start a tag (`#@`: `#garden` and `@work`).
    public var tagSymbols = JrnlSettings.defaultTagSymbols

    public init(timeFormat: String = JrnlSettings.defaultTimeFormat, tagSymbols: String = JrnlSettings.defaultTagSymbols) {
        self.timeFormat = timeFormat
        self.tagSymbols = tagSymbols
    }
}

extension PyDateTime {
    /// The wall clock at `date` in `zone`.
    init?(_ date: Date, in zone: TimeZone) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let p = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        self.init(p.year ?? 1970, p.month ?? 1, p.day ?? 1, p.hour ?? 0, p.minute ?? 0, p.second ?? 0)
    }
}
