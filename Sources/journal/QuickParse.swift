import ArgumentParser
import JournalKit

/// The commands run most often (`list`, `today`, `search`, `add`, and `journal` alone), parsed
/// without swift-argument-parser when every argument has one of their plain forms.
///
/// swift-argument-parser builds its picture of a command by reflection (`Mirror`, and protocol
/// conformance scans through this statically linked binary's records): about 4 ms of each run, more
/// than a `list` of a small journal spends on its own work (BENCHMARKS.md, issue 12). Here a command
/// is filled in directly, through the same property setters and the same `ExpressibleByArgument`
/// readings, and validated the same way. Anything else — help, `--`, a joined cluster, a repeated
/// single value, a value that starts with `-`, a mistake of any kind — returns nil, and
/// swift-argument-parser parses it and owns the message. `QuickParseTests` holds every quick parse to
/// swift-argument-parser's own result for the same words.
enum QuickParse {
    static func command(_ arguments: [String]) -> (any ParsableCommand)? {
        guard var words = Words(arguments, commands: ["list", "today", "search", "add"]) else { return nil }
        do {
            switch words.command ?? "list" {
            case "list": return try list(&words)
            case "today": return try today(&words)
            case "search": return try search(&words)
            case "add": return try add(&words)
            default: return nil
            }
        } catch {
            return nil
        }
    }

    private static func list(_ words: inout Words) throws -> JournalCommand.List {
        guard words.positional.isEmpty else { throw Refused() }
        // `journal` with no command is `list`; what it accepts is then up to swift-argument-parser.
        if words.command == nil, !words.onlyGlobal { throw Refused() }
        var command = JournalCommand.List()
        command.options = try global(&words)
        command.filters = try filters(&words)
        command.json = try words.flag("--json")
        command.full = try words.flag("--full")
        let (preview, noPreview) = (try words.flag("--preview"), try words.flag("--no-preview"))
        if preview && noPreview { throw Refused() }
        command.preview = preview ? true : noPreview ? false : nil
        command.format = nil  // `--format` is left to swift-argument-parser
        try words.allRead()
        try command.validate()
        return command
    }

    private static func today(_ words: inout Words) throws -> JournalCommand.Today {
        guard words.positional.isEmpty else { throw Refused() }
        var command = JournalCommand.Today()
        command.options = try global(&words)
        command.json = try words.flag("--json")
        command.full = try words.flag("--full")
        try words.allRead()
        try command.validate()
        return command
    }

    private static func search(_ words: inout Words) throws -> JournalCommand.Search {
        guard !words.positional.isEmpty else { throw Refused() }
        var command = JournalCommand.Search()
        command.options = try global(&words)
        command.filters = try filters(&words)
        command.json = try words.flag("--json")
        command.exclude = words.values("--exclude")
        command.words = words.positional
        try words.allRead()
        try command.validate()
        return command
    }

    private static func add(_ words: inout Words) throws -> JournalCommand.Add {
        var command = JournalCommand.Add()
        command.options = try global(&words)
        command.category = try words.single("--category", "-c")
        command.tag = words.values("--tag", "-t")
        command.date = try words.single("--date")
        command.future = try words.flag("--future")
        command.location = try words.single("--location")
        command.lat = try words.single("--lat").map(read)
        command.lon = try words.single("--lon").map(read)
        command.noLocation = try words.flag("--no-location")
        command.noWeather = try words.flag("--no-weather")
        command.template = try words.single("--template")
        command.star = try words.flag("--star")
        command.resume = try words.flag("--resume")
        command.encoding = try words.single("--encoding")
        command.text = words.positional
        try words.allRead()
        try command.validate()
        return command
    }

    private static func global(_ words: inout Words) throws -> GlobalOptions {
        var options = GlobalOptions()
        options.journal = try words.single("--journal", "-J")
        options.color = try words.single("--color").map(read) ?? .auto
        try options.validate()
        return options
    }

