import Foundation

/// Weather as the user reads it, in their units: `☀️ 13°C` in a list, the whole story in `show`.
public enum WeatherText {
    /// `☀️ 13°C`: the list's column.
    public static func column(_ weather: Weather, units: Units) -> String {
        let emoji = WeatherCondition.emoji(for: weather.condition)
        guard let celsius = weather.temperatureC else { return emoji }
        return emoji + " " + temperature(celsius, units: units, decimals: 0)
    }

    /// `☀️ clear 12.5°C`: one line per entry of `journal weather`.
    public static func short(_ weather: Weather, units: Units) -> String {
        let temp = weather.temperatureC.map { temperature($0, units: units, decimals: 1) }
        return WeatherCondition.emoji(for: weather.condition) + " " + Say.weatherShort(Say.condition(weather.condition), temp)
    }

    /// `☀️ clear (맑음) 12.5°C, humidity 60%, wind 10.4 km/h`: `journal show`, in `language` (a page's may
    /// not be the process's).
    public static func full(_ weather: Weather, units: Units, language: String = Say.current) -> String {
        var head = WeatherCondition.emoji(for: weather.condition)
        let condition = Say.condition(weather.condition, in: language)
        if let condition { head += " " + condition }
        if let description = Say.weatherDescription(weather, in: language), description.lowercased() != condition?.lowercased() {
            head += condition == nil ? " " + description : " (\(description))"
        }
        if let celsius = weather.temperatureC { head += " " + temperature(celsius, units: units, decimals: 1) }
        var parts = [head]
        if let humidity = weather.humidity { parts.append(Say.humidity(YAMLWriter.number(humidity.rounded()), in: language)) }
        if let kph = weather.windKph {
            let (speed, unit) = units == .imperial ? (kph / 1.609344, "mph") : (kph, "km/h")
            parts.append(Say.wind(YAMLWriter.number((speed * 10).rounded() / 10), unit, in: language))
        }
        return parts.joined(separator: ", ")
    }

    /// `12.5°C`, or `54.5°F` in imperial units.
    public static func temperature(_ celsius: Double, units: Units, decimals: Int) -> String {
        let value = units == .imperial ? celsius * 9 / 5 + 32 : celsius
        let scale = decimals == 0 ? 1.0 : 10.0
        var rounded = (value * scale).rounded() / scale
        if rounded == 0 { rounded = 0 }  // no "-0°C"
        return YAMLWriter.number(rounded) + (units == .imperial ? "°F" : "°C")
    }
}
