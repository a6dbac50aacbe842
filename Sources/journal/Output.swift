import ArgumentParser
import Foundation
import JournalKit

/// ANSI styling, on or off as a whole.
struct Style {
    let enabled: Bool

    /// Stands for ESC in rendered text. Text from files is mixed into that text, so `Terminal.shown`
    /// makes every control character in it visible and only then turns this marker into ESC: being
    /// random per process, a file cannot forge it, and only our own colours reach the terminal.
    static let escape = "\u{E000}" + UUID().uuidString + "\u{E000}"

    private func wrap(_ text: String, _ code: String) -> String {
        enabled && !text.isEmpty ? "\(Style.escape)[\(code)m\(text)\(Style.escape)[0m" : text
    }
    func bold(_ text: String) -> String { wrap(text, "1") }
    func dim(_ text: String) -> String { wrap(text, "2") }
    func yellow(_ text: String) -> String { wrap(text, "33") }
    func red(_ text: String) -> String { wrap(text, "31") }
    func cyan(_ text: String) -> String { wrap(text, "36") }
    func green(_ text: String) -> String { wrap(text, "32") }

    /// `text` in a category's colour (a name in any language, or `#rrggbb`); cyan for none.
    func color(_ name: String?, _ text: String) -> String {
        wrap(text, name.flatMap(CategoryColor.terminalCode) ?? "36")
    }
}

/// Standard output of every command. Inside this module `print` means this function, so that no text
/// reaches the terminal without `Terminal.shown` making the control characters in it visible.
func print(_ text: String, terminator: String = "\n") {
    Terminal.write(text + terminator, to: .standardOutput)
}

extension Terminal {
    /// Text as the terminal gets it: control characters (from entries, commits, settings) made
    /// visible, then our own colour codes turned into ESC. `show --raw` alone bypasses this.
    static func shown(_ text: String) -> String {
        let marker = escapeMarker
        return rewritingUTF8(ControlCharacters.visible(text)) { bytes, i in
            guard bytes[i] == marker[0], i + marker.count <= bytes.count,
                (1..<marker.count).allSatisfy({ bytes[i + $0] == marker[$0] })
            else { return nil }
            return (marker.count, [0x1B])
        }
    }

    /// `Style.escape` as UTF-8: it holds no character `visible` rewrites, so it survives it whole.
    private static let escapeMarker = Array(Style.escape.utf8)

    /// Every text the command line writes to stdout or stderr goes through here (`page` too).
    static func write(_ text: String, to handle: FileHandle) {
        let data = Data(shown(text).utf8)
        if handle.fileDescriptor == 1 { write(data) } else { try? handle.write(contentsOf: data) }
    }

    /// A question on stderr, answered on stdin.
    static func ask(_ question: String) {
        write(question, to: .standardError)
    }
}

func padded(_ text: String, to width: Int) -> String {
    text + String(repeating: " ", count: max(0, width - displayWidth(text)))
}

/// `name  value` lines with the names in one column (`config list`, `remote list`).
func printColumns(_ rows: [(String, String)]) {
    let width = rows.map { displayWidth($0.0) }.max() ?? 0
    for (name, value) in rows { print(padded(name, to: width) + "  " + value) }
}

/// One line per entry, in aligned columns: date, short id, category, title, tags; each line fits in
/// `width` cells (the terminal's, else $COLUMNS, else 80), its title cut by display cells to make room.
struct EntryLines {
    let style: Style
    let settings: Settings
    let dates: DateText
    var width = Terminal.columns

    /// The lines of `entries`, each with its preview (`previews`, when given) under it, dimmed and cut to
    /// the width, under the title's column.
    func render(_ entries: [Entry], previews: [String?] = []) -> String {
        let lines = lines(entries)
        guard previews.count == entries.count else { return lines.map { $0 + "\n" }.joined() }
        // Under the title, unless that leaves too little room.
        let lead = width - leadWidth(entries) >= 24 ? leadWidth(entries) : 4
        var out = ""
        for (line, preview) in zip(lines, previews) {
            out += line + "\n"
            if let preview { out += String(repeating: " ", count: lead) + style.dim(clipped(preview, toWidth: max(10, width - 1 - lead))) + "\n" }
        }
        return out
    }

    /// The cells before the title on every line: date, id, category and weather with the gaps after them.
    func leadWidth(_ entries: [Entry]) -> Int {
        let dateWidth = entries.map { displayWidth(dates.format($0.createdAt)) }.max() ?? 0
        let categoryWidth = entries.map { displayWidth(categoryText($0)) }.max() ?? 0
        let weatherWidth = entries.map { $0.weather.map { displayWidth(WeatherText.column($0, units: UserSettings.units)) } ?? 0 }.max() ?? 0
        return [dateWidth, 8, categoryWidth, weatherWidth].filter { $0 > 0 }.map { $0 + 2 }.reduce(0, +)
    }

