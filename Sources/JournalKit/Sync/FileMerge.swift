import Foundation

/// One path of a three-way merge: its bytes in the common ancestor and on each side (nil: absent).
struct MergeInput {
    var path: String
    var base: Data?
    var ours: Data?
    var theirs: Data?
    /// Which side wins where both changed the same thing: the one whose last commit touching the
    /// path is later (ties broken by blob id), so that every machine decides the same way.
    var oursWins: Bool
}

/// What the merge of one path gives.
struct MergedFile: Equatable {
    /// The path's new bytes; nil when it is deleted.
    var data: Data?
    /// A second file keeping the text that lost where both sides changed the same words.
    var copy: Copy?
    /// Human notes for the merge commit: which value won where both sides changed one.
    var notes: [String] = []

    struct Copy: Equatable {
        var path: String
        var data: Data
    }
}

/// The journal's merge policy, one path at a time. Entries merge header field by field and the text
/// line by line, then word by word; `journal.yml` merges key by key; other text files line by line.
/// Nothing here ever writes conflict markers: where both sides changed the same words, one text stays
/// and the other goes into a copy beside it.
enum FileMerge {
    /// Header fields that the tool fills in by itself: a change to only these loses to a delete.
    static let toolFields: Set<String> = ["weather", "location", "category", "updated_at"]

    static func merge(_ input: MergeInput) -> MergedFile {
        let (base, ours, theirs) = (input.base, input.ours, input.theirs)
        if ours == theirs { return MergedFile(data: ours) }
        if ours == base { return MergedFile(data: theirs) }
        if theirs == base { return MergedFile(data: ours) }
        // A binary file named .md is no entry: merged as a binary file, it is never decoded as text.
        let isEntry = Journal.isEntryPath(input.path)
            && [base, ours, theirs].allSatisfy { $0.map { EntryFile.lineWhereTextEnds($0) == nil } ?? true }
        // Edited on one side, deleted on the other.
        guard let ours, let theirs else {
            guard let kept = ours ?? theirs else { return MergedFile(data: nil) }
            if isEntry, let base, onlyToolFieldsChanged(from: base, to: kept) {
                return MergedFile(data: nil, notes: [Say.syncDeleteWins(input.path)])
            }
            return MergedFile(data: kept, notes: [Say.syncEditWins(input.path)])
        }
        if isEntry {
            return mergeEntry(input.path, base: base ?? Data(), ours: ours, theirs: theirs, oursWins: input.oursWins)
        }
        if input.path == Journal.settingsFile {
            return mergeDocument(input.path, base: base ?? Data(), ours: ours, theirs: theirs, oursWins: input.oursWins)
        }
        return mergeText(input.path, base: base ?? Data(), ours: ours, theirs: theirs, oursWins: input.oursWins)
    }

    // MARK: Entries

    private static func mergeEntry(_ path: String, base: Data, ours: Data, theirs: Data, oursWins: Bool) -> MergedFile {
        guard let b = RawEntry(base, allowEmpty: true), let o = RawEntry(ours), let t = RawEntry(theirs),
              o.hasHeader == t.hasHeader, [b, o, t].allSatisfy(\.headerReads)
        else {
            return mergeText(path, base: base, ours: ours, theirs: theirs, oursWins: oursWins)
        }
        let (winner, loser) = oursWins ? (o, t) : (t, o)
        var notes: [String] = []
        let header = mergeBlocks(base: b.header, winner: winner.header, loser: loser.header, level: "",
                                 setKeys: ["tags"], notes: &notes)
        let body: (kept: String, lost: String?)
        switch TextMerge.merge(base: b.body, ours: winner.body, theirs: loser.body, keepingBothInsertions: true) {
        case .clean(let text): body = (text, nil)
        case .conflict(let preferWinner, let preferLoser): body = (preferWinner, preferLoser)
        }
        let merged = winner.assembled(header: header, body: body.kept)
        // An emptied text has nothing to keep: no copy for it.
        guard let lost = body.lost, !lost.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            return MergedFile(data: merged, notes: notes.map { Say.syncNote(path, $0) })
        }

