import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A locale's medium date and short time (`Dec 29, 2025 at 10:27 PM`), written without ICU: the pattern and
/// the names ICU gives for it, taken once per locale and kept in the user's cache folder. Starting ICU (its
/// data, the locale's resources) cost every `list`, `show` or `today` under `LANG=en_US.UTF-8` about 5 ms,
/// more than the rest of the command.
///
/// `DateFormatter` stays the reference: a style is kept only when it wrote 64 dates exactly as the formatter
/// did, else the cache says so and the formatter is used, as before. The cache is made again by a build of
/// the tool other than the one that wrote it (its ICU may differ).
struct LocaleDateStyle: Equatable, Sendable {
    /// The formatter's pattern (`MMM d, y 'at' h:mm a`).
    let pattern: String
    let months: [String]
    let shortMonths: [String]
    let weekdays: [String]
    let shortWeekdays: [String]
    let am: String
    let pm: String
    /// The pattern read (`pieces(of:)`); nil when `format` cannot write it.
    private let pieces: [Piece]?

    init(pattern: String, months: [String], shortMonths: [String], weekdays: [String], shortWeekdays: [String], am: String, pm: String) {
        (self.pattern, self.months, self.shortMonths, self.weekdays, self.shortWeekdays, self.am, self.pm) =
            (pattern, months, shortMonths, weekdays, shortWeekdays, am, pm)
        pieces = LocaleDateStyle.pieces(of: pattern)
    }

