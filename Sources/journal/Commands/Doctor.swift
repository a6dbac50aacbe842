import ArgumentParser
import Foundation
import JournalKit

extension JournalCommand {
    struct Doctor: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "doctor",
            abstract: Help.text("help.Doctor.abstract"),
            discussion: Help.reflow(Say.text("help.Doctor.discussion")))

        @OptionGroup var options: GlobalOptions

        func run() throws {
            let weather: Result<WeatherSettings, JournalError>
            do {
                weather = .success(try UserSettings.weather(try UserSettings.load(creating: false)))
            } catch {
                weather = .failure((error as? JournalError) ?? .invalid((error as? any ReaderError)?.description ?? "\(error)"))
            }
            let inputs = DoctorInputs(
                journalPath: options.location.path, context: Shell.context(), credentials: try Network.access(acceptNewHost: false),
                weather: weather, language: Say.current, locale: Shell.localeForPrograms, inotifyWatchLimit: Shell.inotifyWatchLimit)
            let findings = JournalKit.Doctor.examine(inputs)
            let style = options.style
            let words = [Say.text("doctor.ok"), Say.text("doctor.fixed"), Say.text("doctor.problem"), Say.text("doctor.note")]
            let width = words.map(displayWidth).max() ?? 0
            var out = ""
            for finding in findings {
                let word: String
                switch finding.status {
                case .ok: word = style.green(padded(words[0], to: width))
                case .fixed: word = style.yellow(padded(words[1], to: width))
                case .problem: word = style.red(padded(words[2], to: width))
                case .note: word = style.cyan(padded(words[3], to: width))
                }
                out += word + "  " + finding.summary + "\n"
                if let fix = finding.fix, finding.status == .problem || finding.status == .note {
                    let label = Say.text(finding.status == .problem ? "doctor.fixLabel" : "doctor.hintLabel")
                    out += String(repeating: " ", count: width + 2) + style.dim(label) + " " + fix + "\n"
                }
            }
            let problems = findings.filter(\.status.needsTheUser).count
            let notes = findings.filter { $0.status == .note }.count
            let last = problems > 0 ? Say.plural("doctor.problems", problems, problems)
                : notes > 0 ? Say.plural("doctor.allWellNotes", notes, notes) : Say.text("doctor.allWell")
            out += "\n" + last + "\n"
            print(out, terminator: "")
            if problems > 0 { throw JournalError.declined }
        }
    }
}

extension Shell {
    /// The locale other programs (less, the editor) run under: the first of LC_ALL, LC_CTYPE, LANG that is set.
    static var localeForPrograms: String? {
        for name in ["LC_ALL", "LC_CTYPE", "LANG"] {
            if let value = env(name), !value.isEmpty { return value }
        }
        return nil
    }

    /// How many folders inotify may watch for this user (`fs.inotify.max_user_watches`); nil where there
    /// is no such setting. `JOURNAL_MAX_USER_WATCHES` stands in for it (the tests' way to a low limit).
    static var inotifyWatchLimit: Int? {
        if let text = env("JOURNAL_MAX_USER_WATCHES"), let value = Int(text) { return value }
        guard let data = FileManager.default.contents(atPath: "/proc/sys/fs/inotify/max_user_watches") else { return nil }
        return Int(String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
    }
}
