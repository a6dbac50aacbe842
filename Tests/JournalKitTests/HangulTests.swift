import Testing
@testable import JournalKit

@Suite struct HangulTests {
    func continuations(_ syllable: Character) -> Set<Character> {
        Set(syllable.unicodeScalars.first.map { Hangul.continuations($0).map(Character.init) } ?? [])
    }

    @Test func gramsOverlapAndEachRunEndsAlone() {
        #expect(Hangul.grams("서울역에서 만났다") == "서울 울역 역에 에서 서 만났 났다 다 ")
        #expect(Hangul.grams("a 역, b") == "역 ")
        #expect(Hangul.grams("coffee") == "")
    }

    @Test func theLastSyllableStandsForWhatTypingOnMakesOfIt() {
        let na = continuations("나")
        #expect(na.count == 28 && na.isSuperset(of: ["나", "났", "난", "날"]))
        #expect(continuations("어").isSuperset(of: ["어", "었", "업"]))
        // Compound vowels and finals are typed in two strokes.
        #expect(continuations("오").isSuperset(of: ["오", "와", "왕", "외", "왜"]))
        #expect(!continuations("오").contains("우"))
        #expect(continuations("갈") == ["갈", "갉", "갊", "갋", "갌", "갍", "갎", "갏"])
        #expect(continuations("값") == ["값"])
        #expect(continuations("났") == ["났"])
        #expect(continuations("과").count == 28 && !continuations("과").contains("고"))
    }

    /// A final consonant typed so far may be the next syllable's first (a double final gives its second).
    @Test func aFinalMayBeginTheNextSyllable() {
        func split(_ syllable: Unicode.Scalar) -> String? {
            Hangul.finalAsNextInitial(syllable).map { "\(Character($0.syllable)) \($0.initial)" }
        }
        #expect(split("행") == "해 11")
        #expect(split("됒") == "돼 12")  // 돼지 half typed (돶 is 돠 and ㅈ)
        #expect(split("닭") == "달 0")
        #expect(split("없") == "업 9")
        #expect(split("갔") == "가 10")
        #expect(split("해") == nil)
        #expect(split("a") == nil)
    }

    @Test func queriesBecomeGramPhrases() {
        #expect(Hangul.expression(Array("서울역".unicodeScalars), typing: false) == "grams : (\"서울 울역\")")
        #expect(Hangul.expression(Array("역".unicodeScalars), typing: false) == "grams : (\"역\"*)")
        #expect(SearchText("서울 coffee").fts?.hasSuffix("AND \"coffee\"*") == true)
    }
}
