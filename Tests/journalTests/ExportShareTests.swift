import Foundation
import Testing

/// `journal export` and `journal share`, through the real binary.
@Suite struct ExportShareTests {
    /// A journal with three entries a minute apart: a travel entry with weather, place and an attachment, an
    /// entry holding markup, and an older plain one.
    func journal() throws -> (box: Sandbox, busan: String, markup: String, old: String) {
        let box = try Sandbox()
        try box.journal("init")
        let old = try box.add("--date", "2025-03-01 08:00", "Older day\n\nJust a note.")
        let busan = try box.add("Trip to Busan\n\nWe ate hotteok.", "-c", "travel", "-t", "busan,food", "--star")
        box.advanceClock()
        let markup = try box.add("Tom & <script>alert(1)</script>\n\nLine one\nline two\n\nSecond paragraph", "-t", "x")
        let folder = box.journal + "/attachments/" + (try fullID(box, busan))
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Data("jpeg".utf8).write(to: URL(fileURLWithPath: folder + "/photo.jpg"))
        try box.journal("commit")
        return (box, busan, markup, old)
    }

    func fullID(_ box: Sandbox, _ short: String) throws -> String {
        let list = try box.journal("list", "--json")
        let entries = try #require(try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]])
        return try #require(entries.compactMap { $0["id"] as? String }.first { $0.hasPrefix(short) })
    }

