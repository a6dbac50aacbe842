/// python-dateutil 2.9's `parser.parse` with its default `parserinfo` (month first, not fuzzy), as jrnl 4.6's
/// `time.parse` calls it (dateutil/parser/_parser.py `_timelex`, `_parse`, `_parse_numeric_token`, `_ymd`,
/// `_build_naive`): the first reader of a jrnl date that its `timeformat` does not read. Ported line by line,
/// so that every date jrnl reads here reads the same; a time zone named in the text is read past and left
/// out (jrnl keeps the wall time as written). Nil wherever dateutil raises.
struct DateutilParser {
    /// The current year, for two-digit years (`convertyear`: within 50 years of it).
    let currentYear: Int

    private struct Result {
        var year: Int?
        var month: Int?
        var day: Int?
        var weekday: Int?
        var hour: Int?
        var minute: Int?
        var second: Int?
        var microsecond: Int?
        var tzname: String?
        var tzoffset: Int?
        var ampm: Int?
        var centurySpecified = false
    }

    private struct Failure: Error {}

    /// `len(res)`: whether any field was found (a text of jumps alone holds no date).
    private static func hasAnything(_ res: Result) -> Bool {
        res.year != nil || res.month != nil || res.day != nil || res.weekday != nil || res.hour != nil || res.minute != nil
            || res.second != nil || res.microsecond != nil || res.tzname != nil || res.tzoffset != nil || res.ampm != nil
    }

    /// `parse(text, default=default)`, naive: nil where dateutil raises.
    func parse(_ text: String, default base: PyDateTime) -> PyDateTime? {
        guard let result = try? parseFields(text), DateutilParser.hasAnything(result) else { return nil }
        return build(result, base)
    }

    // MARK: Tokens

    /// `_timelex.split`: runs of letters, runs of digits, each other character alone; dots and commas inside
    /// numbers and words kept until the context says what they are.
    static func tokens(_ text: String) -> [String] {
        let chars = Array(text.unicodeScalars.filter { $0 != "\0" })
        var position = 0
        var stack: [String] = []
        var out: [String] = []
        var pending: [Unicode.Scalar] = []
        func nextChar() -> Unicode.Scalar? {
            if !pending.isEmpty { return pending.removeFirst() }
            guard position < chars.count else { return nil }
            defer { position += 1 }
            return chars[position]
        }
        while true {
            if !stack.isEmpty {
                out.append(stack.removeFirst())
                continue
            }
            var seenLetters = false
            var token: [Unicode.Scalar]?
            var state: Character?
            while let c = nextChar() {
                guard let current = state else {
                    token = [c]
                    if PythonText.isAlpha(c) {
                        state = "a"
                    } else if PythonText.isDigit(c) {
                        state = "0"
                    } else {
                        if PythonText.isSpace(c) { token = [" "] }
                        break
                    }
                    continue
                }
                if current == "a" {
                    seenLetters = true
                    if PythonText.isAlpha(c) {
                        token?.append(c)
                    } else if c == "." {
                        token?.append(c)
                        state = "A"  // 'a.'
                    } else {
                        pending.append(c)
                        break
                    }
                } else if current == "0" {
                    if PythonText.isDigit(c) {
                        token?.append(c)
                    } else if c == "." || (c == "," && (token?.count ?? 0) >= 2) {
                        token?.append(c)
                        state = "D"  // '0.'
                    } else {
                        pending.append(c)
                        break
                    }
                } else if current == "A" {
                    seenLetters = true
                    if c == "." || PythonText.isAlpha(c) {
                        token?.append(c)
                    } else if PythonText.isDigit(c), token?.last == "." {
                        token?.append(c)
                        state = "D"
                    } else {
                        pending.append(c)
                        break
                    }
                } else {  // '0.'
                    if c == "." || PythonText.isDigit(c) {
                        token?.append(c)
                    } else if PythonText.isAlpha(c), token?.last == "." {
                        token?.append(c)
                        state = "A"
                    } else {
                        pending.append(c)
                        break
                    }
                }
            }
            guard var word = token else { break }
            let dots = word.filter { $0 == "." }.count
            if state == "A" || state == "D", seenLetters || dots > 1 || word.last == "." || word.last == "," {
                // re.split("([.,])", token): the parts and the separators between them.
                var parts: [String] = []
                var current = String.UnicodeScalarView()
                for c in word {
                    if c == "." || c == "," {
                        parts.append(String(current))
                        parts.append(String(c))
                        current = String.UnicodeScalarView()
                    } else {
                        current.append(c)
                    }
                }
                parts.append(String(current))
                word = Array(parts[0].unicodeScalars)
                stack += parts.dropFirst().filter { !$0.isEmpty }
            }
            var string = String(String.UnicodeScalarView(word))
            if state == "D", !word.contains(".") { string = string.replacingOccurrences(of: ",", with: ".") }
            out.append(string)
        }
        return out
    }

