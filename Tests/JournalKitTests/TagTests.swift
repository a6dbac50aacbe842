import Testing

@testable import JournalKit

/// What a tag is, answered by `Tag` alone (issue 29 §4).
@Suite struct TagTests {
    @Test func typedTagsAreStoredOnceInAnyCase() throws {
        #expect(try Tag.normalize(["Busan,busan", "#food", "@서울", " new york ", "BUSAN"]) == ["Busan", "food", "서울", "new york"])
        #expect(throws: JournalError.self) { try Tag.normalize(["a\u{7}b"]) }
        #expect(Tag.stored("#Food  &  Drink,") == "Food & Drink")
        #expect(Tag.stored("#") == nil)
    }

    @Test func tagsCompareWithoutCaseOrTheirMark() {
        #expect(Tag.same("#Sea", "sea"))
        #expect(Tag.same("서울", "#서울"))
        #expect(!Tag.same("sea", "seas"))
        #expect(Tag.key("#Work/Meeting") == "work/meeting")
    }

    /// A one-word tag (what a rename writes into texts) is found again, whole, as a `#hashtag`.
    @Test func aWordIsAHashtagWhole() {
        for name in ["busan", "서울", "café", "work/meeting", "x_1", "v1.2", "ก้า", "नमस्ते", "ok😀", "a1️⃣"] {
            #expect(Tag.isWord(name), "\(name)")
            #expect(Hashtags.find(in: "Went #\(name) today") == [name], "\(name)")
        }
        for name in ["new york", "a,b", "a#b", "", "tab\there"] {
            #expect(!Tag.isWord(name), "\(name)")
        }
    }
}