        let id = Block.scalar(of: "id", in: header) ?? NameUUID.forPath(path).uuidString.lowercased()
        let blobs = [GitBlob.id(of: ours), GitBlob.id(of: theirs)].sorted()
        let copyID = NameUUID.make(namespace: conflictNamespace, name: id + " " + blobs.joined(separator: " "))
            .uuidString.lowercased()
        var copyHeader = header.filter { $0.key != "id" && $0.key != "conflict_of" }
        let idLine = Block(key: "id", lines: ["id: " + copyID])
        let insertAt = header.firstIndex { $0.key == "id" } ?? 0
        copyHeader.insert(idLine, at: min(insertAt, copyHeader.count))
        copyHeader.insert(Block(key: "conflict_of", lines: ["conflict_of: " + id]), at: min(insertAt + 1, copyHeader.count))
        let copyData = RawEntry.withHeader(loser, header: copyHeader, body: lost)
        notes.append(Say.syncConflictCopyNote(copyID))
        return MergedFile(data: merged, copy: .init(path: copyPath(for: path, id: copyID), data: copyData),
                          notes: notes.map { Say.syncNote(path, $0) })
    }

    /// A conflict copy of an entry merged as plain text (a side without a header, or with a broken one):
    /// `lost` with `conflict_of:` added, and an id of its own where it has one. Nil when `lost` has a
    /// header that cannot take a field.
    private static func entryCopy(_ path: String, of kept: Data, keeping lost: Data, blobs: [String])
        -> (file: MergedFile.Copy, id: String)?
    {
        let original = RawEntry(kept).flatMap { Block.scalar(of: "id", in: $0.header) }
            ?? NameUUID.forPath(path).uuidString.lowercased()
        let copyID = NameUUID.make(namespace: conflictNamespace, name: original + " " + blobs.sorted().joined(separator: " "))
            .uuidString.lowercased()
        let hasID = RawEntry(lost).map { Block.scalar(of: "id", in: $0.header) != nil } ?? false
        let fields: [(key: String, value: String?)] = (hasID ? [("id", copyID)] : []) + [("conflict_of", original)]
        guard let data = EntryFile.setting(fields, in: lost) else { return nil }
        return (.init(path: copyPath(for: path, id: copyID), data: data), copyID)
    }

    /// The namespace of conflict copies' ids (a version 5 UUID of "journal-conflict-copy").
    static let conflictNamespace = NameUUID.make(namespace: NameUUID.urlNamespace, name: "journal-conflict-copy")

    /// `entries/2026/11/2026-11-21-3f2a9c1e.md` → `entries/2026/11/2026-11-21-<copy id>.md`; a hand-named
    /// file `notes.md` → `notes-conflict-<copy id>.md`.
    static func copyPath(for path: String, id: String) -> String {
        let short = Entry.shortID(of: id)
        let folder = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        let ext = (name as NSString).pathExtension
        let stem = (name as NSString).deletingPathExtension
        let newStem: String
        if EntryFile.dateInFileName(name) != nil, stem.count == 19, stem.dropFirst(10).first == "-" {
            newStem = String(stem.prefix(11)) + short
        } else {
            newStem = stem + "-conflict-" + short
        }
        let file = ext.isEmpty ? newStem : newStem + "." + ext
        return folder.isEmpty ? file : folder + "/" + file
    }

    /// True when `to` differs from `from` only in header fields the tool fills in by itself.
    static func onlyToolFieldsChanged(from: Data, to: Data) -> Bool {
        guard let before = RawEntry(from), let after = RawEntry(to), before.body == after.body,
              before.hasHeader, after.hasHeader else { return false }
        let keys = Set(before.header.compactMap(\.key)).union(after.header.compactMap(\.key))
        for key in keys where Block.text(of: key, in: before.header) != Block.text(of: key, in: after.header) {
            if !toolFields.contains(key) { return false }
        }
        return Block.text(of: nil, in: before.header) == Block.text(of: nil, in: after.header)
    }

    // MARK: journal.yml and other files

    /// A YAML document merged key by key, nested mappings included.
    private static func mergeDocument(_ path: String, base: Data, ours: Data, theirs: Data, oursWins: Bool) -> MergedFile {
        let text = { (data: Data) in String(decoding: data, as: UTF8.self) }
        let (winner, loser) = oursWins ? (text(ours), text(theirs)) : (text(theirs), text(ours))
        var notes: [String] = []
        let blocks = mergeBlocks(base: Block.parse(lines(text(base))), winner: Block.parse(lines(winner)),
                                 loser: Block.parse(lines(loser)), level: "", setKeys: [], notes: &notes)
        let joined = blocks.flatMap(\.lines).joined(separator: "\n")
        return MergedFile(data: Data((joined + (winner.hasSuffix("\n") ? "\n" : "")).utf8),
                          notes: notes.map { Say.syncNote(path, $0) })
    }

    /// Text merged line by line then word by word; where both changed the same words, the winner's
    /// text stays and a copy beside it keeps the other. Binary files: the winner stays, with a copy.
    private static func mergeText(_ path: String, base: Data, ours: Data, theirs: Data, oursWins: Bool) -> MergedFile {
        let (winner, loser) = oursWins ? (ours, theirs) : (theirs, ours)
        let kept: Data
        let lost: Data
        if let b = textOf(base), let w = textOf(winner), let l = textOf(loser) {
            switch TextMerge.merge(base: b, ours: w, theirs: l, keepingBothInsertions: true) {
            case .clean(let text): return MergedFile(data: Data(text.utf8))
            case .conflict(let preferWinner, let preferLoser): (kept, lost) = (Data(preferWinner.utf8), Data(preferLoser.utf8))
            }
        } else {
            (kept, lost) = (winner, loser)
        }
        if let text = textOf(lost), text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { return MergedFile(data: kept) }
        if Journal.isEntryPath(path), textOf(lost) != nil,
           let copy = entryCopy(path, of: kept, keeping: lost, blobs: [GitBlob.id(of: ours), GitBlob.id(of: theirs)]) {
            return MergedFile(data: kept, copy: copy.file, notes: [Say.syncNote(path, Say.syncConflictCopyNote(copy.id))])
        }
        let copyID = GitBlob.id(of: lost)
        let folder = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        let ext = (name as NSString).pathExtension
        let stem = (name as NSString).deletingPathExtension
        let copyName = stem + ".conflict-" + Entry.shortID(of: copyID) + (ext.isEmpty ? "" : "." + ext)
        let copy = folder.isEmpty ? copyName : folder + "/" + copyName
        return MergedFile(data: kept, copy: .init(path: copy, data: lost), notes: [Say.syncFileCopyNote(path, copy)])
    }

    private static func textOf(_ data: Data) -> String? {
        guard !data.contains(0), let text = String(data: data, encoding: .utf8) else { return nil }
        return text
    }

    static func lines(_ text: String) -> [String] {
        var result = text.lfLines().map(String.init)
        if text.hasSuffix("\n") { result.removeLast() }
        return result
    }

    // MARK: Key by key

    /// Merges two versions of a list of YAML blocks against their ancestor: a key changed on one side
    /// takes that side's block; changed on both, a mapping merges key by key, `setKeys` as sets, and
    /// anything else takes the winner's block (the loser's value goes into `notes`). The winner's order
    /// is kept; keys only the loser added follow the key they followed there.
    static func mergeBlocks(base: [Block], winner: [Block], loser: [Block], level: String, setKeys: Set<String>,
                            notes: inout [String]) -> [Block] {
        var result: [Block] = []
        let loserKeys = Set(loser.map(\.key))
        let winnerKeys = Set(winner.map(\.key))
        for block in winner {
            let b = Block.find(block.key, in: base)
            let l = loserKeys.contains(block.key) ? Block.find(block.key, in: loser) : nil
            if let merged = mergeOne(key: block.key, base: b, winner: block, loser: l, level: level, setKeys: setKeys,
                                     notes: &notes) {
                result.append(merged)
            }
        }
        // Keys the winner doesn't have: added by the loser, or deleted by the winner.
        for (position, block) in loser.enumerated() where !winnerKeys.contains(block.key) {
            let b = Block.find(block.key, in: base)
            guard let merged = mergeOne(key: block.key, base: b, winner: nil, loser: block, level: level,
                                        setKeys: setKeys, notes: &notes) else { continue }
            let previous = loser[..<position].last { key in result.contains { $0.key == key.key } }
            let at = previous.flatMap { p in result.firstIndex { $0.key == p.key } }.map { $0 + 1 } ?? result.count
            result.insert(merged, at: at)
        }
        return result
    }

    private static func mergeOne(key: String?, base: Block?, winner: Block?, loser: Block?, level: String,
                                 setKeys: Set<String>, notes: inout [String]) -> Block? {
        if winner == loser { return winner }
        if winner == base { return loser }
        if loser == base { return winner }
        let name = level.isEmpty ? (key ?? "") : level + "." + (key ?? "")
        if let key, let winner, let loser {
            if setKeys.contains(key), let merged = mergeSet(key, base: base, winner: winner, loser: loser) {
                return merged
            }
            if let w = winner.children, let l = loser.children {
                let b = base?.children ?? (indent: w.indent, blocks: [])
                if w.indent == l.indent {
                    let children = mergeBlocks(base: b.blocks, winner: w.blocks, loser: l.blocks, level: name,
                                               setKeys: [], notes: &notes)
                    return Block(key: key, lines: [winner.lines[0]] + children.flatMap(\.lines))
                }
            }
        }
        // A value of several lines (a block list, a `|` text, comments) merges line by line when it can.
        if let key, let winner, let loser, winner.lines.count + loser.lines.count > 2 {
            let text = { (block: Block?) in block.map { $0.lines.joined(separator: "\n") + "\n" } ?? "" }
            if case .clean(let merged) = TextMerge.merge(base: text(base), ours: text(winner), theirs: text(loser),
                                                        keepingBothInsertions: true),
               Block.parse(FileMerge.lines(merged), indent: 0).map(\.key) == [key]
            {
                return Block(key: key, lines: FileMerge.lines(merged))
            }
        }
        // A value that is there but empty (`key:`) is named as such, so the note never ends in nothing; a long
        // one (a `title:`) is cut as a title is, so that the note stays a line.
        let shown = { (block: Block?) in
            block.map { $0.valueText.isEmpty ? Say.syncEmptyValue : clipped($0.valueText, toWidth: Say.titleCells) } ?? Say.syncNothing
        }
        notes.append(Say.syncKept(name, shown(winner), shown(loser)))
        return winner
    }

    /// A list merged as a set: what either side added is in, what either side removed is out.
    private static func mergeSet(_ key: String, base: Block?, winner: Block, loser: Block) -> Block? {
        guard let w = winner.list, let l = loser.list else { return nil }
        let b = base?.list ?? []
        let removed = Set(b).subtracting(w).union(Set(b).subtracting(l))
        var items: [String] = []
        for item in w + l where !removed.contains(item) && !items.contains(item) { items.append(item) }
        let end = winner.lines[0].hasSuffix("\r") ? "\r" : ""
        // Comments and blank lines that stood in the block stay (a block list's items are the list).
        let kept = winner.lines.dropFirst().filter(YAMLLine.isBlankOrComment)
        return Block(key: key, lines: ["\(key): " + YAMLWriter.flowList(items) + end] + kept)
    }
}
