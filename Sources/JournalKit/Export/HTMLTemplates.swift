import Foundation
import Mustache

/// The HTML export's page templates: templates/html/ of the package (compiled in), each replaceable by the
/// journal's own `templates/html/NAME`. In them, `{{value}}` is escaped by `HTML.escape` (the JOURNAL_HTML content
/// type: markup characters, quotes and control characters), so an entry's title or tag can never become markup;
/// `{{{…}}}` is only for HTML the exporter made safe itself (the page body, an entry's cleaned text).
struct HTMLTemplates {
    let page: MustacheTemplate
    let entry: MustacheTemplate
    let index: MustacheTemplate
    let list: MustacheTemplate
    let css: String

    /// The content type's name in the templates' pragma.
    static let contentType = "JOURNAL_HTML"

    private struct EscapedHTML: MustacheContentType {
        func escapeText(_ text: String) -> String { MarkupText.escaped(text) }
    }

    /// Reads every template before anything is written: a broken one is an error naming it and its line.
    init(journal: Journal) throws {
        MustacheContentTypes.register(EscapedHTML(), named: Self.contentType)
        func text(_ name: String) throws -> String {
            let own = journal.root + "/" + Journal.templatesFolder + "/html/" + name
            var info = stat()
            // Only a regular file of the journal's own (never a symlink to somewhere else) replaces a built-in.
            if lstat(own, &info) == 0, info.st_mode & S_IFMT == S_IFREG {
                guard let data = FileManager.default.contents(atPath: own) else {
                    throw JournalError.invalid(Say.exportFailed(own, String(cString: strerror(errno))))
                }
                return String(decoding: data, as: UTF8.self)
            }
            return BuiltInTemplates.html.first { $0.name == name }?.text ?? ""
        }
        func template(_ name: String) throws -> MustacheTemplate {
            try TemplateText.compile(name: "html/" + name, try text(name), contentType: Self.contentType)
        }
        page = try template("page.html")
        entry = try template("entry.html")
        index = try template("index.html")
        list = try template("list.html")
        css = try text("style.css")
    }
}
