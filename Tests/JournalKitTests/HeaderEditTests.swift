import Foundation
import Testing
@testable import JournalKit

@Suite struct HeaderEditTests {
    static let seoul = TimeZone(identifier: "Asia/Seoul")!
    static let id = "3f2a9c1e-5b7d-4e0a-9c1d-5a6e2f0c4d11"

    static func decode(_ data: Data, path: String = "entries/2026/11/2026-11-21-3f2a9c1e.md") -> Entry {
        EntryFile.decode(data, path: path, zone: seoul) {
            (Timestamp(date: Date(timeIntervalSince1970: 0), offsetSeconds: 0), .modificationTime)
        }
    }

    static func decode(_ text: String) -> Entry { decode(Data(text.utf8)) }

    static func text(_ data: Data?) -> String? { data.map { String(decoding: $0, as: UTF8.self) } }

    static let toolWritten = """
        ---
        id: 3f2a9c1e-5b7d-4e0a-9c1d-5a6e2f0c4d11
        created_at: 2026-11-21T22:44:55+09:00
        time_zone: Asia/Seoul
        category: travel
        tags: [busan, food]
        location:
          name: Busan
          latitude: 35.1796
        ---
        Trip to Busan

        We took the early KTX...

        """

    // MARK: EntryFile.addingHeader and setting(fields)

    @Test func addingHeaderPutsAHeaderOnTopOfAHandWrittenFile() {
        let data = Data("Plain notes\n\nmore\n".utf8)
        let result = EntryFile.addingHeader(["starred: true"], to: data)
        #expect(Self.text(result) == "---\nstarred: true\n---\nPlain notes\n\nmore\n")
        #expect(Self.decode(result!).starred)
        #expect(Self.decode(result!).text == "Plain notes\n\nmore\n")
    }

    @Test func addingHeaderKeepsTheBOMFirstAndUsesTheFilesCRLF() {
        let data = Data([0xEF, 0xBB, 0xBF] + Array("Notes\r\nline two".utf8))
        let result = try! #require(EntryFile.addingHeader(["starred: true", "tags: [a]"], to: data))
        #expect(Array(result) == [0xEF, 0xBB, 0xBF] + Array("---\r\nstarred: true\r\ntags: [a]\r\n---\r\nNotes\r\nline two".utf8))
        let entry = Self.decode(result)
        #expect(entry.problem == nil)
        #expect(entry.tags == ["a"])
        #expect(entry.title == "Notes")
    }

    @Test func addingHeaderRefusesAFileThatHasOne() {
        #expect(EntryFile.addingHeader(["starred: true"], to: Data(Self.toolWritten.utf8)) == nil)
        #expect(EntryFile.addingHeader(["starred: true"], to: Data("---\nid: x\nno end\n".utf8)) == nil)
    }

