// Hand-written configs for what the corpus does not show: malformed lines (warnings with
// FILE:LINE:COLUMN, the rest still imports), hold tiers, fusuma's begin/end and anchors,
// sway's variables and modes, Hyprland's dispatchers and reversed pinch words, Touchégg's
// comma-separated apps and broken XML. Every import must pass the config parser.
import XCTest
import GestoConfig
import GestoCore
import GestoWayland
@testable import GestoImport

final class ImportFormatTests: XCTestCase {
    /// Imports `text` and returns the result and its bindings as `gesture mode app action`
    /// lines, after checking the output parses and its key names exist.
    func load(_ text: String, _ format: ImportFormat, options: ImportOptions = ImportOptions(),
              file: StaticString = #filePath, line: UInt = #line) -> (ImportedConfig, [String]) {
        let imported = importConfig(text, format: format, file: "source.conf", options: options)
        do {
            let config = try Config.parse(imported.configText, file: "imported")
            XCTAssertEqual(KeyCombination.errors(in: config), [], file: file, line: line)
            let lines = config.bindings.map { binding in
                var text = "\(binding.gesture) \(binding.rule.mode.rawValue)"
                if let app = binding.rule.app { text += " app=\(app)" }
                return text + " " + binding.action.summary
            }
            return (imported, lines)
        } catch {
            XCTFail("the import does not parse: \(error)\n\(imported.configText)", file: file, line: line)
            return (imported, [])
        }
    }

    // MARK: libinput-gestures

    func testMalformedLinesAreWarningsWithLineAndColumnAndTheRestImports() {
        let (imported, bindings) = load("""
        gesture swipe sideways 3 echo a
        gesture swipe up 3 echo b
        gesture pinch
        frobnicate 3
        gesture swipe left 7 echo c
        gesture swipe down 3 echo "unclosed
        """, .libinputGestures)
        XCTAssertEqual(bindings, ["swipe:3:up on-end exec: echo b", "swipe:3:down on-end exec: echo \"unclosed"])
        XCTAssertEqual(imported.warnings.map { "\($0.location)" }, [
            "source.conf:1:15", "source.conf:3:9", "source.conf:4:1", "source.conf:5:20", "source.conf:6:27",
        ])
        XCTAssertEqual(Set(imported.unimportable.map(\.source.location.line)), [1, 3, 4, 5])
        XCTAssertTrue(imported.warnings[0].description.hasPrefix("source.conf:1:15: warning: unknown swipe motion 'sideways'"))
    }

    func testExplicitFingerCountWinsOverTheExpansion() {
        let (_, bindings) = load("""
        gesture pinch in xdotool key ctrl+minus
        gesture pinch in 2 wtype -M ctrl -k KP_Subtract -m ctrl
        """, .libinputGestures)
        XCTAssertEqual(bindings, [
            "pinch:3:in on-end keys: ctrl+minus", "pinch:4:in on-end keys: ctrl+minus", "pinch:2:in on-end keys: ctrl+KP_Subtract",
        ])
    }

    func testHoldOnAndDelayedHoldsBecomeLongPressTiers() {
        let (imported, bindings) = load("""
        gesture hold on 3 echo short
        gesture hold on+2.2 3 echo long
        gesture hold on 4 echo plain
        """, .libinputGestures)
        XCTAssertEqual(bindings, ["long-press:3 on-end exec: echo short", "long-press:3 on-end exec: echo long", "hold:4 on-end exec: echo plain"])
        XCTAssertEqual(imported.bindings[1].overrides, [.init(key: "duration", value: "2.2")])
        XCTAssertTrue(imported.configText.contains("{gesture: long-press:3, duration: 2.2, exec: echo long}"))
    }

    func testRotationsGetLibinputGesturesFifteenDegrees() {
        let (imported, bindings) = load("gesture pinch anticlockwise 2 echo ccw\n", .libinputGestures)
        XCTAssertEqual(bindings, ["rotate:2:counterclockwise on-end exec: echo ccw"])
        XCTAssertEqual(imported.settings.map { "\($0.section).\($0.key)=\($0.value)" }, ["rotate.threshold=15"])
    }

    func testWorkspaceSwitchingFollowsTheChosenCompositor() {
        let source = "gesture swipe up 3 _internal ws_up\n"
        XCTAssertEqual(load(source, .libinputGestures, options: ImportOptions(workspaces: .hyprland)).1,
                       ["swipe:3:up on-end exec: hyprctl dispatch workspace m+1"])
        XCTAssertEqual(load(source, .libinputGestures, options: ImportOptions(workspaces: .niri)).1,
                       ["swipe:3:up on-end exec: niri msg action focus-workspace-down"])
        let (other, bindings) = load(source, .libinputGestures, options: ImportOptions(workspaces: .other))
        XCTAssertEqual(bindings, ["swipe:3:up on-end workspace: next"])
        XCTAssertEqual(other.warnings.count, 1)
    }

    func testXdotoolAndWmctrlCommandsWarnThatTheyAreX11Only() {
        let (imported, bindings) = load("""
        gesture swipe up 3 xdotool click 1
        gesture swipe down 3 wmctrl -s 0
        gesture swipe left 3 swaymsg -t command "focus left"
        gesture swipe right 3 i3-msg focus right
        """, .libinputGestures)
        XCTAssertEqual(bindings, [
            "swipe:3:up on-end exec: xdotool click 1", "swipe:3:down on-end exec: wmctrl -s 0",
            "swipe:3:left on-end sway: focus left", "swipe:3:right on-end sway: focus right",
        ])
        XCTAssertEqual(imported.warnings.map(\.location.line), [1, 2])
    }

