import Foundation

/// How temperatures and wind speeds are shown (the files always hold °C and km/h).
public enum Units: String, Sendable, CaseIterable, Equatable {
    case metric, imperial
}

/// The user's own settings on this machine, `config.yml` under `$XDG_CONFIG_HOME/journal/`: the weather
/// provider, its endpoints and key, the default location, units. Never in a journal (it may hold a
/// secret). The command line finds the file and hands its text to this type.
public struct UserConfig: Sendable, Equatable {
    public var provider: WeatherProviderName = .openMeteo
    public var url: URL?
    public var archiveURL: URL?
    public var geocodingURL: URL?
    public var openMeteoURL: URL?
    public var apiKey: String?
    public var defaultLocation: String?
    public var latitude: Double?
    public var longitude: Double?
    public var units: Units = .metric
    /// The password sent to http(s) remotes by `sync` and `clone` (a personal access token).
    public var gitToken: String?
    /// The language of messages (a catalogue's name: en, ko); nil to follow LC_ALL, LC_MESSAGES, LANG.
    public var language: String?
    /// `tags.prefix`: `@` makes `@word` in a new entry's text a tag too, as in jrnl.
    public var tagPrefix: String?
    /// `serve.auto`: a command that finds no `journal serve` running for its journal starts one in the
    /// background (and walks the files itself this once), so that the next commands ask it instead.
    public var serveAuto = false
    /// `serve.sync`: how often `journal serve` syncs with the journal's remote by itself (and shortly after a
    /// change settles): `5m`, `30s`, `1h`, or minutes; nil (`off`, the default): never.
    public var serveSync: TimeInterval?
    /// `list.preview`: `list` shows each body's first line under its title unless told otherwise.
    public var listPreview: Bool?
    /// Named journals (jrnl's `journals:`): `journals.work: ~/work-journal`, for `-J work` and `journal work: …`.
    public var journals: [String: String] = [:]

    public init() {}

    /// Whether `journal config` knows the key: one of `keys`, or `journals.NAME` for a one-word name.
    public static func knows(_ key: String) -> Bool {
        keys.contains(key) || journalName(inKey: key) != nil
    }

    /// `work` in `journals.work`.
    static func journalName(inKey key: String) -> String? {
        guard key.hasPrefix("journals.") else { return nil }
        let name = String(key.dropFirst("journals.".count))
        return Tag.isWord(name) && !name.contains(".") ? name : nil
    }

    /// Every key that has a value, in the file's order, the named journals last.
    public var setKeys: [String] {
        UserConfig.keys.filter { value(of: $0) != nil } + journals.keys.sorted().map { "journals." + $0 }
    }

    /// The keys `journal config get/set` knows, in the file's order.
    public static let keys = [
        "weather.provider", "weather.api_key", "weather.url", "weather.archive_url", "weather.geocoding_url",
        "weather.open_meteo_url", "location.default", "location.latitude", "location.longitude", "units",
        "git.token", "language", "tags.prefix", "list.preview", "serve.auto", "serve.sync",
    ]

    /// Keys whose values `config list` hides.
    public static let secretKeys: Set<String> = ["weather.api_key", "git.token"]

    /// The file as first written, every key explained.
    public static var initialText: String { Say.initialUserConfig }

    /// The place entries are written at unless the user says otherwise; nil when none is configured.
    public var defaultPlace: PlaceRequest? {
        if let latitude, let longitude {
            return .coordinates(name: defaultLocation, latitude: latitude, longitude: longitude)
        }
        return defaultLocation.map { .named($0) }
    }

    // MARK: Reading

    /// Reads the file's text; anything malformed is an error naming the file and the line.
    public static func parse(_ text: String, path: String) throws(JournalError) -> UserConfig {
        let pairs: [YAMLPair]
        do {
            pairs = try HeaderParser.parse(text)
        } catch {
            throw .badSettings(path, line: error.line, reason: error.reason)
        }
        let root = YAMLValue.mapping(pairs)
        var config = UserConfig()
        for key in keys {
            let parts = key.split(separator: ".").map(String.init)
            let value: YAMLValue?
            if parts.count == 2 {
                guard let section = root[parts[0]] else { continue }
                if case .scalar = section, section.string == nil { continue }  // `weather:` with nothing under it
                guard case .mapping = section else {
                    throw .badSettings(path, line: line(of: parts[0], in: text) ?? 1, reason: Say.configNotMapping(parts[0]))
                }
                value = section[parts[1]]
            } else {
                value = root[key]
            }
            guard let value else { continue }
            let fileLine = line(of: key, in: text) ?? 1
            guard case .scalar = value else {
                throw .badSettings(path, line: fileLine, reason: Say.configBadValue(key, "", expected(key)))
            }
            guard let string = value.string?.trimmingCharacters(in: .whitespaces), !string.isEmpty else { continue }
            do {
                try config.set(key, string)
            } catch {
                throw .badSettings(path, line: fileLine, reason: error.message)
            }
        }
        if let journals = root["journals"], case .mapping(let pairs) = journals {
            for pair in pairs {
                guard journalName(inKey: "journals." + pair.key) != nil, let string = pair.value.string?.trimmingCharacters(in: .whitespaces)
                else {
                    throw .badSettings(path, line: line(of: "journals." + pair.key, in: text) ?? 1, reason: Say.configBadValue("journals." + pair.key, pair.value.string ?? "", expected("journals.")))
                }
                if !string.isEmpty { config.journals[pair.key] = string }
            }
        }
        return config
    }