    func json(_ text: String) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(text.utf8))
    }

    @Test func jsonHasEveryFieldAndTheAttachmentsNewestFirst() throws {
        let (box, busan, markup, old) = try journal()
        let result = try box.journal("export", "json")
        #expect(result.status == 0, "\(result.stderr)")
        let entries = try #require(try json(result.stdout) as? [[String: Any]])
        #expect(entries.compactMap { ($0["id"] as? String)?.prefix(8) }.map(String.init) == [markup, busan, old])
        let trip = entries[1]
        #expect(trip["title"] as? String == "Trip to Busan")
        #expect(trip["body"] as? String == "We ate hotteok.")
        #expect(trip["category"] as? String == "travel")
        #expect(trip["tags"] as? [String] == ["busan", "food"])
        #expect(trip["starred"] as? Bool == true)
        #expect(trip["attachments"] as? [String] == ["attachments/\(try fullID(box, busan))/photo.jpg"])
        #expect(entries[0]["attachments"] as? [String] == [])
        for key in ["created_at", "time_zone", "text", "path", "weather", "location", "updated_at", "inline_tags"] {
            #expect(trip.keys.contains(key), "\(key)")
        }
        // Filters narrow it; an empty journal is an empty array.
        let tagged = try #require(try json(try box.journal("export", "json", "--tag", "busan").stdout) as? [[String: Any]])
        #expect(tagged.count == 1)
        let empty = try Sandbox()
        try empty.journal("init")
        #expect(try empty.journal("export", "json").stdout == "[]\n")
    }

    @Test func toAFileItWritesWholeAndSaysSo() throws {
        let (box, _, _, _) = try journal()
        let head = try box.git("rev-parse", "HEAD")
        let target = box.root.path + "/out.json"
        try Data("old".utf8).write(to: URL(fileURLWithPath: target))
        let result = try box.journal("export", "json", "-o", target)
        #expect(result.status == 0)
        #expect(result.stdout == "")
        #expect(result.stderr == "Exported 3 entries to \(target)\n")
        let written = try #require(FileManager.default.contents(atPath: target))
        #expect((try JSONSerialization.jsonObject(with: written) as? [Any])?.count == 3)
        // Nothing beside it, nothing in the journal.
        #expect(try FileManager.default.contentsOfDirectory(atPath: box.root.path).filter { $0.contains("export") } == [])
        #expect(try box.git("rev-parse", "HEAD") == head)
        try box.expectCleanRepository()
    }

    /// `-o` names a pipe or a device: written into, as a shell's `>` does, never replaced by a file; a
    /// symbolic link stays a link to the file written.
    @Test func toAPipeADeviceOrALinkItWritesThrough() throws {
        let (box, _, _, _) = try journal()
        let fifo = box.root.path + "/fifo"
        #expect(mkfifo(fifo, 0o600) == 0)
        let reader = Process()  // the other end of the pipe, as `journal export json -o fifo & cat fifo` would
        reader.executableURL = URL(fileURLWithPath: "/bin/cat")
        reader.arguments = [fifo]
        let output = Pipe()
        reader.standardOutput = output
        try reader.run()
        let piped = try box.journal("export", "json", "-o", fifo)
        #expect(piped.status == 0, "\(piped.stderr)")
        let read = output.fileHandleForReading.readDataToEndOfFile()
        reader.waitUntilExit()
        #expect((try JSONSerialization.jsonObject(with: read) as? [Any])?.count == 3)
        var info = stat()
        #expect(lstat(fifo, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO)

        let full = try box.journal("export", "txt", "-o", "/dev/full")
        #expect(full.status == 1)
        #expect(full.stderr.hasPrefix("journal: cannot write /dev/full: "), "\(full.stderr)")
        #expect(lstat("/dev/full", &info) == 0 && info.st_mode & S_IFMT == S_IFCHR)
        #expect(try box.journal("export", "dayone", "-o", "/dev/null").status == 1)
        #expect(lstat("/dev/null", &info) == 0 && info.st_mode & S_IFMT == S_IFCHR)

        let real = box.root.path + "/real.md"
        let link = box.root.path + "/link.md"
        try Data("old".utf8).write(to: URL(fileURLWithPath: real))
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: real)
        #expect(try box.journal("export", "markdown", "-o", link).status == 0)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == real)
        #expect(String(decoding: FileManager.default.contents(atPath: real) ?? Data(), as: UTF8.self).hasPrefix("## "))
    }

    /// Output that cannot be written (a full disk) is an error, not a silent success.
    @Test func anUnwritableStandardOutputIsAnError() throws {
        let (box, _, _, _) = try journal()
        for command in ["list", "export json"] {
            let result = try Sandbox.exec(
                "/bin/sh", ["-c", "exec \(Sandbox.shellQuote(Sandbox.binary)) \(command) > /dev/full"], stdin: nil,
                env: box.environment, cwd: box.home)
            #expect(result.status == 1, "\(command)")
            #expect(result.stderr == "journal: cannot write the output: No space left on device\n", "\(command): \(result.stderr)")
        }
    }

    @Test func jrnlJSONFormatIsWhatJrnlExports() throws {
        let (box, _, _, _) = try journal()
        let result = try box.journal("export", "jrnl-json")
        #expect(result.status == 0)
        let document = try #require(try json(result.stdout) as? [String: Any])
        let entries = try #require(document["entries"] as? [[String: Any]])
        // Oldest first, as jrnl writes it; local date and time; @tags.
        #expect(entries.map { $0["title"] as? String } == ["Older day", "Trip to Busan", "Tom & <script>alert(1)</script>"])
        #expect(entries[0]["date"] as? String == "2025-03-01")
        #expect(entries[0]["time"] as? String == "08:00")
        #expect(entries[0]["body"] as? String == "Just a note.")
        #expect(entries[1]["tags"] as? [String] == ["@busan", "@food"])
        #expect(entries[1]["starred"] as? Bool == true)
        #expect(Set(entries[0].keys) == ["title", "body", "date", "time", "tags", "starred"])
        #expect(document["tags"] as? [String: Int] == ["@busan": 1, "@food": 1, "@x": 1])
    }

    @Test func markdownAndTextAreOneDocumentNewestFirst() throws {
        let (box, _, _, _) = try journal()
        let markdown = try box.journal("export", "markdown").stdout
        let headings = markdown.split(separator: "\n").filter { $0.hasPrefix("## ") }
        #expect(headings == ["## Tom & <script>alert(1)</script>", "## Trip to Busan", "## Older day"])
        #expect(markdown.contains("\nWe ate hotteok.\n"))
        #expect(markdown.contains("✈️ travel · #busan #food · ★*"))
        let text = try box.journal("export", "txt").stdout
        #expect(text.components(separatedBy: String(repeating: "─", count: 40)).count == 3)
        #expect(text.contains("\nTrip to Busan\n\nWe ate hotteok.\n"))
        #expect(!text.contains("\u{1B}["), "no colour codes in a file")
    }

    /// Markdown export (issue 31 §7): an entry's own headings sit below its title, and the links to its pictures
    /// work from where the exported file is (on standard output, from the folder the command ran in).
    @Test func markdownDemotesHeadingsAndLinksPicturesFromWhereItIsRead() throws {
        for korean in [false, true] {
            let box = try Sandbox()
            if korean { box.environment["LANG"] = "ko_KR.UTF-8" }
            try box.journal("init")
            let short = try box.add("부산 여행\n\n# 첫째 날\n\n시장\n---\n\n```\n# not a heading\n```\n\n#태그 is no heading\n\n###### deepest")
            let id = try fullID(box, short)
            let picture = box.root.path + "/sea view.png"
            try Data("png".utf8).write(to: URL(fileURLWithPath: picture))
            #expect(try box.journal("attach", short, picture).status == 0)
            let out = box.root.path + "/out"
            try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
            let exported = try box.journal("export", "markdown", "-o", out + "/trip.md")
            #expect(exported.status == 0, "\(exported.stderr)")
            let file = try String(contentsOfFile: out + "/trip.md", encoding: .utf8)
            #expect(file.hasPrefix("## 부산 여행\n"), "\(file)")
            for part in ["\n### 첫째 날\n", "\n#### 시장\n", "```\n# not a heading\n```", "\n#태그 is no heading\n", "\n###### deepest\n",
                         "![sea view.png](../home/journal/attachments/\(id)/sea%20view.png)"] {
                #expect(file.contains(part), "\(part): \(file)")
            }
            let printed = try box.run(["export", "markdown"], cwd: box.home).stdout
            #expect(printed.contains("![sea view.png](journal/attachments/\(id)/sea%20view.png)"), "\(printed)")
            // The entry's file keeps its own links.
            #expect(box.read(box.entryFiles()[0])?.contains("(../../../attachments/\(id)/sea%20view.png)") == true)
        }
    }

    @Test func badInputIsOneLineAndWritesNothing() throws {
        let (box, _, _, _) = try journal()
        let missing = box.root.path + "/no/such/folder/out.json"
        let noFolder = try box.journal("export", "json", "-o", missing)
        #expect(noFolder.status == 1)
        #expect(noFolder.stderr == "journal: cannot export into \(box.root.path)/no/such/folder: no such folder\n")
        let folder = try box.journal("export", "json", "-o", box.root.path)
        #expect(folder.status == 1)
        #expect(folder.stderr == "journal: cannot export to \(box.root.path): it is a folder (give a file name)\n")
        let format = try box.journal("export", "pdf")
        #expect(format.status == 64)
        #expect(format.stderr.contains("pdf"))
        let date = try box.journal("export", "json", "--from", "2019-02-29")
        #expect(date.status == 1)
        #expect(date.stderr.split(separator: "\n").count == 1)
        #expect(!FileManager.default.fileExists(atPath: missing))
        try box.expectCleanRepository()
    }

    @Test func shareGivesOneEntryReadyToPaste() throws {
        let (box, busan, markup, _) = try journal()
        let text = try box.journal("share", busan)
        #expect(text.status == 0)
        let lines = text.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[0] == "Trip to Busan")
        #expect(lines[1].hasSuffix("(\(Sandbox.zone)) · ✈️ travel · #busan #food · ★"))
        // Its attachment is named by where it is on this machine: a link into the journal means nothing pasted elsewhere.
        let photo = box.journal + "/attachments/" + (try fullID(box, busan)) + "/photo.jpg"
        #expect(text.stdout.hasSuffix("\n\nWe ate hotteok.\n\nAttachments: \(photo)\n"))
        #expect(!text.stdout.replacingOccurrences(of: photo, with: "").contains(try fullID(box, busan)), "no id in what is shared but the file's folder")
        let markdown = try box.journal("share", busan, "--format", "markdown").stdout
        #expect(markdown.hasPrefix("# Trip to Busan\n\n*"))
        let html = try box.journal("share", markup, "--format", "html").stdout
        #expect(html.contains("<h1>Tom &amp; &lt;script&gt;alert(1)&lt;/script&gt;</h1>"))
        #expect(!html.contains("<script>"))
        #expect(html.contains("<p>Line one<br>\nline two</p>\n<p>Second paragraph</p>"))
        let korean = try box.journal("share", busan, env: ["LANG": "ko_KR.UTF-8"])
        #expect(korean.stdout.contains(photo))
        let unknown = try box.journal("share", "ffff0000")
        #expect(unknown.status == 1)
        #expect(unknown.stderr.hasPrefix("journal: ") && unknown.stderr.contains("ffff0000"))
    }

    @Test func copyUsesTheClipboardProgramThereIsAndSaysWhich() throws {
        let (box, busan, _, _) = try journal()
        let bin = box.root.path + "/bin"
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        let copied = box.root.path + "/copied.txt"
        let xclip = try box.script("xclip", "[ \"$1 $2\" = '-selection clipboard' ] || exit 3\ncat > '\(copied)'\n")
        try FileManager.default.moveItem(atPath: xclip, toPath: bin + "/xclip")
        let path = bin + ":" + (box.environment["PATH"] ?? "")
        let result = try box.journal("share", busan, "--copy", env: ["PATH": path, "DISPLAY": ":42"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "")
        #expect(result.stderr == "Copied to the clipboard with xclip.\n")
        #expect(FileManager.default.contents(atPath: copied).map { String(decoding: $0, as: UTF8.self) }
            == (try box.journal("share", busan).stdout))

        // No display and no terminal: nothing to copy with; the text is printed so nothing is lost.
        let none = try box.journal("share", busan, "--copy", env: ["PATH": path, "DISPLAY": ""])
        #expect(none.status == 1)
        #expect(none.stdout.hasPrefix("Trip to Busan\n"))
        #expect(none.stderr.hasPrefix("journal: no clipboard here: install wl-clipboard (Wayland) or xclip (X11)"))

        // On a terminal: OSC 52, which the terminal turns into its clipboard.
        let terminal = try box.runInTerminal(["share", busan, "--copy"], env: ["DISPLAY": ""])
        #expect(terminal.status == 0)
        let expected = Data(try box.journal("share", busan).stdout.utf8).base64EncodedString()
        #expect(terminal.stdout.contains("\u{1B}]52;c;\(expected)\u{07}"))
    }

    /// A shared entry's pictures go with it: markdown links them where they are (file URLs), html carries them
    /// inline as data URIs, other files by their path.
    @Test func sharedAttachmentsAreWhereTheFilesAre() throws {
        let box = try Sandbox()
        try box.journal("init")
        let id = try box.add("Harbour day\n\nWe walked.")
        let photo = box.root.path + "/harbour view.png"
        try Data("PNG bytes".utf8).write(to: URL(fileURLWithPath: photo))
        let ticket = box.root.path + "/ticket.pdf"
        try Data("PDF".utf8).write(to: URL(fileURLWithPath: ticket))
        #expect(try box.journal("attach", id, photo, ticket).status == 0)
        let folder = box.journal + "/attachments/" + (try fullID(box, id))
        let markdown = try box.journal("share", id, "--format", "markdown").stdout
        #expect(markdown.contains("![harbour view.png](file://\(folder)/harbour%20view.png)"), "\(markdown)")
        #expect(markdown.contains("[ticket.pdf](file://\(folder)/ticket.pdf)"))
        #expect(!markdown.contains("../../../attachments"))
        let html = try box.journal("share", id, "--format", "html").stdout
        #expect(html.contains("<img alt=\"harbour view.png\" src=\"data:image/png;base64,\(Data("PNG bytes".utf8).base64EncodedString())\">"))
        #expect(html.contains("<p class=\"attachments\">Attachments: \(folder)/ticket.pdf</p>"))
        // On a terminal whose standard output goes to a file: OSC 52 through standard error.
        let out = box.root.path + "/out.txt"
        let command = "\(Sandbox.shellQuote(Sandbox.binary)) share \(id) --copy > \(Sandbox.shellQuote(out))"
        let run = try Sandbox.exec(
            "/usr/bin/env", ["script", "-qec", command, "/dev/null"], stdin: "", env: box.environment.merging(["DISPLAY": ""]) { $1 },
            cwd: box.home)
        #expect(run.status == 0, "\(run.stdout)")
        let expected = Data(try box.journal("share", id).stdout.utf8).base64EncodedString()
        #expect(run.stdout.contains("\u{1B}]52;c;\(expected)\u{07}"))
        #expect(FileManager.default.contents(atPath: out) == Data())
    }
}