    /// Desktop switching by EWMH (`xdotool set_desktop --relative`) and by KWin's shortcuts over
    /// D-Bus is workspace switching. The lines are from public configs: the set_desktop pair from
    /// an Arch install script's libinput-gestures.conf heredoc (the code index gave no repository
    /// for it), the qdbus lines from tobecci/linux-knowlege, desktop-environments/kde/libinput-config.md.
    func testDesktopSwitchingCommandsAreWorkspaceActions() {
        let (imported, bindings) = load("""
        gesture: swipe right 4 xdotool set_desktop --relative 1
        gesture: swipe left 4 xdotool set_desktop --relative -- -1
        gesture swipe left 3 qdbus org.kde.kglobalaccel /component/kwin org.kde.kglobalaccel.Component.invokeShortcut "Switch to Previous Desktop"
        gesture swipe right 3 qdbus org.kde.kglobalaccel /component/kwin org.kde.kglobalaccel.Component.invokeShortcut "Switch to Next Desktop"
        gesture swipe down 3 qdbus org.kde.kglobalaccel /component/kwin org.kde.kglobalaccel.Component.invokeShortcut "ShowDesktopGrid"
        gesture swipe up 4 xdotool set_desktop 2
        """, .libinputGestures)
        XCTAssertEqual(bindings, [
            "swipe:4:right on-end sway: workspace next", "swipe:4:left on-end sway: workspace prev",
            "swipe:3:left on-end sway: workspace prev", "swipe:3:right on-end sway: workspace next",
            "swipe:3:down on-end exec: qdbus org.kde.kglobalaccel /component/kwin org.kde.kglobalaccel.Component.invokeShortcut \"ShowDesktopGrid\"",
            "swipe:4:up on-end exec: xdotool set_desktop 2",
        ])
        // Only the absolute desktop stays X11-only xdotool.
        XCTAssertEqual(imported.warnings.map(\.location.line), [6])
        XCTAssertEqual(load("gesture swipe up 3 qdbus org.kde.KWin /KWin nextDesktop\n", .libinputGestures,
                            options: ImportOptions(workspaces: .niri)).1,
                       ["swipe:3:up on-end exec: niri msg action focus-workspace-down"])
    }

    /// KWin's desktop switching over D-Bus runs on KDE Plasma, and only there: imported on KDE
    /// (whose workspace target is gesto's own `workspace:`, which gestod cannot perform there), or
    /// with no compositor known, it stays the command it was; it becomes another compositor's
    /// command only when that compositor is named or detected.
    func testKWinDesktopSwitchingStaysWhatRunsOnKDE() {
        let libinputGestures = """
        gesture swipe left 4 qdbus org.kde.KWin /KWin nextDesktop
        gesture swipe right 4 qdbus6 org.kde.kglobalaccel /component/kwin invokeShortcut "Switch One Desktop to the Left"
        """
        let fusuma = """
        swipe:
          4:
            up:
              command: "qdbus-qt6 org.kde.kglobalaccel /component/kwin org.kde.kglobalaccel.Component.invokeShortcut 'Switch to Next Desktop'"
        """
        var assumed = ImportOptions()
        assumed.workspacesAssumed = true
        for options in [ImportOptions(workspaces: .other), assumed] {
            let (imported, bindings) = load(libinputGestures, .libinputGestures, options: options)
            XCTAssertEqual(bindings, [
                "swipe:4:left on-end exec: qdbus org.kde.KWin /KWin nextDesktop",
                "swipe:4:right on-end exec: qdbus6 org.kde.kglobalaccel /component/kwin invokeShortcut \"Switch One Desktop to the Left\"",
            ])
            XCTAssertEqual(imported.warnings, [])
            XCTAssertTrue(imported.configText.contains("KWin's desktop switching over D-Bus is kept as written"))
            XCTAssertEqual(load(fusuma, .fusuma, options: options).1, [
                "swipe:4:up on-threshold exec: qdbus-qt6 org.kde.kglobalaccel /component/kwin "
                    + "org.kde.kglobalaccel.Component.invokeShortcut 'Switch to Next Desktop'",
            ])
        }
        XCTAssertEqual(load(libinputGestures, .libinputGestures, options: ImportOptions(workspaces: .hyprland)).1, [
            "swipe:4:left on-end exec: hyprctl dispatch workspace m+1", "swipe:4:right on-end exec: hyprctl dispatch workspace m-1",
        ])
    }

    /// `xdotool set_desktop --relative N` sets desktop (current + N) mod count (xdotool's
    /// cmd_set_desktop.c): only ±1 is the next or previous desktop, and a bare `-1` is an option
    /// xdotool does not know (it fails), so only `-- -1` goes back one.
    func testXdotoolRelativeDesktopIsWorkspaceSwitchingOnlyForOneStep() {
        let (imported, bindings) = load("""
        gesture swipe right 4 xdotool set_desktop --relative 1
        gesture swipe left 4 xdotool set_desktop --relative -- -1
        gesture swipe up 4 xdotool set_desktop --relative 2
        gesture swipe down 4 xdotool set_desktop --relative -- -2
        gesture swipe left 3 xdotool set_desktop --relative -1
        gesture swipe right 3 xdotool set_desktop -relative 1
        """, .libinputGestures)
        XCTAssertEqual(bindings, [
            "swipe:4:right on-end sway: workspace next", "swipe:4:left on-end sway: workspace prev",
            "swipe:4:up on-end exec: xdotool set_desktop --relative 2", "swipe:4:down on-end exec: xdotool set_desktop --relative -- -2",
            "swipe:3:left on-end exec: xdotool set_desktop --relative -1", "swipe:3:right on-end sway: workspace next",
        ])
        XCTAssertEqual(imported.warnings.map(\.location.line), [3, 4, 5], "the steps kept as exec are X11-only xdotool")
    }

