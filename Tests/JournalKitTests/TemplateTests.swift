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
        let html = folder.appendingPathComponent("html")
        let pages = try FileManager.default.contentsOfDirectory(atPath: html.path).sorted()
        #expect(BuiltInTemplates.html.map(\.name) == pages)
        for builtIn in BuiltInTemplates.html {
            let file = try String(contentsOf: html.appendingPathComponent(builtIn.name), encoding: .utf8)
            #expect(builtIn.text == file, "templates/html/\(builtIn.name) differs: run scripts/embed-templates.sh")
        }
    }

    @Test func everyBuiltInParsesAndRenders() throws {
        for builtIn in BuiltInTemplates.all {
            let template = try EntryTemplate.parse(name: builtIn.name, path: nil, text: builtIn.text)
            let stamp = Timestamp(date: Date(timeIntervalSince1970: 0), timeZone: TimeZone(identifier: "UTC") ?? .current)
            let text = try template.render(.init(stamp: stamp, locale: nil, category: nil, place: nil, weather: nil))
            #expect(!text.contains("{{"))
        }
    }
}
