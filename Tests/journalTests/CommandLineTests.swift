import Foundation
import Testing

@Suite struct CommandLineTests {
    @Test(arguments: ["init", "add", "list", "show", "edit", "rm", "commit"])
    func everyCommandHasHelpWithAnExample(command: String) throws {
        let box = try Sandbox()
        let result = try box.journal(command, "--help")
        #expect(result.status == 0)
        #expect(result.stdout.contains("Example"))
        #expect(result.stdout.contains("journal \(command)"))
        #expect(result.stdout.contains("--journal"))
    }

    @Test func usageMistakesExit64WithTheUsageLine() throws {
        let box = try Sandbox()
        try box.journal("init")
        for arguments in [["list", "-n", "lots"], ["list", "--bogus"], ["frobnicate"], ["show"], ["list", "-n", "-3"]] {
            let result = try box.run(arguments)
            #expect(result.status == 64, "\(arguments)")
            #expect(
                result.stderr.contains("Usage:") || result.stderr.contains("Error:") || result.stderr.contains("unknown command"),
                "\(arguments): \(result.stderr)")
        }
    }

    @Test func completionScriptsAreGenerated() throws {
        let box = try Sandbox()
        for shell in ["bash", "zsh", "fish"] {
            let result = try box.journal("--generate-completion-script", shell)
            #expect(result.status == 0)
            #expect(result.stdout.contains("journal"))
        }
    }
}