    /// A key held down around a keystroke, as xdotool recipes write it: xdotool's own chaining
    /// (which libinput-gestures, running no shell, can use), or separate commands joined by `;`
    /// or `&&` in a tool that runs a shell. What it types is the combination.
    func testXdotoolKeydownKeyKeyupIsOneCombination() {
        XCTAssertEqual(load("""
        gesture swipe left 3 xdotool keydown ctrl key Tab keyup ctrl
        gesture swipe right 3 xdotool keydown ctrl+shift key --delay 40 Tab keyup ctrl+shift
        gesture swipe up 3 xdotool keydown alt key Tab
        gesture swipe down 3 xdotool keydown ctrl key --clearmodifiers Tab keyup ctrl
        """, .libinputGestures).1, [
            "swipe:3:left on-end keys: ctrl+Tab", "swipe:3:right on-end keys: ctrl+shift+Tab",
            "swipe:3:up on-end exec: xdotool keydown alt key Tab",
            "swipe:3:down on-end exec: xdotool keydown ctrl key --clearmodifiers Tab keyup ctrl",
        ])
        XCTAssertEqual(load("""
        swipe:
          3:
            left:
              command: 'xdotool keydown ctrl; xdotool key Tab; xdotool keyup ctrl'
            right:
              command: 'xdotool keydown super && xdotool key Left && xdotool keyup super'
            up:
              command: 'xdotool keydown ctrl; xdotool key Tab; sleep 1; xdotool keyup ctrl'
            down:
              command: 'xdotool keydown ctrl click 4 keyup ctrl'
        """, .fusuma).1, [
            "swipe:3:left on-threshold keys: ctrl+Tab", "swipe:3:right on-threshold keys: super+Left",
            "swipe:3:up on-threshold exec: xdotool keydown ctrl; xdotool key Tab; sleep 1; xdotool keyup ctrl",
            "swipe:3:down on-threshold exec: xdotool keydown ctrl click 4 keyup ctrl",
        ])
        XCTAssertEqual(load("""
        <touchégg>
          <application name="All">
            <gesture type="SWIPE" fingers="4" direction="LEFT">
              <action type="RUN_COMMAND">
                <command>xdotool keydown alt &amp;&amp; xdotool key Tab &amp;&amp; xdotool keyup alt</command>
                <on>begin</on>
              </action>
            </gesture>
          </application>
        </touchégg>
        """, .touchegg).1, ["swipe:4:left on-begin keys: alt+Tab"])
    }

    /// wmctrl's toggles of the active window that gesto's window: operations are: fullscreen,
    /// maximized both ways, and closing. Anything else stays X11-only wmctrl.
    func testWmctrlTogglesOfTheActiveWindowAreWindowOperations() {
        let (imported, bindings) = load("""
        gesture swipe up 4 wmctrl -r :ACTIVE: -b toggle,fullscreen
        gesture swipe down 4 wmctrl -r :ACTIVE: -b toggle,maximized_vert,maximized_horz
        gesture swipe left 4 wmctrl -c :ACTIVE:
        gesture swipe right 4 wmctrl -r :ACTIVE: -b add,fullscreen
        gesture swipe up 3 wmctrl -r :ACTIVE: -b toggle,maximized_horz
        gesture swipe down 3 wmctrl -r firefox -b toggle,fullscreen
        """, .libinputGestures)
        XCTAssertEqual(bindings, [
            "swipe:4:up on-end window: fullscreen", "swipe:4:down on-end window: maximize", "swipe:4:left on-end window: close",
            "swipe:4:right on-end exec: wmctrl -r :ACTIVE: -b add,fullscreen",
            "swipe:3:up on-end exec: wmctrl -r :ACTIVE: -b toggle,maximized_horz",
            "swipe:3:down on-end exec: wmctrl -r firefox -b toggle,fullscreen",
        ])
        XCTAssertEqual(imported.warnings.map(\.location.line), [4, 5, 6])
    }

    /// `swipe_threshold 0` cannot be a gesto threshold; the comment names gesto's default as
    /// GestoCore defines it.
    func testSwipeThresholdZeroNamesTheTrueDefault() {
        let (imported, _) = load("swipe_threshold 0\n", .libinputGestures)
        let units = formatCompact(SwipeSettings().threshold.deltaUnits, maxDecimals: 1)
        XCTAssertEqual(imported.unimportable.map(\.reason), ["gesto's swipe threshold must be above 0 (gesto's default, \(units) units, is kept)"])
        XCTAssertEqual(units, "150")
    }

    func testEnvironmentVariablesPastTheFirstWordAreWarnedAbout() {
        let (imported, _) = load("gesture swipe up 3 notify-send $USER\n", .libinputGestures)
        XCTAssertEqual(imported.warnings.map(\.location.column), [32])
    }

    // MARK: fusuma

    func testFusumaAnchorsMergeKeysAndAppContexts() {
        let (imported, bindings) = load("""
        swipe:
            3:
                left: &back
                    sendkey: "LEFTALT+LEFT"
                right:
                    <<: *back
                    sendkey: "LEFTALT+RIGHT"
        ---
        context:
            application: Google-chrome
        swipe:
            4:
                up:
                    command: "xdotool key --clearmodifiers ctrl+t"
        """, .fusuma)
        XCTAssertEqual(bindings, [
            "swipe:3:left on-threshold keys: alt+Left", "swipe:3:right on-threshold keys: alt+Right",
            "swipe:4:up on-threshold app=Google-chrome keys: ctrl+t",
        ])
        XCTAssertEqual(imported.warnings.map(\.location.line), [10])
    }

    func testFusumaBeginUpdateEndAndHold() {
        let (imported, bindings) = load("""
        swipe:
          3:
            begin:
              command: xdotool keydown alt
            update:
              command: echo step
              interval: 0.5
            end:
              command: xdotool keyup alt
            left:
              command: echo left
        hold:
          4:
            command: echo held
        threshold:
          hold: 2
        """, .fusuma)
        // In source order: begin (with its end), update, left.
        XCTAssertEqual(bindings, [
            "swipe:3 continuous exec: case \"$GESTO_PHASE\" in began) xdotool keydown alt ;; ended|failed|cancelled) xdotool keyup alt ;; esac",
            "swipe:3 repeat exec: echo step",
            "swipe:3:left on-threshold exec: echo left",
            "long-press:4 on-begin exec: echo held",
        ])
        XCTAssertEqual(imported.bindings.last?.overrides, [.init(key: "duration", value: "1.4")])
        XCTAssertEqual(Set(imported.unimportable.map(\.source.location.line)), [7])
    }

