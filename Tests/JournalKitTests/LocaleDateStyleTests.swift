import Foundation
import Testing
@testable import JournalKit

/// A locale's dates written without ICU (`LocaleDateStyle`) are the formatter's own, or the formatter writes
/// them: never a third way.
@Suite struct LocaleDateStyleTests {
    static let locales = [
        "en_US", "en_GB", "en_AU", "de_DE", "fr_FR", "es_ES", "it_IT", "pt_BR", "nl_NL", "sv_SE", "pl_PL", "ru_RU",
        "tr_TR", "ja_JP", "zh_CN", "zh_TW", "ko_KR", "vi_VN", "th_TH", "he_IL", "ar_EG", "fa_IR", "hi_IN", "bn_BD",
    ]

    @Test func aStyleWritesWhatTheFormatterWrites() throws {
        var taken = 0
        var random = SystemRandomNumberGenerator()
        for identifier in Self.locales {
            let formatter = LocaleDateStyle.formatter(Locale(identifier: identifier))
            guard let style = LocaleDateStyle.taken(from: formatter) else { continue }
            taken += 1
            // Dates it was not tried on, in zones east and west.
            for _ in 0..<200 {
                let offset = Int.random(in: -12...14, using: &random) * 3600
                let stamp = Timestamp(date: Date(timeIntervalSince1970: Double.random(in: -2e9...4e9, using: &random).rounded()), offsetSeconds: offset)
                formatter.timeZone = TimeZone(secondsFromGMT: offset)
                #expect(style.format(stamp) == formatter.string(from: stamp.date), "\(identifier) \(stamp.date)")
            }
        }
        #expect(taken >= 10, "only \(taken) locales have a style")
        #expect(LocaleDateStyle.taken(from: LocaleDateStyle.formatter(Locale(identifier: "en_US"))) != nil)
    }

    @Test func theCacheSaysItsBuildAndLocale() throws {
        let style = try #require(LocaleDateStyle.taken(from: LocaleDateStyle.formatter(Locale(identifier: "en_US"))))
        let text = LocaleDateStyle.written(style, build: "b1", locale: "en_US")
        #expect(LocaleDateStyle.read(text, build: "b1", locale: "en_US") == .some(style))
        #expect(LocaleDateStyle.read(text, build: "b2", locale: "en_US") == nil)  // another build: made again
        #expect(LocaleDateStyle.read(text, build: "b1", locale: "en_GB") == nil)
        let none = LocaleDateStyle.written(nil, build: "b1", locale: "ar_EG")
        #expect(LocaleDateStyle.read(none, build: "b1", locale: "ar_EG") == .some(nil))  // the formatter's own
        // Cut short, or a name with a control character: made again.
        for broken in [String(text.dropLast(20)), text.replacingOccurrences(of: "Jan", with: "J\u{1B}[2Jan"), ""] {
            #expect(LocaleDateStyle.read(broken, build: "b1", locale: "en_US") == nil)
        }
        #expect(LocaleDateStyle.cacheFile("../../etc") == nil && LocaleDateStyle.cacheFile("") == nil)
        #expect(LocaleDateStyle.cacheFile("en_US")?.hasSuffix("/journal/dates-en_US") == true)
    }
}
