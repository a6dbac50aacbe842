import Foundation

/// The catalogue of every message a user reads. Commands and the kit never write user-facing literals
/// elsewhere; they call `Say`.
///
/// The words live in `catalogues/<language>.txt` (`key = text`, `{0}`, `{1}`… for the arguments), one
/// file per language; scripts/embed-catalogues.sh compiles them into Catalogues.swift, and a test fails
/// when a key is missing from a language or its placeholders differ. A third language is one more file.
///
/// To convert an English message into a catalogue one (the recipe for messages added on other branches):
///   1. `static func fooBar(_ path: String) -> String { "cannot do \(path)" }` becomes
///      `static func fooBar(_ path: String) -> String { text("fooBar", path) }`
///      (a `static let` becomes `static var fooBar: String { text("fooBar") }`);
///   2. add `fooBar = cannot do {0}` to catalogues/en.txt and its translation to every other catalogue;
///   3. counted messages use two keys, `fooBar.one` and `fooBar.other`, read with `plural("fooBar", count, …)`;
///   4. run scripts/embed-catalogues.sh.
/// Commit messages (`commit…`) stay English on purpose: they are the journal's shared history, read on
/// machines in any language, and `syncRemote(ofCommitSummary:)` parses them.
public enum Say {
    /// The language every message is in, a catalogue's name: set once, at start, by the command line.
    nonisolated(unsafe) public static var language = "en"

    /// The language of the one reader a piece of work is for, over `language`: a web page's (each request
    /// has its own reader, and the server answers several at once), and English for stored text
    /// (`inEnglish`). Bound with `Say.$reader.withValue`.
    @TaskLocal public static var reader: String?

    /// The language a message is in now: the reader's, else the process's.
    public static var current: String { reader ?? language }

    /// Whether the reader is a page's (`journal serve`): a message the command line words with a flag or a
    /// command to type (`--future`, `journal weather --missing`) is then its `web.says.` form, which says what
    /// happened instead. Bound with `Say.$onPage.withValue` for each request.
    @TaskLocal public static var onPage = false

    /// The languages there are catalogues for (`en`, `ko`).
    public static var languages: [String] { Catalogues.languages }

    /// The language a locale name picks (`ko_KR.UTF-8` → `ko`); nil for C, POSIX or a language without a catalogue.
    public static func language(ofLocale name: String) -> String? {
        let code = name.prefix { $0.isLetter }.lowercased()
        return Catalogues.languages.contains(code) ? code : nil
    }

    /// The catalogue of the current language; English for a key it lacks (it never does: a test checks).
    static func template(_ key: String) -> String {
        let table = Catalogues.table(reader ?? language)
        if onPage, let page = table?["web.says." + key] ?? Catalogues.en["web.says." + key] { return page }
        return table?[key] ?? Catalogues.en[key] ?? key
    }

    /// The message `key` of the current language, with `{0}`, `{1}`… replaced by the arguments, and
    /// `{0:을}` by the Korean particle that follows argument 0 (`Particles`).
    public static func text(_ key: String, _ arguments: Any...) -> String {
        fill(template(key), arguments)
    }

    /// The message `key` in `language` (a catalogue's name), whatever the process's language: for the web view,
    /// whose every page is in its reader's language.
    public static func text(in language: String, _ key: String, _ arguments: [Any]) -> String {
        fill(Catalogues.table(language)?[key] ?? Catalogues.en[key] ?? key, arguments)
    }

    /// A message that depends on a count: `key.one` for exactly one, `key.other` otherwise.
    /// The count is not an argument by itself: pass it among `arguments` where the text shows it.
    public static func plural(_ key: String, _ count: Int, _ arguments: Any...) -> String {
        fill(template(key + (count == 1 ? ".one" : ".other")), arguments)
    }

    static func fill(_ template: String, _ arguments: [Any]) -> String {
        guard template.utf8.contains(UInt8(ascii: "{")) else { return template }  // not Foundation's `contains`: no NSString
        var out = ""
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{") {
            out += rest[..<open]
            let after = rest[rest.index(after: open)...]
            let close = after.firstIndex(of: "}")
            let inside = close.map { after[..<$0].split(separator: ":", maxSplits: 1) } ?? []
            if let close, let first = inside.first, let number = Int(first), arguments.indices.contains(number) {
                // `{0}` is argument 0; `{0:을}` the particle that follows it (`Particles`).
                out += inside.count == 2 ? Particles.after("\(arguments[number])", String(inside[1])) : "\(arguments[number])"
                rest = after[after.index(after: close)...]
            } else {
                out += "{"
                rest = after
            }
        }
        return out + rest
    }
}

extension Say {
    /// Runs `body` with English messages: for text that is stored (commit messages) rather than shown.
    public static func inEnglish<T>(_ body: () throws -> T) rethrows -> T {
        try $reader.withValue("en") { try body() }
    }
}
