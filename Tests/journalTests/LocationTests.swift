import Foundation
import Testing

@Suite struct LocationTests {
    @Test func journalFlagThenEnvironmentThenHome() throws {
        let box = try Sandbox()
        let flagDir = box.root.path + "/by-flag"
        let envDir = box.root.path + "/by-env"
        #expect(try box.journal("init", flagDir).stdout == "Created a journal at \(flagDir)\n")
        #expect(try box.journal("init", envDir).status == 0)
        try box.journal("init")
        try box.journal("-J", flagDir, "add", "flag entry")
        try box.journal("add", "env entry", env: ["JOURNAL_DIR": envDir])
        try box.journal("add", "home entry")
        try box.journal("add", "flag wins", "--journal", flagDir, env: ["JOURNAL_DIR": envDir])
        #expect(try box.journal("list", "-J", flagDir).stdout.contains("flag entry"))
        #expect(try box.journal("list", "-J", flagDir).stdout.contains("flag wins"))
        #expect(try box.journal("list", env: ["JOURNAL_DIR": envDir]).stdout.contains("env entry"))
        #expect(try box.journal("list").stdout.split(separator: "\n").count == 1)
        // Relative paths are taken from the current folder.
        let relative = try box.run(["list", "-J", "../by-flag"], cwd: box.home)
        #expect(relative.stdout.contains("flag entry"))
    }

    @Test func aFolderThatIsNotAGitRepositoryIsRefused() throws {
        let box = try Sandbox()
        let folder = box.root.path + "/notes"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try "mine".writeReplacing(toFile: folder + "/todo.txt")
        for arguments in [["list"], ["add", "x"], ["init"]] {
            let result = try box.run(arguments + ["-J", folder])
            #expect(result.status == 1)
            #expect(result.stderr.split(separator: "\n").count == 1)
            #expect(result.stderr.contains(folder))
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["todo.txt"])
    }

    @Test func aGitRepositoryThatIsNotAJournalIsRefusedUntilInit() throws {
        let box = try Sandbox()
        let folder = box.root.path + "/code"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        _ = try box.git("init", "-q", in: folder)
        let list = try box.journal("list", "-J", folder)
        #expect(list.status == 1)
        #expect(list.stderr == "journal: \(folder) is a git repository but not a journal (no journal.yml); run `journal init \(folder)` to make it one\n")
        #expect(try box.journal("add", "-J", folder, "x").status == 1)
        #expect(!FileManager.default.fileExists(atPath: folder + "/journal.yml"))
        #expect(try box.journal("init", folder).status == 0)
        #expect(try box.journal("add", "-J", folder, "now it is").status == 0)
        let again = try box.journal("init", folder)
        #expect(again.status == 1)
        #expect(again.stderr == "journal: \(folder) is already a journal\n")
    }

    @Test func missingJournalOutsideTheDefaultPlaceIsNotCreatedSilently() throws {
        let box = try Sandbox()
        let typo = box.root.path + "/jornal"
        let add = try box.journal("add", "-J", typo, "x")
        #expect(add.status == 1)
        #expect(add.stderr.hasPrefix("journal: no journal at \(typo)"))
        #expect(!FileManager.default.fileExists(atPath: typo))
        let list = try box.journal("list")
        #expect(list.status == 1)
        #expect(list.stderr.hasPrefix("journal: no journal at \(box.journal)"))
        #expect(!FileManager.default.fileExists(atPath: box.journal), "list never creates a journal")
    }

    @Test func initWritesTheThinkAboutCategoriesInOneCommit() throws {
        let box = try Sandbox()
        try box.journal("init")
        let settings = try #require(box.read("journal.yml"))
        for (name, emoji) in [("work", "💼"), ("music", "🎧"), ("travel", "✈️"), ("study", "📚"), ("stuff", "🏠"), ("hobby", "🎨"), ("shopping", "🛒")] {
            #expect(settings.contains("  \(name):\n    emoji: \"\(emoji)\"\n"))
        }
        #expect(try box.commitSubjects() == ["Create journal"])
        #expect(try box.git("rev-parse", "--abbrev-ref", "HEAD") == "main\n")
        try box.expectCleanRepository()
        #expect(try box.journal("add", "-c", "shopping", "groceries").status == 0)
    }

    @Test func brokenSettingsFileIsNamedWithItsLine() throws {
        let box = try Sandbox()
        try box.journal("init")
        try box.write("journal.yml", "categories:\n  work:\n    emoji: [oops\n")
        let result = try box.journal("list")
        #expect(result.status == 0, "reading works with the built-in categories (CLIDefectTests)")
        #expect(result.stderr.hasPrefix("journal: warning: cannot read \(box.journal)/journal.yml:3: "), "\(result.stderr)")
    }
}
