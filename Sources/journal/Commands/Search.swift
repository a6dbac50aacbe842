import ArgumentParser
import Foundation
import JournalKit

extension JournalCommand {
    struct Search: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "search",
            abstract: Say.text("help.Search.abstract"),
            discussion: Help.reflow(Say.text("help.Search.discussion")))

        @OptionGroup var options: GlobalOptions
        @OptionGroup var filters: FilterOptions

        @Flag(help: ArgumentHelp(Say.text("help.Search.json")))
        var json = false

        @Option(help: ArgumentHelp(Say.text("help.Search.exclude")))
        var exclude: [String] = []

        @Argument(help: ArgumentHelp(Say.text("help.Search.words")))
        var words: [String]

        /// `journal search cafe -paris`: a `-word` after `search` that is not one of search's own short
        /// options is an exclusion, not a cluster of flags. Options before `search` (`journal
        /// -J/tmp/j search x`) are the journal's, left as they are.
        static func rewritingExclusions(_ arguments: [String]) -> [String] {
            var start = 0
            while start < arguments.count, arguments[start] != "search" {
                let argument = arguments[start]
                if ["-J", "--journal", "--color"].contains(argument) {
                    start += 2
                } else if argument.hasPrefix("--journal=") || argument.hasPrefix("--color=")
                    || (argument.hasPrefix("-J") && argument.count > 2)
                {
                    start += 1
                } else {
                    return arguments
                }
            }
            guard start < arguments.count else { return arguments }
            let own: Set<String> = ["-n", "-t", "-c", "-J", "-h"]
            var result = Array(arguments[...start])
            var afterSeparator = false
            for argument in arguments[(start + 1)...] {
                if argument == "--" { afterSeparator = true }
                let isCount = own.contains(String(argument.prefix(2))) && argument.dropFirst(2).allSatisfy(\.isNumber)
                if !afterSeparator, argument.hasPrefix("-"), !argument.hasPrefix("--"), argument.count > 2, !isCount {
                    result.append("--exclude=" + argument.dropFirst())
                } else {
                    result.append(argument)
                }
            }
            return result
        }

        func validate() throws {
            if words.allSatisfy({ $0.trimmingCharacters(in: .whitespaces).isEmpty }) {
                throw ValidationError(Say.emptySearch)
            }
        }

        func run() throws {
            var text = SearchText(words.map { $0.contains(" ") && !$0.hasPrefix("\"") ? "\"\($0)\"" : $0 }.joined(separator: " "))
            text.excluded += exclude
            guard !text.isEmpty else { throw Failure(Say.emptySearch) }
            var query = try filters.query()
            let pattern = try filters.pattern()
            let journal = try options.openJournal()
            try refresh(journal)
            try filters.checkCategory(in: journal)
            if pattern != nil { query.limit = nil }
            var entries = try journal.search(text, query)
            if let pattern {
                entries = entries.filter { entry in
                    guard let data = FileManager.default.contents(atPath: journal.absolutePath(of: entry)) else { return false }
                    let content = String(decoding: data, as: UTF8.self)
                    return pattern.firstMatch(in: content, range: NSRange(content.startIndex..., in: content)) != nil
                }
                if let n = filters.n { entries = Array(entries.prefix(n)) }
            }
            let highlights = text.highlights
            let typedOn = text.typedOnHighlights
            // The terminal's lines come from the snapshot's entries, as `list`'s do, and only the text under
            // each header is read, for the line to show; JSON carries each entry whole, read from its file.
            let hits = try entries.map { entry -> (Entry, String?, [String]) in
                let shown = json ? try journal.readEntry(at: entry.path) : entry
                let text = json ? shown.text : try journal.entryText(at: entry.path)
                if let line = Highlight.line(in: text, terms: highlights) { return (shown, line, highlights) }
                return (shown, Highlight.line(in: text, terms: typedOn), typedOn)
            }
            if json {
                print(try EntryJSON.render(hits.map { EntryJSON(entry: $0.0, match: $0.1 ?? "") }), terminator: "")
                return
            }
            let style = options.style
            let lines = EntryLines(style: style, settings: journal.settings, dates: DateText(locale: Shell.locale))
            var out = ""
            for (hit, entryLine) in zip(hits, lines.lines(hits.map(\.0))) {
                out += entryLine + "\n"
                if let line = hit.1 { out += "    " + Highlight.mark(line, terms: hit.2, style: style) + "\n" }
            }
            if hits.isEmpty { Terminal.note(Say.noMatches) }
            Terminal.page(out)
        }
    }
}

/// Where a search matched: the line, cut to fit, with the matched words marked on a terminal.
enum Highlight {
    static let options: String.CompareOptions = [.caseInsensitive, .diacriticInsensitive]

