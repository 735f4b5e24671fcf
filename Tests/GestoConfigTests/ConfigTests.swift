// The config format: what decodes, and that every mistake is reported with its
// FILE:LINE:COLUMN and a message that says what was expected.
import Testing
import GestoCore
@testable import GestoConfig
import GestoYAML

@Suite struct ConfigTests {
    @Test func theIssueExampleDecodes() throws {
        let config = try Config.parse("""
            settings:
              swipe: {threshold: 120, velocity: 800}
            bindings:
              - gesture: swipe:3:left
                exec: swaymsg workspace next
              - gesture: pinch:2:in
                mode: on-threshold
                exec: notify-send pinched
            """, file: "config.yaml")
        #expect(config.settings.swipe.threshold.deltaUnits == 120)
        #expect(config.settings.swipe.velocity.deltaUnits == 800)
        #expect(config.bindings.count == 2)
        #expect(config.bindings[0].gesture == .touchpad(.swipe(.left), fingers: 3))
        #expect(config.bindings[0].action == .exec("swaymsg workspace next"))
        #expect(config.bindings[0].mode == .onEnd)
        #expect(config.bindings[1].mode == .onThreshold)
        #expect(config.bindings[0].settings.swipe.threshold.deltaUnits == 120)
        #expect(config.bindings[1].location.line == 6)
    }

    @Test func bindingOverridesApplyToThatBindingOnly() throws {
        let config = try Config.parse("""
            bindings:
              - gesture: swipe:4:up
                threshold: 300
                exec: a
              - gesture: swipe:4:down
                exec: b
            settings:
              swipe: {threshold: 200}
            """, file: "c.yaml")
        #expect(config.bindings[0].settings.swipe.threshold.deltaUnits == 300)
        #expect(config.bindings[1].settings.swipe.threshold.deltaUnits == 200)
    }

