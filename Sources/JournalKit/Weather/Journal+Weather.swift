import Foundation

extension Journal {
    /// What `fillWeather` did.
    public struct WeatherFill: Sendable {
        public struct Filled: Sendable {
            /// The entry as it is now, weather and all.
            public var entry: Entry
            public var weather: Weather
            /// True when its location got its coordinates too (its name was looked up).
            public var geocoded: Bool
        }

        public struct Failed: Sendable {
            public var entry: Entry
            public var failure: WeatherFailure
        }

        public var filled: [Filled] = []
        public var failed: [Failed] = []
        /// Entries whose weather came back exactly as stored.
        public var unchanged: [Entry] = []
        /// True when Open-Meteo's history stood in for OpenWeather for some entry.
        public var fromFallback = false
        public var pending = PendingReport()
    }

    /// Entries that have a location but no weather, oldest first. Entries whose header cannot be read
    /// are left out, and so are those with a hand-written `weather:` line the tool cannot read.
    public func entriesMissingWeather() throws(JournalError) -> [Entry] {
        try entries().filter { $0.problem == nil && $0.weather == nil && $0.location != nil }.reversed()
    }

    /// Looks up the weather of each entry at its place and hour and writes it into the entry's
    /// `weather:` block, changing nothing else (but for the coordinates of a location that only had a
    /// name); all in one commit. The network is used before the writers' lock is taken, never under it.
    /// With `onlyMissing`, entries that have gained weather meanwhile are left alone.
    public func fillWeather(_ entries: [Entry], using service: WeatherService, onlyMissing: Bool) throws(JournalError)
        -> WeatherFill
    {
        var fill = WeatherFill()
        // 1. What to ask for, from the files as they are now.
        var work: [(entry: Entry, location: Location)] = []
        for listed in entries {
            let data = try FileSystem.read(root + "/" + listed.path)
            var entry = decodeForWeather(data, path: listed.path)
            if entry.dateSource == .modificationTime { entry.createdAt = listed.createdAt }
            if let problem = entry.problem {
                throw .brokenHeader(entry.path, line: problem.line, reason: problem.reason, id: entry.shortID)
            }
            if onlyMissing, entry.weather != nil || EntryFile.hasKey("weather", in: data) { continue }
            guard let location = entry.location else {
                fill.failed.append(.init(entry: entry, failure: .noCoordinates))
                continue
            }
            work.append((entry, location))
        }

        // 2. The network, a few requests at a time.
        let results = Results(count: work.count)
        let asks = work
        DispatchQueue.concurrentPerform(iterations: asks.count) { index in
            let (entry, location) = asks[index]
            results.set(index, Journal.lookUp(entry, location, service))
        }

        // 3. The edits, on the files as they are after the network's wait.
        var files: [(path: String, data: Data?)] = []
        var lines: [String] = []
        var done: [(entry: Entry, weather: Weather, geocoded: Bool)] = []
        for (index, item) in work.enumerated() {
            switch results.get(index) {
            case .failure(let failure):
                fill.failed.append(.init(entry: item.entry, failure: failure))
            case .success(let found):
                if found.result.fromFallback { fill.fromFallback = true }
                let data = try FileSystem.read(root + "/" + item.entry.path)
                let now = decodeForWeather(data, path: item.entry.path)
                guard now.problem == nil else { continue }
                if onlyMissing, now.weather != nil || EntryFile.hasKey("weather", in: data) { continue }
                guard
                    var edited = EntryFile.settingBlock(
                        "weather", found.result.weather.fields, keepingAllBut: Weather.toolKeys, before: "location", in: data)
                else { continue }
                let geocoded = found.coordinates != nil && (now.location?.latitude == nil || now.location?.longitude == nil)
                if geocoded, let place = found.coordinates, var location = now.location {
                    location.latitude = place.latitude
                    location.longitude = place.longitude
                    let coordinates = location.fields.filter { $0.0 == "latitude" || $0.0 == "longitude" }
                    edited =
                        EntryFile.appending(coordinates, toBlock: "location", in: edited)
                        ?? EntryFile.settingBlock("location", location.fields, in: edited) ?? edited
                }
                if edited == data {
                    fill.unchanged.append(now)
                    continue
                }
                files.append((item.entry.path, edited))
                let summary = Journal.weatherSummary(found.result.weather)
                lines.append(Say.commitWeatherLine(now.shortID, Journal.shortTitle(now.title), summary))
                done.append((now, found.result.weather, geocoded))
            }
        }
        guard !files.isEmpty else { return fill }

        // 4. One commit for the batch.
        let message: String
        if let only = done.first, done.count == 1 {
            message = Say.commitWeatherOne(Journal.shortTitle(only.entry.title), only.entry.shortID)
        } else {
            message = Say.commitWeatherMany(done.count) + "\n\n" + lines.joined(separator: "\n")
        }
        fill.pending = try change(files, message: message)
        for item in done {
            let entry = (try? readEntry(at: item.entry.path)) ?? item.entry
            fill.filled.append(.init(entry: entry, weather: item.weather, geocoded: item.geocoded))
        }
        return fill
    }

    /// `cloudy 8.5°C`: for commit messages (always metric).
    static func weatherSummary(_ weather: Weather) -> String {
        Say.weatherShort(weather.condition, weather.temperatureC.map { YAMLWriter.number($0) + "°C" })
    }

    private struct Found: Sendable {
        var result: WeatherResult
        /// Set when the location's coordinates had to be looked up by its name.
        var coordinates: Location?
    }

    private static func lookUp(_ entry: Entry, _ location: Location, _ service: WeatherService) -> Result<Found, WeatherFailure> {
        do throws(WeatherFailure) {
            var coordinates: Location?
            var latitude = location.latitude
            var longitude = location.longitude
            if latitude == nil || longitude == nil {
                guard let name = location.name, !name.trimmingCharacters(in: .whitespaces).isEmpty else { throw .noCoordinates }
                let found = try service.geocode(name)
                coordinates = found
                latitude = found.latitude
                longitude = found.longitude
            }
            guard let latitude, let longitude else { throw .noCoordinates }
            let result = try service.weather(latitude: latitude, longitude: longitude, at: entry.createdAt.date)
            return .success(Found(result: result, coordinates: coordinates))
        } catch {
            return .failure(error)
        }
    }

    /// Only the header matters here: a file without a date gets the clock's (no git lookup).
    private func decodeForWeather(_ data: Data, path: String) -> Entry {
        EntryFile.decode(data, path: path, zone: context.timeZone) {
            (Timestamp(date: context.now, timeZone: context.timeZone), .modificationTime)
        }
    }

    /// Results written by concurrent lookups.
    private final class Results: @unchecked Sendable {
        private let lock = NSLock()
        private var values: [Result<Found, WeatherFailure>?]

        init(count: Int) { values = Array(repeating: nil, count: count) }

        func set(_ index: Int, _ value: Result<Found, WeatherFailure>) {
            lock.lock()
            defer { lock.unlock() }
            values[index] = value
        }

        func get(_ index: Int) -> Result<Found, WeatherFailure> {
            lock.lock()
            defer { lock.unlock() }
            return values[index] ?? .failure(.noCoordinates)
        }
    }
}
