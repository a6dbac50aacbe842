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

/// This machine's own record of a journal's encryption (`.git/journal/encryption`, never versioned): on or
/// off, under which journal and key. It, not the tree, decides: a fetched commit cannot turn encryption off
/// or swap the key, and only `journal encrypt off` turns it off. Written when this machine first sees the
/// journal encrypted (`encrypt init`, a clone or sync with the key, or a journal encrypted before this record
/// existed).
struct LocalEncryption: Equatable {
    var marker: EncryptionMarker
    /// false after `journal encrypt off`: the history's sealed blobs still open with the key; new ones are plain.
    var on: Bool

    var text: String {
        "# This machine's record of the journal's encryption: see `journal encrypt status`.\n"
            + "journal: \(marker.journalID)\nkey: \(marker.keyID)\nstate: \(on ? "on" : "off")\n"
    }

    init(marker: EncryptionMarker, on: Bool) {
        self.marker = marker
        self.on = on
    }

    init?(_ data: Data) {
        guard let marker = EncryptionMarker(data) else { return nil }
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n")
        guard let state = lines.first(where: { $0.hasPrefix("state:") }) else { return nil }
        self.init(marker: marker, on: state.dropFirst("state:".count).trimmingCharacters(in: .whitespaces) != "off")
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
        BlobCipher.coveredFolders.map(folderAttributeLine).joined()
            + BlobCipher.coveredFiles.map { "\($0) filter=\(BlobCipher.filterName) diff=\(BlobCipher.filterName)\n" }.joined()
    }
    static var essentialAttributeLines: String {
        BlobCipher.essentialFolders.map(folderAttributeLine).joined()
    }
    private static func folderAttributeLine(_ folder: String) -> String {
        "\(folder)/** filter=\(BlobCipher.filterName) diff=\(BlobCipher.filterName)\n"
    }

    /// The marker this journal is encrypted under, as this machine knows it: its own record (nil when that
    /// says off), else, recorded on first sight, the marker in the folder, else in HEAD.
    var encryptionMarker: EncryptionMarker? {
        if let local = localEncryption { return local.on ? local.marker : nil }
        guard let found = markerInTree else { return nil }
        try? recordEncryption(LocalEncryption(marker: found, on: true))
        return found
    }

    /// This machine's record (see `LocalEncryption`).
    var localEncryption: LocalEncryption? { Journal.localEncryption(gitdir: gitdir) }

    static func localEncryptionPath(gitdir: String) -> String { stateFolder(of: gitdir) + "/encryption" }

    static func localEncryption(gitdir: String) -> LocalEncryption? {
        FileSystem.contents(localEncryptionPath(gitdir: gitdir)).flatMap(LocalEncryption.init)
    }

    func recordEncryption(_ local: LocalEncryption) throws(JournalError) {
        try write(Data(local.text.utf8), to: Journal.localEncryptionPath(gitdir: gitdir))
    }

