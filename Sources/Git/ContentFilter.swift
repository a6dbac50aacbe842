import CGit2
import Foundation

/// A two-way transform of file contents between the work tree and the object database, for the paths
/// that `.gitattributes` gives `filter=<name>` (what git calls a clean/smudge filter). Once installed for
/// a repository, every way this module moves bytes between the two goes through it: staging, hashing and
/// storing work-tree files and libgit2's checkouts (as a filter registered with libgit2), blobs stored
/// from memory (`tree(from:applying:)`), blobs read (`blobData`) and diffs of blobs (`unifiedDiff`).
public struct ContentFilter: Sendable {
    /// The filter's name in `.gitattributes` (`filter=<name>`).
    public let name: String
    /// Whether `path` (relative to the work tree) is filtered when stored from memory: the same rule as
    /// the attributes, which libgit2 checks itself for work-tree files.
    public let covers: @Sendable (String) -> Bool
    /// Work tree → object database ("clean").
    public let toStore: @Sendable (Data, String) throws -> Data
    /// Object database → work tree ("smudge"); called for every blob read, whatever its path, so it must
    /// leave bytes it did not make unchanged. The path is "" when the reader does not know it.
    public let toWorkTree: @Sendable (Data, String) throws -> Data
    /// A trailer line for every commit this module writes, from the commit's tree and parents (a keyed
    /// seal, for a repository whose blobs are sealed); nil: none.
    public let commitTrailer: (@Sendable (ObjectID, [ObjectID]) -> String?)?

    public init(name: String, covers: @escaping @Sendable (String) -> Bool,
                toStore: @escaping @Sendable (Data, String) throws -> Data,
                toWorkTree: @escaping @Sendable (Data, String) throws -> Data,
                commitTrailer: (@Sendable (ObjectID, [ObjectID]) -> String?)? = nil) {
        self.name = name
        self.covers = covers
        self.toStore = toStore
        self.toWorkTree = toWorkTree
        self.commitTrailer = commitTrailer
    }
}

/// The filters installed, by git directory: libgit2 calls one C function for every repository, which
/// finds the filter of the repository it is working in here.
final class ContentFilters: @unchecked Sendable {
    static let shared = ContentFilters()
    private let lock = NSLock()
    private var byGitdir: [String: ContentFilter] = [:]
    /// libgit2 keeps a pointer to each registered filter for the life of the process.
    private var registered: [String: UnsafeMutablePointer<git_filter>] = [:]

    func filter(forGitdir gitdir: String) -> ContentFilter? {
        lock.lock()
        defer { lock.unlock() }
        return byGitdir[gitdir]
    }

    func install(_ filter: ContentFilter?, gitdir: String) throws {
        lock.lock()
        defer { lock.unlock() }
        byGitdir[gitdir] = filter
        guard let filter, registered[filter.name] == nil else { return }
        let made = UnsafeMutablePointer<git_filter>.allocate(capacity: 1)
        made.initialize(to: git_filter())
        made.pointee.version = UInt32(GIT_FILTER_VERSION)
        made.pointee.attributes = UnsafePointer(strdup("filter=" + filter.name))
        made.pointee.check = contentFilterCheck
        made.pointee.apply = contentFilterApply
        try check(git_filter_register(filter.name, made, GIT_FILTER_DRIVER_PRIORITY), "register the \(filter.name) filter")
        registered[filter.name] = made
    }
}

/// The git directory libgit2 is filtering for, as `Repository.gitdir` spells it.
private func gitdir(of source: OpaquePointer?) -> String? {
    guard let repository = git_filter_source_repo(source), let raw = git_repository_path(repository) else { return nil }
    return String(cString: raw).droppingTrailingSlashes()
}

private let contentFilterCheck: git_filter_check_fn = { _, _, source, _ in
    guard let gitdir = gitdir(of: source), ContentFilters.shared.filter(forGitdir: gitdir) != nil else {
        return GIT_PASSTHROUGH.rawValue
    }
    return 0
}