    // MARK: parserinfo

    static let jumps: Set<String> = [" ", ".", ",", ";", "-", "/", "'", "at", "on", "and", "ad", "m", "t", "of", "st", "nd", "rd", "th"]
    static let weekdays: [String: Int] = {
        var names: [String: Int] = [:]
        for (i, pair) in [("mon", "monday"), ("tue", "tuesday"), ("wed", "wednesday"), ("thu", "thursday"), ("fri", "friday"),
                          ("sat", "saturday"), ("sun", "sunday")].enumerated() {
            names[pair.0] = i
            names[pair.1] = i
        }
        return names
    }()
    static let months: [String: Int] = {
        let names = [["jan", "january"], ["feb", "february"], ["mar", "march"], ["apr", "april"], ["may"], ["jun", "june"],
                     ["jul", "july"], ["aug", "august"], ["sep", "sept", "september"], ["oct", "october"], ["nov", "november"],
                     ["dec", "december"]]
        var table: [String: Int] = [:]
        for (i, group) in names.enumerated() { for name in group { table[name] = i + 1 } }
        return table
    }()
    static let hms: [String: Int] = ["h": 0, "hour": 0, "hours": 0, "m": 1, "minute": 1, "minutes": 1, "s": 2, "second": 2, "seconds": 2]
    static let ampm: [String: Int] = ["am": 0, "a": 0, "pm": 1, "p": 1]
    static let utcZones = ["UTC", "GMT", "Z", "z"]

    private static func jump(_ t: String) -> Bool { jumps.contains(t.lowercased()) }
    private static func weekday(_ t: String) -> Int? { weekdays[t.lowercased()] }
    private static func month(_ t: String) -> Int? { months[t.lowercased()] }
    private static func hmsIndex(_ t: String) -> Int? { hms[t.lowercased()] }
    private static func ampmIndex(_ t: String) -> Int? { ampm[t.lowercased()] }

    /// `convertyear`: a two-digit year within 50 years of this one.
    private func convertYear(_ year: Int, centurySpecified: Bool) -> Int {
        guard year < 100, !centurySpecified else { return year }
        var year = year + currentYear / 100 * 100
        if year >= currentYear + 50 {
            year -= 100
        } else if year < currentYear - 50 {
            year += 100
        }
        return year
    }

    // MARK: _ymd

    private struct YMD {
        var values: [Int] = []
        var centurySpecified = false
        var dstridx: Int?
        var mstridx: Int?
        var ystridx: Int?

        /// `append` of a string token: more than two digits is a year.
        mutating func append(text: String, label: Character? = nil) throws(Failure) {
            var label = label
            if text.unicodeScalars.allSatisfy(PythonText.isDigit), text.unicodeScalars.count > 2 {
                centurySpecified = true
                guard label == nil || label == "Y" else { throw Failure() }
                label = "Y"
            }
            guard let value = PythonText.int(text) else { throw Failure() }
            try store(value, label)
        }

        /// `append` of a number: more than 100 is a year.
        mutating func append(number: Double, label: Character? = nil) throws(Failure) {
            var label = label
            if number > 100 {
                centurySpecified = true
                guard label == nil || label == "Y" else { throw Failure() }
                label = "Y"
            }
            guard number.isFinite, abs(number) < 1e15 else { throw Failure() }
            try store(Int(number), label)
        }

