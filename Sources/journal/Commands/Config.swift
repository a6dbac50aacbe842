import ArgumentParser
import Foundation
import JournalKit

extension JournalCommand {
    struct Config: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "config",
            abstract: Help.text("help.Config.abstract"),
            discussion: Help.reflow(Say.text("help.Config.discussion")),
            subcommands: [ListConfig.self, GetConfig.self, SetConfig.self, UnsetConfig.self, ConfigPath.self],
            defaultSubcommand: ListConfig.self)
    }

    struct ListConfig: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list", abstract: Help.text("help.ListConfig.abstract"))

        @OptionGroup var options: GlobalOptions

        func run() throws {
            let config = try UserSettings.load(creating: true)
            printColumns(config.setKeys.compactMap { key in
                config.value(of: key).map { (key, UserConfig.secretKeys.contains(key) ? Say.hiddenSecret : $0) }
            })
        }
    }

    struct GetConfig: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "get", abstract: Help.text("help.GetConfig.abstract"),
            discussion: Say.text("help.GetConfig.discussion"))

        @OptionGroup var options: GlobalOptions

        @Argument(help: ArgumentHelp(Help.text("help.GetConfig.key")))
        var key: String

        func run() throws {
            guard UserConfig.knows(key) else { throw JournalError.invalid(Say.unknownConfigKey(key, UserConfig.keys + ["journals.NAME"])) }
            let config = try UserSettings.load(creating: true)
            guard let value = config.value(of: key) else { throw JournalError.invalid(Say.configKeyUnset(key)) }
            print(value)
        }
    }

    struct SetConfig: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "set", abstract: Help.text("help.SetConfig.abstract"),
            discussion: Help.reflow(Say.text("help.SetConfig.discussion")))

        @OptionGroup var options: GlobalOptions

        @Argument(help: ArgumentHelp(Help.text("help.SetConfig.key")))
        var key: String

        @Argument(help: ArgumentHelp(Help.text("help.SetConfig.value")))
        var value: String

        func run() throws {
            guard UserConfig.knows(key) else { throw JournalError.invalid(Say.unknownConfigKey(key, UserConfig.keys + ["journals.NAME"])) }
            let path = UserSettings.path
            let value = value.trimmingCharacters(in: .whitespaces)
            var text = try UserConfig.setting(key, to: value.isEmpty ? nil : value, in: try UserConfig.text(at: path), path: path)
            var shown = Say.configSet(key, UserConfig.secretKeys.contains(key) ? Say.hiddenSecret : value)
            if key == "location.default", !value.isEmpty {
                // Look the place up now, once, so that every `journal add` does not have to.
                let config = try UserConfig.parse(text, path: path)
                let service = WeatherService(settings: try UserSettings.weather(config))
                do {
                    let found = try service.geocode(value, timeout: service.settings.requestTimeout)
                    if let latitude = found.latitude, let longitude = found.longitude {
                        let lat = YAMLWriter.number(latitude)
                        let lon = YAMLWriter.number(longitude)
                        text = try UserConfig.setting("location.latitude", to: lat, in: text, path: path)
                        text = try UserConfig.setting("location.longitude", to: lon, in: text, path: path)
                        shown = Say.defaultLocationGeocoded(value, lat, lon)
                    }
                } catch {
                    text = try UserConfig.setting("location.latitude", to: nil, in: text, path: path)
                    text = try UserConfig.setting("location.longitude", to: nil, in: text, path: path)
                    Terminal.warn(Say.defaultLocationNotGeocoded(value, "\(error)"))
                }
            }
            try UserConfig.write(text, to: path)
            print(shown)
        }
    }

    struct UnsetConfig: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "unset", abstract: Help.text("help.UnsetConfig.abstract"))

        @OptionGroup var options: GlobalOptions

        @Argument(help: ArgumentHelp(Help.text("help.UnsetConfig.key")))
        var key: String

        func run() throws {
            guard UserConfig.knows(key) else { throw JournalError.invalid(Say.unknownConfigKey(key, UserConfig.keys + ["journals.NAME"])) }
            let path = UserSettings.path
            var text = try UserConfig.setting(key, to: nil, in: try UserConfig.text(at: path), path: path)
            if key == "location.default" {
                text = try UserConfig.setting("location.latitude", to: nil, in: text, path: path)
                text = try UserConfig.setting("location.longitude", to: nil, in: text, path: path)
            }
            try UserConfig.write(text, to: path)
            print(Say.configUnset(key))
        }
    }

    struct ConfigPath: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "path", abstract: Help.text("help.ConfigPath.abstract"))

        @OptionGroup var options: GlobalOptions

        func run() throws { print(UserSettings.path) }
    }
}
