import Foundation
import Yams

/// Reads a front-matter header: a fast path for the plain subset the tool
/// itself writes, and Yams for everything else, so both give the same values.
public enum HeaderParser {
    public static func parse(_ text: String) throws(YAMLProblem) -> [YAMLPair] {
        if let fast = FastYAML.parse(text) { return fast }
        return try parseWithYams(text)
    }

    /// The reference reader: Yams' composer, mapped onto `YAMLValue`.
    public static func parseWithYams(_ text: String) throws(YAMLProblem) -> [YAMLPair] {
        let node: Node?
        do {
            node = try Yams.compose(yaml: text)
        } catch let error as YamlError {
            throw problem(from: error, lineCount: max(1, text.lfLines().count))
        } catch {
            throw YAMLProblem(line: 1, reason: String(describing: error))
        }
        guard let node else { return [] }
        guard case .mapping = node else {
            throw YAMLProblem(line: node.mark?.line ?? 1, reason: Say.headerNotMapping)
        }
        let value = try convert(node)
        return value.pairs
    }

    private static func convert(_ node: Node) throws(YAMLProblem) -> YAMLValue {
        switch node {
        case .scalar(let scalar):
            return .scalar(scalar.string, quoted: scalar.style != .plain)
        case .sequence(let sequence):
            var items: [YAMLValue] = []
            for item in sequence { items.append(try convert(item)) }
            return .sequence(items)
        case .mapping(let mapping):
            var pairs: [YAMLPair] = []
            for (key, value) in mapping {
                guard case .scalar(let keyScalar) = key else {
                    throw YAMLProblem(line: key.mark?.line ?? 1, reason: Say.headerComplexKey)
                }
                pairs.append(YAMLPair(keyScalar.string, try convert(value)))
            }
            return .mapping(pairs)
        case .alias:
            throw YAMLProblem(line: node.mark?.line ?? 1, reason: Say.headerAlias)
        }
    }

    private static func problem(from error: YamlError, lineCount: Int) -> YAMLProblem {
        switch error {
        case .scanner(let context, let problem, let mark, _),
            .parser(let context, let problem, let mark, _),
            .composer(let context, let problem, let mark, _):
            let reason = [context?.text, problem].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " ")
            // libyaml notices an unclosed [ or { only where the input ends: the line that opened it is the one at fault.
            // So does an unclosed quote.
            if let context, context.text.contains("flow") || context.text.contains("quoted scalar") {
                return YAMLProblem(line: context.mark.line, reason: reason)
            }
            return YAMLProblem(line: min(mark.line, lineCount), reason: reason)
        case .reader(let problem, _, _, _):
            return YAMLProblem(line: 1, reason: problem)
        default:
            return YAMLProblem(line: 1, reason: String(describing: error))
        }
    }
}