        private mutating func store(_ value: Int, _ label: Character?) throws(Failure) {
            values.append(value)
            switch label {
            case "M":
                guard mstridx == nil else { throw Failure() }
                mstridx = values.count - 1
            case "D":
                guard dstridx == nil else { throw Failure() }
                dstridx = values.count - 1
            case "Y":
                guard ystridx == nil else { throw Failure() }
                ystridx = values.count - 1
            default: break
            }
        }

        func couldBeDay(_ value: Double) -> Bool {
            if dstridx != nil { return false }
            guard let m = mstridx else { return 1 <= value && value <= 31 }
            let month = values[m]
            guard (1...12).contains(month) else { return false }
            let year = ystridx.map { values[$0] } ?? 2000
            return 1 <= value && value <= Double(PyDateTime.daysIn(month, year))
        }

        func resolve() throws(Failure) -> (Int?, Int?, Int?) {
            var strids: [Character: Int] = [:]
            if let ystridx { strids["y"] = ystridx }
            if let mstridx { strids["m"] = mstridx }
            if let dstridx { strids["d"] = dstridx }
            let count = values.count
            if (count == strids.count && count > 0) || (count == 3 && strids.count == 2) {
                if count == 3 && strids.count == 2 {
                    let missing = (0..<3).first { !strids.values.contains($0) } ?? 0
                    let key = (["y", "m", "d"] as [Character]).first { strids[$0] == nil } ?? "d"
                    strids[key] = missing
                }
                return (strids["y"].map { values[$0] }, strids["m"].map { values[$0] }, strids["d"].map { values[$0] })
            }
            var (year, month, day): (Int?, Int?, Int?) = (nil, nil, nil)
            let v = values
            if count > 3 { throw Failure() }
            if count == 1 || (mstridx != nil && count == 2) {
                let other: Int
                if let m = mstridx {
                    month = v[m]
                    other = v[m == 0 ? count - 1 : m - 1]
                } else {
                    other = v[0]
                }
                if count > 1 || mstridx == nil {
                    if other > 31 { year = other } else { day = other }
                }
            } else if count == 2 {
                if v[0] > 31 {
                    (year, month) = (v[0], v[1])
                } else if v[1] > 31 {
                    (month, year) = (v[0], v[1])
                } else {
                    (month, day) = (v[0], v[1])
                }
            } else if count == 3 {
                switch mstridx {
                case 0:
                    if v[1] > 31 { (month, year, day) = (v[0], v[1], v[2]) } else { (month, day, year) = (v[0], v[1], v[2]) }
                case 1:
                    if v[0] > 31 { (year, month, day) = (v[0], v[1], v[2]) } else { (day, month, year) = (v[0], v[1], v[2]) }
                case 2:
                    if v[1] > 31 { (day, year, month) = (v[0], v[1], v[2]) } else { (year, day, month) = (v[0], v[1], v[2]) }
                default:
                    if v[0] > 31 || ystridx == 0 {
                        (year, month, day) = (v[0], v[1], v[2])
                    } else if v[0] > 12 {
                        (day, month, year) = (v[0], v[1], v[2])
                    } else {
                        (month, day, year) = (v[0], v[1], v[2])
                    }
                }
            }
            return (year, month, day)
        }
    }

    // MARK: _parse

