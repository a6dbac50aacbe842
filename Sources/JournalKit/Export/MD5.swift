import Crypto
import Foundation

/// MD5 (RFC 1321), swift-crypto's: Day One names its media files by the MD5 of their bytes. Not for security.
enum MD5 {
    /// The digest as 32 lowercase hex digits.
    static func hex(_ data: Data) -> String {
        Insecure.MD5.hash(data: data).map { String(format: "%02x", $0) }.joined()
    }
}
