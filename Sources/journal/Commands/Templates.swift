import ArgumentParser
import Foundation
import JournalKit

extension JournalCommand {
    struct Templates: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "templates",
            abstract: Help.text("help.Templates.abstract"),
            discussion: Help.reflow(Say.text("help.Templates.discussion")))

        @OptionGroup var options: GlobalOptions

        @Flag(help: ArgumentHelp(Help.text("help.Templates.json")))
        var json = false

        func run() throws {
            let journal = try options.openJournal()
            let builtIn = Set(BuiltInTemplates.all.map(\.name))
            let items = try journal.templates().map { item in
                TemplateJSON(name: item.name, source: item.path ?? TemplateJSON.builtIn,
                             overrides: item.path != nil && builtIn.contains(item.name))
            }
            if json {
                print(try EntryJSON.render(items), terminator: "")
                return
            }
            let width = items.map { displayWidth($0.name) }.max() ?? 0
            var out = ""
            for item in items {
                out += padded(item.name, to: width) + "  " + (item.source == TemplateJSON.builtIn ? Say.templateBuiltIn : item.source)
                    + (item.overrides ? " (" + Say.templateOverrides + ")" : "") + "\n"
            }
            print(out, terminator: "")
        }
    }
}

/// One line of `templates --json`: source is "built-in" or the journal's file.
struct TemplateJSON: Encodable {
    var name: String
    var source: String
    var overrides: Bool

    /// The `source` of a built-in template: the same word in every language (JSON is for programs).
    static let builtIn = "built-in"
}
