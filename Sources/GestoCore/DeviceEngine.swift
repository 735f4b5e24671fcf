// One device's recognizers, composed from that device's rows of one table (DeviceEngine.table),
// as DESIGN.md says: every device runs the same kinds of recognizer in the same order (taps,
// holds, long presses, long-press-drags, swipes, pinches with rotations), each slot fed only
// where the device's rows name it, and a row may name the recognizer that claims the slot's
// strokes first (SwiftUI's `exclusively(before:)`). The compositions, as the table gives them:
//   touchscreen: tap (double-tap before tap) · touch-long-press · touch-long-press-drag ·
//                edge-swipe.exclusively(before: touch-swipe) ·
//                touch-pinch.simultaneously(with: touch-rotate)
//   touchpad:    hold · long-press · long-press-drag.exclusively(before: swipe) ·
//                pinch-as-swipe.exclusively(before: pinch.simultaneously(with: rotate))
// Each slot is a concrete type (no `any Recognizer`: a hot path touches concrete types, STYLE.md
// §0). Pure: GestureEngine hands it its device's samples and every deadline.

/// The recognizers one device runs, composed from its rows of ``table``.
struct DeviceEngine: Sendable {
    /// A kind of recognizer a device's engine may run, in the order of their reports.
    enum Slot: Sendable, Hashable, CaseIterable {
        case taps, holds, longPresses, longPressDrags, swipes, pinches

        /// The gestures the slot's own recognizers report.
        var kinds: [GestureName.Kind] {
            switch self {
            case .taps: [.tap, .doubleTap]
            case .holds: [.hold]
            case .longPresses: [.longPress]
            case .longPressDrags: [.longPressDrag]
            case .swipes: [.swipe]
            case .pinches: [.pinch, .rotate]
            }
        }
    }

    /// One row of ``table``: a slot a device's engine runs, and the gesture whose recognizer
    /// claims the slot's strokes first, if any (`claim.exclusively(before: slot)`: the slot's
    /// reports count only if the claim fails).
    struct Row: Sendable {
        let device: ContactDevice
        let slot: Slot
        let claim: StrokeClaim.Kind?

        init(_ device: ContactDevice, _ slot: Slot, claim: StrokeClaim.Kind? = nil) {
            self.device = device
            self.slot = slot
            self.claim = claim
        }

        /// Every gesture the row's recognizers report: the claim's, then the slot's.
        var kinds: [GestureName.Kind] { (claim.map { [$0.gesture] } ?? []) + slot.kinds }
    }

    /// How every device's recognizers are composed: the one table the engines, their families
    /// (``GestureEngine/Families``) and the names in a trace come from. Together its rows report
    /// every row of ``GestureName/catalogue``. A device's rows are in ``Slot``'s order; the
    /// devices are in the order their reports come when one input (a deadline, the end of input)
    /// reaches both: the touchscreen's first.
    static let table: [Row] = [
        Row(.touchscreen, .taps),
        Row(.touchscreen, .longPresses),
        Row(.touchscreen, .longPressDrags),
        // An edge swipe is a swipe from a screen edge: it claims the stroke before the swipe.
        Row(.touchscreen, .swipes, claim: .edgeSwipe),
        Row(.touchscreen, .pinches),
        Row(.touchpad, .holds),
        // A long press then a move of the same fingers is a drag, not a swipe.
        Row(.touchpad, .longPresses),
        Row(.touchpad, .swipes, claim: .longPressDrag),
        // libinput reports some three- and four-finger swipes as pinches that never scale.
        Row(.touchpad, .pinches, claim: .pinchSwipe),
    ]

    /// The device whose samples the engine judges.
    let device: ContactDevice
    /// The slots the device's rows fill: only they are fed. (Every slot holds its recognizer,
    /// idle where it is not fed, so each is read and fed in place: an optional's payload is
    /// copied out to be read.)
    private let runs: SlotSet

    private var taps: TapRecognizer
    private var holds: HoldRecognizer
    private var longPresses: LongPressRecognizer
    private var longPressDrags: LongPressDragRecognizer
    private var swipes: ExclusiveRecognizer<StrokeClaim, SwipeRecognizer>
    private var pinches: ExclusiveRecognizer<StrokeClaim, SimultaneousRecognizer<PinchRecognizer, RotateRecognizer>>

