import ArgumentParser
import Foundation
import JournalKit

extension JournalCommand {
    struct Search: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "search",
            abstract: Help.text("help.Search.abstract"),
            discussion: Help.reflow(Say.text("help.Search.discussion")))

        @OptionGroup var options: GlobalOptions
        @OptionGroup var filters: FilterOptions

        @Flag(help: ArgumentHelp(Help.text("help.Search.json")))
        var json = false

        @Option(help: ArgumentHelp(Help.text("help.Search.exclude")))
        var exclude: [String] = []

        @Argument(help: ArgumentHelp(Help.text("help.Search.words")))
        var words: [String]

        /// `journal search cafe -paris`: a `-word` after `search` that is not one of search's own short
        /// options is an exclusion, not a cluster of flags. Options before `search` (`journal
        /// -J/tmp/j search x`) are the journal's, left as they are.
        static func rewritingExclusions(_ arguments: [String]) -> [String] {
            var start = 0
            while start < arguments.count, arguments[start] != "search" {
                guard let span = GlobalOptions.span(of: arguments[start]) else { return arguments }
                start += span
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
            // A word with a space came quoted from the shell: a phrase.
            let text = words.map { $0.contains(" ") && !$0.hasPrefix("\"") ? "\"\($0)\"" : $0 }.joined(separator: " ")
            let filter = try filters.checked()
            let journal = try options.openJournal()
            try refresh(journal)
            let hits = try journal.search(text, excluding: exclude, within: filter, whole: json)
            if json {
                print(try EntryJSON.render(hits.map { EntryJSON(entry: $0.entry, match: $0.line ?? "") }), terminator: "")
                return
            }
            let style = options.style
            let lines = EntryLines(style: style, settings: journal.settings, dates: DateText(localeIdentifier: Shell.localeIdentifier))
            var out = ""
            for (hit, entryLine) in zip(hits, lines.lines(hits.map(\.entry))) {
                out += entryLine + "\n"
                if let line = hit.line { out += "    " + Highlight.mark(line, terms: hit.terms, style: style) + "\n" }
            }
            if hits.isEmpty { Terminal.note(Say.noMatches) }
            Terminal.page(out)
        }
    }
}

/// The matched words of a search's line, marked on a terminal.
enum Highlight {
    static func mark(_ line: String, terms: [String], style: Style) -> String {
        guard style.enabled else { return line }
        var out = ""
        var rest = line[...]
        while !rest.isEmpty {
            let next = terms.compactMap { term in term.isEmpty ? nil : rest.range(of: term, options: MatchedLine.options) }
                .min { $0.lowerBound < $1.lowerBound }
            guard let next else { break }
            out += rest[..<next.lowerBound] + style.yellow(style.bold(String(rest[next])))
            rest = rest[next.upperBound...]
        }
        return out + rest
    }
}
