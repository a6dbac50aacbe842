import ArgumentParser
import Foundation
import JournalKit

extension JournalCommand {
    struct Sync: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "sync",
            abstract: Help.text("help.Sync.abstract"),
            discussion: Help.reflow(Say.text("help.Sync.discussion")))

        @OptionGroup var options: GlobalOptions

        @Argument(help: ArgumentHelp(Help.text("help.Sync.remote")), completion: Completion.remotes)
        var remote: String?

        @Flag(help: ArgumentHelp(Help.text("help.Sync.acceptHostKey")))
        var acceptHostKey = false

        @Option(help: ArgumentHelp(Help.text("help.Sync.keyFile")))
        var keyFile: String?

        func run() throws {
            let journal = try options.openJournal()
            let name = try remote ?? journal.defaultRemote()
            // Read first, so that an unreadable key file stops the sync before it starts.
            let keyText = try keyFile.map { try KeyInput.read($0) }
            let report = try Network.retryingWithConsent(accept: acceptHostKey) { access in
                try journal.sync(remote: name, credentials: access, key: { keyText ?? (try? KeyInput.read(nil)) ?? nil })
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
            commandName: "clone",
            abstract: Help.text("help.Clone.abstract"),
            discussion: Help.reflow(Say.text("help.Clone.discussion")))

        @OptionGroup var options: GlobalOptions

        @Argument(help: ArgumentHelp(Help.text("help.Clone.url")))
        var url: String

        @Argument(help: ArgumentHelp(Help.text("help.Clone.directory")))
        var directory: String?

        @Flag(help: ArgumentHelp(Help.text("help.Clone.acceptHostKey")))
        var acceptHostKey = false

        @Option(help: ArgumentHelp(Help.text("help.Clone.keyFile")))
        var keyFile: String?

        func run() throws {
            let target = directory.map(Shell.absolute) ?? options.location.path
            let source = try Network.checkedURL(url)
            // Read first, so that an unreadable key file stops the clone before it starts.
            let keyText = try keyFile.map { try KeyInput.read($0) }
            let (journal, empty, indexed) = try Network.retryingWithConsent(accept: acceptHostKey) { access in
                try Journal.clone(url: source, into: target, credentials: access, context: Shell.context(),
                                  key: { keyText ?? (try? KeyInput.read(nil)) ?? nil })
            }
            if empty {
                print(Say.clonedEmpty(source, target))
            } else {
                if !indexed { try refresh(journal) }
                print(Say.cloned(source, target, try journal.entryCount()))
            }
        }
    }

    struct Remote: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "remote",
            abstract: Help.text("help.Remote.abstract"),
            discussion: Help.reflow(Say.text("help.Remote.discussion")),
            subcommands: [ListRemotes.self, AddRemote.self, RemoveRemote.self],
            defaultSubcommand: ListRemotes.self)
    }

    struct ListRemotes: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: Help.text("help.ListRemotes.abstract"))

        @OptionGroup var options: GlobalOptions

        func run() throws {
            let remotes = try options.openJournal().remotes()
            if remotes.isEmpty { Terminal.note(Say.noRemotes) }
            printColumns(remotes.map { ($0.name, $0.url) })
        }
    }

    struct AddRemote: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "add", abstract: Help.text("help.AddRemote.abstract"),
            discussion: Say.text("help.AddRemote.discussion"))

        @OptionGroup var options: GlobalOptions

        @Argument(help: ArgumentHelp(Help.text("help.AddRemote.name")))
        var name: String

        @Argument(help: ArgumentHelp(Help.text("help.AddRemote.url")))
        var url: String

        func run() throws {
            let journal = try options.openJournal()
            let checked = try Network.checkedURL(url)
            // libgit2 cannot push into a folder with a work tree (another machine's journal, say).
            if checked.hasPrefix("/"), FileManager.default.fileExists(atPath: checked + "/.git") {
                throw JournalError.invalid(Say.remoteHasWorkTree(checked))
            }
            try journal.addRemote(name: name, url: checked)
            print(Say.remoteAdded(name, checked))
        }
    }

    struct RemoveRemote: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "remove", abstract: Help.text("help.RemoveRemote.abstract"), aliases: ["rm"])

        @OptionGroup var options: GlobalOptions

        @Argument(help: ArgumentHelp(Help.text("help.RemoveRemote.name")), completion: Completion.remotes)
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
    static func access(acceptNewHost: Bool) throws -> Credentials {
        let token = Shell.env("JOURNAL_GIT_TOKEN").flatMap { $0.isEmpty ? nil : $0 }
            ?? (try? UserSettings.load(creating: false))?.gitToken
        let ssh = Shell.home + "/.ssh"
        return Credentials(
            token: token, sshKeyFiles: [ssh + "/id_ed25519", ssh + "/id_ecdsa", ssh + "/id_rsa"], agentSocket: Shell.env("SSH_AUTH_SOCK"),
            sshUser: Shell.env("USER") ?? NSUserName(), knownHostsFiles: [ssh + "/known_hosts", "/etc/ssh/ssh_known_hosts"],
            acceptNewHost: acceptNewHost)
    }

    /// Runs `body`; when an ssh host is unknown and we are on a terminal, shows its fingerprint and
    /// asks whether to trust it, then runs `body` again if the user says yes.
    static func retryingWithConsent<T>(accept: Bool, _ body: (Credentials) throws -> T) throws -> T {
        do {
            return try body(access(acceptNewHost: accept))
        } catch JournalError.remote(.unknownHost(let host, let type, let fingerprint))
            where !accept && Terminal.stdinIsTerminal
        {
            guard askYes(Say.trustHostQuestion(host, type, fingerprint)) else {
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
        guard !trimmed.isEmpty else { throw JournalError.invalid(Say.invalidRemoteURL(url)) }
        for scheme in ["file://", "git://", "ssh://", "git+ssh://", "ssh+git://", "http://", "https://"]
        where lower.hasPrefix(scheme) && trimmed.count > scheme.count {
            // A host that starts with "-" reads as an option to ssh (`ssh://-oProxyCommand=…`).
            guard !trimmed.dropFirst(scheme.count).hasPrefix("-") else { throw JournalError.invalid(Say.invalidRemoteURL(url)) }
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
        throw JournalError.invalid(Say.invalidRemoteURL(url))
    }
}
