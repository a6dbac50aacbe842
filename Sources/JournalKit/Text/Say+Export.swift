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
    public static var exportNeedsFormat: String { Say.text("exportNeedsFormat") }
    public static func exportTwoFormats(_ a: String, _ b: String) -> String { Say.text("exportTwoFormats", a, b) }

    // jrnl: what it cannot hold, in one line.
    static func jrnlCannotHold(_ list: String) -> String { Say.text("jrnlCannotHold", list) }
    static func jrnlLost(_ kind: String, _ count: Int) -> String { Say.text("jrnlLost." + kind, entries(count)) }
    static func jrnlLostTag(_ tag: String, _ count: Int) -> String { Say.text("jrnlLostTag", tag, entries(count)) }
    static func jrnlTagsWritten(_ count: Int) -> String { Say.text("jrnlTagsWritten", entries(count)) }
    public static func copied(by tool: String) -> String { Say.text("copied", tool) }
    public static var copiedByTerminal: String { Say.text("copiedByTerminal") }
    public static var noClipboard: String { Say.text("noClipboard") }
    public static func clipboardFailed(_ tool: String, _ status: Int32) -> String { Say.text("clipboardFailed", tool, status) }
}
