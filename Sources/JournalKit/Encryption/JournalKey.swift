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

    /// Deterministic authenticated encryption: the nonce is an HMAC of the plaintext, so one content
    /// always gives one blob (an unchanged file stays unchanged in git) and two contents never share a
    /// nonce. AES-GCM seals; the header is authenticated too.
    func seal(_ plain: Data) throws -> Data {
        let mac = HMAC<SHA256>.authenticationCode(for: plain, using: nonces)
        let nonce = try AES.GCM.Nonce(data: Data(mac).prefix(BlobCipher.nonceLength))
        let header = BlobCipher.header(keyID: id)
        let box = try AES.GCM.seal(plain, using: sealing, nonce: nonce, authenticating: header)
        return header + Data(nonce) + box.ciphertext + box.tag
    }

    /// The plaintext of a blob this key sealed; nil when it was damaged (the tag does not match).
    func open(_ body: Data) -> Data? {
        guard let nonce = try? AES.GCM.Nonce(data: body.prefix(BlobCipher.nonceLength)),
              let box = try? AES.GCM.SealedBox(nonce: nonce, ciphertext: body.dropFirst(BlobCipher.nonceLength).dropLast(16),
                                               tag: body.suffix(16))
        else { return nil }
        return try? AES.GCM.open(box, using: sealing, authenticating: BlobCipher.header(keyID: id))
    }
}

/// The one codec between a journal's files and its blobs: blobs of covered paths (entries and
/// attachments) are `magic, key id, nonce, ciphertext, tag`; every other blob, and every blob of a
/// journal that is not encrypted, passes unchanged. Installed into the repository as its
/// `ContentFilter`, which every read and write of a blob goes through.
struct BlobCipher: Sendable {
    static let filterName = "journal-crypt"
    /// Starts with a NUL so that git (and any diff) takes a sealed blob for binary.
    static let magic = Data("\u{0}JOURNALCRYPT1\u{0}".utf8)
    static let keyIDLength = 8
    static let nonceLength = 12
    static let tagLength = 16
    /// The folders whose files are sealed (the same rule as the `.gitattributes` lines).
    static let coveredFolders = ["entries", "attachments"]

    static func covers(_ path: String) -> Bool {
        coveredFolders.contains { path.hasPrefix($0 + "/") }
    }

    static func header(keyID: String) -> Data { magic + Data(keyID.utf8) }
    static var headerLength: Int { magic.count + keyIDLength * 2 }

    /// This machine's key; nil when the journal is encrypted but the key is not here (then reading a
    /// sealed blob and storing a covered file both fail, rather than leak or write ciphertext).
    let key: JournalKey?

    static func isSealed(_ data: Data) -> Bool { data.starts(with: magic) }

    func seal(_ data: Data, path: String) throws -> Data {
        // Sealed already (a file a clone made without the key holds): stored as it is.
        if BlobCipher.isSealed(data) { return data }
        guard let key else { throw JournalError.invalid(Say.encryptionLocked(path)) }
        do { return try key.seal(data) } catch {
            throw JournalError.failed(doing: "encrypt \(path)", cause: "\(error)")
        }
    }

    func open(_ data: Data, path: String) throws -> Data {
        guard BlobCipher.isSealed(data) else { return data }
        let name = path.isEmpty ? "a file" : path
        guard let key else { throw JournalError.invalid(Say.encryptionLocked(name)) }
        guard data.count >= BlobCipher.headerLength + BlobCipher.nonceLength + BlobCipher.tagLength else {
            throw JournalError.invalid(Say.encryptedTruncated(name))
        }
        let keyID = String(decoding: data[(data.startIndex + BlobCipher.magic.count)..<(data.startIndex + BlobCipher.headerLength)],
                           as: UTF8.self)
        guard keyID == key.id else { throw JournalError.invalid(Say.encryptedWithOtherKey(name, keyID, key.id)) }
        guard let plain = key.open(Data(data.dropFirst(BlobCipher.headerLength))) else {
            throw JournalError.invalid(Say.encryptedDamaged(name))
        }
        return plain
    }

    var filter: ContentFilter {
        let cipher = self
        return ContentFilter(
            name: BlobCipher.filterName, covers: BlobCipher.covers,
            toStore: { data, path in try cipher.seal(data, path: path) },
            toWorkTree: { data, path in try cipher.open(data, path: path) })
    }
}
