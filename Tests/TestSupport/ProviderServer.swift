import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A small HTTP/1.1 server on 127.0.0.1 (an ephemeral port) that answers like the weather providers
/// do, so that no test touches the internet. Each connection gets one reply, from `handler`, after
/// its `delay`. Shared by the kit's tests and the end-to-end tests (TestSupport).
public final class ProviderServer: @unchecked Sendable {
    public struct Request: Sendable {
        public var path: String
        public var query: [String: String]
        public var target: String

        public init(path: String, query: [String: String], target: String) {
            self.path = path
            self.query = query
            self.target = target
        }
    }

    public struct Response: Sendable {
        public var status: Int = 200
        public var body: Data
        public var delay: TimeInterval = 0
        public var contentType = "application/json; charset=utf-8"
        /// More header lines, as `Name: value`.
        public var headers: [String] = []

        public init(
            status: Int = 200, body: Data, delay: TimeInterval = 0, contentType: String = "application/json; charset=utf-8",
            headers: [String] = []
        ) {
            self.status = status
            self.body = body
            self.delay = delay
            self.contentType = contentType
            self.headers = headers
        }

        public static func json(_ text: String, status: Int = 200, delay: TimeInterval = 0) -> Response {
            Response(status: status, body: Data(text.utf8), delay: delay)
        }

        public static func text(_ text: String, status: Int = 200) -> Response {
            Response(status: status, body: Data(text.utf8), contentType: "text/plain")
        }
    }

    public typealias Handler = @Sendable (Request) -> Response

    public let port: UInt16
    private let socket: Int32
    private let lock = NSLock()
    private var handlerValue: Handler
    private var log: [Request] = []

    public var url: String { "http://127.0.0.1:\(port)" }

    /// What the server answers; tests switch it between runs (failing, then working).
    public var handler: Handler {
        get { lock.withLock { handlerValue } }
        set { lock.withLock { handlerValue = newValue } }
    }

    /// Every request so far, oldest first.
    public var requests: [Request] { lock.withLock { log } }

    public init(_ handler: @escaping Handler = ProviderServer.providers()) throws {
        handlerValue = handler
        signal(SIGPIPE, SIG_IGN)
        #if canImport(Glibc)
        let fd = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let fd = Darwin.socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw ServerError("socket: \(errno)") }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(fd, 64) == 0 else {
            close(fd)
            throw ServerError("bind/listen: \(errno)")
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        port = UInt16(bigEndian: address.sin_port)
        socket = fd
        // The accept loop owns the socket: it closes it once `stop` (or deinit) has shut it down.
        Thread { [weak self] in
            while true {
                let client = accept(fd, nil, nil)
                if client < 0 {
                    if errno == EINTR { continue }
                    break
                }
                guard let server = self, !server.isStopped else {
                    close(client)
                    break
                }
                Thread { server.serve(client) }.start()
            }
            close(fd)
        }.start()
    }

    deinit { stop() }

    private var stopped = false

    private var isStopped: Bool { lock.withLock { stopped } }

    /// Stops accepting connections (new ones are refused).
    public func stop() {
        let first = lock.withLock {
            defer { stopped = true }
            return !stopped
        }
        guard first else { return }
        shutdown(socket, Int32(SHUT_RDWR))
    }

    private func serve(_ client: Int32) {
        defer { close(client) }
        var received = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !received.containsHeaderEnd, received.count < 65536 {
            let n = recv(client, &buffer, buffer.count, 0)
            if n <= 0 { return }
            received += buffer[0..<n]
        }
        let head = String(decoding: received, as: UTF8.self)
        let words = head.prefix { $0 != "\r" && $0 != "\n" }.split(separator: " ")
        guard words.count >= 2 else { return }
        let target = String(words[1])
        let components = URLComponents(string: target)
        var query: [String: String] = [:]
        for item in components?.queryItems ?? [] { query[item.name] = item.value ?? "" }
        let request = Request(path: components?.path ?? target, query: query, target: target)
        lock.withLock { log.append(request) }
        let response = handler(request)
        if response.delay > 0 { Thread.sleep(forTimeInterval: response.delay) }
        let reason = [200: "OK", 400: "Bad Request", 401: "Unauthorized", 404: "Not Found", 429: "Too Many Requests", 500: "Internal Server Error", 503: "Service Unavailable"][response.status] ?? "Status"
        var reply = Data("HTTP/1.1 \(response.status) \(reason)\r\nContent-Type: \(response.contentType)\r\nContent-Length: \(response.body.count)\r\nConnection: close\r\n\(response.headers.map { $0 + "\r\n" }.joined())\r\n".utf8)
        reply.append(response.body)
        reply.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                #if canImport(Glibc)
                let n = send(client, raw.baseAddress! + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
                #else
                let n = send(client, raw.baseAddress! + offset, raw.count - offset, 0)
                #endif
                if n <= 0 { return }
                offset += n
            }
        }
    }
}