    /// The first line of `text` holding one of `terms`, trimmed to about 100 characters around it.
    ///
    /// Lines are looked at as UTF-8: a line made only of ASCII and precomposed Hangul syllables (most
    /// of a diary, in English or Korean) is searched byte by byte for terms made of the same, ASCII
    /// letters in either case; there, that is exactly what the case- and accent-insensitive compare
    /// finds (`Character` by `Character`: such a line's scalars are each one). Any other line, or
    /// any other term, takes Foundation's compare. Lines end at a `\n` that is its own `Character`.
    static func line(in text: String, terms: [String]) -> String? {
        let terms = terms.filter { !$0.isEmpty }
        guard !terms.isEmpty else { return nil }
        let plainTerms = terms.compactMap(PlainTerm.init)
        let allPlain = plainTerms.count == terms.count
        var text = text
        return text.withUTF8 { bytes -> String? in
            var start = 0
            while start < bytes.count {
                var end = start
                while end < bytes.count, !(bytes[end] == 0x0A && (end == start || bytes[end - 1] != 0x0D)) { end += 1 }
                let line = UnsafeBufferPointer(rebasing: bytes[start..<end])
                start = end + 1
                if line.isEmpty { continue }
                if allPlain, plainCounts(line) != nil {
                    guard let found = plainExcerpt(line, terms: plainTerms) else { continue }
                    return found
                }
                if let found = excerpt(String(decoding: line, as: UTF8.self), terms: terms) { return found }
            }
            return nil
        }
    }

    /// `line` trimmed to about 100 characters around the first of `terms` it holds; nil when it holds none.
    private static func excerpt(_ raw: String, terms: [String]) -> String? {
        // What `trimmingCharacters(in: .whitespaces)` does, without a trip through NSString.
        let scalars = raw.unicodeScalars
        var start = scalars.startIndex
        var end = scalars.endIndex
        while start < end, CharacterSet.whitespaces.contains(scalars[start]) { start = scalars.index(after: start) }
        while end > start, CharacterSet.whitespaces.contains(scalars[scalars.index(before: end)]) { end = scalars.index(before: end) }
        let line = String(scalars[start..<end])
        for term in terms {
            guard let range = line.range(of: term, options: options) else { continue }
            let before = line.distance(from: line.startIndex, to: range.lowerBound)
            guard line.count > 100 else { return line }
            let start = line.index(line.startIndex, offsetBy: max(0, before - 40))
            let end = line.index(start, offsetBy: min(100, line.distance(from: start, to: line.endIndex)))
            return (start > line.startIndex ? "…" : "") + line[start..<end] + (end < line.endIndex ? "…" : "")
        }
        return nil
    }

    /// `excerpt` for a plain line and plain terms, on the bytes: there each scalar is a `Character`, the
    /// whitespace trimmed can only be spaces and tabs, and a term is where its bytes are.
    private static func plainExcerpt(_ raw: UnsafeBufferPointer<UInt8>, terms: [PlainTerm]) -> String? {
        var low = 0
        var high = raw.count
        while low < high, raw[low] == 0x20 || raw[low] == 0x09 { low += 1 }
        while high > low, raw[high - 1] == 0x20 || raw[high - 1] == 0x09 { high -= 1 }
        let line = UnsafeBufferPointer(rebasing: raw[low..<high])
        guard let at = terms.lazy.compactMap({ $0.firstOccurrence(in: line) }).first else { return nil }
        // Characters start at every byte but a syllable's continuation bytes.
        func characters(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> Int {
            bytes.reduce(0) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
        }
        let count = characters(line[...])
        guard count > 100 else { return String(decoding: line, as: UTF8.self) }
        let before = characters(line[..<at])
        let first = max(0, before - 40)
        let last = first + min(100, count - first)
        // Byte offsets of the `first` and `last` characters.
        var offsets = (start: line.count, end: line.count)
        var n = 0
        for (i, byte) in line.enumerated() where byte & 0xC0 != 0x80 {
            if n == first { offsets.start = i }
            if n == last {
                offsets.end = i
                break
            }
            n += 1
        }
        return (first > 0 ? "…" : "") + String(decoding: line[offsets.start..<offsets.end], as: UTF8.self)
            + (last < count ? "…" : "")
    }

    /// A term made only of ASCII (but a carriage return) and precomposed Hangul syllables
    /// (`plainCounts`), its letters lowercased.
    private struct PlainTerm {
        let bytes: [UInt8]

        init?(_ term: String) {
            let utf8 = Array(term.utf8)
            guard utf8.withUnsafeBufferPointer(plainCounts) != nil else { return nil }
            bytes = utf8.map(PlainTerm.lowered)
        }

        static func lowered(_ byte: UInt8) -> UInt8 {
            (0x41...0x5A).contains(byte) ? byte | 0x20 : byte
        }

        /// Where the term first is in `line`, a plain line (a byte offset). A match cannot begin inside a
        /// syllable: a term begins with ASCII or a syllable's first byte, never a continuation byte.
        func firstOccurrence(in line: UnsafeBufferPointer<UInt8>) -> Int? {
            guard bytes.count <= line.count else { return nil }
            let first = bytes[0]
            for i in 0...(line.count - bytes.count) where PlainTerm.lowered(line[i]) == first {
                var j = 1
                while j < bytes.count, PlainTerm.lowered(line[i + j]) == bytes[j] { j += 1 }
                if j == bytes.count { return i }
            }
            return nil
        }
    }

    static func mark(_ line: String, terms: [String], style: Style) -> String {
        guard style.enabled else { return line }
        var out = ""
        var rest = line[...]
        while !rest.isEmpty {
            let next = terms.compactMap { term in term.isEmpty ? nil : rest.range(of: term, options: options) }
                .min { $0.lowerBound < $1.lowerBound }
            guard let next else { break }
            out += rest[..<next.lowerBound] + style.yellow(style.bold(String(rest[next])))
            rest = rest[next.upperBound...]
        }
        return out + rest
    }
}
