import Foundation

/// Dates, weekdays and category names as shown, written from the catalogue by hand: no ICU
/// DateFormatter (it costs milliseconds at start-up) for the languages that have a catalogue.
extension Say {
    /// The most terminal cells a title takes where a line shows it: a column of `list`, a heading, a
    /// summary or a prompt (`show` has it whole). A Korean syllable or an emoji takes two.
    public static let titleCells = 60

    /// A title as such a line shows it: cut between characters to `titleCells` cells and ended with `…`,
    /// or the word for an entry without one.
    public static func shownTitle(_ title: String) -> String {
        title.isEmpty ? untitledDisplay : clipped(title, toWidth: titleCells)
    }

    /// A one-line message `message` holding `title`, the title cut (as `shownTitle` does) so that the whole
    /// line takes fewer than `width` cells, leaving the cursor room after a question; never under 10 cells.
    public static func line(fitting width: Int, title: String, _ message: (String) -> String) -> String {
        guard !title.isEmpty else { return message(untitledDisplay) }
        let room = max(10, min(titleCells, width - 1 - displayWidth(message(""))))
        return message(clipped(title, toWidth: room))
    }

    /// `2026. 11. 24. 오전 2:43`: a date and time in the catalogue's `dateTime` form.
    public static func dateTime(year: Int, month: Int, day: Int, hour: Int, minute: Int, in language: String = Say.current) -> String {
        clockText("dateTime", year: year, month: month, day: day, hour: hour, minute: minute, in: language)
    }

    /// A date and time as a diary's page shows it: `11월 28일 (토) 오후 6:22`, the year too when it is not
    /// `thisYear` (`2025년 11월 28일 (금) 오후 6:22`); in English the command line's `11/28/2026 6:22 PM` with the
    /// weekday before it (`Sat 11/28 6:22 PM`). In the stamp's own local time, as the writer lived it.
    public static func pageDateTime(_ stamp: Timestamp, thisYear: Int, in language: String = Say.current) -> String {
        let p = stamp.parts
        let twelve = p.hour % 12 == 0 ? 12 : p.hour % 12
        let weekday = text(in: language, "web.weekday.\(stamp.localDay.isoWeekday)", [])
        return text(in: language, p.year == thisYear ? "web.dateTime" : "web.dateTimeYear", [
            p.year, p.month, p.day, text(in: language, p.hour < 12 ? "am" : "pm", []), twelve, p.minute.zeroPadded(2), weekday,
        ])
    }

    /// `2026년 11월 24일`: the `{{date}}` of an entry template.
    public static func templateDate(year: Int, month: Int, day: Int) -> String {
        clockText("templateDate", year: year, month: month, day: day, hour: 0, minute: 0)
    }

    /// `오후 9:30`: the `{{time}}` of an entry template.
    public static func templateTime(hour: Int, minute: Int) -> String {
        clockText("templateTime", year: 0, month: 0, day: 0, hour: hour, minute: minute)
    }

    /// `화요일`; 1 is Monday, as in ISO 8601.
    public static func weekday(iso: Int) -> String {
        (1...7).contains(iso) ? text("weekday.\(iso)") : ""
    }

    /// A category as shown: a built-in one in the current language (`work` → `업무`, and `일상` written
    /// by hand → `stuff` under English); entries and journal.yml keep the stored name, and any other name is
    /// shown as it is.
    public static func categoryName(_ name: String, in language: String = Say.current) -> String {
        let table = Catalogues.table(language)
        if let shown = table?["category." + name] { return shown }
        guard let key = Settings.builtInNames.first(where: { $0.value.contains(name) })?.key else { return name }
        return table?["category." + key] ?? key
    }

    private static func clockText(_ key: String, year: Int, month: Int, day: Int, hour: Int, minute: Int, in language: String = Say.current) -> String {
        let twelve = hour % 12 == 0 ? 12 : hour % 12
        return text(in: language, key, [year, month, day, text(in: language, hour < 12 ? "am" : "pm", []), twelve, minute.zeroPadded(2), hour.zeroPadded(2)])
    }
}