    @Test func unknownKeyIsAnErrorWithLocationAndSuggestion() {
        #expect {
            _ = try Config.parse("""
                settings:
                  swipe:
                    treshold: 100
                bindings: []
                """, file: "config.yaml")
        } throws: { error in
            let errors = (error as? ConfigErrors)?.errors ?? []
            return errors.count == 1
                && errors[0].location == GestoYAML.SourceLocation(file: "config.yaml", line: 3, column: 5)
                && errors[0].message.contains("unknown key 'treshold'")
                && errors[0].message.contains("did you mean 'threshold'")
        }
    }

    @Test func everyProblemIsReportedNotJustTheFirst() {
        do {
            _ = try Config.parse("""
                bindings:
                  - gesture: swipe:3:sideways
                    exec: a
                  - gesture: pinch:2:in
                    mode: sometimes
                    exec: b
                  - gesture: hold:3
                  - gesture: rotate:2:clockwise
                    exec: c
                    exec2: d
                """, file: "f.yaml")
            Issue.record("expected errors")
        } catch {
            let text = error.description
            #expect(text.contains("f.yaml:2:14: error: bad gesture 'swipe:3:sideways'"))
            #expect(text.contains("f.yaml:5:11: error: unknown mode 'sometimes'"))
            #expect(text.contains("f.yaml:7:5: error: binding for hold:3 has no action"))
            #expect(text.contains("f.yaml:10:5: error: unknown key 'exec2'"))
            #expect(error.errors.count == 4)
        }
    }

    @Test func yamlSyntaxErrorsCarryLibyamlsPosition() {
        do {
            _ = try Config.parse("bindings:\n  - gesture: swipe:3:left\n   exec: [unclosed\n", file: "s.yaml")
            Issue.record("expected a syntax error")
        } catch {
            #expect(error.errors.count == 1)
            #expect(error.errors[0].location.file == "s.yaml")
            #expect(error.errors[0].location.line >= 2)
            #expect(error.errors[0].message.hasPrefix("YAML syntax"))
        }
    }

    @Test func deeplyNestedCollectionsAreRefusedWhereTheyGoTooDeep() {
        // Issue 18: a 64 KB config nested 32k levels deep stalled gestod for 4.5 s.
        for depth in [64, 32_000] {
            let text = "bindings: " + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + "\n"
            do {
                _ = try Config.parse(text, file: "deep.yaml")
                Issue.record("expected an error at depth \(depth)")
            } catch {
                #expect(error.description.contains("deep.yaml:1:74: error: collections nest deeper than 64 levels"), "\(error.description)")
            }
        }
        // 64 levels (the root mapping and 63 lists) still parse, and are then a wrong value.
        let text = "bindings: " + String(repeating: "[", count: 63) + String(repeating: "]", count: 63) + "\n"
        do { _ = try Config.parse(text, file: "deep.yaml") } catch {
            #expect(!error.description.contains("nest deeper"), "\(error.description)")
        }
    }

    @Test func duplicateKeysAreRejected() {
        do {
            _ = try Config.parse("bindings:\n  - gesture: hold:3\n    exec: a\n    exec: b\n", file: "d.yaml")
            Issue.record("expected an error")
        } catch {
            #expect(error.description.contains("d.yaml:4:5: error: duplicate key 'exec' (first given at line 3)"))
        }
    }

    @Test(arguments: [
        ("settings:\n  pinch: {in: 1.2}\n", "'in' is the scale a closing pinch reaches"),
        ("settings:\n  swipe: {threshold: -3}\n", "'threshold' must be above 0"),
        ("settings:\n  swipe: {threshold: far}\n", "'threshold' must be a number, not 'far'"),
        ("settings:\n  swipe: {diagonals: maybe}\n", "'diagonals' must be true or false"),
        ("bindings:\n  gesture: hold:3\n", "'bindings' must be a list"),
        ("bindings:\n  - gesture: swipe:1:left\n    exec: a\n", "bad finger count '1'"),
        ("gestures: []\n", "unknown key 'gestures'"),
        ("settings:\n  swipe: {repeat-distance: 1e-300}\n", "'repeat-distance' must be at least 1 unit"),
        ("settings:\n  pinch: {repeat-scale: 1.0000001}\n", "'repeat-scale' must be at least 1.001"),
        // Durations become deadlines on the event clock: 1e13 s trapped gestod at a hold.
        ("settings:\n  long-press: {duration: 1e13}\n", "x.yaml:2:26: error: 'duration' must be at most 86400 s (a day), not 1e13"),
        ("settings:\n  long-press: {duration: 86400.5}\n", "'duration' must be at most 86400 s (a day)"),
        ("bindings:\n  - gesture: long-press:3\n    duration: 1e308\n    exec: a\n", "x.yaml:3:15: error: 'duration' must be at most 86400 s"),
        ("settings:\n  hold: {minimum-duration: 1e13}\n", "x.yaml:2:28: error: 'minimum-duration' must be at most 86400 s (a day), not 1e13"),
        ("bindings:\n  - gesture: hold:3\n    minimum-duration: 1e308\n    exec: a\n", "x.yaml:3:23: error: 'minimum-duration' must be at most 86400 s"),
        ("animation: {duration: 1e20}\n", "x.yaml:1:23: error: 'duration' must be at most 86400 s (a day), not 1e20"),
        ("animation: {response: 1e20}\n", "'response' must be at most 86400 s"),
        // Issue 18: an exec with an embedded NUL showed one command and ran the part before it.
        ("bindings:\n  - gesture: hold:3\n    exec: \"echo shown\\0rm -rf run\"\n",
         "x.yaml:3:11: error: 'exec' must not contain a NUL character (\\0)"),
        ("bindings:\n  - gesture: hold:3\n    sway: \"workspace 1\\0\"\n", "'sway' must not contain a NUL character"),
    ])
    func badValuesSayWhatWasExpected(text: String, message: String) {
        do {
            _ = try Config.parse(text, file: "x.yaml")
            Issue.record("expected an error for \(text)")
        } catch {
            #expect(error.description.contains(message), "\(error.description)")
        }
    }

    @Test(arguments: [
        // The direction is decided once the scale leaves 1 ± the deadband: at 1 a pinch in could
        // never begin. Regression: the touchpad's took any positive value.
        ("settings:\n  pinch: {deadband: 1}\n",
         "x.yaml:2:21: error: 'deadband' must be at most 0.5 (a pinch's direction is decided once its scale leaves 1 ± the deadband), not 1"),
        ("bindings:\n  - gesture: pinch:2:in\n    deadband: 0.75\n    exec: a\n", "x.yaml:3:15: error: 'deadband' must be at most 0.5 "),
        ("settings:\n  pinch: {deadband: 0}\n", "x.yaml:2:21: error: 'deadband' must be above 0, not 0"),
        ("settings:\n  touch-pinch: {deadband: 0.6}\n", "x.yaml:2:27: error: 'deadband' must be at most 0.5 (a pinch's direction is decided"),
        ("bindings:\n  - gesture: touch-pinch:2\n    deadband: 2\n    exec: a\n", "x.yaml:3:15: error: 'deadband' must be at most 0.5 "),
    ])
    func aPinchDeadbandIsAtMostAHalf(text: String, message: String) {
        do {
            _ = try Config.parse(text, file: "x.yaml")
            Issue.record("expected an error for \(text)")
        } catch {
            #expect(error.description.contains(message), "\(error.description)")
        }
    }

    @Test func aPinchDeadbandUpToAHalfIsKept() throws {
        let config = try Config.parse("""
            settings: {pinch: {deadband: 0.5}, touch-pinch: {deadband: 0}}
            bindings:
              - {gesture: pinch:2:in, deadband: 0.25, exec: a}
              - {gesture: touch-pinch:2:in, deadband: 0.5, exec: b}
            """, file: "d.yaml")
        #expect(config.settings.pinch.directionDeadband == 0.5 && config.settings.touch.pinch.directionDeadband == 0)
        #expect(config.bindings[0].settings.pinch.directionDeadband == 0.25)
        #expect(config.bindings[1].settings.touch.pinch.directionDeadband == 0.5)
    }

    @Test func animationSpringsUseTheNamesOfGestoctlMotion() throws {
        let config = try Config.parse("""
            animation: {response: 0.35, damping-fraction: 0.8}
            bindings:
              - gesture: swipe:3:left
                exec: a
              - gesture: swipe:3:right
                exec: b
                animation: {duration: 0.4, bounce: -0.5}
            """, file: "a.yaml")
        #expect(abs(config.animation.response - 0.35) < 1e-12)
        #expect(abs(config.animation.dampingRatio - 0.8) < 1e-12)
        #expect(config.animation(forBinding: 0) == config.animation)
        #expect(abs(config.animation(forBinding: 1).dampingRatio - 2.0) < 1e-12)
        #expect(Config.empty.animation == .niriWindowMovement)
    }

    @Test(arguments: [
        ("animation: {stiffness: -5, damping-ratio: 1}\n", "a.yaml:1:12: error: bad animation spring"),
        ("animation: {response: 0.3, stiffness: 100}\n", "bad animation spring"),
        ("animation: {springiness: 3}\n", "unknown key 'springiness'"),
        ("animation: fast\n", "'animation' must be a mapping of spring options"),
    ])
    func badAnimationsAreLocatedErrors(text: String, message: String) {
        do {
            _ = try Config.parse(text, file: "a.yaml")
            Issue.record("expected an error")
        } catch {
            #expect(error.description.contains(message), "\(error.description)")
        }
    }

    @Test func windowMotionDecodesWithDefaultsAndItsBindingsSpring() throws {
        let config = try Config.parse("""
            bindings:
              - gesture: swipe:4
                mode: continuous
                window-motion: {snap: [left, right], scale: 1.5}
                animation: {damping-ratio: 1, stiffness: 600}
              - gesture: swipe:3:up
                mode: continuous
                window-motion:
              - gesture: pinch:2
                mode: continuous
                window-motion: {snap: [back]}
            """, file: "w.yaml")
        #expect(config.bindings[2].action == .windowMotion(WindowMotionAction(snaps: [.back])))
        #expect(config.bindings[0].action == .windowMotion(WindowMotionAction(snaps: [.left, .right], scale: 1.5)))
        #expect(config.bindings[0].action.key == "window-motion")
        #expect(config.animation(forBinding: 0).stiffness == 600)
        #expect(config.bindings[1].action == .windowMotion(WindowMotionAction()))
        #expect(WindowMotionAction().snaps == [.left, .right, .maximize, .back])
        #expect(config.animation(forBinding: 1) == .niriWindowMovement)
    }

    @Test(arguments: [
        ("bindings:\n  - gesture: hold:3\n    mode: continuous\n    window-motion: {}\n",
         "w.yaml:4:5: error: 'window-motion' follows the fingers: it needs a swipe (moves the window) or a pinch (scales it) in continuous mode"),
        ("bindings:\n  - gesture: touch-pinch:2\n    mode: continuous\n    window-motion: {}\n",
         "not touch-pinch:2 in continuous mode"),
        ("bindings:\n  - gesture: swipe:4\n    window-motion: {}\n",
         "w.yaml:3:5: error: 'window-motion' follows the fingers: it needs a swipe (moves the window) or a pinch (scales it) in continuous mode (e.g. 'gesture: swipe:4' or 'gesture: pinch:2' with 'mode: continuous'), not swipe:4 in on-end mode"),
        ("bindings:\n  - gesture: swipe:4\n    mode: continuous\n    window-motion: {snap: [left, top]}\n",
         "w.yaml:4:34: error: unknown snap target 'top'"),
        ("bindings:\n  - gesture: swipe:4\n    mode: continuous\n    window-motion: {snap: []}\n",
         "'snap' needs at least one target"),
        ("bindings:\n  - gesture: swipe:4\n    mode: continuous\n    window-motion: {scale: -1}\n",
         "'scale' must be above 0"),
        ("bindings:\n  - gesture: swipe:4\n    mode: continuous\n    window-motion: {snaps: [left]}\n",
         "unknown key 'snaps' (expected snap, scale); did you mean 'snap'?"),
        ("bindings:\n  - gesture: swipe:4\n    mode: continuous\n    window-motion: left\n",
         "'window-motion' must be a mapping"),
    ])
    func badWindowMotionsAreLocatedErrors(text: String, message: String) {
        do {
            _ = try Config.parse(text, file: "w.yaml")
            Issue.record("expected an error for \(text)")
        } catch {
            #expect(error.description.contains(message), "\(error.description)")
        }
    }

    @Test func emptyFileIsTheEmptyConfig() throws {
        let config = try Config.parse("", file: "e.yaml")
        #expect(config.bindings.isEmpty)
        #expect(config.makeRecognizerGroups().groups[0].settings.longPress.dragEnabled)
    }

    @Test func longPressDragIsOnlyRecognizedWhenSomethingUsesIt() throws {
        let swipesOnly = try Config.parse("bindings:\n  - gesture: swipe:3:left\n    exec: a\n", file: "a.yaml")
        #expect(!swipesOnly.makeRecognizerGroups().groups[0].settings.longPress.dragEnabled)
        let withDrag = try Config.parse("bindings:\n  - gesture: long-press-drag:3\n    exec: a\n", file: "b.yaml")
        #expect(withDrag.makeRecognizerGroups().groups[0].settings.longPress.dragEnabled)
        let forced = try Config.parse("settings:\n  long-press: {then-drag: true}\nbindings:\n  - gesture: swipe:3:left\n    exec: a\n", file: "c.yaml")
        #expect(forced.makeRecognizerGroups().groups[0].settings.longPress.dragEnabled)
        #expect(forced.warnings.isEmpty)
    }

    // Issue 40 item 3: `drag` meant the long-press-drag setting and the pointer drag; the
    // setting is `then-drag` now, and its old spelling is read as before with a warning.
    @Test func theOldSpellingOfThenDragIsReadAsBeforeWithAWarningNamingTheNewOne() throws {
        let old = try Config.parse("settings:\n  long-press: {drag: true}\nbindings:\n  - gesture: swipe:3:left\n    exec: a\n", file: "c.yaml")
        #expect(old.makeRecognizerGroups().groups[0].settings.longPress.dragEnabled)
        #expect(old.warnings.map(\.description) == ["c.yaml:2:16: warning: 'drag' in 'long-press' is now spelled 'then-drag' (whether a rest then a "
                                                    + "swipe is a long-press-drag; 'drag' names only the pointer drag): read as before, rename it"])
        let touch = try Config.parse("settings:\n  touch-long-press:\n    drag: false\nbindings: []\n", file: "t.yaml")
        #expect(!touch.settings.touch.longPress.dragEnabled)
        #expect(touch.warnings.map(\.description).first?.hasPrefix("t.yaml:3:5: warning: 'drag' in 'touch-long-press' is now spelled 'then-drag'") == true)
        let new = try Config.parse("settings:\n  touch-long-press:\n    then-drag: false\nbindings: []\n", file: "t.yaml")
        #expect(!new.settings.touch.longPress.dragEnabled && new.warnings.isEmpty)
    }

    // Issue 15 item 7: config errors that lost the user.

    @Test(arguments: [
        ("bindings:\n  - gesture: swipe:3:left\n    exce: a\n", "x.yaml:3:5: error: unknown key 'exce'", "did you mean 'exec'?"),
        ("bindings:\n  - gesture: swipe:3:left\n    kyes: super+Right\n", "x.yaml:3:5: error: unknown key 'kyes'", "did you mean 'keys'?"),
        ("bindings:\n  - gesture: swipe:3:left\n    mdoe: continuous\n    exec: a\n", "x.yaml:3:5: error: unknown key 'mdoe'", "did you mean 'mode'?"),
        ("bindings:\n  - gestrue: swipe:3:left\n    exec: a\n", "x.yaml:2:5: error: unknown key 'gestrue'", "did you mean 'gesture'?"),
        ("bindings:\n  - gesture: pinch:2:in\n    exce: a\n", "x.yaml:3:5: error: unknown key 'exce'", "did you mean 'exec'?"),
        ("bindings:\n  - gesture: hold:3\n    mdoe: on-threshold\n    exec: a\n", "x.yaml:3:5: error: unknown key 'mdoe'", "did you mean 'mode'?"),
        ("bindings:\n  - gesture: long-press:3\n    kyes: a\n", "x.yaml:3:5: error: unknown key 'kyes'", "did you mean 'keys'?"),
        ("bindings:\n  - gesture: swipe:3:left\n    treshold: 9\n    exec: a\n", "x.yaml:3:5: error: unknown key 'treshold'", "did you mean 'threshold'?"),
        ("bindings:\n  - gesture: hold:3\n    minimum-duraton: 1\n    exec: a\n", "x.yaml:3:5: error: unknown key 'minimum-duraton'", "did you mean 'minimum-duration'?"),
    ])
    func aTypoInABindingIsNamedWithTheBindingKeysAndItsOverrides(text: String, located: String, suggestion: String) {
        do {
            _ = try Config.parse(text, file: "x.yaml")
            Issue.record("expected an error for \(text)")
        } catch {
            #expect(error.errors.count == 1, "\(error.description)")
            #expect(error.description.contains(located), "\(error.description)")
            #expect(error.description.contains(suggestion), "\(error.description)")
            // The expected keys are the binding's, then its gesture kind's overrides.
            #expect(error.description.contains("expected gesture, mode, app, animation, consume, exec, keys"), "\(error.description)")
            #expect(!error.description.contains("has no action"), "\(error.description)")
        }
    }

    @Test func overridesOfEachKindStillDecode() throws {
        let config = try Config.parse("""
            bindings:
              - gesture: hold:3
                minimum-duration: 1.5
                exec: a
              - gesture: long-press:3
                duration: 0.6
                tolerance: 4
                exec: b
            """, file: "o.yaml")
        #expect(config.bindings[0].settings.hold.minimumDuration == 1.5)
        #expect(config.bindings[1].settings.longPress.minimumDuration == 0.6)
        #expect(config.bindings[1].settings.longPress.maximumDistance.deltaUnits == 4)
        #expect(throws: ConfigErrors.self) {
            try Config.parse("bindings:\n  - gesture: long-press:3\n    drag: true\n    exec: a\n", file: "d.yaml")
        }
    }

    @Test func aBadExecSaysSoAndNotAlsoHasNoAction() {
        for text in ["bindings:\n  - gesture: swipe:3:left\n    exec: \" \"\n",
                     "bindings:\n  - gesture: swipe:3:left\n    exec: [a, b]\n"] {
            do {
                _ = try Config.parse(text, file: "e.yaml")
                Issue.record("expected an error for \(text)")
            } catch {
                #expect(error.errors.count == 1, "\(error.description)")
                #expect(error.description.contains("e.yaml:3:11: error: 'exec'"), "\(error.description)")
                #expect(!error.description.contains("has no action"), "\(error.description)")
            }
        }
    }

    @Test func aTabIndentIsNamedAtItsLineAndColumn() {
        for (text, location) in [("bindings:\n\t- gesture: swipe:3:left\n\t  exec: a\n", "t.yaml:2:1"),
                                 ("bindings:\n  - gesture: swipe:3:left\n  \t exec: a\n", "t.yaml:3:3")] {
            do {
                _ = try Config.parse(text, file: "t.yaml")
                Issue.record("expected an error for \(text)")
            } catch {
                #expect(error.errors.count == 1, "\(error.description)")
                #expect(error.description.hasPrefix("\(location): error: YAML does not allow TAB for indentation; use spaces"),
                        "\(error.description)")
            }
        }
    }

    /// Issue 32 item 7: `exec: notify-send title: body` got libyaml's bare "mapping values are
    /// not allowed"; the error now names the common cause and the fix.
    @Test func anUnquotedCommandWithAColonSaysToQuoteIt() {
        do {
            _ = try Config.parse("bindings:\n  - gesture: swipe:3:left\n    exec: notify-send title: body\n", file: "q.yaml")
            Issue.record("expected a syntax error")
        } catch {
            #expect(error.description.hasPrefix("q.yaml:3:28: error: YAML syntax: mapping values are not allowed in this context"), "\(error.description)")
            #expect(error.description.contains("a value with `: ` inside, such as a command, must be quoted"), "\(error.description)")
        }
    }

    @Test func duplicateBindingsAreAWarningNamingBothPlaces() throws {
        // A repeat is how one gesture runs two actions, so it loads; but it is named.
        let config = try Config.parse("""
            bindings:
              - gesture: swipe:3:left
                exec: a
              - gesture: swipe:3:right
                exec: b
              - gesture: swipe:3:left
                keys: super+Left
            """, file: "d.yaml")
        #expect(config.bindings.count == 3)
        #expect(config.warnings.map(\.description) == [
            "d.yaml:6:5: warning: duplicate binding: swipe:3:left in on-end mode for every app is also bound at d.yaml:2:5: "
            + "both actions run on every such gesture (remove one if that is not meant)"])
    }

    @Test func bindingsThatDifferInModeAppOrSettingsAreNotDuplicates() throws {
        let config = try Config.parse("""
            bindings:
              - gesture: swipe:3:left
                exec: a
              - gesture: swipe:3:left
                app: foot
                exec: b
              - gesture: swipe:3:left
                mode: continuous
                exec: c
              - gesture: long-press:3
                exec: d
              - gesture: long-press:3
                duration: 1.2
                exec: e
            """, file: "n.yaml")
        #expect(config.bindings.count == 5)
        #expect(config.warnings.isEmpty)
    }
}

