import Foundation
import Testing

/// `journal star`, `unstar`, `tag`, `tags`, `categories` and `edit`'s header flags.
@Suite struct HeaderCommandTests {
    static let brokenID = "0b7c1f3e-2a4d-4c5e-8f9a-1b2c3d4e5f60"

    static func path(_ id: String) -> String { "entries/2026/11/2026-11-22-\(id).md" }

    /// A journal with one entry, "Trip to Busan" tagged busan and food in category travel.
    static func busan() throws -> (Sandbox, String) {
        let box = try Sandbox()
        try box.journal("init")
        return (box, try box.add("Trip to Busan", "-t", "busan,food", "-c", "travel"))
    }

    /// Runs a command that must be refused: exit status, one-line error, and nothing changed on disk or in git.
    func expectRefused(
        _ box: Sandbox, _ arguments: [String], status: Int32 = 1, error: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let files = box.entryFiles().map { ($0, box.read($0)) } + [("journal.yml", box.read("journal.yml"))]
        let head = try box.git("rev-parse", "HEAD")
        let result = try box.run(arguments)
        #expect(result.status == status, "\(arguments): \(result.stdout)\(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stderr.contains(error), "\(arguments): \(result.stderr)", sourceLocation: sourceLocation)
        if status == 1 {
            #expect(result.stderr.hasPrefix("journal: "), sourceLocation: sourceLocation)
            #expect(result.stderr.filter { $0 == "\n" }.count == 1, "one line: \(result.stderr)", sourceLocation: sourceLocation)
        }
        #expect(result.stdout == "", sourceLocation: sourceLocation)
        for (path, text) in files {
            #expect(box.read(path) == text, "\(path) changed", sourceLocation: sourceLocation)
        }
        #expect(try box.git("rev-parse", "HEAD") == head, "a commit was made", sourceLocation: sourceLocation)
        try box.expectCleanRepository(sourceLocation: sourceLocation)
    }

    // MARK: star, unstar

    @Test func starAddsOneLineAndUnstarRemovesIt() throws {
        let (box, id) = try Self.busan()
        let path = Self.path(id)
        let original = try #require(box.read(path))

        let star = try box.journal("star", id)
        #expect(star.status == 0, "\(star.stderr)")
        #expect(star.stdout == "Starred \(id) \"Trip to Busan\"\n")
        #expect(try box.commitSubjects().first == "Star \"Trip to Busan\" (\(id))")
        #expect(try box.lastCommitChanges() == .init(added: ["starred: true"], removed: []))
        #expect(box.read(path) == original.replacingOccurrences(of: "tags: [busan, food]\n", with: "tags: [busan, food]\nstarred: true\n"))
        #expect(try box.journal("list").stdout.contains("Trip to Busan ★"))
        try box.expectCleanRepository()

        let again = try box.journal("star", String(id.prefix(4)))
        #expect(again.status == 0)
        #expect(again.stdout == "\(id) \"Trip to Busan\" is already starred: nothing to do.\n")
        #expect(try box.commitSubjects().count == 3)

        let unstar = try box.journal("unstar", id)
        #expect(unstar.status == 0)
        #expect(unstar.stdout == "Unstarred \(id) \"Trip to Busan\"\n")
        #expect(try box.commitSubjects().first == "Unstar \"Trip to Busan\" (\(id))")
        #expect(try box.lastCommitChanges() == .init(added: [], removed: ["starred: true"]))
        #expect(box.read(path) == original)

        let notStarred = try box.journal("unstar", id)
        #expect(notStarred.status == 0)
        #expect(notStarred.stdout == "\(id) \"Trip to Busan\" is not starred: nothing to do.\n")
        #expect(try box.commitSubjects().count == 4)
        try box.expectCleanRepository()
    }

