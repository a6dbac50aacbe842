import Foundation
import Testing
@testable import JournalKit

/// The pure functions that stand between files from elsewhere and the disk, the terminal or git.
@Suite struct UntrustedInputTests {
    // MARK: A word among a file's bytes

    /// `FileSystem.bytes(_:contain:)`, which asks whether a file names the encryption filter, `language` or
    /// `auto`, finds a word wherever it is and only where it is whole, as `Data.range(of:)` does (and an empty
    /// word everywhere).
    @Test func aWordIsFoundAmongBytesWhereverItIs() {
        let texts = ["", "a", "filter", "filter=journal", "x filter=journa", "filter=journalx", "ffilter=journal", "fil\0ter=journal",
                     "*.md filter=journal diff=journal\n", "filter=journa filter=journal", "한국어 filter=journal", "\u{0}filter=journal"]
        let words = ["filter=journal", "f", "", "journal", "=", "한국", "\u{0}"]
        for text in texts {
            let data = Data(text.utf8)
            for word in words {
                let expected = word.isEmpty || data.range(of: Data(word.utf8)) != nil
                #expect(FileSystem.bytes(data, contain: word) == expected, "\(text.debugDescription) \(word.debugDescription)")
            }
        }
    }

    // MARK: Paths a remote's tree may name

    @Test(arguments: [
        "entries/2026/11/2026-11-21-3f2a9c1e.md", "journal.yml", "attachments/3f2a/photo.jpg", "templates/entry.md",
        "entries/notes with spaces.md", "entries/한국어.md", ".gitignore", "entries/..md", "entries/.hidden.md",
        "entries/a...b.md", "entries/git/x.md",
    ])
    func safePaths(_ path: String) {
        #expect(Journal.isSafe(path))
    }

    @Test(arguments: [
        "", "/etc/passwd", "/entries/x.md", "../outside.md", "entries/../../outside.md", "entries/..", "..",
        "entries/./x.md", "./x.md", "entries//x.md", "entries/x.md/", ".git/config", ".git", "entries/.git/hooks/x",
        ".GIT/config", "entries/.Git", "entries/x\u{1B}[31m.md", "entries/x\n.md", "entries/x\r.md",
        "entries/x\u{7F}.md", "entries/x\u{0}.md", "entries/\t.md",
    ])
    func unsafePaths(_ path: String) {
        #expect(!Journal.isSafe(path))
    }

    // MARK: Which paths are entries

    @Test(arguments: [
        ("entries/2026/11/2026-11-21-3f2a9c1e.md", true), ("entries/x.md", true), ("entries/a/b/c/d.md", true),
        ("entries.md", false), ("entries/x.markdown", false), ("entries/x.md.bak", false), ("notes/x.md", false),
        ("README.md", false), ("templates/entry.md", false), ("attachments/x/entries/y.md", false),
        ("entriesx/y.md", false), ("journal.yml", false), ("entries/", false),
    ])
    func entryPaths(_ path: String, _ isEntry: Bool) {
        #expect(Journal.isEntryPath(path) == isEntry)
    }

    // MARK: Control characters made visible

    @Test(arguments: [
        ("plain text", "plain text"),
        ("한국어 · émoji 🎉", "한국어 · émoji 🎉"),
        ("line\nbreak\tand tab", "line\nbreak\tand tab"),
        ("\u{1B}]0;pwned\u{07}", "\\u{1B}]0;pwned\\u{7}"),
        ("\u{1B}[31mred\u{1B}[0m", "\\u{1B}[31mred\\u{1B}[0m"),
        ("nul\u{0}", "nul\\u{0}"),
        ("back\u{8}space", "back\\u{8}space"),
        ("del\u{7F}", "del\\u{7F}"),
        ("c1 \u{9B}31m \u{80} \u{9F}", "c1 \\u{9B}31m \\u{80} \\u{9F}"),
        ("\u{A0}nbsp and \u{A9}", "\u{A0}nbsp and \u{A9}"),
        ("\u{202E}desrever\u{202C}", "\\u{202E}desrever\\u{202C}"),
        ("\u{2066}isolate\u{2069} \u{202A}\u{202B}\u{202D}", "\\u{2066}isolate\\u{2069} \\u{202A}\\u{202B}\\u{202D}"),
        ("dash \u{2014} quote \u{201C}", "dash \u{2014} quote \u{201C}"),
        ("crlf\r\nkept", "crlf\r\nkept"),
        ("lone\rreturn", "lone\\u{D}return"),
        ("end\r", "end\\u{D}"),
    ])
    func visible(_ text: String, _ shown: String) {
        #expect(ControlCharacters.visible(text) == shown)
    }

