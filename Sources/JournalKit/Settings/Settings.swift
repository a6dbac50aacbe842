import Foundation

/// The versioned settings in `journal.yml`: categories now, more later. No secrets.
public struct Settings: Sendable, Equatable {
    public struct Category: Sendable, Equatable {
        public var name: String
        public var emoji: String?
        public var color: String?
        /// The entry template `add -c NAME` starts from (`template:` under the category).
        public var template: String? = nil
    }

    public var categories: [Category]
    /// `tag_prefix: "@"`: `@word` in a new entry's text is a tag too, as in jrnl (a journal imported from
    /// jrnl says so). `#word` always is one.
    public var tagPrefix: String? = nil

    /// Reads `journal.yml`; an unreadable one is an error naming the file and line.
    static func parse(_ text: String, path: String) throws(JournalError) -> Settings {
        let pairs: [YAMLPair]
        do {
            pairs = try HeaderParser.parse(text)
        } catch {
            throw .badSettings(path, line: error.line, reason: error.reason)
        }
        let root = YAMLValue.mapping(pairs)
        var categories: [Category] = []
        for pair in root["categories"]?.pairs ?? [] {
            categories.append(Category(name: pair.key, emoji: pair.value["emoji"]?.string, color: pair.value["color"]?.string,
                    template: pair.value["template"]?.string))
        }
        return Settings(categories: categories, tagPrefix: root["tag_prefix"]?.string)
    }

    /// The `journal.yml` of a new journal: the Think-about categories.
    static let initialText = """
        # Settings of this journal, kept in git with the entries: no secrets here.
        # Categories: the name is what entries carry in `category:`; emoji and colour are for display.
        version: 1
        categories:
          work:
            emoji: "💼"
            color: blue
          music:
            emoji: "🎧"
            color: magenta
          travel:
            emoji: "✈️"
            color: cyan
          study:
            emoji: "📚"
            color: yellow
          stuff:
            emoji: "🏠"
            color: green
          hobby:
            emoji: "🎨"
            color: red
          shopping:
            emoji: "🛒"
            color: white

        """
}
