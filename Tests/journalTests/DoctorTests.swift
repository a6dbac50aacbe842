import Foundation
import TestSupport
import GRDB
import Testing

/// `journal doctor`: one test per problem it finds, each against the real binary in a sandbox, checking the
/// line it prints, the fix it gives, its exit status and what it leaves on disk. The weather goes to a
/// ProviderServer on 127.0.0.1, so that a well machine says all is well.
@Suite struct DoctorTests {
    /// A journal with one entry, its weather provider answering, and a shared bare repository it syncs with.
    static func wellJournal(_ server: ProviderServer, remote: Bool = true) throws -> Sandbox {
        let box = try Sandbox()
        box.environment["JOURNAL_WEATHER_URL"] = server.url + "/v1/forecast"
        box.environment["JOURNAL_MAX_USER_WATCHES"] = "65536"
        try box.journal("init")
        _ = try box.add("Trip to Busan", "-t", "busan")
        if remote {
            let bare = box.root.path + "/remote.git"
            try box.git("init", "--bare", "-q", "-b", "main", bare, in: box.root.path)
            try box.journal("remote", "add", "origin", bare)
            let synced = try box.journal("sync")
            #expect(synced.status == 0, "\(synced.stderr)")
        }
        return box
    }

    /// The doctor's line for `check` that starts with `status` (ok, fixed, PROBLEM), with its fix line if any.
    static func line(_ result: Sandbox.Result, _ status: String, _ text: String) -> String? {
        let lines = result.stdout.split(separator: "\n").map(String.init)
        guard let index = lines.firstIndex(where: { $0.hasPrefix(status) && $0.contains(text) }) else { return nil }
        let next = index + 1 < lines.count && lines[index + 1].trimmingCharacters(in: .whitespaces).hasPrefix("fix:")
            ? "\n" + lines[index + 1].trimmingCharacters(in: .whitespaces) : ""
        return lines[index] + next
    }