    @Test func starKeepsAHandWrittenHeaderByteForByte() throws {
        let box = try Sandbox()
        try box.journal("init")
        let path = "entries/2026/11/mine.md"
        let header = "\u{FEFF}---\r\n# written by hand\r\nid: \(Self.brokenID)\r\ndate: 2026-11-20\r\nmood: \"great\"   # yes\r\nstarred: false\r\n---\r\n"
        let text = "Hand written\r\n\r\nwith CRLF\r\n"
        try box.write(path, header + text)
        try box.journal("commit")
        #expect(try box.journal("star", "0b7c").status == 0)
        #expect(box.read(path) == header.replacingOccurrences(of: "starred: false", with: "starred: true") + text)
        #expect(try box.lastCommitChanges() == .init(added: ["starred: true\r"], removed: ["starred: false\r"]))
        #expect(try box.journal("unstar", "0b7c").status == 0)
        #expect(box.read(path) == header.replacingOccurrences(of: "starred: false\r\n", with: "") + text)
        try box.expectCleanRepository()
    }

    @Test func aFileWithoutHeaderGetsOneAndLosesItAgain() throws {
        let box = try Sandbox()
        try box.journal("init")
        let path = "entries/notes 2026-11-20.md"
        let original = "Plain notes\n\nno header here\n"
        try box.write(path, original)
        try box.journal("commit")
        let star = try box.journal("star", path)
        #expect(star.status == 0, "\(star.stderr)")
        #expect(box.read(path) == "---\nstarred: true\n---\n" + original)
        #expect(try box.lastCommitChanges() == .init(added: ["---", "starred: true", "---"], removed: []))
        // Still the same entry: same id (from the path), same date (from the name), same text.
        let list = try box.journal("list", "--json")
        #expect(list.stdout.contains("\"starred\" : true"))
        #expect(list.stdout.contains("\"created_at\" : \"2026-11-20T"))
        #expect(try box.journal("tag", path, "+notes").status == 0)
        #expect(box.read(path) == "---\nstarred: true\ntags: [notes]\n---\n" + original)
        #expect(try box.journal("tag", path, "-notes").status == 0)
        #expect(try box.journal("unstar", path).status == 0)
        #expect(box.read(path) == original)
        try box.expectCleanRepository()
    }

    @Test func brokenHeadersAreRefusedNamingTheFileAndLine() throws {
        let box = try Sandbox()
        try box.journal("init")
        let path = "entries/2026/11/broken.md"
        try box.write(path, "---\nid: \(Self.brokenID)\ncreated_at: 2026-11-20T10:00:00+09:00\ntags: [a, b\n---\nBroken\n")
        try box.journal("commit")
        let error = "\(path):4: "
        try expectRefused(box, ["star", "0b7c1f3e"], error: error)
        try expectRefused(box, ["tag", "0b7c1f3e", "+x"], error: error)
        try expectRefused(box, ["edit", "0b7c1f3e", "--category", "travel"], error: error)
        let result = try box.journal("unstar", "0b7c1f3e")
        #expect(result.stderr.contains("fix it with `journal edit 0b7c1f3e`"))
    }

    @Test func badIdsAreRefused() throws {
        let (box, _) = try Self.busan()
        try expectRefused(box, ["star", "ffffffff"], error: "no entry with id 'ffffffff'")
        try expectRefused(box, ["unstar", "abc"], error: "too short")
        try expectRefused(box, ["tag", "ffffffff", "+x"], error: "no entry with id")
        try expectRefused(box, ["edit", "ffffffff", "--star"], error: "no entry with id")
        try expectRefused(box, ["star"], status: 64, error: "Missing expected argument")
    }

    // MARK: tag

    @Test func tagAddsAndRemovesInOneLine() throws {
        let (box, id) = try Self.busan()
        let result = try box.journal("tag", id, "+x", "-food", "z", "+Busan")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "Tagged \(id): +x +z -food (#busan #x #z)\n")
        #expect(try box.commitSubjects().first == "Tag \"Trip to Busan\" (\(id)): +x +z -food")
        #expect(try box.lastCommitChanges() == .init(added: ["tags: [busan, x, z]"], removed: ["tags: [busan, food]"]))

        let commas = try box.journal("tag", id, "-x,z", "+#rest")
        #expect(commas.stdout == "Tagged \(id): +rest -x -z (#busan #rest)\n")

