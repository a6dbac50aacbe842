import ArgumentParser
import Foundation
import JournalKit

extension JournalCommand {
    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show one entry: its metadata, then its text as written.",
            discussion: """
                Examples:
                  journal show 3f2a
                  journal show 3f2a --raw > copy.md
                """)

        @OptionGroup var options: GlobalOptions

        @Argument(help: "The entry's id (4+ characters of it) or its path.")
        var id: String

        @Flag(help: "Print the file exactly as stored.")
        var raw = false

        @Flag(help: "Print a JSON object.")
        var json = false

        func run() throws {
            let journal = try options.openJournal()
            report(try journal.commitPendingEdits())
            let entry = try journal.entry(matching: id)
            if raw {
                FileHandle.standardOutput.write(try Data(contentsOf: URL(fileURLWithPath: journal.absolutePath(of: entry))))
                return
            }
            if json {
                print(try EntryJSON.render(EntryJSON(entry: entry)), terminator: "")
                return
            }
            if let problem = entry.problem {
                Terminal.warn(Say.brokenEntry(entry.path, line: problem.line, reason: problem.reason))
            }
            let style = options.style
            let dates = DateText(locale: Shell.locale)
            var out = style.bold(entry.title.isEmpty ? Say.untitledDisplay : entry.title) + "\n"
            var facts = [dates.format(entry.createdAt) + (entry.timeZone.map { " (\($0))" } ?? ""), style.yellow(entry.id)]
            if let category = entry.category {
                let emoji = journal.settings.category(named: category)?.emoji
                facts.append(style.color(journal.settings.category(named: category)?.color, [emoji, category].compactMap { $0 }.joined(separator: " ")))
            }
            if !entry.tags.isEmpty { facts.append(style.green(entry.tags.map { "#" + $0 }.joined(separator: " "))) }
            if entry.starred { facts.append(style.yellow("★")) }
            out += facts.joined(separator: " · ") + "\n"
            var place: [String] = []
            if let weather = entry.weather {
                place.append([weather.condition, weather.temperatureC.map { "\(YAMLWriter.number($0))°C" }].compactMap { $0 }.joined(separator: " "))
            }
            if let location = entry.location {
                var text = location.name ?? ""
                if let lat = location.latitude, let lon = location.longitude {
                    text += (text.isEmpty ? "" : " ") + "(\(YAMLWriter.number(lat)), \(YAMLWriter.number(lon)))"
                }
                place.append(text)
            }
            if !place.isEmpty { out += place.joined(separator: " · ") + "\n" }
            out += style.dim(entry.path) + "\n\n" + entry.text
            if !out.hasSuffix("\n") { out += "\n" }
            Terminal.page(out)
        }
    }
}