    /// fusuma's three-finger-drag recipe, as its wiki gives it and as public configs copy it
    /// (this excerpt: a config.yml quoted in a public Korean blog post the code index found without
    /// its repository; the ydotool form from a public home-manager fusuma config likewise): each
    /// becomes a `drag:` binding of its undirected swipe, with the button the recipe presses; the
    /// directed swipes of the same fingers are bound beside it (a quick stroke is theirs, a slow
    /// one the drag's), and the result passes the config's own checks.
    func testFusumaThreeFingerDragBecomesADrag() throws {
        let (imported, bindings) = load("""
        swipe:
          3:
            left:
              command: "xdotool key alt+Right" # History forward
            right:
              command: "xdotool key alt+Left" # History back
            begin:
              command: xdotool mousedown 1
            update:
              command: xdotool mousemove_relative -- $move_x, $move_y
              interval: 0.01
              accel: 2
            end:
              command: xdotool mouseup 1
          4:
            begin:
              command: "ydotool click 41"
            update:
              command: "ydotool mousemove -- $move_x, $move_y"
              accel: 2
              interval: 0.1
            end:
              command: "ydotool click 81"
        """, .fusuma)
        XCTAssertEqual(Set(bindings), ["swipe:3:left on-threshold keys: alt+Right", "swipe:3:right on-threshold keys: alt+Left",
                                       "swipe:3 continuous drag: left", "swipe:4 continuous drag: right"])
        XCTAssertTrue(imported.unimportable.isEmpty, "\(imported.unimportable.map(\.reason))")
        XCTAssertNoThrow(try Config.parse(imported.configText, file: "imported.yaml"))
    }

    /// Plugin executors, written here after the forms public configs use: fusuma-plugin-sendkey's
    /// list of combinations and clearmodifiers (its README), and a third-party executor's own key
    /// (`server:`, with its plugin settings) beside plain commands. What gesto can bind is bound;
    /// each other line says why, and none is a warning.
    func testFusumaPluginExecutorsBindWhatCanBeBound() {
        let (imported, bindings) = load("""
        swipe:
          3:
            left:
              sendkey: "LEFTALT+RIGHT"
              clearmodifiers: true
            right:
              sendkey: ["LEFTALT+LEFT"]
            up:
              server: "workspace-overview"
            down:
              command: "xdotool key super+s"
        hold:
          3:
            sendkey: ["LEFTSHIFT+F10", "T", "ENTER"]
        pinch:
          2:
            in:
              begin:
                server: "zoom-start"
              end:
                command: "echo done"
        plugin:
          executors:
            server_executor:
              fifo: /tmp/fusuma.fifo
        """, .fusuma, options: ImportOptions(fusumaPinch: .version3))
        XCTAssertEqual(bindings, [
            "swipe:3:left on-threshold keys: alt+Right", "swipe:3:right on-threshold keys: alt+Left", "swipe:3:down on-threshold keys: super+s",
            "pinch:2:in continuous exec: case \"$GESTO_PHASE\" in ended|failed|cancelled) echo done ;; esac",
        ])
        XCTAssertEqual(imported.unimportable.map(\.source.location.line), [5, 9, 14, 19, 22])
        XCTAssertEqual(imported.warnings, [])
        XCTAssertTrue(imported.unimportable[1].reason.hasPrefix("'server:' is no action of fusuma"))
        XCTAssertTrue(imported.unimportable[2].reason.hasPrefix("sendkey: a list of 3 key combinations"))
    }

    func testFusumaPinchWordsFollowTheVersionGiven() {
        let source = "pinch:\n  2:\n    in:\n      command: echo in\n"
        XCTAssertEqual(load(source, .fusuma, options: ImportOptions(fusumaPinch: .version3)).1, ["pinch:2:in on-threshold exec: echo in"])
        let (imported, bindings) = load(source, .fusuma)
        XCTAssertEqual(bindings, ["pinch:2:out on-threshold exec: echo in"])
        XCTAssertEqual(imported.warnings.count, 1)
    }

    func testFusumaSyntaxErrorIsAWarningWithWhere() {
        let (imported, bindings) = load("swipe:\n  3:\n    left: [unclosed\n", .fusuma)
        XCTAssertEqual(bindings, [])
        XCTAssertEqual(imported.warnings.count, 1)
        XCTAssertEqual(imported.warnings[0].location.file, "source.conf")
        XCTAssertGreaterThan(imported.warnings[0].location.line, 1)
    }

    func testFusumaBillionLaughsIsRefused() {
        var text = "a: &a [x, x, x, x, x, x, x, x, x, x]\n"
        for level in 1...8 { text += "l\(level): &l\(level) [" + Array(repeating: level == 1 ? "*a" : "*l\(level - 1)", count: 10).joined(separator: ", ") + "]\n" }
        let (imported, _) = load(text, .fusuma)
        XCTAssertTrue(imported.warnings.first?.message.contains("aliases repeat more than") == true)
    }

    // MARK: sway

    func testSwayVariablesModesExecAndPinches() {
        let (imported, bindings) = load("""
        set $ws workspace
        bindgesture swipe:3:left $ws next
        bindgesture --exact pinch:2:outward exec  foot
        mode "resize" {
            bindgesture swipe:3:up resize grow height 10px
        }
        bindgesture swipe:4:up+left focus parent
        bindgesture pinch:clockwise exec_always --no-startup-id echo r
        bindgesture tap:3 nop
        """, .sway)
        XCTAssertEqual(bindings, [
            "swipe:3:left on-end sway: workspace next", "pinch:2:out on-end exec: foot",
            "swipe:4:up-left on-end sway: focus parent",
            "rotate:2:clockwise on-end exec: echo r", "rotate:3:clockwise on-end exec: echo r", "rotate:4:clockwise on-end exec: echo r",
        ])
        XCTAssertEqual(Set(imported.unimportable.map(\.source.location.line)), [5, 9])
        XCTAssertEqual(imported.warnings.map { "\($0.location.line):\($0.location.column)" }, ["3:13", "9:13"])
        XCTAssertEqual(Set(imported.settings.map { "\($0.section).\($0.key)" }), ["pinch.in", "pinch.out", "swipe.diagonals"])
    }

    /// sway applies a block's words before each of its lines, so `set { … }` defines a variable a
    /// line. The block is an excerpt of hossamdash/dotfiles, dotbot/config/sway/config.d/key-bindings.sh
    /// (with its backslash continuation); the bindgesture lines using it are written for the test.
    func testSwayVariablesOfASetBlock() {
        let (_, bindings) = load("""
        set {
            # win key
            $mod Mod4

            # default apps
            $term Alacritty
            $term2 alacritty
            $menu bemenu -i -p "launch ▶" -H 30 \\
                --fn "Hack Regular 12"
        }
        bindgesture swipe:3:up exec $term2
        bindgesture swipe:3:down exec $menu
        """, .sway)
        XCTAssertEqual(bindings, [
            "swipe:3:up on-end exec: alacritty",
            "swipe:3:down on-end exec: bemenu -i -p \"launch ▶\" -H 30  --fn \"Hack Regular 12\"",
        ])
    }

