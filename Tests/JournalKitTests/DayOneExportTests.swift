import Foundation
import Testing

@testable import JournalKit

/// The pieces of `export dayone`: MD5 names and Day One's escaping, which `import dayone` undoes.
@Suite struct DayOneExportTests {
    @Test func md5MatchesKnownDigests() {
        #expect(MD5.hex(Data()) == "d41d8cd98f00b204e9800998ecf8427e")
        #expect(MD5.hex(Data(repeating: UInt8(ascii: "x"), count: 200)) == "30a83621ce5422fbdfdd539777458c78")
        #expect(MD5.hex(Data((0..<768).map { UInt8($0 % 256) })) == "e6899eaaf06fd702f3ed3f988eb19362")
    }

    @Test func escapingIsUndoneByTheImporter() {
        let texts = [
            "Hi! (yes) end. a-b 1+1",
            "- list\n+ plus\n1. one\n---\n",
            "`code (x).` and [l.i.n.k](http://a-b.c/(d)) ![](dayone-moment://ABC) <http://x.y>",
            "```\nf(1) - 2.\n```\nafter (fence).",
            "kept \\* \\_ \\\\. pair, trailing \\",
        ]
        for text in texts {
            let escaped = DayOneExport.escape(text)
            #expect(DayOneExport.unescape(escaped) == (text, false), "\(escaped)")
        }
        #expect(DayOneExport.escape("Hi! (yes) end. a-b") == "Hi\\! \\(yes\\) end\\. a\\-b")
        #expect(DayOneExport.escape("- item\n2. two") == "- item\n2. two")
    }

    /// Day One's escapes that keep a plain line plain (`1\.`, `\-` at its start) and those `escape` never
    /// writes (`\:`, `\*`) stay; a text `escape` would not give back (an older Day One's) stays as written.
    @Test func unescapingKeepsWhatMarkdownNeeds() {
        let dayOne = "1\\. Not a list\n\\- not a bullet\n\\+ nor this\nAt 8\\:00 \\(early\\)\\! 2\\*3 well\\-known\\."
        let (text, asWritten) = DayOneExport.unescape(dayOne)
        #expect(!asWritten)
        #expect(text == "1\\. Not a list\n\\- not a bullet\n\\+ nor this\nAt 8\\:00 (early)! 2\\*3 well-known.")
        #expect(DayOneExport.escape(text) == dayOne)
        #expect(DayOneExport.unescape("No escapes (here)!") == ("No escapes (here)!", true))
        #expect(DayOneExport.unescape("Plain words") == ("Plain words", false))
    }
}