    private func parseFields(_ text: String) throws(Failure) -> Result {
        var res = Result()
        var l = DateutilParser.tokens(text)
        var ymd = YMD()
        let count = l.count
        func at(_ i: Int) throws(Failure) -> String {
            guard i < l.count else { throw Failure() }
            return l[i]
        }
        var i = 0
        while i < count {
            let token = l[i]
            if ["inf", "infinity", "nan"].contains(token.lowercased()) {
                throw Failure()  // float() reads them, Decimal refuses them: an unknown numeric token
            }
            if PythonText.float(token) != nil {
                i = try numericToken(&l, i, &ymd, &res)
            } else if let weekday = DateutilParser.weekday(token) {
                res.weekday = weekday
            } else if let month = DateutilParser.month(token) {
                try ymd.append(number: Double(month), label: "M")
                if i + 1 < count {
                    if l[i + 1] == "-" || l[i + 1] == "/" {
                        let separator = l[i + 1]
                        try ymd.append(text: try at(i + 2))
                        if i + 3 < count, l[i + 3] == separator {
                            try ymd.append(text: try at(i + 4))
                            i += 2
                        }
                        i += 2
                    } else if i + 4 < count, l[i + 1] == " ", l[i + 3] == " ", l[i + 2].lowercased() == "of" {
                        if !l[i + 4].isEmpty, l[i + 4].unicodeScalars.allSatisfy(PythonText.isDigit) {
                            guard let value = PythonText.int(l[i + 4]) else { throw Failure() }
                            try ymd.append(text: String(convertYear(value, centurySpecified: false)), label: "Y")
                        }
                        i += 4
                    }
                }
            } else if let value = DateutilParser.ampmIndex(token) {
                guard let hour = res.hour else { throw Failure() }  // no hour before am/pm
                guard (0...12).contains(hour) else { throw Failure() }
                res.hour = DateutilParser.adjust(hour, value)
                res.ampm = value
            } else if couldBeTZName(res, token) {
                res.tzname = token
                res.tzoffset = DateutilParser.utcZones.contains(token) && token.lowercased() == token ? 0 : nil
                if i + 1 < count, l[i + 1] == "+" || l[i + 1] == "-" {
                    l[i + 1] = l[i + 1] == "+" ? "-" : "+"
                    res.tzoffset = nil
                    if DateutilParser.utcZones.map({ $0.lowercased() }).contains(token.lowercased()) { res.tzname = nil }
                }
            } else if res.hour != nil, token == "+" || token == "-" {
                let next = try at(i + 1)
                let length = next.unicodeScalars.count
                let hours: Int
                let minutes: Int
                if length == 4 {
                    guard let h = PythonText.int(next.prefix(2)), let m = PythonText.int(next.dropFirst(2)) else { throw Failure() }
                    (hours, minutes) = (h, m)
                } else if i + 2 < count, l[i + 2] == ":" {
                    guard let h = PythonText.int(next), let m = PythonText.int(try at(i + 3)) else { throw Failure() }
                    (hours, minutes) = (h, m)
                    i += 2
                } else if length <= 2 {
                    guard let h = PythonText.int(next.prefix(2)) else { throw Failure() }
                    (hours, minutes) = (h, 0)
                } else {
                    throw Failure()
                }
                res.tzoffset = (token == "+" ? 1 : -1) * (hours * 3600 + minutes * 60)
                // `-0300 (BRST)`: a zone's name in parentheses.
                if i + 5 < count, DateutilParser.jump(l[i + 2]), l[i + 3] == "(", l[i + 5] == ")", l[i + 4].unicodeScalars.count >= 3,
                   couldBeTZName(Result(hour: res.hour, tzname: res.tzname), l[i + 4]) {
                    res.tzname = l[i + 4]
                    i += 4
                }
                i += 1
            } else if !DateutilParser.jump(token) {
                throw Failure()
            }
            i += 1
        }
        let (year, month, day) = try ymd.resolve()
        res.centurySpecified = ymd.centurySpecified
        res.year = year.map { convertYear($0, centurySpecified: ymd.centurySpecified) }
        if let y = year, y < 0 { throw Failure() }
        res.month = month
        res.day = day
        return res
    }

    private func couldBeTZName(_ res: Result, _ token: String) -> Bool {
        res.hour != nil && res.tzname == nil && res.tzoffset == nil && token.unicodeScalars.count <= 5
            && (token.unicodeScalars.allSatisfy { ("A"..."Z").contains($0) } || DateutilParser.utcZones.contains(token))
    }

    private static func adjust(_ hour: Int, _ ampm: Int) -> Int {
        if hour < 12 && ampm == 1 { return hour + 12 }
        if hour == 12 && ampm == 0 { return 0 }
        return hour
    }