    /// `exec wtype …` typing one combination is gesto's keys:. The lines are from a public
    /// home-manager sway config (extraConfig; the code index gave no repository for it):
    /// wtype's -P presses a key that wtype releases when it exits.
    func testSwayExecWtypeBecomesKeys() {
        let (_, bindings) = load("""
        bindgesture swipe:4:right workspace prev
        bindgesture swipe:3:left exec wtype -M alt -P right -m alt
        bindgesture swipe:3:right exec wtype -M alt -P left -m alt
        bindgesture swipe:3:up exec wtype -M ctrl -P Tab -p Tab -m ctrl
        bindgesture swipe:3:down exec wtype hello
        """, .sway)
        XCTAssertEqual(bindings, [
            "swipe:4:right on-end sway: workspace prev",
            "swipe:3:left on-end keys: alt+Right", "swipe:3:right on-end keys: alt+Left",
            "swipe:3:up on-end keys: ctrl+Tab", "swipe:3:down on-end exec: wtype hello",
        ])
    }

    func testSwayIncludesAreFollowedWithTheVariablesSetBeforeThem() {
        let files: [String: String] = [
            "/home/u/.config/sway/config.d/gestures": "bindgesture swipe:3:left $ws next\ninclude /home/u/.config/sway/config\n",
        ]
        let reader: @Sendable (String, String) -> [(path: String, text: String)] = { pattern, _ in
            let path = pattern.hasPrefix("/") ? pattern : "/home/u/.config/sway/" + pattern.replacingAll("*", with: "gestures")
            return files[path].map { [(path, $0)] } ?? (path == "/home/u/.config/sway/config" ? [(path, "")] : [])
        }
        var options = ImportOptions(readIncluded: reader)
        options.canonicalPath = "/home/u/.config/sway/config"
        let imported = importConfig("set $ws workspace\ninclude config.d/*\ninclude missing\nbindgesture hold:3 $ws back_and_forth\n",
                                    format: .sway, file: "/home/u/.config/sway/config", options: options)
        // In the order read (the config's own bindings are added at its end); printed by file.
        XCTAssertEqual(imported.bindings.map { "\($0.gesture) \($0.action.summary) \($0.source.location.file)" }, [
            "swipe:3:left sway: workspace next /home/u/.config/sway/config.d/gestures",
            "hold:3 sway: workspace back_and_forth /home/u/.config/sway/config",
        ])
        XCTAssertTrue(imported.configText.contains("# config.d/gestures:1: bindgesture swipe:3:left $ws next"))
        XCTAssertEqual(imported.warnings.map { "\($0.location.file.split(separator: "/").last!):\($0.location.line)" }, ["config:3", "gestures:2"])
        XCTAssertNoThrow(try Config.parse(imported.configText, file: "imported"))
        // Without a reader, an include is listed as not importable.
        XCTAssertEqual(importConfig("include config.d/*\n", format: .sway, file: "config").unimportable.count, 1)
    }

    // MARK: Hyprland

    func testHyprlandDispatchersWorkspacesAndReversedPinch() {
        let (imported, bindings) = load("""
        $fingers = 4
        gesture = 3, horizontal, workspace
        gesture = $fingers, pinchin, dispatcher, exec, kitty --single-instance # a comment
        gesture = 4, down, close
        gesture = 4, up, special, magic
        gesture = 3, sideways, close
        gestures {
            workspace_swipe_distance = 300
        }
        """, .hyprland)
        XCTAssertEqual(bindings, [
            "swipe:3:left on-end exec: hyprctl dispatch workspace m+1", "swipe:3:right on-end exec: hyprctl dispatch workspace m-1",
            "pinch:4:out on-end exec: hyprctl dispatch exec 'kitty --single-instance'",
            "swipe:4:down on-end window: close",
            "swipe:4:up on-end exec: hyprctl dispatch togglespecialworkspace magic",
        ])
        XCTAssertEqual(Set(imported.unimportable.map(\.source.location.line)), [6, 8])
    }

    func testHyprlandSourcedFilesAreRead() {
        let reader: @Sendable (String, String) -> [(path: String, text: String)] = { pattern, _ in
            pattern == "~/.config/hypr/gestures.conf" ? [("/h/gestures.conf", "gesture = $f, down, close\n")] : []
        }
        let imported = importConfig("$f = 4\nsource = ~/.config/hypr/gestures.conf\nsource = nowhere.conf\n", format: .hyprland,
                                    file: "/h/hyprland.conf", options: ImportOptions(readIncluded: reader))
        XCTAssertEqual(imported.bindings.map { "\($0.gesture) \($0.action.summary) \($0.source.location.line)" }, ["swipe:4:down window: close 1"])
        XCTAssertEqual(imported.warnings.map(\.location.line), [3])
    }

    func testHyprlandLegacyWorkspaceSwipe() {
        let (_, bindings) = load("gestures {\n    workspace_swipe = true\n    workspace_swipe_fingers = 4\n}\n", .hyprland)
        XCTAssertEqual(bindings, ["swipe:4:left on-end exec: hyprctl dispatch workspace m+1", "swipe:4:right on-end exec: hyprctl dispatch workspace m-1"])
    }

    /// A config moved to Hyprland 0.51's gesture = lines that kept its old gestures { } block (a
    /// common state of public dotfiles in 2025): the removed workspace_swipe settings bind nothing
    /// twice, and workspace_swipe_invert, which 0.51 kept, turns the workspace gesture round.
    func testHyprlandGestureLinesWithTheOldGesturesBlock() {
        let (imported, bindings) = load("""
        gesture = 3, horizontal, workspace
        gesture = 4, up, dispatcher, exec, rofi -show drun
        gestures {
            workspace_swipe = true
            workspace_swipe_fingers = 4
            workspace_swipe_invert = false
            workspace_swipe_distance = 250
        }
        """, .hyprland)
        XCTAssertEqual(bindings, [
            "swipe:3:left on-end exec: hyprctl dispatch workspace m-1", "swipe:3:right on-end exec: hyprctl dispatch workspace m+1",
            "swipe:4:up on-end exec: hyprctl dispatch exec 'rofi -show drun'",
        ])
        XCTAssertEqual(Set(imported.unimportable.map(\.source.location.line)), [4, 5, 7])
        XCTAssertTrue(imported.unimportable.contains { $0.source.location.line == 4 && $0.reason.hasPrefix("removed in Hyprland 0.51") })
    }

