import Foundation

/// Messages of `attach`.
extension Say {
    static var attachNothing: String { Say.text("attachNothing") }
    static func attachMissing(_ path: String) -> String { Say.text("attachMissing", path) }
    static func attachFolder(_ path: String) -> String { Say.text("attachFolder", path) }
    static func attachInGit(_ path: String) -> String { Say.text("attachInGit", path) }
    static func attachBadName(_ path: String) -> String { Say.text("attachBadName", path) }
    static func commitAttach(_ title: String, _ id: String, _ names: [String]) -> String {
        "Attach \(names.joined(separator: ", ")) to \"\(title)\" (\(id))"
    }
    public static func attached(_ names: [String], _ id: String) -> String { Say.text("attached", names.joined(separator: ", "), id) }
    public static var attachmentsHeading: String { Say.text("attachmentsHeading") }
    public static func attachmentsLine(in language: String = Say.current, _ names: [String]) -> String {
        Say.text(in: language, "attachmentsLine", [names.joined(separator: ", ")])
    }
}
