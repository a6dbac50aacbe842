import ArgumentParser
import JournalKit

/// The shells' completion of what a journal holds: entry ids (with their day and title beside them where
/// the shell shows descriptions, zsh and fish), tags, categories and remote names. The completion scripts
/// run `journal` for these on every TAB, so they read the snapshot as it is (`Journal.completions`).
enum Completion {
    static let entries = CompletionKind.custom { words, _, prefix in candidates(.entries, words: words, prefix: prefix) }
    static let tags = CompletionKind.custom { words, _, prefix in candidates(.tags, words: words, prefix: prefix) }
    static let categories = CompletionKind.custom { words, _, prefix in candidates(.categories, words: words, prefix: prefix) }
    static let remotes = CompletionKind.custom { words, _, prefix in candidates(.remotes, words: words, prefix: prefix) }
    /// `journal tag ID +food -draft`: a tag after its + or -.
    static let tagChanges = CompletionKind.custom { words, _, prefix in
        guard let sign = prefix.first, sign == "+" || sign == "-" else { return ["+", "-"] }
        return candidates(.tags, words: words, prefix: String(prefix.dropFirst())).map { String(sign) + $0 }
    }

    /// The candidates as the requesting shell reads them: `value:description` for zsh (`_describe`),
    /// `value<TAB>description` for fish, the values alone for bash.
    static func candidates(_ subject: CompletionSubject, words: [String], prefix: String) -> [String] {
        var context = Shell.context()
        context.notice = { _ in }
        guard let journal = try? Journal.open(at: journalFolder(in: words), context: context) else { return [] }
        let found = journal.completions(of: subject, prefix: prefix)
        let shell = CompletionShell.requesting
        return found.map { candidate in
            guard let description = candidate.description, !description.isEmpty else { return candidate.value }
            if shell == .zsh { return candidate.value.replacingOccurrences(of: ":", with: "\\:") + ":" + description }
            if shell == .fish { return candidate.value + "\t" + description }
            return candidate.value
        }
    }

    /// The journal the command line being completed names (`-J DIR`, `--journal DIR`, `--journal=DIR`,
    /// `-JDIR`), else the one every command uses.
    static func journalFolder(in words: [String]) -> String {
        var named: String?
        for (index, word) in words.enumerated() {
            if ["-J", "--journal"].contains(word), index + 1 < words.count {
                named = unquoted(words[index + 1])
            } else if word.hasPrefix("--journal=") {
                named = unquoted(String(word.dropFirst("--journal=".count)))
            } else if word.hasPrefix("-J"), word.count > 2 {
                named = unquoted(String(word.dropFirst(2)))
            }
        }
        var options = GlobalOptions()
        options.journal = named
        return options.location.path
    }

    /// A shell word as typed, without its quotes (the scripts pass words verbatim).
    private static func unquoted(_ word: String) -> String {
        Shell.words(word).first ?? word
    }
}