    /// The marker in the folder, else in HEAD (a folder whose marker was deleted by hand stays encrypted).
    /// HEAD is looked at only where the attributes name the filter: opening the repository starts libgit2,
    /// which a command that reads a plain journal never needs.
    private var markerInTree: EncryptionMarker? {
        if let data = FileSystem.contents(root + "/" + Journal.encryptionMarkerFile) {
            return EncryptionMarker(data)
        }
        let filter = "filter=\(BlobCipher.filterName)"
        guard [root + "/" + Journal.attributesFile, gitdir + "/info/attributes"].contains(where: { path in
                  FileSystem.contents(path).map { FileSystem.bytes($0, contain: filter) } ?? false
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
              let data = FileSystem.contents(path, followingLinks: true),
              let key = JournalKey.parse(String(decoding: data, as: UTF8.self)), key.id == marker.keyID else { return nil }
        return key
    }

    /// Installs the codec for this journal: its key when it is encrypted and the key is here, no key when
    /// it is encrypted and the key is not (sealed blobs then fail to read, covered files to store). A journal
    /// whose encryption was turned off keeps a codec that opens its history and stores plain files; one
    /// that was never encrypted gets none. Called when a journal is opened.
    func setUpEncryption() throws {
        if let marker = encryptionMarker {
            cipher = BlobCipher(key: Journal.readKey(marker, context: context), journalID: marker.journalID)
            encrypted = true
        } else if let local = localEncryption {
            cipher = BlobCipher(key: Journal.readKey(local.marker, context: context), journalID: local.marker.journalID,
                                sealing: false)
        }
    }

    /// A sync brings a journal whose other side turned encryption on: with the key here (the same keys
    /// folder, or an `unlock` beforehand) this side encrypts too; without it the sync stops before it
    /// writes anything. A journal this machine turned off (`encrypt off`) is not turned on again by the
    /// remote's marker of the same journal: the merge then carries the turning off.
    /// `key` is asked only when this machine has none (a key file's text or recovery words, `sync --key-file`):
    /// checked against the marker, then kept.
    func adoptEncryption(_ marker: EncryptionMarker, key given: () -> String?) throws {
        if let local = localEncryption, !local.on, local.marker.journalID == marker.journalID { return }
        if Journal.readKey(marker, context: context) == nil, let text = given() {
            try keepKey(text, for: marker)
        }
        guard let key = Journal.readKey(marker, context: context) else {
            throw JournalError.invalid(Say.syncNeedsKey(marker.keyID))
        }
        let cipher = BlobCipher(key: key, journalID: marker.journalID)
        try recordEncryption(LocalEncryption(marker: marker, on: true))
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
        return EncryptionStatus(marker: marker, keyPath: Journal.keyPath(marker, context: context),
                                keyPresent: Journal.readKey(marker, context: context) != nil,
                                plaintextCommits: plaintextCommitCount())
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
        // A second key for one journal would split it in two: the remote's key is the one to take.
        if let remote = remoteMarker() { throw .invalid(Say.remoteAlreadyEncrypted(remote.keyID)) }
        guard let keysFolder = context.keysFolder else { throw .invalid(Say.noKeysFolder) }
        try checkCommittable()
        let lock = try takeLock()
        defer { withExtendedLifetime(lock) {} }
        let waiting = (try? index().dirtyPaths()) ?? []
        if !waiting.isEmpty { _ = try commitPending(waiting, everything: false) }
        guard let key = JournalKey.generate() else { throw .failed(doing: Say.text("doing.makeKey"), cause: Say.text("noRandomBytes")) }
        let marker = EncryptionMarker(journalID: UUID().uuidString.lowercased(), keyID: key.id)
        let keyPath = keysFolder + "/" + marker.journalID
        do {
            try Journal.makeKeysFolder(keysFolder)
            try Journal.writeKey(key, to: keyPath)
            // This machine's record first: from it on, a kill is finished by the next command
            // (`settleEncryption`), the marker and `.gitattributes` included, and git's filter never
            // passes a file through unsealed.
            try recordEncryption(LocalEncryption(marker: marker, on: true))
            try configureGit()
            try write(Data(marker.text.utf8), to: root + "/" + Journal.encryptionMarkerFile)
            try writeAttributes()
            let stored = try sealEverything(key: key, marker: marker)
            return EncryptionStart(marker: marker, keyPath: keyPath, keyFileText: key.fileText,
                                   recoveryWords: RecoveryWords.words(for: key.bytes), storedFiles: stored,
                                   plaintextCommits: plaintextCommitCount())
        } catch {
            throw .from(error, doing: Say.text("doing.encryptOn"))
        }
    }

    /// `journal encrypt off`: from now on new commits store entries and attachments as plain text. This
    /// machine's record says off (so no remote's marker turns it on again, and the key stays to open the
    /// history), the marker and the filter lines of `.gitattributes` go, and every covered file is stored
    /// again, plain, in one commit. Returns how many covered files it stored.
    public func turnOffEncryption() throws(JournalError) -> Int {
        guard let marker = encryptionMarker else { throw .invalid(Say.notEncrypted) }
        try checkCommittable()
        let lock = try takeLock()
        defer { withExtendedLifetime(lock) {} }
        let waiting = (try? index().dirtyPaths()) ?? []
        if !waiting.isEmpty { _ = try commitPending(waiting, everything: false) }
        do {
            try recordEncryption(LocalEncryption(marker: marker, on: false))
            let cipher = BlobCipher(key: Journal.readKey(marker, context: context), journalID: marker.journalID, sealing: false)
            try repository.install(cipher.filter)
            self.cipher = cipher
            encrypted = false
            let covered = try coveredFiles()
            try FileSystem.remove(root + "/" + Journal.encryptionMarkerFile)
            let attributes = root + "/" + Journal.attributesFile
            if let data = FileSystem.contents(attributes) {
                let ours = Set(Journal.attributeLines.split(separator: "\n").map(String.init))
                let kept = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
                    .map(String.init).filter { !ours.contains($0) }
                let text = kept.joined(separator: "\n").trimmingCharacters(in: .newlines)
                if text.isEmpty { try FileSystem.remove(attributes) } else { try write(Data((text + "\n").utf8), to: attributes) }
            }
            let paths = covered.sorted()
            try commit(paths + [Journal.attributesFile, Journal.encryptionMarkerFile], message: Say.commitDecrypt)
            try? index().record(paths.filter(Journal.isEntryPath), root: root, committed: true, read: indexRead)
            return paths.count
        } catch {
            throw .from(error, doing: Say.text("doing.encryptOff"))
        }
    }

    /// Installs the key and commits every covered file of HEAD and of the folder again (sealed), with the
    /// marker and `.gitattributes`, in one commit. Returns how many covered files it stored.
    private func sealEverything(key: JournalKey, marker: EncryptionMarker) throws -> Int {
        let cipher = BlobCipher(key: key, journalID: marker.journalID)
        try repository.install(cipher.filter)
        self.cipher = cipher
        encrypted = true
        let paths = try coveredFiles().sorted()
        try commit(paths + [Journal.attributesFile, Journal.encryptionMarkerFile], message: Say.commitEncrypt)
        try? index().record(paths.filter(Journal.isEntryPath), root: root, committed: true, read: indexRead)
        return paths.count
    }

    /// Every file encryption covers, in HEAD or in the folder.
    private func coveredFiles() throws -> Set<String> {
        var covered = Set<String>()
        if let head = try repository.head() {
            covered.formUnion(try repository.changes(from: nil, to: head, under: BlobCipher.coveredPaths).map(\.path))
        }
        for folder in BlobCipher.coveredFolders {
            covered.formUnion(FileSystem.files(under: root + "/" + folder, relativeTo: root))
        }
        covered.formUnion(BlobCipher.coveredFiles.filter { FileSystem.exists(root + "/" + $0) })
        return covered
    }

    /// Makes the folder and HEAD agree with this machine's record of encryption (see `LocalEncryption`):
    /// after an `encrypt init` killed before its commit (every covered file is then sealed in one commit),
    /// or after the git program checked out a commit without the marker or its attributes (a `git pull` of
    /// a remote that tried to turn encryption off): the marker and `.gitattributes` are written again and
    /// committed, and the notice says so. Needs the key; without it the journal only reads.
    func settleEncryption() throws {
        guard encrypted, let local = localEncryption, local.on else { return }
        let marker = local.marker
        let folderMarker = FileSystem.contents(root + "/" + Journal.encryptionMarkerFile).flatMap(EncryptionMarker.init)
        let folderOK = folderMarker == marker && Journal.namesFilter(FileSystem.contents(root + "/" + Journal.attributesFile))
        let head = try repository.head()
        let headMarker = try head.flatMap { try repository.fileContents(Journal.encryptionMarkerFile, at: $0) }
        let headAttributes = try head.flatMap { try repository.fileContents(Journal.attributesFile, at: $0) }
        let headOK = try headMarker.flatMap(EncryptionMarker.init) == marker && Journal.namesFilter(headAttributes)
        guard !(folderOK && headOK), let key = Journal.readKey(marker, context: context), try repository.state == .none,
              try !repository.isHeadDetached else { return }
        let lock = try takeLock()
        defer { withExtendedLifetime(lock) {} }
        if !folderOK {
            try configureGit()
            try write(Data(marker.text.utf8), to: root + "/" + Journal.encryptionMarkerFile)
            try writeAttributes()
        }
        if headMarker == nil {
            // Never committed (a killed `encrypt init`), or removed by a commit from elsewhere: every covered
            // file is sealed again, with the marker.
            _ = try sealEverything(key: key, marker: marker)
        } else if try headMarker.flatMap(EncryptionMarker.init) == marker && Journal.namesFilter(headAttributes, essential: true) {
            // Encrypted before journal.yml and templates/ were sealed too: their lines added, and they are stored sealed.
            let late = try coveredFiles().filter { path in !BlobCipher.essentialFolders.contains { path.hasPrefix($0 + "/") } }
            try commit([Journal.attributesFile] + late.sorted(), message: Say.commitSealSettings)
        } else if !headOK {
            context.notice(Say.encryptionKeptOn)
            try commit([Journal.encryptionMarkerFile, Journal.attributesFile], message: Say.commitKeepEncryption)
        }
    }

    /// Whether an attributes file's text names the filter for every covered path (`essential`: for the
    /// covered folders, entries and attachments, whose loss turns encryption off).
    static func namesFilter(_ data: Data?, essential: Bool = false) -> Bool {
        guard let data else { return false }
        let text = String(decoding: data, as: UTF8.self)
        return (essential ? essentialAttributeLines : attributeLines).split(separator: "\n").allSatisfy { text.contains($0) }
    }

    /// `.gitattributes` with the filter's lines: the folder's own lines kept, ours added where missing.
    private func writeAttributes() throws {
        let path = root + "/" + Journal.attributesFile
        var text = FileSystem.contents(path).map { String(decoding: $0, as: UTF8.self) } ?? ""
        for line in Journal.attributeLines.split(separator: "\n") where !text.contains(line) {
            if !text.isEmpty, !text.hasSuffix("\n") { text += "\n" }
            text += line + "\n"
        }
        try write(Data(text.utf8), to: path)
    }

    /// The keys folder, readable by its owner only.
    static func makeKeysFolder(_ folder: String) throws {
        try FileSystem.makeFolder(folder)
        chmod(folder, 0o700)
    }

    /// Writes a key file the user asked for (`encrypt init --export`): a new file, created readable by its
    /// owner only (never briefly by others, whatever the umask), synced.
    public static func exportKey(_ text: String, to path: String) throws(JournalError) {
        guard writeOwnerOnly(Array(text.utf8), to: path) else { throw .io(path, String(cString: strerror(errno))) }
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
        installSealHook(repository, executable: executable)
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
    /// A journal that is not encrypted here but whose remote is (this machine cloned before encryption
    /// was turned on elsewhere, and has fetched since): the key is checked and kept, and the next sync
    /// takes the encryption (returns -1 then).
    public func unlock(keyText: String) throws(JournalError) -> Int {
        guard let marker = encryptionMarker else {
            guard let remote = remoteMarker() else { throw .invalid(Say.notEncrypted) }
            do { try keepKey(keyText, for: remote) } catch { throw .from(error, doing: Say.text("doing.unlock")) }
            return -1
        }
        guard let key = JournalKey.parse(keyText) else { throw .invalid(Say.notAKey) }
        guard key.id == marker.keyID else { throw .invalid(Say.wrongKey(key.id, marker.keyID)) }
        guard let keysFolder = context.keysFolder else { throw .invalid(Say.noKeysFolder) }
        let lock = try takeLock()
        defer { withExtendedLifetime(lock) {} }
        do {
            let cipher = BlobCipher(key: key, journalID: marker.journalID)
            // Every covered file of HEAD must open with the key, at its own path, before anything is kept.
            if let head = try repository.head() { try Journal.verifySealed(at: head, repository: repository, cipher: cipher) }
            try Journal.makeKeysFolder(keysFolder)
            try Journal.writeKey(key, to: keysFolder + "/" + marker.journalID)
            try recordEncryption(LocalEncryption(marker: marker, on: true))
            try configureGit()
            try repository.install(cipher.filter)
            self.cipher = cipher
            encrypted = true
            var opened: [String] = []
            for path in try coveredFiles().sorted() {
                let full = root + "/" + path
                guard let data = FileSystem.contents(full), BlobCipher.isSealed(data) else { continue }
                try write(try cipher.open(data, path: path), to: full)
                opened.append(path)
            }
            try repository.updateIndex(paths: opened)
            try? index().record(opened.filter(Journal.isEntryPath), root: root, committed: true, read: indexRead)
            return opened.count
        } catch {
            throw .from(error, doing: Say.text("doing.unlock"))
        }
    }

    /// Checks `text` (a key file's text or recovery words) against `marker` and keeps it in the keys folder.
    func keepKey(_ text: String, for marker: EncryptionMarker) throws {
        guard let key = JournalKey.parse(text) else { throw JournalError.invalid(Say.notAKey) }
        guard key.id == marker.keyID else { throw JournalError.invalid(Say.wrongKey(key.id, marker.keyID)) }
        guard let keysFolder = context.keysFolder else { throw JournalError.invalid(Say.noKeysFolder) }
        try Journal.makeKeysFolder(keysFolder)
        try Journal.writeKey(key, to: keysFolder + "/" + marker.journalID)
    }

    /// The marker of the branch the current one tracks, as last fetched; nil when it has none.
    private func remoteMarker() -> EncryptionMarker? {
        guard let repository = try? repository, case .some(.some(let branch)) = try? repository.currentBranch(),
              let upstream = repository.upstream(of: branch),
              case .some(.some(let tip)) = try? repository.referenceTarget("refs/remotes/\(upstream.remote)/\(upstream.branch)"),
              case .some(.some(let data)) = try? repository.fileContents(Journal.encryptionMarkerFile, at: tip) else { return nil }
        return EncryptionMarker(data)
    }

    /// The git program's filters (`journal encrypt clean|smudge|textconv`): `input` sealed or opened with
    /// the key of the journal at `root`, as this machine's record (`LocalEncryption`) says, never as the
    /// folder alone says. Clean never passes a covered file through unsealed while encryption is on: no
    /// marker in the folder, another marker, or no key, and it fails (git then stores nothing); with neither
    /// a record nor a marker there is nothing to seal with, and it fails too. Smudge refuses a covered blob
    /// that is not sealed with the key (a remote's plaintext), and then puts back the file git removed
    /// before it asked, so that a refused checkout leaves the work tree as it was.
    public static func gitFilter(_ mode: GitFilterMode, root: String, path: String, input: Data,
                                 context: JournalContext) throws(JournalError) -> Data {
        let gitdir = plainGitFolder(of: root) ?? (try? Repository(at: root))?.gitdir
        let local = gitdir.flatMap { localEncryption(gitdir: $0) }
        let folder = FileSystem.contents(root + "/" + encryptionMarkerFile).flatMap(EncryptionMarker.init)
        let marker: EncryptionMarker
        if let local {
            marker = local.marker
            if mode == .clean {
                guard local.on else { return input }
                guard let folder else { throw .invalid(Say.filterMarkerMissing(path)) }
                guard folder == marker else { throw .invalid(Say.filterMarkerChanged(path, folder.keyID, marker.keyID)) }
            }
        } else if let folder {
            marker = folder
        } else {
            if mode == .clean { throw .invalid(Say.filterMarkerMissing(path)) }
            return input
        }
        let cipher = BlobCipher(key: readKey(marker, context: context), journalID: marker.journalID)
        do {
            switch mode {
            case .clean:
                return try cipher.seal(input, path: path)
            case .smudge:
                guard BlobCipher.covers(path), local?.on ?? true else { return try cipher.open(input, path: path) }
                do {
                    return try cipher.unseal(input, path: path).content
                } catch {
                    // git removed the file before it asked: the version its index still names goes back.
                    if let gitdir, isSafe(path), !FileSystem.exists(root + "/" + path), let repository = try? Repository(at: root),
                       let old = try? repository.indexedBlob(of: path),
                       let plain = try? cipher.open(try repository.storedBlobData(old), path: path) {
                        try? FileSystem.makeFolder((root + "/" + path as NSString).deletingLastPathComponent)
                        try? FileSystem.writeAtomically(plain, to: root + "/" + path,
                                                        temporaryIn: stateFolder(of: gitdir) + "/" + temporaryFolderName)
                    }
                    throw error
                }
            case .textconv:
                return try cipher.open(input, path: path)
            }
        } catch {
            throw .from(error, doing: Say.text("doing.filter", path))
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
