import Foundation

/// What an entry's file is, by its name's extension: the one rule of what a picture is, for every reader. A
/// link to a picture is `![…](…)` (attach, the imports); a picture a browser draws safely is shown in place,
/// and served with its type, by the web view and the HTML export alike; every other file is a link, and the
/// web view sends it as a download (an SVG or a page from an entry could run script).
public struct FileKind: Sendable, Equatable {
    /// The type a page is sent it with; nil: `application/octet-stream`, as a download.
    public let mediaType: String?
    /// A picture (its link is `![…](…)`), whether or not a browser can draw it.
    public let isPicture: Bool
    /// Shown in the page where it is linked (a picture in an `<img>`, a sound or a film in its player): only
    /// types a browser shows without running anything of the file's.
    public let shownInPage: Bool

    public static func of(_ name: String) -> FileKind {
        let ext = (name as NSString).pathExtension.lowercased()
        if let type = shown[ext] { return FileKind(mediaType: type, isPicture: type.hasPrefix("image/"), shownInPage: true) }
        if let type = served[ext] { return FileKind(mediaType: type, isPicture: false, shownInPage: false) }
        return FileKind(mediaType: nil, isPicture: otherPictures.contains(ext), shownInPage: false)
    }

    /// Every extension of a picture (`isPicture`), for a format that keeps pictures apart (Day One's photos).
    public static var pictureExtensions: Set<String> {
        Set(shown.filter { $0.value.hasPrefix("image/") }.keys).union(otherPictures)
    }

    /// Shown in place: pictures a browser draws (HEIC by Safari, the phones' camera format), sounds, films.
    private static let shown = [
        "jpg": "image/jpeg", "jpeg": "image/jpeg", "png": "image/png", "gif": "image/gif", "webp": "image/webp",
        "avif": "image/avif", "bmp": "image/bmp", "heic": "image/heic", "heif": "image/heif",
        "mp3": "audio/mpeg", "m4a": "audio/mp4", "ogg": "audio/ogg", "wav": "audio/wav",
        "mp4": "video/mp4", "mov": "video/quicktime", "webm": "video/webm",
    ]
    /// Opened by the browser as a document of its own (never in the page).
    private static let served = ["pdf": "application/pdf", "txt": "text/plain; charset=utf-8"]
    /// Pictures no browser draws safely or at all: SVG (it can hold script), TIFF.
    private static let otherPictures: Set<String> = ["svg", "tif", "tiff"]
}
