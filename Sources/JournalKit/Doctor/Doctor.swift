import Foundation
import GRDB
import Git

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What `journal doctor` is handed by the command line: the kit reads no environment of its own.
public struct DoctorInputs: Sendable {
    /// The journal folder, as every command finds it (`--journal`, `$JOURNAL_DIR`, `~/journal`).
    public var journalPath: String
    public var context: JournalContext
    /// How to reach the remotes (no host is ever accepted on the doctor's behalf).
    public var credentials: Credentials
    /// The weather settings; nil with the reason when the user's config cannot be read.
    public var weather: Result<WeatherSettings, JournalError>
    /// The language messages are in, and the locale the terminal's programs run under (the first of
    /// LC_ALL, LC_CTYPE, LANG that is set; nil for none).
    public var language: String
    public var locale: String?
    /// `fs.inotify.max_user_watches`; nil where there is no such setting (not Linux).
    public var inotifyWatchLimit: Int?

    public init(journalPath: String, context: JournalContext, credentials: Credentials,
                weather: Result<WeatherSettings, JournalError>, language: String, locale: String?, inotifyWatchLimit: Int?) {
        self.journalPath = journalPath
        self.context = context
        self.credentials = credentials
        self.weather = weather
        self.language = language
        self.locale = locale
        self.inotifyWatchLimit = inotifyWatchLimit
    }
}

/// One thing the doctor looked at: what it found, in the user's language, and how to fix it.
public struct DoctorFinding: Sendable, Equatable {
    public enum Status: Sendable, Equatable {
        /// Nothing to do.
        case ok
        /// It was wrong and the doctor put it right (the index rebuilt, a killed run's lock cleared).
        case fixed
        /// It needs the user: `fix` says how.
        case problem
        /// Nothing the user can fix now: a network service that does not answer (the machine may be offline).
        /// The summary says what happens meanwhile, `fix` what helps once it answers; the exit status stays 0.
        case note
    }

    /// Which check this is (`journal`, `git-identity`, `index`, `lock`, `remote`, `tracking`, `encryption`,
    /// `weather`, `inotify`, `locale`): a stable name for scripts and tests, not translated.
    public var check: String
    public var status: Status
    /// One line: what was found.
    public var summary: String
    /// One line: what to do about it (for problems).
    public var fix: String?

    public init(check: String, status: Status, summary: String, fix: String? = nil) {
        self.check = check
        self.status = status
        self.summary = summary
        self.fix = fix
    }
}

extension DoctorFinding.Status {
    /// Whether the user must act: only a problem makes `journal doctor` exit 1. A note (a network service that
    /// does not answer now) and a finding put right do not.
    public var needsTheUser: Bool { self == .problem }
}

/// `journal doctor`: every check, run in order, each saying what it found. A check is one function of
/// `Doctor.Examination` returning its findings; a new one is one more function and
/// one more line in `checks`.
public enum Doctor {
    /// What the checks share: the inputs and the journal, when it could be opened.
    struct Examination {
        let inputs: DoctorInputs
        let journal: Journal?
    }

    /// The checks, in the order they are shown. Those that need the journal return nothing without one.
    static var checks: [(Examination) -> [DoctorFinding]] {
        [gitIdentity, index, locks, links, objects, remotes, encryption, weather, inotify, locale]
    }

    /// Runs every check; the journal is opened first (a journal that cannot be opened is the first finding).
    public static func examine(_ inputs: DoctorInputs) -> [DoctorFinding] {
        var findings: [DoctorFinding] = []
        var journal: Journal?
        var context = inputs.context
        // What opening the journal clears up after a killed run (its lock files) is a finding of its own.
        let notices = NoticeLog()
        context.notice = { notices.append($0) }
        do {
            journal = try Journal.open(at: inputs.journalPath, context: context)
            findings.append(DoctorFinding(check: "journal", status: .ok, summary: Say.text("doctor.journal", inputs.journalPath)))
        } catch .unfinishedClone(let path, let clone) where clone.fetched {
            // A clone stopped during its checkout: finished from what is here (no network needed).
            do {
                let finished = try Journal.finishClone(at: path, context: context)
                journal = finished.journal
                findings.append(DoctorFinding(check: "journal", status: .fixed,
                                              summary: Say.finishedClone(clone.url ?? "HEAD", path, try finished.journal.entryCount(),
                                                                         missing: finished.written)))
            } catch {
                findings.append(DoctorFinding(check: "journal", status: .problem, summary: error.description))
            }
        } catch {
            let fix: String? = switch error {
            case .noJournal, .notAJournal: Say.text("doctor.journalFix", inputs.journalPath)
            default: nil
            }
            findings.append(DoctorFinding(check: "journal", status: .problem, summary: error.description, fix: fix))
        }
        findings += notices.drain().map { DoctorFinding(check: "lock", status: .fixed, summary: $0) }
        let examination = Examination(inputs: inputs, journal: journal)
        for check in checks {
            findings += check(examination)
            findings += notices.drain().map { DoctorFinding(check: "lock", status: .fixed, summary: $0) }
        }
        return findings
    }

