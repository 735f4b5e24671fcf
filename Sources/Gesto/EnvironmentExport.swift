// gesto_recognized_environment (since 0.2): the GESTO_* variables gestod gives an `exec`
// command, for a host that runs the commands itself, so the names and the formatting of the
// values live once, in GestoCore's GestureEnvironment.

import CGestoABI
import GestoCore

/// The report phase of a record's phase and cancel reason.
private func reportPhase(_ phase: UInt32, _ reason: UInt32) -> RecognizerPhase? {
    switch phase {
    case GESTO_PHASE_ARMING.rawValue: return .arming
    case GESTO_PHASE_BEGAN.rawValue: return .began
    case GESTO_PHASE_CHANGED.rawValue: return .changed
    case GESTO_PHASE_ENDED.rawValue: return .ended
    case GESTO_PHASE_FAILED.rawValue: return .failed
    case GESTO_PHASE_CANCELLED.rawValue:
        switch reason {
        case GESTO_CANCEL_END_OF_INPUT.rawValue: return .cancelled(.endOfInput)
        case GESTO_CANCEL_FINGER_COUNT_CHANGED.rawValue: return .cancelled(.fingerCountChanged)
        case GESTO_CANCEL_PREEMPTED.rawValue: return .cancelled(.preempted)
        case GESTO_CANCEL_TIMEOUT.rawValue: return .cancelled(.timeout)
        default: return .cancelled(.cancelledByLibinput)
        }
    default: return nil
    }
}

@_cdecl("gesto_recognized_environment")
public func gestoRecognizedEnvironment(_ gesture: UnsafePointer<gesto_recognized>?, _ buffer: UnsafeMutablePointer<CChar>?,
                                       _ size: UnsafeMutablePointer<Int>?) -> Int32 {
    reporting { () throws(ExportError) in
        let function = "gesto_recognized_environment"
        guard let gesture, let size else { throw .invalid("\(function): gesture or size is NULL") }
        let record = try recognizedRecord(gesture, in: function)
        guard let namePointer = record.name, let text = String(validatingCString: namePointer),
              let name = try? GestureName(parsing: text) else {
            throw .invalid("\(function): gesture->name is not a gesture in binding syntax")
        }
        guard let phase = reportPhase(record.phase, record.cancel_reason) else {
            throw .invalid("\(function): gesture->phase \(record.phase) is not an enum gesto_phase")
        }
        let values = [record.translation_x, record.translation_y, record.velocity_x, record.velocity_y,
                      record.scale, record.angle, record.progress]
        guard values.allSatisfy(\.isFinite) else { throw .invalid("\(function): a value of gesture is not finite") }
        let report = RecognizedGesture(
            name: name, phase: phase, time: try timestamp(record.time_usec, "gesture->time_usec", in: function),
            translation: Vector2(record.translation_x, record.translation_y),
            velocity: Vector2(record.velocity_x, record.velocity_y),
            scale: record.scale, angle: record.angle, progress: record.progress)
        var bytes: [UInt8] = []
        for (variable, value) in report.environment {
            bytes += Array(variable.utf8) + [UInt8(ascii: "=")] + Array(value.utf8) + [0]
        }
        bytes.append(0)
        guard let buffer, size.pointee >= bytes.count else {
            let room = bytes.count
            size.pointee = room
            throw ExportError(status: GESTO_ERROR_BUFFER_TOO_SMALL.rawValue,
                              message: "\(function): the variables need \(room) bytes")
        }
        bytes.withUnsafeBytes { UnsafeMutableRawPointer(buffer).copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
        size.pointee = bytes.count
        return GESTO_OK.rawValue
    }
}