    @Test func settingFieldsChangesOneLineEach() throws {
        let data = Data(Self.toolWritten.utf8)
        let result = try #require(
            EntryFile.setting([("category", "work"), ("tags", "[busan]"), ("starred", "true")], in: data))
        let before = Self.toolWritten.split(separator: "\n", omittingEmptySubsequences: false)
        let after = try #require(Self.text(result)).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(after.count == before.count + 1)
        #expect(Set(before).subtracting(after) == ["category: travel", "tags: [busan, food]"])
        #expect(Set(after).subtracting(before) == ["category: work", "tags: [busan]", "starred: true"])
        // A new key goes last in the header, after the location block.
        #expect(Self.text(result)!.contains("  latitude: 35.1796\nstarred: true\n---\n"))
    }

    @Test func settingFieldsOnAHeaderlessFileAddsOnlyTheValuedOnes() {
        let data = Data("Notes\n".utf8)
        #expect(Self.text(EntryFile.setting([("starred", "true"), ("category", nil)], in: data)) == "---\nstarred: true\n---\nNotes\n")
        #expect(EntryFile.setting([("starred", nil)], in: data) == data)
    }

    @Test func addingAndRemovingAFieldOfAHandWrittenFileGivesItsBytesBack() throws {
        for original in [
            Data("Plain notes\nmore\n".utf8), Data([0xEF, 0xBB, 0xBF] + Array("Notes\r\nx\r\n".utf8)), Data("no newline".utf8),
            Data(),
        ] {
            let starred = try #require(EntryFile.setting([("starred", "true")], in: original))
            #expect(Self.decode(starred).starred)
            #expect(EntryFile.setting([("starred", nil)], in: starred) == original)
        }
    }

    @Test func anEmptyHeaderTheUserWroteStays() {
        let data = Data("---\n---\nNotes\n".utf8)
        #expect(EntryFile.setting([("starred", nil)], in: data) == data)
        #expect(EntryFile.setting([("tags", nil), ("category", nil)], in: data) == data)
        // A header emptied by an edit cannot be told from one the tool added: it goes.
        let starred = EntryFile.setting([("starred", "true")], in: data)!
        #expect(Self.text(starred) == "---\nstarred: true\n---\nNotes\n")
        #expect(Self.text(EntryFile.setting([("starred", nil)], in: starred)) == "Notes\n")
        // A header that keeps a comment is not empty.
        let commented = Data("---\n# mine\nstarred: true\n---\nNotes\n".utf8)
        #expect(Self.text(EntryFile.setting([("starred", nil)], in: commented)) == "---\n# mine\n---\nNotes\n")
    }

    @Test func anEmptiedHeaderStaysWhenTheTextWouldReadAsAHeader() {
        let data = Data("---\nstarred: true\n---\n---\nnot: a header\n---\nText\n".utf8)
        #expect(Self.text(EntryFile.setting([("starred", nil)], in: data)) == "---\n---\n---\nnot: a header\n---\nText\n")
    }

    @Test func settingFieldsKeepsCRLFCommentsAndUnknownKeys() throws {
        let original = "---\r\n# my notes\r\nid: \(Self.id)\r\nmood: great   # really\r\ntags:\r\n  - a\r\n  - b\r\n---\r\nTitle\r\n"
        let result = try #require(EntryFile.setting([("tags", "[a, b, c]")], in: Data(original.utf8)))
        #expect(Self.text(result) == "---\r\n# my notes\r\nid: \(Self.id)\r\nmood: great   # really\r\ntags: [a, b, c]\r\n---\r\nTitle\r\n")
    }

    @Test func settingFieldsRefusesABrokenHeader() {
        #expect(EntryFile.setting([("starred", "true")], in: Data("---\nid: x\nnever closed\n".utf8)) == nil)
    }

    // MARK: Tag words

    @Test func tagWordsParse() throws {
        #expect(
            try TagOperation.parse(["+a", "-b", "c", "+d,e", "#f", "-#h", "-i,#j"]) == [
                .add("a"), .remove("b"), .add("c"), .add("d"), .add("e"), .add("f"), .remove("h"), .remove("i"),
                .remove("j"),
            ])
        #expect(try TagOperation.parse([]) == [])
        #expect(throws: JournalError.invalid(Say.tagNamesNothing("+"))) { try TagOperation.parse(["+"]) }
        #expect(throws: JournalError.invalid(Say.tagNamesNothing("-#"))) { try TagOperation.parse(["-#"]) }
        // A tag may hold spaces and punctuation (Day One's `new york`, `Food & Drink`); not a control character.
        #expect(try TagOperation.parse(["+new york", "x!"]) == [.add("new york"), .add("x!")])
        #expect(throws: JournalError.invalidTag("a\tb")) { try TagOperation.parse(["+a\tb"]) }
    }

    // MARK: Planning a header edit

    @Test func planTagsKeepsOrderAppendsAndComparesWithoutCase() {
        let entry = Self.decode(Self.toolWritten)
        var plan = Journal.plan(HeaderEdit(tags: [.add("x"), .remove("FOOD"), .add("Busan")]), for: entry)
        #expect(plan.fields.map(\.key) == ["tags"])
        #expect(plan.fields.map(\.value) == ["[busan, x]"])
        #expect(plan.changes.addedTags == ["x"])
        #expect(plan.changes.removedTags == ["food"])
        #expect(plan.changes.tagSummary == "+x -food")
        plan = Journal.plan(HeaderEdit(tags: [.add("x"), .remove("x"), .add("BUSAN")]), for: entry)
        #expect(plan.changes.isEmpty)
        #expect(plan.fields.isEmpty)
        plan = Journal.plan(HeaderEdit(tags: [.remove("busan"), .remove("food")]), for: entry)
        #expect(plan.fields.map(\.key) == ["tags"])
        #expect(plan.fields.map(\.value) == [nil])
    }

    @Test func planStarAndCategoryChangeOnlyWhatDiffers() {
        let entry = Self.decode(Self.toolWritten)
        #expect(Journal.plan(HeaderEdit(category: .set("travel"), starred: false), for: entry).changes.isEmpty)
        let plan = Journal.plan(HeaderEdit(category: .clear, starred: true), for: entry)
        #expect(plan.fields.map(\.key) == ["category", "starred"])
        #expect(plan.fields.map(\.value) == [nil, "true"])
        #expect(plan.changes.summary == "no category, starred")
        let starred = Self.decode("---\nstarred: yes\ncategory: \"yes\"\n---\nx\n")
        #expect(Journal.plan(HeaderEdit(starred: true), for: starred).changes.isEmpty)
        #expect(Journal.plan(HeaderEdit(category: .set("yes")), for: starred).changes.isEmpty)
        let unstar = Journal.plan(HeaderEdit(starred: false), for: starred)
        #expect(unstar.fields.map(\.value) == [nil])
        #expect(unstar.changes.summary == "unstarred")
        let quoted = Journal.plan(HeaderEdit(category: .set("true"), tags: [.add("a")]), for: Self.decode("x\n"))
        #expect(quoted.fields.map(\.value) == ["\"true\"", "[a]"])
        #expect(quoted.changes.summary == "category true, +a")
    }

    // MARK: Tags across entries

    @Test func renamingATagMergesWithTheNewName() {
        #expect(Journal.renaming("trip", to: "travel", in: ["trip", "food"]) == ["travel", "food"])
        #expect(Journal.renaming("trip", to: "travel", in: ["travel", "x", "trip"]) == ["travel", "x"])
        #expect(Journal.renaming("trip", to: "travel", in: ["Trip", "travel"]) == ["travel"])
        #expect(Journal.renaming("trip", to: "travel", in: ["a", "a"]) == ["a", "a"])
    }

    @Test func singleTagAcceptsAHashAndRefusesLists() throws {
        #expect(try Journal.singleTag("#busan") == "busan")
        #expect(throws: JournalError.invalid(Say.notOneTag("a,b"))) { try Journal.singleTag("a,b") }
        #expect(throws: JournalError.invalidTag("")) { try Journal.singleTag("") }
        // A rename writes the name into texts as a #hashtag: one word.
        #expect(throws: JournalError.invalid(Say.tagNotOneWord("a b"))) { try Journal.singleTag("a b") }
    }

    @Test func categoryUsageListsKnownInOrderThenUnknown() throws {
        let settings = try Settings.parse(Settings.initialText, path: "journal.yml")
        let usage = Journal.categoryUsage(settings: settings, counts: ["travel": 2, "trip": 1, "zoo": 2, nil: 1])
        #expect(usage.prefix(3).map(\.name) == ["work", "music", "travel"])
        #expect(usage.first { $0.name == "travel" }?.count == 2)
        #expect(usage.first { $0.name == "work" }?.count == 0)
        #expect(usage.suffix(2).map(\.name) == ["zoo", "trip"])
        #expect(usage.suffix(2).map(\.known) == [false, false])
        #expect(usage.suffix(2).map(\.count) == [2, 1])
        #expect(usage.first { $0.name == "travel" }?.emoji == "✈️")
    }

    // MARK: journal.yml as lines

    static let settingsWithComments = """
        # My journal.
        version: 1
        categories:
          # Work things.
          work:
            emoji: "💼"
            color: blue   # like the sea
          "007":
            color: red
            # secret

          # Trips.
          travel: {emoji: "✈️", color: cyan}

        # Defaults for new entries.
        defaults:
          weather: true

        """

    @Test func addingACategoryAppendsToTheBlockAndKeepsEverythingElse() throws {
        let result = try Settings.addingCategory("hiking", emoji: "🥾", color: "Green", to: Self.settingsWithComments, path: "j.yml")
        #expect(
            result
                == Self.settingsWithComments.replacingOccurrences(
                    of: "cyan}\n", with: "cyan}\n  hiking:\n    emoji: \"🥾\"\n    color: green\n"))
        let parsed = try Settings.parse(result, path: "j.yml")
        #expect(parsed.categories.map(\.name) == ["work", "007", "travel", "hiking"])
        #expect(parsed.category(named: "hiking") == Settings.Category(name: "hiking", emoji: "🥾", color: "green"))
    }

    @Test func addingACategoryToTheInitialFile() throws {
        let result = try Settings.addingCategory("hiking", emoji: nil, color: nil, to: Settings.initialText, path: "j.yml")
        #expect(result == Settings.initialText + "  hiking:\n")
        let parsed = try Settings.parse(result, path: "j.yml")
        #expect(parsed.categories.last == Settings.Category(name: "hiking", emoji: nil, color: nil))
    }

    @Test func addingACategoryFollowsTheFilesIndentationAndLineEndings() throws {
        let text = "categories:\r\n    work:\r\n        color: blue\r\nversion: 1"
        let result = try Settings.addingCategory("007", emoji: nil, color: "red", to: text, path: "j.yml")
        #expect(result == "categories:\r\n    work:\r\n        color: blue\r\n    \"007\":\r\n        color: red\r\nversion: 1")
    }

    @Test func addingACategoryWhereThereAreNone() throws {
        #expect(try Settings.addingCategory("a", emoji: nil, color: nil, to: "version: 1\n", path: "j") == "version: 1\ncategories:\n  a:\n")
        #expect(try Settings.addingCategory("a", emoji: nil, color: nil, to: "version: 1", path: "j") == "version: 1\ncategories:\n  a:")
        #expect(
            try Settings.addingCategory("a", emoji: nil, color: "red", to: "categories: {}  # none yet\nversion: 1\n", path: "j")
                == "categories:  # none yet\n  a:\n    color: red\nversion: 1\n")
        #expect(try Settings.addingCategory("a", emoji: nil, color: nil, to: "categories:\nversion: 1\n", path: "j") == "categories:\n  a:\nversion: 1\n")
    }

    @Test func addingACategoryRefusesBadInput() {
        let text = Settings.initialText
        #expect(throws: JournalError.duplicateCategory("work")) {
            try Settings.addingCategory("work", emoji: nil, color: nil, to: text, path: "j")
        }
        #expect(throws: JournalError.invalidCategoryName("two  spaces")) {
            try Settings.addingCategory("two  spaces", emoji: nil, color: nil, to: text, path: "j")
        }
        #expect(throws: JournalError.invalidCategoryName("#tag")) {
            try Settings.addingCategory("#tag", emoji: nil, color: nil, to: text, path: "j")
        }
        #expect(throws: JournalError.invalidCategoryName("a,b")) {
            try Settings.addingCategory("a,b", emoji: nil, color: nil, to: text, path: "j")
        }
        #expect(throws: JournalError.invalidColor("blurple")) {
            try Settings.addingCategory("new", emoji: nil, color: "blurple", to: text, path: "j")
        }
        #expect(throws: JournalError.invalidEmoji("a b")) {
            try Settings.addingCategory("new", emoji: "a b", color: nil, to: text, path: "j")
        }
        #expect(throws: JournalError.settingsNotEditable("j", reason: Say.categoriesNotABlock)) {
            try Settings.addingCategory("new", emoji: nil, color: nil, to: "categories: {work: {color: blue}}\n", path: "j")
        }
    }

    @Test func renamingACategoryChangesOnlyItsKey() throws {
        let result = try Settings.renamingCategory("work", to: "job", in: Self.settingsWithComments, path: "j")
        #expect(result == Self.settingsWithComments.replacingOccurrences(of: "  work:\n", with: "  job:\n"))
        let flow = try Settings.renamingCategory("travel", to: "trips", in: Self.settingsWithComments, path: "j")
        #expect(flow == Self.settingsWithComments.replacingOccurrences(of: "  travel: {", with: "  trips: {"))
        let quoted = try Settings.renamingCategory("007", to: "bond", in: Self.settingsWithComments, path: "j")
        #expect(quoted == Self.settingsWithComments.replacingOccurrences(of: "  \"007\":\n", with: "  bond:\n"))
        let crlf = try Settings.renamingCategory("a", to: "b", in: "categories:\r\n  a:   # note\r\n    color: red\r\n", path: "j")
        #expect(crlf == "categories:\r\n  b:   # note\r\n    color: red\r\n")
    }

    @Test func renamingACategoryRefusesBadInput() {
        let text = Self.settingsWithComments
        #expect(throws: JournalError.unknownCategory("nope", known: ["work", "007", "travel"])) {
            try Settings.renamingCategory("nope", to: "x", in: text, path: "j")
        }
        #expect(throws: JournalError.duplicateCategory("travel")) {
            try Settings.renamingCategory("work", to: "travel", in: text, path: "j")
        }
        #expect(throws: JournalError.sameName("work")) { try Settings.renamingCategory("work", to: "work", in: text, path: "j") }
        #expect(throws: JournalError.invalidCategoryName("a  b")) {
            try Settings.renamingCategory("work", to: "a  b", in: text, path: "j")
        }
    }

    @Test func removingACategoryTakesItsLinesAndItsIndentedComments() throws {
        let work = try Settings.removingCategory("work", from: Self.settingsWithComments, path: "j")
        #expect(
            work
                == Self.settingsWithComments.replacingOccurrences(
                    of: "  work:\n    emoji: \"💼\"\n    color: blue   # like the sea\n", with: ""))
        let bond = try Settings.removingCategory("007", from: Self.settingsWithComments, path: "j")
        #expect(bond == Self.settingsWithComments.replacingOccurrences(of: "  \"007\":\n    color: red\n    # secret\n", with: ""))
        let travel = try Settings.removingCategory("travel", from: Self.settingsWithComments, path: "j")
        #expect(travel == Self.settingsWithComments.replacingOccurrences(of: "  travel: {emoji: \"✈️\", color: cyan}\n", with: ""))
        #expect(try Settings.parse(travel, path: "j").categories.map(\.name) == ["work", "007"])
        #expect(throws: JournalError.unknownCategory("nope", known: ["work", "007", "travel"])) {
            try Settings.removingCategory("nope", from: Self.settingsWithComments, path: "j")
        }
    }
}
