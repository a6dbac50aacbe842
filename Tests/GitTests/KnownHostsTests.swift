import Foundation
import Testing
@testable import Git

@Suite struct KnownHostsTests {
    // MARK: Digests

    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
         "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
        (String(repeating: "a", count: 1000),
         "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3"),
    ])
    func sha256Vectors(_ message: String, _ digest: String) {
        #expect(hex(Digest.sha256(Array(message.utf8))) == digest)
    }

    @Test(arguments: [
        ("", "da39a3ee5e6b4b0d3255bfef95601890afd80709"),
        ("abc", "a9993e364706816aba3e25717850c26c9cd0d89d"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", "84983e441c3bd26ebaae4aa1f95129e5e54670f1"),
        ("한국어", "6e081b5948efd1a97cecee33a5186c2d9195a93a"),
        // Around the padding boundaries (55/56 and 119/120 bytes) and across several blocks.
        (String(repeating: "a", count: 55), "c1c8bbdc22796e28c0e15163d20899b65621d65a"),
        (String(repeating: "a", count: 56), "c2db330f6083854c99d4b5bfb6e8f29f201be699"),
        (String(repeating: "a", count: 63), "03f09f5b158a7a8cdad920bddc29b81c18a551f5"),
        (String(repeating: "a", count: 64), "0098ba824b5c16427bd7a1122a5a442a25ec644d"),
        (String(repeating: "a", count: 119), "ee971065aaa017e0632a8ca6c77bb3bf8b1dfc56"),
        (String(repeating: "a", count: 120), "f34c1488385346a55709ba056ddd08280dd4c6d6"),
        (String(repeating: "a", count: 1000), "291e9a6c66994949b57ba5e650361e98fc36b1ba"),
    ])
    func sha1Vectors(_ message: String, _ digest: String) {
        #expect(hex(Digest.sha1(Array(message.utf8))) == digest)
    }

    /// RFC 2202, section 3: all seven HMAC-SHA1 test cases.
    @Test func hmacSHA1Vectors() {
        let cases: [([UInt8], [UInt8], String)] = [
            (bytes(0x0b, 20), Array("Hi There".utf8), "b617318655057264e28bc0b6fb378c8ef146be00"),
            (Array("Jefe".utf8), Array("what do ya want for nothing?".utf8), "effcdf6ae5eb2fa2d27416d5f184df9c259a7c79"),
            (bytes(0xaa, 20), bytes(0xdd, 50), "125d7342b9ac11cd91a39af48aa17b4f63f175d3"),
            (Array(1...25), bytes(0xcd, 50), "4c9007f4026250c6bc8414f9bf50c86c2d7235da"),
            (bytes(0x0c, 20), Array("Test With Truncation".utf8), "4c1a03424b55e07fe7f27be1d58bb9324a9a5a04"),
            (bytes(0xaa, 80), Array("Test Using Larger Than Block-Size Key - Hash Key First".utf8),
             "aa4ae5e15272d00e95705637ce8a3b55ed402112"),
            (bytes(0xaa, 80),
             Array("Test Using Larger Than Block-Size Key and Larger Than One Block-Size Data".utf8),
             "e8e99d0f45237d786d6bbaa7965c7808bbff1a91"),
        ]
        for (number, (key, data, digest)) in cases.enumerated() {
            #expect(hex(Digest.hmacSHA1(key: key, message: data)) == digest, "RFC 2202 case \(number + 1)")
        }
    }

    // MARK: Keys

    @Test(arguments: [("ed25519", "ssh-ed25519"), ("rsa", "ssh-rsa"), ("ecdsa", "ecdsa-sha2-nistp256")])
    func fingerprintMatchesSshKeygen(_ algorithm: String, _ type: String) throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let key = try makeKey(in: scratch, "host", algorithm: algorithm)
        #expect(key.type == type)
        #expect(HostKey(blob: key.blob) == key)
        #expect(HostKey(type: type, blob: key.blob).fingerprint == key.fingerprint)

        let listed = try sshKeygen(["-l", "-E", "sha256", "-f", scratch.path("host.pub")], scratch)
        let fields = listed.split(separator: " ")
        #expect(fields.count >= 2)
        #expect(fields.count >= 2 && String(fields[1]) == key.fingerprint, "ssh-keygen -l printed \(listed)")
        #expect(key.fingerprint.hasPrefix("SHA256:") && !key.fingerprint.hasSuffix("="))
        #expect(key.fingerprint.count == 7 + 43)
    }

    @Test func hostKeyParsing() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let key = try makeKey(in: scratch, "k")
        #expect(HostKey(blob: []) == nil)
        #expect(HostKey(blob: [0, 0, 0, 200, 1]) == nil)
        #expect(HostKey(openSSH: key.openSSH + " a comment") == key)
        #expect(HostKey(openSSH: "ssh-rsa " + key.openSSH.split(separator: " ")[1]) == nil)
        #expect(HostKey(openSSH: "ssh-ed25519 not-base64!") == nil)
    }

    // MARK: Matching

    @Test func plainEntries() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let key = try makeKey(in: scratch, "a")
        let other = try makeKey(in: scratch, "b")
        let file = try write(scratch, [
            "# a comment",
            "",
            "   ",
            "  \t# indented comment",
            "git.example.com,192.0.2.7 \(key.openSSH) trailing comment words",
            "elsewhere.example.net \(other.openSSH)",
        ])
        let hosts = KnownHosts(files: [file])
        #expect(hosts.check(host: "git.example.com", port: 22, key: key) == .known)
        #expect(hosts.check(host: "GIT.Example.COM", port: 22, key: key) == .known)
        #expect(hosts.check(host: "192.0.2.7", port: 22, key: key) == .known)
        #expect(hosts.check(host: "elsewhere.example.net", port: 22, key: other) == .known)
        #expect(hosts.check(host: "example.com", port: 22, key: key) == .unknown)
        #expect(hosts.check(host: "git.example.co", port: 22, key: key) == .unknown)
        // Only whole names match, not prefixes or suffixes.
        #expect(hosts.check(host: "xgit.example.com", port: 22, key: key) == .unknown)
    }

    @Test func hashedEntriesFromSshKeygen() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let key = try makeKey(in: scratch, "a")
        let other = try makeKey(in: scratch, "b")
        let file = try write(scratch, [
            "git.example.com \(key.openSSH)",
            "[git.example.com]:2222 \(key.openSSH)",
            "192.0.2.9 \(other.openSSH)",
        ])
        _ = try sshKeygen(["-H", "-f", file], scratch)
        let hashed = try String(contentsOfFile: file, encoding: .utf8)
        let lines = hashed.split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines.allSatisfy { $0.hasPrefix("|1|") }, "not hashed: \(hashed)")
        #expect(!hashed.contains("example"))

        let hosts = KnownHosts(files: [file])
        #expect(hosts.check(host: "git.example.com", port: 22, key: key) == .known)
        #expect(hosts.check(host: "Git.Example.com", port: 22, key: key) == .known)
        #expect(hosts.check(host: "git.example.com", port: 2222, key: key) == .known)
        #expect(hosts.check(host: "git.example.com", port: 2223, key: key) == .unknown)
        #expect(hosts.check(host: "192.0.2.9", port: 22, key: other) == .known)
        #expect(hosts.check(host: "git.example.com", port: 22, key: other) == .changed)
        #expect(hosts.check(host: "git.example.org", port: 22, key: key) == .unknown)
    }

    @Test func portForm() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let key = try makeKey(in: scratch, "a")
        let file = try write(scratch, [
            "[git.example.com]:2222 \(key.openSSH)",
            "plain.example.com \(key.openSSH)",
            "[*.wild.example.com]:* \(key.openSSH)",
            "[v6.example.com]:22 \(key.openSSH)",
        ])
        let hosts = KnownHosts(files: [file])
        #expect(hosts.check(host: "git.example.com", port: 2222, key: key) == .known)
        #expect(hosts.check(host: "git.example.com", port: 22, key: key) == .unknown)
        #expect(hosts.check(host: "git.example.com", port: 2200, key: key) == .unknown)
        #expect(hosts.check(host: "plain.example.com", port: 22, key: key) == .known)
        #expect(hosts.check(host: "plain.example.com", port: 2222, key: key) == .unknown)
        #expect(hosts.check(host: "a.wild.example.com", port: 8022, key: key) == .known)
        #expect(hosts.check(host: "a.wild.example.com", port: 22, key: key) == .unknown)
        // OpenSSH never looks up "[host]:22".
        #expect(hosts.check(host: "v6.example.com", port: 22, key: key) == .unknown)
        #expect(KnownHosts.lookupName(host: "[::1]", port: 22) == "::1")
        #expect(KnownHosts.lookupName(host: "::1", port: 2222) == "[::1]:2222")
    }

    @Test func wildcardsAndNegation() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let key = try makeKey(in: scratch, "a")
        let file = try write(scratch, [
            "*.example.com,!bad.example.com,!*.internal.example.com \(key.openSSH)",
            "host?.lan \(key.openSSH)",
            "10.0.*.* \(key.openSSH)",
            "!solo.example.org \(key.openSSH)",
        ])
        let hosts = KnownHosts(files: [file])
        #expect(hosts.check(host: "git.example.com", port: 22, key: key) == .known)
        #expect(hosts.check(host: "a.b.example.com", port: 22, key: key) == .known)
        #expect(hosts.check(host: "bad.example.com", port: 22, key: key) == .unknown)
        #expect(hosts.check(host: "x.internal.example.com", port: 22, key: key) == .unknown)
        #expect(hosts.check(host: "example.com", port: 22, key: key) == .unknown)
        #expect(hosts.check(host: "host1.lan", port: 22, key: key) == .known)
        #expect(hosts.check(host: "host12.lan", port: 22, key: key) == .unknown)
        #expect(hosts.check(host: "host.lan", port: 22, key: key) == .unknown)
        #expect(hosts.check(host: "10.0.3.4", port: 22, key: key) == .known)
        #expect(hosts.check(host: "10.1.3.4", port: 22, key: key) == .unknown)
        // A line with only a negation matches nothing.
        #expect(hosts.check(host: "solo.example.org", port: 22, key: key) == .unknown)
        #expect(hosts.check(host: "other.example.org", port: 22, key: key) == .unknown)

        #expect(KnownHosts.globMatch(Array("abc".utf8)[...], Array("a*c".utf8)[...]))
        #expect(KnownHosts.globMatch(Array("ac".utf8)[...], Array("a*c".utf8)[...]))
        #expect(KnownHosts.globMatch(Array("abcbc".utf8)[...], Array("*bc".utf8)[...]))
        #expect(!KnownHosts.globMatch(Array("abcb".utf8)[...], Array("*bc".utf8)[...]))
        #expect(KnownHosts.globMatch(Array("".utf8)[...], Array("*".utf8)[...]))
        #expect(!KnownHosts.globMatch(Array("".utf8)[...], Array("?".utf8)[...]))
        #expect(KnownHosts.globMatch(Array("a-b-c".utf8)[...], Array("a*b*c".utf8)[...]))
    }

    @Test func revokedKeys() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let key = try makeKey(in: scratch, "a")
        let other = try makeKey(in: scratch, "b")
        let file = try write(scratch, [
            "git.example.com \(key.openSSH)",
            "@revoked * \(key.openSSH)",
            "safe.example.com \(other.openSSH)",
            "@revoked\tnot-this-host.example.com \(other.openSSH)",
        ])
        let hosts = KnownHosts(files: [file])
        // Listed as known, yet revoked: revoked wins.
        #expect(hosts.check(host: "git.example.com", port: 22, key: key) == .changed)
        #expect(hosts.check(host: "anywhere.example.org", port: 22, key: key) == .changed)
        #expect(hosts.check(host: "safe.example.com", port: 22, key: other) == .known)
        #expect(hosts.check(host: "not-this-host.example.com", port: 22, key: other) == .changed)
        // A revoked line is not itself a known key of that type.
        #expect(hosts.check(host: "fresh.example.org", port: 22, key: other) == .unknown)

        // A revoked line in a later file still wins.
        let later = try write(scratch, ["@revoked safe.example.com \(other.openSSH)"], name: "later")
        #expect(KnownHosts(files: [file, later]).check(host: "safe.example.com", port: 22, key: other) == .changed)
    }

    @Test func certAuthorityLinesAreIgnored() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let key = try makeKey(in: scratch, "a")
        let other = try makeKey(in: scratch, "b")
        let file = try write(scratch, ["@cert-authority *.example.com \(key.openSSH)"])
        let hosts = KnownHosts(files: [file])
        #expect(hosts.check(host: "git.example.com", port: 22, key: key) == .unknown)
        #expect(hosts.check(host: "git.example.com", port: 22, key: other) == .unknown)
    }

    @Test func changedKeyAndOtherKeyTypes() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let key = try makeKey(in: scratch, "a")
        let other = try makeKey(in: scratch, "b")
        let rsa = try makeKey(in: scratch, "r", algorithm: "rsa")
        let ecdsa = try makeKey(in: scratch, "e", algorithm: "ecdsa")

        let onlyRSA = try write(scratch, ["git.example.com \(rsa.openSSH)"], name: "rsa")
        let hosts = KnownHosts(files: [onlyRSA])
        // Listed only with another key type: the host is known and this is not its key. (libgit2 does
        // not prefer the known type the way OpenSSH does, so a new type could be anyone's.)
        #expect(hosts.check(host: "git.example.com", port: 22, key: key) == .changed)
        #expect(hosts.check(host: "git.example.com", port: 22, key: ecdsa) == .changed)
        #expect(hosts.check(host: "git.example.com", port: 22, key: rsa) == .known)
        // libgit2 may name the negotiated RSA signature algorithm.
        #expect(hosts.check(host: "git.example.com", port: 22, key: HostKey(type: "rsa-sha2-512", blob: rsa.blob)) == .known)

        let both = try write(scratch, [
            "git.example.com \(rsa.openSSH)",
            "git.example.com,mirror.example.com \(key.openSSH)",
        ], name: "both")
        let mixed = KnownHosts(files: [both])
        #expect(mixed.check(host: "git.example.com", port: 22, key: key) == .known)
        #expect(mixed.check(host: "git.example.com", port: 22, key: other) == .changed)
        #expect(mixed.check(host: "mirror.example.com", port: 22, key: other) == .changed)
        #expect(mixed.check(host: "unlisted.example.com", port: 22, key: other) == .unknown)
        // Same blob under another type name is not the same key.
        #expect(mixed.check(host: "git.example.com", port: 22, key: HostKey(type: "ssh-rsa", blob: key.blob)) == .changed)

        // The old key first and the new one later: any matching line makes it known.
        let rotated = try write(scratch, [
            "git.example.com \(other.openSSH)",
            "git.example.com \(key.openSSH)",
        ], name: "rotated")
        #expect(KnownHosts(files: [rotated]).check(host: "git.example.com", port: 22, key: key) == .known)
    }

    @Test func malformedLinesAreSkipped() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let key = try makeKey(in: scratch, "a")
        let other = try makeKey(in: scratch, "b")
        let otherBase64 = String(other.openSSH.split(separator: " ")[1])
        let file = try write(scratch, [
            "garbage",
            "git.example.com",
            "git.example.com ssh-ed25519",
            "git.example.com ssh-ed25519 !!!not-base64!!!",
            "git.example.com ssh-rsa \(otherBase64)",              // type field disagrees with the blob
            "git.example.com ssh-ed25519 AAAA",                    // blob too short to name a type
            "@bogus git.example.com \(other.openSSH)",             // unknown marker
            "@revoked @revoked git.example.com \(key.openSSH)",    // two markers
            "@revoked",
            "|1|bm90IGJhc2U2NA|aGFzaA== \(other.openSSH)",         // salt not 20 bytes
            "|2|AAAAAAAAAAAAAAAAAAAAAAAAAAA=|AAAAAAAAAAAAAAAAAAAAAAAAAAA= \(other.openSSH)",
            "git.example.com # \(other.openSSH)",
            "git.example.com \(key.openSSH)\r",
        ])
        let hosts = KnownHosts(files: [file])
        #expect(hosts.check(host: "git.example.com", port: 22, key: key) == .known)
        #expect(hosts.check(host: "git.example.com", port: 22, key: other) == .changed)
        #expect(hosts.check(host: "garbage", port: 22, key: key) == .unknown)
    }

    @Test func windowsLineEndings() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let key = try makeKey(in: scratch, "a")
        let other = try makeKey(in: scratch, "b")
        let file = scratch.path("known_hosts")
        let text = "# comment\r\none.example.com \(key.openSSH)\r\ntwo.example.com \(other.openSSH) note\r\n"
        try Data(text.utf8).write(to: URL(fileURLWithPath: file))
        let hosts = KnownHosts(files: [file])
        #expect(hosts.check(host: "one.example.com", port: 22, key: key) == .known)
        #expect(hosts.check(host: "two.example.com", port: 22, key: other) == .known)
        #expect(hosts.check(host: "two.example.com", port: 22, key: key) == .changed)
    }

    @Test func severalFilesAndMissingOnes() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let key = try makeKey(in: scratch, "a")
        let other = try makeKey(in: scratch, "b")
        let first = try write(scratch, ["first.example.com \(key.openSSH)"], name: "first")
        let second = try write(scratch, ["second.example.com \(other.openSSH)"], name: "second")
        let hosts = KnownHosts(files: [scratch.path("missing"), first, scratch.root, second])
        #expect(hosts.check(host: "first.example.com", port: 22, key: key) == .known)
        #expect(hosts.check(host: "second.example.com", port: 22, key: other) == .known)
        #expect(hosts.check(host: "second.example.com", port: 22, key: key) == .changed)
        #expect(KnownHosts(files: []).check(host: "first.example.com", port: 22, key: key) == .unknown)
    }

    // MARK: Adding

    @Test func addThenCheck() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let key = try makeKey(in: scratch, "a")
        let rsa = try makeKey(in: scratch, "r", algorithm: "rsa")
        let folder = scratch.path("home/.ssh")
        let file = folder + "/known_hosts"
        let hosts = KnownHosts(files: [file])
        #expect(hosts.check(host: "Git.Example.com", port: 22, key: key) == .unknown)

        try KnownHosts.add(host: "Git.Example.com", port: 22, key: key, to: file)
        #expect(try permissions(folder) == 0o700)
        #expect(try permissions(file) == 0o600)
        #expect(hosts.check(host: "git.example.com", port: 22, key: key) == .known)
        #expect(hosts.check(host: "git.example.com", port: 2222, key: key) == .unknown)

        try KnownHosts.add(host: "git.example.com", port: 2222, key: key, to: file)
        try KnownHosts.add(host: "[::1]", port: 22, key: rsa, to: file)
        #expect(hosts.check(host: "git.example.com", port: 2222, key: key) == .known)
        #expect(hosts.check(host: "::1", port: 22, key: rsa) == .known)
        #expect(try permissions(file) == 0o600)
        #expect(try String(contentsOfFile: file, encoding: .utf8) == """
            git.example.com \(key.openSSH)
            [git.example.com]:2222 \(key.openSSH)
            ::1 \(rsa.openSSH)

            """)

        // OpenSSH reads what we wrote.
        #expect(try sshKeygen(["-F", "git.example.com", "-f", file], scratch).contains(key.openSSH))
        #expect(try sshKeygen(["-F", "[git.example.com]:2222", "-f", file], scratch).contains(key.openSSH))
        #expect(try sshKeygen(["-F", "::1", "-f", file], scratch).contains(rsa.openSSH))
    }

    @Test func addKeepsLinesApartAndExistingFiles() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let key = try makeKey(in: scratch, "a")
        let file = scratch.path("known_hosts")
        try Data("old.example.com \(key.openSSH)".utf8).write(to: URL(fileURLWithPath: file))
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: file)

        try KnownHosts.add(host: "new.example.com", port: 22, key: key, to: file)
        #expect(try String(contentsOfFile: file, encoding: .utf8)
                == "old.example.com \(key.openSSH)\nnew.example.com \(key.openSSH)\n")
        #expect(try permissions(file) == 0o644)
        let hosts = KnownHosts(files: [file])
        #expect(hosts.check(host: "old.example.com", port: 22, key: key) == .known)
        #expect(hosts.check(host: "new.example.com", port: 22, key: key) == .known)
    }

    @Test(arguments: ["", "two words", "a,b", "line\nbreak", "!neg", "|1|x", "@revoked", "#x", "*.example.com"])
    func addRejectsUnwritableHosts(_ host: String) throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let key = try makeKey(in: scratch, "a")
        let file = scratch.path("known_hosts")
        #expect(throws: KnownHostsError.invalidHost(host)) {
            try KnownHosts.add(host: host, port: 22, key: key, to: file)
        }
        #expect(!FileManager.default.fileExists(atPath: file))
    }
}

// MARK: Helpers

private func hex(_ bytes: [UInt8]) -> String {
    bytes.map { String(format: "%02x", $0) }.joined()
}

private func bytes(_ value: UInt8, _ count: Int) -> [UInt8] {
    [UInt8](repeating: value, count: count)
}

/// Runs ssh-keygen with HOME inside the scratch folder; returns standard output, throws on failure.
@discardableResult
private func sshKeygen(_ arguments: [String], _ scratch: Scratch) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/ssh-keygen")
    process.arguments = arguments
    process.environment = ["HOME": scratch.root, "PATH": "/usr/bin:/bin", "LC_ALL": "C"]
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let out = output.fileHandleForReading.readDataToEndOfFile()
    let err = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
        throw ProgramFailure(command: "ssh-keygen " + arguments.joined(separator: " "),
                             status: process.terminationStatus,
                             output: String(decoding: out + err, as: UTF8.self))
    }
    return String(decoding: out, as: UTF8.self)
}

/// A fresh key pair at `name` and `name.pub` in the scratch folder; returns the public key as HostKey.
private func makeKey(in scratch: Scratch, _ name: String, algorithm: String = "ed25519") throws -> HostKey {
    var arguments = ["-q", "-t", algorithm, "-N", "", "-C", "\(name)@test", "-f", scratch.path(name)]
    if algorithm == "rsa" { arguments += ["-b", "2048"] }
    if algorithm == "ecdsa" { arguments += ["-b", "256"] }
    try sshKeygen(arguments, scratch)
    let text = try String(contentsOfFile: scratch.path(name + ".pub"), encoding: .utf8)
    guard let key = HostKey(openSSH: text) else {
        throw ProgramFailure(command: "parse \(name).pub", status: 0, output: text)
    }
    return key
}

/// Writes `lines` (newline-terminated) to a file in the scratch folder and returns its path.
private func write(_ scratch: Scratch, _ lines: [String], name: String = "known_hosts") throws -> String {
    let path = scratch.path(name)
    try Data(lines.map { $0 + "\n" }.joined().utf8).write(to: URL(fileURLWithPath: path))
    return path
}

private func permissions(_ path: String) throws -> Int {
    let value = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions]
    if let number = value as? Int { return number & 0o777 }
    if let number = value as? NSNumber { return number.intValue & 0o777 }
    return -1
}
