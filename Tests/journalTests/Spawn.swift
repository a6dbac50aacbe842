import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The tests' one posix_spawn, for children that Foundation's Process cannot start as a person's
/// shell would (servers, a terminal session): the child starts with no signal blocked, every signal
/// handled by default, and no descriptor of the test process but those `stdio` sets up (0 to 2, or below
/// `kept`).
///
/// Closing the rest matters beyond tidiness: tests write scripts (fake editors) while other tests
/// start children, and Foundation writes files without O_CLOEXEC. A long-lived child that inherited
/// a script's open write descriptor makes every exec of that script fail with "Text file busy".
enum Spawn {
    static func start(
        _ program: String, _ arguments: [String], environment: [String: String], cwd: String? = nil,
        newProcessGroup: Bool, keeping kept: Int32 = 3, stdio: (inout posix_spawn_file_actions_t) -> Void
    ) throws -> pid_t {
        #if canImport(Glibc)
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        #else
        var actions: posix_spawn_file_actions_t = nil
        var attributes: posix_spawnattr_t = nil
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }

        stdio(&actions)
        var flags = Int32(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF)
        if newProcessGroup { flags |= Int32(POSIX_SPAWN_SETPGROUP) }
        #if canImport(Glibc)
        // glibc 2.34+ closes every other descriptor in the child; older ones get an explicit list.
        typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
        typealias ChangeDirectory =
            @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32
        if let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") {
            _ = unsafeBitCast(symbol, to: CloseFrom.self)(&actions, kept)
        } else {
            let open = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
            for fd in open.compactMap({ Int32($0) }) where fd >= kept { posix_spawn_file_actions_addclose(&actions, fd) }
        }
        if let cwd, let symbol = dlsym(nil, "posix_spawn_file_actions_addchdir_np") {
            _ = unsafeBitCast(symbol, to: ChangeDirectory.self)(&actions, cwd)
        }
        #else
        flags |= Int32(POSIX_SPAWN_CLOEXEC_DEFAULT)
        #endif
        posix_spawnattr_setflags(&attributes, Int16(flags))
        if newProcessGroup { posix_spawnattr_setpgroup(&attributes, 0) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        var allSignals = sigset_t()
        sigfillset(&allSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)

        let argv = ([program] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in argv + envp { free(pointer) } }
        var child: pid_t = 0
        let status = posix_spawn(&child, program, &actions, &attributes, argv, envp)
        guard status == 0 else {
            throw SandboxError("cannot start \(program): \(String(cString: strerror(status)))")
        }
        return child
    }
}
