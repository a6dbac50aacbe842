import Foundation
import Testing

/// Korean dates through the real binary: `add --date`, `list --on/--from/--to` and `show --at`. Every
/// expected day comes from the sandbox's clock; scripts/clock-suites.sh runs this suite under other days and zones.
@Suite struct KoreanDateCommands {
    @Test func koreanDatesPlaceAndFindEntries() throws {
        let box = try Sandbox()
        try box.journal("init")
        let today = try box.add("오늘 쓴 글")
        let yesterday = try box.add("--date", "어제 오후 9시 30분", "어제 쓴 글")
        let weekAgo = try box.add("--date", "1주 전", "일주일 전의 글")
        #expect(box.entryFiles().contains { $0.hasSuffix("/\(box.day(-1))-\(yesterday).md") })
        #expect(box.entryFiles().contains { $0.hasSuffix("/\(box.day(-7))-\(weekAgo).md") })
        let file = try #require(box.entryFiles().first { $0.contains(yesterday) })
        #expect(try #require(box.read(file)).contains("created_at: \(box.day(-1))T21:30:00"))
        func ids(_ arguments: String...) throws -> [String] {
            let result = try box.run(arguments)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            return result.stdout.split(separator: "\n").compactMap { line in
                [today, yesterday, weekAgo].first { line.contains($0) }
            }
        }
        #expect(try ids("list", "--on", "오늘") == [today])
        #expect(try ids("list", "--on", "어제") == [yesterday])
        #expect(try ids("list", "--on", "7일전") == [weekAgo])
        #expect(try ids("list", "--from", "그저께") == [today, yesterday])
        #expect(try ids("list", "--to", "어제") == [yesterday, weekAgo])
        #expect(try ids("list", "--from", "2주 전", "--to", "내일") == [today, yesterday, weekAgo])
        #expect(try ids("list", "--on", "3 weeks ago").isEmpty)
        #expect(try ids("list", "--from", "1 week ago") == [today, yesterday, weekAgo])
        let year = String(box.day().prefix(4))
        let month = Int(box.day().dropFirst(5).prefix(2)) ?? 0
        let day = Int(box.day().dropFirst(8).prefix(2)) ?? 0
        #expect(try ids("list", "--on", "\(year)년 \(month)월 \(day)일") == [today])
        #expect(try ids("list", "--on", "\(year)/\(box.day().dropFirst(5).prefix(2))/\(box.day().suffix(2))") == [today])
        #expect(try ids("list", "--on", "\(year)년 \(month)월").contains(today))
        #expect(try ids("list", "--on", "이번 달").contains(today))
        #expect(try ids("list", "--on", "이번 주").contains(today))
        #expect(try ids("list", "--on", "올해").contains(today))
    }

    @Test func showAtAKoreanDay() throws {
        let box = try Sandbox()
        try box.journal("init")
        let id = try box.add("첫 번째 판")
        box.advanceClock()
        let path = try #require(box.entryFiles().first)
        try box.write(path, (box.read(path) ?? "").replacingOccurrences(of: "첫 번째 판", with: "두 번째 판"))
        #expect(try box.journal("commit").status == 0)
        #expect(try box.journal("show", id, "--at", "오늘", "--raw").stdout.hasSuffix("두 번째 판\n"))
        #expect(try box.journal("show", id, "--at", "어제", "--raw").status == 1, "the entry did not exist yet")
    }

    @Test func anImpossibleKoreanDateIsOneLineAndChangesNothing() throws {
        let box = try Sandbox()
        try box.journal("init")
        let before = try box.git("rev-parse", "HEAD")
        let result = try box.journal("add", "--date", "2019년 2월 29일", "윤년이 아닌 해")
        #expect(result.status != 0)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("'2019년 2월 29일': February 2019 has 28 days"))
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(box.entryFiles().isEmpty)
        #expect(try box.git("rev-parse", "HEAD") == before)
        let list = try box.journal("list", "--on", "2월 30일")
        #expect(list.status != 0)
        #expect(list.stderr.contains("February has at most 29 days"))
        try box.expectCleanRepository()
    }
}