    /// The byte-wise `visible` against the scalar-wise one it replaced, on random text mixing every
    /// kind of hidden character with the harmless ones that share their first UTF-8 byte.
    @Test func visibleMatchesTheScalarRule() {
        func reference(_ text: String) -> String {
            var out = String.UnicodeScalarView()
            let scalars = Array(text.unicodeScalars)
            for (index, scalar) in scalars.enumerated() {
                let keptReturn = scalar == "\r" && index + 1 < scalars.count && scalars[index + 1] == "\n"
                if ControlCharacters.isHidden(scalar) && !keptReturn {
                    out.append(contentsOf: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}".unicodeScalars)
                } else {
                    out.append(scalar)
                }
            }
            return String(out)
        }
        let pieces = [
            "a", " ", "\n", "\r", "\r\n", "\t", "\u{0}", "\u{1B}", "\u{7F}", "\u{80}", "\u{9F}", "\u{A0}", "\u{A9}", "\u{BF}",
            "\u{2026}", "\u{2014}", "\u{202A}", "\u{202E}", "\u{2066}", "\u{2069}", "\u{2FFF}", "한", "é", "🎉",
        ]
        var state: UInt64 = 0xC0_7201
        for _ in 0..<2_000 {
            let text = (0..<(Int(state % 40))).map { _ in
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                return pieces[Int(state >> 33) % pieces.count]
            }.joined()
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            #expect(ControlCharacters.visible(text) == reference(text), "\(text.debugDescription)")
        }
    }

    // MARK: Files that are not text

    static func decode(_ bytes: [UInt8], path: String = "entries/2026/11/photo.md") -> Entry {
        EntryFile.decode(Data(bytes), path: path, zone: TimeZone(identifier: "Asia/Seoul") ?? .current) {
            (Timestamp(date: Date(timeIntervalSince1970: 0), offsetSeconds: 0), .modificationTime)
        }
    }

    @Test func aBinaryFileIsBrokenWithoutATitle() {
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D, 0x49, 0x48, 0x44, 0x52]
        let entry = Self.decode(png)
        #expect(entry.problem == HeaderProblem(line: 1, reason: "not UTF-8 text"))
        #expect(entry.title == "" && entry.text == "" && entry.tags.isEmpty)
        #expect(!entry.isText)
        #expect(entry.id == NameUUID.forPath("entries/2026/11/photo.md").uuidString.lowercased())
    }

    /// Bytes that stop being text, and the line where they do.
    static let notText: [([UInt8], Int)] = {
        let title: [UInt8] = Array("Title\n".utf8)
        let header: [UInt8] = Array("---\nid: x\n---\nTitle\n".utf8)
        let lines: [UInt8] = Array("Title\n\nfine\nbad ".utf8)
        return [
            (lines + [0xFF], 4),
            (header + [0], 5),
            (title + [0xE2, 0x82, 0x0A], 2),  // a sequence cut short
            (title + [0xED, 0xA0, 0x80], 2),  // a UTF-16 surrogate is not UTF-8
            ([0xC0, 0xAF], 1),  // an overlong "/"
        ]
    }()

    @Test(arguments: notText)
    func notTextFromTheLineWhereItStops(_ bytes: [UInt8], _ line: Int) {
        #expect(EntryFile.lineWhereTextEnds(Data(bytes)) == line)
        #expect(Self.decode(bytes).problem?.line == line)
    }

    @Test func textIsText() {
        for text in ["", "Title\n", "\u{FEFF}---\nid: x\n---\r\nTitle\r\n", "한국어 🎉\n", "no final newline"] {
            #expect(EntryFile.lineWhereTextEnds(Data(text.utf8)) == nil, "\(text.debugDescription)")
            #expect(Self.decode(Array(text.utf8)).isText)
        }
    }

    @Test func aBinaryFileNamedMdChangedOnBothSidesIsKeptByteForByteWithACopy() throws {
        let base = Data([0x89, 0x50, 0x4E, 0x47, 0x0A, 0xFF, 0x00, 0x01, 0x0A])
        let ours = Data([0x89, 0x50, 0x4E, 0x47, 0x0A, 0xFF, 0x00, 0x02, 0x0A])
        let theirs = Data([0x89, 0x50, 0x4E, 0x47, 0x0A, 0xFE, 0x00, 0x01, 0x0A, 0xC3])
        let merged = FileMerge.merge(
            MergeInput(path: "entries/2026/11/photo.md", base: base, ours: ours, theirs: theirs, oursWins: true))
        #expect(merged.data == ours)
        let copy = try #require(merged.copy)
        #expect(copy.data == theirs)
        #expect(copy.path.hasPrefix("entries/2026/11/photo.conflict-") && copy.path.hasSuffix(".md"), "\(copy.path)")
    }
}

/// What an entry's Markdown may say about its own look.
@Suite struct SanitizedClassTests {
    /// A code fence names its language, and nothing more: not the page's own classes (`notice`, `hidden`),
    /// with which an entry's text could pass for the app's messages.
    @Test func aFenceGivesOnlyItsLanguage() {
        let html = HTMLSanitizer.render("```x notice hidden\nYour session expired\n```\n\n```swift\nlet a = 1\n```\n\n```c++\nint a;\n```\n")
        #expect(html.contains("<code class=\"language-x\">"), "\(html)")
        #expect(html.contains("<code class=\"language-swift\">"))
        #expect(html.contains("<code class=\"language-c++\">"))
        #expect(!html.contains("notice") || html.contains("Your session expired"))
        #expect(!html.contains("class=\"language-x notice") && !html.contains(" hidden\""))
    }
}