public struct ServerError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}

extension [UInt8] {
    fileprivate var containsHeaderEnd: Bool {
        guard count >= 4 else { return false }
        for i in 0...(count - 4) where self[i] == 13 && self[i + 1] == 10 && self[i + 2] == 13 && self[i + 3] == 10 { return true }
        return false
    }
}

// MARK: Replies shaped like the providers' documented examples

extension ProviderServer {
    /// "Today" for the fake forecast API: the UTC day of the tests' clock (JOURNAL_NOW 2026-11-22T09:15+09:00).
    public static let today = "2026-11-22"

    /// A place the fake geocoders know.
    public struct Place: Sendable {
        public var name: String
        public var korean: String
        public var latitude: Double
        public var longitude: Double
        public var country: String

        public init(name: String, korean: String, latitude: Double, longitude: Double, country: String) {
            self.name = name
            self.korean = korean
            self.latitude = latitude
            self.longitude = longitude
            self.country = country
        }
    }

    public static let places = [
        Place(name: "Busan", korean: "부산", latitude: 35.10168, longitude: 129.03004, country: "South Korea"),
        Place(name: "Seoul", korean: "서울", latitude: 37.566, longitude: 126.9784, country: "South Korea"),
    ]

    /// Open-Meteo forecast, `current=…`.
    public static func openMeteoCurrent(code: Int = 3, temperature: Double = 12.5, humidity: Int = 60, wind: Double = 10.4) -> String {
        """
        {"latitude":35.1,"longitude":129.0,"generationtime_ms":0.0451,"utc_offset_seconds":0,"timezone":"GMT",\
        "timezone_abbreviation":"GMT","elevation":6.0,\
        "current_units":{"time":"iso8601","interval":"seconds","temperature_2m":"°C","relative_humidity_2m":"%",\
        "weather_code":"wmo code","wind_speed_10m":"km/h"},\
        "current":{"time":"2026-11-22T00:15","interval":900,"temperature_2m":\(temperature),\
        "relative_humidity_2m":\(humidity),"weather_code":\(code),"wind_speed_10m":\(wind)}}
        """
    }

