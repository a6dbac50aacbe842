import Foundation

/// jrnl as its owner set it up: the journals its config (`~/.config/jrnl/jrnl.yaml`) names, each with the
/// settings jrnl reads it with (jrnl/config.py `scope_config`: the top level's `timeformat`, `tagsymbols` and
/// `encrypt`, a journal's own winning), for `journal import jrnl` without a file.
public struct JrnlSetup: Sendable, Equatable {
    public var configFile: String
    public var journals: [JrnlJournal]

    /// Reads jrnl's config at `configFile`; `expand` makes a path of it absolute as jrnl does (`~`,
    /// `$VARIABLES`, a relative path from the working folder). Refused with one line when there is no
    /// config, when it cannot be read, or when it names no journal.
    public static func read(configFile: String, expand: (String) -> String) throws(JournalError) -> JrnlSetup {
        guard let data = FileSystem.contents(configFile, followingLinks: true) else {
            throw .invalid(Say.text("jrnlNoConfig", configFile))
        }
        let yaml: YAMLValue
        do {
            yaml = .mapping(try HeaderParser.parseWithYams(String(decoding: data, as: UTF8.self)))
        } catch {
            throw .invalid(Say.text("jrnlBadConfig", configFile, "\(error.line)", error.reason))
        }
        let top = JrnlSettings(
            timeFormat: yaml["timeformat"]?.string ?? JrnlSettings.defaultTimeFormat,
            tagSymbols: yaml["tagsymbols"]?.string ?? JrnlSettings.defaultTagSymbols)
        let encryptedByDefault = yaml["encrypt"]?.bool ?? false
        var journals: [JrnlJournal] = []
        for pair in yaml["journals"]?.pairs ?? [] {
            var settings = top
            var encrypted = encryptedByDefault
            let file: String?
            if case .mapping = pair.value {
                file = pair.value["journal"]?.string
                settings.timeFormat = pair.value["timeformat"]?.string ?? settings.timeFormat
                settings.tagSymbols = pair.value["tagsymbols"]?.string ?? settings.tagSymbols
                encrypted = pair.value["encrypt"]?.bool ?? encrypted
            } else {
                file = pair.value.string
            }
            guard let file, !file.isEmpty else { continue }
            let path = (expand(file) as NSString).standardizingPath
            var journal = JrnlJournal(name: pair.key, path: path, settings: settings)
            journal.leftOut = JrnlSetup.whyLeftOut(path, name: pair.key, encrypted: encrypted)
            journals.append(journal)
        }
        guard !journals.isEmpty else { throw .invalid(Say.text("jrnlConfigNoJournals", configFile)) }
        return JrnlSetup(configFile: configFile, journals: journals)
    }

    /// Why jrnl's journal at `path` is not read here, in a line that says what to do instead; nil when it is.
    /// jrnl alone opens an encrypted journal, a folder journal (`YYYY/MM/DD.txt`) or a Day One folder: its
    /// `--export json` brings each here.
    static func whyLeftOut(_ path: String, name: String, encrypted: Bool) -> String? {
        let export = Say.text("jrnlExportFirst", name)
        if FileSystem.isFolder(path) || path.hasSuffix("/") { return Say.text("jrnlFolderJournal", export) }
        guard FileSystem.exists(path) else { return Say.text("jrnlNoJournalFile") }
        if encrypted { return Say.text("jrnlEncrypted", export) }
        // A journal jrnl made and nobody wrote in yet (jrnl makes an empty file at its first run).
        if let data = FileSystem.contents(path, followingLinks: true), data.allSatisfy({ [9, 10, 13, 32].contains($0) }) {
            return Say.text("jrnlEmptyJournal")
        }
        return nil
    }

    /// The settings jrnl reads the file at `path` with, when its config names that file.
    public func settings(forFile path: String) -> JrnlSettings? {
        let wanted = (path as NSString).standardizingPath
        return journals.first { $0.path == wanted }?.settings
    }

    /// The config's journals as lines to show before they are brought in: a heading, then one line each
    /// (its name, its file, and why it is left out where it is).
    public var lines: [String] {
        [Say.plural("jrnlSetupFound", journals.count, configFile, journals.count)] + journals.map { journal in
            journal.leftOut.map { Say.text("jrnlSetupLeftOut", journal.name, journal.path, $0) } ?? Say.text("jrnlSetupJournal", journal.name, journal.path)
        }
    }
}

/// One journal of jrnl's config.
public struct JrnlJournal: Sendable, Equatable {
    /// Its name in jrnl (`default`, `work`).
    public var name: String
    /// Its file, absolute.
    public var path: String
    public var settings: JrnlSettings
    /// Why it is not read here, and what to do instead; nil when it is.
    public var leftOut: String?
}
