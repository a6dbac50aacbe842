import Foundation
import Testing
@testable import journal
import JournalKit

/// `$EDITOR`, `$VISUAL` and `$PAGER` split into words as a shell would, without running one.
@Suite struct ShellWordsTests {
    @Test(arguments: [
        ("vim", ["vim"]),
        ("code --wait", ["code", "--wait"]),
        ("  vim   -u NONE  ", ["vim", "-u", "NONE"]),
        ("vim\t-N\n", ["vim", "-N"]),
        ("'/Applications/My Editor.app/bin/ed' -w", ["/Applications/My Editor.app/bin/ed", "-w"]),
        ("\"/opt/my editor/bin/ed\" --flag=\"a b\"", ["/opt/my editor/bin/ed", "--flag=a b"]),
        ("my\\ editor -x", ["my editor", "-x"]),
        ("emacs -nw ''", ["emacs", "-nw", ""]),
        ("a \"\" b", ["a", "", "b"]),
        ("'it''s'", ["its"]),
        ("\"say \\\"hi\\\"\"", ["say \"hi\""]),
        ("'no \\ escape'", ["no \\ escape"]),
        ("less -R", ["less", "-R"]),
        ("", []),
        ("   ", []),
        ("한글 편집기", ["한글", "편집기"]),
    ])
    func words(_ command: String, _ words: [String]) {
        #expect(Shell.words(command) == words)
    }

    @Test func shellSyntaxIsNotInterpreted() {
        #expect(Shell.words("vim; rm -rf ~") == ["vim;", "rm", "-rf", "~"])
        #expect(Shell.words("ed $(touch x) `id` | cat > f") == ["ed", "$(touch", "x)", "`id`", "|", "cat", ">", "f"])
    }

    @Test func anUnclosedQuoteRunsToTheEnd() {
        #expect(Shell.words("vim 'unclosed arg") == ["vim", "unclosed arg"])
        #expect(Shell.words("vim trailing\\") == ["vim", "trailing"])
    }

    // MARK: Remote URLs `remote add` and `clone` accept

    @Test(arguments: [
        "file:///srv/journal.git", "git://example.com/journal.git", "ssh://me@example.com:2222/journal.git",
        "git+ssh://example.com/j.git", "ssh+git://example.com/j.git", "http://127.0.0.1:8080/j.git",
        "https://example.com/me/journal.git", "HTTPS://EXAMPLE.COM/j.git", "git@example.com:me/journal.git",
        "example.com:journal.git", "me.name@host-1.example_x:path/j.git",
    ])
    func acceptedURLs(_ url: String) throws {
        #expect(try Network.checkedURL(url) == url)
    }

    @Test(arguments: [
        "", "   ", "https://", "ssh://", "ftp://example.com/j.git", "nosuchfolder", "relative/nosuch/path",
        "user@host", "host:", "us er@host:path", "a@b@c:path", "h o s t:path", "-oProxyCommand=x:path",
        "ext::sh -c touch% /tmp/pwned", "-oProxyCommand:path", "me@-oProxyCommand:path", "ssh://-oProxyCommand=x/path", "hôst:path", "user@:path", ":path",
    ])
    func refusedURLs(_ url: String) {
        #expect(throws: JournalError.self) { try Network.checkedURL(url) }
    }

    @Test func anExistingFolderBecomesAnAbsolutePath() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("journal-url-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try Network.checkedURL(folder.path + "/") == folder.path)
        #expect(try Network.checkedURL("  \(folder.path)  ") == folder.path)
    }
}
