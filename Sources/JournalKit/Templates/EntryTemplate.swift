import Foundation
import Mustache

/// An entry template: Mustache text for the editor, with an optional header (`category:`, `tags:`)
/// that presets the new entry's fields. Built in (templates/ of the package) or the journal's own
/// `templates/NAME.md`, which wins by name.
public struct EntryTemplate: Sendable, Equatable {
    public var name: String
    /// The journal file it was read from; nil for a built-in one.
    public var path: String?
    public var category: String?
    public var tags: [String]
    /// The text after the header, not yet rendered.
    public var body: String
    /// The line of the file where `body` starts, so that Mustache errors name the file's line.
    var bodyLine: Int

    /// The values a template may use. Missing ones render as nothing (and `{{#weather}}…{{/weather}}`
    /// sections are left out).
    public struct Values: Sendable {
        public var stamp: Timestamp
        /// nil for C/POSIX: ISO dates and English weekdays, as the tool always wrote them.
        public var locale: Locale?
        public var category: String?
        public var place: String?
        public var weather: String?

        public init(stamp: Timestamp, locale: Locale?, category: String?, place: String?, weather: String?) {
            self.stamp = stamp
            self.locale = locale
            self.category = category
            self.place = place
            self.weather = weather
        }
    }

    /// Reads a template's text; a broken header is an error naming the template and the line.
    static func parse(name: String, path: String?, text: String) throws(JournalError) -> EntryTemplate {
        let text = FrontMatter.withoutBOM(text)
        let lines = text.lfLines()
        var template = EntryTemplate(name: name, path: path, category: nil, tags: [], body: text, bodyLine: 1)
        guard let first = lines.first, FrontMatter.opens(first) else { return template }
        guard let end = lines.dropFirst().firstIndex(where: FrontMatter.closes) else {
            throw .badTemplate(name, line: 1, reason: Say.templateHeaderUnclosed)
        }
        let header = lines[1..<end].joined(separator: "\n")
        let pairs: [YAMLPair]
        do {
            pairs = try HeaderParser.parse(header)
        } catch {
            throw .badTemplate(name, line: error.line + 1, reason: error.reason)
        }
        for pair in pairs {
            let line = (lines[1..<end].firstIndex { YAMLLine.holds($0, key: pair.key) } ?? 0) + 1
            switch pair.key {
            case "category":
                guard let category = pair.value.string, !category.isEmpty else {
                    throw .badTemplate(name, line: line, reason: Say.templateCategoryNotText)
                }
                template.category = category
            case "tags":
                do { template.tags = try Tag.normalize( pair.value.strings) } catch {
                    throw .badTemplate(name, line: line, reason: error.description)
                }
            default:
                throw .badTemplate(name, line: line, reason: Say.templateUnknownKey(pair.key))
            }
        }
        template.body = lines[(end + 1)...].joined(separator: "\n")
        template.bodyLine = end + 2
        return template
    }

    /// The text for the editor. A Mustache syntax error names the template and the line of its file.
    public func render(_ values: Values) throws(JournalError) -> String {
        // Text, not HTML: this is Markdown, and a place may be called "Busan & Jeju".
        try TemplateText.compile(name: name, body, firstLine: bodyLine, contentType: "TEXT").render(EntryTemplate.context(values))
    }

    static func context(_ values: Values) -> [String: Any] {
        let p = values.stamp.parts
        var context: [String: Any] = [:]
        if Say.current != "en" {
            // The catalogue's words, written by hand: no ICU for a template either.
            context["date"] = Say.templateDate(year: p.year, month: p.month, day: p.day)
            context["time"] = Say.templateTime(hour: p.hour, minute: p.minute)
            context["weekday"] = Say.weekday(iso: values.stamp.localDay.isoWeekday)
        } else if let locale = values.locale, let zone = TimeZone(secondsFromGMT: values.stamp.offsetSeconds) {
            let formatter = DateFormatter()
            formatter.locale = locale
            formatter.timeZone = zone
            formatter.dateStyle = .long
            formatter.timeStyle = .none
            context["date"] = formatter.string(from: values.stamp.date)
            formatter.dateStyle = .none
            formatter.timeStyle = .short
            context["time"] = formatter.string(from: values.stamp.date)
            formatter.setLocalizedDateFormatFromTemplate("EEEE")
            context["weekday"] = formatter.string(from: values.stamp.date)
        } else {
            let weekdays = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
            context["date"] = values.stamp.localDay.description
            context["time"] = values.stamp.hourMinute
            context["weekday"] = weekdays[values.stamp.localDay.isoWeekday - 1]
        }
        if let category = values.category { context["category"] = category }
        if let place = values.place { context["place"] = place }
        if let weather = values.weather { context["weather"] = weather }
        return context
    }
}

extension Journal {
    /// Every template this journal can use, by name: the built-in ones and the journal's own
    /// `templates/*.md`, which win by name. `templates/entry.md`, the one file older versions read,
    /// stands for `default` unless `templates/default.md` exists.
    public func templates() throws(JournalError) -> [(name: String, path: String?)] {
        var found: [String: String?] = [:]
        for builtIn in BuiltInTemplates.all { found[builtIn.name] = .some(nil) }
        for (name, file) in ownTemplateFiles() { found[name] = file }
        return found.keys.sorted().map { ($0, found[$0] ?? nil) }
    }

    /// The template called `name`; unknown names are an error listing the known ones.
    public func template(named name: String) throws(JournalError) -> EntryTemplate {
        if let file = ownTemplateFiles()[name] {
            let data: Data
            do { data = try Data(contentsOf: URL(fileURLWithPath: root + "/" + file)) } catch {
                throw .failed(doing: Say.text("doing.read", file), cause: error.localizedDescription)
            }
            return try EntryTemplate.parse(name: name, path: file, text: String(decoding: data, as: UTF8.self))
        }
        guard let text = BuiltInTemplates.text(named: name) else {
            throw .unknownTemplate(name, known: try templates().map(\.name))
        }
        return try EntryTemplate.parse(name: name, path: nil, text: text)
    }

    /// The journal's own templates: name → path relative to the journal.
    private func ownTemplateFiles() -> [String: String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: root + "/" + Journal.templatesFolder)) ?? []
        var files: [String: String] = [:]
        for file in names where file.hasSuffix(".md") && !file.hasPrefix(".") {
            files[String(file.dropLast(3))] = Journal.templatesFolder + "/" + file
        }
        if files["default"] == nil, let legacy = files.removeValue(forKey: "entry") { files["default"] = legacy }
        return files
    }
}