    // MARK: Git identity

    /// Commits are authored from user.name and user.email; without them, from `$USER@host`.
    static func gitIdentity(_ exam: Examination) -> [DoctorFinding] {
        guard let journal = exam.journal, let repository = try? journal.repository else { return [] }
        let name = repository.configString("user.name")?.trimmingCharacters(in: .whitespaces) ?? ""
        let email = repository.configString("user.email")?.trimmingCharacters(in: .whitespaces) ?? ""
        if !name.isEmpty, !email.isEmpty {
            return [DoctorFinding(check: "git-identity", status: .ok, summary: Say.text("doctor.identity", name, email))]
        }
        let fallback = exam.inputs.context.fallbackAuthor
        return [DoctorFinding(
            check: "git-identity", status: .problem,
            summary: Say.text("doctor.identityMissing", name.isEmpty ? "user.name" : "user.email", "\(fallback.name) <\(fallback.email)>"),
            fix: Say.text("doctor.identityFix"))]
    }

    // MARK: The index

    /// The snapshot under `.git/journal/`: one this version cannot read, or a damaged one, is rebuilt; one
    /// behind the files is brought up to date (as every command does), and says how far behind it was.
    static func index(_ exam: Examination) -> [DoctorFinding] {
        guard let journal = exam.journal else { return [] }
        let path = journal.stateFolder + "/index.sqlite"
        var found: (status: DoctorFinding.Status, why: String?) = (.ok, nil)
        if !FileSystem.exists(path) {
            found = (.fixed, Say.text("doctor.indexMissing"))
        } else if let damage = EntryIndex.damage(at: path) {
            EntryIndex.removeFiles(path)
            found = (.fixed, damage)
        }
        do {
            let changes = try journal.index().refresh(root: journal.root, read: journal.reader, settle: journal.settleDate)
            let count = try journal.entryCount()
            if let why = found.why {
                return [DoctorFinding(check: "index", status: .fixed, summary: Say.plural("doctor.indexRebuilt", count, why, count))]
            }
            if changes.reread > 0 {
                return [DoctorFinding(check: "index", status: .ok, summary: Say.plural("doctor.indexCaughtUp", changes.reread, changes.reread))]
            }
            return [DoctorFinding(check: "index", status: .ok, summary: Say.plural("doctor.indexCurrent", count, count))]
        } catch {
            return [DoctorFinding(
                check: "index", status: .problem, summary: error.description, fix: Say.text("doctor.indexFix", path))]
        }
    }

    // MARK: Locks

    /// git's lock files that no process holds: a git command or a `journal` killed in the middle of a write
    /// left them, and every commit fails while they are there. Opening the journal has already removed those
    /// a killed `journal` left (they show as fixed); what is left may be a git program's, so it is reported,
    /// with the command that removes it, once it is a minute old and no process has it open.
    static func locks(_ exam: Examination) -> [DoctorFinding] {
        guard let journal = exam.journal else { return [] }
        let now = Date()
        var findings: [DoctorFinding] = []
        for lock in journal.gitLockFiles() {
            let full = journal.gitdir + "/" + lock
            guard let made = FileSystem.modificationTime(full), now.timeIntervalSince(made) >= 60,
                !FileSystem.isOpenByAnyProcess(full)
            else { continue }
            findings.append(DoctorFinding(
                check: "lock", status: .problem, summary: Say.text("doctor.staleLock", full, Int(now.timeIntervalSince(made) / 60)),
                fix: Say.text("doctor.staleLockFix", shellQuoted(full))))
        }
        return findings.isEmpty ? [DoctorFinding(check: "lock", status: .ok, summary: Say.text("doctor.noLocks"))] : findings
    }

