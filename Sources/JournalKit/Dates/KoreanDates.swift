import Foundation

/// Korean dates, read by rewriting them into the English words `DateGrammar` already understands:
/// `어제 오후 9시` is `yesterday 9:00pm`, `2025년 3월 1일` is `2025-3-1`, `3일 전` is `3 days ago`,
/// `지난 금요일` is `last friday`. One grammar then checks and resolves both languages, so an
/// impossible Korean date (`2019년 2월 29일`) gets the same error as its English twin.
///
/// Spaces between the parts are optional, as Koreans often leave them out (`3일전`, `2025년3월1일`,
/// `지난주`). Text without Hangul passes unchanged, except the Korean locale's dotted date
/// (`2025. 3. 1.`), which becomes `2025-3-1`. Text that is not understood is returned in a form
/// the grammar refuses, so its usual error names the original text.
enum KoreanDates {
    static func canonical(_ text: String) -> String {
        let dotted = undot(text)
        guard dotted.unicodeScalars.contains(where: isHangul) else { return dotted }
        guard let pieces = lex(dotted) else { return "?" }
        return translate(pieces) ?? "?"
    }

    private static func isHangul(_ scalar: Unicode.Scalar) -> Bool {
        (0xAC00...0xD7A3).contains(scalar.value)
    }

