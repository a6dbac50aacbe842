import Foundation

/// Entries in jrnl's own forms: the text of its journal file, which `jrnl --import` reads (what
/// `jrnl --export txt` writes: `[2024-03-01 09:00:05 AM] Title *` then the body), and the JSON of
/// `jrnl --export json`. jrnl keeps a local time, a title, a body, its tags in the text and a star; what it
/// cannot hold is counted, for one warning line (`warning`).
public struct JrnlExport: Sendable {
    /// Entries with something jrnl has no place for.
    public private(set) var losses = Losses()
    /// Each tag's count, for the end of jrnl's JSON (`"tags": {"@work": 3}`).
    public private(set) var tagCounts: [String: Int] = [:]

    public struct Losses: Sendable, Equatable {
        /// Entries written in another offset than the local zone's: jrnl reads their wall time there.
        public var timeZones = 0
        public var places = 0
        public var weather = 0
        public var attachments = 0
        /// Entries whose header tags were written at the end of their text as `@tags`, so that jrnl finds them.
        public var tagsWritten = 0
        /// Tags jrnl's tag rule cannot hold (a space, most punctuation), with the number of entries.
        public var tagsDropped: [String: Int] = [:]
    }

    /// The zone jrnl will read the times in: an entry written in another offset loses its instant.
    let localZone: TimeZone

    public init(localZone: TimeZone) {
        self.localZone = localZone
    }

    /// One entry as jrnl's journal file has it, ending with a newline; entries are joined by a blank line
    /// (`"\n".join(str(entry) …)` in jrnl). `hasAttachments` says whether files are attached to it.
    public mutating func text(_ entry: Entry, hasAttachments: Bool) -> String {
        let (title, body) = titleAndBody(entry, hasAttachments: hasAttachments, writingTags: true)
        var out = "[" + JrnlExport.stamp(entry.createdAt) + "] " + title + (entry.starred ? " *" : "")
        if !body.isEmpty { out += "\n" + body }
        return out + "\n"
    }

    /// One entry of jrnl's JSON export: the title and body, local date and time, tags with their symbol.
    public mutating func json(_ entry: Entry, hasAttachments: Bool) -> JrnlJSONEntry {
        let (title, body) = titleAndBody(entry, hasAttachments: hasAttachments, writingTags: false)
        // Lower-cased, as jrnl lists them.
        var tags = Jrnl.tags(in: entry.text, withSymbol: true).map { $0.lowercased() }
        let found = Set(tags.map { String($0.dropFirst()) })
        tags += entry.allTags.filter { !found.contains($0.lowercased()) && JrnlExport.jrnlCanHold($0) }.map { "@" + $0.lowercased() }
        for tag in tags { tagCounts[tag, default: 0] += 1 }
        return JrnlJSONEntry(
            title: title, body: body, date: entry.createdAt.localDay.description, time: entry.createdAt.hourMinute,
            tags: tags, starred: entry.starred)
    }

    /// What jrnl could not keep, on one line; nil when it kept everything.
    public var warning: String? {
        var parts: [String] = []
        if losses.timeZones > 0 { parts.append(Say.jrnlLost("timeZones", losses.timeZones)) }
        if losses.places > 0 { parts.append(Say.jrnlLost("places", losses.places)) }
        if losses.weather > 0 { parts.append(Say.jrnlLost("weather", losses.weather)) }
        if losses.attachments > 0 { parts.append(Say.jrnlLost("attachments", losses.attachments)) }
        for (tag, count) in losses.tagsDropped.sorted(by: { $0.key < $1.key }) { parts.append(Say.jrnlLostTag(tag, count)) }
        var line = parts.isEmpty ? "" : Say.jrnlCannotHold(parts.joined(separator: ", "))
        if losses.tagsWritten > 0 {
            line += (line.isEmpty ? "" : "; ") + Say.jrnlTagsWritten(losses.tagsWritten)
        }
        return line.isEmpty ? nil : line
    }

    /// jrnl's title (the header's title, else the first line of the text, `#` and all) and body (the rest, without the blank lines
    /// around it), counting what jrnl loses; in the text form, header tags jrnl would not find in the text
    /// go at the end of the body as `@tags`.
    private mutating func titleAndBody(_ entry: Entry, hasAttachments: Bool, writingTags: Bool) -> (String, String) {
        if entry.createdAt.offsetSeconds != localZone.secondsFromGMT(for: entry.createdAt.date) { losses.timeZones += 1 }
        if entry.location != nil { losses.places += 1 }
        if entry.weather != nil { losses.weather += 1 }
        if hasAttachments { losses.attachments += 1 }
        var lines = Entry.lines(of: entry.text)
        var title = ""
        if entry.titleFromHeader {
            // A title the header gives is jrnl's title; the text, all of it, its body.
            title = entry.title
        } else {
            while let line = lines.next() {
                if Entry.isBlank(line) { continue }
                title = Jrnl.strip(String(line))
                break
            }
        }
        var body = Jrnl.strip(String(entry.text[lines.position...]))
        let inText = Set(Jrnl.tags(in: entry.text).map { $0.lowercased() })
        var missing: [String] = []
        for tag in entry.tags where !inText.contains(tag.lowercased()) {
            if JrnlExport.jrnlCanHold(tag) {
                missing.append("@" + tag)
            } else {
                losses.tagsDropped[tag, default: 0] += 1
            }
        }
        if writingTags, !missing.isEmpty {
            losses.tagsWritten += 1
            body += (body.isEmpty ? "" : "\n\n") + missing.joined(separator: " ")
        }
        return (title, body)
    }

    /// jrnl's default time format, `%F %r`: `2024-03-01 09:00:05 PM`, the local time as the writer lived it.
    static func stamp(_ time: Timestamp) -> String {
        let p = time.parts
        let hour = p.hour % 12 == 0 ? 12 : p.hour % 12
        return time.localDay.description + " " + hour.zeroPadded(2) + ":" + p.minute.zeroPadded(2) + ":" + p.second.zeroPadded(2)
            + (p.hour < 12 ? " AM" : " PM")
    }

    /// jrnl's tag rule: `[-+*#/\w]+` after the symbol.
    static func jrnlCanHold(_ tag: String) -> Bool {
        Jrnl.tags(in: "@" + tag) == [tag]
    }
}

/// One entry of jrnl's JSON export, in its keys.
public struct JrnlJSONEntry: Encodable, Sendable {
    public let title: String
    public let body: String
    public let date: String
    public let time: String
    public let tags: [String]
    public let starred: Bool
}