    /// Hyprland 0.55's Lua config, written here in the call forms public hyprland.lua files use
    /// (one-line and multi-line hl.gesture tables, inline and named functions running one
    /// hl.exec_cmd or hl.dispatch, a plugin's dispatcher inside an `if`, workspace_swipe_invert in
    /// an hl.config table) and the forms the wiki documents that gesto cannot take (mods, 1:1
    /// actions, a concatenated command, a live start/update/finish table).
    func testHyprlandLuaConfig() {
        let (imported, bindings) = load("""
        -- Keyboard, touchpad and gestures
        hl.config({
            input = { touchpad = { natural_scroll = true } },
            gestures = { workspace_swipe_invert = false },
        })

        hl.gesture({ fingers = 3, direction = "horizontal", action = "workspace" })
        hl.gesture({ fingers = 3, direction = "pinch", action = "fullscreen" })
        hl.gesture({
            fingers = 4,
            direction = "up",
            action = function()
                -- open the launcher
                hl.exec_cmd("rofi -show drun")
            end
        })
        hl.gesture({ fingers = 4, direction = "down", action = function() hl.dispatch(hl.dsp.workspace.toggle_special("magic")) end })
        local overview = function() hl.exec_cmd("qs ipc call overview toggle") end
        hl.gesture({ fingers = 4, direction = "left", action = overview })
        hl.gesture({ fingers = 3, direction = "down", mods = "SUPER", action = "close" })
        hl.gesture({ fingers = 3, direction = "swipe", action = "move" })
        hl.gesture({ fingers = 4, direction = "right", action = function() hl.exec_cmd("notify-send " .. os.date()) end })
        hl.gesture({ fingers = 2, direction = "vertical", action = { start = function(e) end, update = function(e) end } })
        if hl.plugin.scrolloverview then
            hl.gesture({ fingers = 3, direction = "up", action = function() hl.dispatch(hl.plugin.scrolloverview.overview("enable")) end })
        end
        """, .hyprland)
        XCTAssertEqual(bindings, [
            "swipe:3:left on-end exec: hyprctl dispatch 'hl.dsp.focus({ workspace = \"m-1\" })'",
            "swipe:3:right on-end exec: hyprctl dispatch 'hl.dsp.focus({ workspace = \"m+1\" })'",
            "pinch:3 on-end window: fullscreen",
            "swipe:4:up on-end exec: rofi -show drun",
            "swipe:4:down on-end exec: hyprctl dispatch 'hl.dsp.workspace.toggle_special(\"magic\")'",
            "swipe:4:left on-end exec: qs ipc call overview toggle",
            "swipe:3:up on-end exec: hyprctl dispatch 'hl.plugin.scrolloverview.overview(\"enable\")'",
        ])
        XCTAssertEqual(imported.unimportable.map(\.source.location.line), [20, 21, 22, 23])
        XCTAssertEqual(imported.bindings[3].source.location.line, 9)
        XCTAssertTrue(imported.unimportable[2].reason.hasPrefix("a Lua function gesto cannot read"))
        XCTAssertTrue(imported.unimportable[3].reason.hasPrefix("a live Lua gesture"))
    }

    /// A hyprland.lua read from standard input is still Lua; a gesture whose values are computed
    /// is listed, not guessed.
    func testHyprlandLuaComputedValuesAreListed() {
        let imported = importConfig("local n = 3\nhl.gesture({ fingers = n, direction = \"up\", action = \"close\" })\n", format: .hyprland, file: "<stdin>")
        XCTAssertEqual(imported.bindings.count, 0)
        XCTAssertEqual(imported.unimportable.map(\.source.location.line), [2])
        XCTAssertTrue(imported.unimportable[0].reason.hasPrefix("fingers is computed in Lua"))
    }

    // MARK: Touchégg

    func testToucheggAppListsRepeatAndCommands() {
        let (imported, bindings) = load("""
        <touchégg>
          <application name="firefox, org.gnome.Nautilus">
            <gesture type="PINCH" fingers="2" direction="IN">
              <action type="SEND_KEYS">
                <repeat>true</repeat>
                <modifiers>Control_L</modifiers>
                <keys>KP_Subtract</keys>
                <decreaseKeys>KP_Add</decreaseKeys>
              </action>
            </gesture>
          </application>
          <application name="All">
            <gesture type="SWIPE" fingers="4" direction="UP">
              <action type="RUN_COMMAND"><command>notify-send up</command><on>end</on></action>
            </gesture>
            <gesture type="SWIPE" fingers="3" direction="LEFT">
              <action type="CHANGE_DESKTOP"><direction>next</direction></action>
            </gesture>
            <gesture type="TAP" fingers="2"><action type="MOUSE_CLICK"><button>3</button></action></gesture>
          </application>
        </touchégg>
        """, .touchegg)
        XCTAssertEqual(bindings, [
            "pinch:2:in repeat app=firefox keys: ctrl+KP_Subtract", "pinch:2:in repeat app=org.gnome.Nautilus keys: ctrl+KP_Subtract",
            "swipe:4:up on-end exec: notify-send up", "swipe:3:left on-end sway: workspace next",
        ])
        XCTAssertEqual(Set(imported.unimportable.map(\.source.location.line)), [19])
        XCTAssertTrue(imported.warnings.contains { $0.location.line == 3 && $0.message.contains("decreaseKeys") })
    }

    /// `<cyclic>true</cyclic>` on CHANGE_DESKTOP (the config quoted in JoseExposito/touchegg
    /// issue 502, where the option was added) wraps around the desktops: said in the output, and
    /// warned about where the compositor's command may not wrap.
    func testToucheggCyclicDesktopSwitching() {
        let source = """
        <touchégg>
          <application name="All">
            <gesture type="SWIPE" fingers="4" direction="LEFT">
              <action type="CHANGE_DESKTOP">
                <cyclic>true</cyclic>
                <direction>next</direction>
              </action>
            </gesture>
            <gesture type="SWIPE" fingers="4" direction="RIGHT">
              <action type="CHANGE_DESKTOP">
                <cyclic>true</cyclic>
                <direction>previous</direction>
              </action>
            </gesture>
          </application>
        </touchégg>
        """
        let (imported, bindings) = load(source, .touchegg)
        XCTAssertEqual(bindings, ["swipe:4:left on-end sway: workspace next", "swipe:4:right on-end sway: workspace prev"])
        XCTAssertTrue(imported.configText.contains("<cyclic>true</cyclic> wraps from the last desktop to the first, as sway's"))
        let (hyprland, _) = load(source, .touchegg, options: ImportOptions(workspaces: .hyprland))
        XCTAssertEqual(hyprland.warnings.map(\.location.line), [5, 11])
    }