/// The YAML builder's cost is linear in the input (issue 18, item 3): appending to an open
/// collection copied its array, and each key was compared with every earlier key, so these
/// took minutes. The limit only catches that quadratic cost again; it is not a speed test.
@Suite(.timeLimit(.minutes(1))) struct YAMLBuilderScalingTests {
    @Test func aListOfThreeHundredThousandItemsBuildsInLinearTime() throws {
        let text = "[" + String(repeating: "1, ", count: 300_000) + "1]\n"
        guard case .sequence(let items, _) = try YAMLNode.parse(text, file: "long.yaml") else {
            Issue.record("expected a list"); return
        }
        #expect(items.count == 300_001)
    }

    @Test func aMappingOfOneHundredThousandKeysBuildsInLinearTime() throws {
        var text = ""
        for index in 0..<100_000 { text += "k\(index): \(index)\n" }
        guard case .mapping(let entries, _) = try YAMLNode.parse(text, file: "wide.yaml") else {
            Issue.record("expected a mapping"); return
        }
        #expect(entries.count == 100_000)
        #expect(entries[99_999].key == "k99999" && entries[99_999].keyLocation.line == 100_000)
        do {
            _ = try YAMLNode.parse(text + "k7: again\n", file: "wide.yaml")
            Issue.record("a duplicate key was accepted")
        } catch {
            #expect(error.description == "wide.yaml:100001:1: duplicate key 'k7' (first given at line 8)")
        }
    }
}

