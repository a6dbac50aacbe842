import Testing

@testable import JournalKit

/// What a YAML line is, for every reader and editor of headers and settings by lines (issue 29 §4).
@Suite struct YAMLLineTests {
    @Test func blankAndCommentLinesAreYAMLs() {
        for line in ["", "   ", "#", "# note", "   # note", "\r", "  # note\r"] {
            #expect(YAMLLine.isBlankOrComment(line), "\(line.debugDescription)")
        }
        // Yams reads a tab before a line's text as an error, not as a blank or a comment.
        for line in ["\t", "\t# note", "  \t", "a: b", "- x", "a #b"] {
            #expect(!YAMLLine.isBlankOrComment(line), "\(line.debugDescription)")
        }
    }

    @Test func keyLines() {
        #expect(YAMLLine.key(of: "tags: [a]") == "tags")
        #expect(YAMLLine.key(of: "tags:\r") == "tags")
        #expect(YAMLLine.key(of: "tags:\tx") == "tags")
        #expect(YAMLLine.key(of: "url: http://x") == "url")
        #expect(YAMLLine.key(of: "a:b: c") == "a:b")
        #expect(YAMLLine.key(of: "  name: x", indent: 2) == "name")
        for line in ["  name: x", "- a: b", "# a: b", "\ta: b", "tags:x", "plain text"] {
            #expect(YAMLLine.key(of: line) == nil, "\(line.debugDescription)")
        }
        #expect(YAMLLine.holds("tags: [a]", key: "tags"))
        #expect(YAMLLine.holds("tags:", key: "tags"))
        #expect(YAMLLine.holds("tags:\r", key: "tags"))
        #expect(!YAMLLine.holds("tagsx: a", key: "tags"))
        #expect(!YAMLLine.holds("tags:x", key: "tags"))
        #expect(!YAMLLine.holds("  tags: a", key: "tags"))
        #expect(YAMLLine.holds("  url: a", key: "url", indented: true))
        #expect(!YAMLLine.holds("url: a", key: "url", indented: true))
    }
}