    @Test func aWellJournalIsAllWell() throws {
        let server = try ProviderServer()
        let box = try Self.wellJournal(server)
        let commits = try box.commitSubjects()
        let result = try box.journal("doctor")
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stderr == "")
        #expect(result.stdout.hasSuffix("\nAll is well.\n"))
        for expected in [
            "ok       journal: \(box.journal)", "ok       git identity: Test Writer <writer@example.com>",
            "ok       index: up to date, 1 entry", "ok       locks: none left over",
            "ok       remote origin: reached (\(box.root.path)/remote.git)", "ok       tracking: main tracks origin/main",
            "ok       encryption: off", "ok       weather: open-meteo reached (127.0.0.1:\(server.port))",
            "ok       inotify: 4 folders to watch, 65536 watches allowed", "ok       locale: C, messages in en",
        ] {
            #expect(result.stdout.contains(expected + "\n"), "\(expected)\n\(result.stdout)")
        }
        #expect(!result.stdout.contains("PROBLEM"))
        // Looking changes nothing: no commit, a clean work tree.
        #expect(try box.commitSubjects() == commits)
        try box.expectCleanRepository()
    }

    @Test func noJournalSaysHowToMakeOne() throws {
        let box = try Sandbox()
        let missing = box.root.path + "/nowhere"
        let result = try box.journal("doctor", "-J", missing)
        #expect(result.status == 1)
        #expect(Self.line(result, "PROBLEM", "no journal") != nil, "\(result.stdout)")
        #expect(result.stdout.contains("fix: make one with `journal init \(missing)`"))
        #expect(!FileManager.default.fileExists(atPath: missing))
    }

    @Test func missingGitIdentity() throws {
        let server = try ProviderServer()
        let box = try Self.wellJournal(server, remote: false)
        try FileManager.default.removeItem(atPath: box.home + "/.gitconfig")
        let result = try box.journal("doctor", env: ["USER": "minji"])
        #expect(result.status == 1)
        let line = Self.line(result, "PROBLEM", "git identity")
        #expect(line?.hasPrefix("PROBLEM  git identity: user.name is not set, so commits are authored as minji <minji@") == true, "\(result.stdout)")
        #expect(line?.hasSuffix("\nfix: git config --global user.name \"Your Name\" && git config --global user.email you@example.com") == true)
        #expect(result.stdout.hasSuffix("\n1 problem: fix it as shown, then run `journal doctor` again.\n"))
    }

    @Test func unreachableRemote() throws {
        let server = try ProviderServer()
        let box = try Self.wellJournal(server)
        try FileManager.default.removeItem(atPath: box.root.path + "/remote.git")
        let result = try box.journal("doctor")
        #expect(result.status == 1)
        let line = Self.line(result, "PROBLEM", "remote origin")
        #expect(line?.hasPrefix("PROBLEM  remote origin (\(box.root.path)/remote.git) cannot be reached: there is no repository at \(box.root.path)/remote.git\n") == true, "\(result.stdout)")
        #expect(line?.contains("fix: check the address with `journal remote list`; to change it: `journal remote remove origin`") == true)
        // The tracking is judged only against a remote that answered.
        #expect(!result.stdout.contains("tracking:"))
    }

    @Test func wrongTracking() throws {
        let server = try ProviderServer()
        let box = try Self.wellJournal(server)
        try box.git("config", "branch.main.remote", "upstream")
        var result = try box.journal("doctor")
        #expect(result.status == 1)
        #expect(Self.line(result, "PROBLEM", "tracking") == """
            PROBLEM  tracking: main tracks the remote 'upstream', which this journal does not have
            fix: git branch --set-upstream-to=origin/main (after a first `journal sync origin`, if the remote has no main yet)
            """, "\(result.stdout)")

        try box.git("config", "branch.main.remote", "origin")
        try box.git("config", "branch.main.merge", "refs/heads/elsewhere")
        result = try box.journal("doctor")
        #expect(Self.line(result, "PROBLEM", "tracking")?.hasPrefix(
            "PROBLEM  tracking: main tracks origin/elsewhere, which the remote does not have") == true, "\(result.stdout)")

        try box.git("config", "--unset", "branch.main.remote")
        try box.git("config", "--unset", "branch.main.merge")
        result = try box.journal("doctor")
        #expect(Self.line(result, "PROBLEM", "tracking") == """
            PROBLEM  tracking: main tracks nothing, so `git status` and `git pull` by hand do not know origin/main
            fix: journal sync origin (it sets the tracking)
            """, "\(result.stdout)")
        // The fix it gives works.
        #expect(try box.journal("sync").status == 0)
        #expect(try box.journal("doctor").status == 0)
    }

    @Test func staleGitLockIsReportedNotRemoved() throws {
        let server = try ProviderServer()
        let box = try Self.wellJournal(server, remote: false)
        let lock = box.journal + "/.git/index.lock"
        try Data().write(to: URL(fileURLWithPath: lock))
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(-7200)], ofItemAtPath: lock)
        let result = try box.journal("doctor")
        #expect(result.status == 1)
        #expect(Self.line(result, "PROBLEM", "lock:") == """
            PROBLEM  lock: \(lock) is left over (120 min old, no process has it open); every commit fails while it is there
            fix: make sure no git command is running in the journal, then: rm \(lock)
            """, "\(result.stdout)")
        #expect(FileManager.default.fileExists(atPath: lock))
        // A fresh one may be a git command's at work: not a problem yet.
        try FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: lock)
        #expect(try box.journal("doctor").status == 0)
    }

    @Test func aKilledJournalsLockIsCleared() throws {
        let server = try ProviderServer()
        let box = try Self.wellJournal(server, remote: false)
        let git = box.journal + "/.git"
        // A journal killed while writing: its marker, and a lock file it made after it started.
        try Data("12345\n".utf8).write(to: URL(fileURLWithPath: git + "/journal/writing"))
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(-10)], ofItemAtPath: git + "/journal/writing")
        try Data().write(to: URL(fileURLWithPath: git + "/index.lock"))
        let result = try box.journal("doctor")
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("fixed    removed .git/index.lock left by a killed journal\n"), "\(result.stdout)")
        #expect(result.stderr == "")
        #expect(!FileManager.default.fileExists(atPath: git + "/index.lock"))
    }

    @Test func damagedIndexIsRebuilt() throws {
        let server = try ProviderServer()
        let box = try Self.wellJournal(server, remote: false)
        let index = box.journal + "/.git/journal/index.sqlite"
        try Data("not a database at all".utf8).write(to: URL(fileURLWithPath: index))
        var result = try box.journal("doctor")
        #expect(result.status == 0, "\(result.stdout)")
        #expect(result.stdout.contains("fixed    index: it is not an SQLite file; rebuilt, 1 entry\n"), "\(result.stdout)")
        #expect(try box.journal("list").stdout.contains("Trip to Busan"))

        // Pages SQLite finds damaged, in a file whose header is sound.
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: index)))
        #expect(bytes.count > 8192)
        for offset in 4096..<min(bytes.count, 4096 * 4) { bytes[offset] = 0xA5 }
        try Data(bytes).write(to: URL(fileURLWithPath: index))
        result = try box.journal("doctor")
        #expect(result.stdout.contains("fixed    index: SQLite finds it damaged ("), "\(result.stdout)")
        #expect(result.stdout.contains("; rebuilt, 1 entry\n"))
        #expect(try box.journal("doctor").stdout.contains("ok       index: up to date, 1 entry\n"))
    }

    @Test func indexOfAnOlderFormatIsRebuilt() throws {
        let server = try ProviderServer()
        let box = try Self.wellJournal(server, remote: false)
        let index = box.journal + "/.git/journal/index.sqlite"
        let queue = try DatabaseQueue(path: index)
        try queue.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA user_version = 3") }
        try queue.close()
        let result = try box.journal("doctor")
        #expect(result.status == 0, "\(result.stdout)")
        #expect(result.stdout.range(of: #"fixed    index: it is in format 3, this journal reads \d+; rebuilt, 1 entry\n"#, options: .regularExpression) != nil,
                "\(result.stdout)")
    }

    @Test func indexBehindTheFilesIsCaughtUpWithoutCommitting() throws {
        let server = try ProviderServer()
        let box = try Self.wellJournal(server, remote: false)
        let file = box.entryFiles()[0]
        try box.write(file, (box.read(file) ?? "") + "An edit in another editor.\n")
        let commits = try box.commitSubjects()
        let result = try box.journal("doctor")
        #expect(result.status == 0, "\(result.stdout)")
        #expect(result.stdout.contains("ok       index: 1 file changed since the last command, read again\n"), "\(result.stdout)")
        // The doctor looks; the next command commits the edit, as always.
        #expect(try box.commitSubjects() == commits)
        #expect(try box.journal("commit").stdout.contains("1"))
    }

    @Test func encryptedJournalWithoutItsKey() throws {
        let server = try ProviderServer()
        let box = try Self.wellJournal(server, remote: false)
        let turnedOn = try box.journal("encrypt", "init", "--export", box.root.path + "/journal.key")
        #expect(turnedOn.status == 0, "\(turnedOn.stderr)")
        #expect(try box.journal("doctor").stdout.contains("ok       encryption: on, and this machine has the key "))
        // Another machine's settings: no keys folder with this journal's key.
        let result = try box.journal("doctor", env: ["XDG_CONFIG_HOME": box.root.path + "/other-config"])
        #expect(result.status == 1)
        let line = Self.line(result, "PROBLEM", "encryption")
        #expect(line?.contains("encryption: on, but this machine has no key ") == true, "\(result.stdout)")
        #expect(line?.contains("(looked for \(box.root.path)/other-config/journal/keys/") == true)
        #expect(line?.hasSuffix("fix: journal encrypt unlock --key-file PATH (the file `encrypt init --export` wrote), or type the recovery words at `journal encrypt unlock`") == true)
    }

    /// On a plane: the weather provider does not answer. That is a note, not a problem (nothing for the user to
    /// fix; entries are saved without weather until it answers), and the doctor exits 0.
    @Test func weatherProviderUnreachableIsANote() throws {
        let server = try ProviderServer()
        let box = try Self.wellJournal(server, remote: false)
        box.environment["JOURNAL_WEATHER_URL"] = "http://127.0.0.1:9/v1/forecast"
        let result = try box.journal("doctor")
        #expect(result.status == 0, "\(result.stdout)")
        #expect(!result.stdout.contains("PROBLEM"), "\(result.stdout)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        let at = try #require(lines.firstIndex { $0.hasPrefix("note     weather:") }, "\(result.stdout)")
        #expect(lines[at] == "note     weather: open-meteo: cannot reach 127.0.0.1:9 (connection refused); entries are saved without weather until it answers")
        #expect(lines[at + 1] == "         hint: check the network; `journal weather --missing` fills in what was missed; weather.url (journal config) can point at a mirror")
        #expect(result.stdout.hasSuffix("\nNothing needs fixing; 1 note above says what waits for the network.\n"), "\(result.stdout)")

        // In Korean, with its own word.
        let korean = try box.journal("doctor", env: ["LANG": "C.UTF-8", "LC_MESSAGES": "ko_KR.UTF-8"])
        #expect(korean.status == 0, "\(korean.stdout)")
        #expect(korean.stdout.contains("참고  날씨: open-meteo: "), "\(korean.stdout)")
        #expect(korean.stdout.contains("      도움말: 네트워크를 확인하세요."), "\(korean.stdout)")
        #expect(korean.stdout.hasSuffix("\n고칠 것은 없어요. 위의 참고 1개는 네트워크를 기다리는 일이에요.\n"), "\(korean.stdout)")

        // A note does not hide a problem: with one, the doctor still exits 1 and counts only the problem.
        let both = try box.journal("doctor", env: ["JOURNAL_MAX_USER_WATCHES": "512"])
        #expect(both.status == 1)
        #expect(both.stdout.contains("note     weather:"))
        #expect(both.stdout.hasSuffix("\n1 problem: fix it as shown, then run `journal doctor` again.\n"), "\(both.stdout)")
    }

    /// A remote on another machine that the network does not reach is a note too: the entries wait here.
    @Test func remoteTheNetworkDoesNotReachIsANote() throws {
        let server = try ProviderServer()
        let box = try Self.wellJournal(server, remote: false)
        #expect(try box.journal("remote", "add", "origin", "ssh://git@127.0.0.1:9/journal.git").status == 0)
        let result = try box.journal("doctor")
        #expect(result.status == 0, "\(result.stdout)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        let at = try #require(lines.firstIndex { $0.hasPrefix("note     remote origin") }, "\(result.stdout)")
        #expect(lines[at].hasPrefix("note     remote origin (ssh://git@127.0.0.1:9/journal.git) does not answer: failed to connect to 127.0.0.1"), "\(lines[at])")
        #expect(lines[at].hasSuffix("; entries are kept here and `journal sync` sends them once it answers"))
        #expect(lines[at + 1] == "         hint: nothing to do while the network is down; if it is up, check the address with `journal remote list`")
    }

    @Test func openWeatherWithoutAKey() throws {
        let server = try ProviderServer()
        let box = try Self.wellJournal(server, remote: false)
        #expect(try box.journal("config", "set", "weather.provider", "openweather").status == 0)
        let result = try box.journal("doctor")
        #expect(result.status == 1)
        #expect(Self.line(result, "PROBLEM", "weather")?.hasPrefix("PROBLEM  weather: openweather needs an API key, and none is set\nfix: journal config set weather.api_key KEY") == true,
                "\(result.stdout)")
    }

    @Test func tooFewInotifyWatches() throws {
        let server = try ProviderServer()
        let box = try Self.wellJournal(server, remote: false)
        let result = try box.journal("doctor", env: ["JOURNAL_MAX_USER_WATCHES": "512"])
        #expect(result.status == 1)
        #expect(Self.line(result, "PROBLEM", "inotify") == """
            PROBLEM  inotify: fs.inotify.max_user_watches is 512, too few to watch the journal's 4 folders and leave some for other programs (journal serve needs them)
            fix: sudo sysctl fs.inotify.max_user_watches=524288, and to keep it: echo fs.inotify.max_user_watches=524288 | sudo tee /etc/sysctl.d/60-journal.conf
            """, "\(result.stdout)")
    }

    @Test func localeMissingForTheChosenLanguage() throws {
        let server = try ProviderServer()
        let box = try Self.wellJournal(server, remote: false)
        // Korean chosen by a locale this machine does not have (no machine has ko_ZZ).
        var result = try box.journal("doctor", env: ["LANG": "ko_ZZ.UTF-8"])
        #expect(result.status == 1)
        #expect(result.stdout.contains("문제  로캘: ko_ZZ.UTF-8이 설치되어 있지 않아"), "\(result.stdout)")
        #expect(result.stdout.contains("해결: Debian에서: sudo apt-get install locales, /etc/locale.gen에서 ko_ZZ.UTF-8의 주석을 풀고 sudo locale-gen"))
        // Korean chosen in the settings, under the C locale: the pager and editors would show codes.
        #expect(try box.journal("config", "set", "language", "ko").status == 0)
        result = try box.journal("doctor")
        #expect(result.status == 1)
        #expect(result.stdout.contains("문제  로캘: C가 UTF-8이 아니라서"), "\(result.stdout)")
        #expect(result.stdout.contains("해결: export LANG=ko_KR.UTF-8(셸 프로필에)"))
        // C.UTF-8 is on every Debian machine: Korean reads there.
        result = try box.journal("doctor", env: ["LANG": "C.UTF-8"])
        #expect(result.status == 0, "\(result.stdout)")
        #expect(result.stdout.contains("정상  로캘: C.UTF-8, 메시지 언어 ko\n"))
    }
}
