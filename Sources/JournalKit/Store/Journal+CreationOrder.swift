import Foundation
import GRDB

extension EntryIndex {
    /// The latest creation time of the entries created within the second starting at `second`
    /// (seconds since 1970), or nil when there are none: one step of the `created` index.
    func latestCreated(inSecondFrom second: TimeInterval) throws(JournalError) -> TimeInterval? {
        try read { db in
            try Double.fetchOne(
                db, sql: "SELECT max(created) FROM entry WHERE created >= ? AND created < ?", arguments: [second, second + 1])
        }
    }
}

extension Journal {
    /// When a new entry was made, as its file will say it. To the second, as always; but when entries
    /// already stand in that second, a millisecond after the latest of them, so that entries made one
    /// after another list in that order (newest first, `edit` with no id) on every machine, and after a
    /// clone: the order lives in the file, not in this machine's snapshot or clock.
    ///
    /// Why not the order of the commits that added the files: reading it back means walking history
    /// (a diff per commit) on every rebuild of the snapshot, which a clone of 100,000 entries cannot
    /// afford, and a file added by hand or by a merge has no single adding commit. A fraction written
    /// only when needed keeps every other `created_at` as it was, and costs one index lookup per add.
    func orderedCreation(_ stamp: Timestamp) throws(JournalError) -> Timestamp {
        let second = stamp.date.timeIntervalSince1970.rounded(.down)
        var time = second
        if let latest = try index().latestCreated(inSecondFrom: second) {
            time = ((latest * 1000).rounded() + 1) / 1000
        }
        return Timestamp(date: Date(timeIntervalSince1970: time), offsetSeconds: stamp.offsetSeconds)
    }
}