    private static func filters(_ words: inout Words) throws -> FilterOptions {
        var filters = FilterOptions()
        filters.from = try words.single("--from")
        filters.to = try words.single("--to")
        filters.on = try words.single("--on")
        filters.category = try words.single("--category", "-c")
        filters.tag = words.values("--tag", "-t")
        filters.anyTag = try words.flag("--any-tag")
        filters.notTag = words.values("--not-tag")
        filters.starred = try words.flag("--starred")
        filters.contains = try words.single("--contains")
        filters.grep = try words.single("--grep")
        filters.n = try words.single("-n").map(read)
        filters.reverse = try words.flag("--reverse")
        try filters.validate()
        return filters
    }

    /// A value read as swift-argument-parser reads it.
    private static func read<Value: ExpressibleByArgument>(_ text: String) throws -> Value {
        guard let value = Value(argument: text) else { throw Refused() }
        return value
    }

    /// Not one of the plain forms: swift-argument-parser decides.
    struct Refused: Error {}

    /// The words after `journal`, sorted into options (by the name they were given with), flags and
    /// positional words. Which names take a value is all it knows; each command then reads the names
    /// it has, and refuses when a name given was never read.
    struct Words {
        var command: String?
        var values: [(name: String, value: String)] = []
        var flags: [String] = []
        var positional: [String] = []
        /// The names the command has asked for so far.
        private var read: Set<String> = []

        /// The options every command takes (`GlobalOptions`), which may also come before a command's name.
        static let global = GlobalOptions.spellings
        /// Options that take a value, by every name they have across the quick commands.
        static let valued: Set<String> = global.union([
            "--from", "--to", "--on", "--category", "-c", "--tag", "-t", "--not-tag",
            "--contains", "--grep", "-n", "--exclude", "--date", "--location", "--lat", "--lon", "--template", "--encoding",
        ])
        /// Short options whose value may be joined to them (`-n20`, `-J/tmp/j`).
        static let joinable: Set<String> = GlobalOptions.joinable.union(["-n"])
        static let flagNames: Set<String> = [
            "--json", "--full", "--any-tag", "--starred", "--reverse", "--no-location", "--no-weather", "--star",
        ]

        init?(_ arguments: [String], commands: Set<String>) {
            var index = 0
            while index < arguments.count {
                let argument = arguments[index]
                index += 1
                if argument.hasPrefix("-"), argument.count > 1 {
                    if argument == "--" { return nil }
                    if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                        let name = String(argument[..<equals])
                        guard Words.valued.contains(name), argument.index(after: equals) != argument.endIndex else { return nil }
                        values.append((name, String(argument[argument.index(after: equals)...])))
                    } else if Words.valued.contains(argument) {
                        guard index < arguments.count, !arguments[index].hasPrefix("-") else { return nil }
                        values.append((argument, arguments[index]))
                        index += 1
                    } else if Words.flagNames.contains(argument) {
                        flags.append(argument)
                    } else if Words.joinable.contains(String(argument.prefix(2))), !argument.dropFirst(2).hasPrefix("-"),
                        !argument.dropFirst(2).hasPrefix("=")
                    {
                        values.append((String(argument.prefix(2)), String(argument.dropFirst(2))))
                    } else {
                        return nil
                    }
                } else if command == nil {
                    // Only the journal's own options may come before the command's name.
                    guard commands.contains(argument), onlyGlobal else { return nil }
                    command = argument
                } else {
                    positional.append(argument)
                }
            }
        }

        /// The value of a single-valued option given by any of `names`; refused when it is given twice.
        mutating func single(_ names: String...) throws -> String? {
            read.formUnion(names)
            let given = values.filter { names.contains($0.name) }
            guard given.count <= 1 else { throw Refused() }
            return given.first?.value
        }

        /// Every value of an option that may be repeated, in order.
        mutating func values(_ names: String...) -> [String] {
            read.formUnion(names)
            return values.filter { names.contains($0.name) }.map(\.value)
        }

        mutating func flag(_ name: String) throws -> Bool {
            read.insert(name)
            let count = flags.filter { $0 == name }.count
            guard count <= 1 else { throw Refused() }
            return count == 1
        }

        /// Refuses when a name was given that the command never read: one it does not have.
        func allRead() throws {
            guard values.allSatisfy({ read.contains($0.name) }), flags.allSatisfy(read.contains) else { throw Refused() }
        }

        /// Whether only the journal's own options were given.
        var onlyGlobal: Bool { values.allSatisfy { Words.global.contains($0.name) } && flags.isEmpty }
    }
}
