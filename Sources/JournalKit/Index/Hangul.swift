import Foundation

/// Korean search, the way the diary apps' `contains` found text: anywhere inside words.
///
/// Korean glues particles and endings to words (`서울역에서` is one word), so word and prefix search
/// miss `역` and `에서` in it. The index therefore also holds every run of Hangul syllables as
/// overlapping two-syllable grams, the run's last syllable alone closing it: `서울역에서` is
/// `서울 울역 역에 에서 서`. A query of n ≥ 2 syllables is the phrase of its n − 1 grams, which
/// occur one after the other exactly where the run contains the query (a run's closing single
/// syllable keeps grams of two runs from ever standing next to each other); a one-syllable query
/// is a gram prefix, since every syllable of a run begins a gram or closes the run.
///
/// The last syllable also stands for every syllable typed on from it (search as you type): its
/// keystrokes on a Korean keyboard are a prefix of theirs. `나` stands for `났`, `난`, `날`; `오` for
/// `와`, `왕`; `갈` for `갉`. (A final consonant that typing on turns into the next syllable's
/// first, `만낫` on the way to `만나서`, is not followed.)
enum Hangul {
    static func isSyllable(_ scalar: Unicode.Scalar) -> Bool {
        (0xAC00...0xD7A3).contains(scalar.value)
    }

    /// The text of the gram column: every run of syllables in `text` as its grams.
    static func grams(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        var previous: Unicode.Scalar?
        func close() {
            guard let last = previous else { return }
            out.append(last)
            out.append(" ")
            previous = nil
        }
        for scalar in text.unicodeScalars {
            guard isSyllable(scalar) else {
                close()
                continue
            }
            if let last = previous {
                out.append(last)
                out.append(scalar)
                out.append(" ")
            }
            previous = scalar
        }
        close()
        return String(out)
    }

    /// The FTS5 expression (on the gram column) for text containing `run`, a run of syllables; with
    /// `typing`, its last syllable may be any syllable typed on from it.
    static func expression(_ run: [Unicode.Scalar], typing: Bool) -> String {
        guard let last = run.last else { return "\"\"" }
        let lasts = typing ? continuations(last) : [last]
        let alternatives: [String]
        if run.count == 1 {
            alternatives = lasts.map { "\"\(Character($0))\"*" }
        } else {
            let grams = zip(run.dropLast(2), run.dropFirst().dropLast()).map { "\(Character($0))\(Character($1)) " }.joined()
            let before = Character(run[run.count - 2])
            alternatives = lasts.map { "\"\(grams)\(before)\(Character($0))\"" }
        }
        return "grams : (" + alternatives.joined(separator: " OR ") + ")"
    }

    /// `syllable` and every syllable whose keystrokes begin with its keystrokes.
    static func continuations(_ syllable: Unicode.Scalar) -> [Unicode.Scalar] {
        guard isSyllable(syllable) else { return [syllable] }
        let index = Int(syllable.value) - 0xAC00
        let initial = index / 588
        // The initial stays; the keys of the vowel and the final (on the standard two-set keyboard) decide.
        let typed = vowelKeys[index % 588 / 28] + finalKeys[index % 28]
        var result: [Unicode.Scalar] = []
        for rest in 0..<588 {
            let vowel = vowelKeys[rest / 28]
            let final = finalKeys[rest % 28]
            guard vowel.count + final.count >= typed.count,
                typed.indices.allSatisfy({ $0 < vowel.count ? vowel[$0] == typed[$0] : final[$0 - vowel.count] == typed[$0] }),
                let scalar = Unicode.Scalar(0xAC00 + initial * 588 + rest)
            else { continue }
            result.append(scalar)
        }
        return result
    }

    private static let vowelKeys = vowels.map { Array($0.unicodeScalars) }
    private static let finalKeys = finals.map { Array($0.unicodeScalars) }

    private static let vowels = [
        "ㅏ", "ㅐ", "ㅑ", "ㅒ", "ㅓ", "ㅔ", "ㅕ", "ㅖ", "ㅗ", "ㅗㅏ", "ㅗㅐ", "ㅗㅣ", "ㅛ", "ㅜ", "ㅜㅓ", "ㅜㅔ", "ㅜㅣ", "ㅠ", "ㅡ",
        "ㅡㅣ", "ㅣ",
    ]
    private static let finals = [
        "", "ㄱ", "ㄲ", "ㄱㅅ", "ㄴ", "ㄴㅈ", "ㄴㅎ", "ㄷ", "ㄹ", "ㄹㄱ", "ㄹㅁ", "ㄹㅂ", "ㄹㅅ", "ㄹㅌ", "ㄹㅍ", "ㄹㅎ", "ㅁ",
        "ㅂ", "ㅂㅅ", "ㅅ", "ㅆ", "ㅇ", "ㅈ", "ㅊ", "ㅋ", "ㅌ", "ㅍ", "ㅎ",
    ]
}
