import Foundation

/// parsedatetime 2.6's `Calendar.parse` as jrnl 4.6 sets it up (`time.__get_pdt_calendar`: the en_US words, no
/// ICU, `DOWParseStyle = -1`, the context style): the reader jrnl falls back on for a date that dateutil does
/// not read, or reads without a year. Its words are read against `now` (`yesterday 9pm`, `next friday`,
/// `march 3`), and so is what it cannot make a date of: a time in the text is today's. Ported method by
/// method (parsedatetime/__init__.py `parse`, `_partialParse*`, `_eval*`, `parseDate`, `parseDateText`,
/// `inc`, pdt_locales/base.py), with its regular expressions as parsedatetime builds them.
final class ParseDateTime {
    /// A `time.struct_time`'s fields that matter: the weekday travels with the tuple as Python's does, and is
    /// worked out again only where Python makes a new one from a `datetime`.
    struct Tuple: Equatable {
        var year, month, day, hour, minute, second, weekday: Int

        init(_ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int, _ second: Int, weekday: Int) {
            (self.year, self.month, self.day, self.hour, self.minute, self.second, self.weekday) = (year, month, day, hour, minute, second, weekday)
        }

        init(_ time: PyDateTime) {
            self.init(time.year, time.month, time.day, time.hour, time.minute, time.second, weekday: time.weekday)
        }

        /// `datetime.datetime(*tuple[:6])`; nil where Python raises.
        var dateTime: PyDateTime? { PyDateTime(year, month, day, hour, minute, second) }
    }

    /// pdtContext's accuracy flags.
    static let year = 1, month = 2, week = 4, day = 8, halfDay = 16, hour = 32, minute = 64, second = 128, now = 256
    static let date = 15, time = 496

    /// A step Python would raise at (a `datetime` out of range, a group that took no part): jrnl stops there.
    struct Failure: Error {}

    /// `time.localtime()`.
    let now: Tuple
    private var contexts: [Int] = []
    /// Whether the last `parse` took its year from the text (a date with a year), and whether it moved from
    /// today by words (`next`, `3 days`, `yesterday`, a weekday): else the time is partly today's.
    private(set) var yearGiven = false
    private(set) var movedFromToday = false

    init(now: PyDateTime) {
        self.now = Tuple(now)
    }

    /// `parse(text)`: the time it makes of `text` and its accuracy (what it found: a date, a time, both,
    /// nothing); nil where parsedatetime raises.
    func parse(_ text: String) -> (Tuple, accuracy: Int)? {
        contexts = []
        yearGiven = false
        movedFromToday = false
        return try? parse(text, nil)
    }

    // MARK: Words and patterns (pdt_locales/base.py, Constants)

    static let months = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"]
    static let shortMonths = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
    static let weekdayOffsets: [String: Int] = [
        "monday": 0, "tuesday": 1, "wednesday": 2, "thursday": 3, "friday": 4, "saturday": 5, "sunday": 6,
        "mon": 0, "tues": 1, "tue": 1, "wed": 2, "thu": 3, "fri": 4, "sat": 5, "sun": 6,
    ]
    static let numbers: [String: Double] = [
        "zero": 0, "one": 1, "a": 1, "an": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
        "nine": 9, "ten": 10, "eleven": 11, "thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16, "seventeen": 17,
        "eighteen": 18, "nineteen": 19, "twenty": 20,
    ]
    static let units: [(String, [String])] = [
        ("seconds", ["second", "seconds", "sec", "secs", "s"]), ("minutes", ["minute", "minutes", "min", "mins", "m"]),
        ("hours", ["hour", "hours", "hr", "h"]), ("days", ["day", "days", "dy", "d"]), ("weeks", ["week", "weeks", "wk", "w"]),
        ("months", ["month", "months", "mth"]), ("years", ["year", "years", "yr", "y"]),
    ]
    static let modifiers: [String: Int] = [
        "from": 1, "before": -1, "after": 1, "ago": -1, "prior": -1, "prev": -1, "last": -1, "next": 1, "previous": -1,
        "end of": 0, "this": 0, "eod": 1, "eom": 1, "eoy": 1,
    ]
    static let dayOffsets: [String: Int] = ["tomorrow": 1, "today": 0, "yesterday": -1]
    /// `re_sources`: the hour, minute and second each word stands for.
    static let sources: [String: (Int, Int, Int)] = [
        "noon": (12, 0, 0), "afternoon": (13, 0, 0), "lunch": (12, 0, 0), "morning": (6, 0, 0), "breakfast": (8, 0, 0),
        "dinner": (19, 0, 0), "evening": (18, 0, 0), "midnight": (0, 0, 0), "night": (21, 0, 0), "tonight": (21, 0, 0),
        "eod": (17, 0, 0),
    ]
    static let am = ["AM", "A", "A.M.", "am", "a", "a.m."]
    static let pm = ["PM", "P", "P.M.", "pm", "p", "p.m."]
    static let nows = ["now", "right now"]