// Issue 19: the commitment rule's constants are settings, range-checked, overridable per binding.
@Suite struct CommitmentSettingsTests {
    @Test func commitSettingsParseGloballyAndPerBinding() throws {
        let config = try Config.parse("""
            settings:
              swipe: {commit-velocity: 1800, commit-window: 0.03}
              pinch: {commit-dominance: 2}
            bindings:
              - {gesture: swipe:3, mode: on-threshold, commit-velocity: 0, exec: a}
              - {gesture: rotate:2, mode: on-threshold, commit-dominance: 3, commit-window: 0, exec: b}
              - {gesture: pinch:2:in, mode: on-threshold, exec: c}
            """, file: "c.yaml")
        #expect(config.settings.swipe.commitVelocity.deltaUnits == 1800 && config.settings.swipe.commitWindow == 0.03)
        #expect(config.bindings[0].settings.swipe.commitVelocity.deltaUnits == 0 && config.bindings[0].settings.swipe.commitWindow == 0.03)
        #expect(config.bindings[1].settings.rotate.commitDominance == 3 && config.bindings[1].settings.rotate.commitWindow == 0)
        #expect(config.bindings[2].settings.pinch.commitDominance == 2)
        #expect(RecognizerSettings().swipe.commitVelocity.deltaUnits == 2500 && RecognizerSettings().pinch.commitWindow == 0.016)
        #expect(RecognizerSettings().pinch.commit == .lift && RecognizerSettings().touch.pinch.commit == .lift)
    }

