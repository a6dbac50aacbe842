import Foundation

/// Messages about dates and times the user typed (`journal add --date`, `journal list --on/--from/--to`).
extension Say {
    /// The one line shown for any date the grammar rejects:
    /// `invalid date '2019-02-29': February 2019 has 28 days`.
    static func invalidDate(_ text: String, reason: String) -> String {
        let shown = text
            .replacingOccurrences(of: "\r", with: "\\r")
            .replacingOccurrences(of: "\n", with: "\\n")
            .replacingOccurrences(of: "\t", with: "\\t")
        return Say.text("invalidDate", shown, reason)
    }

    /// The name of a month in the current language, 1 = January.
    static func weekdayShort(_ weekday: Int) -> String { Say.text("weekdayShort.\(weekday)") }
    static func calendarEntries(_ count: Int) -> String { count == 0 ? Say.text("calendarNoEntries") : Say.plural("calendarEntries", count, count) }

    static func monthName(_ month: Int) -> String {
        (1...12).contains(month) ? Say.text("month.\(month)") : Say.text("monthNumber", month)
    }

    static func dateIsEmpty() -> String { Say.text("dateIsEmpty") }

    static func dateNotUnderstood() -> String { Say.text("dateNotUnderstood") }

    static func daysNotUnderstood() -> String { Say.text("daysNotUnderstood") }

    static func monthHasDays(month: Int, year: Int, days: Int) -> String { Say.text("monthHasDays", monthName(month), year, days) }

    /// For a day named without a year (`june 31`, `2월 30일`).
    static func monthHasAtMost(month: Int, days: Int) -> String { Say.text("monthHasAtMost", monthName(month), days) }

    static func noSuchDay(_ day: Int) -> String { Say.text("noSuchDay", day) }

    static func noSuchMonth(_ month: Int) -> String { Say.text("noSuchMonth", month) }

    static func yearOutOfRange(_ year: Int) -> String { Say.text("yearOutOfRange", year) }

    static func entryYearOutOfRange(_ year: Int, first: Int, last: Int) -> String {
        Say.text("entryYearOutOfRange", year, first, last)
    }

    /// The one-line warning for an entry dated after now; `when` as the entry will show it.
    public static func futureEntry(_ when: String) -> String { Say.text("futureEntry", when) }

    static func noSuchHour(_ hour: Int) -> String { Say.text("noSuchHour", hour) }

    static func noSuchMinute(_ minute: Int) -> String { Say.text("noSuchMinute", minute) }

    static func noSuchSecond(_ second: Int) -> String { Say.text("noSuchSecond", second) }

    static func notTwelveHourTime(_ text: String) -> String { Say.text("notTwelveHourTime", text) }

    static func offsetOutOfRange(_ text: String) -> String { Say.text("offsetOutOfRange", text) }

    static func timeSkipped(time: String, day: String, zone: String) -> String { Say.text("timeSkipped", time, day, zone) }
}
