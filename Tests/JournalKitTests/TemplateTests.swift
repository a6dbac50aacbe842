import Foundation
import Testing

@testable import JournalKit

@Suite struct TemplateTests {
    /// The compiled-in template must be the file in templates/, so the two never drift apart.
    @Test func builtInEntryTemplateMatchesTheTemplatesFolder() throws {
        let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let file = try String(contentsOf: package.appendingPathComponent("templates/entry.md"), encoding: .utf8)
        #expect(BuiltInTemplates.entry == file)
    }
}