    // MARK: Links

    /// Symbolic links among the entries and attachments (a `git pull` can bring them): never read, so not in
    /// any list; named here, so that an entry missing from the lists is explained. Nothing when there are none.
    static func links(_ exam: Examination) -> [DoctorFinding] {
        guard let journal = exam.journal else { return [] }
        var found: [String] = []
        for folder in [Journal.entriesFolder, Journal.attachmentsFolder] {
            let full = journal.root + "/" + folder
            if FileSystem.isLink(full) { found.append(folder) }
            guard FileSystem.isRealFolder(full) else { continue }
            found += FileSystem.files(under: full, relativeTo: journal.root).filter { FileSystem.isLink(journal.root + "/" + $0) }
        }
        guard !found.isEmpty else { return [] }
        let named = found.sorted().prefix(5).map { ControlCharacters.visible($0) }.joined(separator: ", ") + (found.count > 5 ? ", …" : "")
        return [DoctorFinding(
            check: "links", status: .problem, summary: Say.plural("doctor.links", found.count, found.count, named),
            fix: Say.text("doctor.linksFix"))]
    }

    // MARK: Remotes

    /// Each remote is reached (its branches listed, nothing fetched), and the branch's tracking checked:
    /// `git status` and `git pull` by hand need it to name a remote there is, and a branch that remote has.
    static func remotes(_ exam: Examination) -> [DoctorFinding] {
        guard let journal = exam.journal, let repository = try? journal.repository else { return [] }
        let remotes = (try? repository.remotes()) ?? []
        guard !remotes.isEmpty else {
            return [DoctorFinding(check: "remote", status: .ok, summary: Say.text("doctor.noRemotes"))]
        }
        var findings: [DoctorFinding] = []
        var branchesOf: [String: [String]] = [:]
        for remote in remotes {
            do {
                let branches = try repository.remoteBranches(remote: remote.name, access: exam.inputs.credentials.access)
                branchesOf[remote.name] = branches
                findings.append(DoctorFinding(check: "remote", status: .ok, summary: Say.text("doctor.remoteReached", remote.name, remote.url)))
            } catch let error as GitError where error.isNetworkFailure && Repository.localPath(ofRemoteURL: remote.url) == nil {
                // The network does not answer (offline, a host that is down): entries wait here for the next sync.
                findings.append(DoctorFinding(
                    check: "remote", status: .note, summary: Say.text("doctor.remoteOffline", remote.name, remote.url, error.message),
                    fix: Say.text("doctor.remoteOfflineHint", remote.name)))
            } catch {
                let why: String
                if let path = Repository.localPath(ofRemoteURL: remote.url), !FileSystem.exists(path) {
                    why = Say.text("doctor.remoteNoFolder", path)
                } else if let failure = error as? RemoteFailure {
                    why = Say.remoteFailed(RemoteProblem(failure))
                } else {
                    why = (error as? GitError)?.message ?? "\(error)"
                }
                let fix = if case .unknownHost = error as? RemoteFailure {
                    Say.text("doctor.remoteHostFix", remote.name)
                } else {
                    Say.text("doctor.remoteFix", remote.name)
                }
                findings.append(DoctorFinding(
                    check: "remote", status: .problem, summary: Say.text("doctor.remoteUnreachable", remote.name, remote.url, why), fix: fix))
            }
        }
        guard case .some(.some(let branch)) = try? repository.currentBranch() else { return findings }
        let names = remotes.map(\.name)
        if let upstream = repository.upstream(of: branch) {
            if !names.contains(upstream.remote) {
                findings.append(DoctorFinding(
                    check: "tracking", status: .problem, summary: Say.text("doctor.trackingNoRemote", branch, upstream.remote),
                    fix: Say.text("doctor.trackingFix", branch, names.contains("origin") ? "origin" : names[0])))
            } else if let branches = branchesOf[upstream.remote], !branches.contains(upstream.branch) {
                findings.append(DoctorFinding(
                    check: "tracking", status: .problem,
                    summary: Say.text("doctor.trackingNoBranch", branch, upstream.remote + "/" + upstream.branch),
                    fix: Say.text("doctor.trackingFix", branch, upstream.remote)))
            } else if branchesOf[upstream.remote] != nil {
                findings.append(DoctorFinding(
                    check: "tracking", status: .ok, summary: Say.text("doctor.tracking", branch, upstream.remote + "/" + upstream.branch)))
            }
        } else if let remote = names.contains("origin") ? "origin" : (names.count == 1 ? names[0] : nil),
            branchesOf[remote]?.contains(branch) == true
        {
            findings.append(DoctorFinding(
                check: "tracking", status: .problem, summary: Say.text("doctor.trackingNone", branch, remote + "/" + branch),
                fix: Say.text("doctor.trackingNoneFix", remote)))
        }
        return findings
    }

