import Foundation

/// A YAML value as the header holds it: scalars stay text, so nothing the user
/// wrote (a `+09:00` offset, `007`, `yes`) is reinterpreted on the way in.
public enum YAMLValue: Equatable, Sendable {
    /// `quoted` is true for single- or double-quoted (and block) scalars, whose text is never a null, bool or number.
    case scalar(String, quoted: Bool)
    case sequence([YAMLValue])
    case mapping([YAMLPair])

    /// The text of a scalar, nil for a null scalar or a collection.
    public var string: String? {
        guard case .scalar(let text, let quoted) = self else { return nil }
        if !quoted && YAMLValue.nullWords.contains(text) { return nil }
        return text
    }

    /// The items of a sequence, or a single scalar seen as a one-item list.
    public var strings: [String] {
        switch self {
        case .sequence(let items): return items.compactMap(\.string)
        case .scalar: return string.map { [$0] } ?? []
        case .mapping: return []
        }
    }

    public var pairs: [YAMLPair] {
        if case .mapping(let pairs) = self { return pairs }
        return []
    }

    public subscript(key: String) -> YAMLValue? {
        pairs.first { $0.key == key }?.value
    }

    /// A plain scalar that YAML 1.1/1.2 core schema reads as true.
    public var bool: Bool? {
        guard case .scalar(let text, quoted: false) = self else { return nil }
        switch text.lowercased() {
        case "true", "yes", "on": return true
        case "false", "no", "off": return false
        default: return nil
        }
    }

    public var number: Double? {
        guard case .scalar(let text, quoted: false) = self else { return nil }
        return Double(text)
    }

    static let nullWords: Set<String> = ["", "~", "null", "Null", "NULL"]
}

public struct YAMLPair: Equatable, Sendable {
    public var key: String
    public var value: YAMLValue
    public init(_ key: String, _ value: YAMLValue) {
        self.key = key
        self.value = value
    }
}

/// Why a header could not be read, with the 1-based line of the header at fault.
public struct YAMLProblem: Error, Equatable, Sendable {
    public var line: Int
    public var reason: String
}