    /// A problem with a value given to `journal config set`.
    public struct Problem: Error, Equatable, Sendable {
        public var message: String
    }

    /// Sets one key from its text, checked.
    mutating func set(_ key: String, _ text: String) throws(Problem) {
        func bad() -> Problem { Problem(message: Say.configBadValue(key, text, UserConfig.expected(key))) }
        func flag() throws(Problem) -> Bool {
            switch text.lowercased() {
            case "true", "yes", "on": return true
            case "false", "no", "off": return false
            default: throw bad()
            }
        }
        func checkedURL() throws(Problem) -> URL {
            guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
                url.host?.isEmpty == false
            else { throw bad() }
            return url
        }
        switch key {
        case "weather.provider":
            guard let provider = WeatherProviderName(rawValue: text.lowercased()) else { throw bad() }
            self.provider = provider
        case "weather.url": url = try checkedURL()
        case "weather.archive_url": archiveURL = try checkedURL()
        case "weather.geocoding_url": geocodingURL = try checkedURL()
        case "weather.open_meteo_url": openMeteoURL = try checkedURL()
        case "weather.api_key": apiKey = text
        case "git.token": gitToken = text
        case "location.default": defaultLocation = text
        case "location.latitude":
            guard let value = Double(text), Location.isLatitude(value) else { throw bad() }
            latitude = value
        case "location.longitude":
            guard let value = Double(text), Location.isLongitude(value) else { throw bad() }
            longitude = value
        case "units":
            guard let units = Units(rawValue: text.lowercased()) else { throw bad() }
            self.units = units
        case "language":
            guard Say.languages.contains(text.lowercased()) else { throw bad() }
            language = text.lowercased()
        case "tags.prefix":
            guard !text.isEmpty, text.allSatisfy({ $0 == "#" || $0 == "@" }) else { throw bad() }
            tagPrefix = text
        case "list.preview": listPreview = try flag()
        case "serve.auto": serveAuto = try flag()
        case "serve.sync":
            guard let every = UserConfig.interval(text) else { throw bad() }
            serveSync = every > 0 ? every : nil
        default:
            guard let name = UserConfig.journalName(inKey: key) else { throw Problem(message: Say.unknownConfigKey(key, UserConfig.keys)) }
            journals[name] = text
        }
    }

    /// What a key holds, as text; nil when it is not set (and has no default).
    public func value(of key: String) -> String? {
        switch key {
        case "weather.provider": provider.rawValue
        case "weather.url": url?.absoluteString
        case "weather.archive_url": archiveURL?.absoluteString
        case "weather.geocoding_url": geocodingURL?.absoluteString
        case "weather.open_meteo_url": openMeteoURL?.absoluteString
        case "weather.api_key": apiKey
        case "git.token": gitToken
        case "location.default": defaultLocation
        case "location.latitude": latitude.map(YAMLWriter.number)
        case "location.longitude": longitude.map(YAMLWriter.number)
        case "units": units.rawValue
        case "language": language
        case "tags.prefix": tagPrefix
        case "serve.auto": serveAuto ? "true" : "false"
        case "serve.sync": serveSync.map(UserConfig.intervalText)
        case "list.preview": listPreview.map { $0 ? "true" : "false" }
        default: UserConfig.journalName(inKey: key).flatMap { journals[$0] }
        }
    }

    static func expected(_ key: String) -> String {
        switch key {
        case "weather.provider": Say.expectedProvider
        case "units": Say.expectedUnits
        case "language": Say.expectedLanguage(Say.languages)
        case "location.latitude": Say.expectedLatitude
        case "location.longitude": Say.expectedLongitude
        case _ where key.hasSuffix("url"): Say.expectedURL
        case _ where key.hasPrefix("journals."): Say.expectedJournalPath
        case "tags.prefix": Say.expectedTagPrefix
        case "list.preview", "serve.auto": Say.expectedTrueOrFalse
        case "serve.sync": Say.text("expectedInterval")
        default: Say.expectedText
        }
    }