    // MARK: Encryption

    static func encryption(_ exam: Examination) -> [DoctorFinding] {
        guard let journal = exam.journal else { return [] }
        let status = journal.encryptionStatus()
        guard let marker = status.marker else {
            return [DoctorFinding(check: "encryption", status: .ok, summary: Say.text("doctor.encryptionOff"))]
        }
        // Changes a remote brought without the key wait for the person's word.
        let held = Say.heldLines(journal.heldChanges()).map {
            DoctorFinding(check: "encryption", status: .problem, summary: $0, fix: Say.text("doctor.heldFix"))
        }
        if status.keyPresent {
            return [DoctorFinding(check: "encryption", status: .ok, summary: Say.text("doctor.encryptionOn", marker.keyID))] + held
        }
        return [DoctorFinding(
            check: "encryption", status: .problem,
            summary: Say.text("doctor.encryptionNoKey", marker.keyID, status.keyPath ?? "?"), fix: Say.text("doctor.encryptionFix"))] + held
    }

    // MARK: Weather

    /// One request to the weather provider, with the time limit `add` gives it: any answer means it is
    /// there (a refused key is its own problem).
    static func weather(_ exam: Examination) -> [DoctorFinding] {
        let settings: WeatherSettings
        switch exam.inputs.weather {
        case .success(let value): settings = value
        case .failure(let error):
            return [DoctorFinding(check: "weather", status: .problem, summary: error.description, fix: Say.text("doctor.configFix"))]
        }
        let host = HTTPClient.hostName(settings.url)
        if settings.provider == .openWeather, (settings.apiKey ?? "").isEmpty {
            return [DoctorFinding(
                check: "weather", status: .problem, summary: Say.text("doctor.weatherNoKey"), fix: Say.text("doctor.weatherKeyFix"))]
        }
        do {
            let reply = try HTTPClient().get(settings.url, timeout: max(settings.budget, 2))
            if settings.provider == .openWeather, reply.status == 401 {
                return [DoctorFinding(
                    check: "weather", status: .problem, summary: Say.text("doctor.weatherKeyRefused", host),
                    fix: Say.text("doctor.weatherKeyFix"))]
            }
            return [DoctorFinding(check: "weather", status: .ok, summary: Say.text("doctor.weatherReached", settings.provider.rawValue, host))]
        } catch {
            // No answer is the network's (a plane, a train): entries are saved without weather meanwhile, and
            // `weather --missing` fills it in later. Nothing for the user to fix, so a note, not a problem.
            return [DoctorFinding(
                check: "weather", status: .note, summary: Say.text("doctor.weatherUnreachable", settings.provider.rawValue, error.description),
                fix: Say.text("doctor.weatherFix"))]
        }
    }

    // MARK: inotify

    /// `journal serve` watches every folder of the journal; the user's watches are shared with every other
    /// program (editors, file managers), so a thousand are left for them.
    static let watchesLeftForOthers = 1000

    static func inotify(_ exam: Examination) -> [DoctorFinding] {
        guard let journal = exam.journal, let limit = exam.inputs.inotifyWatchLimit else { return [] }
        let folders = journal.folderCount()
        let needed = folders + watchesLeftForOthers
        if needed <= limit {
            return [DoctorFinding(check: "inotify", status: .ok, summary: Say.text("doctor.watches", folders, limit))]
        }
        let suggested = max(524_288, needed * 2)
        return [DoctorFinding(
            check: "inotify", status: .problem, summary: Say.text("doctor.watchesLow", limit, folders),
            fix: Say.text("doctor.watchesFix", suggested))]
    }

