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
    /// `year` is this year where the reader is: `올해`, `작년`, `재작년` name calendar years, so
    /// `작년 12월 31일` is a day and `재작년` a whole year.
    static func canonical(_ text: String, year: Int) -> String {
        let dotted = undot(text)
        guard dotted.unicodeScalars.contains(where: isHangul) else { return dotted }
        guard let pieces = lex(dotted, year: year) else { return "?" }
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
        "그저께", "월요일", "화요일", "수요일", "목요일", "금요일", "토요일", "일요일",
        "그제", "오늘", "어제", "내일", "모레", "지금", "지난", "저번", "이번", "다음",
        "오전", "오후", "아침", "새벽", "점심", "저녁", "정오", "자정", "밤", "낮", "전", "후", "뒤", "주", "달", "해", "반",
    ]

    /// Words that are a count with its counter: native day counts (`이틀` is two days) and `일주일`.
    private static let countWords: [(String, Int, String)] = [
        ("일주일", 1, "주일"), ("이주일", 2, "주일"), ("하루", 1, "일"), ("이틀", 2, "일"), ("사흘", 3, "일"),
        ("나흘", 4, "일"), ("닷새", 5, "일"), ("엿새", 6, "일"), ("이레", 7, "일"), ("열흘", 10, "일"),
    ]

    /// Native Korean numbers, which count months, weeks, years and hours (`두 달`, `세 시`), longest first.
    private static let nativeNumbers: [(String, Int)] = [
        ("열한", 11), ("열두", 12), ("다섯", 5), ("여섯", 6), ("일곱", 7), ("여덟", 8), ("아홉", 9),
        ("한", 1), ("두", 2), ("세", 3), ("네", 4), ("열", 10),
    ]

    /// The counters a native number may have after it.
    private static let nativeCounters = ["주일", "시간", "달", "주", "해", "시"]

    /// Calendar years by their Korean names, as years back from this one.
    private static let yearWords: [(String, Int)] = [("재작년", 2), ("지난해", 1), ("작년", 1), ("올해", 0), ("금년", 0)]

    private static func lex(_ text: String, year: Int) -> [Piece]? {
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
        /// `두 달` at `position`: the number, its counter and where they end.
        func nativeCount(at position: Int) -> (Int, String, Int)? {
            guard let (word, number) = nativeNumbers.first(where: { starts(with: $0.0, at: position) }) else { return nil }
            var next = position + word.count
            while next < characters.count, characters[next].isWhitespace { next += 1 }
            guard let counter = nativeCounters.first(where: { starts(with: $0, at: next) }) else { return nil }
            return (number, counter, next + counter.count)
        }
        while index < characters.count {
            let character = characters[index]
            if character.isWhitespace {
                index += 1
            } else if hangul(character) {
                if let (word, back) = yearWords.first(where: { starts(with: $0.0, at: index) }) {
                    pieces.append(.count(year - back, "년"))
                    index += word.count
                } else if let (word, number, counter) = countWords.first(where: { starts(with: $0.0, at: index) }) {
                    pieces.append(.count(number, counter))
                    index += word.count
                } else if let (number, counter, end) = nativeCount(at: index) {
                    pieces.append(.count(number, counter))
                    index = end
                } else {
                    guard let word = words.first(where: { starts(with: $0, at: index) }) else { return nil }
                    pieces.append(.word(word))
                    index += word.count
                }
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
                                      "년": "years", "해": "years", "시간": "hours", "분": "minutes", "초": "seconds"][counter]
                    else { return nil }
                    out.append(direction == "전" ? "\(number) \(unit) ago" : "in \(number) \(unit)")
                    index += 2
                } else if ["년", "월", "일"].contains(counter) {
                    guard let date = calendarDate(pieces, &index) else { return nil }
                    out.append(date)
                } else if counter == "시" {
                    guard let time = clock(part: nil, pieces, &index) else { return nil }
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
                case "정오": out.append("noon")
                case "자정": out.append("midnight")
                case "지난", "저번", "이번", "다음":
                    let which = ["이번": "this", "다음": "next"][word] ?? "last"
                    guard case .word(let next)? = peek() else { return nil }
                    index += 1
                    if let weekday = weekdays[next] {
                        // `지난 금요일`: the latest before today; `이번 금요일`: this week's.
                        out.append(which == "this" ? "this week \(weekday)" : "\(which) \(weekday)")
                    } else if next == "주" {
                        // `지난주 화요일`: that week's Tuesday.
                        if case .word(let day)? = peek(), let weekday = weekdays[day] {
                            out.append("\(which) week \(weekday)")
                            index += 1
                        } else {
                            out.append("\(which) week")
                        }
                    } else if next == "달" {
                        out.append("\(which) month")
                    } else if next == "해" {
                        out.append("\(which) year")
                    } else {
                        return nil
                    }
                case _ where dayParts[word] != nil:
                    if case .other(let time)? = peek() {  // `오후 9:30`
                        guard let time = clockText(time, part: word) else { return nil }
                        out.append(time)
                        index += 1
                    } else if case .count(_, "시")? = peek() {
                        guard let time = clock(part: word, pieces, &index) else { return nil }
                        out.append(time)
                    } else {
                        // `어제 저녁`: the part of the day, at its usual hour.
                        out.append(dayParts[word] ?? "")
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

    /// The parts of a day, and the hour each means said alone (`어제 저녁` is 19:00).
    private static let dayParts = [
        "새벽": "05:00", "아침": "08:00", "오전": "10:00", "점심": "12:00", "낮": "14:00", "오후": "15:00",
        "저녁": "19:00", "밤": "22:00",
    ]

    /// `hour` said after the part of the day `part`, on the 24-hour clock; nil when the part has no such
    /// hour. `밤 12시` is midnight and `밤 1시` one in the morning, `오전 0시` is 00:00, `점심 1시` is 13:00.
    private static func hour(_ hour: Int, in part: String) -> Int? {
        switch (part, hour) {
        case ("새벽", 12), ("오전", 12), ("아침", 12), ("저녁", 12), ("밤", 12), ("밤", 0): 0
        case ("새벽", 0...11), ("오전", 0...11), ("아침", 0...11), ("밤", 1...5): hour
        case ("점심", 10...12), ("낮", 10...12), ("오후", 12...23), ("저녁", 13...23), ("밤", 13...23): hour
        case ("점심", 1...5), ("낮", 0...6), ("오후", 1...11), ("저녁", 1...11), ("밤", 6...11): hour + 12
        case ("오후", 0): 12
        default: nil
        }
    }

    /// `9:30` said after a part of the day (`오후 9:30`), on the 24-hour clock; text the grammar refuses
    /// stays as typed so that its error names it.
    private static func clockText(_ text: String, part: String) -> String? {
        let fields = text.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        guard fields.count == 2, let hour = Int(fields[0]) else { return text }
        guard let hour24 = Self.hour(hour, in: part) ?? (hour > 23 ? hour : nil) else { return nil }
        return "\(hour24):\(fields[1])"
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

    /// `9시`, `9시 30분`, `9시 반`, `9시 30분 15초`, on the 24-hour clock of the day-part `part` (`오후`, `밤`…).
    /// Nil for an hour the part does not have (`오전 15시`); an hour past 23 is passed on for the grammar to name.
    private static func clock(part: String?, _ pieces: [Piece], _ index: inout Int) -> String? {
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
        var hour24 = hour
        if let part {
            guard let hour = Self.hour(hour, in: part) ?? (hour > 23 ? hour : nil) else { return nil }
            hour24 = hour
        }
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(hour24):\(two(minute))" + (second.map { ":\(two($0))" } ?? "")
    }
}
