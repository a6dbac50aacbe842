import Foundation
import Testing

@testable import JournalKit

@Suite struct TemplateTests {
    /// The compiled-in templates must be the files in templates/, so the two never drift apart:
    /// after editing templates/, run scripts/embed-templates.sh.
    @Test func builtInTemplatesMatchTheTemplatesFolder() throws {
        let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let folder = package.appendingPathComponent("templates")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".md") }.sorted()
        #expect(BuiltInTemplates.all.map { $0.name + ".md" } == names)
        for builtIn in BuiltInTemplates.all {
            let file = try String(contentsOf: folder.appendingPathComponent(builtIn.name + ".md"), encoding: .utf8)
            #expect(builtIn.text == file, "templates/\(builtIn.name).md differs: run scripts/embed-templates.sh")
        }
        // Every language's folder has each template under the same name, with the same header.
        #expect(BuiltInTemplates.translated.keys.sorted() == ["ko"])
        for (language, templates) in BuiltInTemplates.translated {
            #expect(templates.map(\.name) == BuiltInTemplates.all.map(\.name), "templates/\(language)")
            for builtIn in templates {
                let file = try String(contentsOf: folder.appendingPathComponent("\(language)/\(builtIn.name).md"), encoding: .utf8)
                #expect(builtIn.text == file, "templates/\(language)/\(builtIn.name).md differs: run scripts/embed-templates.sh")
                let english = try EntryTemplate.parse(name: builtIn.name, path: nil, text: BuiltInTemplates.text(named: builtIn.name) ?? "")
                let translated = try EntryTemplate.parse(name: builtIn.name, path: nil, text: builtIn.text)
                #expect(translated.category == english.category && translated.tags == english.tags, "\(language)/\(builtIn.name)")
            }
        }
        let html = folder.appendingPathComponent("html")
        let pages = try FileManager.default.contentsOfDirectory(atPath: html.path).sorted()
        #expect(BuiltInTemplates.html.map(\.name) == pages)
        for builtIn in BuiltInTemplates.html {
            let file = try String(contentsOf: html.appendingPathComponent(builtIn.name), encoding: .utf8)
            #expect(builtIn.text == file, "templates/html/\(builtIn.name) differs: run scripts/embed-templates.sh")
        }
    }

    @Test func everyBuiltInParsesAndRenders() throws {
        for builtIn in BuiltInTemplates.all + BuiltInTemplates.translated.values.joined() {
            let template = try EntryTemplate.parse(name: builtIn.name, path: nil, text: builtIn.text)
            let stamp = Timestamp(date: Date(timeIntervalSince1970: 0), timeZone: TimeZone(identifier: "UTC") ?? .current)
            let text = try template.render(.init(stamp: stamp, locale: nil, category: nil, place: nil, weather: nil))
            #expect(!text.contains("{{"))
        }
    }
}
