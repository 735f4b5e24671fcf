// Loads the motion reference vectors (Tests/Fixtures/motion-vectors.json) for the Motion*Tests.
// Tests may use Foundation; the library may not.

import Foundation

/// A JSON value from the fixture, with the few accessors the tests need.
struct JSON: @unchecked Sendable {
    let raw: Any

    subscript(key: String) -> JSON { JSON(raw: (raw as? [String: Any])?[key] as Any) }
    subscript(index: Int) -> JSON { JSON(raw: (raw as! [Any])[index]) }
    var array: [JSON] { ((raw as? [Any]) ?? []).map { JSON(raw: $0) } }
    var double: Double {
        if let number = raw as? NSNumber { return number.doubleValue }
        fatalError("not a number: \(raw)")
    }
    var optionalDouble: Double? { (raw as? NSNumber)?.doubleValue }
    var string: String { raw as? String ?? "" }
}

/// The parsed fixture, loaded once.
let motionVectors: JSON = {
    let here = URL(fileURLWithPath: #filePath)
    let root = here.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let url = root.appendingPathComponent("Tests/Fixtures/motion-vectors.json")
    let data = try! Data(contentsOf: url)
    return JSON(raw: try! JSONSerialization.jsonObject(with: data))
}()
