import Foundation
import Git

/// What `.journal-crypt` (versioned, plain) says: this journal's entries and attachments are stored
/// encrypted, under this journal id (which names the key file) and this key.
public struct EncryptionMarker: Sendable, Equatable {
    public var journalID: String
    public var keyID: String

    var text: String {
        "# Entries and attachments of this journal are stored encrypted: see `journal encrypt status`.\n"
            + "journal: \(journalID)\nkey: \(keyID)\n"
    }

    init(journalID: String, keyID: String) {
        self.journalID = journalID
        self.keyID = keyID
    }

    init?(_ data: Data) {
        var fields: [String: String] = [:]
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") where !line.hasPrefix("#") {
            let parts = line.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            if parts.count == 2 { fields[parts[0]] = parts[1] }
        }
        guard let journal = fields["journal"], let key = fields["key"], !journal.isEmpty,
              journal.allSatisfy({ $0.isHexDigit || $0 == "-" }), !key.isEmpty, key.allSatisfy(\.isHexDigit)
        else { return nil }
        self.init(journalID: journal, keyID: key)
    }
}

/// `journal encrypt status`.
public struct EncryptionStatus: Sendable {
    public var marker: EncryptionMarker?
    public var keyPath: String?
    public var keyPresent: Bool
    /// Commits made before encryption was turned on, whose blobs are plaintext.
    public var plaintextCommits: Int
}

/// What `journal encrypt init` made.
public struct EncryptionStart: Sendable {
    public var marker: EncryptionMarker
    public var keyPath: String
    /// The key as a key file holds it (for `--export`).
    public var keyFileText: String
    public var recoveryWords: [String]
    public var storedFiles: Int
    public var plaintextCommits: Int
}

/// End-to-end encryption of a journal's blobs (entries and attachments), git-crypt's way: the folder
/// stays plain Markdown, everything in commits (so on every remote) is ciphertext. `BlobCipher` is the
/// one codec; it is installed into the repository, whose every read and write of a blob goes through it.
extension Journal {
    public static let encryptionMarkerFile = ".journal-crypt"
    static let attributesFile = ".gitattributes"
    static var attributeLines: String {
        BlobCipher.coveredFolders.map { "\($0)/** filter=\(BlobCipher.filterName) diff=\(BlobCipher.filterName)\n" }.joined()
    }

    /// The marker in the folder, else in HEAD (a folder whose marker was deleted by hand stays encrypted).
    /// HEAD is looked at only where the attributes name the filter: opening the repository starts libgit2,
    /// which a command that reads a plain journal never needs.
    var encryptionMarker: EncryptionMarker? {
        if let data = FileSystem.contents(root + "/" + Journal.encryptionMarkerFile) {
            return EncryptionMarker(data)
        }
        let filter = Data("filter=\(BlobCipher.filterName)".utf8)
        guard [root + "/" + Journal.attributesFile, gitdir + "/info/attributes"].contains(where: { path in
                  FileSystem.contents(path).map { $0.range(of: filter) != nil } ?? false
              }),
              let head = try? repository.head(),
              let data = try? repository.fileContents(Journal.encryptionMarkerFile, at: head) else { return nil }
        return EncryptionMarker(data)
    }

    static func keyPath(_ marker: EncryptionMarker, context: JournalContext) -> String? {
        context.keysFolder.map { $0 + "/" + marker.journalID }
    }

    static func readKey(_ marker: EncryptionMarker, context: JournalContext) -> JournalKey? {
        guard let path = keyPath(marker, context: context),
              let data = FileSystem.contents(path) else { return nil }
        return JournalKey.parse(String(decoding: data, as: UTF8.self))
    }

    /// Installs the codec for this journal: its key when it is encrypted and the key is here, no key when
    /// it is encrypted and the key is not (sealed blobs then fail to read, covered files to store). Called
    /// when a journal is opened; a journal that is not encrypted gets none.
    func setUpEncryption() throws {
        guard let marker = encryptionMarker else { return }
        var key = Journal.readKey(marker, context: context)
        if key?.id != marker.keyID { key = nil }
        // Installed when the repository is opened (libgit2 starts only when a command needs git).
        cipher = BlobCipher(key: key)
        encrypted = true
    }

    /// A sync brings a journal whose other side turned encryption on: with the key here (the same keys
    /// folder, or an `unlock` beforehand) this side encrypts too; without it the sync stops before it
    /// writes anything.
    func adoptEncryption(_ marker: EncryptionMarker) throws {
        guard let key = Journal.readKey(marker, context: context), key.id == marker.keyID else {
            throw JournalError.invalid(Say.syncNeedsKey(marker.keyID))
        }
        let cipher = BlobCipher(key: key)
        try repository.install(cipher.filter)
        // The git program reads and stores this folder as journal does from now on (`git status` clean).
        try configureGit()
        self.cipher = cipher
        encrypted = true
    }

