import Foundation
import HTTPTypes
import Hummingbird
import JournalKit
import NIOCore

/// The web view as an app on a phone's home screen: its manifest (names in the page's language, PNG icons,
/// standalone), its service worker (what keeps the pages readable with no connection), and the page it shows
/// for a page it never kept. Public, as the style and script are: nothing of the journal is in them.
extension Pages {
    static func manifest(language: String) -> Response {
        let name = Say.text(in: language, "web.appName", [])
        let object: [String: Any] = [
            "name": name, "short_name": name, "lang": language, "description": Say.text(in: language, "web.appDescription", []),
            "start_url": "./", "scope": "./", "display": "standalone", "orientation": "any",
            "background_color": "#fbfaf7", "theme_color": "#c2410c",
            "icons": [
                ["src": "assets/icon-192.png", "sizes": "192x192", "type": "image/png", "purpose": "any"],
                ["src": "assets/icon-512.png", "sizes": "512x512", "type": "image/png", "purpose": "any"],
                ["src": "assets/icon-maskable-512.png", "sizes": "512x512", "type": "image/png", "purpose": "maskable"],
            ],
        ]
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
        var response = Reply.text(.ok, String(decoding: data, as: UTF8.self), type: "application/manifest+json")
        response.headers[.cacheControl] = "no-cache"
        return response
    }

    static func serviceWorker() -> Response {
        var response = Reply.text(.ok, Assets.serviceWorker, type: "text/javascript; charset=utf-8")
        response.headers[.cacheControl] = "no-cache"
        return response
    }

    /// What the service worker shows for a page it does not have while there is no connection.
    static func offline(language: String) -> Response {
        func say(_ key: String) -> String { Say.text(in: language, key, []) }
        return Reply.html(Pages.plain(language: language, title: say("web.offline.title"), body: """
            <h1>\(h(say("web.offline.title")))</h1><p>\(h(say("web.offline.text")))</p><p><a href="./">\(h(say("web.failed.back")))</a></p>
            """))
    }
}