    /// Makes `device`'s engine from `rows` (its rows of ``table``) with the given thresholds (a
    /// touchscreen's are `settings.touch`'s).
    init(device: ContactDevice, rows: [Row], settings: RecognizerSettings) {
        self.device = device
        let longPress: LongPressSettings, swipe: SwipeSettings, pinch: PinchSettings, rotate: RotateSettings
        /// Whether a long press reports while the fingers move on (a touchpad's), or acts while
        /// they still rest (SwiftUI's shape, a touchscreen's).
        let longPressContinues: Bool
        switch device {
        case .touchpad:
            (longPress, swipe, pinch, rotate) = (settings.longPress, settings.swipe, settings.pinch, settings.rotate)
            longPressContinues = true
        case .touchscreen:
            (longPress, swipe, pinch, rotate) = (settings.touch.longPress, settings.touch.swipe, settings.touch.pinch,
                                                 settings.touch.rotate)
            longPressContinues = false
        }
        var runs = SlotSet()
        var swipeClaim: StrokeClaim.Kind? = nil, pinchClaim: StrokeClaim.Kind? = nil
        for row in rows {
            precondition(row.device == device, "DeviceEngine.table: a \(row.device) row for a \(device)")
            runs.insert(row.slot)
            switch row.slot {
            case .swipes: swipeClaim = row.claim
            case .pinches: pinchClaim = row.claim
            case .taps, .holds, .longPresses, .longPressDrags:
                precondition(row.claim == nil, "DeviceEngine.table: no claim before \(row.slot)")
            }
        }
        self.runs = runs
        taps = TapRecognizer(settings: settings.touch)
        holds = HoldRecognizer(settings: settings.hold)
        longPresses = LongPressRecognizer(settings: longPress, device: device, continuous: longPressContinues)
        longPressDrags = LongPressDragRecognizer(settings: longPress, device: device)
        let claims = StrokeClaim(longPressDrag: LongPressDragRecognizer(settings: longPress, device: device),
                                 edgeSwipe: EdgeSwipeRecognizer(settings: swipe, margin: settings.touch.edgeMargin),
                                 pinchSwipe: PinchSwipeRecognizer(swipe: swipe, pinch: pinch), claim: nil)
        swipes = claims.claiming(swipeClaim, before: .swipes)
            .exclusively(before: SwipeRecognizer(settings: swipe, device: device))
        pinches = claims.claiming(pinchClaim, before: .pinches)
            .exclusively(before: PinchRecognizer(settings: pinch, device: device)
                .simultaneously(with: RotateRecognizer(settings: rotate, device: device)))
    }

    /// The earliest time a recognizer needs a deadline input, or nil: stored as each input is
    /// handled (only an input changes it), so a sample of another device does not read this
    /// device's recognizers.
    private(set) var nextDeadline: Timestamp? = nil

    /// Stores ``nextDeadline`` from the recognizers (a slot that does not run stays idle).
    /// Mutating, so the recognizers are read in place, not from a copy of the engine.
    private mutating func storeNextDeadline() {
        nextDeadline = taps.nextDeadline.earliest(holds.nextDeadline).earliest(longPresses.nextDeadline)
            .earliest(longPressDrags.nextDeadline).earliest(swipes.nextDeadline).earliest(pinches.nextDeadline)
    }

    /// True while any gesture is in progress.
    var isActive: Bool {
        taps.isActive || holds.isActive || longPresses.isActive || longPressDrags.isActive || swipes.isActive
            || pinches.isActive
    }

    /// Every recognizer's state, in ``Slot``'s order, with the kind a trace names it by: its
    /// gesture's keyword on the device (`swipe`, `touch-swipe`); a swipe reported as pinch
    /// events is `pinch-swipe`.
    var traceStates: [(kind: String, state: RecognizerTraceState)] {
        func keyword(_ kind: GestureName.Kind) -> String { GestureName.keyword(kind, on: device) }
        var states: [(kind: String, state: RecognizerTraceState)] = []
        if runs.contains(.taps) { states.append((keyword(.tap), taps.traceState)) }
        if runs.contains(.holds) { states.append((keyword(.hold), holds.traceState)) }
        if runs.contains(.longPresses) { states.append((keyword(.longPress), longPresses.traceState)) }
        if runs.contains(.longPressDrags) { states.append((keyword(.longPressDrag), longPressDrags.traceState)) }
        if runs.contains(.swipes) {
            swipes.first.appendTraceStates(to: &states, keyword: keyword)
            states.append((keyword(.swipe), swipes.second.traceState))
        }
        if runs.contains(.pinches) {
            pinches.first.appendTraceStates(to: &states, keyword: keyword)
            states.append((keyword(.pinch), pinches.second.first.traceState))
            states.append((keyword(.rotate), pinches.second.second.traceState))
        }
        return states
    }

    /// Feeds one input (a sample of ``device``, a deadline, the end of input) to every slot, in
    /// ``Slot``'s order, and calls `emit` for every report.
    mutating func handle(_ input: RecognizerInput, emit: (RecognizedGesture) -> Void,
                         diagnose: (RecognizerDiagnostic) -> Void) {
        defer { storeNextDeadline() }
        if runs.contains(.taps) { taps.handle(input, emit: emit, diagnose: diagnose) }
        if runs.contains(.holds) { holds.handle(input, emit: emit, diagnose: diagnose) }
        // The long press watches the same holds: their anomalies are the hold recognizer's to report.
        if runs.contains(.longPresses) { longPresses.handle(input, emit: emit) }
        if runs.contains(.longPressDrags) { longPressDrags.handle(input, emit: emit) }
        if runs.contains(.swipes) {
            swipes.handle(input, emit: { update in
                switch update.value {
                case .first(let claimed): emit(RecognizedGesture(update.phase, claimed))
                case .second(let swipe): emit(RecognizedGesture(update.phase, swipe))
                }
            }, diagnose: diagnose)
        }
        guard runs.contains(.pinches) else { return }
        pinches.handle(input, emit: { update in
            switch update.value {
            case .first(let swipe):
                // The pinch-as-swipe claim only speaks once it is a swipe; its failure is the
                // signal that releases the pinch, not an outcome of its own.
                if update.phase != .failed { emit(RecognizedGesture(update.phase, swipe)) }
            case .second(let both):
                if let pinch = both.first { emit(pinch) }
                if let rotation = both.second { emit(rotation) }
            }
        }, diagnose: diagnose)
    }
}