    public func encryptionStatus() -> EncryptionStatus {
        guard let marker = encryptionMarker else {
            return EncryptionStatus(marker: nil, keyPath: nil, keyPresent: false, plaintextCommits: 0)
        }
        let key = Journal.readKey(marker, context: context)
        return EncryptionStatus(marker: marker, keyPath: Journal.keyPath(marker, context: context),
                                keyPresent: key?.id == marker.keyID, plaintextCommits: plaintextCommitCount())
    }

    /// Commits whose tree has no encryption marker: those before `encrypt init`.
    private func plaintextCommitCount() -> Int {
        guard let head = try? repository.head() else { return 0 }
        var count = 0
        try? repository.walkCommits(from: head) { commit in
            if (try? repository.blobID(of: Journal.encryptionMarkerFile, at: commit.id)) ?? nil == nil { count += 1 }
            return true
        }
        return count
    }

    /// `journal encrypt init`: makes a key, keeps it in the keys folder, and commits every entry and
    /// attachment again, sealed, with the marker and `.gitattributes`. The key file is written first and
    /// the folder's files are never changed, so a kill at any point leaves either no encryption or a
    /// commit that seals everything it covers (an interrupted run is finished when the journal is next opened).
    public func turnOnEncryption() throws(JournalError) -> EncryptionStart {
        if let marker = encryptionMarker { throw .invalid(Say.alreadyEncrypted(marker.keyID)) }
        guard let keysFolder = context.keysFolder else { throw .invalid(Say.noKeysFolder) }
        try checkCommittable()
        let lock = try takeLock()
        defer { withExtendedLifetime(lock) {} }
        let waiting = (try? index().dirtyPaths()) ?? []
        if !waiting.isEmpty { _ = try commitPending(waiting, everything: false) }
        guard let key = JournalKey.generate() else { throw .failed(doing: "make a key", cause: "no random bytes") }
        let marker = EncryptionMarker(journalID: UUID().uuidString.lowercased(), keyID: key.id)
        let keyPath = keysFolder + "/" + marker.journalID
        do {
            try FileSystem.makeFolder(keysFolder)
            chmod(keysFolder, 0o700)
            try Journal.writeKey(key, to: keyPath)
            try configureGit()
            // The marker first: from it on, a kill is finished by the next command (`finishEncryptionStart`),
            // `.gitattributes` included; written before it, `.gitattributes` was left behind, uncommitted.
            try write(Data(marker.text.utf8), to: root + "/" + Journal.encryptionMarkerFile)
            try write(Data(Journal.attributeLines.utf8), to: root + "/" + Journal.attributesFile)
            let stored = try sealEverything(key: key)
            return EncryptionStart(marker: marker, keyPath: keyPath, keyFileText: key.fileText,
                                   recoveryWords: RecoveryWords.words(for: key.bytes), storedFiles: stored,
                                   plaintextCommits: plaintextCommitCount())
        } catch {
            throw .from(error, doing: "turn on encryption")
        }
    }

    /// Installs the key and commits every covered file of HEAD and of the folder again (sealed), with the
    /// marker and `.gitattributes`, in one commit. Returns how many covered files it stored.
    private func sealEverything(key: JournalKey) throws -> Int {
        try repository.install(BlobCipher(key: key).filter)
        encrypted = true
        var covered = Set<String>()
        if let head = try repository.head() {
            covered.formUnion(try repository.changes(from: nil, to: head, under: BlobCipher.coveredFolders).map(\.path))
        }
        for folder in BlobCipher.coveredFolders {
            covered.formUnion(FileSystem.files(under: root + "/" + folder, relativeTo: root))
        }
        let paths = covered.sorted()
        try commit(paths + [Journal.attributesFile, Journal.encryptionMarkerFile], message: Say.commitEncrypt)
        try? index().record(paths.filter(Journal.isEntryPath), root: root, committed: true, read: indexRead)
        return paths.count
    }

    /// Finishes an `encrypt init` that was killed after writing the marker but before its commit: the
    /// marker is in the folder and the key here, but HEAD has no marker. `.gitattributes` is written (again)
    /// as `encrypt init` writes it.
    func finishEncryptionStart() throws {
        guard encrypted, FileSystem.exists(root + "/" + Journal.encryptionMarkerFile),
              let head = try repository.head(),
              try repository.blobID(of: Journal.encryptionMarkerFile, at: head) == nil,
              let marker = encryptionMarker, let key = Journal.readKey(marker, context: context), key.id == marker.keyID
        else { return }
        let lock = try takeLock()
        defer { withExtendedLifetime(lock) {} }
        try write(Data(Journal.attributeLines.utf8), to: root + "/" + Journal.attributesFile)
        _ = try sealEverything(key: key)
    }