    /// The 1-based line of `section.field` (or a top-level key) in the file, if it is there.
    static func line(of key: String, in text: String) -> Int? {
        let lines = text.lfLines()
        let parts = key.split(separator: ".").map(String.init)
        guard let top = lines.firstIndex(where: { YAMLLine.holds($0, key: parts[0]) }) else { return nil }
        guard parts.count == 2 else { return top + 1 }
        var index = top + 1
        while index < lines.count {
            let line = lines[index]
            if let first = line.first, first != " ", first != "\t", first != "#" { break }
            if YAMLLine.holds(line, key: parts[1], indented: true) { return index + 1 }
            index += 1
        }
        return top + 1
    }

    // MARK: Editing

    /// The file's text with one key set (nil: removed), every other line, comment and blank line kept.
    /// A key that is there is replaced in place; one that is commented out (`# url: …`) is written
    /// on that line; else it goes at the end of its section (or a new section at the end).
    public static func setting(_ key: String, to value: String?, in text: String, path: String) throws(JournalError) -> String {
        var expected = try parse(text, path: path)
        if let value {
            do {
                try expected.set(key, value)
            } catch {
                throw .invalid(error.message)
            }
        } else {
            expected.clear(key)
        }
        var lines = text.lfLines().map(String.init)
        if lines.last == "" { lines.removeLast() }
        let parts = key.split(separator: ".").map(String.init)
        let rendered = value.map { text in
            // Numbers plain (`latitude: 35.1`), everything else as YAML reads it back unchanged.
            if key.hasPrefix("location.l"), let number = Double(text) { return YAMLWriter.number(number) }
            return YAMLWriter.scalar(text)
        }
        if parts.count == 1 {
            if let index = lines.firstIndex(where: { YAMLLine.holds(Substring($0), key: key) }) {
                if let rendered { lines[index] = "\(key): \(rendered)" } else { lines.remove(at: index) }
            } else if let rendered {
                if let index = lines.firstIndex(where: { commented(Substring($0), key) != nil && !$0.hasPrefix(" ") }) {
                    lines[index] = "\(key): \(rendered)"
                } else {
                    lines.append("\(key): \(rendered)")
                }
            }
        } else {
            let (section, field) = (parts[0], parts[1])
            if let top = lines.firstIndex(where: { YAMLLine.holds(Substring($0), key: section) }) {
                // The section's lines: indented ones, and comments or blanks between them.
                var end = top + 1
                var scan = top + 1
                var found: Int?
                var commentedOut: Int?
                var indent = "  "
                while scan < lines.count {
                    let line = Substring(lines[scan])
                    let trimmed = line.trimmingCharacters(in: .whitespaces)
                    if let first = line.first, first != " ", first != "\t", !trimmed.hasPrefix("#") { break }
                    if !trimmed.isEmpty && !trimmed.hasPrefix("#") {
                        indent = String(line.prefix { $0 == " " || $0 == "\t" })
                        if YAMLLine.holds(line, key: field, indented: true) { found = scan }
                        end = scan + 1
                    } else if line.first == " " || line.first == "\t" {
                        if commentedOut == nil, commented(line, field) != nil { commentedOut = scan }
                        end = scan + 1
                    }
                    scan += 1
                }
                if let found {
                    let own = String(lines[found].prefix { $0 == " " || $0 == "\t" })
                    if let rendered { lines[found] = "\(own)\(field): \(rendered)" } else { lines.remove(at: found) }
                } else if let rendered {
                    if let commentedOut {
                        let own = String(lines[commentedOut].prefix { $0 == " " || $0 == "\t" })
                        lines[commentedOut] = "\(own)\(field): \(rendered)"
                    } else {
                        // `weather: {}` or `weather:` alone: the block form takes its place.
                        lines[top] = "\(section):"
                        lines.insert("\(indent)\(field): \(rendered)", at: end)
                    }
                }
            } else if let rendered {
                lines += ["", "\(section):", "  \(field): \(rendered)"]
            }
        }
        let result = lines.joined(separator: "\n") + "\n"
        guard (try? parse(result, path: path)) == expected else {
            throw .settingsNotEditable(path, reason: Say.configEditMismatch)
        }
        return result
    }

