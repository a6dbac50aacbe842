import Foundation
import Testing

@testable import JournalKit

/// One rule finds a file's YAML header: reading an entry, merging it and reading a template agree on every
/// kind of first and closing line (issue 29 §4).
@Suite struct FrontMatterTests {
    /// A file, and whether it has a header whose one key is `category: work`.
    static let cases: [(String, Bool)] = [
        ("---\ncategory: work\n---\nText\n", true),
        ("---\ncategory: work\n...\nText\n", true),
        ("---   \ncategory: work\n---  \nText\n", true),
        ("---\r\ncategory: work\r\n---\r\nText\r\n", true),
        ("\u{FEFF}---\ncategory: work\n---\nText\n", true),
        ("---\r\ncategory: work\r\n...\r\nText\r\n", true),
        (" ---\ncategory: work\n---\nText\n", false),
        ("----\ncategory: work\n---\nText\n", false),
        ("--- x\ncategory: work\n---\nText\n", false),
        ("Text\n---\ncategory: work\n---\n", false),
    ]

    @Test func entriesMergesAndTemplatesFindTheSameHeader() throws {
        for (text, hasHeader) in Self.cases {
            let data = Data(text.utf8)
            let split = EntryFile.Split(data)
            #expect((split.header != nil) == hasHeader, "\(text.debugDescription)")
            let raw = try #require(RawEntry(data))
            #expect(raw.hasHeader == hasHeader, "\(text.debugDescription)")
            let template = try EntryTemplate.parse(name: "t", path: nil, text: text)
            #expect((template.category == "work") == hasHeader, "\(text.debugDescription)")
            #expect(hasHeader ? template.body.hasPrefix("Text") : template.body == text, "\(text.debugDescription)")
        }
    }

    @Test func anUnclosedHeaderIsOneToAllThree() {
        let text = "---\ncategory: work\nText\n"
        #expect(EntryFile.Split(Data(text.utf8)).problem != nil)
        #expect(RawEntry(Data(text.utf8)) == nil)
        #expect(throws: JournalError.self) { try EntryTemplate.parse(name: "t", path: nil, text: text) }
    }
}
