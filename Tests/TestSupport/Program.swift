import Foundation

/// What a program run by a test did.
public struct ProgramResult: Sendable {
    public var status: Int32
    public var stdout: String
    public var stderr: String

    public init(status: Int32, stdout: String, stderr: String) {
        self.status = status
        self.stdout = stdout
        self.stderr = stderr
    }
}

/// The tests' one way to run a program to its end (the `journal` binary, the git program): both pipes read
/// at once, so that a chatty child never blocks on a full pipe.
public enum Program {
    public static func run(_ program: String, _ arguments: [String], stdin: String? = nil, env: [String: String], cwd: String)
        throws -> ProgramResult
    {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        process.environment = env
        process.currentDirectoryURL = URL(fileURLWithPath: cwd)
        let input = Pipe()
        let output = Pipe()
        let errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        try input.fileHandleForWriting.close()
        nonisolated(unsafe) var errorData = Data()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            errorData = errors.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return ProgramResult(
            status: process.terminationStatus, stdout: String(decoding: outputData, as: UTF8.self),
            stderr: String(decoding: errorData, as: UTF8.self))
    }

    /// The git program (from PATH), to make fixtures and to check what the tool left behind.
    public static func git(_ arguments: [String], in folder: String, env: [String: String], stdin: String? = nil) throws
        -> ProgramResult
    {
        try run("/usr/bin/env", ["git"] + arguments, stdin: stdin, env: env, cwd: folder)
    }
}
