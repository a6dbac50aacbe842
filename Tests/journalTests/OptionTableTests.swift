import ArgumentParser
import Foundation
import Testing

@testable import journal

/// The hand scanners of a command line read options from tables (`GlobalOptions.names`, `QuickParse.Words`);
/// these hold the tables to the options swift-argument-parser defines (issue 29 §4).
@Suite struct OptionTableTests {
    /// The names a help text lists: `-J, --journal <journal>` gives `-J` and `--journal`.
    static func names(in help: String) -> Set<String> {
        let pattern = try? NSRegularExpression(pattern: "(?<![\\w-])(--?[A-Za-z][\\w-]*)")
        let range = NSRange(help.startIndex..., in: help)
        return Set(pattern?.matches(in: help, range: range).compactMap { Range($0.range(at: 1), in: help).map { String(help[$0]) } } ?? [])
    }

    @Test func theGlobalOptionsTableIsGlobalOptions() throws {
        let defined = Self.names(in: GlobalOptions.helpMessage(columns: 200)).subtracting(["-h", "--help"])
        #expect(GlobalOptions.spellings == defined)
        for (short, long) in GlobalOptions.names {
            let value = long == "--color" ? "never" : "value"
            let joined = try GlobalOptions.parse([long + "=" + value])
            let apart = try GlobalOptions.parse([short ?? long, value])
            #expect(joined.journal != nil || joined.color == .never, "\(long)")
            #expect(apart.journal != nil || apart.color == .never, "\(long)")
        }
        for short in GlobalOptions.joinable { #expect(try GlobalOptions.parse([short + "value"]).journal == "value") }
    }

    @Test func theQuickParsersNamesAreTheCommandsNames() {
        var defined: Set<String> = []
        for command in [JournalCommand.List.self, JournalCommand.Search.self, JournalCommand.Add.self, JournalCommand.Today.self] as [any ParsableCommand.Type] {
            defined.formUnion(Self.names(in: command.helpMessage(columns: 200)))
        }
        for name in QuickParse.Words.valued.union(QuickParse.Words.flagNames).union(QuickParse.Words.joinable) {
            #expect(defined.contains(name), "\(name) is no option of list, search, add or today")
        }
    }

    @Test func theCommandNamesAreTheSubcommands() {
        let defined = JournalCommand.configuration.subcommands.flatMap { [$0._commandName] + $0.configuration.aliases }
        #expect(JournalCommand.commandNames == defined)
    }
}
