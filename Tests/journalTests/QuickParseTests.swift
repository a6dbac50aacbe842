import ArgumentParser
import Foundation
import Testing
@testable import journal

/// The quick parse of `list`, `today`, `search` and `add` must give the very command
/// swift-argument-parser gives for the same words, every option set; whatever it does not take
/// must go to swift-argument-parser.
@Suite struct QuickParseTests {
    static let taken: [[String]] = [
        [],
        ["-J", "/tmp/j"],
        ["--journal=/tmp/j", "--color", "never"],
        ["list"],
        ["list", "-n", "20"],
        ["list", "-n20"],
        ["list", "-n", "0"],
        ["-J", "/tmp/j", "list", "-n", "20"],
        ["-J/tmp/j", "list", "--color=always"],
        ["list", "-J", "/tmp/j"],
        ["list", "--tag", "trip", "-t", "work", "--any-tag", "--not-tag", "old", "--not-tag=older"],
        ["list", "--from", "2021-01-01", "--to", "2021-12-31", "-n", "20", "--reverse"],
        ["list", "--on", "yesterday", "--starred", "--json", "--full"],
        ["list", "-c", "work", "--contains", "coffee", "--grep", "caf[eé]"],
        ["list", "--category=personal", "--tag", ""],
        ["list", "--from", "last friday 21:30"],
        ["list", "--tag", "한글", "--color", "auto"],
        ["today"],
        ["today", "--json", "--full", "-J", "/tmp/j"],
        ["--color", "never", "today"],
        ["search", "coffee"],
        ["search", "coffee", "-n", "20"],
        ["search", "coffee", "paris", "-paris", "--exclude", "rome", "--json"],
        ["search", "\"two words\"", "친구", "-n5", "--tag", "trip", "--from", "2020"],
        ["-J", "/tmp/j", "search", "-", "x"],
        ["search", "-tfoo", "bar"],
        ["add", "hello", "world"],
        ["add"],
        ["add", "-t", "trip", "--tag", "work", "-c", "work", "--star", "Dinner", "with", "Ana"],
        ["add", "--date", "yesterday 21:30", "--no-weather", "--no-location", "text"],
        ["add", "--location", "Busan", "--lat", "35.1", "--lon", "129.04", "x"],
        ["add", "--lat=-33.9", "--lon=151.2", "x"],
        ["add", "--template", "gratitude", "--category=personal"],
        ["-J", "/tmp/j", "--color", "always", "add", "text", "-t", "a"],
        ["add", "text with spaces", "--journal", "/tmp/j"],
    ]

    @Test(arguments: taken)
    func takesWhatTheParserTakes(_ given: [String]) throws {
        let words = JournalCommand.Search.rewritingExclusions(given)
        let quick = try #require(QuickParse.command(words), "not taken: \(given)")
        let parsed = try JournalCommand.parseAsRoot(JournalCommand.hoistingGlobalOptions(words))
        #expect(type(of: quick) == type(of: parsed))
        #expect(Self.describe(quick) == Self.describe(parsed))
        #expect(!Self.describe(quick).contains("<unset>"))
    }

    static let refused: [[String]] = [
        ["--help"], ["-h"], ["help"], ["list", "--help"], ["add", "-h"], ["--version"],
        ["list", "--", "x"], ["add", "--", "-5 degrees"],
        ["list", "-n", "20", "-n", "30"], ["list", "--json", "--json"], ["list", "-J", "a", "--journal", "b"],
        ["list", "-n", "-1"], ["list", "-n-1"], ["list", "-n", "x"], ["list", "-n"], ["list", "-J=x"],
        ["list", "word"], ["today", "word"], ["search"], ["search", "--json"], ["search", "  "],
        ["add", "--lat", "-33.9", "--lon", "-151.2", "x"], ["add", "--lat", "91", "--lon", "0", "x"],
        ["add", "--lat", "1", "x"], ["add", "--no-location", "--location", "x", "y"],
        ["list", "--color", "purple"], ["list", "--star"], ["today", "-n", "2"], ["add", "--json", "x"],
        ["add", "-sx"], ["list", "-cwork"], ["-n", "5"], ["-n", "5", "list"], ["--json"], ["lsit"], ["show", "abc"],
        ["log"], ["tags"], ["list", "--tag="], ["list", "--from"], ["add", "--unknown", "x"], ["-J", "/tmp/j", "edit", "x"],
    ]

    @Test(arguments: refused)
    func leavesTheRestToTheParser(_ given: [String]) {
        #expect(QuickParse.command(JournalCommand.Search.rewritingExclusions(given)) == nil, "taken: \(given)")
    }

    /// Every option of a command, as parsed: a property wrapper still holding its definition (never set)
    /// shows as `<unset>`.
    static func describe(_ value: Any) -> String {
        let mirror = Mirror(reflecting: value)
        guard mirror.displayStyle == .struct else { return String(reflecting: value) }
        var parts: [String] = []
        for child in mirror.children {
            let label = child.label ?? "?"
            let inner = Mirror(reflecting: child.value)
            if let state = inner.children.first(where: { $0.label == "_parsedValue" })?.value {
                guard let value = Mirror(reflecting: state).children.first, value.label == "value" else {
                    parts.append("\(label)=<unset>")
                    continue
                }
                parts.append("\(label)=\(describe(value.value))")
            } else {
                parts.append("\(label)=\(describe(child.value))")
            }
        }
        return "\(mirror.subjectType)(\(parts.joined(separator: ", ")))"
    }
}
