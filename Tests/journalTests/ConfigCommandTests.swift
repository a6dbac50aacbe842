import Foundation
import Testing

/// `journal config` and the user's config file.
@Suite struct ConfigCommandTests {
    static func configPath(_ box: Sandbox) -> String { box.home + "/.config/journal/config.yml" }

    @Test func firstUseCreatesTheCommentedFileForItsOwnerOnly() throws {
        let box = try Sandbox()
        let get = try box.journal("config", "get", "units")
        #expect(get.status == 0)
        #expect(get.stdout == "metric\n")
        let path = Self.configPath(box)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.hasPrefix("# Your settings for the `journal` command on this machine."))
        #expect(text.contains("\n  provider: open-meteo\n"))
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        #expect(try box.journal("config", "path").stdout == path + "\n")
        // Without XDG_CONFIG_HOME, under ~/.config.
        var environment = box.environment
        environment["XDG_CONFIG_HOME"] = nil
        let other = try Sandbox.exec(Sandbox.binary, ["config", "path"], stdin: nil, env: environment, cwd: box.home)
        #expect(other.stdout == box.home + "/.config/journal/config.yml\n")
    }

    /// Under Korean the file is explained in Korean; its keys are the same, and setting one that is
    /// commented out writes it in place.
    @Test func theFirstFileIsInTheMessagesLanguage() throws {
        let box = try Sandbox()
        box.environment["LANG"] = "ko_KR.UTF-8"
        #expect(try box.journal("config", "get", "units").stdout == "metric\n")
        let path = Self.configPath(box)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.hasPrefix("# 이 컴퓨터에서 쓰는 `journal` 명령의 설정이에요."), "\(text)")
        #expect(text.contains("\n  provider: open-meteo\n") && text.contains("\n  # default: Seoul\n"))
        #expect(try box.journal("config", "set", "location.default", "부산").status == 0)
        let set = try String(contentsOfFile: path, encoding: .utf8)
        #expect(set.contains("\n  default: 부산\n") && !set.contains("# default: Seoul"), "\(set)")
        #expect(try box.journal("config", "get", "location.default").stdout == "부산\n")
        let english = try box.journal("config", "get", "units", env: ["LANG": "C"])
        #expect(english.stdout == "metric\n")
    }

    @Test func setGetUnsetAndList() throws {
        let box = try Sandbox()
        #expect(try box.journal("config", "set", "units", "imperial").stdout == "units = imperial\n")
        #expect(try box.journal("config", "get", "units").stdout == "imperial\n")
        #expect(try box.journal("config", "set", "weather.api_key", "s3cret").stdout == "weather.api_key = (set; hidden)\n")
        #expect(try box.journal("config", "get", "weather.api_key").stdout == "s3cret\n")
        let list = try box.journal("config", "list")
        #expect(list.stdout.contains("weather.provider  open-meteo\n"))
        #expect(list.stdout.contains("weather.api_key   (set; hidden)\n"))
        #expect(!list.stdout.contains("s3cret"))
        #expect(try box.journal("config").stdout == list.stdout)
        let unset = try box.journal("config", "get", "location.default")
        #expect(unset.status == 1)
        #expect(unset.stderr == "journal: location.default is not set\n")
        #expect(try box.journal("config", "unset", "units").stdout == "Removed units.\n")
        #expect(try box.journal("config", "get", "units").stdout == "metric\n")
        let text = try String(contentsOfFile: Self.configPath(box), encoding: .utf8)
        #expect(text.contains("# metric (°C, km/h) or imperial (°F, mph), for display.\n"), "comments stay")
    }

    @Test func badKeysAndValuesChangeNothing() throws {
        let box = try Sandbox()
        try box.journal("config", "path")
        _ = try box.journal("config", "get", "units")
        let before = try String(contentsOfFile: Self.configPath(box), encoding: .utf8)
        let key = try box.journal("config", "set", "colour", "red")
        #expect(key.status == 1)
        #expect(key.stderr.hasPrefix("journal: unknown key 'colour' (known: weather.provider, "))
        let value = try box.journal("config", "set", "weather.provider", "darksky")
        #expect(value.status == 1)
        #expect(value.stderr.contains("weather.provider 'darksky' is not valid: expected open-meteo or openweather"), "\(value.stderr)")
        let latitude = try box.journal("config", "set", "location.latitude", "north")
        #expect(latitude.status == 1)
        #expect(try String(contentsOfFile: Self.configPath(box), encoding: .utf8) == before)
    }

    @Test func malformedConfigIsNamedWithItsLineAndNothingChanges() throws {
        let box = try Sandbox()
        try box.journal("init")
        let id = try box.add("--lat", "1", "--lon", "2", "--no-weather", "Before")
        try FileManager.default.createDirectory(atPath: box.home + "/.config/journal", withIntermediateDirectories: true)
        try "weather:\n  provider: open-meteo\n  url: [oops\nunits: metric\n".writeReplacing(toFile: Self.configPath(box))
        let commits = try box.commitSubjects()
        let add = try box.journal("add", "Not saved")
        #expect(add.status == 1)
        #expect(add.stderr.hasPrefix("journal: \(Self.configPath(box)):3: "), "\(add.stderr)")
        #expect(add.stderr.split(separator: "\n").count == 1)
        #expect(box.entryFiles().count == 1)
        #expect(try box.commitSubjects() == commits)
        let units = try box.journal("config", "set", "units", "metric")
        #expect(units.status == 1)
        #expect(units.stderr.hasPrefix("journal: \(Self.configPath(box)):3: "))
        let weather = try box.journal("weather", "--missing")
        #expect(weather.status == 1)
        try "units: kelvin\n".writeReplacing(toFile: Self.configPath(box))
        let bad = try box.journal("add", "--location", "Busan", "Not saved")
        #expect(bad.stderr == "journal: \(Self.configPath(box)):1: units 'kelvin' is not valid: expected metric or imperial\n")
        // Reading entries never fails over the settings file.
        #expect(try box.journal("list").status == 0)
        #expect(try box.journal("show", id).status == 0)
        #expect(try box.journal("add", "--no-location", "Still possible").status == 0)
    }

    @Test func defaultLocationThatCannotBeLookedUpIsKeptByName() throws {
        let box = try Sandbox()
        let set = try box.journal("config", "set", "location.default", "Busan")
        #expect(set.status == 0)
        #expect(set.stderr == "journal: warning: could not look up 'Busan' now (cannot reach 127.0.0.1:9 (connection refused)): it will be looked up at each `journal add`\n")
        #expect(set.stdout == "location.default = Busan\n")
        #expect(try box.journal("config", "get", "location.latitude").status == 1)
    }

    @Test func badEndpointInTheEnvironmentIsAnError() throws {
        let box = try Sandbox()
        try box.journal("init")
        let result = try box.journal("add", "--location", "Busan", "x", env: ["JOURNAL_WEATHER_URL": "not a url"])
        #expect(result.status == 1)
        #expect(result.stderr == "journal: $JOURNAL_WEATHER_URL 'not a url' is not an http:// or https:// URL\n")
        #expect(box.entryFiles().isEmpty)
    }
}
