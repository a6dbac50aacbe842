import ArgumentParser
import Foundation
import JournalKit

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
        var text = shown(text)
        if handle.fileDescriptor == 1 { return write(bytesOf: text) }
        text.withUTF8 { try? handle.write(contentsOf: Data(buffer: $0)) }
    }

    /// Standard output for the kit's long writers (an export): bytes as `write(_:)` writes them, text made
    /// fit for a terminal first when it is one.
    static var output: TextOutput {
        TextOutput(write: { write($0) }, shown: stdoutIsTerminal ? { shown($0) } : nil)
    }

    /// A question on stderr, answered on stdin.
    static func ask(_ question: String) {
        write(question, to: .standardError)
    }
}

/// `name  value` lines with the names in one column (`config list`, `remote list`).
func printColumns(_ rows: [(String, String)]) {
    let width = rows.map { displayWidth($0.0) }.max() ?? 0
    for (name, value) in rows { print(padded(name, to: width) + "  " + value) }
}

extension EntryLines {
    /// Lines for this terminal, in the user's units.
    init(style: Style, settings: Settings, dates: DateText) {
        self.init(style: style, settings: settings, dates: dates, units: UserSettings.units, width: Terminal.columns)
    }
}

extension EntryPage {
    /// A page in the user's units.
    init(style: Style, settings: Settings, dates: DateText) {
        self.init(style: style, settings: settings, dates: dates, units: UserSettings.units, width: Terminal.columns)
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
        if Say.current != "en" {
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
            // A flag's or a command's text beside its name, and the lines under it. The text starts at a column
            // of cells: a name of wide characters (`list (기본)`) is fewer characters before it.
            let characters = Array(line)
            var start = 0
            var cells = 0
            while start < characters.count, cells < column {
                cells += displayWidth(String(characters[start]))
                start += 1
            }
            guard cells == column, characters.count > start, characters[0] == " ", characters[1] == " ", characters[2] != " ",
                  characters[start - 2] == " ", characters[start - 1] == " ", characters[start] != " "
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
            let words = ([String(characters[start...])] + block.dropFirst().map { String($0.dropFirst(column)) }).joined(separator: " ")
            let wrappedWords = wrapped(words, width: max(10, width - column))
            out += wrappedWords.enumerated().map { ($0.offset == 0 ? String(characters[..<start]) : indent) + $0.element }
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

/// Prints what committing pending outside edits did.
func report(_ pending: PendingReport) {
    if !pending.committed.isEmpty { Terminal.note(Say.committedOutsideEdits(pending.committed.count)) }
    for warning in pending.warnings { Terminal.warn(warning) }
}

extension String {
    /// nil for an empty string.
    var nilIfEmpty: String? { isEmpty ? nil : self }
}
