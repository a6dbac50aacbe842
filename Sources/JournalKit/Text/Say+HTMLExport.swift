import Foundation

/// Messages of `export html`.
extension Say {
    public static var exportHTMLNeedsFolder: String { Say.text("exportHTMLNeedsFolder") }
    public static func exportHTMLNotOurs(_ path: String) -> String { Say.text("exportHTMLNotOurs", path) }
    public static func exportHTMLIsFile(_ path: String) -> String { Say.text("exportHTMLIsFile", path) }
}
