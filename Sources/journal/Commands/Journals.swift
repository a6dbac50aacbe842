import ArgumentParser
import Foundation
import JournalKit

extension JournalCommand {
    /// The journals this user has: the default one and those named in the config (`journals.NAME`).
    struct Journals: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "journals",
            abstract: Help.text("help.Journals.abstract"),
            discussion: Help.reflow(Say.text("help.Journals.discussion")))

        func run() throws {
            let config = try UserSettings.load(creating: false)
            var rows = [("default", config.journals["default"].map(Shell.absolute) ?? GlobalOptions.defaultLocation.path)]
            for name in config.journals.keys.sorted() where name != "default" {
                rows.append((name, Shell.absolute(config.journals[name] ?? "")))
            }
            printColumns(rows)
        }
    }
}