    private static let numberWords = "zero|one|a|an|two|three|four|five|six|seven|eight|nine|ten|eleven|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty"
    private static let unitWords = "seconds|minutes|second|minute|months|hours|weeks|month|years|secs|mins|hour|days|week|year|sec|min|day|mth|hr|dy|wk|yr|s|m|h|d|w|y"
    static let modifierRE = PythonRegex(#"\b(?:from|before|after|ago|prior|prev|last|next|previous|end\ of|this|eod|eom|eoy)\b"#)
    static let unitsRE = PythonRegex(#"\b(?<qty>-?(?:\d+(?:\.\d+|)|(?:"# + numberWords + #")\b)\s*(?<units>"# + unitWords + #"))\b"#)
    static let qunitsRE = PythonRegex(#"\b(?<qty>-?(?:\d+(?:\.\d+|)|(?:"# + numberWords + #")\s+)\s*(?<qunits>h|m|s|d|w|y))\b"#)
    static let dateRE = PythonRegex(#"([\s(\["'-]|^)(?<date>\d\d?[/\.\-\.]\d\d?(?:[/\.\-\.]\d\d(?:\d\d)?)?|\d{4}[/\.\-\.]\d\d?[/\.\-\.]\d\d?)\b"#)
    static let date2RE = PythonRegex(#"[/\.\-\.]"#)
    static let dayRE = PythonRegex(#"\b(?:tomorrow|today|yesterday)\b"#)
    static let day2RE = PythonRegex(#"(?<day>\d\d?)(?<suffix>rd|st|nd|th)?"#)
    static let weekdayRE = PythonRegex(#"\b(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|mon|tues|tue|wed|thu|fri|sat|sun)\b"#)
    static let timeRE = PythonRegex(#"\b(?:noon|afternoon|lunch|morning|breakfast|dinner|evening|midnight|night|tonight|eod)\b"#)
    static let timeHMSRE = PythonRegex(#"([\s(\["'-]|^)(?<hours>\d\d?)(?<tsep>:|)(?<minutes>\d\d)(?:\k<tsep>(?<seconds>\d\d(?:[\.,]\d+)?))?\b"#)
    static let timeHMS2RE = PythonRegex(
        #"([\s(\["'-]|^)(?<hours>\d\d?)(?:(?<tsep>:|)(?<minutes>\d\d?)(?:\k<tsep>(?<seconds>\d\d?(?:[\.,]\d+)?))?)?\s*(?<meridian>am|pm|a\.m\.|p\.m\.|a|p)\b"#)
    static let numberRE = PythonRegex(#"(\b(?:"# + numberWords + #")\b|\d+(?:\.\d+|))"#)
    static let remainingRE = PythonRegex(#"\s+"#)
    static let dotBeforeSpace = PythonRegex(#"(\w)\.(\s)"#)
    static let quoteAfterWord = PythonRegex(#"(\w)['"](\s|$)"#)
    static let quoteBeforeWord = PythonRegex(#"(\s|^)['"](\w)"#)

    // MARK: Contexts

    private func push() { contexts.append(0) }

    /// The context's accuracy; a nested one's is added to the one around it.
    private func pop() -> Int {
        let accuracy = contexts.removeLast()
        if !contexts.isEmpty { contexts[contexts.count - 1] |= accuracy }
        return accuracy
    }

    private func update(_ flags: Int) {
        if !contexts.isEmpty { contexts[contexts.count - 1] |= flags }
    }

    private var current: Int { contexts.last ?? 0 }

    // MARK: parse

    private func parse(_ text: String, _ sourceTime: Tuple?) throws(Failure) -> (Tuple, accuracy: Int) {
        var string = ParseDateTime.dotBeforeSpace.replacing(text, with: "$1$2")
        string = ParseDateTime.quoteAfterWord.replacing(string, with: "$1 $2")
        string = ParseDateTime.quoteBeforeWord.replacing(string, with: "$1 $2")
        var source = sourceTime ?? now
        push()
        var s = PythonText.strip(string.lowercased())
        do {
            while !s.isEmpty {
                var matched = false
                let methods: [Partial] = [
                    partialModifier, partialUnits, partialQUnits, partialDateString, partialDateStandard, partialDayString, partialWeekday,
                    partialTimeString, partialMeridian, partialTimeStandard,
                ]
                for method in methods {
                    if let (rest, time) = try method(s, source) {
                        s = PythonText.strip(rest)
                        source = time
                        matched = true
                        break
                    }
                }
                if !matched { s = "" }
            }
        } catch {
            _ = pop()
            throw error
        }
        return (source, pop())
    }

    private typealias Partial = (String, Tuple) throws(Failure) -> (String, Tuple)?

    // MARK: Modifiers: next, last, ago, this, end of…

    private func partialModifier(_ s: String, _ source: Tuple) throws(Failure) -> (String, Tuple)? {
        guard let m = ParseDateTime.modifierRE.search(s), let modifier = m.group() else { return nil }
        movedFromToday = true
        if modifier != s {
            return try evalModifier(modifier, PythonText.strip(s.utf16Slice(0, m.start())), PythonText.strip(s.utf16Slice(m.end())), source)
        }
        return try evalModifier(s, "", "", source)
    }

    private func evalModifier(_ modifier: String, _ firstChunk: String, _ secondChunk: String, _ sourceTime: Tuple) throws(Failure) -> (String, Tuple) {
        var chunk1 = firstChunk
        var chunk2 = secondChunk
        var source = sourceTime
        let offset = ParseDateTime.modifiers[modifier] ?? 0
        let (yr, mth, dy, hr, mn, sec, wd) = (source.year, source.month, source.day, source.hour, source.minute, source.second, source.weekday)
        let (startHour, startMinute, startSecond) = (9, 0, 0)
        var unit: String
        if let m = ParseDateTime.remainingRE.search(chunk2) {
            unit = chunk2.utf16Slice(0, m.start())
            chunk2 = chunk2.utf16Slice(m.start() + 1)
        } else {
            unit = chunk2
            chunk2 = ""
        }
        func units(_ name: String) -> [String] { ParseDateTime.units.first { $0.0 == name }?.1 ?? [] }
        if units("months").contains(unit) {
            if offset == 0 {
                source = Tuple(yr, mth, PyDateTime.daysIn(mth, yr), startHour, startMinute, startSecond, weekday: wd)
            } else {
                guard let start = PyDateTime(yr, mth, 1, startHour, startMinute, startSecond) else { throw Failure() }
                source = Tuple(try inc(start, month: Double(offset)))
            }
            update(ParseDateTime.month)
        } else if units("weeks").contains(unit) {
            if offset == 0 {
                guard let start = PyDateTime(yr, mth, dy, 17, 0, 0), let target = start.adding(days: 4 - wd) else { throw Failure() }
                source = Tuple(target)
            } else {
                guard let start = PyDateTime(yr, mth, dy, startHour, startMinute, startSecond), let target = start.adding(days: 7 * offset)
                else { throw Failure() }
                source = Tuple(target)
            }
            update(ParseDateTime.week)
        } else if units("days").contains(unit) {
            if offset == 0 {
                source = Tuple(yr, mth, dy, 17, 0, 0, weekday: wd)
                update(ParseDateTime.halfDay)
            } else {
                guard let start = PyDateTime(yr, mth, dy, startHour, startMinute, startSecond), let target = start.adding(days: offset)
                else { throw Failure() }
                source = Tuple(target)
            }
            update(ParseDateTime.day)
        } else if units("hours").contains(unit) {
            if offset == 0 {
                source = Tuple(yr, mth, dy, hr, 0, 0, weekday: wd)
            } else {
                guard let start = PyDateTime(yr, mth, dy, hr, 0, 0), let target = start.adding(seconds: Double(offset * 3600)) else { throw Failure() }
                source = Tuple(target)
            }
            update(ParseDateTime.hour)
        } else if units("years").contains(unit) {
            if offset == 0 {
                source = Tuple(yr, 12, 31, hr, mn, sec, weekday: wd)
            } else {
                source = Tuple(yr + offset, 1, 1, startHour, startMinute, startSecond, weekday: wd)
            }
            update(ParseDateTime.year)
        } else if modifier == "eom" {
            source = Tuple(yr, mth, PyDateTime.daysIn(mth, yr), startHour, startMinute, startSecond, weekday: wd)
            update(ParseDateTime.day)
        } else if modifier == "eoy" {
            source = Tuple(yr, 12, 31, startHour, startMinute, startSecond, weekday: wd)
            update(ParseDateTime.month)
        } else if let m = ParseDateTime.weekdayRE.match(unit), let name = m.group() {
            if modifier == "eod" {
                update(ParseDateTime.hour)
                source = try parse(name, source).0
                if let (h, mi, se) = ParseDateTime.sources[modifier] {
                    source = Tuple(source.year, source.month, source.day, h, mi, se, weekday: source.weekday)
                    update(ParseDateTime.halfDay)
                }
            } else {
                let relative = !["this", "next", "last", "prior", "previous"].contains(modifier)
                let dowOffset = relative ? 0 : offset
                let diff = ParseDateTime.dayOfWeekDelta(wd, ParseDateTime.weekdayOffsets[name] ?? 0, dowOffset)
                guard let start = PyDateTime(yr, mth, dy, startHour, startMinute, startSecond), var target = start.adding(days: diff)
                else { throw Failure() }
                if !chunk1.isEmpty && relative {
                    // "one day before thursday": chunk1 taken in the modifier's direction.
                    let (t, accuracy) = try parse(chunk1, source)
                    if accuracy != 0 {
                        guard let a = t.dateTime, let b = source.dateTime,
                              let moved = target.adding(seconds: Double(a.microseconds - b.microseconds) / 1_000_000 * Double(offset))
                        else { throw Failure() }
                        target = moved
                        chunk1 = ""
                    }
                }
                source = Tuple(target)
            }
            update(ParseDateTime.day)
        } else if chunk1.isEmpty && chunk2.isEmpty, ParseDateTime.timeRE.match(unit) != nil {
            let (t, _) = try parse(unit, nil)
            guard let start = t.dateTime, let target = start.adding(days: offset) else { throw Failure() }
            source = Tuple(target)
        } else {
            unit = PythonText.strip(unit)
            if !unit.isEmpty {
                var (t, accuracy) = try parse(unit + " " + chunk2, source)
                if accuracy & ParseDateTime.date != 0 {
                    let u = unit.lowercased()
                    if ParseDateTime.months.contains(u) || ParseDateTime.shortMonths.contains(u) {
                        guard let start = t.dateTime else { throw Failure() }
                        t = Tuple(try inc(start, year: Double(offset)))
                    }
                }
                if accuracy != 0 {
                    source = t
                    chunk2 = ""
                }
            }
            chunk1 = PythonText.strip(chunk1)
            if !chunk1.isEmpty {
                // "next 4 hrs": the last number before the modifier, in its direction.
                if let m = ParseDateTime.numberRE.all(chunk1).last {
                    let quantity = ParseDateTime.quantity(m.group() ?? "") * Double(offset)
                    chunk1 = chunk1.utf16Slice(0, m.start()) + PythonText.floatText(quantity) + chunk1.utf16Slice(m.end())
                }
                let (t, accuracy) = try parse(chunk1, source)
                chunk1 = ""
                if accuracy != 0 { source = t }
            }
            if let (h, mi, se) = ParseDateTime.sources[modifier] {
                source = Tuple(source.year, source.month, source.day, h, mi, se, weekday: source.weekday)
                update(ParseDateTime.halfDay)
            }
        }
        return (chunk1 + " " + chunk2, source)
    }

    /// `_CalculateDOWDelta` with jrnl's styles (`DOWParseStyle = -1`, `CurrentDOWParseStyle = False`).
    static func dayOfWeekDelta(_ wd: Int, _ wkdy: Int, _ offset: Int) -> Int {
        let style = -1
        var offset = offset
        if offset == 2 {
            offset = wkdy * style > wd * style ? 0 : style
        }
        var diff = wkdy - wd + 7 * offset
        if diff > 7 { diff -= 7 }
        return diff
    }

    /// `_quantityToReal`: a number or a number's word; 1 when there is none, 0 when it is neither.
    static func quantity(_ text: String) -> Double {
        guard !text.isEmpty else { return 1 }
        let number = text.replacingOccurrences(of: ",", with: ".")
        if number.hasPrefix("-"), let value = PythonText.float(number.dropFirst()) { return -value }
        if let value = PythonText.float(number) { return value }
        return numbers[text] ?? 0
    }

    // MARK: Units: 3 days, a week, 5h

    private func partialUnits(_ s: String, _ source: Tuple) throws(Failure) -> (String, Tuple)? {
        try partialUnits(s, source, ParseDateTime.unitsRE, "units")
    }

    private func partialQUnits(_ s: String, _ source: Tuple) throws(Failure) -> (String, Tuple)? {
        try partialUnits(s, source, ParseDateTime.qunitsRE, "qunits")
    }

    private func partialUnits(_ s: String, _ source: Tuple, _ pattern: PythonRegex, _ key: String) throws(Failure) -> (String, Tuple)? {
        guard let m = pattern.search(s), let qty = m.group("qty") else { return nil }
        // A day's suffix taken for a unit ("31s"t).
        if let m2 = ParseDateTime.day2RE.search(s), let day = m2.group("day"), let unit = m.group(key),
           m.start(key) == m2.start("suffix"), m.start("qty") == m2.start("day"), qty == day + unit {
            return nil
        }
        var rest = ""
        var parseString = s
        if qty != s {
            parseString = qty
            var chunk1 = PythonText.strip(s.utf16Slice(0, m.start("qty")))
            let chunk2 = PythonText.strip(s.utf16Slice(m.end("qty")))
            if chunk1.hasSuffix("-") {
                parseString = "-" + parseString
                chunk1.removeLast()
            }
            rest = chunk1 + " " + chunk2
        }
        let text = PythonText.strip(parseString)
        guard let found = pattern.search(text), let unit = found.group(key) else { throw Failure() }
        movedFromToday = true
        return (rest, try buildTime(source, text.utf16Slice(0, found.start(key)), unit))
    }

    /// `_buildTime` without a modifier: `source` moved by the quantity of the unit.
    private func buildTime(_ source: Tuple, _ quantityText: String, _ unit: String) throws(Failure) -> Tuple {
        let quantity = ParseDateTime.quantity(PythonText.strip(quantityText))
        guard let start = source.dateTime else { throw Failure() }
        let real = ParseDateTime.units.first { $0.1.contains(unit) }?.0 ?? unit
        var target: PyDateTime?
        switch real {
        case "years": target = try? inc(start, year: quantity)
        case "months": target = try? inc(start, month: quantity)
        case "days": target = start.adding(seconds: quantity * 86_400)
        case "hours": target = start.adding(seconds: quantity * 3600)
        case "minutes": target = start.adding(seconds: quantity * 60)
        case "seconds": target = start.adding(seconds: quantity)
        case "weeks": target = start.adding(seconds: quantity * 604_800)
        default: return Tuple(start)
        }
        // Out of Python's years: an OverflowError, passed over (the time stays, nothing is found).
        guard let target else { return Tuple(start) }
        update([
            "years": ParseDateTime.year, "months": ParseDateTime.month, "weeks": ParseDateTime.week, "days": ParseDateTime.day,
            "hours": ParseDateTime.hour, "minutes": ParseDateTime.minute, "seconds": ParseDateTime.second,
        ][real] ?? 0)
        return Tuple(target)
    }

    /// `inc`: months and years added as a calendar adds them (the day kept, or the month's last).
    private func inc(_ source: PyDateTime, month: Double = 0, year: Double = 0) throws(Failure) -> PyDateTime {
        var (yr, mth, dy) = (source.year, source.month, source.day)
        let months = month + year * 12
        var fraction = 0.0
        var maxDay = 0
        if months != 0 {
            guard abs(months) < 1e9 else { throw Failure() }
            let whole = Int(months)
            fraction = months - Double(whole)
            var y = Int(Double(whole) / 12)
            let m = whole - y * 12
            mth += m
            if mth < 1 {
                y -= 1
                mth += 12
            } else if mth > 12 {
                y += 1
                mth -= 12
            }
            yr += y
            maxDay = PyDateTime.daysIn(mth, yr)
            dy = min(dy, maxDay)
        }
        guard (1...9999).contains(yr),
              var moved = PyDateTime(yr, mth, dy, source.hour, source.minute, source.second, microsecond: source.microsecond)
        else { throw Failure() }
        if fraction != 0 {
            guard let later = moved.adding(seconds: fraction * Double(maxDay) * 86_400) else { throw Failure() }
            moved = later
        }
        return moved
    }

    // MARK: Dates: June 9th 2013, 06/09/2013

    private func partialDateString(_ s: String, _ source: Tuple) throws(Failure) -> (String, Tuple)? {
        guard let m = DateThree.search(s) else { return nil }
        var parseString = s
        var rest = ""
        if m.date != s {
            let start = m.start
            var end = m.end
            var time: PythonRegex.Match?
            var fTime = false
            time = ParseDateTime.timeHMS2RE.search(s)
            if time != nil, m.year != nil {
                fTime = true
            } else {
                time = ParseDateTime.timeHMSRE.search(s)
                if time != nil, m.year == nil { fTime = true }
            }
            if fTime, let time, time.start("hours") < m.yearEnd { end = time.start("hours") }
            parseString = s.utf16Slice(start, end)
            rest = s.utf16Slice(0, start) + " " + s.utf16Slice(end)
        }
        guard !parseString.isEmpty else { return nil }
        return (rest, try parseDateText(PythonText.strip(parseString), source))
    }

    /// `parseDateText`: a month's name with a day and a year, or without them.
    private func parseDateText(_ text: String, _ source: Tuple) throws(Failure) -> Tuple {
        var (yr, mth, dy) = (source.year, source.month, source.day)
        let (currentMonth, currentDay) = (mth, dy)
        guard let m = DateThree.search(text.lowercased()), let name = m.monthName else { throw Failure() }
        mth = (ParseDateTime.months.firstIndex(of: name) ?? ParseDateTime.shortMonths.firstIndex(of: name) ?? 0) + 1
        var accuracy = ParseDateTime.month
        if let day = m.day {
            guard let value = PythonText.int(day) else { throw Failure() }
            dy = value
            accuracy |= ParseDateTime.day
        } else {
            dy = 1
        }
        if let year = m.year {
            guard let value = PythonText.int(year) else { throw Failure() }
            yr = value < 50 ? value + 2000 : value < 100 ? value + 1900 : value
            accuracy |= ParseDateTime.year
            if dy > 0, dy <= PyDateTime.daysIn(mth, yr) { yearGiven = true }
        } else if mth < currentMonth || (mth == currentMonth && dy < currentDay) {
            yr += 1  // YearParseStyle: a day that has passed this year is next year's
        }
        if dy > 0, dy <= PyDateTime.daysIn(mth, yr) {
            update(accuracy)
            return Tuple(yr, mth, dy, source.hour, source.minute, source.second, weekday: source.weekday)
        }
        return now  // an invalid date: the current time
    }

    private func partialDateStandard(_ s: String, _ source: Tuple) throws(Failure) -> (String, Tuple)? {
        guard let m = ParseDateTime.dateRE.search(s), let date = m.group("date") else { return nil }
        var rest = ""
        var parseString = s
        if date != s {
            parseString = date
            rest = s.utf16Slice(0, m.start("date")) + " " + s.utf16Slice(m.end("date"))
        }
        return (rest, try parseDate(PythonText.strip(parseString), source))
    }

    /// `parseDate`: `05/28/2006`, `2006-05-28`, `04.21` (month first; a first number above 31 is a year).
    private func parseDate(_ text: String, _ source: Tuple) throws(Failure) -> Tuple {
        var (yr, mth, dy) = (source.year, source.month, source.day)
        var (v1, v2, v3) = (-1, -1, -1)
        var s = text
        func int(_ t: String) throws(Failure) -> Int {
            guard let v = PythonText.int(PythonText.strip(t)) else { throw Failure() }
            return v
        }
        if let m = ParseDateTime.date2RE.search(s) {
            v1 = try int(s.utf16Slice(0, m.start()))
            s = s.utf16Slice(m.start() + 1)
        }
        if let m = ParseDateTime.date2RE.search(s) {
            v2 = try int(s.utf16Slice(0, m.start()))
            v3 = try int(s.utf16Slice(m.start() + 1))
        } else {
            v2 = try int(s)
        }
        var d: [Character: Int] = ["m": mth, "d": dy, "y": yr]
        let order: [Character] = v1 <= 31 ? ["m", "d", "y"] : ["y", "m", "d"]
        var accuracy = 0
        for (n, c) in zip([v1, v2, v3], order) where n >= 0 {
            d[c] = n
            accuracy |= c == "m" ? ParseDateTime.month : c == "d" ? ParseDateTime.day : ParseDateTime.year
        }
        let (dm, dd, dyear) = (d["m"] ?? 0, d["d"] ?? 0, d["y"] ?? 0)
        yr = v3 == -1 && (mth > dm || (mth == dm && dy > dd)) ? dyear + 1 : dyear
        mth = dm
        dy = dd
        if yr < 50 { yr += 2000 } else if yr < 100 { yr += 1900 }
        if (1...12).contains(mth), dy > 0, dy <= PyDateTime.daysIn(mth, yr) {
            if accuracy & ParseDateTime.year != 0 { yearGiven = true }
            update(accuracy)
            return Tuple(yr, mth, dy, source.hour, source.minute, source.second, weekday: source.weekday)
        }
        return now  // an invalid date: the current time
    }

    // MARK: Days and weekdays: yesterday, friday

    private func partialDayString(_ s: String, _ source: Tuple) throws(Failure) -> (String, Tuple)? {
        guard let m = ParseDateTime.dayRE.search(s), let word = m.group() else { return nil }
        var rest = ""
        var parseString = s
        if word != s {
            parseString = word
            rest = s.utf16Slice(0, m.start()) + " " + s.utf16Slice(m.end())
        }
        let offset = ParseDateTime.dayOffsets[PythonText.strip(parseString)] ?? 0
        update(ParseDateTime.day)
        movedFromToday = true
        guard let start = PyDateTime(source.year, source.month, source.day, 9, 0, 0), let target = start.adding(days: offset) else { throw Failure() }
        return (rest, Tuple(target))
    }

    private func partialWeekday(_ s: String, _ source: Tuple) throws(Failure) -> (String, Tuple)? {
        guard let m = ParseDateTime.weekdayRE.search(s), let word = m.group(), ParseDateTime.dayOffsets[s] == nil else { return nil }
        var rest = ""
        var parseString = s
        if word != s {
            parseString = word
            rest = s.utf16Slice(0, m.start()) + " " + s.utf16Slice(m.end())
        }
        // A weekday after a date is read past.
        guard current & ParseDateTime.date == 0 else { return (rest, source) }
        let weekday = ParseDateTime.weekdayOffsets[PythonText.strip(parseString)] ?? 0
        let days = ParseDateTime.dayOfWeekDelta(source.weekday, weekday, 2)
        update(ParseDateTime.day)
        movedFromToday = true
        guard let start = source.dateTime, let target = start.adding(days: days) else { throw Failure() }
        return (rest, Tuple(target))
    }

    // MARK: Times: noon, now, 3pm, 15:39

    private func partialTimeString(_ s: String, _ source: Tuple) throws(Failure) -> (String, Tuple)? {
        let m = ParseDateTime.timeRE.search(s)
        guard m != nil || ParseDateTime.nows.contains(s) else { return nil }
        var rest = ""
        var parseString = s
        if let m, let word = m.group(), word != s {
            parseString = word
            rest = s.utf16Slice(0, m.start()) + " " + s.utf16Slice(m.end())
        }
        let word = PythonText.strip(parseString)
        var time = source
        if ParseDateTime.nows.contains(word) {
            update(ParseDateTime.now)
        } else {
            if let (h, mi, se) = ParseDateTime.sources[word] { time = Tuple(time.year, time.month, time.day, h, mi, se, weekday: time.weekday) }
            update(ParseDateTime.halfDay)
        }
        return (rest, time)
    }

    private func partialMeridian(_ s: String, _ source: Tuple) throws(Failure) -> (String, Tuple)? {
        guard let m = ParseDateTime.timeHMS2RE.search(s), let hours = m.group("hours"), let meridian = m.group("meridian") else { return nil }
        var parseString = hours
        if let minutes = m.group("minutes") {
            parseString += ":" + minutes + (m.group("seconds").map { ":" + $0 } ?? "")
        }
        parseString += " " + meridian
        let rest = s.utf16Slice(0, m.start()) + " " + s.utf16Slice(m.end())
        // _evalMeridian
        let text = PythonText.strip(parseString)
        var (hr, mn, sec) = (source.hour, source.minute, source.second)
        let found = ParseDateTime.timeHMS2RE.search(text)
        if let found {
            let before = PythonText.strip(text.utf16Slice(0, found.start("meridian")))
            if before.unicodeScalars.count <= 2 {
                guard let hour = PythonText.int(before) else { throw Failure() }
                (hr, mn, sec) = (hour, 0, 0)
            } else {
                (hr, mn, sec) = try ParseDateTime.extractTime(found)
            }
            if hr == 24 { hr = 0 }
            let word = (found.group("meridian") ?? "").lowercased()
            if ParseDateTime.am.contains(word) && hr == 12 { hr = 0 }
            if ParseDateTime.pm.contains(word) && hr < 12 { hr += 12 }
        }
        var time = source
        if hr < 24, mn < 60, sec < 60 {
            time = Tuple(source.year, source.month, source.day, hr, mn, sec, weekday: source.weekday)
            if let found { update(ParseDateTime.timeAccuracy(found)) }
        }
        return (rest, time)
    }

    private func partialTimeStandard(_ s: String, _ source: Tuple) throws(Failure) -> (String, Tuple)? {
        guard let m = ParseDateTime.timeHMSRE.search(s), let hours = m.group("hours"), let minutes = m.group("minutes") else { return nil }
        var parseString = hours + ":" + minutes
        var end = m.end("minutes")
        if let seconds = m.group("seconds") {
            parseString += ":" + seconds
            end = m.end("seconds")
        }
        let rest = s.utf16Slice(0, m.start("hours")) + " " + s.utf16Slice(end)
        // _evalTimeStd
        var (hr, mn, sec) = (source.hour, source.minute, source.second)
        let found = ParseDateTime.timeHMSRE.search(PythonText.strip(parseString))
        if let found { (hr, mn, sec) = try ParseDateTime.extractTime(found) }
        if hr == 24 { hr = 0 }
        var time = source
        if hr < 24, mn < 60, sec < 60 {
            time = Tuple(source.year, source.month, source.day, hr, mn, sec, weekday: source.weekday)
            if let found { update(ParseDateTime.timeAccuracy(found)) }
        }
        return (rest, time)
    }

    /// `_extract_time`: hours, minutes and whole seconds of a time's match.
    private static func extractTime(_ m: PythonRegex.Match) throws(Failure) -> (Int, Int, Int) {
        guard let hoursText = m.group("hours"), !hoursText.isEmpty else { return (0, 0, 0) }
        guard let hours = PythonText.int(hoursText), let minutesText = m.group("minutes"), let minutes = PythonText.int(minutesText)
        else { throw Failure() }
        var seconds = 0
        if let text = m.group("seconds"), !text.isEmpty {
            let whole = text.replacingOccurrences(of: ",", with: ".").split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)[0]
            guard let value = PythonText.int(whole) else { throw Failure() }
            seconds = value
        }
        return (hours, minutes, seconds)
    }

    /// `_pop_time_accuracy`.
    private static func timeAccuracy(_ m: PythonRegex.Match) -> Int {
        (m.group("hours")?.isEmpty == false ? hour : 0) | (m.group("minutes")?.isEmpty == false ? minute : 0)
            | (m.group("seconds")?.isEmpty == false ? second : 0)
    }
}

/// parsedatetime's `RE_DATE3`, a month's name with a day and a year in any order (`may 23rd, 2005`, `23 may`,
/// `july 2006`), searched as Python's `re` searches it. The pattern ends in a condition ICU does not have
/// (`(?(mthname)|$-^)`: no match without a month's name), so it is walked here, alternative by alternative,
/// in the order Python's backtracking tries them.
struct DateThree {
    /// The match (`date`), in UTF-16 offsets.
    var start: Int
    var end: Int
    var date: String
    var monthName: String?
    var day: String?
    var year: String?
    /// `m.end('year')`, -1 without a year.
    var yearEnd: Int

    private struct Captures {
        var month: (Int, Int)?
        var day: (Int, Int)?
        var year: (Int, Int)?
    }

    static func search(_ text: String) -> DateThree? {
        let s = Array(text.unicodeScalars)
        // UTF-16 offset of each scalar, and of the end.
        var offsets: [Int] = []
        var at = 0
        for c in s {
            offsets.append(at)
            at += c.utf16.count
        }
        offsets.append(at)
        func word(_ i: Int) -> Bool { i >= 0 && i < s.count && PythonText.isWord(s[i]) }
        func boundary(_ i: Int) -> Bool { word(i - 1) != word(i) }
        func space(_ i: Int) -> Bool { i < s.count && PythonText.isSpace(s[i]) }
        func digit(_ i: Int) -> Bool { i < s.count && s[i].properties.numericType == .decimal }
        func lower(_ from: Int, _ count: Int) -> String {
            String(String.UnicodeScalarView(s[from..<min(s.count, from + count)])).lowercased()
        }
        /// `(?:^|\s+)` at `p`: where it may end, in the order tried.
        func lead(_ p: Int) -> [Int] {
            var ends: [Int] = p == 0 ? [p] : []
            var q = p
            while space(q) { q += 1 }
            if q > p { ends += (p + 1...q).reversed() }
            return ends
        }
        /// `(?!\s*(?::|am|pm))`.
        func notTime(_ p: Int) -> Bool {
            var q = p
            while space(q) { q += 1 }
            if q < s.count, s[q] == ":" { return false }
            return !(lower(q, 2) == "am" || lower(q, 2) == "pm")
        }
        /// One repetition at `p`: each way it can match, in the order tried.
        func alternatives(_ p: Int, _ captures: Captures) -> [(Int, Captures)] {
            var found: [(Int, Captures)] = []
            for q in lead(p) {
                for name in ParseDateTime.months + ParseDateTime.shortMonths where lower(q, name.unicodeScalars.count) == name {
                    let end = q + name.unicodeScalars.count
                    if boundary(end) {
                        var c = captures
                        c.month = (q, end)
                        found.append((end, c))
                    }
                }
            }
            for q in lead(p) {
                // [1-9] | [012]\d | 3[01]
                var days: [Int] = []
                if q < s.count, let v = s[q].properties.numericValue, digit(q), v >= 1, v <= 9, s[q].isASCII { days.append(q + 1) }
                if q + 1 < s.count, digit(q + 1), ["0", "1", "2"].contains(s[q]) { days.append(q + 2) }
                if q + 1 < s.count, s[q] == "3", s[q + 1] == "0" || s[q + 1] == "1" { days.append(q + 2) }
                for dayEnd in days {
                    for suffix in ["rd", "st", "nd", "th", ""] where suffix.isEmpty || lower(dayEnd, 2) == suffix {
                        let end = dayEnd + suffix.count
                        guard boundary(end), notTime(end) else { continue }
                        var c = captures
                        c.day = (q, dayEnd)
                        found.append((end, c))
                    }
                }
            }
            // ,?\s+(\d\d(?:\d\d|))\b
            var starts: [Int] = []
            if p < s.count, s[p] == "," { starts.append(p + 1) }
            starts.append(p)
            for afterComma in starts {
                var q = afterComma
                while space(q) { q += 1 }
                guard q > afterComma else { continue }
                for spaceEnd in (afterComma + 1...q).reversed() where digit(spaceEnd) && digit(spaceEnd + 1) {
                    for length in [4, 2] where (0..<length).allSatisfy({ digit(spaceEnd + $0) }) {
                        let end = spaceEnd + length
                        guard boundary(end), notTime(end) else { continue }
                        var c = captures
                        c.year = (spaceEnd, end)
                        found.append((end, c))
                    }
                }
            }
            return found
        }
        /// `(?:…){1,3}` greedy from `p` after `count` repetitions, then the condition: the first path, in
        /// backtracking order, that holds a month's name.
        func repeatFrom(_ p: Int, _ count: Int, _ captures: Captures) -> (Int, Captures)? {
            for (end, c) in alternatives(p, captures) {
                if count + 1 < 3, let longer = repeatFrom(end, count + 1, c) { return longer }
                if c.month != nil { return (end, c) }
            }
            return nil
        }
        for start in 0...s.count {
            guard let (end, c) = repeatFrom(start, 0, Captures()) else { continue }
            func text(_ r: (Int, Int)?) -> String? { r.map { String(String.UnicodeScalarView(s[$0.0..<$0.1])) } }
            return DateThree(
                start: offsets[start], end: offsets[end], date: String(String.UnicodeScalarView(s[start..<end])),
                monthName: text(c.month)?.lowercased(), day: text(c.day), year: text(c.year), yearEnd: c.year.map { offsets[$0.1] } ?? -1)
        }
        return nil
    }
}
