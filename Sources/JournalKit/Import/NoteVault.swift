import Foundation

/// The notes `import markdown` reads and the vault around them: the folder an Obsidian vault, a Logseq graph
/// or a Hugo or Jekyll site has at its top (found by `.obsidian/`, `logseq/`, `hugo.toml`…, at or above the
/// folder imported; else that folder), where a note's pictures and links are looked for the way those tools
/// look: next to the note, from the vault's top, in Obsidian's attachment folder, by name anywhere. Nothing
/// outside the vault is read: a link that climbs out of it, or a symbolic link on the way, refuses the import.
struct NoteVault {
    /// The vault's folder (absolute).
    let root: String
    /// The folder the notes are imported from, relative to `root` ("" for the vault itself).
    let folder: String
    /// The notes imported, relative to that folder (as their ids know them), sorted.
    private(set) var notes: [String] = []
    /// Every file of the vault by its lower-cased name, relative to `root`, shortest path first; empty when
    /// one note is imported from a folder that is no vault (nothing is walked then).
    private var byName: [String: [String]] = [:]
    /// Obsidian's attachment folder (`attachmentFolderPath` of `.obsidian/app.json`): relative to `root`,
    /// or to the note's folder when it starts with `./`.
    private var attachmentFolder: String?

    /// Whether `[[name]]` is a link: in Obsidian and Logseq, and a folder of notes that is no site; not in
    /// a Hugo or Jekyll site, where `[[menus.main]]` is TOML shown in a page.
    private(set) var wikilinks = true

    /// Whether the vault's tool names a note by its file and orders the notes by folders: an Obsidian vault, and
    /// a folder of notes that is no tool's. Its notes keep their names as titles and their folders (see
    /// `MarkdownReader.folderTag`). Not a Logseq graph (its `pages/` and `journals/` are the tool's own folders,
    /// its namespaces are written into file names) nor a Hugo or Jekyll site (its pages name their titles).
    private(set) var namesNotes = true

    /// The files that mark a vault's top folder: a note-taking tool's, then a site's.
    static let markers = [".obsidian", "logseq", "hugo.toml", "hugo.yaml", "hugo.json", "config.toml", "_config.yml"]