    // MARK: Locale

    /// Messages in Korean need a UTF-8 locale that is installed, or less and editors show them as codes;
    /// any locale named must be installed (else programs fall back to C without a word).
    static func locale(_ exam: Examination) -> [DoctorFinding] {
        let language = exam.inputs.language
        let name = exam.inputs.locale ?? ""
        let plain = name.isEmpty || name == "C" || name == "POSIX"
        let suggested = language == "en" ? "C.UTF-8" : Say.text("doctor.localeFor")
        if !plain, !localeInstalled(name) {
            return [DoctorFinding(
                check: "locale", status: .problem, summary: Say.text("doctor.localeMissing", name),
                fix: Say.text("doctor.localeInstallFix", name))]
        }
        if language != "en", plain || !isUTF8(name) {
            return [DoctorFinding(
                check: "locale", status: .problem, summary: Say.text("doctor.localeNotUTF8", plain ? "C" : name),
                fix: Say.text("doctor.localeSetFix", suggested))]
        }
        return [DoctorFinding(check: "locale", status: .ok, summary: Say.text("doctor.locale", plain ? "C" : name, language))]
    }

    /// Whether the C library has the locale `name` (`locale -a` lists them).
    static func localeInstalled(_ name: String) -> Bool {
        guard let handle = newlocale(1 << LC_CTYPE, name, nil) else { return false }
        freelocale(handle)
        return true
    }

    /// A path as a shell reads it, for a fix to paste.
    static func shellQuoted(_ path: String) -> String {
        path.allSatisfy { $0.isLetter || $0.isNumber || "/._-+".contains($0) } ? path : "'" + path.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    static func isUTF8(_ name: String) -> Bool {
        let codeset = name.split(separator: ".").dropFirst().first?.split(separator: "@").first?.lowercased() ?? ""
        return codeset == "utf-8" || codeset == "utf8"
    }
}

/// Notices a journal gives while the doctor works (a killed run's lock removed), kept for its screen.
private final class NoticeLog: @unchecked Sendable {
    private let lock = NSLock()
    private var pending: [String] = []

    func append(_ line: String) { lock.withLock { pending.append(line) } }

    /// The notices since the last call.
    func drain() -> [String] {
        lock.withLock {
            defer { pending = [] }
            return pending
        }
    }
}

extension EntryIndex {
    /// Why the snapshot at `path` cannot be used as it is, without changing it: not an SQLite file, a format
    /// this version does not read, or pages SQLite finds damaged. nil when it is sound.
    static func damage(at path: String) -> String? {
        guard let data = FileSystem.contents(path) else { return nil }
        let bytes = [UInt8](data.prefix(100))
        guard bytes.count == 100, bytes.starts(with: Array("SQLite format 3\0".utf8)) else { return Say.text("doctor.indexNotSQLite") }
        let version = Int(bytes[60]) << 24 | Int(bytes[61]) << 16 | Int(bytes[62]) << 8 | Int(bytes[63])
        if version != formatVersion { return Say.text("doctor.indexOldFormat", version, formatVersion) }
        do {
            var configuration = Configuration()
            configuration.readonly = true
            let queue = try DatabaseQueue(path: path, configuration: configuration)
            let verdict = try queue.read { db in try String.fetchAll(db, sql: "PRAGMA quick_check") }
            try queue.close()
            return verdict == ["ok"] ? nil : Say.text("doctor.indexDamaged", verdict.prefix(2).joined(separator: "; "))
        } catch {
            return Say.text("doctor.indexDamaged", describe(error))
        }
    }
}

extension Journal {
    /// The folders of the work tree (`.git` left out): what `journal serve` watches.
    func folderCount() -> Int {
        var count = 1
        guard let walker = FileManager.default.enumerator(atPath: root) else { return count }
        while let item = walker.nextObject() as? String {
            if item == ".git" {
                walker.skipDescendants()
                continue
            }
            if walker.fileAttributes?[.type] as? FileAttributeType == .typeDirectory { count += 1 }
        }
        return count
    }
}
