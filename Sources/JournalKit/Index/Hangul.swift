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
/// `와`, `왕`; `갈` for `갉`. A final consonant that typing on turns into the next syllable's first is
/// followed too (`finalAsNextInitial`): `행` on the way to `해운대`, `을지롱` to `을지로에서`, `됒` to `돼지`,
/// `닭` (a double final split) to `달걀`.
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
                if let token = emojiToken(scalar) { out.append(contentsOf: token.unicodeScalars + [" "]) }
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
        return expression([run.dropLast().map { Slot.one([$0]) } + [.one(typing ? continuations(last) : [last])]], grams: nil)
    }

    /// One place of a searched run: any of some syllables, or any syllable that begins with a consonant
    /// typed alone (`ㅂ` in `떡ㅂ`, each of `ㄸㅂㅇ`).
    enum Slot: Equatable {
        case one([Unicode.Scalar])
        case initial(Int)

        func holds(_ syllable: Unicode.Scalar) -> Bool {
            switch self {
            case .one(let syllables): syllables.contains(syllable)
            case .initial(let initial): Hangul.parts(syllable)?.initial == initial
            }
        }
    }

    /// The grams the index holds between two texts (inclusive): what a typed consonant can stand for.
    typealias GramLookup = (_ from: String, _ to: String) -> [String]

    /// The most alternatives one searched word turns into: past it, the rarest are left out.
    static let alternativesLimit = 400

    /// The FTS5 expression (on the gram column) for text holding any of `forms`, each a run of slots; a
    /// consonant's slot takes the syllables the index has there (`grams`; none without it).
    static func expression(_ forms: [[Slot]], grams: GramLookup?) -> String {
        var alternatives: [String] = []
        for form in forms {
            for run in runs(form, grams: grams) where alternatives.count < alternativesLimit {
                if run.count == 1 {
                    alternatives.append("\"\(Character(run[0]))\"*")
                } else {
                    alternatives.append("\"" + zip(run, run.dropFirst()).map { "\(Character($0))\(Character($1))" }.joined(separator: " ") + "\"")
                }
            }
        }
        guard !alternatives.isEmpty else { return "grams : \"\"" }
        return "grams : (" + alternatives.joined(separator: " OR ") + ")"
    }

    /// The runs of syllables `form` stands for, those of a consonant's slot as the index has them.
    static func runs(_ form: [Slot], grams: GramLookup?) -> [[Unicode.Scalar]] {
        var partial: [[Unicode.Scalar]] = [[]]
        for (index, slot) in form.enumerated() {
            var next: [[Unicode.Scalar]] = []
            for run in partial {
                var options: [Unicode.Scalar] = []
                switch slot {
                case .one(let syllables):
                    options = syllables
                case .initial(let initial):
                    guard let grams else { break }
                    let range = syllables(initial: initial)
                    if let previous = run.last {
                        // The grams that begin with the syllable before and go on with this consonant.
                        options = grams(String(Character(previous)) + String(Character(range.lowerBound)),
                                        String(Character(previous)) + String(Character(range.upperBound)))
                            .compactMap { gram in gram.unicodeScalars.count == 2 ? gram.unicodeScalars.last : nil }
                    } else if index + 1 < form.count {
                        // The first of initials alone: syllables that begin a gram going on as the next slot wants.
                        var seen = Set<Unicode.Scalar>()
                        for gram in grams(String(Character(range.lowerBound)), String(Character(range.upperBound)) + "\u{D7A3}") {
                            let pair = Array(gram.unicodeScalars)
                            guard pair.count == 2, isSyllable(pair[1]), form[index + 1].holds(pair[1]), seen.insert(pair[0]).inserted
                            else { continue }
                            options.append(pair[0])
                        }
                    }
                }
                for option in options where next.count < alternativesLimit { next.append(run + [option]) }
            }
            partial = next
        }
        return partial.filter { !$0.isEmpty }
    }

    /// The slots of a word's Korean run as typed, and the other forms its last syllable takes in a
    /// verb's irregular endings (`걷` → `걸어`, `마시` → `마셔`): each a run of slots. A run of consonants
    /// typed alone is searched as the initials of syllables (`ㄸㅂㅇ` → `떡볶이`); a consonant after
    /// syllables as the next syllable begun (`떡ㅂ` → `떡볶이`). Nil when `word` is no such run.
    static func forms(_ word: [Unicode.Scalar], typing: Bool) -> [[Slot]]? {
        guard let last = word.last else { return nil }
        if word.allSatisfy({ consonantInitial($0) != nil }) {
            guard word.count >= 2 else { return nil }
            return [word.compactMap { consonantInitial($0).map(Slot.initial) }]
        }
        if let initial = consonantInitial(last), word.dropLast().allSatisfy(isSyllable) {
            return [word.dropLast().map { Slot.one([$0]) } + [.initial(initial)]]
        }
        guard word.allSatisfy(isSyllable) else { return nil }
        let fixed = word.dropLast().map { Slot.one([$0]) }
        var forms = [fixed + [.one(typing ? continuations(last) : [last])]]
        guard typing else { return forms }
        if let (syllable, initial) = finalAsNextInitial(last) {
            forms.append(fixed + [.one([syllable]), .initial(initial)])
        }
        for (stem, next) in irregularForms(Array(word)) {
            forms.append(stem.map { Slot.one([$0]) } + (next.isEmpty ? [] : [.one(next)]))
        }
        return forms
    }

    /// The other shapes of a stem ending `run` before an ending: the syllables the stem becomes, and the
    /// syllables of the ending that may follow (only those: `걸` alone is not `걷`). Only what the irregular
    /// verbs and the vowel contractions do, and only where a stem can be: a one-syllable run for ㄷ, ㅂ, ㅅ
    /// and 되, two or more for the rest (`하`, `시`, `크` alone would find half the diary).
    static func irregularForms(_ run: [Unicode.Scalar]) -> [(stem: [Unicode.Scalar], next: [Unicode.Scalar])] {
        guard let last = run.last, let (initial, vowel, final) = parts(last) else { return [] }
        let before = Array(run.dropLast())
        func syllable(_ i: Int, _ v: Int, _ f: Int) -> Unicode.Scalar { compose(i, v, f) }
        /// `i`+`v` as an ending has it: bare, and with the past's ㅆ (`어`, `었`).
        func endings(_ i: Int, _ vowels: [Int]) -> [Unicode.Scalar] { vowels.flatMap { [syllable(i, $0, 0), syllable(i, $0, 20)] } }
        // 으, 은, 을, 음: the endings after a consonant.
        let eu = [0, 4, 8, 16].map { syllable(11, 18, $0) }
        let vowelEndings = endings(11, [4, 0]) + eu  // 어 었 아 았 으 은 을 음
        var forms: [(stem: [Unicode.Scalar], next: [Unicode.Scalar])] = []
        switch final {
        case 7:  // ㄷ: 걷 → 걸어, 걸었, 걸으
            forms.append((before + [syllable(initial, vowel, 8)], vowelEndings))
        case 17:  // ㅂ: 춥 → 추워, 추웠, 추운; 돕 → 도와
            forms.append((before + [syllable(initial, vowel, 0)], endings(11, [14, 9]) + [0, 4, 8, 16].map { syllable(11, 13, $0) }))
        case 19:  // ㅅ: 짓 → 지어, 지었, 지은
            forms.append((before + [syllable(initial, vowel, 0)], vowelEndings))
        case 27 where run.count >= 2 && [0, 2, 4, 6].contains(vowel):  // ㅎ: 파랗 → 파란, 파래, 파랬; 하얗 → 하얘
            for ending in [4, 8, 16] { forms.append((before + [syllable(initial, vowel, ending)], [])) }
            forms.append((before, endings(initial, [vowel == 2 || vowel == 6 ? 3 : 1])))
        case 0:
            if initial == 5, vowel == 18, let previous = before.last, let (pi, pv, pf) = parts(previous), pf == 0 {
                // 르: 부르 → 불러, 불렀; 모르 → 몰라
                forms.append((before.dropLast() + [syllable(pi, pv, 8)], endings(5, [4, 0])))
            } else if vowel == 18, run.count >= 2 {
                forms.append((before, endings(initial, [4, 0])))  // 으: 예쁘 → 예뻐, 예뻤; 바쁘 → 바빠
            } else if vowel == 20, run.count >= 2 {
                forms.append((before, endings(initial, [6])))  // 마시 → 마셔, 마셨
            } else if vowel == 11 {
                forms.append((before, endings(initial, [10])))  // 되 → 돼, 됐
            } else if last == syllable(18, 0, 0), run.count >= 2 {
                forms.append((before, endings(18, [1])))  // 공부하 → 공부해, 공부했
            }
        default:
            break
        }
        return forms
    }

    /// A syllable typed so far whose last consonant may be the next syllable's first, as the input method
    /// shows it until a vowel follows: the syllable without that consonant, and the initial it begins the
    /// next one with (`행` → `해`, ㅇ; `됒` → `돼`, ㅈ; `닭` → `달`, ㄱ; `없` → `업`, ㅅ). Nil for a syllable
    /// with no final, or whose final begins no syllable.
    static func finalAsNextInitial(_ syllable: Unicode.Scalar) -> (syllable: Unicode.Scalar, initial: Int)? {
        guard let (initial, vowel, final) = parts(syllable), final != 0, let split = finalSplits[final] else { return nil }
        return (compose(initial, vowel, split.kept), split.next)
    }

    /// By final (Unicode's order): the final left on the syllable and the initial that moves on.
    private static let finalSplits: [Int: (kept: Int, next: Int)] = [
        1: (0, 0), 2: (0, 1), 3: (1, 9), 4: (0, 2), 5: (4, 12), 6: (4, 18), 7: (0, 3), 8: (0, 5), 9: (8, 0), 10: (8, 6),
        11: (8, 7), 12: (8, 9), 13: (8, 16), 14: (8, 17), 15: (8, 18), 16: (0, 6), 17: (0, 7), 18: (17, 9), 19: (0, 9),
        20: (0, 10), 21: (0, 11), 22: (0, 12), 23: (0, 14), 24: (0, 15), 25: (0, 16), 26: (0, 17), 27: (0, 18),
    ]

    /// A syllable's initial, vowel and final, by their index in Unicode's order.
    static func parts(_ syllable: Unicode.Scalar) -> (initial: Int, vowel: Int, final: Int)? {
        guard isSyllable(syllable) else { return nil }
        let index = Int(syllable.value) - 0xAC00
        return (index / 588, index % 588 / 28, index % 28)
    }

    static func compose(_ initial: Int, _ vowel: Int, _ final: Int) -> Unicode.Scalar {
        Unicode.Scalar(UInt32(0xAC00 + initial * 588 + vowel * 28 + final)) ?? "가"
    }

    /// Every syllable that begins with the initial `initial`, in order.
    static func syllables(initial: Int) -> ClosedRange<Unicode.Scalar> {
        compose(initial, 0, 0)...compose(initial, 20, 27)
    }

    /// The initial a consonant typed alone (ㄱ…ㅎ, Hangul compatibility jamo) begins a syllable with.
    static func consonantInitial(_ scalar: Unicode.Scalar) -> Int? {
        compatibilityInitials.firstIndex(of: scalar.value)
    }

    /// A consonant cluster typed alone as its two consonants: an input method writes ㅂ then ㅅ with no vowel
    /// between as the one letter ㅄ, which as initials means ㅂㅅ (`부산`). Anything else as it is.
    static func clusterParts(_ scalar: Unicode.Scalar) -> [Unicode.Scalar] {
        guard let parts = clusters[scalar.value] else { return [scalar] }
        return parts.compactMap(Unicode.Scalar.init)
    }

    private static let clusters: [UInt32: [UInt32]] = [
        0x3133: [0x3131, 0x3145], 0x3135: [0x3134, 0x3148], 0x3136: [0x3134, 0x314E], 0x313A: [0x3139, 0x3131],
        0x313B: [0x3139, 0x3141], 0x313C: [0x3139, 0x3142], 0x313D: [0x3139, 0x3145], 0x313E: [0x3139, 0x314C],
        0x313F: [0x3139, 0x314D], 0x3140: [0x3139, 0x314E], 0x3144: [0x3142, 0x3145],
    ]

    private static let compatibilityInitials: [UInt32] = [
        0x3131, 0x3132, 0x3134, 0x3137, 0x3138, 0x3139, 0x3141, 0x3142, 0x3143, 0x3145, 0x3146, 0x3147, 0x3148, 0x3149,
        0x314A, 0x314B, 0x314C, 0x314D, 0x314E,
    ]

    /// The gram column's token for an emoji (`u1f389` for 🎉), so that emoji are searchable although the
    /// tokenizer takes them for punctuation; nil for anything else. Skin tones and joiners are left out:
    /// `👍` finds `👍🏽`.
    static func emojiToken(_ scalar: Unicode.Scalar) -> String? {
        let properties = scalar.properties
        guard scalar.value >= 0x203C, properties.isEmoji, !properties.isEmojiModifier, scalar.value != 0xFE0F else { return nil }
        return "u" + String(scalar.value, radix: 16)
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
