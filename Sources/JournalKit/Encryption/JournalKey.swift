import Crypto
import Foundation
import Git

/// A journal's 256-bit key and the keys derived from it (HKDF-SHA256): one seals, one makes nonces, and
/// a public id names the key in every blob it sealed, so that another key is told apart from damage.
struct JournalKey: Sendable {
    let bytes: Data
    let id: String
    private let sealing: SymmetricKey
    private let nonces: SymmetricKey

    init?(bytes: Data) {
        guard bytes.count == 32 else { return nil }
        self.bytes = bytes
        let master = SymmetricKey(data: bytes)
        func derive(_ label: String, _ count: Int) -> SymmetricKey {
            HKDF<SHA256>.deriveKey(inputKeyMaterial: master, info: Data(("journal-crypt " + label).utf8), outputByteCount: count)
        }
        sealing = derive("seal", 32)
        nonces = derive("nonce", 32)
        id = derive("id", BlobCipher.keyIDLength).withUnsafeBytes { Data($0) }.map { String(format: "%02x", $0) }.joined()
    }

    static func generate() -> JournalKey? {
        JournalKey(bytes: SymmetricKey(size: .bits256).withUnsafeBytes { Data($0) })
    }

    /// The key as a key file holds it: 64 hex digits and a newline.
    var fileText: String { bytes.map { String(format: "%02x", $0) }.joined() + "\n" }

    /// A key from a key file (64 hex digits) or from its recovery words; nil for anything else.
    static func parse(_ text: String) -> JournalKey? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.count == 64, trimmed.allSatisfy(\.isHexDigit) {
            var bytes = Data()
            var index = trimmed.startIndex
            while index < trimmed.endIndex {
                let next = trimmed.index(index, offsetBy: 2)
                bytes.append(UInt8(trimmed[index..<next], radix: 16) ?? 0)
                index = next
            }
            return JournalKey(bytes: bytes)
        }
        return RecoveryWords.key(from: trimmed).flatMap { JournalKey(bytes: $0) }
    }

    /// Deterministic authenticated encryption: the nonce is an HMAC of the journal id and the payload
    /// (which holds the path), so one file at one path always gives one blob (an unchanged file stays
    /// unchanged in git) and two contents, or one content at two paths, never share a nonce. AES-GCM
    /// seals; the header and the journal id are authenticated too.
    func seal(_ payload: Data, journalID: String) throws -> Data {
        let journal = Data(journalID.utf8)
        let mac = HMAC<SHA256>.authenticationCode(for: journal + Data([0]) + payload, using: nonces)
        let nonce = try AES.GCM.Nonce(data: Data(mac).prefix(BlobCipher.nonceLength))
        let header = BlobCipher.header(keyID: id)
        let box = try AES.GCM.seal(payload, using: sealing, nonce: nonce, authenticating: header + journal)
        return header + Data(nonce) + box.ciphertext + box.tag
    }

    /// The payload of a blob this key sealed (`body`: what follows the header); nil when it was damaged,
    /// altered or sealed for another journal (the tag does not match). `legacy`: the first format, whose
    /// associated data was its header alone.
    func open(_ body: Data, journalID: String, legacy: Bool) -> Data? {
        guard let nonce = try? AES.GCM.Nonce(data: body.prefix(BlobCipher.nonceLength)),
              let box = try? AES.GCM.SealedBox(nonce: nonce, ciphertext: body.dropFirst(BlobCipher.nonceLength).dropLast(16),
                                               tag: body.suffix(16))
        else { return nil }
        let header = BlobCipher.header(keyID: id, magic: legacy ? BlobCipher.legacyMagic : BlobCipher.magic)
        return try? AES.GCM.open(box, using: sealing, authenticating: legacy ? header : header + Data(journalID.utf8))
    }

    /// A keyed digest of `data` under this key (a commit's seal), as hex.
    func digest(_ data: Data) -> String {
        HMAC<SHA256>.authenticationCode(for: data, using: sealing).prefix(16).map { String(format: "%02x", $0) }.joined()
    }
}