    /// The Touchégg 1.x format as public dotfiles and blog posts of 2013-2019 show it (written
    /// here, not copied): `direction="ALL"` and `direction=""` with 1:1 and mouse actions, the
    /// action's parameter as its text, MOUSE_WHEEL_*, composed_gestures_time; and a 1.x DRAG
    /// whose action has Touchégg 2's child elements with `<on>begin</on>` (a file half migrated).
    func testTouchegg1xFormatAndOnBeginInsideADrag() {
        let (imported, bindings) = load("""
        <touchégg>
            <settings>
                <property name="composed_gestures_time">0</property>
            </settings>
            <application name="All">
                <gesture type="TAP" fingers="2" direction="">
                    <action type="MOUSE_CLICK">BUTTON=3</action>
                </gesture>
                <gesture type="DRAG" fingers="2" direction="ALL">
                    <action type="SCROLL">SPEED=7:INVERTED=true</action>
                </gesture>
                <gesture type="DRAG" fingers="3" direction="UP">
                    <action type="CHANGE_DESKTOP">PREVIOUS</action>
                </gesture>
                <gesture type="DRAG" fingers="4" direction="LEFT">
                    <action type="MOVE_WINDOW"></action>
                </gesture>
                <gesture type="PINCH" fingers="4" direction="ALL">
                    <action type="RESIZE_WINDOW"></action>
                </gesture>
                <gesture type="DRAG" fingers="4" direction="UP">
                    <action type="MAXIMIZE_RESTORE_WINDOW"></action>
                </gesture>
                <gesture type="DRAG" fingers="3" direction="DOWN">
                    <action type="MOUSE_WHEEL_DOWN"></action>
                </gesture>
                <gesture type="DRAG" fingers="3" direction="RIGHT">
                    <action type="SEND_KEYS">Control+Alt+Right</action>
                </gesture>
                <gesture type="DRAG" fingers="3" direction="LEFT">
                    <action type="SEND_KEYS">
                        <modifiers>Control_L</modifiers>
                        <keys>Left</keys>
                        <on>begin</on>
                    </action>
                </gesture>
            </application>
        </touchégg>
        """, .touchegg)
        XCTAssertEqual(bindings, [
            "swipe:3:up on-end sway: workspace prev", "swipe:4:up on-end window: maximize",
            "swipe:3:right on-end keys: ctrl+alt+Right", "swipe:3:left on-begin keys: ctrl+Left",
        ])
        XCTAssertEqual(imported.unimportable.map(\.source.location.line), [3, 6, 9, 15, 18, 24])
        XCTAssertEqual(imported.warnings, [], "nothing here is malformed: each line gesto cannot bind says why")
        XCTAssertTrue(imported.unimportable[2].reason.hasPrefix("SCROLL: gesto emulates no mouse"))
        XCTAssertTrue(imported.unimportable[3].reason.hasPrefix("MOVE_WINDOW follows the fingers 1:1"))
        XCTAssertTrue(imported.unimportable[5].reason.hasPrefix("MOUSE_WHEEL_DOWN: gesto emulates no mouse"))
    }

    /// Touchégg 2.x (`X11::sendKeys`) and 1.x (`SendKeys`) both turn a key name into a keysym
    /// (`XStringToKeysym`), then into the keycode of the key bearing it (`XKeysymToKeycode`), and
    /// press that keycode without Shift: `<keys>L</keys>` types the key of l, unshifted. 1.x holds
    /// only Control, Shift, Super, Alt and AltGr; `Control_L` it taps on its own.
    func testToucheggUpperCaseKeyNamesAreTypedWithoutShift() {
        let (imported, bindings) = load("""
        <touchégg>
          <application name="All">
            <gesture type="SWIPE" fingers="3" direction="UP">
              <action type="SEND_KEYS">
                <repeat>false</repeat>
                <modifiers>Control_L</modifiers>
                <keys>L</keys>
                <on>begin</on>
              </action>
            </gesture>
            <gesture type="SWIPE" fingers="3" direction="DOWN">
              <action type="SEND_KEYS"><keys>Control_L+A</keys><on>end</on></action>
            </gesture>
            <gesture type="DRAG" fingers="4" direction="UP">
              <action type="SEND_KEYS">Super+W</action>
            </gesture>
            <gesture type="DRAG" fingers="4" direction="DOWN">
              <action type="SEND_KEYS">Control_L+Odiaeresis</action>
            </gesture>
          </application>
        </touchégg>
        """, .touchegg)
        XCTAssertEqual(bindings, [
            "swipe:3:up on-begin keys: ctrl+l", "swipe:3:down on-end keys: ctrl+a",
            "swipe:4:up on-end keys: super+w", "swipe:4:down on-end keys: ctrl+odiaeresis",
        ])
        XCTAssertEqual(imported.warnings.map(\.location.line), [17], "only 1.x's tapped Control_L")
        XCTAssertTrue(imported.warnings.first?.message.contains("pressed and released 'Control_L'") == true)
    }

