// The way in and the way out: scripts/install-deps stops, before doing anything, with the
// toolchain instructions when `swift` is missing; the source package builds without a toolchain
// or the network and is lintian-clean; the release workflow (which cannot run here) is valid
// YAML with what a GitHub workflow needs, and runs only commands this repository has.
import Foundation
import Testing
import GestoYAML

@Suite struct ReleasePackagingTests {
    static let packageRoot = CommandDeclarationTests.packageRoot

    /// The toolchain version, as scripts/swift-toolchain (its one place) names it.
    static func toolchainVersion() throws -> String {
        let script = try String(contentsOf: packageRoot.appendingPathComponent("scripts/swift-toolchain"), encoding: .utf8)
        let line = try #require(script.split(separator: "\n").first { $0.hasPrefix("version=") })
        return String(line.dropFirst("version=".count))
    }

    /// The x86_64 tarball's URL for `version`, in swift.org's layout.
    static func tarballURL(_ version: String) -> String {
        "https://download.swift.org/swift-\(version)-release/debian12/swift-\(version)-RELEASE/swift-\(version)-RELEASE-debian12.tar.gz"
    }

    /// Runs `executable` in the package root; stdout and stderr apart (small outputs only), or
    /// merged into `output` when `mergingErrors`.
    static func run(_ executable: String, _ arguments: [String], environment: [String: String]? = nil,
                    mergingErrors: Bool = false) throws -> (status: Int32, output: String, errors: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = packageRoot
        if let environment { process.environment = environment }
        let out = Pipe(), err = mergingErrors ? out : Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let output = out.fileHandleForReading.readDataToEndOfFile()
        let errors = mergingErrors ? Data() : err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self), String(decoding: errors, as: UTF8.self))
    }

    /// Whether `tool` is on this process's PATH.
    static func has(_ tool: String) throws -> Bool {
        try run("/bin/sh", ["-c", "command -v \(tool)"]).status == 0
    }

    @Test func installDepsWithoutSwiftStopsWithTheToolchainInstructions() throws {
        // An empty folder as the whole PATH: no swift, and no apt-get either, so nothing can be
        // installed even if the check were gone (the test would then fail on the messages).
        let emptyPath = FileManager.default.temporaryDirectory.appendingPathComponent("gesto-empty-path-\(getpid())")
        try FileManager.default.createDirectory(at: emptyPath, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: emptyPath) }
        let result = try Self.run("/bin/sh", ["scripts/install-deps"], environment: ["PATH": emptyPath.path])
        let version = try Self.toolchainVersion()
        #expect(result.status == 1)
        #expect(result.output.isEmpty, "stdout: \(result.output)")
        #expect(result.errors.hasPrefix("install-deps: 'swift' is not on PATH; nothing was installed.\n"), "\(result.errors)")
        #expect(result.errors.contains("Swift \(version) toolchain from swift.org"))
        #expect(result.errors.contains("scripts/swift-toolchain install /opt/swift"))
        #expect(result.errors.contains(Self.tarballURL(version) + ".sig"))
        #expect(result.errors.contains("swift --version        # Swift version \(version) (swift-\(version)-RELEASE)"))
        #expect(!result.errors.contains("not found"), "a command outside the shell was called: \(result.errors)")
    }

    @Test func swiftToolchainPrintsTheDebian12TarballURL() throws {
        let result = try Self.run("/bin/sh", ["scripts/swift-toolchain", "url"])
        #expect(result.status == 0)
        let version = try Self.toolchainVersion()
        #expect(result.output == Self.tarballURL(version) + "\n"
                    || result.output == Self.tarballURL(version).replacing("debian12", with: "debian12-aarch64") + "\n")
    }

    /// A source package must build where the network is not: SwiftPM would fetch a remote
    /// package at build time.
    @Test func packageSwiftHasNoRemoteDependency() throws {
        let manifest = try String(contentsOf: Self.packageRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
        #expect(!manifest.contains(".package("), "Package.swift names a package to fetch: the source package would need the network")
    }

    @Test func sourcePackageBuildsAndIsLintianClean() throws {
        guard try Self.has("dpkg-buildpackage"), try Self.has("lintian"), try Self.has("dh") else {
            #expect(ProcessInfo.processInfo.environment["GESTO_REQUIRE_INTEGRATION"] != "1",
                    "dpkg-buildpackage, debhelper and lintian are needed (scripts/install-deps)")
            return
        }
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("gesto-source-package-\(getpid())")
        defer { try? FileManager.default.removeItem(at: out) }
        // No swift on PATH: the source package must not need the toolchain.
        var environment = ProcessInfo.processInfo.environment
        let links = FileManager.default.temporaryDirectory.appendingPathComponent("gesto-path-without-swift-\(getpid())")
        defer { try? FileManager.default.removeItem(at: links) }
        environment["PATH"] = try Self.pathWithoutSwift(environment["PATH"] ?? "/usr/bin:/bin", scratch: links)
        let build = try Self.run("/bin/sh", ["packaging/build-deb", "--source", out.path], environment: environment, mergingErrors: true)
        #expect(build.status == 0, "\(build.output)")
        let files = try FileManager.default.contentsOfDirectory(atPath: out.path)
        let changes = try #require(files.first { $0.hasSuffix("_source.changes") }, "\(files)")
        #expect(files.contains { $0.hasSuffix(".dsc") } && files.contains { $0.hasSuffix(".tar.xz") }, "\(files)")
        let lintian = try Self.run("/bin/sh", ["-c", "lintian --fail-on error,warning \"$1\"", "lintian", out.appendingPathComponent(changes).path],
                                   mergingErrors: true)
        #expect(lintian.status == 0, "\(lintian.output)")
        let tags = lintian.output.split(separator: "\n").filter { $0.hasPrefix("E: ") || $0.hasPrefix("W: ") }
        #expect(tags.isEmpty, "\(tags)")
    }

    /// `path` without Swift's commands (`swift`, `swiftc`, `swift-*`): a directory that has
    /// `swift` is replaced by a folder (in `scratch`) of links to its other files. Debian's own Swift is in /usr/bin, and
    /// dropping that directory would drop the shell's tools with it.
    static func pathWithoutSwift(_ path: String, scratch: URL) throws -> String {
        let files = FileManager.default
        var directories: [String] = []
        for (index, directory) in path.split(separator: ":").map(String.init).enumerated() {
            guard files.fileExists(atPath: directory + "/swift") else {
                directories.append(directory)
                continue
            }
            let links = scratch.appendingPathComponent("path-\(index)")
            try files.createDirectory(at: links, withIntermediateDirectories: true)
            for name in try files.contentsOfDirectory(atPath: directory) where !name.hasPrefix("swift") {
                try files.createSymbolicLink(atPath: links.appendingPathComponent(name).path, withDestinationPath: directory + "/" + name)
            }
            directories.append(links.path)
        }
        return directories.joined(separator: ":")
    }

    @Test func pathWithoutSwiftKeepsTheOtherCommandsOfSwiftsDirectory() throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("gesto-path-test-\(getpid())")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let bin = scratch.appendingPathComponent("bin"), other = scratch.appendingPathComponent("other")
        for (folder, names) in [(bin, ["swift", "swiftc", "swift-build", "sh", "dpkg-source"]), (other, ["swift-build", "tar"])] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            for name in names { try Data().write(to: folder.appendingPathComponent(name)) }
        }
        let path = try Self.pathWithoutSwift("\(bin.path):\(other.path)", scratch: scratch.appendingPathComponent("links"))
        let folders = path.split(separator: ":").map(String.init)
        try #require(folders.count == 2, "\(path)")
        #expect(folders[1] == other.path)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folders[0]).sorted() == ["dpkg-source", "sh"])
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: folders[0] + "/sh") == bin.path + "/sh")
    }

    // MARK: The release workflow

    static let workflowPath = ".github/workflows/release.yml"

    static func workflow() throws -> YAMLNode {
        let text = try String(contentsOf: packageRoot.appendingPathComponent(workflowPath), encoding: .utf8)
        return try YAMLNode.parse(text, file: workflowPath)
    }

    @Test func workflowRunsOnATagPush() throws {
        let tags = try #require(try Self.workflow()["on"]?["push"]?["tags"], "on.push.tags is missing")
        #expect(!tags.items.isEmpty && tags.items.allSatisfy { $0.scalar?.isEmpty == false }, "on.push.tags: \(tags)")
        #expect(try Self.workflow()["permissions"]?["contents"]?.scalar == "write", "uploading release assets needs contents: write")
    }

    @Test func everyJobRunsSomewhereWithSteps() throws {
        guard case .mapping(let jobs, _) = try #require(try Self.workflow()["jobs"], "jobs is missing") else {
            Issue.record("jobs is not a mapping"); return
        }
        #expect(!jobs.isEmpty)
        for job in jobs {
            #expect(job.value["runs-on"]?.scalar?.isEmpty == false, "\(job.keyLocation): jobs.\(job.key).runs-on")
            let steps = try #require(job.value["steps"], "\(job.keyLocation): jobs.\(job.key).steps").items
            #expect(!steps.isEmpty, "\(job.keyLocation): jobs.\(job.key).steps is empty")
            for step in steps {
                #expect((step["run"] == nil) != (step["uses"] == nil), "\(step.location): a step has either run or uses")
            }
        }
    }

    @Test func debianJobBuildsInDebian12AndUploadsTheDebs() throws {
        let job = try #require(try Self.workflow()["jobs"]?["debian-12"], "jobs.debian-12")
        #expect(job["container"]?.scalar == "debian:12")
        let runs = job["steps"]?.items.compactMap { $0["run"]?.scalar } ?? []
        #expect(runs.contains { $0.contains("scripts/swift-toolchain install") })
        #expect(runs.contains { $0.contains("packaging/build-deb dist") })
        #expect(runs.contains { $0.contains("packaging/build-deb --source dist") })
        let upload = job["steps"]?.items.first { $0["uses"]?.scalar?.hasPrefix("softprops/action-gh-release@") == true }
        #expect(upload?["with"]?["files"]?.scalar?.contains("dist/*.deb") == true)
    }

    /// Each command a `run:` step starts by a relative path is an executable of this repository.
    @Test func theRepositoryCommandsTheWorkflowRunsExist() throws {
        var named: [String] = []
        for job in try Self.workflow()["jobs"]?.entries ?? [] {
            for step in job.value["steps"]?.items ?? [] {
                guard let run = step["run"]?.scalar else { continue }
                for line in run.split(separator: "\n") {
                    for segment in line.split(whereSeparator: { $0 == ";" || $0 == "&" || $0 == "|" }) {
                        guard let word = segment.split(separator: " ").first, word.contains("/"),
                              !word.hasPrefix("/"), !word.hasPrefix("$"), !word.hasPrefix("\"") else { continue }
                        named.append(String(word))
                        let path = Self.packageRoot.appendingPathComponent(String(word)).path
                        #expect(FileManager.default.isExecutableFile(atPath: path), "\(step.location): \(word) is not an executable of the repository")
                    }
                }
            }
        }
        #expect(Set(named).isSuperset(of: ["scripts/swift-toolchain", "packaging/build-deb"]), "\(named)")
    }
}

private extension YAMLNode {
    /// A mapping's entries (empty for anything else).
    var entries: [YAMLEntry] {
        if case .mapping(let entries, _) = self { return entries }
        return []
    }
}
