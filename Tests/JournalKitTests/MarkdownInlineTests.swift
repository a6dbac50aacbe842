import Testing
@testable import JournalKit

/// A line of Markdown as a preview shows it (`MarkdownInline.plain`): the marks of a pair go, what only
/// looks like a mark stays.
@Suite struct MarkdownInlineTests {
    @Test(arguments: [
        ("plain words", "plain words"),
        ("**bold** and *slanted* and __strong__ and _soft_", "bold and slanted and strong and soft"),
        ("***both***", "both"),
        ("~~gone~~ stays", "gone stays"),
        ("a [link](https://example.com/a_(b)) here", "a link here"),
        ("a [reference][1] link", "a reference link"),
        ("![a harbour](photo.jpg) at dusk", "a harbour at dusk"),
        ("see <https://example.com/x_y_z>", "see https://example.com/x_y_z"),
        ("`code_with_*stars*` stays", "code_with_*stars* stays"),
        ("``a ` tick``", "a ` tick"),
        ("snake_case_name and 2 * 3 * 4", "snake_case_name and 2 * 3 * 4"),
        ("an unclosed **mark", "an unclosed **mark"),
        ("\\*not slanted\\*", "*not slanted*"),
        ("오늘은 **부산**에 갔어요 _바다_", "오늘은 부산에 갔어요 바다"),
        ("[**bold link**](x)", "bold link"),
        ("a <b>tag</b> stays as text", "a <b>tag</b> stays as text"),
        ("~single~ tilde", "~single~ tilde"),
        ("[not a link] (x)", "[not a link] (x)"),
        ("Tom &amp; Jerry &#39;95 &#x263A; &nbsp;", "Tom & Jerry '95 ☺ \u{A0}"),
        ("AT&T and a & b; &bogus; &#1;", "AT&T and a & b; &bogus; &#1;"),
    ])
    func plain(_ line: String, _ expected: String) {
        #expect(MarkdownInline.plain(line) == expected)
    }
}
