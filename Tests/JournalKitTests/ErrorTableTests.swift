import Foundation
import Testing

@testable import JournalKit

/// Every error a reader can see has its line in every language, and the Korean one keeps no English of
/// the tool's own (the values in it aside): what the kit was doing comes from the catalogue too.
@Suite(.serialized) struct ErrorTableTests {
    /// One of each error, with values that are neither English nor Korean words.
    static var everyError: [any ReaderError] {
        let path = "/x1/y2.md"
        let journal: [JournalError] = [
            .noJournal(path), .notAGitRepository(path), .notAJournal(path), .alreadyAJournal(path),
            .folderNotEmpty(path), .idTooShort("3f2"), .unknownID("3f2a"), .ambiguousID("3f2a", ["3f2a1", "3f2a2"]),
            .emptyEntry, .unknownCategory("x9", known: ["y8"]), .invalidTag("#9"), .lockTimeout(path),
            .git(doing: Say.text("doing.commit"), cause: "7"), .failed(doing: Say.text("doing.readHistory"), cause: "7"),
            .savedButNotCommitted(path, cause: "7"), .io(path, "7"), .unreadable(path, "7"), .badSettings(path, line: 3, reason: "7"),
            .brokenHeader(path, line: 3, reason: "7", id: "3f2a"), .unknownTag("x9"), .sameName("x9"),
            .invalidCategoryName("x9"), .duplicateCategory("x9"), .invalidColor("x9"), .invalidEmoji("x9"),
            .categoryInUse("x9", count: 2), .settingsNotEditable(path, reason: "7"), .index(path, "7"),
            .unknownTemplate("x9", known: ["y8"]), .badTemplate("x9", line: 3, reason: "7"),
            .remote(.unknownHost(host: "h1", keyType: "k2", fingerprint: "f3")),
            .remote(.changedHostKey(host: "h1", keyType: "k2", fingerprint: "f3")), .remote(.authentication(url: "u1")),
            .remote(.noSuchRemote("r1")),
        ]
        let history: [HistoryError] = [
            .unknownPoint("x9", dateReason: "7"), .ambiguousRevision("x9"), .notACommit("x9"),
            .absentAtRevision(id: "3f2a", revision: "1a2b"), .notYet(id: "3f2a", day: "2026-11-22", added: "2026-11-23"),
            .deletedBy(id: "3f2a", day: "2026-11-22", deleted: "2026-11-21"), .noEarlierVersion(id: "3f2a"),
            .neverExisted("3f2a"), .badDate(bound: .since, reason: "7"), .badDate(bound: .until, reason: "7"),
            .emptyRange(since: "2026-11-22", until: "2026-11-21"),
        ]
        let weather: [WeatherFailure] = [
            .timeout(host: "h1", seconds: 2), .unreachable(host: "h1", reason: "7"),
            .http(host: "h1", status: 500, reason: "7"), .badKey(host: "h1"), .noKey, .malformed(host: "h1", detail: "7"),
            .placeNotFound("x9"), .noData(host: "h1", hour: "09:00"), .tooFarAhead("2026-11-22"), .tooOld("2026-11-22"),
            .noCoordinates,
        ]
        var errors: [any ReaderError] = journal + history + weather
        errors.append(DateGrammarError(text: "x9", reason: "7"))
        return errors
    }

    /// Words the Korean messages keep in Latin letters: names of programs, formats and git's own terms.
    static let kept: Set<String> = [
        "journal", "git", "jrnl", "json", "yml", "html", "markdown", "http", "https", "ssh", "sync", "push", "fetch",
        "commit", "head", "uuid", "yaml", "iana", "mustache", "openweather", "open", "meteo", "sqlite", "utf",
        // The colour names journal.yml takes, listed as they are typed.
        "black", "green", "yellow", "blue", "magenta", "cyan", "white",
    ]

    /// The ASCII words of `text` of four letters or more, but those in code spans, flags, paths and `kept`.
    static func englishWords(_ text: String) -> [String] {
        var rest = text
        for pattern in ["`[^`]*`", "--?[A-Za-z][\\w-]*", "\\S*[/.@]\\S*", "[A-Z][A-Z0-9_]*_[A-Z0-9_]+"] {
            rest = rest.replacingOccurrences(of: pattern, with: " ", options: .regularExpression)
        }
        return rest.split(whereSeparator: { !$0.isASCII || !$0.isLetter }).map(String.init)
            .filter { $0.count >= 4 && !kept.contains($0.lowercased()) }
    }

    @Test func everyErrorHasItsLineInEveryLanguage() {
        // The reader's language, bound for this test alone (`Say.reader`): the process's own (`Say.language`)
        // would change it for the tests that run beside this one.
        func inLanguage<T>(_ language: String, _ body: () -> T) -> T { Say.$reader.withValue(language, operation: body) }
        let englishErrors = inLanguage("en") { ErrorTableTests.everyError }
        let koreanErrors = inLanguage("ko") { ErrorTableTests.everyError }
        for (englishError, koreanError) in zip(englishErrors, koreanErrors) {
            let english = inLanguage("en") { englishError.description }
            let korean = inLanguage("ko") { koreanError.description }
            let error = koreanError
            #expect(!english.isEmpty && !korean.isEmpty, "\(error)")
            // A line of values alone (`path:line: reason`) reads the same in every language.
            if ErrorTableTests.englishWords(english).isEmpty { continue }
            #expect(korean != english, "no Korean for \(english)")
            #expect(korean.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) }, "\(korean)")
            #expect(ErrorTableTests.englishWords(korean).isEmpty, "English left in: \(korean)")
            #expect(error.exitStatus == 1)
        }
        #expect(inLanguage("en") { JournalError.declined.description }.isEmpty)
    }

    /// What the kit was doing when something below it failed is a catalogue line in every language.
    @Test func whatWasBeingDoneIsSaidInEveryLanguage() throws {
        let korean = try CatalogueTests.read("ko")
        let doing = korean.filter { $0.key.hasPrefix("doing.") }
        #expect(doing.count > 20)
        for (key, text) in doing {
            #expect(text.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) }, "\(key) = \(text)")
            #expect(ErrorTableTests.englishWords(text.replacingOccurrences(of: "{0}", with: "").replacingOccurrences(of: "{1}", with: "")).isEmpty,
                    "English left in \(key) = \(text)")
        }
    }
}
