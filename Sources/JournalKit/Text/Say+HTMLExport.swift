import Foundation

/// Messages of `export html`.
extension Say {
    public static let exportHTMLNeedsFolder = "export html writes a folder: give it with -o FOLDER"
    public static func exportHTMLNotOurs(_ path: String) -> String {
        "cannot export into \(path): the folder is not empty and is not an earlier html export (give an empty or new folder)"
    }
    public static func exportHTMLIsFile(_ path: String) -> String {
        "cannot export into \(path): it is a file, not a folder"
    }
}
