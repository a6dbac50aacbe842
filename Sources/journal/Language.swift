import Foundation
import JournalKit

/// Which catalogue the messages come from. `journal config set language ko|en` wins; without it the
/// environment decides, as gettext reads it: the first non-empty of LC_ALL, LC_MESSAGES and LANG
/// (`ko_KR.UTF-8` → Korean); C, POSIX or a language without a catalogue → English.
/// The setting beats the environment because it is the explicit choice (as git's config beats its
/// defaults): someone who set it wants it whatever LANG a terminal or a server happens to pass.
enum Language {
    static func choose() -> String {
        configured() ?? fromEnvironment()
    }

    static func fromEnvironment() -> String {
        for name in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            guard let value = Shell.env(name), !value.isEmpty else { continue }
            return Say.language(ofLocale: value) ?? "en"
        }
        return "en"
    }

    /// The `language` of the user's config; nil when unset, or when the file cannot be read (the
    /// commands that need the file report that; the language must not stop a command).
    static func configured() -> String? {
        UserConfig.language(at: UserSettings.path)
    }
}
