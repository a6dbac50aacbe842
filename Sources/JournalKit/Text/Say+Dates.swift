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
        return "invalid date '\(shown)': \(reason)"
    }

    /// English name of a month, 1 = January.
    static func monthName(_ month: Int) -> String {
        let names = [
            "January", "February", "March", "April", "May", "June",
            "July", "August", "September", "October", "November", "December",
        ]
        return (1...12).contains(month) ? names[month - 1] : "month \(month)"
    }

    static func dateIsEmpty() -> String {
        "no date given"
    }

    static func dateNotUnderstood() -> String {
        "not a date I understand (try 2026-11-20, yesterday 21:30, or friday)"
    }

    static func daysNotUnderstood() -> String {
        "not a date I understand (try 2026-11-20, june 2013, last week, or friday)"
    }

    static func monthHasDays(month: Int, year: Int, days: Int) -> String {
        "\(monthName(month)) \(year) has \(days) days"
    }

    static func noSuchDay(_ day: Int) -> String {
        "there is no day \(day) in a month"
    }

    static func noSuchMonth(_ month: Int) -> String {
        "there is no month \(month) (months run 1 to 12)"
    }

    static func yearOutOfRange(_ year: Int) -> String {
        "year \(year) is out of range (years run 1 to 9999)"
    }

    static func noSuchHour(_ hour: Int) -> String {
        "there is no hour \(hour) (hours run 0 to 23)"
    }

    static func noSuchMinute(_ minute: Int) -> String {
        "there is no minute \(minute) (minutes run 0 to 59)"
    }

    static func noSuchSecond(_ second: Int) -> String {
        "there is no second \(second) (seconds run 0 to 59)"
    }

    static func notTwelveHourTime(_ text: String) -> String {
        "\(text) is not a 12-hour time (hours run 1 to 12 with am/pm)"
    }

    static func offsetOutOfRange(_ text: String) -> String {
        "\(text) is not a UTC offset (offsets run -18:00 to +18:00)"
    }

    static func timeSkipped(time: String, day: String, zone: String) -> String {
        "\(time) on \(day) does not exist in \(zone): the clocks jump forward past it"
    }
}

extension Say {
    /// For a day named without a year (`june 31`, `2월 30일`).
    static func monthHasAtMost(month: Int, days: Int) -> String {
        "\(monthName(month)) has at most \(days) days"
    }
}