/// The one codec between a journal's files and its blobs: blobs of covered paths (entries and
/// attachments) are `magic, key id, nonce, ciphertext, tag`, the ciphertext of a payload that holds the
/// path the file was sealed at, its bytes and zeros up to a size bucket; every other blob, and every blob
/// of a journal that is not encrypted, passes unchanged. Installed into the repository as its
/// `ContentFilter`, which every read and write of a blob goes through.
struct BlobCipher: Sendable {
    static let filterName = "journal-crypt"
    /// Starts with a NUL so that git (and any diff) takes a sealed blob for binary.
    static let magic = Data("\u{0}JOURNALCRYPT2\u{0}".utf8)
    /// The first format (before 2026-11-26): no path inside, no padding, the journal id not authenticated.
    /// Still opened, for history; never written.
    static let legacyMagic = Data("\u{0}JOURNALCRYPT1\u{0}".utf8)
    static let keyIDLength = 8
    static let nonceLength = 12
    static let tagLength = 16
    /// The folders whose files are sealed, and the files (the same rule as the `.gitattributes` lines).
    /// `templates/` too: what `add` starts from and the pages `export html` wraps the diary in, which a server
    /// must neither read nor plant.
    static let coveredFolders = [Journal.entriesFolder, Journal.attachmentsFolder, Journal.templatesFolder]
    /// The folders sealed from the first version of encryption on: a tree whose attributes drop them turns it off.
    static let essentialFolders = [Journal.entriesFolder, Journal.attachmentsFolder]
    static let coveredFiles = [Journal.settingsFile]
    static var coveredPaths: [String] { coveredFolders + coveredFiles }

    static func covers(_ path: String) -> Bool {
        coveredFolders.contains { path.hasPrefix($0 + "/") } || coveredFiles.contains(path)
    }

    static func header(keyID: String, magic: Data = BlobCipher.magic) -> Data { magic + Data(keyID.utf8) }
    static var headerLength: Int { magic.count + keyIDLength * 2 }
    /// What sealing adds to a payload: header, nonce and tag.
    static var overhead: Int { headerLength + nonceLength + tagLength }

    /// This machine's key; nil when the journal is encrypted but the key is not here (then reading a
    /// sealed blob and storing a covered file both fail, rather than leak or write ciphertext).
    let key: JournalKey?
    /// The journal the blobs belong to (its marker's id): authenticated, so another journal's blobs under
    /// the same key do not open here.
    let journalID: String
    /// false for a journal whose encryption was turned off: history still opens, new files stay plain.
    var sealing = true

    static func isSealed(_ data: Data) -> Bool { data.starts(with: magic) || data.starts(with: legacyMagic) }

    func seal(_ data: Data, path: String) throws -> Data {
        // Sealed already (a file a clone made without the key holds): stored as it is.
        if BlobCipher.isSealed(data) || !sealing { return data }
        guard let key else { throw JournalError.invalid(Say.encryptionLocked(path)) }
        do { return try key.seal(BlobCipher.payload(path: path, content: data), journalID: journalID) } catch {
            throw JournalError.failed(doing: Say.text("doing.encrypt", path), cause: "\(error)")
        }
    }

    /// What a sealed blob holds: the bytes, and the path they were sealed at (nil for the first format,
    /// which did not keep it). Throws for plaintext, another key, another journal, or damage.
    func unseal(_ data: Data, path: String) throws -> (content: Data, sealedAt: String?) {
        let name = path.isEmpty ? "a file" : path
        let legacy = data.starts(with: BlobCipher.legacyMagic)
        guard legacy || data.starts(with: BlobCipher.magic) else { throw JournalError.invalid(Say.encryptedNotSealed(name)) }
        guard let key else { throw JournalError.invalid(Say.encryptionLocked(name)) }
        guard data.count >= BlobCipher.overhead else { throw JournalError.invalid(Say.encryptedTruncated(name)) }
        let keyID = String(decoding: data[(data.startIndex + BlobCipher.magic.count)..<(data.startIndex + BlobCipher.headerLength)],
                           as: UTF8.self)
        guard keyID == key.id else { throw JournalError.invalid(Say.encryptedWithOtherKey(name, keyID, key.id)) }
        guard let plain = key.open(Data(data.dropFirst(BlobCipher.headerLength)), journalID: journalID, legacy: legacy) else {
            throw JournalError.invalid(Say.encryptedDamaged(name))
        }
        if legacy { return (plain, nil) }
        guard let (sealedAt, content) = BlobCipher.split(plain) else { throw JournalError.invalid(Say.encryptedDamaged(name)) }
        return (content, sealedAt)
    }