        // Removing the last tags removes the line.
        let last = try box.journal("tag", id, "-busan", "-REST")
        #expect(last.status == 0)
        #expect(try box.lastCommitChanges() == .init(added: [], removed: ["tags: [busan, rest]"]))
        #expect(!(box.read(Self.path(id)) ?? "").contains("tags"))
        // Adding to an entry without tags adds the line.
        #expect(try box.journal("tag", id, "new").status == 0)
        #expect(try box.lastCommitChanges() == .init(added: ["tags: [new]"], removed: []))
        #expect(try box.journal("tag", id).stdout == "\(id): #new\n")
        try box.expectCleanRepository()
    }

    @Test func tagWithoutEffectMakesNoCommit() throws {
        let (box, id) = try Self.busan()
        let before = try box.commitSubjects()
        let result = try box.journal("tag", id, "+BUSAN", "-nothere", "+x", "-x")
        #expect(result.status == 0)
        #expect(result.stdout == "No changes: \(id) has #busan #food.\n")
        #expect(try box.commitSubjects() == before)
        try box.expectCleanRepository()
    }

    @Test func invalidTagsAreRefused() throws {
        let (box, id) = try Self.busan()
        // A tag may hold spaces and punctuation, not a control character (shown visibly in the message).
        try expectRefused(box, ["tag", id, "+ok", "+two\u{7}words"], error: "invalid tag 'two\\u{7}words'")
        try expectRefused(box, ["tag", id, "-"], error: "'-' names no tag: write its name after + or - (+travel, -work)")
        try expectRefused(box, ["tag", id, "+"], error: "'+' names no tag: write its name after + or - (+travel, -work)")
        try expectRefused(box, ["tags", "rename", "a,b", "c"], error: "'a,b' is more than one tag")
        try expectRefused(box, ["edit", id, "-t", "x\ny"], error: "invalid tag 'x\\u{A}y'")
        let spaced = try box.journal("tag", id, "+new york", "+Food & Drink")
        #expect(spaced.status == 0, "\(spaced.stderr)")
        #expect(box.read(Self.path(id))?.contains("tags: [busan, food, new york, Food & Drink]\n") == true)
        #expect(try box.journal("list", "--tag", "new york").stdout.contains(id))
    }

    // MARK: tags

    @Test func tagsListsCountsMostUsedFirst() throws {
        let box = try Sandbox()
        try box.journal("init")
        _ = try box.add("One", "-t", "food,busan")
        _ = try box.add("Two", "-t", "food")
        _ = try box.add("Three #food and #seoul", "-t", "art")
        let result = try box.journal("tags")
        #expect(result.status == 0)
        #expect(result.stdout == "#food   3\n#art    1\n#busan  1\n#seoul  1\n")
        let json = try box.journal("tags", "--json")
        let items = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(items.map { $0["tag"] as? String } == ["food", "art", "busan", "seoul"])
        #expect(items.map { $0["count"] as? Int } == [3, 1, 1, 1])
        #expect(try box.journal("tags", "list").stdout == result.stdout)
    }

    @Test func tagsRenameChangesEveryEntryInOneCommit() throws {
        let box = try Sandbox()
        try box.journal("init")
        let a = try box.add("A", "-t", "trip,food")
        let b = try box.add("B", "-t", "travel,Trip")
        let c = try box.add("C", "-t", "food")
        let before = try box.commitSubjects().count
        let result = try box.journal("tags", "rename", "#trip", "travel")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "Renamed #trip to #travel in 2 entries.\n")
        #expect(try box.commitSubjects().count == before + 1)
        #expect(try box.commitSubjects().first == "Rename tag #trip to #travel (2 entries)")
        #expect(try box.lastCommitChanges(Self.path(a)) == .init(added: ["tags: [travel, food]"], removed: ["tags: [trip, food]"]))
        #expect(try box.lastCommitChanges(Self.path(b)) == .init(added: ["tags: [travel]"], removed: ["tags: [travel, Trip]"]))
        #expect(try box.lastCommitFiles() == [Self.path(a), Self.path(b)].sorted())
        #expect(box.read(Self.path(c))?.contains("tags: [food]\n") == true)
        try box.expectCleanRepository()

        try expectRefused(box, ["tags", "rename", "trip", "x"], error: "no entry has the tag #trip in its header")
        try expectRefused(box, ["tags", "rename", "food", "food"], error: "nothing to rename")
        try expectRefused(box, ["tags", "rename", "food", "two words"], error: "'two words' cannot be a #hashtag")
        try expectRefused(box, ["tags", "rename", "food"], status: 64, error: "Missing expected argument")
    }

    @Test func bulkChangesSkipBrokenEntriesWithAWarning() throws {
        let box = try Sandbox()
        try box.journal("init")
        let id = try box.add("Fine", "-t", "old", "-c", "work")
        try box.write("entries/2026/11/broken.md", "---\nid: \(Self.brokenID)\ntags: [old\n---\nBroken\n")
        try box.journal("commit")
        let result = try box.journal("tags", "rename", "old", "new")
        #expect(result.status == 0)
        #expect(result.stderr.contains("journal: warning: entries/2026/11/broken.md:3: "))
        #expect(try box.lastCommitFiles() == [Self.path(id)])
        let category = try box.journal("categories", "rename", "work", "job")
        #expect(category.status == 0)
        #expect(category.stderr.contains("entries/2026/11/broken.md:3: "))
        #expect(box.read("entries/2026/11/broken.md") == "---\nid: \(Self.brokenID)\ntags: [old\n---\nBroken\n")
        try box.expectCleanRepository()
    }

    // MARK: edit with header flags

    @Test func editFlagsChangeTheHeaderWithoutTheEditor() throws {
        let (box, id) = try Self.busan()
        let noEditor = ["EDITOR": "false", "VISUAL": "false"]
        let result = try box.journal("edit", id, "--category", "work", env: noEditor)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "Edited \(id) \(Self.path(id)): category work\n")
        #expect(try box.commitSubjects().first == "Edit \"Trip to Busan\" (\(id)): category work")
        #expect(try box.lastCommitChanges() == .init(added: ["category: work"], removed: ["category: travel"]))

        let more = try box.journal("edit", id, "--no-category", "-t", "a,b", "--tag", "busan", "--star", env: noEditor)
        #expect(more.status == 0, "\(more.stderr)")
        #expect(try box.commitSubjects().first == "Edit \"Trip to Busan\" (\(id)): no category, +a +b, starred")
        #expect(
            try box.lastCommitChanges()
                == .init(added: ["tags: [busan, food, a, b]", "starred: true"], removed: ["category: work", "tags: [busan, food]"]))

        // The newest entry by default; nothing to change makes no commit.
        let count = try box.commitSubjects().count
        let same = try box.journal("edit", "--star", "--no-category", env: noEditor)
        #expect(same.status == 0)
        #expect(same.stdout == "No changes.\n")
        #expect(try box.commitSubjects().count == count)
        #expect(try box.journal("edit", "--unstar", env: noEditor).status == 0)
        #expect(try box.commitSubjects().first == "Edit \"Trip to Busan\" (\(id)): unstarred")
        try box.expectCleanRepository()
    }

    @Test func editFlagsRefuseBadInput() throws {
        let (box, id) = try Self.busan()
        try expectRefused(box, ["edit", id, "--category", "nope"], error: "unknown category 'nope'")
        try expectRefused(box, ["edit", id, "--category", "work", "--no-category"], status: 64, error: "--no-category")
        try expectRefused(box, ["edit", id, "--star", "--unstar"], status: 64, error: "--unstar")
    }

    // MARK: categories

    @Test func categoriesListsCountsAndUnknownOnes() throws {
        let box = try Sandbox()
        try box.journal("init")
        _ = try box.add("A", "-c", "travel")
        _ = try box.add("B", "-c", "travel")
        let odd = try box.add("C")
        try box.write(Self.path(odd), box.read(Self.path(odd))!.replacingOccurrences(of: "---\nC", with: "category: trips\n---\nC"))
        try box.journal("commit")
        let result = try box.journal("categories", "--color", "never")
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 8)
        #expect(lines.first == "💼 work      0  blue")
        #expect(lines.contains("✈️ travel    2  cyan"))
        #expect(lines.last == "   trips     1  not in journal.yml")
        let json = try box.journal("categories", "list", "--json")
        let items = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(items.count == 8)
        #expect(items.last?["name"] as? String == "trips")
        #expect(items.last?["known"] as? Bool == false)
        #expect(items.last?["emoji"] is NSNull)
        #expect(items[2]["name"] as? String == "travel")
        #expect(items[2]["count"] as? Int == 2)
        #expect(items[2]["color"] as? String == "cyan")
        // The entry with an unknown category still works.
        #expect(try box.journal("show", odd).status == 0)
    }

    @Test func categoriesAddAppendsLinesToJournalYml() throws {
        let box = try Sandbox()
        try box.journal("init")
        let before = try #require(box.read("journal.yml"))
        let result = try box.journal("categories", "add", "hiking", "--emoji", "🥾", "--color", "green")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "Added category hiking to journal.yml.\n")
        #expect(box.read("journal.yml") == before + "  hiking:\n    emoji: \"🥾\"\n    color: green\n")
        #expect(try box.commitSubjects().first == "Add category hiking")
        #expect(try box.lastCommitChanges() == .init(added: ["  hiking:", "    emoji: \"🥾\"", "    color: green"], removed: []))
        #expect(try box.journal("add", "Walk", "-c", "hiking").status == 0)
        #expect(try box.journal("categories").stdout.contains("hiking    1  green"))
        try box.expectCleanRepository()

        try expectRefused(box, ["categories", "add", "hiking"], error: "there is already a category 'hiking'")
        try expectRefused(box, ["categories", "add", "여행"], error: "'여행' already names the category 'travel' (one of its names in another language)")
        try expectRefused(box, ["categories", "add", "x", "--color", "blurple"], error: "unknown colour 'blurple'")
        try expectRefused(box, ["categories", "add", "two  spaces"], error: "invalid category name 'two  spaces'")
        try expectRefused(box, ["categories", "add", "x", "--emoji", "a b"], error: "invalid emoji")
        try expectRefused(box, ["categories", "add"], status: 64, error: "Missing expected argument")
    }

    @Test func categoriesAddKeepsCommentsAndWorksWithJournalBeforeTheCommand() throws {
        let box = try Sandbox()
        try box.journal("init", box.home + "/other")
        let yml = "# mine\ncategories:\n    work:   # the job\n        color: blue\n\n# more settings\nversion: 1\n"
        try yml.writeReplacing(toFile: box.home + "/other/journal.yml")
        let result = try box.run(["-J", box.home + "/other", "categories", "add", "007", "--color", "RED"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            (try? String(contentsOfFile: box.home + "/other/journal.yml", encoding: .utf8))
                == "# mine\ncategories:\n    work:   # the job\n        color: blue\n    \"007\":\n        color: red\n\n# more settings\nversion: 1\n")
        let log = try box.git("log", "--format=%s", in: box.home + "/other")
        #expect(log == "Add category 007\nUpdate journal.yml\nCreate journal\n")
        #expect(try box.run(["-J", box.home + "/other", "tags", "rename", "a", "b"]).stderr.contains("no entry has the tag #a"))
        #expect(try box.run(["categories", "-J", box.home + "/other", "rename", "007", "bond"]).status == 0)
        #expect(try box.git("status", "--porcelain", in: box.home + "/other") == "")
    }

    @Test func categoriesRenameChangesJournalYmlAndEntriesInOneCommit() throws {
        let box = try Sandbox()
        try box.journal("init")
        let a = try box.add("A", "-c", "travel", "-t", "x")
        let b = try box.add("B", "-c", "travel")
        let c = try box.add("C", "-c", "work")
        let result = try box.journal("categories", "rename", "travel", "trips")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "Renamed category travel to trips (2 entries).\n")
        #expect(try box.commitSubjects().first == "Rename category travel to trips (2 entries)")
        #expect(try box.lastCommitFiles() == ["journal.yml", Self.path(a), Self.path(b)].sorted())
        #expect(try box.lastCommitChanges("journal.yml") == .init(added: ["  trips:"], removed: ["  travel:"]))
        for id in [a, b] {
            #expect(try box.lastCommitChanges(Self.path(id)) == .init(added: ["category: trips"], removed: ["category: travel"]))
        }
        #expect(box.read(Self.path(c))?.contains("category: work\n") == true)
        #expect(try box.journal("categories").stdout.contains("✈️ trips     2  cyan"))
        try box.expectCleanRepository()

        try expectRefused(box, ["categories", "rename", "travel", "x"], error: "unknown category 'travel'")
        try expectRefused(box, ["categories", "rename", "trips", "work"], error: "there is already a category 'work'")
        try expectRefused(box, ["categories", "rename", "trips", "a  b"], error: "invalid category name")
        try expectRefused(box, ["categories", "rename", "trips", "trips"], error: "nothing to rename")
    }

    @Test func categoriesRemoveNeedsForceWhileInUse() throws {
        let box = try Sandbox()
        try box.journal("init")
        let a = try box.add("A", "-c", "travel")
        let b = try box.add("B", "-c", "travel")
        try expectRefused(box, ["categories", "remove", "travel"], error: "category 'travel' is used by 2 entries: pass --force")
        try expectRefused(box, ["categories", "remove", "nope"], error: "unknown category 'nope'")

        let unused = try box.journal("categories", "rm", "study")
        #expect(unused.status == 0, "\(unused.stderr)")
        #expect(unused.stdout == "Removed category study.\n")
        #expect(try box.commitSubjects().first == "Remove category study")
        #expect(try box.lastCommitChanges() == .init(added: [], removed: ["  study:", "    emoji: \"📚\"", "    color: yellow"]))

        let forced = try box.journal("categories", "remove", "travel", "--force")
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(forced.stdout == "Removed category travel (and from 2 entries).\n")
        #expect(try box.commitSubjects().first == "Remove category travel (2 entries)")
        #expect(try box.lastCommitFiles() == ["journal.yml", Self.path(a), Self.path(b)].sorted())
        for id in [a, b] {
            #expect(try box.lastCommitChanges(Self.path(id)) == .init(added: [], removed: ["category: travel"]))
        }
        #expect(!(box.read("journal.yml") ?? "").contains("travel"))
        try box.expectCleanRepository()
    }

    @Test func helpShowsExamples() throws {
        let box = try Sandbox()
        for command in [["star"], ["unstar"], ["tag"], ["tags"], ["tags", "rename"], ["categories"], ["categories", "add"], ["edit"]] {
            let result = try box.run(command + ["--help"])
            #expect(result.status == 0)
            #expect(result.stdout.contains("Examples:") || result.stdout.contains("Example:"), "\(command)")
        }
    }
}

