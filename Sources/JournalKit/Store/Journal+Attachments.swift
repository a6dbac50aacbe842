import Foundation

extension Journal {
    /// Copies `files` into `attachments/<id>/` (a name already there gets `-2`, `-3`… before its extension),
    /// appends a link to each — an image line for pictures — to the entry's text, and commits it all as one
    /// commit. Every file is checked before anything is written: a missing file, a folder or a file of the
    /// journal's own `.git` is refused and nothing changes. Returns the names given in the folder, in order.
    public func attach(_ files: [String], to entry: Entry) throws(JournalError) -> [String] {
        guard !files.isEmpty else { throw .invalid(Say.attachNothing) }
        let gitdir = URL(fileURLWithPath: gitdir).standardizedFileURL.resolvingSymlinksInPath().path
        var sources: [(name: String, read: () throws(JournalError) -> Data)] = []
        for file in files {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: file, isDirectory: &isFolder) else { throw .invalid(Say.attachMissing(file)) }
            guard !isFolder.boolValue else { throw .invalid(Say.attachFolder(file)) }
            let real = URL(fileURLWithPath: file).standardizedFileURL.resolvingSymlinksInPath().path
            guard real != gitdir, !real.hasPrefix(gitdir + "/") else { throw .invalid(Say.attachInGit(file)) }
            let name = (file as NSString).lastPathComponent  // a link's own name, not its target's
            guard ImportNames.isPlainFileName(name) else { throw .invalid(Say.attachBadName(file)) }
            sources.append((name, { () throws(JournalError) in try FileSystem.read(real, followingLinks: true) }))
        }
        return try attach(sources, to: entry)
    }

    /// The same, for files given as bytes (a phone's photos sent to `journal serve`): each name a plain file name.
    public func attach(_ files: [(name: String, data: Data)], to entry: Entry) throws(JournalError) -> [String] {
        guard !files.isEmpty else { throw .invalid(Say.attachNothing) }
        for file in files where !ImportNames.isPlainFileName(file.name) { throw .invalid(Say.attachBadName(file.name)) }
        return try attach(files.map { file in (file.name, { () throws(JournalError) in file.data }) }, to: entry)
    }

    private func attach(_ sources: [(name: String, read: () throws(JournalError) -> Data)], to entry: Entry) throws(JournalError) -> [String] {
        let folder = Journal.attachmentFolder(of: entry.id)
        var names: [String] = []
        _ = try change { () throws(JournalError) -> (files: [(path: String, data: Data?)], message: String)? in
            let text = try FileSystem.read(root + "/" + entry.path)
            var taken = Set(FileSystem.isFolder(root + "/" + folder) ? FileSystem.files(under: root + "/" + folder, relativeTo: root + "/" + folder) : [])
            var written: [(path: String, data: Data?)] = []
            for source in sources {
                let name = Journal.freeName(source.name, taken: taken)
                taken.insert(name)
                names.append(name)
                written.append((folder + "/" + name, try source.read()))
            }
            var edited = text
            if let last = edited.last, last != UInt8(ascii: "\n") { edited.append(UInt8(ascii: "\n")) }
            let up = String(repeating: "../", count: entry.path.split(separator: "/").count - 1)
            let links = names.map { Journal.link(to: $0, at: up + folder + "/" + Journal.percentEncoded($0)) }
            edited.append(contentsOf: Data(("\n" + links.joined(separator: "\n") + "\n").utf8))
            written.append((entry.path, edited))
            return (written, Say.commitAttach(Journal.shortTitle(of: entry), entry.shortID, names))
        }
        return names
    }

    /// `photo.jpg`, else `photo-2.jpg`, `photo-3.jpg`…: the first name not in `taken`.
    static func freeName(_ name: String, taken: Set<String>) -> String {
        guard taken.contains(name) else { return name }
        let ext = (name as NSString).pathExtension
        let stem = ext.isEmpty ? name : String(name.dropLast(ext.count + 1))
        var number = 2
        while true {
            let candidate = stem + "-\(number)" + (ext.isEmpty ? "" : "." + ext)
            if !taken.contains(candidate) { return candidate }
            number += 1
        }
    }

    /// `![name](path)` for a picture, `[name](path)` for anything else; brackets in the name are escaped.
    static func link(to name: String, at path: String) -> String {
        let label = name.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "[", with: "\\[")
            .replacingOccurrences(of: "]", with: "\\]")
        return (FileKind.of(name).isPicture ? "!" : "") + "[" + label + "](" + path + ")"
    }

    /// A file name as a link's path: spaces, parentheses and other characters a Markdown link cannot hold
    /// bare are percent-encoded.
    static func percentEncoded(_ name: String) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "()<>[] ")
        return name.addingPercentEncoding(withAllowedCharacters: allowed) ?? name
    }
}

/// An entry's attached file as a shared entry names it: where it is on this machine, and, for a picture,
/// its type (a page can then show it inline).
public struct SharedFile: Sendable, Equatable {
    public var name: String
    /// Absolute.
    public var path: String
    /// `image/jpeg` and the like; nil for a file that is not a picture.
    public var imageType: String?
}

extension Journal {
    /// The entry's files, for `share`: a link relative to the journal means nothing once pasted elsewhere.
    public func sharedFiles(of entry: Entry) -> [SharedFile] {
        attachments(of: entry.id).map { relative in
            let name = (relative as NSString).lastPathComponent
            let kind = FileKind.of(name)
            return SharedFile(name: name, path: root + "/" + relative, imageType: kind.isPicture && kind.shownInPage ? kind.mediaType : nil)
        }
    }

    /// `text` (the entry's, or a page that holds it) with the entry's links to its own files made relative to
    /// `folder`, where the text is to be read from (`export markdown`'s file, or the folder it is written in).
    func linkingFiles(_ text: String, of entry: Entry, from folder: String) -> String {
        var text = text
        let base = FileSystem.resolved(folder)
        let journal = FileSystem.resolved(root)
        for relative in attachments(of: entry.id) {
            let path = FileSystem.relativePath(from: base, to: journal + "/" + relative)
            let link = path.split(separator: "/", omittingEmptySubsequences: false).map { Journal.percentEncoded(String($0)) }
            text = DayOneExport.relink(text, file: relative, entryPath: entry.path, to: link.joined(separator: "/"))
        }
        return text
    }

    /// The entry's text with its links to its own files made `file://` URLs of where they are on this machine.
    public func textLinkingFiles(of entry: Entry) -> String {
        var text = entry.text
        for relative in attachments(of: entry.id) {
            text = DayOneExport.relink(text, file: relative, entryPath: entry.path, to: URL(fileURLWithPath: root + "/" + relative).absoluteString)
        }
        return text
    }
}
