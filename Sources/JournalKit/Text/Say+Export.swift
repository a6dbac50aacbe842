import Foundation

/// Messages of `export` and `share`.
extension Say {
    public static func exported(_ count: Int, to path: String) -> String {
        Say.plural("exported", count, count, path)
    }
    public static func exportNoFolder(_ folder: String) -> String { Say.text("exportNoFolder", folder) }
    public static func exportIsFolder(_ path: String) -> String { Say.text("exportIsFolder", path) }
    public static func exportFailed(_ path: String, _ reason: String) -> String { Say.text("exportFailed", path, reason) }
    public static var dayOneNeedsOutput: String { Say.text("dayOneNeedsOutput") }
    public static func copied(by tool: String) -> String { Say.text("copied", tool) }
    public static var copiedByTerminal: String { Say.text("copiedByTerminal") }
    public static var noClipboard: String { Say.text("noClipboard") }
    public static func clipboardFailed(_ tool: String, _ status: Int32) -> String { Say.text("clipboardFailed", tool, status) }
}