    /// `2025. 3. 1.` (how dates print under a Korean locale) as `2025-3-1`.
    private static func undot(_ text: String) -> String {
        guard text.contains("."),
              let pattern = try? NSRegularExpression(pattern: #"^(\d{4})\.\s*(\d{1,2})\.\s*(\d{1,2})\.?(?=\s|$)"#)
        else { return text }
        let range = NSRange(text.startIndex..., in: text)
        return pattern.stringByReplacingMatches(in: text, range: range, withTemplate: "$1-$2-$3")
    }

    // MARK: Pieces

    private enum Piece: Equatable {
        /// A number with the counter after it: `3일`, `2025년`, `9시`.
        case count(Int, String)
        /// A Korean word from `words`.
        case word(String)
        /// Anything else, passed on as typed: `21:30`, `2025-03-01`, `9pm`.
        case other(String)
    }

    /// Counters that follow a number, longest first so `개월` is not read as `개`.
    private static let counters = ["개월", "주일", "시간", "년", "월", "일", "주", "달", "시", "분", "초"]

    /// The Korean words the grammar knows, longest first.
    private static let words = [
        "그저께", "지난해", "월요일", "화요일", "수요일", "목요일", "금요일", "토요일", "일요일",
        "그제", "오늘", "어제", "내일", "모레", "지금", "지난", "저번", "이번", "올해", "금년", "작년",
        "오전", "오후", "아침", "새벽", "저녁", "정오", "자정", "밤", "낮", "전", "후", "뒤", "주", "달", "해", "반",
    ]

    private static func lex(_ text: String) -> [Piece]? {
        let characters = Array(text)
        var pieces: [Piece] = []
        var index = 0
        func starts(with word: String, at position: Int) -> Bool {
            let word = Array(word)
            return position + word.count <= characters.count && Array(characters[position..<position + word.count]) == word
        }
        func hangul(_ character: Character) -> Bool {
            character.unicodeScalars.contains(where: isHangul)
        }
        while index < characters.count {
            let character = characters[index]
            if character.isWhitespace {
                index += 1
            } else if hangul(character) {
                guard let word = words.first(where: { starts(with: $0, at: index) }) else { return nil }
                pieces.append(.word(word))
                index += word.count
            } else {
                var end = index
                while end < characters.count, !characters[end].isWhitespace, !hangul(characters[end]) { end += 1 }
                let run = String(characters[index..<end])
                index = end
                guard run.allSatisfy({ $0.isASCII && $0.isWholeNumber }), run.count <= 6, let number = Int(run) else {
                    pieces.append(.other(run))
                    continue
                }
                var next = index
                while next < characters.count, characters[next].isWhitespace { next += 1 }
                guard let counter = counters.first(where: { starts(with: $0, at: next) }) else {
                    pieces.append(.other(run))
                    continue
                }
                pieces.append(.count(number, counter))
                index = next + counter.count
            }
        }
        return pieces
    }

    // MARK: Translation

    private static let weekdays = [
        "월요일": "monday", "화요일": "tuesday", "수요일": "wednesday", "목요일": "thursday",
        "금요일": "friday", "토요일": "saturday", "일요일": "sunday",
    ]

    private static let months = [
        "january", "february", "march", "april", "may", "june",
        "july", "august", "september", "october", "november", "december",
    ]

    /// The English for a run of pieces; nil when they do not make a date.
    private static func translate(_ pieces: [Piece]) -> String? {
        var out: [String] = []
        var index = 0
        func peek(_ offset: Int = 0) -> Piece? {
            index + offset < pieces.count ? pieces[index + offset] : nil
        }
        while let piece = peek() {
            switch piece {
            case .count(let number, let counter):
                // `3일 전`, `2주 후`: a distance from today.
                if case .word(let direction)? = peek(1), ["전", "후", "뒤"].contains(direction) {
                    guard let unit = ["일": "days", "주": "weeks", "주일": "weeks", "개월": "months", "달": "months",
                                      "년": "years", "시간": "hours", "분": "minutes", "초": "seconds"][counter]
                    else { return nil }
                    out.append(direction == "전" ? "\(number) \(unit) ago" : "in \(number) \(unit)")
                    index += 2
                } else if ["년", "월", "일"].contains(counter) {
                    guard let date = calendarDate(pieces, &index) else { return nil }
                    out.append(date)
                } else if counter == "시" {
                    guard let time = clock(meridiem: nil, pieces, &index) else { return nil }
                    out.append(time)
                } else {
                    return nil
                }
            case .word(let word):
                index += 1
                switch word {
                case "오늘": out.append("today")
                case "어제": out.append("yesterday")
                case "그저께", "그제": out.append("2 days ago")
                case "내일": out.append("tomorrow")
                case "모레": out.append("in 2 days")
                case "지금": out.append("now")
                case "올해", "금년": out.append("this year")
                case "작년", "지난해": out.append("last year")
                case "정오": out.append("noon")
                case "자정": out.append("midnight")
                case "지난", "저번", "이번":
                    let which = word == "이번" ? "this" : "last"
                    guard case .word(let next)? = peek() else { return nil }
                    index += 1
                    if let weekday = weekdays[next], which == "last" {
                        out.append("last \(weekday)")
                    } else if next == "주" {
                        out.append("\(which) week")
                    } else if next == "달" {
                        out.append("\(which) month")
                    } else if next == "해" {
                        out.append("\(which) year")
                    } else {
                        return nil
                    }
                case "오전", "아침", "새벽", "오후", "저녁", "밤", "낮":
                    let meridiem = ["오전", "아침", "새벽"].contains(word) ? "am" : "pm"
                    if case .other(let time)? = peek() {  // `오후 9:30`
                        out.append(time + meridiem)
                        index += 1
                    } else {
                        guard let time = clock(meridiem: meridiem, pieces, &index) else { return nil }
                        out.append(time)
                    }
                default:
                    guard let weekday = weekdays[word] else { return nil }
                    out.append(weekday)
                }
            case .other(let text):
                out.append(text)
                index += 1
            }
        }
        return out.joined(separator: " ")
    }

    /// `2025년 3월 1일`, `2025년 3월`, `2025년`, `3월 1일`, `3월`, from `index` on.
    private static func calendarDate(_ pieces: [Piece], _ index: inout Int) -> String? {
        var fields: [String: Int] = [:]
        for counter in ["년", "월", "일"] {
            guard index < pieces.count, case .count(let number, counter) = pieces[index] else { continue }
            fields[counter] = number
            index += 1
        }
        switch (fields["년"], fields["월"], fields["일"]) {
        case let (year?, month?, day?): return "\(year)-\(month)-\(day)"
        case let (year?, month?, nil): return "\(year)-\(month)"
        case let (year?, nil, nil): return "\(year)"
        case let (nil, month?, day?) where (1...12).contains(month): return "\(months[month - 1]) \(day)"
        case let (nil, month?, nil) where (1...12).contains(month): return months[month - 1]
        default: return nil
        }
    }

    /// `9시`, `9시 30분`, `9시 반`, `9시 30분 15초`, with `am`/`pm` when a word like `오후` came first.
    private static func clock(meridiem: String?, _ pieces: [Piece], _ index: inout Int) -> String? {
        guard index < pieces.count, case .count(let hour, "시") = pieces[index] else { return nil }
        index += 1
        var minute = 0
        var second: Int?
        if index < pieces.count, case .count(let value, "분") = pieces[index] {
            minute = value
            index += 1
            if index < pieces.count, case .count(let value, "초") = pieces[index] {
                second = value
                index += 1
            }
        } else if index < pieces.count, pieces[index] == .word("반") {
            minute = 30
            index += 1
        }
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(hour):\(two(minute))" + (second.map { ":\(two($0))" } ?? "") + (meridiem ?? "")
    }
}
