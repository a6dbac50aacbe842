import Foundation

/// Pieces the two providers' reply parsers share.
enum Reply {
    /// The JSON object of a reply, or why there is none.
    static func object(_ body: Data, host: String) throws(WeatherFailure) -> Any {
        guard !body.allSatisfy({ $0 == 32 || $0 == 9 || $0 == 10 || $0 == 13 }) else {
            throw .malformed(host: host, detail: Say.replyEmpty)
        }
        guard let value = try? JSONSerialization.jsonObject(with: body, options: [.fragmentsAllowed]) else {
            throw .malformed(host: host, detail: Say.replyNotJSON)
        }
        return value
    }

    /// A JSON number (not a bool), as a Double.
    static func number(_ value: Any?) -> Double? {
        guard let value, !(value is NSNull) else { return nil }
        if value is String { return nil }
        if let int = value as? Int { return Double(int) }
        if let double = value as? Double { return double.isFinite ? double : nil }
        if let number = value as? NSNumber { return number.doubleValue.isFinite ? number.doubleValue : nil }
        return nil
    }

    static func integer(_ value: Any?) -> Int? {
        guard let double = number(value), double == double.rounded(), abs(double) < 1e9 else { return nil }
        return Int(double)
    }

    static func round(_ value: Double, _ places: Int) -> Double {
        let scale = pow(10, Double(places))
        return (value * scale).rounded() / scale
    }

    /// `2026-11-20T08:00` (or with seconds), read at the reply's UTC offset; or seconds since 1970.
    static func time(_ value: Any?, offsetSeconds: Int) -> Date? {
        if let seconds = number(value) { return Date(timeIntervalSince1970: seconds) }
        guard let text = value as? String else { return nil }
        let parts = text.split(whereSeparator: { $0 == "-" || $0 == "T" || $0 == ":" }).map { Int($0) }
        guard parts.count >= 5, parts.allSatisfy({ $0 != nil }) else {
            if parts.count == 3, parts.allSatisfy({ $0 != nil }) { return date(parts.map { $0! } + [0, 0], offsetSeconds) }
            return nil
        }
        return date(parts.map { $0! }, offsetSeconds)
    }

    private static func date(_ p: [Int], _ offsetSeconds: Int) -> Date? {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0)!
        let components = DateComponents(
            year: p[0], month: p[1], day: p[2], hour: p[3], minute: p[4], second: p.count > 5 ? p[5] : 0)
        return calendar.date(from: components).map { $0.addingTimeInterval(TimeInterval(-offsetSeconds)) }
    }

    /// `base` with `items` added to its query (a configured URL may carry its own, such as a key).
    static func url(_ base: URL, _ items: [(String, String)]) -> URL {
        guard var components = URLComponents(url: base, resolvingAgainstBaseURL: false) else { return base }
        var query = components.queryItems ?? []
        for (name, value) in items where !query.contains(where: { $0.name == name }) {
            query.append(URLQueryItem(name: name, value: value))
        }
        components.queryItems = query
        // `+` means a space to most servers: a query item's own plus signs must be escaped.
        components.percentEncodedQuery = components.percentEncodedQuery?.replacingOccurrences(of: "+", with: "%2B")
        return components.url ?? base
    }

    /// A coordinate as a query value: at most 4 decimals (about 10 m), never an exponent.
    static func coordinate(_ value: Double) -> String { YAMLWriter.number(round(value, 4)) }

    /// The provider's reason for an error status: Open-Meteo's `reason`, OpenWeather's `message`.
    static func errorReason(_ body: Data) -> String? {
        guard let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any] else { return nil }
        let reason = (object["reason"] as? String) ?? (object["message"] as? String)
        return reason.map { String($0.prefix(160)) }
    }

    /// A reply's body for a status, or the failure that status means.
    static func check(_ reply: HTTPReply, host: String) throws(WeatherFailure) -> Data {
        switch reply.status {
        case 200..<300: return reply.body
        case 401: throw .badKey(host: host)
        default: throw .http(host: host, status: reply.status, reason: errorReason(reply.body))
        }
    }

    /// `2026-11-20 08:00 UTC`, for messages.
    static func hourText(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(secondsFromGMT: 0)
        formatter.dateFormat = "yyyy-MM-dd HH:00 'UTC'"
        return formatter.string(from: date)
    }

    static func dayText(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(secondsFromGMT: 0)
        formatter.dateFormat = "yyyy-MM-dd"
        return formatter.string(from: date)
    }
}
