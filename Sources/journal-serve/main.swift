import Foundation
import JournalKit
import JournalWeb

/// `journal serve`'s server: `journal` runs this program (found beside itself) so that SwiftNIO is loaded
/// by the server alone. `journal-serve -J ROOT [--port N] [--listen ADDRESS] [--tls-cert FILE --tls-key FILE] [--behind-proxy]
/// [--language CODE] [--units metric|imperial]`.
var options = WebServer.Options(root: "")
var arguments = CommandLine.arguments.dropFirst()
func fail(_ line: String) -> Never {
    FileHandle.standardError.write(Data(("journal-serve: " + line + "\n").utf8))
    exit(64)
}
while let word = arguments.popFirst() {
    if word == "--behind-proxy" {
        options.behindProxy = true
        continue
    }
    guard let value = arguments.popFirst() else { fail("\(word) needs a value") }
    switch word {
    case "--tls-cert": options.certificateFile = value
    case "--tls-key": options.keyFile = value
    case "-J", "--journal": options.root = value
    case "--port":
        guard let port = Int(value), (0...65535).contains(port) else { fail(Say.text("serveBadPort", value)) }
        options.port = port
    case "--listen": options.address = value
    case "--units":
        guard let units = Units(rawValue: value) else { fail("--units is metric or imperial, not \(value)") }
        options.units = units
    case "--language": options.language = Say.languages.contains(value) ? value : nil
    default: fail("unknown option \(word)")
    }
}
guard !options.root.isEmpty else { fail("give the journal with -J") }
if let language = options.language { Say.language = language }
// Two malloc arenas, not glibc's eight per core: the server's threads (the event loops, Swift's pool, the
// mirror's watcher) each took one, and memory freed in one was kept there (26 MiB of 150 at 100,000 entries
// after a load of searches).
if let mallopt = dlsym(nil, "mallopt") {
    typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
    _ = unsafeBitCast(mallopt, to: Mallopt.self)(-8, 2)  // M_ARENA_MAX (malloc.h, not in Swift's Glibc)
}
do {
    try await WebServer.run(options)
} catch let error as JournalError {
    FileHandle.standardError.write(Data(("journal: " + error.description + "\n").utf8))
    exit(error.exitStatus)
} catch {
    FileHandle.standardError.write(Data(("journal: \(error)\n").utf8))
    exit(1)
}
