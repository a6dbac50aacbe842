import CGit2
import CGitTLS
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One-time libgit2 initialisation (never shut down: the library lives as long as the process).
enum Library {
    static let initResult: Int32 = git_libgit2_init()

    static func ensureInitialized() throws {
        if initResult < 0 {
            throw GitError(operation: "initialise libgit2", code: initResult)
        }
    }

    /// The CA certificates libgit2 reads when it starts are loaded here instead, before the first network
    /// operation (see `CGitTLS`): a command that stays local never parses the system's CA bundle.
    static func loadCertificates() throws {
        try ensureInitialized()
        try check(cgittls_load_certificates(), "load the system's CA certificates")
    }
}

/// An open non-bare git repository; owns its libgit2 handle. Not thread-safe: use one per thread/task.
public final class Repository {
    let pointer: OpaquePointer
    /// Absolute path of the work tree, without trailing slash.
    public let workdir: String
    /// Absolute path of the git directory (usually `<workdir>/.git`), without trailing slash.
    public let gitdir: String
    /// A folder of the caller's inside the git folder, where this module may keep small records of its own
    /// (the index it wrote last); nil: it keeps none.
    public var privateFolder: String?
    /// git's attributes file of the user (`$XDG_CONFIG_HOME/git/attributes`), as the caller finds it; the
    /// checkout looks at it (and the config's `core.attributesFile`) to know whether a filter could apply.
    public var userAttributesFile: String?

    private init(adopting pointer: OpaquePointer, workdir: String, gitdir: String) {
        self.pointer = pointer
        self.workdir = workdir
        self.gitdir = gitdir
    }

    deinit {
        git_repository_free(pointer)
    }

    /// Call once per process before anything else touches the disk if you want fsync on (GIT_OPT_ENABLE_FSYNC_GITDIR); returns false if libgit2 refused.
    @discardableResult
    public static func enableFsync() -> Bool {
        guard (try? Library.ensureInitialized()) != nil else { return false }
        return cgit2_enable_fsync(1) == 0
    }

    /// True when `path` is the root of a non-bare work tree holding a repository (no discovery upwards).
    public static func isRepository(at path: String) -> Bool {
        (try? Repository(at: path)) != nil
    }

    /// Opens exactly the work tree rooted at `path` (GIT_REPOSITORY_OPEN_NO_SEARCH); throws if it is not one.
    public init(at path: String) throws {
        let opened = try Repository.open(path)
        self.pointer = opened.pointer
        self.workdir = opened.workdir
        self.gitdir = opened.gitdir
    }

    /// Like `git init`: creates `path` (and parents) if missing, non-bare, initial branch "main"; an existing repository there is opened untouched.
    public static func create(at path: String) throws -> Repository {
        try Library.ensureInitialized()
        if isRepository(at: path) {
            // Re-initialising with initial_head set would rewrite HEAD of an existing repository.
            return try Repository(at: path)
        }
        var options = git_repository_init_options()
        try check(git_repository_init_options_init(&options, UInt32(GIT_REPOSITORY_INIT_OPTIONS_VERSION)),
                  "create repository at '\(path)'")
        options.flags = GIT_REPOSITORY_INIT_MKPATH.rawValue | GIT_REPOSITORY_INIT_MKDIR.rawValue
        var created: OpaquePointer?
        let code = "main".withCString { head in
            options.initial_head = head
            defer { options.initial_head = nil }
            return git_repository_init_ext(&created, path, &options)
        }
        try check(code, "create repository at '\(path)'")
        guard let created else {
            throw GitError(operation: "create repository at '\(path)'", code: -1, message: "libgit2 returned no repository")
        }
        git_repository_free(created)
        return try Repository(at: path)
    }

