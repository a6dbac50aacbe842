import Foundation

/// Messages of `export` and `share`.
extension Say {
    public static func exported(_ count: Int, to path: String) -> String {
        count == 1 ? "Exported 1 entry to \(path)" : "Exported \(count) entries to \(path)"
    }
    public static func exportNoFolder(_ folder: String) -> String {
        "cannot export into \(folder): no such folder"
    }
    public static func exportIsFolder(_ path: String) -> String {
        "cannot export to \(path): it is a folder (give a file name)"
    }
    public static func exportFailed(_ path: String, _ reason: String) -> String {
        "cannot write \(path): \(reason)"
    }
    public static let dayOneNeedsOutput = "export dayone writes a zip: name the file with -o (for example -o journal-dayone.zip)"
    public static func copied(by tool: String) -> String { "Copied to the clipboard with \(tool)." }
    public static let copiedByTerminal = "Sent to the terminal's clipboard (OSC 52); a terminal that does not take it ignores it."
    public static let noClipboard =
        "no clipboard here: none of wl-copy, xclip or xsel is installed, and the output is not a terminal (printed instead)"
    public static func clipboardFailed(_ tool: String, _ status: Int32) -> String {
        "\(tool) exited with status \(status): nothing was copied"
    }
}
