import Foundation
import Testing
@testable import JournalKit

/// Where Ink reads Markdown otherwise than CommonMark and GitHub do, an entry's page shows what its writer
/// meant (`HTMLSanitizer.prepare`): nothing of the text vanishes or runs into the line before.
@Suite struct MarkdownBlocksTests {
    static let shown: [(String, String)] = [
        // A list or a quote right after a paragraph line starts its own block.
        ("Today:\n- eggs\n- milk\n\nAfter.", "<p>Today:</p><ul><li>eggs</li><li>milk</li></ul><p>After.</p>"),
        ("Plan:\n1. wake\n2. run", "<p>Plan:</p><ol><li>wake</li><li>run</li></ol>"),
        ("Plan:\n3. wake", "<p>Plan:<br>3. wake</p>"),  // only a list that starts at 1 interrupts a paragraph
        ("He said:\n> be kind\n> always\nand left.", "<p>He said:</p><blockquote><p>be kind<br>always<br>and left.</p></blockquote>"),
        ("> quote\n- item", "<blockquote><p>quote</p></blockquote><ul><li>item</li></ul>"),
        ("- item\n> quote", "<ul><li>item</li></ul><blockquote><p>quote</p></blockquote>"),
        ("Line one\nline two\n\n- x\n  continued\n- y", "<p>Line one<br>line two</p><ul><li>x<br>continued</li><li>y</li></ul>"),
        // A single line break is a line break (issue 49), as Obsidian, GitHub's comments and the diary apps show it:
        // in a paragraph, an item (a plain line right under it too, the list going on after it), a quote; a
        // break written as Markdown writes one (two spaces, a backslash) is the same one; never in code, never
        // before a heading or after one.
        ("바다 소리\n다리 불빛\n혼자 걷기 좋은 밤", "<p>바다 소리<br>다리 불빛<br>혼자 걷기 좋은 밤</p>"),
        ("- 김밥\n맛있었다\n- 라면", "<ul><li>김밥<br>맛있었다</li><li>라면</li></ul>"),
        ("> 첫 줄\n> 둘째 줄", "<blockquote><p>첫 줄<br>둘째 줄</p></blockquote>"),
        ("two spaces  \nbackslash\\\nplain", "<p>two spaces<br>backslash<br>plain</p>"),
        ("# 제목\n첫 줄\n둘째 줄\n## 다음", "<h1>제목</h1><p>첫 줄<br>둘째 줄</p><h2>다음</h2>"),
        ("a `code\nspan` b", "<p>a `code span` b</p>"),  // no break taken into a code span
        ("```\n첫 줄\n둘째 줄\n```\n그다음", "<pre><code>첫 줄\n둘째 줄\n</code></pre><p>그다음</p>"),
        // Footnotes are shown, each its own paragraph, where Ink dropped them as links' definitions.
        ("A note.[^1]\n\n[^1]: The note itself.\n[^long-name]: Another.",
         "<p>A note.[^1]</p><p>[^1]: The note itself.</p><p>[^long-name]: Another.</p>"),
        // Tasks.
        ("- [ ] buy milk\n- [x] call mom", "<ul><li>☐ buy milk</li><li>☑ call mom</li></ul>"),
        // Web addresses, bare or in angle brackets; not in code, nor inside a link.
        ("See https://example.com/a_b_c. Or (https://en.wikipedia.org/wiki/Busan_(city)) ok",
         "<p>See <a href=\"https://example.com/a_b_c\">https://example.com/a_b_c</a>. Or (<a href=\"https://en.wikipedia.org/wiki/Busan_%28city%29\">https://en.wikipedia.org/wiki/Busan_(city)</a>) ok</p>"),
        ("At <https://example.com/x?a=1&b=2> here",
         "<p>At <a href=\"https://example.com/x?a=1&amp;b=2\">https://example.com/x?a=1&amp;b=2</a> here</p>"),
        ("`https://code.example` and [see https://x.org](https://x.org) and [https://y.org](https://y.org)",
         "<p><code>https://code.example</code> and <a href=\"https://x.org\">see https://x.org</a> and <a href=\"https://y.org\">https://y.org</a></p>"),
        ("http:// alone, https://", "<p>http:// alone, https://</p>"),
        // A link's own target is left as it is: a definition's, or one after a space.
        ("A [one][a] and [two]( https://sp.test)\n\n[a]: https://ref.test/x",
         "<p>A <a href=\"https://ref.test/x\">one</a> and <a href=\"https://sp.test\">two</a></p>"),
        ("A note.[^1]\n\n[^1]: See https://x.org", "<p>A note.[^1]</p><p>[^1]: See <a href=\"https://x.org\">https://x.org</a></p>"),
        // A heading, a rule or a table row after a quote is not in it.
        ("> a quote\n# Heading", "<blockquote><p>a quote</p></blockquote><h1>Heading</h1>"),
        ("> a quote\n***", "<blockquote><p>a quote</p></blockquote><hr>"),
        // Brackets nested deeper than Ink reads in good time are text.
        (String(repeating: "[", count: 40) + "x" + String(repeating: "]", count: 40),
         "<p>" + String(repeating: "[", count: 40) + "x" + String(repeating: "]", count: 40) + "</p>"),
        // In a fence, all of it as written.
        ("```\n- a\nText:\n- b\n[^1]: x https://x.org\n```", "<pre><code>- a\nText:\n- b\n[^1]: x https://x.org\n</code></pre>"),
    ]

    @Test func shownAsMeant() {
        for (markdown, html) in Self.shown {
            #expect(HTMLSanitizer.render(markdown) == html, "\(markdown.debugDescription)")
        }
    }

    /// An address made a link is still only a web one: nothing but http and https is linked, and what
    /// follows it in the text cannot get into the link.
    @Test func onlyWebAddressesAreLinked() {
        for text in ["javascript:alert(1)", "<javascript:alert(1)>", "data:text/html,x", "file:///etc/passwd"] {
            #expect(!HTMLSanitizer.render(text).contains("<a "), "\(text)")
        }
        let html = HTMLSanitizer.render("https://x.org/\"onmouseover=alert(1) <https://x.org/\"><script>alert(1)</script>")
        #expect(html == "<p><a href=\"https://x.org/%22onmouseover=alert%281%29\">https://x.org/\"onmouseover=alert(1)</a> "
            + "<a href=\"https://x.org/%22\">https://x.org/\"</a>&lt;script&gt;alert(1)&lt;/script&gt;</p>", "\(html)")
    }
}
