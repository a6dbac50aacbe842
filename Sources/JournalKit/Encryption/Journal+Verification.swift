import Foundation
import Git

/// What a remote of an encrypted journal may bring, checked before anything is written or marked: a
/// server can push anything, and the key, not the server's tree, decides what is genuine.
extension Journal {
    /// Refuses a fetched commit whose tree turns encryption off (no marker, or no filter attributes) or
    /// names another journal or key than this machine's record.
    func refuseDowngrade(_ tip: ObjectID, remote: String) throws {
        guard let local = localEncryption, local.on else { return }
        let marker = try repository.fileContents(Journal.encryptionMarkerFile, at: tip).flatMap(EncryptionMarker.init)
        guard let marker, Journal.namesFilter(try repository.fileContents(Journal.attributesFile, at: tip), essential: true) else {
            throw JournalError.invalid(Say.remoteTurnedEncryptionOff(remote, tip.short))
        }
        guard marker == local.marker else {
            throw JournalError.invalid(Say.remoteChangedKey(remote, tip.short, marker.keyID, local.marker.keyID))
        }
    }

    /// Every blob of a covered path that `changes` bring must open with this journal's key, at the path
    /// it was sealed for: a plaintext file, another key's or another journal's blob, a damaged one, or
    /// one sealed for another path (the ciphertext of another entry) is refused, naming the file and
    /// `commit`. A file moved as it was keeps the path it was sealed at: allowed where the same changes
    /// delete that path with that blob. `legacy`: blobs of the first format (which kept no path) pass;
    /// only a tree this machine has never had (a clone, an unlock) may hold them.
    func verifySealed(_ changes: [TreeChange], commit: ObjectID, legacy: Bool) throws {
        guard let cipher, cipher.sealing else { return }
        try Journal.verifySealed(changes, commit: commit, legacy: legacy, repository: try repository, cipher: cipher)
    }

    static func verifySealed(_ changes: [TreeChange], commit: ObjectID, legacy: Bool, repository: Repository,
                             cipher: BlobCipher) throws {
        var deleted: [ObjectID: Set<String>] = [:]
        for change in changes where change.kind == .deleted {
            if let blob = change.oldBlob { deleted[blob, default: []].insert(change.path) }
        }
        for change in changes where BlobCipher.covers(change.path) {
            guard let blob = change.newBlob else { continue }
            let sealedAt: String?
            do {
                sealedAt = try cipher.unseal(try repository.storedBlobData(blob), path: change.path).sealedAt
            } catch let error as JournalError {
                throw JournalError.invalid(Say.refusedBlob(commit.short, error.description))
            }
            guard let sealedAt else {
                if legacy { continue }
                throw JournalError.invalid(Say.refusedBlob(commit.short, Say.encryptedOldFormat(change.path)))
            }
            if sealedAt != change.path, deleted[blob]?.contains(sealedAt) != true {
                throw JournalError.invalid(Say.refusedBlob(commit.short, Say.encryptedForAnotherPath(change.path, sealedAt)))
            }
        }
    }

    /// `verifySealed` for every covered file of `commit`'s tree.
    static func verifySealed(at commit: ObjectID, repository: Repository, cipher: BlobCipher) throws {
        try verifySealed(try repository.changes(from: nil, to: commit, under: BlobCipher.coveredPaths), commit: commit,
                         legacy: true, repository: repository, cipher: cipher)
    }

    /// What a sync found in what a remote brings (see `verifyIncoming`).
    struct Incoming {
        /// Covered files in plain text from a side that forked before encryption (sealed by the merge).
        var plain: (count: Int, commit: ObjectID)?
        /// Entries the remote set back to a version this machine had and replaced (a replay), each with the
        /// commit that did: the merge keeps this machine's newer version.
        var replayed: [String: ObjectID] = [:]
        /// Changes no commit made with the key brought (a deletion, a rename, a file the key does not seal):
        /// the merge keeps this machine's version, and they wait apart (`HeldChange`).
        var unsealed: [HeldChange] = []

        /// The paths whose change on the remote's side the merge leaves out.
        var keptOurs: Set<String> { Set(replayed.keys).union(unsealed.map(\.path)) }
    }