    init(importing path: String) throws(JournalError) {
        let isFolder = FileSystem.isFolder(path)
        let imported = ((isFolder ? path : (path as NSString).deletingLastPathComponent) as NSString).standardizingPath
        // A folder hidden inside a vault is walked as a vault of its own: the vault's walk passes over it.
        let top = NoteVault.top(above: imported).flatMap { top in
            imported.dropFirst(top.count).split(separator: "/").contains { $0.hasPrefix(".") } ? nil : top
        }
        root = top ?? imported
        folder = imported == root ? "" : String(imported.dropFirst(root.count + 1))
        if let top, !NoteVault.markers.prefix(2).contains(where: { FileSystem.exists(top + "/" + $0) }) { wikilinks = false }
        if let top, !FileSystem.exists(top + "/" + NoteVault.markers[0]) { namesNotes = false }
        if isFolder {
            try walk(collectingNotes: true)
            notes.sort { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        } else {
            if top != nil { try walk(collectingNotes: false) }
            notes = [(path as NSString).lastPathComponent]
        }
        if let data = FileSystem.contents(root + "/.obsidian/app.json", followingLinks: true),
            let settings = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let folder = settings["attachmentFolderPath"] as? String, !folder.isEmpty, folder != "/"
        {
            attachmentFolder = folder
        }
    }

    /// The nearest folder at or above `folder` holding a vault's marker.
    private static func top(above folder: String) -> String? {
        var current = folder
        while true {
            if markers.contains(where: { FileSystem.exists(current + "/" + $0) }) { return current }
            let parent = (current as NSString).deletingLastPathComponent
            guard parent != current, !parent.isEmpty else { return nil }
            current = parent
        }
    }

    /// A note's path relative to `root`.
    func inVault(_ note: String) -> String { folder.isEmpty ? note : folder + "/" + note }

    /// The vault's files: notes under the folder imported (a symbolic link there is refused, as it always
    /// was), every other file by name. Hidden files and folders (.obsidian, .trash, .git) are passed over;
    /// a symbolic link elsewhere in the vault is never followed.
    private mutating func walk(collectingNotes: Bool) throws(JournalError) {
        let prefix = folder.isEmpty ? "" : folder + "/"
        var folders = [""]
        while let current = folders.popLast() {
            let full = current.isEmpty ? root : root + "/" + current
            let items = (try? FileManager.default.contentsOfDirectory(atPath: full)) ?? []
            for item in items where !item.hasPrefix(".") {
                let relative = current.isEmpty ? item : current + "/" + item
                let imported = collectingNotes && relative.hasPrefix(prefix)
                var info = stat()
                guard lstat(root + "/" + relative, &info) == 0 else { continue }
                switch info.st_mode & S_IFMT {
                case S_IFLNK:
                    if imported { throw .invalid(Say.importSymlink(String(relative.dropFirst(prefix.count)))) }
                case S_IFDIR: folders.append(relative)
                case S_IFREG:
                    let lower = item.lowercased()
                    if imported && (lower.hasSuffix(".md") || lower.hasSuffix(".markdown")) {
                        notes.append(String(relative.dropFirst(prefix.count)))
                    }
                    byName[lower, default: []].append(relative)
                default: continue
                }
            }
        }
        for (name, paths) in byName where paths.count > 1 {
            byName[name] = paths.sorted { ($0.count, $0) < ($1.count, $1) }
        }
    }

    /// The vault's file a note's picture or attachment link names (relative to `root`), nil when there is
    /// none. `target` is the link's path, decoded (no `#part`). An absolute path is the vault's (a Hugo or
    /// Jekyll site's `/images/…`, also under Hugo's `static/`), never the machine's.
    func file(_ target: String, from note: String) throws(JournalError) -> String? {
        let here = NoteVault.folder(of: inVault(note))
        var candidates: [String] = []
        if target.hasPrefix("/") {
            guard let path = NoteVault.joined("", target) else { throw .invalid(Say.markdownLinkOutside(inVault(note), target)) }
            candidates = [path, "static/" + path]
        } else {
            guard let nextToNote = NoteVault.joined(here, target) else {
                throw .invalid(Say.markdownLinkOutside(inVault(note), target))
            }
            candidates = [nextToNote]
            if let fromTop = NoteVault.joined("", target) { candidates.append(fromTop) }
            if let attachments = attachmentFolder {
                let place = attachments.hasPrefix("./")
                    ? NoteVault.joined(here, String(attachments.dropFirst(2))) : NoteVault.joined("", attachments)
                if let place, let path = NoteVault.joined(place, target) { candidates.append(path) }
            }
        }
        for candidate in candidates where !candidate.isEmpty {
            if try isFile(candidate) { return candidate }
        }
        guard !target.hasPrefix("/") else { return nil }
        let name = NoteVault.name(of: target).lowercased()
        return byName[name]?.first
    }

    /// Whether a link's path stays inside the vault.
    func isInside(_ target: String, from note: String) -> Bool {
        NoteVault.joined(target.hasPrefix("/") ? "" : NoteVault.folder(of: inVault(note)), target) != nil
    }

    /// Whether the vault holds a plain file at `path` (relative to `root`); a symbolic link on the way is refused.
    private func isFile(_ path: String) throws(JournalError) -> Bool {
        var walked = root
        var info = stat()
        for part in path.split(separator: "/") {
            walked += "/" + part
            guard lstat(walked, &info) == 0 else { return false }
            if info.st_mode & S_IFMT == S_IFLNK { throw .invalid(Say.importSymlink(path)) }
        }
        return info.st_mode & S_IFMT == S_IFREG
    }

    /// The folder of a relative path, "" at the top. (NSString's path methods trap on a relative path of
    /// one character in this Foundation: `"a".deletingLastPathComponent`.)
    static func folder(of path: String) -> String {
        path.lastIndex(of: "/").map { String(path[..<$0]) } ?? ""
    }

    /// The last part of a path, its file's name.
    static func name(of path: String) -> String {
        path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
    }

    /// A file name's extension, lower-cased, "" for none (`.hidden` has none).
    static func pathExtension(_ path: String) -> String {
        let name = name(of: path)
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
        return name[name.index(after: dot)...].lowercased()
    }

    /// `folder` and a relative path joined, `.` and `..` worked out; nil when `..` climbs above the vault.
    static func joined(_ folder: String, _ path: String) -> String? {
        var parts = folder.split(separator: "/").map(String.init)
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            switch part {
            case ".": continue
            case "..":
                guard !parts.isEmpty else { return nil }
                parts.removeLast()
            default: parts.append(String(part))
            }
        }
        return parts.joined(separator: "/")
    }

    /// Copies a vault's file (relative to `root`) to `destination`: read through no link, as ExportSource reads.
    func copy(_ path: String, to destination: String) throws(JournalError) {
        try ExportSource(root).copy(path, to: destination)
    }
}
