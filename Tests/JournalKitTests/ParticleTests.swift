import Foundation
import Testing

@testable import JournalKit

/// Korean particles chosen by the word before them (issue 31 §5).
@Suite struct ParticleTests {
    @Test func theRule() {
        let cases: [(String, String, String)] = [
            ("부산", "을", "을"), ("제주", "을", "를"), ("'부산'", "을", "을"), ("'제주'", "을", "를"),
            ("origin", "과", "과"), ("work", "과", "와"), ("#카페", "을", "를"), ("#여행", "을", "을"),
            ("서울", "으로", "로"), ("부산", "으로", "으로"), ("제주", "으로", "로"), ("mail", "으로", "로"),
            ("책", "이", "이"), ("사과", "이", "가"), ("가족", "은", "은"), ("나", "은", "는"),
            ("3", "을", "을"), ("2", "을", "를"), ("10", "이", "이"), ("7", "으로", "로"), ("5", "으로", "로"),
            ("ㅋㅋ", "이", "이"), ("ㅏ", "이", "가"), ("긴 제목…", "을", "을"), ("entries/a.md", "이", "가"),
            ("값", "이라는", "이라는"), ("사과", "이라는", "라는"),
            ("🎉", "을", "을(를)"), ("🎉", "으로", "(으)로"), ("🎉", "이라는", "(이)라는"), ("", "이", "이(가)"),
        ]
        for (word, form, expected) in cases {
            #expect(Particles.after(word, form) == expected, "\(word) \(form)")
        }
        #expect(Say.fill("'{0}'{0:을} {1}{1:으로}", ["부산", "서울"]) == "'부산'을 서울로")
        #expect(Say.fill("{0}{0:이} {9:을} {x:을}", ["제주"]) == "제주가 {9:을} {x:을}")
    }

    /// Every Korean message with a particle after a value, filled with words ending in a vowel, in ㄹ and
    /// in another consonant: the particle fits each, and no message still writes both forms (`을(를)`).
    @Test func everyKoreanMessageWithAParticle() throws {
        let korean = try CatalogueTests.read("ko")
        let both = ["을(를)", "를(을)", "이(가)", "가(이)", "은(는)", "는(은)", "과(와)", "와(과)", "(으)로", "(이)"]
        let placeholder = try NSRegularExpression(pattern: #"\{(\d):([^}]+)\}"#)
        var walked = 0
        for (key, text) in korean.sorted(by: { $0.key < $1.key }) {
            for form in both { #expect(!text.contains(form), "ko.txt: \(key) writes \(form)") }
            let matches = placeholder.matches(in: text, range: NSRange(text.startIndex..., in: text))
            guard !matches.isEmpty else { continue }
            walked += 1
            for match in matches {
                guard let numberRange = Range(match.range(at: 1), in: text), let formRange = Range(match.range(at: 2), in: text),
                      let number = Int(text[numberRange])
                else { continue }
                let form = String(text[formRange])
                #expect(["을", "이", "은", "과", "으로", "이라는"].contains(form), "ko.txt: \(key) has the particle {\(number):\(form)}")
                #expect(text.contains("{\(number)}"), "ko.txt: \(key) has a particle for {\(number)} without {\(number)}")
                for (word, expected) in [
                    ("제주", ["을": "를", "이": "가", "은": "는", "과": "와", "으로": "로", "이라는": "라는"]),
                    ("서울", ["을": "을", "이": "이", "은": "은", "과": "과", "으로": "로", "이라는": "이라는"]),
                    ("부산", ["을": "을", "이": "이", "은": "은", "과": "과", "으로": "으로", "이라는": "이라는"]),
                ] {
                    var arguments: [Any] = Array(repeating: "x", count: 10)
                    arguments[number] = word
                    let filled = Say.fill(text, arguments)
                    #expect(!filled.contains("{\(number):"), "ko.txt: \(key)")
                    let particle = expected[form] ?? "?"
                    // What stands between the value and its particle (`'`, `` ` ``, `:` or nothing).
                    let between = text.range(of: "{\(number):\(form)}").flatMap { particleRange in
                        text[..<particleRange.lowerBound].range(of: "{\(number)}", options: .backwards)
                            .map { String(text[$0.upperBound..<particleRange.lowerBound]) }
                    }
                    let expectedText = word + Say.fill(between ?? "?", arguments) + particle
                    #expect(filled.contains(expectedText), "ko.txt: \(key) with \(word): \(filled)")
                }
            }
        }
        #expect(walked > 100)
    }
}