    /// Opens `path` without searching upwards and checks it is the root of a non-bare work tree.
    private static func open(_ path: String) throws -> (pointer: OpaquePointer, workdir: String, gitdir: String) {
        try Library.ensureInitialized()
        let operation = "open repository"
        var opened: OpaquePointer?
        try check(git_repository_open_ext(&opened, path, GIT_REPOSITORY_OPEN_NO_SEARCH.rawValue, nil), operation)
        guard let pointer = opened else {
            throw GitError(operation: operation, code: -1, message: "libgit2 returned no repository for '\(path)'")
        }
        var keep = false
        defer { if !keep { git_repository_free(pointer) } }

        guard git_repository_is_bare(pointer) == 0, let rawWorkdir = git_repository_workdir(pointer) else {
            throw GitError(operation: operation, code: GIT_ENOTFOUND.rawValue,
                           message: "'\(path)' is a bare repository, not a work tree")
        }
        let workdir = String(cString: rawWorkdir).droppingTrailingSlashes()
        guard let requested = canonicalPath(path), requested == canonicalPath(workdir) else {
            throw GitError(operation: operation, code: GIT_ENOTFOUND.rawValue,
                           message: "'\(path)' is not the root of a work tree (its work tree is '\(workdir)')")
        }
        guard let rawGitdir = git_repository_path(pointer) else {
            throw GitError(operation: operation, code: -1, message: "no git directory for '\(path)'")
        }
        keep = true
        return (pointer, workdir, String(cString: rawGitdir).droppingTrailingSlashes())
    }

    private static func canonicalPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// The operation in progress (merge, rebase…), from the files in the git directory.
    /// True when HEAD names a commit rather than a branch (after `git checkout <commit>`).
    public var isHeadDetached: Bool { git_repository_head_detached(pointer) == 1 }

    public var state: RepositoryState {
        RepositoryState(raw: git_repository_state(pointer))
    }

    /// The commit HEAD points to; nil when HEAD is unborn (no commit yet).
    public func head() throws -> ObjectID? {
        let unborn = try check(git_repository_head_unborn(pointer), "read HEAD")
        if unborn == 1 { return nil }
        var oid = git_oid()
        try check(git_reference_name_to_id(&oid, pointer, "HEAD"), "read HEAD")
        return ObjectID(oid)
    }

    /// Value of a config key (all levels libgit2 reads: repository, global, XDG, system); nil when unset or unreadable.
    public func configString(_ key: String) -> String? {
        var config: OpaquePointer?
        guard git_repository_config(&config, pointer) == 0, let config else { return nil }
        defer { git_config_free(config) }
        return Repository.string(key, in: config)
    }

    /// user.name/user.email from the repository's git config (like git_signature_default), each falling back to `fallback` when missing or empty.
    public func defaultSignature(fallback: Signature) -> Signature {
        var config: OpaquePointer?
        guard git_repository_config(&config, pointer) == 0, let config else { return fallback }
        defer { git_config_free(config) }
        return Repository.signature(in: config, fallback: fallback)
    }

    /// Same as `defaultSignature` but reading only the single config file at `path` (used by tests to avoid global config).
    static func signature(configFile path: String, fallback: Signature) -> Signature {
        guard (try? Library.ensureInitialized()) != nil else { return fallback }
        var config: OpaquePointer?
        guard git_config_open_ondisk(&config, path) == 0, let config else { return fallback }
        defer { git_config_free(config) }
        return signature(in: config, fallback: fallback)
    }

    private static func signature(in config: OpaquePointer, fallback: Signature) -> Signature {
        func value(_ key: String) -> String? {
            guard let text = string(key, in: config)?.trimmingCharacters(in: .whitespaces), !text.isEmpty else {
                return nil
            }
            return text
        }
        return Signature(name: value("user.name") ?? fallback.name, email: value("user.email") ?? fallback.email)
    }

    private static func string(_ key: String, in config: OpaquePointer) -> String? {
        var buffer = git_buf()
        defer { git_buf_dispose(&buffer) }
        guard git_config_get_string_buf(&buffer, config, key) == 0, let raw = buffer.ptr else { return nil }
        return String(cString: raw)
    }
}

@available(*, unavailable, message: "libgit2 handles must stay on one thread; open another Repository instead")
extension Repository: Sendable {}

extension Repository {
    /// Makes libgit2 read the system's, the user's and the XDG git config files from `folder` alone, for the whole
    /// process: tests that open repositories in-process then read no configuration of the machine's.
    public static func readConfiguration(onlyFrom folder: String) throws {
        try Library.ensureInitialized()
        for level in [GIT_CONFIG_LEVEL_SYSTEM, GIT_CONFIG_LEVEL_XDG, GIT_CONFIG_LEVEL_GLOBAL, GIT_CONFIG_LEVEL_PROGRAMDATA] {
            _ = try check(cgit2_set_search_path(Int32(level.rawValue), folder), "set where git's configuration is read")
        }
    }
}