    /// Writes the key file atomically, readable by its owner only from the start (mode 0600).
    static func writeKey(_ key: JournalKey, to path: String) throws {
        let folder = (path as NSString).deletingLastPathComponent
        let temporary = folder + "/.key-\(UUID().uuidString)"
        guard writeOwnerOnly(Array(key.fileText.utf8), to: temporary), rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw JournalError.io(path, reason)
        }
        FileSystem.syncFolder(folder)
    }

    /// Points the git program at `journal` for this repository (`.git/config`, never versioned): the
    /// clean/smudge filter, so that git checks out and stores as we do, and a textconv diff driver, so
    /// that `git diff` and `git log -p` show plaintext. `.git/info/attributes` names the covered folders
    /// too, so that they are filtered even before `.gitattributes` is checked out.
    func configureGit() throws {
        try Journal.configureGit(repository, executable: context.executable)
    }

    static func configureGit(_ repository: Repository, executable: String) throws {
        let quoted = "'" + executable.replacingOccurrences(of: "'", with: "'\\''") + "'"
        let name = BlobCipher.filterName
        try repository.setConfig("filter.\(name).clean", to: "\(quoted) encrypt clean %f")
        try repository.setConfig("filter.\(name).smudge", to: "\(quoted) encrypt smudge %f")
        try repository.setConfig("filter.\(name).required", to: "true")
        try repository.setConfig("diff.\(name).textconv", to: "\(quoted) encrypt textconv")
        try repository.setConfig("diff.\(name).binary", to: "true")
        let info = repository.gitdir + "/info"
        try FileSystem.makeFolder(info)
        let attributes = info + "/attributes"
        let existing = FileSystem.contents(attributes).map { String(decoding: $0, as: UTF8.self) } ?? ""
        if !existing.contains("filter=\(name)") {
            let text = existing.isEmpty || existing.hasSuffix("\n") ? existing : existing + "\n"
            try FileSystem.writeAtomically(Data((text + attributeLines).utf8), to: attributes,
                                           temporaryIn: Journal.stateFolder(of: repository.gitdir) + "/" + temporaryFolderName)
        }
    }

    /// `journal encrypt unlock`: for a clone the git program made (its covered files hold ciphertext),
    /// or a machine that lost its key file. Checks the key against the marker before writing anything,
    /// keeps it, sets up git, and writes the plaintext of every covered file that holds ciphertext.
    /// Returns how many files it decrypted.
    public func unlock(keyText: String) throws(JournalError) -> Int {
        guard let marker = encryptionMarker else { throw .invalid(Say.notEncrypted) }
        guard let key = JournalKey.parse(keyText) else { throw .invalid(Say.notAKey) }
        guard key.id == marker.keyID else { throw .invalid(Say.wrongKey(key.id, marker.keyID)) }
        guard let keysFolder = context.keysFolder else { throw .invalid(Say.noKeysFolder) }
        let lock = try takeLock()
        defer { withExtendedLifetime(lock) {} }
        do {
            try FileSystem.makeFolder(keysFolder)
            try Journal.writeKey(key, to: keysFolder + "/" + marker.journalID)
            try configureGit()
            let cipher = BlobCipher(key: key)
            try repository.install(cipher.filter)
            encrypted = true
            var opened: [String] = []
            for folder in BlobCipher.coveredFolders {
                for path in FileSystem.files(under: root + "/" + folder, relativeTo: root) {
                    let full = root + "/" + path
                    guard let data = FileSystem.contents(full), BlobCipher.isSealed(data) else { continue }
                    try write(try cipher.open(data, path: path), to: full)
                    opened.append(path)
                }
            }
            try repository.updateIndex(paths: opened)
            try? index().record(opened.filter(Journal.isEntryPath), root: root, committed: true, read: indexRead)
            return opened.count
        } catch {
            throw .from(error, doing: "unlock")
        }
    }

    /// The git program's filters (`journal encrypt clean|smudge|textconv`): `input` sealed or opened with
    /// the key of the journal at `root`. Clean of an encrypted journal without its key fails (git then stores
    /// nothing). A journal without the marker is not encrypted, whatever `.git/config` says (an `encrypt init`
    /// killed before it wrote the marker leaves the filter configured): its files pass through unchanged, as
    /// they do through journal's own commits.
    public static func gitFilter(_ mode: GitFilterMode, root: String, path: String, input: Data,
                                 context: JournalContext) throws(JournalError) -> Data {
        guard let data = FileSystem.contents(root + "/" + encryptionMarkerFile),
              let marker = EncryptionMarker(data) else { return input }
        var key = readKey(marker, context: context)
        if key?.id != marker.keyID { key = nil }
        let cipher = BlobCipher(key: key)
        do {
            switch mode {
            case .clean: return try cipher.seal(input, path: path)
            case .smudge, .textconv: return try cipher.open(input, path: path)
            }
        } catch {
            throw .from(error, doing: "filter \(path)")
        }
    }

    public enum GitFilterMode: Sendable { case clean, smudge, textconv }
}

/// A new file holding `bytes`, mode 0600, synced; false when any step failed.
private func writeOwnerOnly(_ bytes: [UInt8], to path: String) -> Bool {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o600)
    guard descriptor >= 0 else { return false }
    defer { close(descriptor) }
    return write(descriptor, bytes, bytes.count) == bytes.count && fsync(descriptor) == 0
}
