// `gestod --device NODE` on a node this user may not open gets the permission hint (the uaccess
// rule, the seat, the input group), whatever libinput's udev lookup of the node would say: that
// lookup fails first and libinput reports it as "No such device".
import Foundation
import Testing
@testable import GestoDaemon

@Suite struct UnreadableDeviceTests {
    @Test func anUnreadableNodeGetsThePermissionHint() throws {
        let folder = try TemporaryFolder(prefix: "gesto-node")
        // A node udev does not know, mode 000: libinput's lookup fails (ENODEV) before any
        // open, as it does for a real touchpad node of another seat in a container.
        let node = folder.file("event-unreadable")
        #expect(FileManager.default.createFile(atPath: node, contents: nil, attributes: [.posixPermissions: 0o000]))
        let config = folder.file("config.yaml")
        #expect(FileManager.default.createFile(atPath: config, contents: Data("bindings: []\n".utf8), attributes: [.posixPermissions: 0o644]))
        try FileManager.default.createDirectory(atPath: folder.file("run"), withIntermediateDirectories: false,
                                                attributes: [.posixPermissions: 0o777])
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path)
        let gestod = ["--device", node, "--no-wayland", "--socket", folder.file("run/gestod.sock"), "--config", config]
        // root reads every node: run gestod as nobody then, as a user without access is.
        let result = getuid() == 0
            ? try runProcess("/usr/bin/setpriv", ["--reuid=65534", "--regid=65534", "--clear-groups", gestodExecutable] + gestod)
            : try runProcess(gestodExecutable, gestod)
        #expect(result.status == 1)
        #expect(result.errors.contains("permission denied opening \(node)"), "\(result.errors)")
        #expect(!result.errors.contains("No such device"), "\(result.errors)")
        for hint in ["uaccess", "seat", "'input' group"] {
            #expect(result.errors.contains(hint), "\(hint): \(result.errors)")
        }
    }
}