    @Test(arguments: [
        ("settings:\n  swipe: {commit-window: 3}\n", "c.yaml:2:26: error: 'commit-window' must be at most 2 s, not 3"),
        ("settings:\n  swipe: {commit-velocity: -1}\n", "c.yaml:2:28: error: 'commit-velocity' must be at least 0, not -1"),
        ("settings:\n  swipe: {commit-velocity: 9000}\n", "'commit-velocity' must be at most 8000 units/s"),
        ("settings:\n  pinch: {commit-dominance: 101}\n", "'commit-dominance' must be at most 100, not 101"),
        ("settings:\n  pinch: {commit: soon}\n", "c.yaml:2:19: error: 'commit' must be early (when the pinch is clear) or lift (at its end), not 'soon'"),
        ("bindings:\n  - {gesture: pinch:2, commit-velocity: 1, exec: a}\n", "unknown key 'commit-velocity'"),
        ("bindings:\n  - {gesture: hold:2, commit-window: 1, exec: a}\n", "unknown key 'commit-window'"),
    ])
    func outOfRangeCommitSettingsAreErrorsWithTheirPlace(text: String, message: String) {
        do {
            _ = try Config.parse(text, file: "c.yaml")
            Issue.record("expected an error for \(text)")
        } catch {
            #expect(error.description.contains(message), "\(error.description)")
        }
    }
}