    /// Touchégg 1.x's DRAG_AND_DROP (DragAndDrop.cpp: `BUTTON=N` pressed when the fingers move,
    /// the pointer moved with them, released at the lift) is gesto's drag; `direction="ALL"`
    /// (Config::getAssociatedAction: any direction without an exact gesture) is every other
    /// direction.
    func testTouchegg1xDragAndDropAndDirectionAll() {
        let (imported, bindings) = load("""
        <touchégg>
            <application name="All">
                <gesture type="DRAG" fingers="3" direction="ALL">
                    <action type="DRAG_AND_DROP">BUTTON=1</action>
                </gesture>
                <gesture type="DRAG" fingers="3" direction="UP">
                    <action type="MAXIMIZE_RESTORE_WINDOW"></action>
                </gesture>
                <gesture type="DRAG" fingers="4" direction="ALL">
                    <action type="DRAG_AND_DROP">BUTTON=3</action>
                </gesture>
                <gesture type="DRAG" fingers="2" direction="ALL">
                    <action type="DRAG_AND_DROP">BUTTON=1</action>
                </gesture>
                <gesture type="PINCH" fingers="5" direction="ALL">
                    <action type="SEND_KEYS">Alt+F1</action>
                </gesture>
                <gesture type="PINCH" fingers="2" direction="IN">
                    <action type="SEND_KEYS">Control+KP_Subtract</action>
                </gesture>
                <gesture type="PINCH" fingers="2" direction="ALL">
                    <action type="SEND_KEYS">Control+KP_Add</action>
                </gesture>
            </application>
            <application name="Okular">
                <gesture type="DRAG" fingers="5" direction="ALL">
                    <action type="DRAG_AND_DROP">BUTTON=1</action>
                </gesture>
            </application>
        </touchégg>
        """, .touchegg)
        XCTAssertEqual(bindings, [
            "swipe:3 continuous drag: left", "swipe:3:up on-end window: maximize", "swipe:4 continuous drag: right",
            "pinch:5:in on-end keys: alt+F1", "pinch:5:out on-end keys: alt+F1",
            "pinch:2:in on-end keys: ctrl+KP_Subtract", "pinch:2:out on-end keys: ctrl+KP_Add",
        ])
        XCTAssertEqual(imported.unimportable.map(\.source.location.line), [12, 26])
        XCTAssertTrue(imported.unimportable[0].reason.hasPrefix("a 2-finger drag"))
        XCTAssertTrue(imported.unimportable[1].reason.hasPrefix("a drag holds the button wherever the pointer is"))
        // The swipe beside the drag imports, and says it gets only the quick strokes.
        XCTAssertEqual(imported.warnings.map(\.location.line), [6, 25], "the swipe beside the drag, and Okular's X11 class name")
        XCTAssertTrue(imported.warnings.first?.message.contains("quick strokes only") == true)
    }

    func testToucheggBrokenXMLIsAWarningWithWhere() {
        let (imported, bindings) = load("<touchégg>\n  <application name=\"All\">\n    <gesture type=\"SWIPE\"\n</touchégg>\n", .touchegg)
        XCTAssertEqual(bindings, [])
        XCTAssertEqual(imported.warnings.count, 1)
        XCTAssertGreaterThanOrEqual(imported.warnings[0].location.line, 3)
        XCTAssertTrue(imported.warnings[0].message.hasPrefix("not well-formed XML"))
    }

    /// Thousands of entries gesto cannot import on one line (a minified touchegg.conf, a
    /// flow-style fusuma file, a generated hyprland.lua) cost each entry an excerpt of the line,
    /// not the whole line again: the config grows with the entries, not with entries × line,
    /// the warnings of a line are capped with a count of the rest, and the header counts one
    /// source line.
    func testManyEntriesOnOneLineGiveOutputLinearInTheEntries() {
        let count = 500
        let touchegg = "<touchégg><application name=\"All\">"
            + String(repeating: "<gesture type=\"SWIPE\" fingers=\"3\" direction=\"SIDEWAYS\"><action type=\"CLOSE_WINDOW\"/></gesture>", count: count)
            + String(repeating: "<gesture type=\"SWIPE\" fingers=\"4\" direction=\"UP\"><action type=\"SHOW_DESKTOP\"/></gesture>", count: count)
            + "</application></touchégg>\n"
        let fusuma = "{swipe: {3: {" + (0..<count).map { "k\($0): {command: echo \($0)}" }.joined(separator: ", ") + "}}}\n"
        let lua = (0..<count).map { "hl.gesture({ fingers = 3, direction = \"sideways\($0)\", action = \"workspace\" })" }.joined(separator: " ") + "\n"
        for (text, format, entries) in [(touchegg, ImportFormat.touchegg, 2 * count), (fusuma, .fusuma, count), (lua, .hyprland, count)] {
            let (imported, bindings) = load(text, format)
            XCTAssertEqual(bindings, [], "\(format)")
            XCTAssertEqual(imported.unimportable.count, entries, "\(format)")
            XCTAssertEqual(imported.unimportableSourceLines, 1, "\(format)")
            let config = imported.configText
            XCTAssertTrue(config.contains("\(entries) entries on 1 source line not importable"), "\(format)")
            // Each entry: its excerpt (at most SourceLine.excerptLength characters) and its reason.
            XCTAssertLessThan(config.utf8.count, entries * 600, "\(format): \(config.utf8.count) bytes for a \(text.utf8.count)-byte line")
            XCTAssertTrue(imported.unimportable.allSatisfy { $0.source.text.count <= SourceLine.excerptLength + 60 }, "\(format)")
            XCTAssertLessThanOrEqual(imported.warnings.count, ImportRecorder.warningsPerLine + 1, "\(format)")
            if let last = imported.warnings.last, imported.warnings.count > ImportRecorder.warningsPerLine {
                XCTAssertTrue(last.message.hasSuffix("more warnings on this line left out (the first \(ImportRecorder.warningsPerLine) are shown)"), last.message)
            } else {
                XCTFail("\(format): the warnings of the line are not capped: \(imported.warnings.count)")
            }
        }
        // The excerpt shows the entry itself, around its column.
        let (imported, _) = load(touchegg, .touchegg)
        XCTAssertTrue(imported.unimportable.last?.source.text.contains("<gesture type=\"SWIPE\" fingers=\"4\" direction=\"UP\">") == true,
                      imported.unimportable.last?.source.text ?? "")
    }

    // MARK: output

    func testYAMLScalarsReadBackAsWritten() throws {
        for text in ["a: b", "x # y", "{a}", "true", "- x", "'q'", "say \"hi\"", "tab\there", "back\\slash", "ok plain", "~/bin/x"] {
            let config = try Config.parse("bindings:\n  - {gesture: swipe:3:up, exec: \(yamlScalar(text))}\n", file: "t")
            XCTAssertEqual(config.bindings.first?.action, .exec(text), text)
        }
    }
}