    /// One line per entry, in columns aligned across all of them.
    func lines(_ entries: [Entry]) -> [String] {
        let dateTexts = entries.map { dates.format($0.createdAt) }
        let categories = entries.map(categoryText)
        let dateWidth = dateTexts.map(displayWidth).max() ?? 0
        let categoryWidth = categories.map(displayWidth).max() ?? 0
        let weathers = entries.map { $0.weather.map { WeatherText.column($0, units: UserSettings.units) } ?? "" }
        let weatherWidth = weathers.map(displayWidth).max() ?? 0
        var out: [String] = []
        // The cells before the title, the same on every line.
        let lead = leadWidth(entries)
        for (i, entry) in entries.enumerated() {
            var line = style.dim(padded(dateTexts[i], to: dateWidth)) + "  " + style.yellow(entry.shortID) + "  "
            if categoryWidth > 0 {
                let name = padded(categories[i], to: categoryWidth)
                line += style.color(entry.category.flatMap { settings.category(named: $0)?.color }, name) + "  "
            }
            if weatherWidth > 0 { line += padded(weathers[i], to: weatherWidth) + "  " }
            if let problem = entry.problem {
                line += style.red(Say.brokenEntry(entry.path, line: problem.line, reason: problem.reason))
            } else {
                // The title, its star and its tags are cut, between characters, so that a line stays one
                // terminal row (`show` has them whole): the title first, the tags get what it leaves, or a
                // third of the room when the title alone would fill it.
                let room = max(10, width - 1 - lead) - (entry.starred ? 2 : 0)
                let title = entry.title.isEmpty ? Say.untitledDisplay : entry.title
                let tags = entry.tagsBesidesTitle.map { "#" + $0 }.joined(separator: " ")  // a #tag the title shows is not shown twice
                let tagRoom = tags.isEmpty ? 0 : max(room - 2 - displayWidth(title), min(displayWidth(tags), room / 3))
                let tagText = tagRoom < 4 ? "" : clipped(tags, toWidth: tagRoom)
                line += style.bold(clipped(title, toWidth: room - (tagText.isEmpty ? 0 : 2 + displayWidth(tagText))))
                if entry.starred { line += " " + style.yellow("★") }
                if !tagText.isEmpty { line += "  " + style.green(tagText) }
            }
            out.append(line)
        }
        return out
    }

    private func categoryText(_ entry: Entry) -> String {
        guard let name = entry.category else { return "" }
        if let emoji = settings.category(named: name)?.emoji { return "\(emoji) \(Say.categoryName(name))" }
        return Say.categoryName(name)
    }
}

/// Help texts are written with short lines in the source; argument-parser keeps every line break and
/// wraps at the terminal's width, so prose lines are joined into paragraphs first. Indented lines
/// (examples, tables) and the line after one ending in ":" stay as written.
enum Help {
    /// False while the manual page is written: roff fills its lines itself.
    nonisolated(unsafe) static var wrapsForTerminal = true

    /// The help text `key` where argument-parser shows it beside a flag or a command's name (from column
    /// 26). argument-parser wraps it by characters; `fitted` wraps it again by cells where that is too wide
    /// (issue 31 §4: Korean lines reached 116 cells).
    static func text(_ key: String) -> String {
        Say.text(key)
    }

