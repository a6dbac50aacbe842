import Foundation
import JournalKit

/// A journal key from `--key-file PATH`, else the recovery words typed on a terminal; nil when neither.
enum KeyInput {
    static func read(_ keyFile: String?) throws -> String? {
        if let keyFile {
            let path = Shell.absolute(keyFile)
            guard let data = FileManager.default.contents(atPath: path) else { throw JournalError.invalid(Say.unreadableKeyFile(path)) }
            return String(decoding: data, as: UTF8.self)
        }
        guard Terminal.stdinIsTerminal else { return nil }
        return Terminal.readHiddenLine(prompt: Say.recoveryWordsPrompt)
    }
}
