import ArgumentParser
import Foundation
import Git
import JournalKit

extension JournalCommand {
    struct Sync: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Commit, fetch, merge and push: share the journal with a remote.",
            discussion: Help.reflow("""
                Pending edits are committed first. The merge understands entries: adds never conflict,
                headers merge field by field, the text line by line and word by word; where both sides
                changed the same words, the other text is kept in a second entry marked conflict_of.
                Prints one line: ↓ what came in · ↑ what went out · conflicts.
                Remotes: a path, file://, git://, ssh:// or user@host:path (ssh-agent, ~/.ssh/id_ed25519
                or id_rsa; host keys checked against ~/.ssh/known_hosts), https:// (token from
                $JOURNAL_GIT_TOKEN or `journal config set git.token`).
                Examples:
                  journal remote add origin git@example.com:me/journal.git
                  journal sync
                """))

        @OptionGroup var options: GlobalOptions

        @Argument(help: "The remote (default: the only one, else origin).")
        var remote: String?

        @Flag(help: "Trust an ssh host seen for the first time and add its key to ~/.ssh/known_hosts.")
        var acceptHostKey = false

        func run() throws {
            let journal = try options.openJournal()
            let name = try remote ?? journal.defaultRemote()
            let report = try Network.retryingWithConsent(accept: acceptHostKey) { access in
                try journal.sync(remote: name, access: access)
            }
            if !report.pending.committed.isEmpty { Terminal.note(Say.committedOutsideEdits(report.pending.committed.count)) }
            for warning in report.pending.warnings { Terminal.warn(warning) }
            print(Say.syncSummary(report))
            for copy in report.conflicts { Terminal.note(Say.conflictCopy(copy)) }
            // What the merge decided where both sides changed one thing (also in `journal log`).
            for note in report.notes { Terminal.note(note) }
        }
    }

    struct Clone: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Copy a journal from a remote to this machine.",
            discussion: Help.reflow("""
                DIR defaults to the journal folder (-J, $JOURNAL_DIR, else ~/journal); it must not exist
                or be empty. Cloning an empty repository starts a new journal there.
                Examples:
                  journal clone git@example.com:me/journal.git
                  journal clone https://example.com/me/journal.git ~/diary
                """))

        @OptionGroup var options: GlobalOptions

        @Argument(help: "Where the journal is: a path, file://, git://, ssh://, user@host:path or https://.")
        var url: String

        @Argument(help: "The folder to clone into.")
        var directory: String?

        @Flag(help: "Trust an ssh host seen for the first time and add its key to ~/.ssh/known_hosts.")
        var acceptHostKey = false

        @Option(help: "The key of an encrypted journal (the file `encrypt init --export` wrote); else its recovery words are asked on a terminal.")
        var keyFile: String?

        func run() throws {
            let target = directory.map(Shell.absolute) ?? options.location.path
            let source = try Network.checkedURL(url)
            // Read first, so that an unreadable key file stops the clone before it starts.
            let keyText = try keyFile.map { try KeyInput.read($0) }
            let (journal, empty) = try Network.retryingWithConsent(accept: acceptHostKey) { access in
                try Journal.clone(url: source, into: target, access: access, context: Shell.context(),
                                  key: { keyText ?? (try? KeyInput.read(nil)) ?? nil }, executable: Shell.executablePath)
            }
            if empty {
                print(Say.clonedEmpty(source, target))
            } else {
                try refresh(journal)
                print(Say.cloned(source, target, try journal.entryCount()))
            }
        }
    }

    struct Remote: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List, add or remove the remotes `journal sync` talks to.",
            discussion: Help.reflow("""
                Examples:
                  journal remote add origin git@example.com:me/journal.git
                  journal remote list
                  journal remote remove origin
                """),
            subcommands: [ListRemotes.self, AddRemote.self, RemoveRemote.self],
            defaultSubcommand: ListRemotes.self)
    }

    struct ListRemotes: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "Show each remote and its URL.")

        @OptionGroup var options: GlobalOptions

        func run() throws {
            let remotes = try options.openJournal().remotes()
            if remotes.isEmpty { Terminal.note(Say.noRemotes) }
            printColumns(remotes.map { ($0.name, $0.url) })
        }
    }

    struct AddRemote: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "add", abstract: "Add a remote.",
            discussion: "Example:\n  journal remote add origin git@example.com:me/journal.git")

        @OptionGroup var options: GlobalOptions

        @Argument(help: "Its name, such as origin.")
        var name: String

        @Argument(help: "A path, file://, git://, ssh://, user@host:path or https:// URL.")
        var url: String

        func run() throws {
            let journal = try options.openJournal()
            let checked = try Network.checkedURL(url)
            // libgit2 cannot push into a folder with a work tree (another machine's journal, say).
            if checked.hasPrefix("/"), FileManager.default.fileExists(atPath: checked + "/.git") {
                throw Failure(Say.remoteHasWorkTree(checked))
            }
            try journal.addRemote(name: name, url: checked)
            print(Say.remoteAdded(name, checked))
        }
    }

    struct RemoveRemote: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "remove", abstract: "Remove a remote (its entries stay here).", aliases: ["rm"])

        @OptionGroup var options: GlobalOptions

        @Argument(help: "The remote's name.")
        var name: String

        func run() throws {
            try options.openJournal().removeRemote(name: name)
            print(Say.remoteRemoved(name))
        }
    }
}

