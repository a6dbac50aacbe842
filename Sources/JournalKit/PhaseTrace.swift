import Foundation

/// Where a sync's time goes, for whoever measures it (bench/sync.sh, BENCHMARKS.md): with `JOURNAL_PHASES`
/// set, each mark prints one line on standard error, the milliseconds since the first mark of the process and
/// the phase just finished. Off by default, and then a mark costs one load of a constant. Nothing mutable is
/// shared: the start is a constant taken at the first mark, and each line says when, not how long since the last.
enum PhaseTrace {
    static let on = getenv("JOURNAL_PHASES") != nil
    private static let start = now()

    static func mark(_ phase: @autoclosure () -> String) {
        guard on else { return }
        let begun = start
        let line = String(format: "phase %8.1f ms  ", Double(now() - begun) / 1e6) + phase() + "\n"
        FileHandle.standardError.write(Data(line.utf8))
    }

    private static func now() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }
}
