import Foundation
import Git

/// Git's blob id of some bytes (SHA-1 of "blob <size>\0" and the bytes), computed without a repository.
enum GitBlob {
    static func id(of data: Data) -> String {
        var message = Array("blob \(data.count)\u{0}".utf8)
        message.append(contentsOf: data)
        return Digest.sha1(message).map { String(format: "%02x", $0) }.joined()
    }
}