/// Credentials and host-key consent for the commands that use the network.
enum Network {
    /// How to reach remotes: a token from the environment or the user's config, the usual ssh keys
    /// and known_hosts under HOME. Nothing of it is written into the journal.
    static func access(acceptNewHost: Bool) throws -> RemoteAccess {
        let token = Shell.env("JOURNAL_GIT_TOKEN").flatMap { $0.isEmpty ? nil : $0 }
            ?? (try? UserSettings.load(creating: false))?.gitToken
        let ssh = Shell.home + "/.ssh"
        return RemoteAccess(
            token: token, sshKeyFiles: [ssh + "/id_ed25519", ssh + "/id_ecdsa", ssh + "/id_rsa"], useAgent: true,
            sshUser: Shell.env("USER") ?? NSUserName(), knownHostsFiles: [ssh + "/known_hosts", "/etc/ssh/ssh_known_hosts"],
            acceptNewHost: acceptNewHost)
    }

    /// Runs `body`; when an ssh host is unknown and we are on a terminal, shows its fingerprint and
    /// asks whether to trust it, then runs `body` again if the user says yes.
    static func retryingWithConsent<T>(accept: Bool, _ body: (RemoteAccess) throws -> T) throws -> T {
        do {
            return try body(access(acceptNewHost: accept))
        } catch JournalError.remote(.unknownHost(let host, let type, let fingerprint))
            where !accept && Terminal.stdinIsTerminal
        {
            Terminal.ask(Say.trustHostQuestion(host, type, fingerprint))
            let answer = readLine()?.trimmingCharacters(in: .whitespaces).lowercased() ?? ""
            guard answer == "y" || answer == "yes" else {
                throw JournalError.remote(.unknownHost(host: host, keyType: type, fingerprint: fingerprint))
            }
            return try body(access(acceptNewHost: true))
        }
    }

    /// The URL as git will get it: an existing folder becomes an absolute path; anything else must
    /// look like a URL git speaks.
    static func checkedURL(_ url: String) throws -> String {
        let trimmed = url.trimmingCharacters(in: .whitespaces)
        let lower = trimmed.lowercased()
        guard !trimmed.isEmpty else { throw Failure(Say.invalidRemoteURL(url)) }
        for scheme in ["file://", "git://", "ssh://", "git+ssh://", "ssh+git://", "http://", "https://"]
        where lower.hasPrefix(scheme) && trimmed.count > scheme.count {
            // A host that starts with "-" reads as an option to ssh (`ssh://-oProxyCommand=…`).
            guard !trimmed.dropFirst(scheme.count).hasPrefix("-") else { throw Failure(Say.invalidRemoteURL(url)) }
            return trimmed
        }
        var isFolder: ObjCBool = false
        let absolute = Shell.absolute(trimmed)
        if FileManager.default.fileExists(atPath: absolute, isDirectory: &isFolder), isFolder.boolValue {
            return absolute
        }
        // scp-style: [user@]host:path, with a plain user and host name before the colon.
        if !trimmed.contains("://"), let colon = trimmed.firstIndex(of: ":"), trimmed.index(after: colon) < trimmed.endIndex,
           !trimmed.contains(" ")
        {
            let parts = trimmed[..<colon].split(separator: "@", omittingEmptySubsequences: false)
            let plain = { (part: Substring) in
                !part.isEmpty && !part.hasPrefix("-")
                    && part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "._-".contains($0)) }
            }
            if parts.count <= 2, parts.allSatisfy(plain) { return trimmed }
        }
        throw Failure(Say.invalidRemoteURL(url))
    }
}