    /// The bytes of a blob: opened when sealed, as they are when not (history from before encryption).
    func open(_ data: Data, path: String) throws -> Data {
        guard BlobCipher.isSealed(data) else { return data }
        return try unseal(data, path: path).content
    }

    /// The payload sealed for `content` at `path`: the path's length (2 bytes) and bytes, the content's
    /// length (4 bytes) and bytes, then zeros so that the sealed blob is a power of two up to 4 KiB, then a
    /// multiple of 4 KiB: a blob's size tells little of its text's.
    static func payload(path: String, content: Data) -> Data {
        let name = Data(path.utf8.prefix(Int(UInt16.max)))
        var payload = Data(capacity: bucket(overhead + 6 + name.count + content.count))
        payload.append(contentsOf: [UInt8(name.count >> 8), UInt8(name.count & 0xFF)])
        payload.append(name)
        let count = UInt32(truncatingIfNeeded: content.count)
        payload.append(contentsOf: [UInt8(count >> 24), UInt8((count >> 16) & 0xFF), UInt8((count >> 8) & 0xFF), UInt8(count & 0xFF)])
        payload.append(content)
        payload.append(Data(count: bucket(overhead + payload.count) - overhead - payload.count))
        return payload
    }

    /// The size a sealed blob of `size` bytes is padded to: the next power of two (at least 256) up to
    /// 4 KiB, else the next multiple of 4 KiB.
    static func bucket(_ size: Int) -> Int {
        if size > 4096 { return (size + 4095) / 4096 * 4096 }
        var bucket = 256
        while bucket < size { bucket *= 2 }
        return bucket
    }

    /// The path and the content of a payload; nil when its lengths do not fit.
    static func split(_ payload: Data) -> (path: String, content: Data)? {
        let bytes = [UInt8](payload.prefix(2))
        guard bytes.count == 2 else { return nil }
        let nameCount = Int(bytes[0]) << 8 | Int(bytes[1])
        let countAt = payload.startIndex + 2 + nameCount
        guard payload.count >= 2 + nameCount + 4 else { return nil }
        let name = payload[(payload.startIndex + 2)..<countAt]
        let count = payload[countAt..<(countAt + 4)].reduce(0) { $0 << 8 | Int($1) }
        let contentAt = countAt + 4
        guard payload.endIndex - contentAt >= count, let path = String(data: name, encoding: .utf8) else { return nil }
        return (path, payload[contentAt..<(contentAt + count)])
    }

    /// The trailer of a commit made with the key (`Journal-Seal: <keyed digest of its journal, tree and
    /// parents>`): a server cannot make one, so a sync tells the journal's own commits from any other.
    static let sealTrailer = "Journal-Seal: "

    func commitSeal(tree: ObjectID, parents: [ObjectID]) -> String? {
        guard sealing, let key else { return nil }
        let facts = "journal-commit\u{0}\(journalID)\u{0}\(tree.hex)\u{0}" + parents.map(\.hex).joined(separator: ",")
        return BlobCipher.sealTrailer + key.digest(Data(facts.utf8))
    }

    /// Whether `commit` carries this key's seal for its own tree and parents.
    func isSealed(_ commit: CommitInfo) -> Bool {
        guard let expected = commitSeal(tree: commit.tree, parents: commit.parents) else { return false }
        return commit.message.split(separator: "\n").contains { $0 == expected }
    }

    var filter: ContentFilter {
        let cipher = self
        return ContentFilter(
            name: BlobCipher.filterName, covers: BlobCipher.covers,
            toStore: { data, path in try cipher.seal(data, path: path) },
            toWorkTree: { data, path in try cipher.open(data, path: path) },
            commitTrailer: { tree, parents in cipher.commitSeal(tree: tree, parents: parents) })
    }
}