    /// What a sync is about to bring from `remoteTip` into `ours`, checked from the commit the two share
    /// (`base`). Where `base` was encrypted already, the remote's tree must keep encryption on under this
    /// machine's key, every covered file it changes must be sealed, and an entry set back to a version
    /// this machine replaced, by a commit not made with the key, is a replay. Where `base` was not (the
    /// other side forked before encryption was turned on, or never learned of it), its plain files are
    /// what it wrote before: they pass, and the merge seals them.
    func verifyIncoming(_ remoteTip: ObjectID, ours: ObjectID?, remote: String) throws -> Incoming {
        guard encrypted, let local = localEncryption, local.on else { return Incoming() }
        if let ours, try ours == remoteTip || repository.isAncestor(remoteTip, of: ours) { return Incoming() }
        let base = try ours.flatMap { try repository.mergeBase($0, remoteTip) }
        let baseMarker = try base.flatMap { try repository.fileContents(Journal.encryptionMarkerFile, at: $0) }
            .flatMap(EncryptionMarker.init)
        let changes = try repository.changes(from: base, to: remoteTip)
        if baseMarker != nil {
            try refuseDowngrade(remoteTip, remote: remote)
            try verifySealed(changes, commit: remoteTip, legacy: false)
            let replayed = try ours.map { try replayedVersions(remoteTip, ours: $0, changes: changes) } ?? [:]
            let unsealed = try ours.map { try unsealedChanges(remoteTip, ours: $0, changes: changes, remote: remote) } ?? []
            return Incoming(replayed: replayed, unsealed: unsealed.filter { replayed[$0.path] == nil })
        }
        let theirMarker = try repository.fileContents(Journal.encryptionMarkerFile, at: remoteTip).flatMap(EncryptionMarker.init)
        if let theirMarker, theirMarker != local.marker {
            throw JournalError.invalid(Say.remoteChangedKey(remote, remoteTip.short, theirMarker.keyID, local.marker.keyID))
        }
        let sealed = try changes.filter { change in
            guard BlobCipher.covers(change.path), let blob = change.newBlob else { return false }
            return BlobCipher.isSealed(try repository.storedBlobData(blob))
        }
        try verifySealed(sealed, commit: remoteTip, legacy: base == nil)
        let plain = changes.filter { BlobCipher.covers($0.path) && $0.newBlob != nil }.count - sealed.count
        return Incoming(plain: plain > 0 ? (plain, remoteTip) : nil)
    }

    /// The changes among `changes` (from the shared commit to `remoteTip`) that reach us through a commit not
    /// made with this journal's key, which the key's seal on every sealed blob does not vouch for: a deletion
    /// (or the old path of a rename), and any change of a file the key does not seal (`templates/`,
    /// `.gitattributes`, anything else the tool or git reads). Each path goes by the newest commit on the
    /// remote's side that changed it: a sealed merge vouches for what it kept.
    private func unsealedChanges(_ remoteTip: ObjectID, ours: ObjectID, changes: [TreeChange], remote: String) throws -> [HeldChange] {
        guard let cipher else { return [] }
        let suspect = Dictionary(changes.compactMap { change -> (String, TreeChange)? in
            guard change.kind == .deleted || !BlobCipher.covers(change.path), change.path != Journal.encryptionMarkerFile else { return nil }
            return (change.path, change)
        }, uniquingKeysWith: { a, _ in a })
        guard !suspect.isEmpty else { return [] }
        var decided: Set<String> = []
        var held: [HeldChange] = []
        try repository.walkChanges(from: remoteTip, hiding: [ours]) { commit, made in
            for change in made where suspect[change.path] != nil && !decided.contains(change.path) {
                decided.insert(change.path)
                guard !cipher.isSealed(commit), let final = suspect[change.path] else { continue }
                held.append(HeldChange(path: change.path, commit: commit.id.hex, remote: remote, author: commit.author.name,
                                       blob: final.newBlob, kind: final.kind == .deleted ? .deleted : final.kind == .added ? .added : .modified))
            }
            return decided.count < suspect.count
        }
        // A file moved as it was (its sealed blob at another path): the new path waits with the old one.
        let moved = Set(held.filter { $0.kind == .deleted }.compactMap { suspect[$0.path]?.oldBlob })
        for change in changes where change.kind == .added {
            guard let blob = change.newBlob, moved.contains(blob),
                  let from = held.first(where: { suspect[$0.path]?.oldBlob == blob }) else { continue }
            held.append(HeldChange(path: change.path, commit: from.commit, remote: remote, author: from.author, blob: blob, kind: .added))
        }
        return held.sorted { $0.path < $1.path }
    }

    /// The entries among `changes` (from the shared commit to `remoteTip`) that the remote sets to a version
    /// `ours`'s history had and replaced, or deleted, through commits that carry no seal of this key: an
    /// older version replayed, a deleted entry brought back. A commit the journal made with the key (a
    /// `restore` on another machine) is sealed and passes. Walks this machine's history only when such a
    /// commit touches an entry.
    private func replayedVersions(_ remoteTip: ObjectID, ours: ObjectID, changes: [TreeChange]) throws -> [String: ObjectID] {
        guard let cipher else { return [:] }
        let offered = Dictionary(changes.compactMap { change in
            Journal.isEntryPath(change.path) ? change.newBlob.map { (change.path, $0) } : nil
        }, uniquingKeysWith: { a, _ in a })
        // Which of them came from a commit without the seal: the newest such commit for each.
        var unsealed: [String: ObjectID] = [:]
        try repository.walkCommits(from: remoteTip, hiding: [ours]) { commit in
            guard !cipher.isSealed(commit) else { return true }
            for change in try repository.changes(from: commit.parents.first, to: commit.id, under: [Journal.entriesFolder])
            where offered[change.path] != nil && change.newBlob == offered[change.path] && unsealed[change.path] == nil {
                unsealed[change.path] = commit.id
            }
            return true
        }
        guard !unsealed.isEmpty else { return [:] }
        var replaced: [String: Set<ObjectID>] = [:]
        let paths = Array(unsealed.keys)
        try repository.walkCommits(from: ours) { commit in
            for change in try repository.changes(from: commit.parents.first, to: commit.id, under: paths) {
                if let old = change.oldBlob { replaced[change.path, default: []].insert(old) }
            }
            return true
        }
        return unsealed.filter { path, _ in
            guard let blob = offered[path], replaced[path]?.contains(blob) == true else { return false }
            return (try? repository.blobID(of: path, at: ours)) != blob
        }
    }
}
