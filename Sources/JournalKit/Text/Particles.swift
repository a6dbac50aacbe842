/// Korean particles chosen by the word before them, as a Korean writes them: `부산을` but `제주를`,
/// `origin과` but `work와`, `서울로` and `부산으로`. A catalogue writes `{0:을}` for the particle that
/// follows argument 0 (see `Say.fill`); the form named is the one after a final consonant:
/// `을`/`를`, `이`/`가`, `은`/`는`, `과`/`와`, `으로`/`로` (`로` also after ㄹ), and the copula `이…`
/// (`이라는`/`라는`).
enum Particles {
    /// The particle `form` after `word`. When the word's last sound cannot be told (an emoji, a
    /// symbol), both forms are written as before: `을(를)`.
    static func after(_ word: String, _ form: String) -> String {
        guard let final = finalConsonant(of: word) else { return undecided(form) }
        switch form {
        case "을": return final == .none ? "를" : "을"
        case "이": return final == .none ? "가" : "이"
        case "은": return final == .none ? "는" : "은"
        case "과": return final == .none ? "와" : "과"
        case "으로": return final == .consonant ? "으로" : "로"
        default:
            // The copula: `이라는` after a consonant, `라는` after a vowel.
            guard form.hasPrefix("이") else { return form }
            return final == .none ? String(form.dropFirst()) : form
        }
    }

    private static func undecided(_ form: String) -> String {
        switch form {
        case "을": "을(를)"
        case "이": "이(가)"
        case "은": "은(는)"
        case "과": "과(와)"
        case "으로": "(으)로"
        default: form.hasPrefix("이") ? "(이)" + form.dropFirst() : form
        }
    }

    enum Final { case none, rieul, consonant }

    /// How `word` ends when read aloud in Korean; nil when that cannot be told. Closing quotes,
    /// brackets, `…` and punctuation after the word are passed over.
    static func finalConsonant(of word: String) -> Final? {
        let skipped: Set<Character> = ["'", "\"", "`", ")", "]", "}", ">", "…", ".", ",", ":", ";", "!", "?", " ", "/", "’", "”", "」", "』"]
        guard let last = word.last(where: { !skipped.contains($0) }), let scalar = last.unicodeScalars.first else {
            return nil
        }
        switch scalar.value {
        case 0xAC00...0xD7A3:
            let final = (scalar.value - 0xAC00) % 28
            return final == 0 ? Final.none : final == 8 ? .rieul : .consonant
        case 0x3131...0x314E:  // a consonant alone (ㅋ): read by its name, 키읔
            return .consonant
        case 0x314F...0x3163:  // a vowel alone
            return Final.none
        default:
            break
        }
        guard last.isASCII else { return nil }
        if last.isNumber {
            // Read in Sino-Korean: 영, 일, 이, 삼, 사, 오, 육, 칠, 팔, 구; a 0 at the end is 십, 백, 천 or 만.
            switch last {
            case "1", "7", "8": return .rieul
            case "2", "4", "5", "9": return Final.none
            default: return .consonant
            }
        }
        guard last.isLetter else { return nil }
        // A Latin word, by its last letter: -l and -r end in ㄹ (`mail`, `server`), -m and -n in a
        // consonant (`origin`), the others as borrowed words are said (`work`, 워크).
        switch last.lowercased() {
        case "l", "r": return .rieul
        case "m", "n": return .consonant
        default: return Final.none
        }
    }
}
