// gesto-inputd's side of its socket (protocol/inputd.md): what gestod may say, checked where it
// enters, and who may say it. The devices themselves are tested in the VM (Tests/VM/input-proxy).
import GestoCommandLine
@testable import GestoInputProxy
import Testing

@Suite struct ProxyRequestTests {
    @Test("the messages of protocol/inputd.md are read as requests")
    func messagesAreRead() throws {
        #expect(try ProxyRequestParser.parse(#"{"own": [3, 4]}"#) == .own([3, 4]))
        #expect(try ProxyRequestParser.parse(#"{"own": []}"#) == .own([]))
        #expect(try ProxyRequestParser.parse(#"{"own": [5, 5, 1]}"#) == .own([1, 5]))
        #expect(try ProxyRequestParser.parse(#"{"pointer": "press", "button": 272}"#) == .press(button: 272))
        #expect(try ProxyRequestParser.parse(#"{"pointer": "release", "button": 274}"#) == .release(button: 274))
        #expect(try ProxyRequestParser.parse(#"{"pointer": "motion", "dx": 1.5, "dy": -2}"#) == .motion(dx: 1.5, dy: -2))
    }

    @Test("numbers out of range, wrong types and unknown messages are refused with why, never trapped",
          arguments: [
            (#"{"own": [0]}"#, "0 is not a finger count from 1 to 5"),
            (#"{"own": [6]}"#, "6 is not a finger count from 1 to 5"),
            (#"{"own": [2.5]}"#, "2.5 is not a finger count"),
            (#"{"own": [1e300]}"#, "is not a finger count"),
            (#"{"own": 3}"#, "must be an array"),
            (#"{"pointer": "press", "button": 30}"#, "272 (left), 273 (right) or 274 (middle)"),
            (#"{"pointer": "press"}"#, "272 (left)"),
            (#"{"pointer": "motion", "dx": 1e9, "dy": 0}"#, "within ±10000"),
            (#"{"pointer": "motion", "dx": "1", "dy": 0}"#, "needs numbers"),
            (#"{"pointer": "wiggle"}"#, "press, motion or release, not \"wiggle\""),
            (#"{"pointer": ["press"]}"#, "\"pointer\" must be a string, press, motion or release, not [\"press\"]"),
            (#"{"pointer": 1}"#, "\"pointer\" must be a string, press, motion or release, not 1"),
            (#"{"hello": 1}"#, "expected \"own\" or \"pointer\", got \"hello\""),
            (#"[3]"#, "expected one object"),
            ("not json", "not JSON"),
          ])
    func badMessagesAreRefused(_ text: String, _ why: String) {
        #expect {
            _ = try ProxyRequestParser.parse(text)
        } throws: { error in
            (error as? ProxyRequestError)?.message.contains(why) == true
        }
    }

    @Test("root may always connect")
    func rootMayConnect() {
        #expect(InputProxy.refusal(of: 0) == nil)
    }
}

/// gesto-inputd's command line is declared as gestod's is: its mistakes are usage errors that
/// name them, with what was meant.
@Suite struct InputdCommandLineTests {
    @Test func optionsAreCheckedAgainstTheDeclaration() throws {
        let parsed = try CommandArguments(["--socket", "/tmp/s", "--log-level", "DEBUG"],
                                          declaredBy: InputProxyMain.declaration, path: "gesto-inputd")
        #expect(parsed.values == ["socket": "/tmp/s", "log-level": "DEBUG"])
        #expect(throws: UsageError.self) {
            _ = try CommandArguments(["--log-level", "trace"], declaredBy: InputProxyMain.declaration, path: "gesto-inputd")
        }
        do {
            _ = try CommandArguments(["--sockt", "x"], declaredBy: InputProxyMain.declaration, path: "gesto-inputd")
            Issue.record("--sockt was taken")
        } catch let error as UsageError {
            #expect(error.message.contains("did you mean '--socket'"))
        }
        #expect(CommandHelp.text(of: InputProxyMain.declaration, under: nil)
            .hasPrefix("usage: gesto-inputd [--socket PATH] [--log-level error|warning|info|debug]"))
    }
}