/// Issue 41: libinput never reports a two-finger touchpad swipe (two fingers moving together
/// are a scroll), so `swipe:2` bindings loaded silently and never fired.
@Suite struct GesturesLibinputNeverMakesTests {
    @Test func twoFingerSwipesAndDragsAreWarningsNamingWhatToBind() throws {
        let config = try Config.parse("""
            bindings:
              - gesture: swipe:2:left
                exec: a
              - gesture: swipe:2
                mode: continuous
                exec: b
              - gesture: long-press-drag:2
                exec: c
            """, file: "s.yaml")
        #expect(config.bindings.count == 3)
        #expect(config.warnings.map(\.location.line) == [2, 4, 7])
        let first = config.warnings.first?.description ?? ""
        #expect(first.hasPrefix("s.yaml:2:5: warning: swipe:2:left never fires from a touchpad: libinput reports two fingers "
                                + "moving together as scrolling, never as a swipe"), "\(first)")
        #expect(first.contains("bind swipe:3") && first.contains("pinch:2") && first.contains("hold:2")
                && first.contains("touch-swipe:2"))
        #expect(config.warnings.last?.description.contains("long-press-drag:3") == true)
    }

    @Test func twoFingerPinchesRotationsHoldsAndTouchscreenSwipesAreReal() throws {
        let config = try Config.parse("""
            bindings:
              - {gesture: pinch:2:in, exec: a}
              - {gesture: rotate:2:clockwise, exec: b}
              - {gesture: hold:2, exec: c}
              - {gesture: long-press:2, exec: d}
              - {gesture: touch-swipe:2:left, exec: e}
              - {gesture: touch-long-press-drag:2, exec: f}
              - {gesture: swipe:3:left, exec: g}
            """, file: "r.yaml")
        // (The touchscreen ones have their own warning: the app under the finger gets them too.)
        #expect(!config.warnings.contains { $0.message.contains("touchpad") }, "\(config.warnings)")
    }
}
