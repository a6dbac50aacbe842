import Foundation
import Git

/// Name-based UUIDs (RFC 9562 version 5, SHA-1), for entries whose file carries no `id`:
/// the same path always gives the same id, on every machine.
enum NameUUID {
    /// The namespace of journal paths: itself a version 5 UUID of "journal-entry-path" in the URL namespace.
    static let pathNamespace = make(namespace: urlNamespace, name: "journal-entry-path")

    /// RFC 9562's URL namespace, 6ba7b811-9dad-11d1-80b4-00c04fd430c8.
    static let urlNamespace = UUID(uuid: (0x6b, 0xa7, 0xb8, 0x11, 0x9d, 0xad, 0x11, 0xd1,
                                          0x80, 0xb4, 0x00, 0xc0, 0x4f, 0xd4, 0x30, 0xc8))

    static func forPath(_ path: String) -> UUID {
        make(namespace: pathNamespace, name: path)
    }

    static func make(namespace: UUID, name: String) -> UUID {
        let ns = namespace.uuid
        var bytes: [UInt8] = [ns.0, ns.1, ns.2, ns.3, ns.4, ns.5, ns.6, ns.7,
                              ns.8, ns.9, ns.10, ns.11, ns.12, ns.13, ns.14, ns.15]
        bytes.append(contentsOf: Array(name.utf8))
        var digest = Digest.sha1(bytes)
        digest[6] = (digest[6] & 0x0F) | 0x50
        digest[8] = (digest[8] & 0x3F) | 0x80
        return UUID(uuid: (digest[0], digest[1], digest[2], digest[3], digest[4], digest[5], digest[6], digest[7],
                           digest[8], digest[9], digest[10], digest[11], digest[12], digest[13], digest[14], digest[15]))
    }
}
