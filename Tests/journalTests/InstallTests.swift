import Foundation
import Testing

/// What a Unix tool ships, as `make install` puts it in place: journal(1) in English and Korean where `man`
/// finds it, completions that know the journal's ids, tags, categories and remotes, `--version` with the
/// commit, and `make uninstall` taking all of it away again but the journal.
@Suite struct InstallTests {
    static let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    /// `make TARGET` in the package, with the sandbox's HOME and the binary under test as the one installed.
    static func make(_ box: Sandbox, _ target: String, prefix: String) throws -> Sandbox.Result {
        try Sandbox.exec(
            "/usr/bin/env", ["make", "-s", "-C", package, target, "PREFIX=" + prefix, "BUILT=" + Sandbox.binary],
            stdin: nil, env: box.environment, cwd: box.home)
    }

    /// `man ARGS` as a reader runs it, with the prefix's bin/ on PATH (man finds ../share/man from there).
    static func man(_ box: Sandbox, _ prefix: String, _ arguments: [String]) throws -> Sandbox.Result {
        var env = box.environment
        env["PATH"] = prefix + "/bin:/usr/bin:/bin"
        env["MANPAGER"] = "cat"
        env["MANWIDTH"] = "100"
        env["LANG"] = "C.UTF-8"
        return try Sandbox.exec("/usr/bin/env", ["man"] + arguments, stdin: nil, env: env, cwd: box.home)
    }

