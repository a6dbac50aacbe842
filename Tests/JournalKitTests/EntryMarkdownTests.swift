import Testing

@testable import JournalKit

/// An entry's headings under its title in a Markdown export (issue 31 §7), line by line.
@Suite struct EntryMarkdownTests {
    @Test func headingsGoBelowTheTitle() {
        let cases: [(String, Int, String)] = [
            ("# One\n\ntext", 2, "### One\n\ntext"),
            ("## Two\r\nbody\r\n", 1, "### Two\r\nbody\r\n"),
            ("#### Four\n##### Five", 2, "###### Four\n###### Five"),  // never deeper than Markdown's six
            ("Under\n=====\n\nmore", 2, "### Under\n\n\nmore"),
            ("Under\r\n---\r\n", 2, "#### Under\r\n\r\n"),
            ("- item\n---\n", 2, "- item\n---\n"),  // a rule under a list, not an underline
            ("\n---\nrule", 2, "\n---\nrule"),
            ("```\n# code\n```\n~~~\nline\n===\n~~~", 2, "```\n# code\n```\n~~~\nline\n===\n~~~"),
            ("#tag and #another", 2, "#tag and #another"),
            ("    # indented code", 2, "    # indented code"),
            ("# One", 0, "# One"),
        ]
        for (text, levels, expected) in cases {
            #expect(EntryMarkdown.demoted(text, by: levels) == expected, "\(text.debugDescription)")
        }
    }
}
