import Foundation

/// A path compared by its bytes, as the file system and SQLite compare names: Swift's String equality is
/// canonical equivalence, which would take two folders the file system keeps apart (`café` written as
/// one character and as `e` with a combining accent) for one, and lose the files of one of them.
struct PathBytes: Hashable {
    let path: String

    init(_ path: String) { self.path = path }

    static func == (a: PathBytes, b: PathBytes) -> Bool { a.path.utf8.elementsEqual(b.path.utf8) }

    func hash(into hasher: inout Hasher) {
        var path = path
        path.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}
