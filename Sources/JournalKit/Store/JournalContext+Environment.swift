import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// What this process's environment says of the reader: the clock (`JOURNAL_NOW` pins it), the zone (`TZ`),
/// the user's folders (XDG), the author git falls back on. The one place these are read, for the command
/// line and the server alike; what a long-lived server asks on every request (its clock, the config file's
/// place) is read once.
extension JournalContext {
    static func environment(_ name: String) -> String? {
        guard let value = getenv(name) else { return nil }
        return String(cString: value)
    }

    /// `$HOME`.
    public static var home: String { environment("HOME") ?? NSHomeDirectory() }

    /// The user's config folder: `$XDG_CONFIG_HOME` when it is an absolute path (the XDG rule), else `~/.config`.
    public static var configHome: String {
        if let base = environment("XDG_CONFIG_HOME"), base.hasPrefix("/") { return base }
        return home + "/.config"
    }

    /// The user's config file: `journal/config.yml` in `configHome` (read once: the process's environment does
    /// not change under it).
    public static let userConfigFile = configHome + "/journal/config.yml"

    /// jrnl's config file, where jrnl 4 looks for it (jrnl/install.py `find_default_config`): `jrnl/jrnl.yaml` in
    /// `configHome`, else, when only that is there, the older `~/.jrnl_config`.
    public static var jrnlConfigFile: String {
        let file = configHome + "/jrnl/jrnl.yaml"
        let older = home + "/.jrnl_config"
        return !FileSystem.exists(file) && FileSystem.exists(older) ? older : file
    }

    /// A path as jrnl makes one of its config's (`os.path.abspath(expanduser(expandvars(path)))`): `$NAME` and
    /// `${NAME}` of the environment (left as written when unset), a leading `~` the home folder, and a
    /// relative path from `folder`.
    public static func expandingUserPath(_ path: String, from folder: String) -> String {
        var out = ""
        let s = Array(path)
        var i = 0
        while i < s.count {
            guard s[i] == "$", i + 1 < s.count else {
                out.append(s[i])
                i += 1
                continue
            }
            let braced = s[i + 1] == "{"
            var j = braced ? i + 2 : i + 1
            var name = ""
            while j < s.count, s[j].isASCII, s[j].isLetter || s[j].isNumber || s[j] == "_" {
                name.append(s[j])
                j += 1
            }
            if braced {
                guard j < s.count, s[j] == "}" else {
                    out.append(s[i])
                    i += 1
                    continue
                }
                j += 1
            }
            if !name.isEmpty, let value = environment(name) {
                out += value
                i = j
            } else {
                out.append(s[i])
                i += 1
            }
        }
        if out == "~" || out.hasPrefix("~/") { out = home + out.dropFirst() }
        return out.hasPrefix("/") ? out : folder + "/" + out
    }

    /// `JOURNAL_NOW`, when set: then it stamps the commits too, so that no comparison mixes it with the real clock.
    public static let pinnedNow: Date? = {
        guard let text = environment("JOURNAL_NOW") else { return nil }
        return Timestamp.parse(text, zone: environmentTimeZone)?.date
    }()

    /// This program's file (`/proc/self/exe`); nil where there is no /proc.
    public static let programPath = FileSystem.linkTarget("/proc/self/exe")

    /// This build of the program, as a cache may name what made it: its file's size and time of change.
    static var programIdentity: String? {
        guard let path = programPath else { return nil }
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return "\(path) \(info.st_size) \(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)"
    }

    /// The user's cache folder: `$XDG_CACHE_HOME` when it is an absolute path, else `~/.cache`.
    static var cacheHome: String {
        if let base = environment("XDG_CACHE_HOME"), base.hasPrefix("/") { return base }
        return home + "/.cache"
    }

    /// `environmentTimeZone`, once: the zone of a context that sets none.
    static let processTimeZone = environmentTimeZone

