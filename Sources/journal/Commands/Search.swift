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
            let hits = try entries.map { entry -> (Entry, String?, [String]) in
                let full = try journal.readEntry(at: entry.path)
                if let line = Highlight.line(in: full.text, terms: text.highlights) { return (full, line, text.highlights) }
                return (full, Highlight.line(in: full.text, terms: text.typedOnHighlights), text.typedOnHighlights)
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
    static func line(in text: String, terms: [String]) -> String? {
        for raw in text.split(separator: "\n") {
            let line = raw.trimmingCharacters(in: .whitespaces)
            for term in terms where !term.isEmpty {
                guard let range = line.range(of: term, options: options) else { continue }
                let before = line.distance(from: line.startIndex, to: range.lowerBound)
                guard line.count > 100 else { return line }
                let start = line.index(line.startIndex, offsetBy: max(0, before - 40))
                let end = line.index(start, offsetBy: min(100, line.distance(from: start, to: line.endIndex)))
                return (start > line.startIndex ? "…" : "") + line[start..<end] + (end < line.endIndex ? "…" : "")
            }
        }
        return nil
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
