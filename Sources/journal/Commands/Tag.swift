import ArgumentParser
import Foundation
import JournalKit

extension JournalCommand {
    struct Tag: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "tag",
            abstract: Help.text("help.Tag.abstract"),
            discussion: Help.reflow(Say.text("help.Tag.discussion")))

        @OptionGroup var options: GlobalOptions

        // `+x` and `-work` look like options: every word is read here, filters (`--tag x --from 2024`,
        // long forms only) and `--yes` among them.
        @Argument(parsing: .allUnrecognized, help: ArgumentHelp(Say.tagArgumentsHelp, valueName: "id …|+tag|-tag"), completion: Completion.tagChanges)
        var arguments: [String] = []

        func run() throws {
            var words = arguments
            let filters = try FilterOptions.taken(from: &words)
            let yes = words.contains("--yes")
            let inText = words.contains("--in-text")
            words.removeAll { $0 == "--yes" || $0 == "--in-text" }
            let journal = try options.openJournal()
            try refresh(journal)
            // The leading words that name entries are ids; the rest say what to change.
            var ids: [String] = []
            for word in words {
                guard !word.hasPrefix("+"), !word.hasPrefix("-"), (try? journal.entry(matching: word)) != nil else { break }
                ids.append(word)
            }
            if ids.isEmpty, filters.isEmpty, let first = words.first {
                _ = try journal.entry(matching: first)  // the error naming the id that matches nothing
            }
            guard !ids.isEmpty || !filters.isEmpty else { throw JournalError.invalid(Say.needEntries) }
            let operations = try TagOperation.parse(Array(words.dropFirst(ids.count)))
            if ids.count == 1, filters.isEmpty { return try tagOne(ids[0], operations, inText: inText, in: journal) }

            let entries = try filters.pick(ids, in: journal)
            guard !entries.isEmpty else {
                print(Say.noMatches)
                return
            }
            if operations.isEmpty {
                for entry in entries { print(Say.entryTags(entry.shortID, entry.tags)) }
                return
            }
            let summary = Say.tagChanges(
                added: operations.compactMap { if case .add(let tag) = $0 { tag } else { nil } },
                removed: operations.compactMap { if case .remove(let tag) = $0 { tag } else { nil } })
            try confirm(Say.confirmChangeMany(entries.count, summary), yes: yes, refusal: Say.changeManyNeedsYes(entries.count))
            let update = try journal.updateHeaders(of: entries, HeaderEdit(tags: operations))
            report(update.pending)
            reportSkipped(update.skipped)
            print(update.count == 0 ? Say.nothingChanged : Say.changedMany(update.count, summary))
        }

        /// One entry, by id: its tags changed (or shown), as `tag ID +x` always did.
        /// A tag to remove that is a `#hashtag` in the text is said so, or with `--in-text` its `#` is taken off.
        private func tagOne(_ id: String, _ operations: [TagOperation], inText: Bool, in journal: Journal) throws {
            let entry = try journal.entry(matching: id)
            if operations.isEmpty {
                if let problem = entry.problem {
                    Terminal.warn(Say.brokenEntry(entry.path, line: problem.line, reason: problem.reason))
                }
                print(Say.entryTags(entry.shortID, entry.tags))
                return
            }
            let update = try journal.updateHeader(of: entry, HeaderEdit(tags: operations), for: .tag)
            report(update.pending)
            let removed = operations.compactMap { if case .remove(let tag) = $0 { tag } else { nil } }
            let textTags = Journal.onlyInText(removed, of: update.entry)
            if !update.changes.isEmpty {
                print(Say.tagged(update.entry.shortID, update.changes.tagSummary, update.entry.tags))
            } else if textTags.isEmpty || !inText {
                print(Say.tagsUnchanged(update.entry.shortID, update.entry.tags))
            }
            guard !textTags.isEmpty else { return }
            guard inText else {
                for tag in textTags { Terminal.note(Say.tagInText(tag, update.entry.shortID)) }
                return
            }
            let unmarked = try journal.unmarkHashtags(textTags, in: update.entry)
            report(unmarked.pending)
            if !unmarked.removed.isEmpty { print(Say.untaggedText(unmarked.entry.shortID, unmarked.removed)) }
        }
    }
}