    /// `_parse_numeric_token`: where the number at `idx` belongs; the index of the last token it used.
    private func numericToken(_ tokens: inout [String], _ start: Int, _ ymd: inout YMD, _ res: inout Result) throws(Failure) -> Int {
        var idx = start
        let valueRepr = tokens[idx]
        guard let value = PythonText.float(valueRepr) else { throw Failure() }
        let length = valueRepr.unicodeScalars.count
        let count = tokens.count
        func int(_ s: some StringProtocol) throws(Failure) -> Int {
            guard let v = PythonText.int(s) else { throw Failure() }
            return v
        }
        let s = Array(valueRepr.unicodeScalars)
        func slice(_ from: Int, _ to: Int? = nil) -> String {
            let end = min(to ?? s.count, s.count)
            return from >= end ? "" : String(String.UnicodeScalarView(s[from..<end]))
        }
        if ymd.values.count == 3, length == 2 || length == 4, res.hour == nil,
           idx + 1 >= count || (tokens[idx + 1] != ":" && DateutilParser.hmsIndex(tokens[idx + 1]) == nil) {
            // 19990101T23[59]
            res.hour = try int(slice(0, 2))
            if length == 4 { res.minute = try int(slice(2)) }
        } else if length == 6 || (length > 6 && s.firstIndex(of: ".") == 6) {
            // YYMMDD or HHMMSS[.ss]
            if ymd.values.isEmpty, !s.contains(".") {
                try ymd.append(text: slice(0, 2))
                try ymd.append(text: slice(2, 4))
                try ymd.append(text: slice(4))
            } else {
                res.hour = try int(slice(0, 2))
                res.minute = try int(slice(2, 4))
                (res.second, res.microsecond) = try DateutilParser.seconds(slice(4))
            }
        } else if length == 8 || length == 12 || length == 14 {
            // YYYYMMDD[HHMM[SS]]: a number with a dot in it is a str that is no digit and is compared with 100
            guard !s.contains(".") else { throw Failure() }
            try ymd.append(text: slice(0, 4), label: "Y")
            try ymd.append(text: slice(4, 6))
            try ymd.append(text: slice(6, 8))
            if length > 8 {
                res.hour = try int(slice(8, 10))
                res.minute = try int(slice(10, 12))
                if length > 12 { res.second = try int(slice(12)) }
            }
        } else if let hmsIdx = findHMS(idx, tokens, allowJump: true) {
            // HH[ ]h or MM[ ]m or SS[.ss][ ]s
            let hms: Int
            if hmsIdx > idx {
                hms = DateutilParser.hmsIndex(tokens[hmsIdx]) ?? 0
                idx = hmsIdx
            } else {
                hms = (DateutilParser.hmsIndex(tokens[hmsIdx]) ?? 0) + 1
            }
            switch hms {
            case 0:
                res.hour = Int(value)
                let fraction = value.truncatingRemainder(dividingBy: 1)
                if fraction != 0 { res.minute = Int(60 * fraction) }
            case 1:
                (res.minute, res.second) = DateutilParser.minuteSecond(value)
            case 2:
                (res.second, res.microsecond) = try DateutilParser.seconds(valueRepr)
            default: break  // 3: a label after seconds is none
            }
        } else if idx + 2 < count, tokens[idx + 1] == ":" {
            // HH:MM[:SS[.ss]]
            res.hour = Int(value)
            guard let minutes = PythonText.float(tokens[idx + 2]) else { throw Failure() }
            (res.minute, res.second) = DateutilParser.minuteSecond(minutes)
            if idx + 4 < count, tokens[idx + 3] == ":" {
                (res.second, res.microsecond) = try DateutilParser.seconds(tokens[idx + 4])
                idx += 2
            }
            idx += 2
        } else if idx + 1 < count, ["-", "/", "."].contains(tokens[idx + 1]) {
            let separator = tokens[idx + 1]
            try ymd.append(text: valueRepr)
            if idx + 2 < count, !DateutilParser.jump(tokens[idx + 2]) {
                if tokens[idx + 2].unicodeScalars.allSatisfy(PythonText.isDigit), !tokens[idx + 2].isEmpty {
                    // 01-01[-01]
                    try ymd.append(text: tokens[idx + 2])
                } else if let month = DateutilParser.month(tokens[idx + 2]) {
                    // 01-Jan[-01]
                    try ymd.append(number: Double(month), label: "M")
                } else {
                    throw Failure()
                }
                if idx + 3 < count, tokens[idx + 3] == separator {
                    // We have three members
                    guard idx + 4 < count else { throw Failure() }
                    if let month = DateutilParser.month(tokens[idx + 4]) {
                        try ymd.append(number: Double(month), label: "M")
                    } else {
                        try ymd.append(text: tokens[idx + 4])
                    }
                    idx += 2
                }
                idx += 1
            }
            idx += 1
        } else if idx + 1 >= count || DateutilParser.jump(tokens[idx + 1]) {
            if idx + 2 < count, let ampm = DateutilParser.ampmIndex(tokens[idx + 2]) {
                // 12 am
                res.hour = DateutilParser.adjust(Int(value), ampm)
                idx += 1
            } else {
                // Year, month or day
                try ymd.append(number: value)
            }
            idx += 1
        } else if let ampm = DateutilParser.ampmIndex(tokens[idx + 1]), value >= 0, value < 24 {
            // 12am
            res.hour = DateutilParser.adjust(Int(value), ampm)
            idx += 1
        } else if ymd.couldBeDay(value) {
            try ymd.append(number: value)
        } else {
            throw Failure()
        }
        return idx
    }

