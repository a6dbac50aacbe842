import Foundation

/// What a shell completes a word to (`journal show 3f<TAB>`).
public enum CompletionSubject: Sendable {
    /// Entry ids (their first 8 characters), newest first, each with its day and title.
    case entries
    case tags
    /// The categories of journal.yml, as shown in the user's language.
    case categories
    case remotes
}

/// One candidate: what is typed, and what the shell may show beside it.
public struct CompletionCandidate: Sendable, Equatable {
    public var value: String
    public var description: String?
}

extension Journal {
    /// The candidates for a word that starts with `prefix`, from the snapshot as the last command left it:
    /// a completion runs on every TAB, so it neither walks the files nor commits anything. At most `limit`
    /// entries (the newest) when no prefix narrows them.
    public func completions(of subject: CompletionSubject, prefix: String, limit: Int = 50) -> [CompletionCandidate] {
        switch subject {
        case .entries:
            let wanted = prefix.lowercased()
            let entries = (wanted.isEmpty ? try? entries(EntryQuery(limit: limit)) : try? index().entries(idPrefix: wanted)) ?? []
            return entries.map { entry in
                CompletionCandidate(
                    value: entry.shortID.count > wanted.count ? entry.shortID : entry.id,
                    description: ControlCharacters.visible("\(entry.createdAt.localDay) \(Journal.shortTitle(of: entry))"))
            }
        case .tags:
            return ((try? tagCounts()) ?? []).map { CompletionCandidate(value: $0.tag, description: String($0.count)) }
                .filter { $0.value.hasPrefix(prefix) }
        case .categories:
            return settings.categories.map { CompletionCandidate(value: Say.categoryName($0.name), description: nil) }
                .filter { $0.value.hasPrefix(prefix) }
        case .remotes:
            return ((try? remotes()) ?? []).map { CompletionCandidate(value: $0.name, description: $0.url) }
                .filter { $0.value.hasPrefix(prefix) }
        }
    }
}