/// The slots of a ``DeviceEngine`` that run.
struct SlotSet: Sendable {
    private var bits: UInt8 = 0

    mutating func insert(_ slot: DeviceEngine.Slot) { bits |= Self.bit(slot) }
    func contains(_ slot: DeviceEngine.Slot) -> Bool { bits & Self.bit(slot) != 0 }

    private static func bit(_ slot: DeviceEngine.Slot) -> UInt8 {
        switch slot {
        case .taps: 1 << 0
        case .holds: 1 << 1
        case .longPresses: 1 << 2
        case .longPressDrags: 1 << 3
        case .swipes: 1 << 4
        case .pinches: 1 << 5
        }
    }
}

/// The recognizer a row of ``DeviceEngine/table`` names to claim its slot's strokes first: the
/// one of its recognizers that `claim` names is fed (none: it never claims, and the slot's
/// reports pass as they come). The others stay idle; each is a stored value, fed in place.
struct StrokeClaim: Recognizer {
    typealias Value = GestureValue

    var longPressDrag: LongPressDragRecognizer
    var edgeSwipe: EdgeSwipeRecognizer
    var pinchSwipe: PinchSwipeRecognizer
    /// Which of the recognizers claims.
    enum Kind: Sendable, Hashable {
        /// A long press then a move of the same fingers (`long-press-drag`), before a swipe.
        case longPressDrag
        /// A stroke from a screen edge (`edge-swipe`), before a swipe.
        case edgeSwipe
        /// A swipe libinput reported as pinch events (`swipe`), before a pinch.
        case pinchSwipe

        /// The gesture the claiming recognizer reports.
        var gesture: GestureName.Kind {
            switch self {
            case .longPressDrag: .longPressDrag
            case .edgeSwipe: .edgeSwipe
            case .pinchSwipe: .swipe
            }
        }
    }

    /// The recognizer that claims, or nil: none does.
    let claim: Kind?

    /// The same recognizers with `claim` the one that claims `slot`'s strokes.
    func claiming(_ claim: Kind?, before slot: DeviceEngine.Slot) -> StrokeClaim {
        switch (claim, slot) {
        case (nil, _), (.longPressDrag?, .swipes), (.edgeSwipe?, .swipes), (.pinchSwipe?, .pinches): break
        case (let claim?, _): preconditionFailure("DeviceEngine.table: no \(claim) claim before \(slot)")
        }
        return StrokeClaim(longPressDrag: longPressDrag, edgeSwipe: edgeSwipe, pinchSwipe: pinchSwipe, claim: claim)
    }

    var nextDeadline: Timestamp? {
        switch claim {
        case .longPressDrag?: longPressDrag.nextDeadline
        case .edgeSwipe?: edgeSwipe.nextDeadline
        case .pinchSwipe?: pinchSwipe.nextDeadline
        case nil: nil
        }
    }

    var isActive: Bool {
        switch claim {
        case .longPressDrag?: longPressDrag.isActive
        case .edgeSwipe?: edgeSwipe.isActive
        case .pinchSwipe?: pinchSwipe.isActive
        case nil: false
        }
    }

    mutating func handle(_ input: RecognizerInput, emit: (RecognizedGesture) -> Void,
                         diagnose: (RecognizerDiagnostic) -> Void) {
        switch claim {
        case .longPressDrag?: longPressDrag.handle(input, emit: emit)
        case .edgeSwipe?: edgeSwipe.handle(input, emit: emit, diagnose: diagnose)
        case .pinchSwipe?: pinchSwipe.handle(input, emit: emit)
        case nil: break
        }
    }

    /// Appends the claiming recognizer's state, named as ``DeviceEngine/traceStates`` says.
    func appendTraceStates(to states: inout [(kind: String, state: RecognizerTraceState)],
                           keyword: (GestureName.Kind) -> String) {
        switch claim {
        case .longPressDrag?: states.append((keyword(.longPressDrag), longPressDrag.traceState))
        case .edgeSwipe?: states.append((keyword(.edgeSwipe), edgeSwipe.traceState))
        case .pinchSwipe?: states.append(("pinch-swipe", pinchSwipe.traceState))
        case nil: break
        }
    }
}
