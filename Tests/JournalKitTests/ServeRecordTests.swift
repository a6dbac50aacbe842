import Foundation
import Testing
@testable import JournalKit

/// `serve.json` is read by hand (every command that reads entries reads it); what JSONEncoder writes and
/// JSONDecoder reads, it reads alike, and anything else is no record.
@Suite struct ServeRecordTests {
    static let records = [
        ServeRecord(pid: 4242, address: "127.0.0.1", port: 43301, token: "2b432f6fece114c2fabfe20c80f6daf8881153dd7c9fe9d2",
                    started: 1_764_209_854.123456, socket: "/home/minji/diary/.git/journal/serve.sock"),
        ServeRecord(pid: 1, address: "::1", port: 1, token: "quote\" back\\slash tab\t newline\n", started: 0,
                    socket: "/tmp/journal-1000/일기 \u{1F4D3}/serve.sock"),
    ]

    @Test func readsWhatJSONEncoderWrites() throws {
        for record in Self.records {
            for formatting: JSONEncoder.OutputFormatting in [[], [.prettyPrinted, .sortedKeys], [.withoutEscapingSlashes]] {
                let encoder = JSONEncoder()
                encoder.outputFormatting = formatting
                let data = try encoder.encode(record)
                #expect(ServeRecord(json: data) == record)
                #expect(ServeRecord(json: data) == (try JSONDecoder().decode(ServeRecord.self, from: data)))
            }
        }
        let escaped = Data(#"{"pid":7,"address":"\u0031\u0032\u0037.0.0.1","port":8,"token":"t","started":1.5e3,"socket":"\/s"}"#.utf8)
        #expect(ServeRecord(json: escaped) == ServeRecord(pid: 7, address: "127.0.0.1", port: 8, token: "t", started: 1500, socket: "/s"))
    }

    @Test func anythingElseIsNoRecord() throws {
        let good = try JSONEncoder().encode(Self.records[0])
        let text = String(decoding: good, as: UTF8.self)
        for bad in [
            "", "{", "[]", "null", String(text.dropLast()), text + "x", text.replacingOccurrences(of: "\"pid\"", with: "\"pod\""),
            text.replacingOccurrences(of: ":4242", with: ":\"4242\"x"), text.replacingOccurrences(of: ",", with: ";"),
            #"{"pid":7,"address":"a","port":8,"token":"t","started":1,"socket":"s\q"}"#,
        ] {
            #expect(ServeRecord(json: Data(bad.utf8)) == nil, "\(bad)")
        }
    }
}