    static func reflow(_ text: String) -> String {
        var lines: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if let last = lines.last, !last.isEmpty, !line.isEmpty, !line.hasPrefix(" "), !last.hasPrefix(" "),
               !last.hasSuffix(":"), !line.hasSuffix(":")
            {
                lines[lines.count - 1] += " " + line
            } else {
                lines.append(line)
            }
        }
        // argument-parser wraps by characters: a Korean syllable takes two cells, so such paragraphs
        // are wrapped here by cells, at spaces, short enough that it leaves them alone.
        // An indented line (a table row, an example) wraps under its own text.
        if Say.language != "en" {
            let width = max(30, min(78, Terminal.columns - 2))
            lines = lines.flatMap { $0.hasPrefix(" ") ? hanging($0, width: width) : wrapped($0, width: width) }
        } else if wrapsForTerminal {
            // English paragraphs that show Korean (`역 finds 서울역에서`) are wrapped by cells too.
            lines = lines.flatMap { $0.hasPrefix(" ") || displayWidth($0) == $0.count ? [$0] : wrapped($0, width: max(30, Terminal.columns - 2)) }
        }
        return lines.joined(separator: "\n")
    }

    /// An indented line cut to `width` cells, its later lines starting where its text does: after a
    /// table row's name and the spaces after it (`  html      정적 사이트…`), else two cells in.
    static func hanging(_ line: String, width: Int, under given: Int? = nil) -> [String] {
        guard displayWidth(line) > width else { return [line] }
        let characters = Array(line)
        var hang = characters.prefix { $0 == " " }.count
        let nameEnd = characters[hang...].firstIndex(of: " ") ?? characters.count
        let gap = characters[nameEnd...].prefix { $0 == " " }.count
        hang = given ?? (gap >= 2 ? nameEnd + gap : hang + 2)
        let head = String(characters[..<min(hang, characters.count)])
        let rest = String(characters[min(hang, characters.count)...])
        let pieces = wrapped(rest, width: max(10, width - displayWidth(head)))
        return pieces.enumerated().map { ($0.offset == 0 ? head : String(repeating: " ", count: hang)) + $0.element }
    }

    /// argument-parser's help and usage as the terminal gets them: it wraps by characters and not its usage
    /// line at all, and our translation of its words (`(values:` → `(가능한 값:`) lengthens lines after it
    /// wrapped them. So the usage line is broken between its arguments, under the command's name, and the
    /// text beside a flag or command (from column 26) that reaches past `width` cells is wrapped again by cells.
    static func fitted(_ text: String, width: Int, usageOnly: Bool = false) -> String {
        let column = 26
        let indent = String(repeating: " ", count: column)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let usages = [Say.text("parser.usage") + " ", Say.text("parser.usageLine")]
        var out: [String] = []
        var index = 0
        while index < lines.count {
            let line = lines[index]
            index += 1
            if displayWidth(line) > width, usages.contains(where: line.hasPrefix) {
                out += usageLines(line, width: width)
                continue
            }
            if usageOnly {
                out.append(line)
                continue
            }
            // A flag's or a command's text beside its name, and the lines under it.
            let characters = Array(line)
            guard characters.count > column, characters[0] == " ", characters[1] == " ", characters[2] != " ",
                  characters[column - 2] == " ", characters[column - 1] == " ", characters[column] != " "
            else {
                // Any other line too wide (an overview, a discussion's line): wrapped under its own indentation.
                out += displayWidth(line) > width ? hanging(line, width: width, under: line.prefix { $0 == " " }.count) : [line]
                continue
            }
            var block = [line]
            while index < lines.count, lines[index].hasPrefix(indent), lines[index].count > column,
                  Array(lines[index])[column] != " "
            {
                block.append(lines[index])
                index += 1
            }
            guard block.contains(where: { displayWidth($0) > width }) else {
                out += block
                continue
            }
            let words = block.map { String($0.dropFirst(column)) }.joined(separator: " ")
            let wrappedWords = wrapped(words, width: max(10, width - column))
            out += wrappedWords.enumerated().map { ($0.offset == 0 ? String(characters[..<column]) : indent) + $0.element }
        }
        return out.joined(separator: "\n")
    }

    /// A usage line broken at the spaces between its arguments (never inside `[...]` or `<...>`), each
    /// line after the first under the first argument.
    static func usageLines(_ line: String, width: Int) -> [String] {
        var pieces: [String] = []
        var current = ""
        var depth = 0
        for character in line {
            if character == "[" || character == "<" { depth += 1 }
            if character == "]" || character == ">" { depth -= 1 }
            if character == " ", depth == 0 {
                pieces.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        pieces.append(current)
        // The head: the label and the command's names, up to the first argument.
        let headCount = pieces.firstIndex { $0.hasPrefix("[") || $0.hasPrefix("<") || $0.hasPrefix("-") } ?? pieces.count
        let head = pieces[..<headCount].joined(separator: " ")
        let hang = String(repeating: " ", count: min(displayWidth(head) + 1, width / 2))
        var out: [String] = []
        var row = head
        for piece in pieces[headCount...] where !piece.isEmpty {
            if displayWidth(row) + 1 + displayWidth(piece) > width, row.contains(where: { $0 != " " }) {
                out.append(row)
                row = hang + piece
            } else {
                row += " " + piece
            }
        }
        return out + [row]
    }

    static func wrapped(_ line: String, width: Int) -> [String] {
        var out: [String] = []
        var current = ""
        for word in line.split(separator: " ", omittingEmptySubsequences: false).map(String.init) {
            if !current.isEmpty, displayWidth(current) + 1 + displayWidth(word) > width {
                out.append(current)
                current = word
            } else {
                current += (current.isEmpty ? "" : " ") + word
            }
        }
        return out + [current]
    }
}

/// Asks `question` on the terminal; true when the answer is yes (`Say.isYes`).
func askYes(_ question: String) -> Bool {
    Terminal.ask(question)
    return Say.isYes(readLine() ?? "")
}

/// Asks before a command changes entries: `yes` answers for scripts; without a terminal to ask on and
/// without --yes, `refusal` is the error and nothing changes. A "no" prints that nothing changed and exits 1.
func confirm(_ question: String, yes: Bool, refusal: String, declined: String = Say.nothingChanged) throws {
    if yes { return }
    guard Terminal.stdinIsTerminal else { throw JournalError.invalid(refusal) }
    guard askYes(question) else {
        print(declined)
        throw JournalError.declined
    }
}
