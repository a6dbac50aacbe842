import Foundation

/// Python 3's `datetime.strptime(text, format)` in the C locale (jrnl sets none), which jrnl 4.6 tries first on
/// every date with the journal's `timeformat` (jrnl/journals/Journal.py `_parse`). The directives a jrnl
/// format uses are read (`%Y %y %m %d %H %I %M %S %f %p %b %B %a %A %%`); a format with a directive Python
/// does not know (`%F`, `%r`, `%T`: the default `%F %r` among them) never reads a date, as in Python, and
/// jrnl goes on to its parsers. A format with one Python reads and this does not (`%j`, `%U`, `%z`…) is
/// left to the parsers too (`reads` says so).
struct PythonStrptime {
    let format: String

    private static let months = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"]
    private static let weekdays = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]

    /// Each directive's pattern, as `_strptime.TimeRE` writes it.
    private static func pattern(_ directive: Character) -> String? {
        func names(_ list: [String]) -> String {
            "(" + list.sorted { $0.count > $1.count }.map { NSRegularExpression.escapedPattern(for: $0) }.joined(separator: "|") + ")"
        }
        switch directive {
        case "d": return #"(3[0-1]|[1-2]\d|0[1-9]|[1-9]| [1-9])"#
        case "f": return #"([0-9]{1,6})"#
        case "H": return #"(2[0-3]|[0-1]\d|\d)"#
        case "I": return #"(1[0-2]|0[1-9]|[1-9])"#
        case "m": return #"(1[0-2]|0[1-9]|[1-9])"#
        case "M": return #"([0-5]\d|\d)"#
        case "S": return #"(6[0-1]|[0-5]\d|\d)"#
        case "y": return #"(\d\d)"#
        case "Y": return #"(\d\d\d\d)"#
        case "p": return names(["am", "pm"])
        case "b": return names(months.map { String($0.prefix(3)) })
        case "B": return names(months)
        case "a": return names(weekdays.map { String($0.prefix(3)) })
        case "A": return names(weekdays)
        default: return nil
        }
    }

    /// The directives Python knows that this does not read.
    private static let unread: Set<Character> = ["G", "j", "U", "W", "w", "u", "V", "z", "Z", "c", "x", "X"]

    /// The format as a regular expression and the directive of each group; nil when Python refuses the
    /// format (a directive it does not know), or it holds one this does not read.
    private var compiled: (NSRegularExpression, [Character])? {
        var pattern = ""
        var directives: [Character] = []
        var literal = ""
        func flush() {
            // Regular-expression characters escaped; a run of spaces is \s+.
            var escaped = ""
            var inSpace = false
            for c in literal.unicodeScalars {
                if PythonText.isSpace(c) {
                    if !inSpace { escaped += #"\s+"# }
                    inSpace = true
                    continue
                }
                inSpace = false
                escaped += NSRegularExpression.escapedPattern(for: String(c))
            }
            pattern += escaped
            literal = ""
        }
        var characters = format.makeIterator()
        while let c = characters.next() {
            guard c == "%" else {
                literal.append(c)
                continue
            }
            guard let directive = characters.next() else { return nil }
            if directive == "%" {
                literal.append("%")
                continue
            }
            flush()
            guard !PythonStrptime.unread.contains(directive), let part = PythonStrptime.pattern(directive) else { return nil }
            pattern += part
            directives.append(directive)
        }
        flush()
        guard let expression = try? NSRegularExpression(pattern: "^" + pattern, options: [.caseInsensitive]) else { return nil }
        return (expression, directives)
    }

    /// Whether Python reads some dates with this format (it knows every directive) and this reads them alike.
    var reads: Bool { compiled != nil }

    /// The time `text` is in this format; nil where Python raises (no match, text left over, no such day).
    func parse(_ text: String) -> PyDateTime? {
        guard let (expression, directives) = compiled else { return nil }
        let string = text as NSString
        guard let match = expression.firstMatch(in: text, range: NSRange(location: 0, length: string.length)),
              match.range.length == string.length
        else { return nil }
        var year: Int?
        var month = 1
        var day = 1
        var hour = 0
        var minute = 0
        var second = 0
        var fraction = 0
        var twelve: Int?
        var ampm: String?
        for (n, directive) in directives.enumerated() {
            let value = string.substring(with: match.range(at: n + 1))
            let number = PythonText.int(value.trimmingCharacters(in: .whitespaces))
            let name = value.lowercased()
            switch directive {
            case "Y": year = number
            case "y": year = number.map { $0 <= 68 ? $0 + 2000 : $0 + 1900 }
            case "m": month = number ?? 1
            case "d": day = number ?? 1
            case "H": hour = number ?? 0
            case "I": twelve = number
            case "M": minute = number ?? 0
            case "S": second = number ?? 0
            case "f": fraction = PythonText.int(value.padding(toLength: 6, withPad: "0", startingAt: 0)) ?? 0
            case "p": ampm = name
            case "b": month = (PythonStrptime.months.firstIndex { $0.hasPrefix(name) } ?? 0) + 1
            case "B": month = (PythonStrptime.months.firstIndex(of: name) ?? 0) + 1
            default: break  // a weekday's name is checked by the pattern and otherwise unused
            }
        }
        if let twelve {
            hour = twelve
            if ampm == nil || ampm == "am" {
                if hour == 12 { hour = 0 }
            } else if hour != 12 {
                hour += 12
            }
        }
        // `datetime(...)`: a day the month lacks, or a second of 60 or 61, is refused.
        return PyDateTime(year ?? 1900, month, day, hour, minute, second, microsecond: fraction)
    }
}
