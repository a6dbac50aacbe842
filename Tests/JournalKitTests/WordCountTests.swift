import Testing
@testable import JournalKit

/// Words as a Korean reader counts them (`WordCount.eojeol`): runs between spaces, in the text as a reader
/// sees it; Markdown's marks, pictures, comments and tags are no words.
@Suite struct WordCountTests {
    @Test(arguments: [
        ("오늘은 바다에 갔다.", 3),
        ("  여러   칸   띄어도  세 어절 ", 5),
        ("# 제목\n## 작은 제목", 3),
        ("- 하나\n* 둘\n+ 셋\n1. 넷\n2) 다섯", 5),
        ("- [ ] 할 일\n- [x] 한 일", 4),
        ("> 인용한 말\n> > 겹친 인용", 4),
        ("**굵게** 쓴 _말_ ~~지운~~ 말", 5),
        ("[링크 글](https://example.com/a) 뒤", 3),
        ("![사진 설명](photo.jpg) 사진 뒤 말", 3),
        ("![[photo.jpg]] 옵시디언", 1),
        ("앞 <!-- 세지 않는\n여러 줄 -->뒤", 2),
        ("줄<br>바꿈 <b>굵게</b>", 3),
        ("```swift\nlet x = 1\n```", 3),
        ("---\n***\n| 가 | 나 |\n|---|---|", 2),
        ("— … 😀 !!", 0),
        ("#해시태그 하나", 2),
        ("1.5km 걸었다", 2),
        ("", 0),
    ])
    func counts(_ text: String, _ words: Int) {
        #expect(WordCount.eojeol(text) == words, "\(text)")
    }
}