    /// The formatter `DateText` falls back on, and that a style is taken from.
    static func formatter(_ locale: Locale) -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = locale
        formatter.dateStyle = .medium
        formatter.timeStyle = .short
        return formatter
    }

    /// The style of `formatter`, when it writes the dates it was tried on exactly as the formatter does.
    static func taken(from formatter: DateFormatter) -> LocaleDateStyle? {
        let style = LocaleDateStyle(
            pattern: formatter.dateFormat, months: formatter.monthSymbols, shortMonths: formatter.shortMonthSymbols,
            weekdays: formatter.weekdaySymbols, shortWeekdays: formatter.shortWeekdaySymbols,
            am: formatter.amSymbol, pm: formatter.pmSymbol)
        guard style.isWellFormed else { return nil }
        formatter.timeZone = TimeZone(secondsFromGMT: 0)
        for stamp in trials {
            guard style.format(stamp) == formatter.string(from: stamp.date) else { return nil }
        }
        return style
    }

    /// Every month and weekday, days of one and two digits, hours either side of noon and midnight, minutes of
    /// one and two digits, years of both centuries.
    static let trials: [Timestamp] = (0..<64).map { i in
        let year = [2025, 2026, 1999, 2009][i % 4]
        let month = i % 12 + 1
        let day = [1, 9, 10, 28, 12, 20, 5][i % 7]
        let hour = [0, 1, 11, 12, 13, 23, 9, 21][i % 8]
        let minute = [0, 5, 59, 30][i / 16]
        let seconds = LocalDay(year: year, month: month, day: day).map { Double($0.daysSinceEpoch) * 86_400 } ?? 0
        return Timestamp(date: Date(timeIntervalSince1970: seconds + Double(hour * 3600 + minute * 60)), offsetSeconds: 0)
    }

    private var isWellFormed: Bool {
        months.count == 12 && shortMonths.count == 12 && weekdays.count == 7 && shortWeekdays.count == 7
            && (months + shortMonths + weekdays + shortWeekdays + [am, pm, pattern]).allSatisfy { name in
                !name.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F || $0 == "\t" }
            }
            && pieces != nil
    }

    /// Whether `format` writes `stamp` as the formatter would: not an offset with seconds (historical zones:
    /// the formatter's zone is made to the minute), nor a day before 1600 (its calendar is Julian before
    /// October 1582).
    static func writes(_ stamp: Timestamp) -> Bool {
        stamp.offsetSeconds % 60 == 0 && (1600...9999).contains(stamp.parts.year)
    }

    /// `stamp` in its own local time.
    func format(_ stamp: Timestamp) -> String {
        let p = stamp.parts
        var out = ""
        for piece in pieces ?? [] {
            switch piece {
            case let .text(text): out += text
            case let .field(letter, count):
                switch letter {
                case "y": out += count == 2 ? (p.year % 100).zeroPadded(2) : p.year.zeroPadded(count)
                case "M": out += count >= 4 ? months[p.month - 1] : count == 3 ? shortMonths[p.month - 1] : p.month.zeroPadded(count)
                case "d": out += p.day.zeroPadded(count)
                case "E":
                    // Sunday first, as the formatter's names; 1970-01-01 was a Thursday.
                    let days = LocalDay(year: p.year, month: p.month, day: p.day)?.daysSinceEpoch ?? 0
                    let weekday = ((days + 4) % 7 + 7) % 7
                    out += count >= 4 ? weekdays[weekday] : shortWeekdays[weekday]
                case "h": out += (p.hour % 12 == 0 ? 12 : p.hour % 12).zeroPadded(count)
                case "H": out += p.hour.zeroPadded(count)
                case "m": out += p.minute.zeroPadded(count)
                case "s": out += p.second.zeroPadded(count)
                default: out += p.hour < 12 ? am : pm  // "a"
                }
            }
        }
        return out
    }

    enum Piece: Equatable {
        case text(String)
        case field(Character, Int)
    }

    /// The pattern cut into literal text and fields; nil when it holds a field `format` does not write (an
    /// era, a standalone month, a time zone…), which leaves the locale to the formatter.
    static func pieces(of pattern: String) -> [Piece]? {
        var pieces: [Piece] = []
        let characters = Array(pattern)
        var i = 0
        var text = ""
        while i < characters.count {
            let c = characters[i]
            if c == "'" {
                // 'quoted text'; '' is one quote.
                if i + 1 < characters.count, characters[i + 1] == "'" {
                    text.append("'")
                    i += 2
                    continue
                }
                var j = i + 1
                while j < characters.count {
                    if characters[j] == "'" {
                        if j + 1 < characters.count, characters[j + 1] == "'" {
                            text.append("'")
                            j += 2
                            continue
                        }
                        break
                    }
                    text.append(characters[j])
                    j += 1
                }
                guard j < characters.count else { return nil }
                i = j + 1
                continue
            }
            guard c.isASCII, c.isLetter else {
                text.append(c)
                i += 1
                continue
            }
            var count = 1
            while i + count < characters.count, characters[i + count] == c { count += 1 }
            let allowed: [Character: ClosedRange<Int>] = ["y": 1...4, "M": 1...4, "d": 1...2, "E": 1...4, "h": 1...2, "H": 1...2, "m": 1...2, "s": 1...2, "a": 1...1]
            guard let range = allowed[c], range.contains(count) else { return nil }
            if !text.isEmpty { pieces.append(.text(text)) }
            text = ""
            pieces.append(.field(c, count))
            i += count
        }
        if !text.isEmpty { pieces.append(.text(text)) }
        return pieces
    }

    // MARK: The cache

    /// The style of `locale` from the cache, or taken now (and kept): nil when the formatter must write this
    /// locale's dates itself.
    static func of(_ identifier: String) -> LocaleDateStyle? {
        let file = cacheFile(identifier)
        let build = JournalContext.programIdentity
        if let file, let build, let text = FileSystem.contents(file, followingLinks: false).map({ String(decoding: $0, as: UTF8.self) }),
           let cached = read(text, build: build, locale: identifier) {
            return cached
        }
        let style = taken(from: formatter(Locale(identifier: identifier)))
        if let file, let build {
            let folder = (file as NSString).deletingLastPathComponent
            try? FileSystem.makeFolder(folder)
            try? FileSystem.writeAtomically(Data(written(style, build: build, locale: identifier).utf8), to: file, temporaryIn: folder)
        }
        return style
    }

    /// `$XDG_CACHE_HOME/journal` (else `~/.cache/journal`), a file per locale; nil for a name that is not a
    /// plain locale identifier.
    static func cacheFile(_ identifier: String) -> String? {
        guard !identifier.isEmpty, identifier.count <= 64,
              identifier.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "_-@=".unicodeScalars.contains($0)) })
        else { return nil }
        return JournalContext.cacheHome + "/journal/dates-" + identifier
    }

    /// The cache's text: the build that wrote it, the locale, then `none` or the style's lines.
    static func written(_ style: LocaleDateStyle?, build: String, locale: String) -> String {
        var lines = ["journal date style 1", build, locale]
        if let style {
            lines += [style.pattern, style.months.joined(separator: "\t"), style.shortMonths.joined(separator: "\t"),
                      style.weekdays.joined(separator: "\t"), style.shortWeekdays.joined(separator: "\t"), style.am, style.pm]
        } else {
            lines.append("none")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// What a cache's text says, when a build like this one wrote it for this locale: a style, or none (the
    /// formatter's own); nil for anything else (made again).
    static func read(_ text: String, build: String, locale: String) -> LocaleDateStyle?? {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard lines.count >= 4, lines[0] == "journal date style 1", lines[1] == build, lines[2] == locale else { return nil }
        if lines[3] == "none", lines.count == 5 { return .some(nil) }
        guard lines.count == 11 else { return nil }
        func names(_ line: String) -> [String] { line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
        let style = LocaleDateStyle(
            pattern: lines[3], months: names(lines[4]), shortMonths: names(lines[5]), weekdays: names(lines[6]),
            shortWeekdays: names(lines[7]), am: lines[8], pm: lines[9])
        return style.isWellFormed ? .some(style) : nil
    }
}
