import ArgumentParser
import Foundation
import JournalKit

extension JournalCommand {
    struct Templates: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List the entry templates and where each comes from.",
            discussion: Help.reflow("""
                Built-in templates: default, daily, travel, gratitude. A journal's own
                templates/NAME.md replaces the built-in one of that name or adds one
                (templates/entry.md stands for default). A template is Markdown with
                Mustache values: {{date}}, {{weekday}}, {{time}} (in your locale),
                {{place}}, {{weather}}, {{category}}; a header (--- lines) may preset
                category: and tags:. A category in journal.yml may name its template
                with `template: NAME`.
                Examples:
                  journal templates
                  journal templates --json
                  journal add --template daily
                """))

        @OptionGroup var options: GlobalOptions

        @Flag(help: "Print a JSON array of {name, source, overrides} instead of lines.")
        var json = false

        func run() throws {
            let journal = try options.openJournal()
            let builtIn = Set(BuiltInTemplates.all.map(\.name))
            let items = try journal.templates().map { item in
                TemplateJSON(name: item.name, source: item.path ?? Say.templateBuiltIn,
                             overrides: item.path != nil && builtIn.contains(item.name))
            }
            if json {
                print(try EntryJSON.render(items), terminator: "")
                return
            }
            let width = items.map { displayWidth($0.name) }.max() ?? 0
            var out = ""
            for item in items {
                out += padded(item.name, to: width) + "  " + item.source
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
}
