import Foundation
import JournalKit
import JournalWeb

/// `journal serve`'s server: `journal` runs this program (found beside itself) so that SwiftNIO is loaded
/// by the server alone. `journal-serve -J ROOT [--port N] [--listen ADDRESS] [--language CODE]`.
var options = WebServer.Options(root: "")
var arguments = CommandLine.arguments.dropFirst()
func fail(_ line: String) -> Never {
    FileHandle.standardError.write(Data(("journal-serve: " + line + "\n").utf8))
    exit(64)
}
while let word = arguments.popFirst() {
    guard let value = arguments.popFirst() else { fail("\(word) needs a value") }
    switch word {
    case "-J", "--journal": options.root = value
    case "--port":
        guard let port = Int(value), (0...65535).contains(port) else { fail(Say.text("serveBadPort", value)) }
        options.port = port
    case "--listen": options.address = value
    case "--language": options.language = Say.languages.contains(value) ? value : nil
    default: fail("unknown option \(word)")
    }
}
guard !options.root.isEmpty else { fail("give the journal with -J") }
if let language = options.language { Say.language = language }
do {
    try await WebServer.run(options)
} catch let error as JournalError {
    FileHandle.standardError.write(Data(("journal: " + error.description + "\n").utf8))
    exit(error.exitStatus)
} catch {
    FileHandle.standardError.write(Data(("journal: \(error)\n").utf8))
    exit(1)
}
