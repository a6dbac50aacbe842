import Foundation

/// Messages of `attach`.
extension Say {
    static let attachNothing = "name at least one file to attach"
    static func attachMissing(_ path: String) -> String { "cannot attach \(path): no such file; nothing was attached" }
    static func attachFolder(_ path: String) -> String { "cannot attach \(path): it is a folder (attach the files in it); nothing was attached" }
    static func attachInGit(_ path: String) -> String {
        "cannot attach \(path): it is inside the journal's .git folder; nothing was attached"
    }
    static func attachBadName(_ path: String) -> String {
        "cannot attach \(path): its name is hidden or holds control characters; nothing was attached"
    }
    static func commitAttach(_ title: String, _ id: String, _ names: [String]) -> String {
        "Attach \(names.joined(separator: ", ")) to \"\(title)\" (\(id))"
    }
    public static func attached(_ names: [String], _ id: String) -> String {
        "Attached \(names.joined(separator: ", ")) to \(id)"
    }
    public static let attachmentsHeading = "Attachments:"
    public static func attachmentsLine(_ names: [String]) -> String { "Attachments: " + names.joined(separator: ", ") }
}