    @Test func installPutsManualAndCompletionsWhereTheyAreFoundAndUninstallTakesThemAway() throws {
        let box = try Sandbox()
        try box.journal("init")
        _ = try box.add("Kept through an uninstall")
        let prefix = box.root.path + "/prefix"
        let installed = try Self.make(box, "install-files", prefix: prefix)
        #expect(installed.status == 0, "\(installed.stdout)\(installed.stderr)")
        let files = [
            "bin/journal", "share/man/man1/journal.1", "share/man/ko/man1/journal.1",
            "share/bash-completion/completions/journal", "share/zsh/site-functions/_journal",
        ]
        for file in files { #expect(FileManager.default.fileExists(atPath: prefix + "/" + file), "\(file)") }

        #expect(try Self.man(box, prefix, ["-w", "journal"]).stdout == prefix + "/share/man/man1/journal.1\n")
        let english = try Self.man(box, prefix, ["journal"])
        #expect(english.status == 0 && english.stderr == "", "\(english.stderr)")
        #expect(english.stdout.contains("NAME\n       journal - A diary in plain Markdown files, versioned with git."))
        #expect(english.stdout.contains("   journal doctor\n"))
        let korean = try Self.man(box, prefix, ["-L", "ko", "journal"])
        #expect(korean.status == 0 && korean.stderr == "", "\(korean.stderr)")
        #expect(korean.stdout.contains("이름\n       journal - git으로 버전을 관리하는 일반 Markdown 파일 일기장이에요."), "\(korean.stdout.prefix(400))")

        let removed = try Self.make(box, "uninstall", prefix: prefix)
        #expect(removed.status == 0, "\(removed.stderr)")
        for file in files { #expect(!FileManager.default.fileExists(atPath: prefix + "/" + file), "\(file)") }
        #expect(removed.stdout.contains("Your journal (\(box.journal)) and settings"))
        #expect(box.entryFiles().count == 1)
        try box.expectCleanRepository()
    }

    // MARK: The manual

    /// Every command a user can run, as swift-argument-parser describes them.
    static func commandPaths(_ box: Sandbox) throws -> [String] {
        let dump = try box.journal("--experimental-dump-help")
        let root = try #require(try JSONSerialization.jsonObject(with: Data(dump.stdout.utf8)) as? [String: Any])
        var paths: [String] = []
        func walk(_ command: [String: Any], _ path: [String]) {
            for sub in command["subcommands"] as? [[String: Any]] ?? [] where sub["shouldDisplay"] as? Bool ?? true {
                let name = path + [sub["commandName"] as? String ?? "?"]
                paths.append(name.joined(separator: " "))
                walk(sub, name)
            }
        }
        walk(try #require(root["command"] as? [String: Any]), ["journal"])
        return paths
    }

    @Test func theManualHasASectionForEveryCommandInEachLanguage() throws {
        let box = try Sandbox()
        let paths = try Self.commandPaths(box)
        #expect(paths.contains("journal remote add") && paths.contains("journal doctor"))
        for (language, heading) in [("en", ".SH \"NAME\""), ("ko", ".SH \"이름\"")] {
            let page = try box.journal("--generate-manual", language)
            #expect(page.status == 0 && page.stderr == "")
            #expect(page.stdout.hasPrefix(".TH JOURNAL 1 "))
            #expect(page.stdout.contains(heading + "\n"))
            for path in paths { #expect(page.stdout.contains(".SS \"\(path.replacingOccurrences(of: "-", with: "\\-"))\"\n"), "\(language): \(path)") }
            // Nothing from the help texts reads as a roff request.
            let requests = page.stdout.split(separator: "\n").filter { $0.hasPrefix(".") }.map { $0.split(separator: " ")[0] }
            #expect(Set(requests).isSubset(of: [".TH", ".SH", ".SS", ".PP", ".TP", ".B", ".BR", ".RS", ".RE", ".nf", ".fi", ".br", ".nh", ".ad"]),
                    "\(Set(requests))")
        }
        let korean = try box.journal("--generate-manual", "ko").stdout
        #expect(korean.contains(".SS \"journal doctor\"\n.B journal doctor\n"))
        #expect(korean.contains("일기장과 이 컴퓨터를 점검하고 잘못된 것을 고치는 방법을 알려 줘요."))
    }

    @Test func aManualInALanguageWithoutACatalogueIsRefused() throws {
        let box = try Sandbox()
        let result = try box.journal("--generate-manual", "xx")
        #expect(result.status == 64)
        #expect(result.stdout == "")
        #expect(result.stderr == "journal: no catalogue for the language 'xx' (there are: en, ko)\n")
    }

    // MARK: --version

    @Test func versionNamesTheCommit() throws {
        let box = try Sandbox()
        let result = try box.journal("--version")
        #expect(result.status == 0)
        let line = result.stdout.trimmingCharacters(in: .newlines)
        #expect(line.range(of: #"^journal \d+\.\d+\.\d+ \(commit ([0-9a-f]{7,40}(-dirty)?|unknown: built without make)\)$"#, options: .regularExpression) != nil,
                "\(line)")
        // Under `make test` the binary was built with the checkout's commit, which it names.
        if let commit = ProcessInfo.processInfo.environment["JOURNAL_COMMIT"], !commit.isEmpty {
            #expect(line.hasSuffix("(commit \(commit))"))
        }
        #expect(try box.journal("-J", box.journal, "--version").stdout == result.stdout)
    }

    // MARK: Completions

    /// A journal with entries, tags, a category and a remote to complete.
    static func completable() throws -> (box: Sandbox, busan: String, rest: String) {
        let box = try Sandbox()
        try box.journal("init")
        let busan = try box.add("Trip to Busan", "-c", "travel", "-t", "busan,food")
        box.advanceClock()
        let rest = try box.add("Quiet day", "-t", "rest")
        let bare = box.root.path + "/remote.git"
        try box.git("init", "--bare", "-q", "-b", "main", bare, in: box.root.path)
        try box.journal("remote", "add", "origin", bare)
        return (box, busan, rest)
    }

    /// What bash offers for `line` (the cursor at its end), through the script `make install` installs.
    static func bashCompletes(_ box: Sandbox, _ line: String) throws -> [String] {
        let script = box.root.path + "/journal.bash"
        if !FileManager.default.fileExists(atPath: script) {
            try box.journal("--generate-completion-script", "bash").stdout.writeReplacing(toFile: script)
        }
        let program = """
            shopt -s extglob
            source \(Sandbox.shellQuote(script))
            COMP_LINE=\(Sandbox.shellQuote(line)); COMP_POINT=${#COMP_LINE}
            read -ra COMP_WORDS <<<"$COMP_LINE"
            [[ "$COMP_LINE" == *" " ]] && COMP_WORDS+=("")
            COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
            COMPREPLY=()
            _journal journal "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        var env = box.environment
        env["PATH"] = URL(fileURLWithPath: Sandbox.binary).deletingLastPathComponent().path + ":" + (env["PATH"] ?? "/usr/bin:/bin")
        let result = try Sandbox.exec("/bin/bash", ["--norc", "-c", program], stdin: nil, env: env, cwd: box.home)
        #expect(result.stderr == "", "\(line): \(result.stderr)")
        return result.stdout.split(separator: "\n").map(String.init).filter { !$0.isEmpty }.sorted()
    }

    @Test func bashCompletesIdsTagsCategoriesAndRemotes() throws {
        let (box, busan, rest) = try Self.completable()
        #expect(try Self.bashCompletes(box, "journal show ") == [busan, rest].sorted())
        #expect(try Self.bashCompletes(box, "journal edit \(busan.prefix(3))") == [busan])
        #expect(try Self.bashCompletes(box, "journal list --tag ") == ["busan", "food", "rest"])
        #expect(try Self.bashCompletes(box, "journal search x --not-tag f") == ["food"])
        #expect(try Self.bashCompletes(box, "journal add -c tr") == ["travel"])
        #expect(try Self.bashCompletes(box, "journal tag \(rest) +b") == ["+busan"])
        #expect(try Self.bashCompletes(box, "journal sync ") == ["origin"])
        #expect(try Self.bashCompletes(box, "journal remote remove o") == ["origin"])
        #expect(try Self.bashCompletes(box, "journal tags rename ") == ["busan", "food", "rest"])
    }

    @Test func zshAndFishGetTitlesBesideTheIds() throws {
        let (box, busan, rest) = try Self.completable()
        let request = ["---completion", "show", "--", "positional@0", "2", "0", "journal", "show", ""]
        let zsh = try box.run(request, env: ["SAP_SHELL": "zsh"])
        #expect(zsh.status == 0)
        // Newest first; zsh's script drops the last line (a blank that keeps empty candidates working).
        #expect(zsh.stdout == "\(rest):\(box.day()) Quiet day\n\(busan):\(box.day()) Trip to Busan\n \n")
        let fish = try box.run(request, env: ["SAP_SHELL": "fish"])
        #expect(fish.stdout == "\(rest)\t\(box.day()) Quiet day\n\(busan)\t\(box.day()) Trip to Busan\n")
        let bash = try box.run(request, env: ["SAP_SHELL": "bash"])
        #expect(bash.stdout == "\(rest)\n\(busan)\n")
    }

    @Test func completionReadsTheJournalTheLineNames() throws {
        let (box, _, _) = try Self.completable()
        let other = box.root.path + "/other"
        try box.journal("init", other)
        try box.journal("-J", other, "add", "Elsewhere", "-t", "faraway")
        #expect(try Self.bashCompletes(box, "journal list -J \(other) --tag ") == ["faraway"])
        #expect(try Self.bashCompletes(box, "journal list --journal \(other) --tag ") == ["faraway"])
        // No journal there: nothing to offer, and nothing made.
        #expect(try Self.bashCompletes(box, "journal show -J \(box.root.path)/none ") == [])
        #expect(!FileManager.default.fileExists(atPath: box.root.path + "/none"))
    }
}
