import Foundation
import Testing
@testable import Git

/// The ssh port a host key is checked and recorded under (known_hosts writes `[host]:port` for any but 22).
@Suite struct RemoteURLTests {
    @Test(arguments: [
        ("ssh://host/repo.git", 22),
        ("ssh://user@host/repo.git", 22),
        ("ssh://user@host:2222/repo.git", 2222),
        ("ssh://host:2222/repo.git", 2222),
        ("ssh://host:2222", 2222),
        ("ssh://host", 22),
        ("git+ssh://user@host:2200/repo", 2200),
        ("ssh+git://host:2201/repo", 2201),
        ("ssh://user@[::1]:2222/repo", 2222),
        ("ssh://[::1]/repo", 22),
        ("ssh://user@[fe80::1]/repo", 22),
        ("ssh://us@er@host:2202/repo", 2202),
        ("user@host:repo.git", 22),
        ("host:2222/repo.git", 22),  // scp-style has no port: 2222/repo.git is the path
        ("https://host:8443/repo.git", 22),
        ("/srv/git/journal.git", 22),
    ])
    func sshPort(_ url: String, _ port: Int) {
        #expect(RemoteSession.sshPort(of: url) == port)
    }

    @Test(arguments: ["ssh://host:/repo", "ssh://host:abc/repo", "ssh://host:0/repo", "ssh://host:-1/repo",
                      "ssh://host:65536/repo", "ssh://host:99999999999999999999/repo", "ssh://[::1/repo"])
    func aPortThatIsNoPortMeans22(_ url: String) {
        #expect(RemoteSession.sshPort(of: url) == 22)
    }
}