extension Sandbox {
    /// Lines the last commit added and removed (in `path`, else in all files), from `git diff -U0`.
    struct Changes: Equatable, CustomStringConvertible {
        var added: [String]
        var removed: [String]
        var description: String { "+\(added) -\(removed)" }
    }

    func lastCommitChanges(_ path: String? = nil) throws -> Changes {
        let arguments = ["git", "diff", "--no-color", "--no-ext-diff", "-U0", "HEAD~1", "HEAD"] + (path.map { ["--", $0] } ?? [])
        let result = try Sandbox.exec("/usr/bin/env", arguments, stdin: nil, env: environment, cwd: journal)
        guard result.status == 0 else { throw SandboxError("git diff failed: \(result.stderr)") }
        var changes = Changes(added: [], removed: [])
        var inHunk = false
        // Cut on LF scalars: Swift sees CR LF as one Character, so splitting Characters would miss it.
        let lines = result.stdout.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false)
        for line in lines.map({ String(String.UnicodeScalarView($0)) }) {
            if line.hasPrefix("diff --git") { inHunk = false }
            if line.hasPrefix("@@") { inHunk = true; continue }
            guard inHunk else { continue }
            if line.hasPrefix("+") { changes.added.append(String(line.dropFirst())) }
            if line.hasPrefix("-") { changes.removed.append(String(line.dropFirst())) }
        }
        return changes
    }

    /// The paths the last commit changed, sorted.
    func lastCommitFiles() throws -> [String] {
        try git("show", "--name-only", "--format=", "HEAD").split(separator: "\n").map(String.init).sorted()
    }
}