    /// Open-Meteo hourly values (forecast with `past_days`, or the archive) for whole UTC days from
    /// `start`: the temperature at hour h of a day is 5 + h/2 (14.0 at 18:00), the code `code(h)`.
    public static func openMeteoHourly(start: String, days: Int, code: @Sendable (Int) -> Int = { _ in 61 }, nulls: Bool = false)
        -> String
    {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0)!
        let parts = start.split(separator: "-").compactMap { Int($0) }
        let first = calendar.date(from: DateComponents(year: parts[0], month: parts[1], day: parts[2]))!
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(secondsFromGMT: 0)
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm"
        var times: [String] = []
        var temperatures: [String] = []
        var humidity: [String] = []
        var codes: [String] = []
        var wind: [String] = []
        for index in 0..<(days * 24) {
            let hour = index % 24
            times.append("\"\(formatter.string(from: first.addingTimeInterval(Double(index) * 3600)))\"")
            temperatures.append(nulls ? "null" : String(5 + Double(hour) / 2))
            humidity.append(nulls ? "null" : String(50 + hour))
            codes.append(nulls ? "null" : String(code(hour)))
            wind.append(nulls ? "null" : String(3.5 + Double(hour) / 10))
        }
        return """
            {"latitude":35.1,"longitude":129.0,"generationtime_ms":0.11,"utc_offset_seconds":0,"timezone":"GMT",\
            "timezone_abbreviation":"GMT","elevation":6.0,\
            "hourly_units":{"time":"iso8601","temperature_2m":"°C","relative_humidity_2m":"%","weather_code":"wmo code",\
            "wind_speed_10m":"km/h"},\
            "hourly":{"time":[\(times.joined(separator: ","))],"temperature_2m":[\(temperatures.joined(separator: ","))],\
            "relative_humidity_2m":[\(humidity.joined(separator: ","))],"weather_code":[\(codes.joined(separator: ","))],\
            "wind_speed_10m":[\(wind.joined(separator: ","))]}}
            """
    }

    /// Open-Meteo geocoding: `results` with one place, or no `results` key at all when nothing matched.
    public static func openMeteoGeocoding(_ place: Place?) -> String {
        guard let place else { return "{\"generationtime_ms\":0.2941}" }
        return """
            {"results":[{"id":1838524,"name":"\(place.name)","latitude":\(place.latitude),"longitude":\(place.longitude),\
            "elevation":6.0,"feature_code":"PPLA","country_code":"KR","admin1_id":1838519,"timezone":"Asia/Seoul",\
            "population":3678555,"country_id":1835841,"country":"\(place.country)","admin1":"\(place.name)"}],\
            "generationtime_ms":0.5812}
            """
    }

    /// OpenWeather current weather (API 2.5, units=metric: wind in m/s).
    public static func openWeatherCurrent(id: Int = 800, description: String = "clear sky", temperature: Double = 12.5, humidity: Int = 60, wind: Double = 3.6)
        -> String
    {
        let main = id == 800 ? "Clear" : id >= 803 ? "Clouds" : id >= 500 && id < 600 ? "Rain" : "Clouds"
        return """
            {"coord":{"lon":129.03,"lat":35.1},"weather":[{"id":\(id),"main":"\(main)","description":"\(description)",\
            "icon":"01d"}],"base":"stations","main":{"temp":\(temperature),"feels_like":11.2,"temp_min":11.0,\
            "temp_max":13.9,"pressure":1021,"humidity":\(humidity),"sea_level":1021,"grnd_level":1020},\
            "visibility":10000,"wind":{"speed":\(wind),"deg":320},"clouds":{"all":0},"dt":1763770500,\
            "sys":{"type":1,"id":8086,"country":"KR","sunrise":1763762780,"sunset":1763799060},"timezone":32400,\
            "id":1838524,"name":"Busan","cod":200}
            """
    }

    /// OpenWeather direct geocoding: a list of places (empty when nothing matched).
    public static func openWeatherGeocoding(_ place: Place?) -> String {
        guard let place else { return "[]" }
        return """
            [{"name":"\(place.name)","local_names":{"en":"\(place.name)","ko":"\(place.korean)"},\
            "lat":\(place.latitude),"lon":\(place.longitude),"country":"KR"}]
            """
    }

    public static let openWeatherBadKey =
        "{\"cod\":401, \"message\": \"Invalid API key. Please see https://openweathermap.org/faq#error401 for more info.\"}"

    /// The key the fake OpenWeather accepts.
    public static let goodKey = "test-key-0123"

    /// Answers every provider endpoint the way the real services do: Open-Meteo's forecast (current,
    /// or hourly with past_days/forecast_days counted from `today`), its archive and geocoding, and
    /// OpenWeather's current weather and geocoding (which want `goodKey`).
    public static func providers(code: Int = 3, hourlyCode: @escaping @Sendable (Int) -> Int = { _ in 61 }) -> Handler {
        { request in
            func place(_ name: String?) -> Place? {
                let wanted = (name ?? "").lowercased()
                return places.first { $0.name.lowercased() == wanted || $0.korean == wanted }
            }
            switch request.path {
            case "/v1/forecast":
                if request.query["current"] != nil { return .json(openMeteoCurrent(code: code)) }
                let past = Int(request.query["past_days"] ?? "0") ?? 0
                let ahead = Int(request.query["forecast_days"] ?? "7") ?? 7
                var calendar = Calendar(identifier: .gregorian)
                calendar.timeZone = TimeZone(secondsFromGMT: 0)!
                let parts = today.split(separator: "-").compactMap { Int($0) }
                let day = calendar.date(byAdding: .day, value: -past, to: calendar.date(from: DateComponents(year: parts[0], month: parts[1], day: parts[2]))!)!
                let formatter = DateFormatter()
                formatter.locale = Locale(identifier: "en_US_POSIX")
                formatter.timeZone = TimeZone(secondsFromGMT: 0)
                formatter.dateFormat = "yyyy-MM-dd"
                return .json(openMeteoHourly(start: formatter.string(from: day), days: past + ahead, code: hourlyCode))
            case "/v1/archive":
                guard let start = request.query["start_date"] else {
                    return .json("{\"error\":true,\"reason\":\"Parameter 'start_date' is required\"}", status: 400)
                }
                return .json(openMeteoHourly(start: start, days: 1, code: hourlyCode))
            case "/v1/search":
                return .json(openMeteoGeocoding(place(request.query["name"])))
            case "/data/2.5/weather":
                guard request.query["appid"] == goodKey else { return .json(openWeatherBadKey, status: 401) }
                return .json(openWeatherCurrent(description: request.query["lang"] == "kr" ? "맑음" : "clear sky"))
            case "/geo/1.0/direct":
                guard request.query["appid"] == goodKey else { return .json(openWeatherBadKey, status: 401) }
                return .json(openWeatherGeocoding(place(request.query["q"])))
            default:
                return .json("{\"error\":true,\"reason\":\"no such endpoint\"}", status: 404)
            }
        }
    }
}
