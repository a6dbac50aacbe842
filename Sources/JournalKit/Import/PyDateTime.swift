/// A wall-clock time without a zone, as Python's `datetime` and `time.struct_time` hold one: the calendar
/// arithmetic jrnl's date parsers do (proleptic Gregorian, years 1 to 9999), for `JrnlDate`.
struct PyDateTime: Equatable {
    var year: Int
    var month: Int
    var day: Int
    var hour = 0
    var minute = 0
    var second = 0
    /// Microseconds, which a `struct_time` drops.
    var microsecond = 0

    /// A valid day and time (Python's `datetime(...)` would accept it).
    init?(_ year: Int, _ month: Int, _ day: Int, _ hour: Int = 0, _ minute: Int = 0, _ second: Int = 0, microsecond: Int = 0) {
        guard (1...9999).contains(year), (1...12).contains(month), day >= 1, day <= PyDateTime.daysIn(month, year),
              (0..<24).contains(hour), (0..<60).contains(minute), (0..<60).contains(second), (0..<1_000_000).contains(microsecond)
        else { return nil }
        self.year = year
        self.month = month
        self.day = day
        self.hour = hour
        self.minute = minute
        self.second = second
        self.microsecond = microsecond
    }

    static func isLeap(_ year: Int) -> Bool { year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) }

    static func daysIn(_ month: Int, _ year: Int) -> Int {
        switch month {
        case 2: isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days since 0001-01-01 (Python's `toordinal() - 1`).
    var dayNumber: Int { PyDateTime.dayNumber(year, month, day) }

    static func dayNumber(_ year: Int, _ month: Int, _ day: Int) -> Int {
        let y = year - 1
        var days = y * 365 + y / 4 - y / 100 + y / 400
        for m in 1..<month { days += daysIn(m, year) }
        return days + day - 1
    }

    /// Monday 0 … Sunday 6, as Python's `weekday()`.
    var weekday: Int { dayNumber % 7 }

    /// The seconds since 0001-01-01 00:00, with microseconds.
    var microseconds: Int64 {
        (Int64(dayNumber) * 86_400 + Int64(hour * 3600 + minute * 60 + second)) * 1_000_000 + Int64(microsecond)
    }

    /// The time `microseconds` after 0001-01-01 00:00; nil outside Python's years.
    init?(microseconds total: Int64) {
        guard total >= 0 else { return nil }
        let micro = Int(total % 1_000_000)
        let seconds = total / 1_000_000
        var days = Int(seconds / 86_400)
        let inDay = Int(seconds % 86_400)
        // The year, by 400-year cycles, then year by year.
        var year = 1 + (days / 146_097) * 400
        days %= 146_097
        while true {
            let length = PyDateTime.isLeap(year) ? 366 : 365
            if days < length { break }
            days -= length
            year += 1
        }
        var month = 1
        while days >= PyDateTime.daysIn(month, year) {
            days -= PyDateTime.daysIn(month, year)
            month += 1
        }
        self.init(year, month, days + 1, inDay / 3600, inDay / 60 % 60, inDay % 60, microsecond: micro)
    }

    /// This time moved by `seconds` (a Python `timedelta`: rounded to the microsecond); nil when it leaves
    /// Python's years (an `OverflowError`).
    func adding(seconds: Double) -> PyDateTime? {
        let delta = (seconds * 1_000_000).rounded(.toNearestOrEven)
        guard delta.isFinite, abs(delta) < 1e17 else { return nil }
        return PyDateTime(microseconds: microseconds + Int64(delta))
    }

    func adding(days: Int) -> PyDateTime? {
        PyDateTime(microseconds: microseconds + Int64(days) * 86_400_000_000)
    }

    /// `2013-06-09 15:39:00`, what `Timestamp.parseWallTime` reads.
    var text: String {
        "\(year.zeroPadded(4))-\(month.zeroPadded(2))-\(day.zeroPadded(2)) \(hour.zeroPadded(2)):\(minute.zeroPadded(2)):\(second.zeroPadded(2))"
    }
}

/// What Python's `str` methods call space, digits and letters, on one code point.
enum PythonText {
    static func isSpace(_ c: Unicode.Scalar) -> Bool { Jrnl.isSpace(c) }

    /// `str.isdigit()`: decimal digits and other digits (superscripts).
    static func isDigit(_ c: Unicode.Scalar) -> Bool {
        c.properties.numericType == .decimal || c.properties.numericType == .digit
    }

    /// `str.isdecimal()`, the digits `int()` and `float()` read.
    static func isDecimal(_ c: Unicode.Scalar) -> Bool { c.properties.numericType == .decimal }

    /// `str.isalpha()`: letters of every kind.
    static func isAlpha(_ c: Unicode.Scalar) -> Bool {
        switch c.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter: true
        default: false
        }
    }

    /// A character of `\w` in Python's Unicode regular expressions: `isalnum()` or the underscore.
    static func isWord(_ c: Unicode.Scalar) -> Bool {
        c == "_" || isAlpha(c) || c.properties.numericType != nil
    }

    /// `int(text)` of decimal digits (any script's), nil for anything else (`int()` would raise).
    static func int(_ text: some StringProtocol) -> Int? {
        var value = 0
        var any = false
        for c in text.unicodeScalars {
            guard isDecimal(c), let digit = c.properties.numericValue, value < Int.max / 20 else { return nil }
            value = value * 10 + Int(digit)
            any = true
        }
        return any ? value : nil
    }

    /// `float(text)` of digits with at most one `.`, as the parsers' number tokens are; nil otherwise.
    static func float(_ text: some StringProtocol) -> Double? {
        let parts = String(text).split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count <= 2, !(parts[0].isEmpty && (parts.count == 1 || parts[1].isEmpty)) else { return nil }
        let whole = parts[0].isEmpty ? 0 : int(parts[0])
        let fraction = parts.count == 2 ? (parts[1].isEmpty ? 0 : int(parts[1])) : 0
        guard let whole, let fraction else { return nil }
        let digits = parts.count == 2 ? parts[1].unicodeScalars.count : 0
        return Double(whole) + (digits == 0 ? 0 : Double(fraction) / pow10(digits))
    }

    private static func pow10(_ n: Int) -> Double {
        var value = 1.0
        for _ in 0..<n { value *= 10 }
        return value
    }

    /// Python's `str.strip()`.
    static func strip(_ text: String) -> String { Jrnl.strip(text) }

    /// `repr(float)` as `'%s' % value` writes a float: `3.0`, `-1.5`.
    static func floatText(_ value: Double) -> String {
        if value == 0 { return value.sign == .minus ? "-0.0" : "0.0" }
        if value == value.rounded(), abs(value) < 1e16 { return String(Int64(value)) + ".0" }
        return "\(value)"
    }
}
