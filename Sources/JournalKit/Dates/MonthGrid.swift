/// A month as a calendar draws it, in the reader's week: its weekdays in column order, and its weeks, each of
/// seven cells that hold a day of the month or nothing (before the 1st, after the last). The terminal's
/// calendar (`list --format calendar`) and the web view's draw this one grid.
public struct MonthGrid: Sendable, Equatable {
    public let year: Int
    public let month: Int
    /// ISO weekdays (1 is Monday) in the order of the columns.
    public let weekdays: [Int]
    public let weeks: [[LocalDay?]]
    /// Its first and last days.
    public let first: LocalDay
    public let last: LocalDay

    /// Nil for a month that is not one (0, 13, a year outside 1...9999).
    public init?(year: Int, month: Int, startingOnSunday: Bool) {
        guard let first = LocalDay(year: year, month: month, day: 1),
              let last = LocalDay(year: year, month: month, day: LocalDay.daysIn(month: month, year: year)) else { return nil }
        self.first = first
        self.last = last
        self.year = year
        self.month = month
        weekdays = MonthGrid.weekdays(startingOnSunday: startingOnSunday)
        var cells: [LocalDay?] = Array(repeating: nil, count: weekdays.firstIndex(of: first.isoWeekday) ?? 0)
        cells += (1...LocalDay.daysIn(month: month, year: year)).map { LocalDay(year: year, month: month, day: $0) }
        cells += Array(repeating: nil, count: (7 - cells.count % 7) % 7)
        weeks = stride(from: 0, to: cells.count, by: 7).map { Array(cells[$0..<($0 + 7)]) }
    }

    /// Whether a calendar in `language` starts its weeks on Sunday (Korean calendars do) or Monday.
    public static func weekStartsOnSunday(in language: String) -> Bool { language == "ko" }

    /// The days of a week in a calendar's order, as ISO weekdays.
    public static func weekdays(startingOnSunday: Bool) -> [Int] { startingOnSunday ? [7, 1, 2, 3, 4, 5, 6] : [1, 2, 3, 4, 5, 6, 7] }
}
