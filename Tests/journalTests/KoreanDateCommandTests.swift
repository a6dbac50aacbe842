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

    /// The times and phrases of issue 31 §2 through `add --date` and `list --on`, in Korean and English messages.
    @Test func timesAndPhrasesPeopleSay() throws {
        let box = try Sandbox()
        try box.journal("init")
        func created(_ id: String) throws -> String {
            let file = try #require(box.entryFiles().first { $0.contains(id) })
            let line = try #require(box.read(file)?.split(separator: "\n").first { $0.hasPrefix("created_at: ") })
            return String(line.dropFirst("created_at: ".count).prefix(16))
        }
        for language in ["C", "ko_KR.UTF-8"] {
            let env = ["LANG": language]
            func add(_ date: String) throws -> String {
                let result = try box.journal("add", "--date", date, "글 \(date)", env: env)
                #expect(result.status == 0, "\(date): \(result.stderr)")
                return String(result.stdout.split(separator: " ").dropFirst().first ?? "")
            }
            #expect(try created(add("밤 12시")) == "\(box.day())T00:00")
            #expect(try created(add("오전 0시 10분")) == "\(box.day())T00:10")
            #expect(try created(add("어제 저녁")) == "\(box.day(-1))T19:00")
            #expect(try created(add("그저께 점심 1시")) == "\(box.day(-2))T13:00")
            #expect(try created(add("사흘 전")).hasPrefix(box.day(-3)))
            #expect(try created(add("일주일 전")).hasPrefix(box.day(-7)))
            // A span on --date is its first day (at noon, or now when that is today).
            #expect(try created(add("이번 달")).hasPrefix("\(box.day().prefix(8))01T"))
            #expect(try created(add("this month")).hasPrefix("\(box.day().prefix(8))01T"))
            let lastYear = (Int(box.day().prefix(4)) ?? 0) - 1
            #expect(try created(add("작년 12월 31일")) == "\(lastYear)-12-31T12:00")
            let list = try box.journal("list", "--on", "작년 12월 31일", env: env)
            #expect(list.status == 0 && list.stdout.contains("작년 12월 31일"), "\(list.stderr)")
            let years = try box.journal("list", "--on", "재작년", env: env)
            #expect(years.status == 0 && years.stdout.isEmpty, "\(years.stderr)")
        }
    }

    /// A future date is saved with one line of warning, which `--future` leaves out; a year a diary is
    /// not written in is refused and leaves nothing behind.
    @Test func futureDatesWarnAndFarYearsAreRefused() throws {
        let box = try Sandbox()
        try box.journal("init")
        for (language, words) in [("C", "is in the future"), ("ko_KR.UTF-8", "미래 날짜예요")] {
            let env = ["LANG": language]
            let warned = try box.journal("add", "--date", "내일", "내일 쓸 글", env: env)
            #expect(warned.status == 0)
            #expect(warned.stderr.contains(words) && warned.stderr.contains("--future"), "\(warned.stderr)")
            #expect(warned.stderr.split(separator: "\n").count == 1)
            let quiet = try box.journal("add", "--future", "--date", "다음 주 월요일", "계획", env: env)
            #expect(quiet.status == 0 && quiet.stderr.isEmpty, "\(quiet.stderr)")
            let past = try box.journal("add", "--date", "어제 저녁", "지난 글", env: env)
            #expect(past.status == 0 && past.stderr.isEmpty, "\(past.stderr)")
            let id = String(past.stdout.split(separator: " ").dropFirst().first ?? "")
            let moved = try box.journal("edit", id, "--date", "모레", env: env)
            #expect(moved.status == 0 && moved.stderr.contains(words), "\(moved.stderr)")
        }
        #expect(box.entryFiles().count == 6)
        try box.expectCleanRepository()
        let head = try box.git("rev-parse", "HEAD")
        for (language, date, words) in [
            ("C", "3000년 1월 1일", "an entry is dated in the years 1900 to 2200, not 3000"),
            ("C", "1899-12-31", "an entry is dated in the years 1900 to 2200, not 1899"),
            ("ko_KR.UTF-8", "3000년 1월 1일", "일기 날짜는 1900년부터 2200년까지예요(3000년은 안 돼요)"),
        ] {
            let result = try box.journal("add", "--date", date, "먼 미래", env: ["LANG": language])
            #expect(result.status != 0 && result.stdout.isEmpty)
            #expect(result.stderr.contains(words) && result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        }
        #expect(box.entryFiles().count == 6)
        #expect(try box.git("rev-parse", "HEAD") == head)
        try box.expectCleanRepository()
    }
}
