import Foundation
import Mustache

/// Compiles Mustache text, turning a syntax error into one line naming the template and the line of its file.
/// Shared by the entry templates and the HTML export's page templates.
public enum TemplateText {
    /// `firstLine` is the line of the file the text starts on (after a header); `contentType` is a swift-mustache
    /// content type: "TEXT" (no escaping) or one registered with `MustacheContentTypes`.
    public static func compile(name: String, _ text: String, firstLine: Int = 1, contentType: String) throws(JournalError) -> MustacheTemplate {
        do {
            // The pragma sits on the first line without a line break of its own, so line numbers stay the file's.
            return try MustacheTemplate(string: "{{% CONTENT_TYPE: \(contentType)}}" + text)
        } catch let error as MustacheTemplate.ParserError {
            var line = firstLine + error.context.lineNumber - 1
            // The parser notices an unclosed section at the end of the text: the fault is where it opens.
            if case MustacheTemplate.Error.expectedSectionEnd = error.error, let open = unclosedSectionLine(text) {
                line = firstLine + open - 1
            }
            throw .badTemplate(name, line: line, reason: Say.templateSyntax(reason(error.error)))
        } catch {
            throw .badTemplate(name, line: firstLine, reason: "\(error)")
        }
    }

    /// The line (in `text`) of the innermost section that is opened and never closed, with the standard
    /// delimiters; nil when none is found that way.
    private static func unclosedSectionLine(_ text: String) -> Int? {
        var open: [(name: String, line: Int)] = []
        for (index, line) in text.lfLines().enumerated() {
            var rest = line[...]
            while let start = rest.range(of: "{{"), let end = rest[start.upperBound...].range(of: "}}") {
                let tag = rest[start.upperBound..<end.lowerBound].trimmingCharacters(in: .whitespaces)
                rest = rest[end.upperBound...]
                guard let kind = tag.first else { continue }
                let name = tag.dropFirst().trimmingCharacters(in: .whitespaces)
                if kind == "#" || kind == "^" { open.append((name, index + 1)) }
                if kind == "/", let last = open.lastIndex(where: { $0.name == name }) { open.removeSubrange(last...) }
            }
        }
        return open.last?.line
    }

    private static func reason(_ error: any Error) -> String {
        switch error {
        case MustacheTemplate.Error.sectionCloseNameIncorrect: Say.templateSectionNameMismatch
        case MustacheTemplate.Error.unfinishedName: Say.templateUnfinishedTag
        case MustacheTemplate.Error.expectedSectionEnd: Say.templateSectionNotClosed
        default: "\(error)"
        }
    }
}