    private func findHMS(_ idx: Int, _ tokens: [String], allowJump: Bool) -> Int? {
        let count = tokens.count
        if idx + 1 < count, DateutilParser.hmsIndex(tokens[idx + 1]) != nil { return idx + 1 }
        if allowJump, idx + 2 < count, tokens[idx + 1] == " ", DateutilParser.hmsIndex(tokens[idx + 2]) != nil { return idx + 2 }
        if idx > 0, DateutilParser.hmsIndex(tokens[idx - 1]) != nil { return idx - 1 }
        if idx > 1, idx == count - 1, tokens[idx - 1] == " ", DateutilParser.hmsIndex(tokens[idx - 2]) != nil { return idx - 2 }
        return nil
    }

    private static func minuteSecond(_ value: Double) -> (Int, Int?) {
        let fraction = value.truncatingRemainder(dividingBy: 1)
        return (Int(value), fraction != 0 ? Int(60 * fraction) : nil)
    }

    /// `_parsems`: `I[.F]` seconds as seconds and microseconds.
    private static func seconds(_ text: String) throws(Failure) -> (Int?, Int?) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count <= 2, let whole = PythonText.int(parts[0]) else { throw Failure() }
        guard parts.count == 2 else { return (whole, 0) }
        let digits = String(parts[1]).padding(toLength: max(6, parts[1].count), withPad: "0", startingAt: 0).prefix(6)
        guard let fraction = PythonText.int(digits) else { throw Failure() }
        return (whole, fraction)
    }

    // MARK: _build_naive

    private func build(_ res: Result, _ base: PyDateTime) -> PyDateTime? {
        var year = res.year ?? base.year
        var month = res.month ?? base.month
        var day = res.day ?? base.day
        if res.day == nil, (1...12).contains(res.month ?? base.month) {
            day = min(day, PyDateTime.daysIn(month, year))
        }
        year = res.year ?? year
        month = res.month ?? month
        guard var built = PyDateTime(
            year, month, day, res.hour ?? base.hour, res.minute ?? base.minute, res.second ?? base.second,
            microsecond: res.microsecond ?? base.microsecond)
        else { return nil }
        if let weekday = res.weekday, res.day == nil || res.day == 0 {
            // relativedelta(weekday=…): that weekday, today or the next.
            guard let moved = built.adding(days: (7 - built.weekday + weekday) % 7) else { return nil }
            built = moved
        }
        return built
    }
}
