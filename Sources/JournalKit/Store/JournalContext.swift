import Foundation

/// What the command line hands the kit, so that the kit reads no environment and tests can fake it.
public struct JournalContext: Sendable {
    public var now: Date
    /// The time commits are stamped with when the clock is pinned (tests, demos); nil: the real time of each commit.
    /// Pinned or real, one clock drives both the entries' dates and the commits' times.
    public var commitTime: Date?
    /// The reader's zone: the one set, else the process's (`TZ`, else the system's), looked up on first use,
    /// since ICU's zone data costs a command that never needs a zone (`list`) a third of a millisecond.
    public var timeZone: TimeZone {
        get { chosenZone ?? JournalContext.processTimeZone }
        set { chosenZone = newValue }
    }
    private var chosenZone: TimeZone?
    /// The author when git's config names none.
    public var fallbackAuthor: Author
    /// How long a writer waits for another one to finish.
    public var lockTimeout: TimeInterval
    /// Where journal keys live (`$XDG_CONFIG_HOME/journal/keys`); nil: this machine keeps none.
    public var keysFolder: String?
    /// This program's path, which an encrypted journal's `.git/config` names as the git program's filter.
    public var executable = "journal"
    /// git's attributes file of the user (`$XDG_CONFIG_HOME/git/attributes`); nil: unknown.
    public var userGitAttributes: String?
    /// Whether to ask this journal's running server what changed instead of walking the files.
    public var asksServer = true
    /// The folder a path the user typed is relative to (nil: the journal's own).
    public var workingDirectory: String?
    /// Says something worth a line on stderr that is neither a result nor an error (a lock file
    /// removed after a killed run).
    public var notice: @Sendable (String) -> Void = { _ in }
    /// Hears, once, why the journal was read without writing anything (its disk is full, its file system
    /// read-only): a line for the end of a command that succeeds; a write fails with the reason instead.
    public var readingOnly: @Sendable (String) -> Void = { _ in }
    /// Called when a command that reads entries finds no server running for its journal (the journal's
    /// root and its state folder); the command line starts one there when `serve.auto` is set. The
    /// command does not wait for it: it walks the files itself this once.
    public var noServer: @Sendable (_ root: String, _ stateFolder: String) -> Void = { _, _ in }

    public init(
        now: Date, commitTime: Date? = nil, timeZone: TimeZone?, fallbackAuthor: Author, lockTimeout: TimeInterval = 15
    ) {
        self.now = now
        self.commitTime = commitTime
        chosenZone = timeZone
        self.fallbackAuthor = fallbackAuthor
        self.lockTimeout = lockTimeout
    }
}
