import Foundation

/// How `share` writes one entry.
public enum ShareFormat: String, CaseIterable, Sendable {
    case text, markdown, html
}

extension Journal {
    /// One entry as it is pasted elsewhere, in `format`: its links to its files point at where they are
    /// on this machine (text names them, html shows pictures inline, markdown links them as file URLs).
    /// `language`: the words around the entry's own (a page's may not be the process's).
    public func share(_ found: Entry, as format: ShareFormat, dates: DateText, units: Units,
                      language: String = Say.current) throws(JournalError) -> String {
        var entry = try readEntry(at: found.path)
        let files = sharedFiles(of: entry)
        entry.text = textLinkingFiles(of: entry)
        let sharing = EntrySharing(settings: settings, dates: dates, units: units, language: language, files: files)
        switch format {
        case .text: return sharing.text(entry)
        case .markdown: return sharing.markdown(entry)
        case .html: return sharing.html(entry)
        }
    }
}

/// One entry as it is pasted into a message, a note or a page.
public struct EntrySharing {
    let settings: Settings
    let dates: DateText
    let units: Units
    let language: String
    /// The entry's files: text names where they are; html shows pictures inline (data URIs) and names the
    /// rest; markdown links them where the text does (as file URLs).
    var files: [SharedFile] = []

    private func facts(_ entry: Entry) -> (first: [String], place: [String]) {
        let facts = EntryFacts(entry, settings: settings, dates: dates, units: units, language: language)
        return (facts.firstLine(withID: false), facts.placeLine)
    }

    private func title(_ entry: Entry) -> String { entry.title.isEmpty ? Say.text(in: language, "untitledDisplay", []) : entry.title }

    public func text(_ entry: Entry) -> String {
        let facts = facts(entry)
        var out = title(entry) + "\n" + facts.first.joined(separator: " · ") + "\n"
        if !facts.place.isEmpty { out += facts.place.joined(separator: " · ") + "\n" }
        let body = entry.body
        if !body.isEmpty { out += "\n" + body + "\n" }
        if !files.isEmpty { out += "\n" + Say.attachmentsLine(in: language, files.map(\.path)) + "\n" }
        return out
    }

    public func markdown(_ entry: Entry) -> String {
        EntryMarkdown(settings: settings, units: units, heading: "#", withID: false).render(entry)
    }

    public func html(_ entry: Entry) -> String {
        let facts = facts(entry)
        var out = "<article class=\"journal-entry\">\n<h1>\(MarkupText.escaped(title(entry)))</h1>\n"
        out += "<p class=\"meta\">" + MarkupText.escaped(facts.first.joined(separator: " · "))
        if !facts.place.isEmpty { out += "<br>\n" + MarkupText.escaped(facts.place.joined(separator: " · ")) }
        out += "</p>\n"
        for paragraph in entry.body.components(separatedBy: "\n\n") where !paragraph.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            out += "<p>" + paragraph.split(separator: "\n", omittingEmptySubsequences: false).map { MarkupText.escaped(String($0)) }
                .joined(separator: "<br>\n") + "</p>\n"
        }
        // Pictures inline, so that the fragment shows them wherever it is pasted; other files by where they are.
        for file in files {
            if let type = file.imageType, let data = FileSystem.contents(file.path) {
                out += "<p><img alt=\"\(MarkupText.escaped(file.name))\" src=\"data:\(type);base64,\(data.base64EncodedString())\"></p>\n"
            }
        }
        let others = files.filter { $0.imageType == nil }
        if !others.isEmpty {
            out += "<p class=\"attachments\">" + MarkupText.escaped(Say.attachmentsLine(in: language, others.map(\.path))) + "</p>\n"
        }
        return out + "</article>\n"
    }
}