    mutating func clear(_ key: String) {
        switch key {
        case "weather.provider": provider = .openMeteo
        case "weather.url": url = nil
        case "weather.archive_url": archiveURL = nil
        case "weather.geocoding_url": geocodingURL = nil
        case "weather.open_meteo_url": openMeteoURL = nil
        case "weather.api_key": apiKey = nil
        case "location.default": defaultLocation = nil
        case "location.latitude": latitude = nil
        case "location.longitude": longitude = nil
        case "units": units = .metric
        case "git.token": gitToken = nil
        case "language": language = nil
        case "tags.prefix": tagPrefix = nil
        case "serve.auto": serveAuto = false
        case "serve.sync": serveSync = nil
        default: if let name = UserConfig.journalName(inKey: key) { journals[name] = nil }
        }
    }

    /// `# key: …` (a commented-out key): the text after the `#`.
    private static func commented(_ line: Substring, _ key: String) -> Substring? {
        let body = line.drop { $0 == " " || $0 == "\t" }
        guard body.first == "#" else { return nil }
        let rest = body.dropFirst().drop { $0 == " " }
        return YAMLLine.holds(rest, key: key) ? rest : nil
    }

    // MARK: The file

    /// Reads the file at `path`, writing the commented initial one first when there is none
    /// (`created` says so). A malformed file is an error naming the file and line.
    public static func load(from path: String, creating: Bool) throws(JournalError) -> (config: UserConfig, created: Bool) {
        guard FileSystem.exists(path) else {
            guard creating else { return (UserConfig(), false) }
            try write(initialText, to: path)
            return (try parse(initialText, path: path), true)
        }
        let data = try FileSystem.read(path, followingLinks: true)
        return (try parse(String(decoding: data, as: UTF8.self), path: path), false)
    }

    /// The `language` the file at `path` sets; nil when it sets none or cannot be read or parsed. Every
    /// command asks, before its own options are read: the file is read with plain system calls and parsed
    /// only when the word `language` is in it at all.
    public static func language(at path: String) -> String? {
        guard let data = FileSystem.contents(path, followingLinks: true), FileSystem.bytes(data, contain: "language") else { return nil }
        return (try? parse(String(decoding: data, as: UTF8.self), path: path))?.language
    }

    /// A time as `serve.sync` takes it: `off` (0), `30s`, `5m`, `1h`, or a number of minutes; at least 10 seconds.
    static func interval(_ text: String) -> TimeInterval? {
        let lower = text.lowercased().trimmingCharacters(in: .whitespaces)
        if ["off", "false", "no", "0"].contains(lower) { return 0 }
        let units: [Character: Double] = ["s": 1, "m": 60, "h": 3600]
        let (number, unit) = lower.last.flatMap { units[$0] }.map { (lower.dropLast(), $0) } ?? (Substring(lower), 60)
        guard let value = Double(number), value.isFinite, value * unit >= 10, value * unit <= 86400 * 7 else { return nil }
        return value * unit
    }

    static func intervalText(_ seconds: TimeInterval) -> String {
        seconds.truncatingRemainder(dividingBy: 3600) == 0 ? "\(Int(seconds / 3600))h"
            : seconds.truncatingRemainder(dividingBy: 60) == 0 ? "\(Int(seconds / 60))m" : "\(Int(seconds))s"
    }

    /// `serve.sync` of the file at `path` (nil: off, or a file that cannot be read: the server serves regardless).
    public static func serveSync(at path: String) -> TimeInterval? {
        guard let data = FileSystem.contents(path) else { return nil }
        return (try? parse(String(decoding: data, as: UTF8.self), path: path))?.serveSync
    }

    /// Whether the file at `path` sets `serve.auto: true` (false when it cannot be read: a command must not
    /// stop for it). Read only when a command finds no server running.
    public static func servesAutomatically(at path: String) -> Bool {
        guard let data = FileSystem.contents(path, followingLinks: true), FileSystem.bytes(data, contain: "auto") else { return false }
        return (try? parse(String(decoding: data, as: UTF8.self), path: path))?.serveAuto == true
    }

    /// The file's text, or the initial one when there is none yet.
    public static func text(at path: String) throws(JournalError) -> String {
        FileSystem.exists(path) ? String(decoding: try FileSystem.read(path, followingLinks: true), as: UTF8.self) : initialText
    }

    /// Writes the file atomically, readable by its owner only (it may hold an API key).
    public static func write(_ text: String, to path: String) throws(JournalError) {
        // It lives outside any journal: its temporary goes beside it (as does a killed writer's).
        let folder = (path as NSString).deletingLastPathComponent
        FileSystem.removeStaleTemporaries(in: folder)
        try FileSystem.writeAtomically(Data(text.utf8), to: path, temporaryIn: folder, permissions: 0o600)
    }
}