private let contentFilterApply: git_filter_apply_fn = { _, _, to, from, source in
    guard let gitdir = gitdir(of: source), let filter = ContentFilters.shared.filter(forGitdir: gitdir), let from else {
        return GIT_PASSTHROUGH.rawValue
    }
    let path = git_filter_source_path(source).map { String(cString: $0) } ?? ""
    let input = from.pointee.ptr.map { Data(bytes: $0, count: from.pointee.size) } ?? Data()
    do {
        let output = git_filter_source_mode(source) == GIT_FILTER_TO_ODB
            ? try filter.toStore(input, path) : try filter.toWorkTree(input, path)
        return output.withUnsafeBytes { bytes in cgit2_buf_set(to, bytes.baseAddress, bytes.count) }
    } catch {
        git_error_set_str(Int32(GIT_ERROR_FILTER.rawValue), "\(error)")
        return -1
    }
}

extension Repository {
    /// Installs `filter` for this repository (every handle on its git directory, in this process), or
    /// removes the one installed (nil).
    public func install(_ filter: ContentFilter?) throws {
        try ContentFilters.shared.install(filter, gitdir: gitdir)
    }

    /// The filter installed for this repository, if any.
    var contentFilter: ContentFilter? { ContentFilters.shared.filter(forGitdir: gitdir) }

    /// Writes `key` = `value` into the repository's own config (`.git/config`), as `git config` does.
    public func setConfig(_ key: String, to value: String) throws {
        var config: OpaquePointer?
        try check(git_repository_config(&config, pointer), "open the config")
        defer { git_config_free(config) }
        try check(git_config_set_string(config, key, value), "set \(key)")
    }

    /// Checks out HEAD's tree into the work tree and the index, writing only files that are missing or
    /// unchanged (a fresh clone made without checkout). Filters apply whenever anything could ask for
    /// one; otherwise they are skipped, since looking up each file's attributes (a readlink and stats
    /// of every folder's `.gitattributes`, per file) was half of the checkout of 100,000 entries.
    public func checkOutHead() throws {
        var options = git_checkout_options()
        try check(git_checkout_options_init(&options, UInt32(GIT_CHECKOUT_OPTIONS_VERSION)), "check out HEAD")
        options.checkout_strategy = GIT_CHECKOUT_SAFE.rawValue | GIT_CHECKOUT_RECREATE_MISSING.rawValue
        if try !checkoutMayFilter() { options.disable_filters = 1 }
        try check(git_checkout_head(pointer, &options), "check out HEAD")
    }

    /// Whether a checkout of HEAD could run a filter: ours is installed (an encrypted journal), HEAD's
    /// tree has a top-level `.gitattributes`, the repository or the user has an attributes file, or
    /// the config converts line ends (`core.autocrlf` true, `core.eol` crlf). A `.gitattributes` in a
    /// sub-folder is not looked for: it could only ask for git's line-end or `ident` conversions,
    /// which change no entry's text.
    func checkoutMayFilter() throws -> Bool {
        if contentFilter != nil { return true }
        if let head = try head(), try blobID(of: ".gitattributes", at: head) != nil { return true }
        if attributesOutsideTheTree() || autocrlf() == "true" { return true }
        return configString("core.eol")?.lowercased() == "crlf"
    }

    /// `core.autocrlf`: "true" (in any of git's spellings of true), "input", or nil for false or unset.
    func autocrlf() -> String? {
        switch configString("core.autocrlf")?.lowercased() {
        case "true", "yes", "on", "1": return "true"
        case "input": return "input"
        default: return nil
        }
    }

    /// Whether the repository (`info/attributes`) or the user (`core.attributesFile`, else `userAttributesFile`,
    /// none when the caller names none) has an attributes file.
    func attributesOutsideTheTree() -> Bool {
        if FileManager.default.fileExists(atPath: gitdir + "/info/attributes") { return true }
        if let file = configString("core.attributesFile") { return !file.isEmpty }
        return userAttributesFile.map { FileManager.default.fileExists(atPath: $0) } ?? false
    }
}
