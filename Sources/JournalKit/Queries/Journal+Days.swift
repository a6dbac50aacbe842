import Foundation

/// The diary apps' day views: what was written today, and on this day in earlier years.
extension Journal {
    /// The entries of the reader's today (its local day in the context's zone), oldest first.
    public func today() throws(JournalError) -> [Entry] {
        try entries(todayQuery)
    }

    /// The entries written on `day` (each entry's own day, as its writer lived it), oldest first: Today's, or
    /// the day a page asks for.
    public func entries(on day: LocalDay) throws(JournalError) -> [Entry] {
        try entries(Journal.query(on: day))
    }

    /// `today()` with the snapshot brought up to date first, from the running server when it can (see
    /// `freshEntries(matching:)`).
    public func freshToday(progress: ((Int, Int) -> Void)? = nil) throws(JournalError) -> (entries: [Entry], pending: PendingReport) {
        try freshEntries(todayQuery, progress: progress)
    }

    /// The reader's today, oldest first.
    private var todayQuery: EntryQuery { Journal.query(on: LocalDay(context.now, in: context.timeZone)) }

    private static func query(on day: LocalDay) -> EntryQuery {
        var query = EntryQuery()
        query.from = day
        query.to = day
        query.oldestFirst = true
        return query
    }

    /// The day `text` names in the date grammar (its first day, for a range), else the reader's today.
    public static func day(_ text: String?, context: JournalContext) throws(JournalError) -> LocalDay {
        guard let text else { return LocalDay(context.now, in: context.timeZone) }
        let range: DayRange
        do { range = try DateGrammar(now: context.now, timeZone: context.timeZone).days(text) } catch {
            throw .invalid(error.description)
        }
        // A month or a week is many days: one is asked for, and none is picked for the asker.
        guard range.first == range.last else { throw .invalid(Say.text("notOneDay", text, range.first.description, range.last.description)) }
        return range.first
    }

    /// The entries written on `day`'s month and day in earlier years, newest first. On 28 February of a
    /// year without a 29th, the 29ths of leap years are that day too (they would otherwise never come up).
    public func onThisDay(_ day: LocalDay) throws(JournalError) -> [Entry] {
        var monthDays = [String(format: "%02d-%02d", day.month, day.day)]
        if day.month == 2, day.day == 28, LocalDay(year: day.year, month: 2, day: 29) == nil { monthDays.append("02-29") }
        var found: [Entry] = []
        for monthDay in monthDays {
            var query = EntryQuery()
            query.monthDay = monthDay
            found += try entries(query).filter { $0.createdAt.localDay.year < day.year }
        }
        return found.sorted { $0.createdAt.date > $1.createdAt.date }
    }
}

extension Journal {
    /// How much was written on each day of the entries `filter` selects: the bytes of their files, as the
    /// snapshot's last `stat` found them (header included; no file is read). A calendar shades its days by it.
    public func amountWritten(matching filter: EntryFilter) throws(JournalError) -> [LocalDay: Int] {
        let entries = try entries(matching: filter)
        let sizes = try index().fileSizes(entries.map(\.path))
        var written: [LocalDay: Int] = [:]
        for entry in entries { written[entry.createdAt.localDay, default: 0] += max(1, sizes[entry.path] ?? entry.title.utf8.count) }
        return written
    }
}