    /// `TZ` (with or without its leading colon), else the system's zone.
    public static var environmentTimeZone: TimeZone {
        if let name = environment("TZ"), let zone = TimeZone(identifier: name.hasPrefix(":") ? String(name.dropFirst()) : name) {
            return zone
        }
        return TimeZone.current
    }

    /// The context the environment describes, for a program at `executable`: the clock, the zone, the author
    /// git falls back on, the writers' lock's patience (`JOURNAL_LOCK_TIMEOUT`), the keys' and attributes'
    /// folders, whether to ask a running server (`JOURNAL_SERVE=off` walks the files instead).
    public static func fromEnvironment(executable: String = "journal") -> JournalContext {
        let user = environment("USER") ?? environment("LOGNAME") ?? "journal"
        var host = [CChar](repeating: 0, count: 256)
        let hostname = gethostname(&host, host.count) == 0
            ? String(decoding: host.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) : "localhost"
        let pinned = pinnedNow
        var context = JournalContext(
            now: pinned ?? Date(), commitTime: pinned, timeZone: nil,
            fallbackAuthor: Author(name: user, email: "\(user)@\(hostname.isEmpty ? "localhost" : hostname)"))
        if let text = environment("JOURNAL_LOCK_TIMEOUT"), let seconds = TimeInterval(text), seconds >= 0 {
            context.lockTimeout = seconds
        }
        context.keysFolder = configHome + "/journal/keys"
        context.userGitAttributes = configHome + "/git/attributes"
        context.asksServer = environment("JOURNAL_SERVE") != "off"
        context.executable = executable
        return context
    }

    /// How to reach remotes, as the environment and the user's config say: the token for https
    /// (`JOURNAL_GIT_TOKEN`, else `git.token`), ssh's keys, agent and known hosts, the user name. For `sync` and
    /// `clone`, and the server's own sync.
    public static func credentials(gitToken: String?, acceptNewHost: Bool) -> Credentials {
        let token = environment("JOURNAL_GIT_TOKEN").flatMap { $0.isEmpty ? nil : $0 } ?? gitToken
        let ssh = home + "/.ssh"
        return Credentials(
            token: token, sshKeyFiles: [ssh + "/id_ed25519", ssh + "/id_ecdsa", ssh + "/id_rsa"], agentSocket: environment("SSH_AUTH_SOCK"),
            sshUser: environment("USER") ?? NSUserName(), knownHostsFiles: [ssh + "/known_hosts", "/etc/ssh/ssh_known_hosts"],
            acceptNewHost: acceptNewHost)
    }

    /// What the kit needs to ask for weather: the user's config, with the environment winning
    /// (`JOURNAL_WEATHER_URL`, `JOURNAL_OPEN_METEO_URL`, `JOURNAL_WEATHER_ARCHIVE_URL`, `JOURNAL_GEOCODING_URL`,
    /// `OPENWEATHER_API_KEY`); `language` names places and describes weather, `now` decides between current
    /// weather and history. For `journal add` and the web view's add alike.
    public static func weatherSettings(_ config: UserConfig, language: String?, now: Date) throws(JournalError) -> WeatherSettings {
        func url(_ variable: String, _ configured: URL?) throws(JournalError) -> URL? {
            guard let text = environment(variable), !text.isEmpty else { return configured }
            guard let url = URL(string: text), ["http", "https"].contains(url.scheme?.lowercased() ?? ""), url.host != nil else {
                throw JournalError.invalid(Say.badEnvironmentURL(variable, text))
            }
            return url
        }
        let key = environment("OPENWEATHER_API_KEY").flatMap { $0.isEmpty ? nil : $0 } ?? config.apiKey
        return WeatherSettings(
            provider: config.provider, url: try url("JOURNAL_WEATHER_URL", config.url),
            openMeteoURL: try url("JOURNAL_OPEN_METEO_URL", config.openMeteoURL),
            archiveURL: try url("JOURNAL_WEATHER_ARCHIVE_URL", config.archiveURL),
            geocodingURL: try url("JOURNAL_GEOCODING_URL", config.geocodingURL), apiKey: key, language: language, now: now)
    }
}
