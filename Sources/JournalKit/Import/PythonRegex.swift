import Foundation

/// A regular expression used as Python's `re` uses one (`search`, `match`, groups by name, `start` and `end`
/// of -1 for a group that took no part), over ICU, whose backtracking finds what Python's finds for the
/// patterns parsedatetime writes. Offsets are UTF-16 offsets into the string searched.
struct PythonRegex: @unchecked Sendable {
    private let expression: NSRegularExpression?
    /// Group numbers by name, in the order their parentheses open.
    private let names: [String: Int]

    init(_ pattern: String) {
        // The patterns are the tool's own: a mistake in one is a mistake in the program, found by the tests.
        expression = try? NSRegularExpression(pattern: pattern, options: [.caseInsensitive])
        var names: [String: Int] = [:]
        let p = Array(pattern.unicodeScalars)
        var group = 0
        var i = 0
        var inClass = false
        while i < p.count {
            let c = p[i]
            if c == "\\" {
                i += 2
                continue
            }
            if inClass {
                if c == "]" { inClass = false }
            } else if c == "[" {
                inClass = true
            } else if c == "(" {
                if i + 1 < p.count, p[i + 1] == "?" {
                    if i + 2 < p.count, p[i + 2] == "<", i + 3 < p.count, p[i + 3] != "=", p[i + 3] != "!" {
                        group += 1
                        var name = ""
                        var j = i + 3
                        while j < p.count, p[j] != ">" {
                            name.unicodeScalars.append(p[j])
                            j += 1
                        }
                        names[name] = group
                    }
                } else {
                    group += 1
                }
            }
            i += 1
        }
        self.names = names
    }

    /// `re.search`: the first match anywhere.
    func search(_ text: String) -> Match? {
        let string = text as NSString
        return expression?.firstMatch(in: text, range: NSRange(location: 0, length: string.length)).map { Match(string: string, result: $0, names: names) }
    }

    /// `re.match`: a match at the start.
    func match(_ text: String) -> Match? {
        let string = text as NSString
        return expression?.firstMatch(in: text, options: [.anchored], range: NSRange(location: 0, length: string.length))
            .map { Match(string: string, result: $0, names: names) }
    }

    /// `re.finditer`: every match, left to right.
    func all(_ text: String) -> [Match] {
        let string = text as NSString
        return (expression?.matches(in: text, range: NSRange(location: 0, length: string.length)) ?? []).map { Match(string: string, result: $0, names: names) }
    }

    /// `re.sub(pattern, template, text)`, the template in ICU's form (`$1`).
    func replacing(_ text: String, with template: String) -> String {
        expression?.stringByReplacingMatches(in: text, range: NSRange(location: 0, length: (text as NSString).length), withTemplate: template) ?? text
    }

    struct Match {
        let string: NSString
        let result: NSTextCheckingResult
        let names: [String: Int]

        private func range(_ name: String?) -> NSRange {
            guard let name else { return result.range }
            guard let number = names[name] else { return NSRange(location: NSNotFound, length: 0) }
            return result.range(at: number)
        }

        /// The whole match (nil) or a named group; nil for a group that took no part.
        func group(_ name: String? = nil) -> String? {
            let r = range(name)
            return r.location == NSNotFound ? nil : string.substring(with: r)
        }

        func start(_ name: String? = nil) -> Int {
            let r = range(name)
            return r.location == NSNotFound ? -1 : r.location
        }

        func end(_ name: String? = nil) -> Int {
            let r = range(name)
            return r.location == NSNotFound ? -1 : r.location + r.length
        }
    }
}

extension String {
    /// `self[from:to]` in UTF-16 offsets, as Python slices (clamped; an empty string when `to <= from`).
    func utf16Slice(_ from: Int, _ to: Int? = nil) -> String {
        let string = self as NSString
        let end = min(to ?? string.length, string.length)
        let start = max(0, min(from, string.length))
        guard end > start else { return "" }
        return string.substring(with: NSRange(location: start, length: end - start))
    }
}
