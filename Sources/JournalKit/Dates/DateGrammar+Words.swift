import Foundation

extension DateGrammar {
    /// The English words the grammar reads (input vocabulary, not output text).
    enum Words {
        enum Unit { case day, week, month, year }

        /// Units of the clock, in seconds: `10 minutes ago`.
        static func clockUnit(_ word: String) -> Int? {
            switch word {
            case "second", "seconds", "sec", "secs": 1
            case "minute", "minutes", "min", "mins": 60
            case "hour", "hours": 3600
            default: nil
            }
        }

        static func unit(_ word: String) -> Unit? {
            switch word {
            case "day", "days": .day
            case "week", "weeks": .week
            case "month", "months": .month
            case "year", "years": .year
            default: nil
            }
        }

        static func weekday(_ word: String) -> Int? {
            switch word {
            case "monday", "mon": 1
            case "tuesday", "tue", "tues": 2
            case "wednesday", "wed": 3
            case "thursday", "thu", "thur", "thurs": 4
            case "friday", "fri": 5
            case "saturday", "sat": 6
            case "sunday", "sun": 7
            default: nil
            }
        }

        static func month(_ word: String) -> Int? {
            switch word {
            case "january", "jan": 1
            case "february", "feb": 2
            case "march", "mar": 3
            case "april", "apr": 4
            case "may": 5
            case "june", "jun": 6
            case "july", "jul": 7
            case "august", "aug": 8
            case "september", "sep", "sept": 9
            case "october", "oct": 10
            case "november", "nov": 11
            case "december", "dec": 12
            default: nil
            }
        }
    }

    /// A cursor over lowercased text; digits are ASCII only.
    struct Cursor {
        private let characters: [Character]
        private(set) var index = 0

        init(_ text: some StringProtocol) {
            characters = Array(text)
        }

        var atEnd: Bool { index == characters.count }
        var peek: Character? { atEnd ? nil : characters[index] }
        var rest: Substring { Substring(String(characters[index...])) }

        mutating func advance() { index += 1 }

        func text(from start: Int) -> String { String(characters[start..<index]) }

        mutating func take(_ word: String) -> Bool {
            let word = Array(word)
            guard characters.count - index >= word.count,
                  Array(characters[index..<index + word.count]) == word
            else { return false }
            index += word.count
            return true
        }

        mutating func skipWhitespace() {
            while let next = peek, next.isWhitespace { index += 1 }
        }

        /// The longest run of ASCII digits here, if its length is within `count`; otherwise
        /// nothing is consumed.
        mutating func digits(_ count: ClosedRange<Int>) -> String? {
            var end = index
            while end < characters.count, characters[end].isASCII, characters[end].isWholeNumber { end += 1 }
            guard count.contains(end - index) else { return nil }
            defer { index = end }
            return String(characters[index..<end])
        }

        mutating func number(digits count: ClosedRange<Int>) -> Int? {
            digits(count).flatMap { Int($0) }
        }

        /// Exactly the next two characters, when both are ASCII digits (`+0900` is `09`, `00`).
        mutating func twoDigits() -> Int? {
            guard characters.count - index >= 2,
                  characters[index...index + 1].allSatisfy({ $0.isASCII && $0.isWholeNumber })
            else { return nil }
            defer { index += 2 }
            return Int(String(characters[index...index + 1]))
        }
    }
}
